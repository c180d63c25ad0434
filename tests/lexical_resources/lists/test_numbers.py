"""lexical_resources.lists.numbers: cardinals and ordinals in digits and words, and how two tokens compare as
numbers (compounds led by a number too). Expected values are read off the module's docstrings and tables."""
import pytest

from lexical_resources.lists.numbers import cardinal, number_relation, ordinal


@pytest.mark.parametrize("token, value", [("3", 3), ("three", 3), ("twenty-one", 21), ("1,000", 1000), ("dog", None)])
def test_cardinals(token, value):
    assert cardinal(token) == value


@pytest.mark.parametrize("token, value", [("3rd", 3), ("third", 3), ("twenty-first", 21), ("thirds", None)])
def test_ordinals(token, value):
    assert ordinal(token) == value


def test_number_relation_needs_two_numbers_of_one_kind():
    assert number_relation("two", "second") is None
    assert number_relation("dog", "two") is None


def test_compounds_led_by_numbers_compare_as_their_numbers():
    assert number_relation("two-story", "three-story") == "number_different"
    assert number_relation("3-year-old", "three-year-old") == "number_same"
    assert number_relation("first-class", "second-class") == "ordinal_different"
    assert number_relation("5-year-old", "5-foot") is None  # different compounds
    assert number_relation("x-ray", "5-year-old") is None
