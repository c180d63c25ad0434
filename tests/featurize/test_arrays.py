"""featurize.arrays.unique_inverse agrees with np.unique."""
import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from featurize.arrays import unique_inverse


@given(hnp.arrays(np.uint64, st.integers(0, 300), elements=st.integers(0, 40), unique=False))
def test_unique_inverse_is_np_unique_with_first_positions(values):
    expected, first, inverse = np.unique(values, return_index=True, return_inverse=True)
    got, got_first, got_inverse = unique_inverse(values)
    assert np.array_equal(got, expected) and np.array_equal(got_first, first)
    assert np.array_equal(got_inverse, inverse.ravel()) and np.array_equal(got[got_inverse], values)
