"""Sorting helpers for the vectorized paths."""
from __future__ import annotations

import numpy as np


def unique_inverse(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique(values, return_index=True, return_inverse=True)``: the sorted distinct values, the
    first position of each in ``values``, and for each value the index of its distinct value.

    By one stable sort and a mask, without the extra work ``np.unique`` does for its other
    options, which made it a bottleneck of featurizing (docs/RESULTS.md).
    """
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    first = np.empty(len(ordered), dtype=bool)
    first[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    inverse = np.empty(len(values), dtype=np.intp)
    inverse[order] = np.cumsum(first) - 1
    return ordered[first], order[first], inverse
