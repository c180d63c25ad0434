"""A stream of batches worked on in several processes, each holding the models once, the results in order.

:func:`map_batches` is how ``lexnli predict`` and ``lexnli evaluate`` use every core on a file of
any length: this process reads the pairs and writes what comes back; worker processes featurize
and predict. The first batch is worked on here, before any worker starts: an input of one batch
(one pair from the shell) starts no process, and what the models load on first use (the tagger,
WordNet, VerbOcean, the syntax model) is loaded before the workers are forked (Linux), which
inherit it with the models. Elsewhere (``fork`` is unsafe on macOS and missing on Windows) each
worker receives the models once, pickled, when it starts, and loads the resources on first use.
At most :data:`IN_FLIGHT` batches per worker are read ahead, so memory stays flat however long the input.
"""
from __future__ import annotations

import multiprocessing
import signal
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import islice

from featurize.shards import FORK
from lexnli.errors import WorkerLostError

#: The batches read ahead per worker process: enough to keep each busy while this process writes.
IN_FLIGHT = 2

_held = None  # in a worker process: what the pool gave it when it started (see _start_worker)


def _start_worker(held) -> None:
    global _held
    _held = held
    # The default for SIGTERM: a handler inherited from this process (the CLIs' exit_on_signals)
    # would turn it into an exception the worker might outlive.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent ends the pool


def _work(function, payload):
    return function(_held, payload)


def map_batches(function, held, batches, n_jobs: int):
    """Yield ``(kept, function(held, sent))`` for each ``(kept, sent)`` of ``batches``, in order.

    ``held`` (the models) is given to each process once; ``sent`` (a batch of pairs) travels to a
    worker and its result back, ``kept`` (what goes with the batch and only this process needs:
    the input lines' fields) stays here. ``function`` is a module-level function (pickled by name).
    With ``n_jobs`` 1 everything is done here; else the first batch is, and the rest in ``n_jobs``
    worker processes, started when a second batch is read (see the module docstring).

    >>> list(map_batches(lambda held, sent: held * sent, 10, [("a", 1), ("b", 2)], n_jobs=1))
    [('a', 10), ('b', 20)]
    """
    batches = iter(batches)
    for kept, sent in islice(batches, 1 if n_jobs > 1 else None):
        yield kept, function(held, sent)
    second = next(batches, None)
    if second is None:
        return
    context = multiprocessing.get_context("fork" if FORK else None)
    with ProcessPoolExecutor(n_jobs, mp_context=context, initializer=_start_worker, initargs=(held,)) as pool:
        pending = deque()
        try:
            for kept, sent in _prepended(second, batches):
                pending.append((kept, pool.submit(_work, function, sent)))
                if len(pending) >= IN_FLIGHT * n_jobs:
                    kept, future = pending.popleft()
                    yield kept, _result(future, n_jobs)
            while pending:
                kept, future = pending.popleft()
                yield kept, _result(future, n_jobs)
        finally:  # an error, or the reader gone: what has not started is dropped
            for _, future in pending:
                future.cancel()


def _result(future, n_jobs: int):
    """``future``'s result; a worker that died first (killed, out of memory) is a :class:`WorkerLostError`."""
    try:
        return future.result()
    except BrokenProcessPool as exc:
        raise WorkerLostError(f"a worker process of the {n_jobs} ended before its batch was done (killed, or out "
                              f"of memory?): run again, with --n-jobs 1 for one process") from exc


def _prepended(first, rest):
    yield first
    yield from rest
