"""featurize.packed_strings: a list of strings packed into bytes and lengths, and back, unchanged."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

from featurize.packed_strings import pack, unpack


@given(st.lists(st.text()))
def test_unpack_gives_back_what_was_packed(strings):
    text, lengths = pack(strings)
    assert isinstance(text, bytes) and lengths.dtype.kind == "u"
    assert unpack(text, lengths) == strings


def test_lengths_take_the_smallest_type_that_holds_them():
    assert pack(["a" * 255])[1].dtype == np.uint8
    assert pack(["a" * 256, ""])[1].dtype == np.uint16


def test_lengths_that_do_not_match_the_text_are_refused():
    text, lengths = pack(["dog", "cat"])
    with pytest.raises(ValueError, match="lengths add up to 5 characters, the text has 6"):
        unpack(text, lengths - np.array([0, 1], dtype=lengths.dtype))
