"""lexical_resources.lists.function_words: negations, quantifiers and auxiliaries, read off the module's docstring."""
import pytest

from lexical_resources.lists.function_words import AUXILIARIES, NEGATIONS, QUANTIFIERS


def test_the_words_are_lowercased_and_no_auxiliary_negates_or_counts():
    assert all(word == word.lower() for word in NEGATIONS | QUANTIFIERS | AUXILIARIES)
    assert not AUXILIARIES & (NEGATIONS | QUANTIFIERS)


@pytest.mark.parametrize("word", ["not", "n't", "never", "nowhere", "neither", "nor", "without", "cannot"])
def test_negations(word):
    assert word in NEGATIONS


@pytest.mark.parametrize("word", ["all", "every", "each", "some", "few", "several", "both", "most", "any", "only"])
def test_quantifiers_that_negate_nothing(word):
    assert word in QUANTIFIERS and word not in NEGATIONS


@pytest.mark.parametrize("word", ["dog", "be", "is", "a", "the", "very"])
def test_content_words_articles_and_forms_of_be_are_neither(word):
    assert word not in NEGATIONS and word not in QUANTIFIERS
