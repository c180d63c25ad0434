"""Contiguous shards of a list of inputs, worked on in several processes that inherit the inputs.

On Linux this process and ``n_jobs - 1`` processes forked for the call take the next shard in
turn. The forked ones start with this process's memory, so the input list and whatever was
loaded (NLTK's tagger weights, lexical resources) are there without being pickled, and a task
is just a slice; only their shards' results travel back. Elsewhere (``fork`` is unsafe on macOS
and missing on Windows) ``n_jobs`` joblib workers receive each shard pickled. Contiguous shards
keep together what repeats in consecutive inputs (an SNLI premise is written on consecutive
lines), so each process's memo of tagged sentences still finds most of it.
"""
from __future__ import annotations

import multiprocessing
import pickle
import queue
import signal
import sys
from math import ceil

from joblib import Parallel, delayed

#: Whether workers are forked (where that is safe: Linux) rather than joblib's.
FORK = sys.platform.startswith("linux")
#: With several processes the shards shrink to 1/TAIL_SHARDS of one process's share at the end.
TAIL_SHARDS = 16


def shard_slices(n_items: int, shard_size: int, n_jobs: int) -> list[slice]:
    """Contiguous slices covering ``n_items`` items, at most ``shard_size`` each (near-equal sizes in one process).

    With several processes they shrink (guided scheduling): each is half of one process's share
    of the items left, but no smaller than 1/:data:`TAIL_SHARDS` of a process's share of all of
    them. The processes start on big shards and end on small ones, so the ones that finish first
    (or the parent, which starts first) wait little for the last.
    """
    if n_jobs == 1:
        n_shards = ceil(n_items / shard_size)
        bounds = [n_items * k // n_shards for k in range(n_shards + 1)] if n_shards else [0]
        return [slice(a, b) for a, b in zip(bounds, bounds[1:])]
    smallest = ceil(n_items / (n_jobs * TAIL_SHARDS))
    slices, start = [], 0
    while start < n_items:
        stop = min(n_items, start + min(shard_size, max(smallest, ceil((n_items - start) / (2 * n_jobs)))))
        slices.append(slice(start, stop))
        start = stop
    return slices


def map_slices(function, items: list, slices: list[slice], n_jobs: int):
    """``function(items[s])`` for each slice ``s``, in order, as a generator: in this process when
    ``n_jobs`` is 1 (or when this process is itself a daemonic worker, which may not start
    processes), else in ``n_jobs`` processes: this one and ``n_jobs - 1`` forked for the call,
    which inherit ``function`` and ``items`` (see :data:`FORK`; elsewhere ``n_jobs`` joblib workers).
    """
    n_jobs = min(n_jobs, len(slices))
    if n_jobs <= 1 or multiprocessing.current_process().daemon:
        return (function(items[part]) for part in slices)
    if not FORK:
        return Parallel(n_jobs=n_jobs, return_as="generator")(delayed(function)(items[part]) for part in slices)
    return _forked(function, items, slices, n_jobs)


def _forked(function, items, slices, n_jobs):
    """This process and ``n_jobs - 1`` forked ones take the next shard in turn until none is left; the
    forked ones send theirs back through a queue (pickled by a feeder thread, so they go on working)."""
    context = multiprocessing.get_context("fork")
    claimed = context.Value("l", 0)
    done = context.Queue()

    def claim():
        with claimed.get_lock():
            k = claimed.value
            claimed.value += 1
        return k

    def work():
        # The default for SIGTERM: a handler inherited from this process (the CLIs' exit_on_signals)
        # would turn it into an exception the worker might outlive.
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent ends us
        try:
            while (k := claim()) < len(slices):
                done.put((k, function(items[slices[k]])))
        except BaseException as exc:  # sent back, and raised in the parent
            done.put((None, _picklable(exc)))
        done.close()
        done.join_thread()

    workers = [context.Process(target=work, daemon=True) for _ in range(n_jobs - 1)]
    for worker in workers:
        worker.start()
    try:
        results, sent, claiming = {}, 0, True
        while sent < len(slices):
            k = claim() if claiming else len(slices)
            claiming = k < len(slices)
            if claiming:
                results[k] = function(items[slices[k]])
            elif sent not in results:
                results.update([_next_result(done, workers)])
            results.update(_received(done))  # what the workers sent meanwhile: unpickled while they work
            while sent in results:
                yield results.pop(sent)
                sent += 1
    finally:
        for worker in workers:  # done or abandoned: SIGKILL, which nothing inherited can catch
            worker.kill()
            worker.join()


def _picklable(exc: BaseException) -> BaseException:
    try:
        pickle.dumps(exc)
        return exc
    except Exception:
        return RuntimeError(f"{type(exc).__name__}: {exc}")


def _unpacked(item):
    k, result = item
    if k is None:
        raise result
    return k, result


def _received(done) -> list:
    """The (shard, result) pairs the workers sent so far, without waiting; a worker's error is raised here."""
    found = []
    while True:
        try:
            found.append(_unpacked(done.get_nowait()))
        except queue.Empty:
            return found


def _next_result(done, workers):
    """The next (shard, result) a worker sends; a worker's error is raised here, and so is a worker's death."""
    while True:
        try:
            return _unpacked(done.get(timeout=1))
        except queue.Empty:
            if any(w.exitcode not in (None, 0) for w in workers) or all(w.exitcode is not None for w in workers):
                raise RuntimeError("a worker process ended without sending its shard") from None
