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


@pytest.mark.parametrize("token, value", [
    ("dozen", 12), ("Hundred", 100), ("zero", 0), ("0", 0), ("2.5", 2.5), ("10,000", 10_000),
    ("ninety-nine", 99),
    ("twenty-ten", None),   # a tens word joins a unit below ten only
    ("1,00", None), ("thirty-", None),
])
def test_cardinal_words_digits_and_compounds(token, value):
    assert cardinal(token) == value


@pytest.mark.parametrize("token, value", [
    ("1st", 1), ("22nd", 22), ("Second", 2), ("twentieth", 20), ("hundredth", 100), ("ninety-ninth", 99),
    ("twenty-tenth", None), ("first-class", None), ("2", None),
])
def test_ordinal_words_digits_and_compounds(token, value):
    assert ordinal(token) == value


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("zero", "0", "number_same"), ("2", "2.0", "number_same"), ("3", "4", "number_different"),
    ("third", "3rd", "ordinal_same"), ("first", "second", "ordinal_different"),
    ("a", "one", None),   # an article is read as one by the alignment, not here
    ("two", "dogs", None),
])
def test_two_numbers_of_one_kind_are_the_same_or_different(premise, hypothesis, relation):
    assert number_relation(premise, hypothesis) == relation
