#!/usr/bin/env python
"""Run one experiment and split its wall time into featurizing, fitting and the rest.

    python benchmarks/phase_timer.py OUT.json -m experiments.inference [its arguments]

*features* is the wall time during which a :class:`featurize.PairFeaturizer` was inside ``fit``,
``fit_transform`` or ``transform`` (predicting included: a model's pipeline featurizes first);
*fits* the wall time during which scikit-learn's ``LogisticRegression.fit`` was running in some
thread (the C grid's fits run at once in threads when ``--n-jobs`` is above 1: their overlap is
counted once); the rest of the run (reading the corpora, making the augmented pairs, predicting
from the features, writing the results) is the wall time less both. The two never overlap in
lexnli's experiments, so the three add up to the run's wall time. ``OUT.json`` gets ``{"wall":
s, "features": s, "fits": s}`` when the experiment ends, whatever its exit status, which is the
timer's own.
"""
from __future__ import annotations

import functools
import json
import runpy
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # the project's packages, run from a checkout


class Phase:
    """The wall time during which at least one call of the methods :meth:`wrap` wraps was running."""

    def __init__(self):
        self.seconds = 0.0
        self._running, self._since, self._lock = 0, 0.0, threading.Lock()
        self._depth = threading.local()  # a wrapped method that calls another is one call
        self._wrapped: list[tuple] = []

    def wrap(self, cls, name: str) -> None:
        """Time ``cls.name`` until :meth:`unwrap`."""
        method = getattr(cls, name)
        self._wrapped.append((cls, name, cls.__dict__.get(name)))

        @functools.wraps(method)
        def timed(*args, **kwargs):
            depth = getattr(self._depth, "value", 0)
            if depth == 0:
                self._enter()
            self._depth.value = depth + 1
            try:
                return method(*args, **kwargs)
            finally:
                self._depth.value = depth
                if depth == 0:
                    self._leave()
        setattr(cls, name, timed)

    def unwrap(self) -> None:
        """Give the wrapped methods back to their classes."""
        for cls, name, own in reversed(self._wrapped):
            if own is None:  # it was inherited
                delattr(cls, name)
            else:
                setattr(cls, name, own)
        self._wrapped.clear()

    def _enter(self):
        with self._lock:
            if self._running == 0:
                self._since = time.perf_counter()
            self._running += 1

    def _leave(self):
        with self._lock:
            self._running -= 1
            if self._running == 0:
                self.seconds += time.perf_counter() - self._since


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 3 or argv[1] != "-m":
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    out, module, arguments = Path(argv[0]), argv[2], argv[3:]
    from sklearn.linear_model import LogisticRegression

    from featurize import PairFeaturizer
    from lexnli.io import atomic_open

    features, fits = Phase(), Phase()
    for name in ("fit", "fit_transform", "transform"):
        features.wrap(PairFeaturizer, name)
    fits.wrap(LogisticRegression, "fit")
    sys.argv = [module, *arguments]
    start, status = time.perf_counter(), 0
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit as stop:
        status = stop.code
    finally:
        features.unwrap()
        fits.unwrap()
        split = {"wall": time.perf_counter() - start, "features": features.seconds, "fits": fits.seconds}
        with atomic_open(out, "w", encoding="utf-8") as f:
            json.dump(split, f)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
