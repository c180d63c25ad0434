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
