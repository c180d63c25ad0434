"""featurize.arrays.sorted_unique and unique_inverse agree with np.unique."""
import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from featurize.arrays import sorted_unique, unique_inverse


@given(hnp.arrays(st.sampled_from([np.int64, np.uint64]), st.integers(0, 300),
                  elements=st.integers(0, 2**62), unique=False))
def test_sorted_unique_is_np_unique(values):
    expected, counts = np.unique(values, return_counts=True)
    assert np.array_equal(sorted_unique(values), expected)
    got, got_counts = sorted_unique(values, return_counts=True)
    assert np.array_equal(got, expected) and np.array_equal(got_counts, counts) and got.dtype == values.dtype


def test_sorted_unique_of_repeats_and_empty():
    values, counts = sorted_unique(np.array([5, 1, 5, 5, 3, 1], dtype=np.int64), return_counts=True)
    assert values.tolist() == [1, 3, 5] and counts.tolist() == [2, 1, 3]
    empty, none = sorted_unique(np.zeros(0, dtype=np.uint64), return_counts=True)
    assert len(empty) == 0 and len(none) == 0


@given(hnp.arrays(np.uint64, st.integers(0, 300), elements=st.integers(0, 40), unique=False))
def test_unique_inverse_is_np_unique_with_first_positions(values):
    expected, first, inverse = np.unique(values, return_index=True, return_inverse=True)
    got, got_first, got_inverse = unique_inverse(values)
    assert np.array_equal(got, expected) and np.array_equal(got_first, first)
    assert np.array_equal(got_inverse, inverse.ravel()) and np.array_equal(got[got_inverse], values)
