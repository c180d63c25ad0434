"""featurize.arrays.sorted_unique agrees with np.unique."""
import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from featurize.arrays import sorted_unique


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
