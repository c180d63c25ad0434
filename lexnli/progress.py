"""Progress of long steps: a tqdm bar on a terminal, log lines (logger ``"lexnli"``, INFO) elsewhere.

Every layer reports its long steps through the two functions here, so that a run is never
silent for long and reads the same everywhere:

- :func:`step` wraps one long call (a fit, saving a model): ``"description ..."`` before it and
  ``"description: done in X s"`` after;
- :func:`bar` wraps a loop (shards featurized, batches tagged, C values fitted): a tqdm bar
  when bars are shown, else a line at most every :data:`LOG_INTERVAL` seconds and one at the end;
- :func:`heartbeat` wraps one call that may be long and says nothing itself (a scikit-learn
  fit): a line every :data:`LOG_INTERVAL` seconds while it runs.

Whether bars are shown is tqdm's ``disable=None`` rule: on a terminal yes, elsewhere (a pipe, a
log file, a test) no; ``progress=True`` draws them anyway and ``progress=False`` never does. A
terminal that reports a width of 0 columns (some consoles and CI runners), where a bar would be
invisible, gets none; nor does a loop over fewer than :data:`MIN_BAR_ITEMS` pairs, over before a
bar would say anything (of a loop of unknown length, the first ones go without). Log
lines stand in for a bar that is not drawn; they are seen where logging is configured (the
experiment runner does), as any INFO line of the package. Update a bar per shard or batch, not
per pair: a step costs a clock reading, a bar's tick a few hundred nanoseconds.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time
from contextlib import contextmanager, nullcontext
from itertools import islice

from tqdm.auto import tqdm
from tqdm.contrib.logging import logging_redirect_tqdm

logger = logging.getLogger("lexnli")
#: Without a bar, a loop logs at most one line per this many seconds (and always its last).
LOG_INTERVAL = 10.0
#: The fewest items of a unit a bar is drawn for: a loop over fewer pairs logs lines instead. The
#: items of other units (folds, fits) are long enough each to be worth a bar.
MIN_BAR_ITEMS = {"pairs": 100}


def bars_shown(progress: bool | None = None) -> bool:
    """Whether tqdm bars are drawn: never on a terminal reporting 0 columns, else ``progress`` when
    given, else whether stderr is a terminal."""
    if _columns(sys.stderr) == 0:
        return False
    if progress is not None:
        return bool(progress)
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


def _columns(stream) -> int | None:
    """The width of the terminal ``stream`` writes to; None when it is none or cannot tell."""
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return None


@contextmanager
def step(description: str):
    """Log ``"description ..."``, run the block, log ``"description: done in X s"`` (nothing after an error).

    Examples
    --------
    >>> with step("saving the model"):
    ...     pass
    """
    logger.info("%s ...", description)
    start = time.perf_counter()
    yield
    logger.info("%s: done in %.1f s", description, time.perf_counter() - start)


@contextmanager
def heartbeat(description: str, interval: float = LOG_INTERVAL):
    """Log ``"description: still running after X s"`` every ``interval`` seconds while the block runs:
    nothing for a block shorter than that. For one long call that reports nothing itself (a
    scikit-learn fit); the lines come from a thread, so the call must release the GIL, as
    SAGA's loop does.

    Examples
    --------
    >>> with heartbeat("fitting"):
    ...     pass
    """
    stopped = threading.Event()
    start = time.perf_counter()

    def beat():
        while not stopped.wait(interval):
            logger.info("%s: still running after %.0f s", description, time.perf_counter() - start)

    beating = threading.Thread(target=beat, name="lexnli-heartbeat", daemon=True)
    beating.start()
    try:
        yield
    finally:
        stopped.set()
        beating.join()


class LogLines:
    """A stand-in for a tqdm bar that logs its count instead of drawing it.

    Iterating it (or calling :meth:`update`) counts items; a line ``"desc: n/total unit in X s"``
    is logged when ``interval`` seconds have passed since the last one (0: after every update;
    ``announce``: a line ``"desc ..."`` at the start too),
    and on :meth:`close` (at the end of the iteration or of a ``with`` block) one more with the
    final count, unless the last line gave it. A loop left by an error logs nothing more.
    """

    def __init__(self, iterable=None, desc: str = "", total: int | None = None, unit: str = "it",
                 interval: float = LOG_INTERVAL, announce: bool = False):
        self.iterable, self.desc, self.total, self.unit, self.interval = iterable, desc, total, unit, interval
        if total is None and hasattr(iterable, "__len__"):
            self.total = len(iterable)
        self.n = self._logged_n = 0
        self._start = self._logged = time.perf_counter()
        self._closed = False
        if announce:
            logger.info("%s ...", desc)

    def __iter__(self):
        for item in self.iterable:
            yield item
            self.update()
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *exc_info):
        if exc_type is None:
            self.close()

    def update(self, n: int = 1) -> None:
        """Count ``n`` more items; log a line if ``interval`` seconds have passed since the last."""
        self.n += n
        now = time.perf_counter()
        if now - self._logged >= self.interval:
            self._log(now)

    def close(self) -> None:
        """Log the final count, unless the last line gave it already."""
        if not self._closed:
            self._closed = True
            if self.n != self._logged_n or self.n == 0:
                self._log(time.perf_counter())

    def _log(self, now: float) -> None:
        self._logged, self._logged_n = now, self.n
        of = f"/{self.total:,}" if self.total is not None else ""
        logger.info("%s: %s%s %s in %.1f s", self.desc, f"{self.n:,}", of, self.unit, now - self._start)


def bar(iterable=None, desc: str = "", total: int | None = None, *, unit: str = "it", progress: bool | None = None,
        interval: float = LOG_INTERVAL, announce: bool = False):
    """A progress bar over ``iterable`` (or one advanced by ``update(n)``): tqdm when :func:`bars_shown`
    says so (``progress``) and there are :data:`MIN_BAR_ITEMS` items of ``unit`` or more, else
    :class:`LogLines` logging at most every ``interval`` seconds. Over an iterable of unknown length
    whose unit has a least number, it is an iterator: log lines for the first items, then a bar.

    Parameters
    ----------
    iterable : iterable, optional
        What the loop iterates; without it, call ``update(n)`` and ``close()`` (or use ``with``).
    desc : str
        What is being done, the start of every line.
    total : int, optional
        The number of items expected (default: ``len(iterable)`` where it has one).
    unit : str, default="it"
        What an item is (``"shard"``, ``"pair"``, ``"fit"``).
    progress : bool or None, default=None
        Draw a tqdm bar: None on a terminal only, True always, False never.
    interval : float, default=LOG_INTERVAL
        Without a bar, the fewest seconds between two log lines (0: one line per item).
    announce : bool, default=False
        Without a bar, also log ``"desc ..."`` at the start (for a loop whose first item is slow).

    Examples
    --------
    >>> [x for x in bar(range(3), "counting", progress=False)]
    [0, 1, 2]
    """
    if total is None and hasattr(iterable, "__len__"):
        total = len(iterable)
    fewest = MIN_BAR_ITEMS.get(unit, 0)
    if not bars_shown(progress) or (total is not None and total < fewest):
        return LogLines(iterable, desc, total, unit, interval, announce)
    if total is None and fewest and iterable is not None:
        return _bar_after(iterable, fewest, desc, unit, interval)
    return tqdm(iterable, desc=desc, total=total, unit=unit, leave=False, disable=False)


def _bar_after(iterable, fewest: int, desc: str, unit: str, interval: float):
    """Iterate ``iterable`` counting its first ``fewest`` items in log lines (:class:`LogLines`), then
    the rest with a bar: a loop that ends before is reported as one with no bar."""
    iterator = iter(iterable)
    counted = LogLines(desc=desc, unit=unit, interval=interval)
    for item in islice(iterator, fewest):
        yield item
        counted.update()
    if counted.n < fewest:
        counted.close()
        return
    yield from tqdm(iterator, desc=desc, initial=counted.n, unit=unit, leave=False, disable=False)


def logging_above_bars(progress: bool | None = None):
    """A context in which log lines are printed above the bars (tqdm's ``logging_redirect_tqdm``),
    not through them: when bars are shown (``progress`` as :func:`bar`) and the root logger prints to
    the console; otherwise a context that changes nothing."""
    console = any(isinstance(handler, logging.StreamHandler) and handler.stream in (sys.stdout, sys.stderr)
                  for handler in logging.root.handlers)
    return logging_redirect_tqdm() if console and bars_shown(progress) else nullcontext()
