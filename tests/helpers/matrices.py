"""Comparing sparse matrices exactly."""
import numpy as np


def assert_same_matrix(a, b):
    """Exactly the same CSR matrix: shape, structure and values."""
    assert a.shape == b.shape
    assert np.array_equal(a.indptr, b.indptr)
    assert np.array_equal(a.indices, b.indices)
    assert np.array_equal(a.data, b.data)


