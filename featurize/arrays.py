"""Sorting helpers for the vectorized paths."""
from __future__ import annotations

import numpy as np


def sorted_unique(values: np.ndarray, return_counts: bool = False):
    """``np.unique(values)`` (and the counts) by one sort and a mask.

    Same result as ``np.unique``, without the extra work ``np.unique`` does for its other
    options, which made it the bottleneck of CSR assembly (docs/RESULTS.md).
    """
    ordered = np.sort(values)
    first = np.empty(len(ordered), dtype=bool)
    first[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    unique = ordered[first]
    if not return_counts:
        return unique
    return unique, np.diff(np.append(np.flatnonzero(first), len(ordered)))


def unique_inverse(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique(values, return_index=True, return_inverse=True)``: the sorted distinct values, the
    first position of each in ``values``, and for each value the index of its distinct value; by one
    stable sort and a mask, as :func:`sorted_unique`."""
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    first = np.empty(len(ordered), dtype=bool)
    first[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    inverse = np.empty(len(values), dtype=np.intp)
    inverse[order] = np.cumsum(first) - 1
    return ordered[first], order[first], inverse
