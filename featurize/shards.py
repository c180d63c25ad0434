"""Contiguous shards of a list of inputs, worked on in worker processes that inherit the inputs.

On Linux the workers are forked for the call: they start with the parent's memory, so the input
list and whatever the parent loaded (NLTK's tagger weights, lexical resources) are there without
being pickled, and a task is just a slice; only each shard's result travels back. Elsewhere
(``fork`` is unsafe on macOS and missing on Windows) joblib's workers receive each shard pickled.
Contiguous shards keep together what repeats in consecutive inputs (an SNLI premise is written
on consecutive lines), so each worker's memo of tagged sentences still finds most of it.
"""
from __future__ import annotations

import multiprocessing
import sys
from math import ceil

from joblib import Parallel, delayed

#: Whether workers are forked (where that is safe: Linux) rather than joblib's.
FORK = sys.platform.startswith("linux")
#: Shards per process at least: when one process gets less of the CPU (a shared machine), the
#: others take over its remaining shards.
SHARDS_PER_JOB = 2

_inherited = None  # (function, items) in a forked worker


def _receive(function, items) -> None:
    global _inherited
    _inherited = function, items


def _work(part: slice):
    function, items = _inherited
    return function(items[part])


def shard_slices(n_items: int, shard_size: int, n_jobs: int) -> list[slice]:
    """Contiguous slices covering ``n_items`` items: at most ``shard_size`` items each, and with
    several processes at least :data:`SHARDS_PER_JOB` per process, of near-equal sizes."""
    n_shards = ceil(n_items / shard_size)
    if n_jobs > 1:
        n_shards = min(max(n_shards, SHARDS_PER_JOB * n_jobs), n_items)
    bounds = [n_items * k // n_shards for k in range(n_shards + 1)] if n_shards else [0]
    return [slice(a, b) for a, b in zip(bounds, bounds[1:])]


def map_slices(function, items: list, slices: list[slice], n_jobs: int):
    """``function(items[s])`` for each slice ``s``, in order, as a generator: in this process when
    ``n_jobs`` is 1 (or when this process is itself a daemonic worker, which may not start
    processes), else in ``n_jobs`` worker processes (forked ones given ``function`` and ``items``
    once, see :data:`FORK`).
    """
    n_jobs = min(n_jobs, len(slices))
    if n_jobs <= 1 or multiprocessing.current_process().daemon:
        return (function(items[part]) for part in slices)
    if not FORK:
        return Parallel(n_jobs=n_jobs, return_as="generator")(delayed(function)(items[part]) for part in slices)
    return _forked(function, items, slices, n_jobs)


def _forked(function, items, slices, n_jobs):
    with multiprocessing.get_context("fork").Pool(n_jobs, initializer=_receive, initargs=(function, items)) as pool:
        yield from pool.imap(_work, slices)
