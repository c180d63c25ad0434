"""The one-word substitution rules, rule by rule, on hand-picked tagged sentences.

Expectations come from the rules' definitions (classifiers/augmentation/substitutions.py) and from what a
reader knows of the words (*tall* / *short*, *two* / *three*), not from the code's output. The
word rules need NLTK's WordNet (skipped without it); the sentence-level rules and ``apply`` do not.
"""
import pytest

from classifiers.augmentation.substitutions import (Substitution, SubstitutionFinder, _negation, _plural, _role_swap,
                                                    apply)
from lexnli.records import Sentence

from tests.conftest import wordnet_or_skip

NUMBERS = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
ORDINALS = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}


@pytest.fixture(scope="module")
def finder():
    from lexnli.text import load_wordnet

    return wordnet_or_skip(lambda: SubstitutionFinder(load_wordnet()))


def found(finder, text: str, tags: str, rule: str, word: str | None = None) -> set[str]:
    """The replacements rule ``rule`` offers in the sentence (for ``word`` only, if given)."""
    return {c.replacement for c in finder.candidates(text.split(), tags.split())
            if c.rule == rule and (word is None or c.original == word)}


def test_number_words_become_every_other_number_word_from_two_to_ten(finder):
    assert found(finder, "two dogs run .", "CD NNS VBP .", "number") == NUMBERS - {"two"}


def test_digits_stay_digits(finder):
    assert found(finder, "3 dogs run .", "CD NNS VBP .", "number") == {str(v) for v in range(2, 11)} - {"3"}


def test_numbers_outside_two_to_ten_are_left_alone(finder):
    assert found(finder, "twenty dogs run .", "CD NNS VBP .", "number") == set()


def test_ordinals_become_every_other_ordinal(finder):
    assert found(finder, "the first runner wins .", "DT JJ NN VBZ .", "ordinal") == ORDINALS - {"first"}


def test_antonyms_of_adjectives_and_nouns(finder):
    assert "short" in found(finder, "a tall man stands .", "DT JJ NN VBZ .", "antonym", "tall")
    assert "woman" in found(finder, "a tall man stands .", "DT JJ NN VBZ .", "antonym", "man")


def test_function_like_adjectives_have_no_antonym_swap(finder):
    assert found(finder, "the other man stands .", "DT JJ NN VBZ .", "antonym", "other") == set()


def test_colours_swap_for_colours_not_already_in_the_sentence(finder):
    colours = found(finder, "a red and blue car .", "DT JJ CC JJ NN .", "colour", "red")
    assert {"green", "yellow"} <= colours
    assert "blue" not in colours and "red" not in colours  # "red and blue" -> "blue and blue" says less
    assert not colours & {"car", "tall", "color", "colour"}


def test_a_noun_modifying_a_noun_is_not_replaced(finder):
    assert finder.candidates("a police officer runs .".split(), "DT NN NN VBZ .".split()) == []


@pytest.mark.parametrize("word", ["not", "no", "nobody", "every", "some"])
def test_sentences_with_a_negation_or_quantifier_are_skipped(finder, word):
    tokens = ["a", "tall", "man", "is", "sleeping", word, "."]
    assert finder.candidates(tokens, ["DT", "JJ", "NN", "VBZ", "VBG", "RB", "."]) == []


def test_a_plural_tagged_word_with_no_noun_form_is_not_replaced(finder):
    # "flew" mis-tagged NNS has no noun base ("fly" is a verb base of it): the noun rule offers nothing,
    # though "fly" as a noun (the insect) would have siblings and hypernyms.
    assert finder.candidates(["the", "flew", "."], ["DT", "NNS", "."]) == []


def test_plural_nouns_are_replaced_by_plurals(finder):
    assert found(finder, "the boy plays .", "DT NN VBZ .", "antonym", "boy") == {"girl"}
    assert found(finder, "the boys play .", "DT NNS VBP .", "antonym", "boys") == {"girls"}


def test_irregular_plural_nouns_are_replaced_by_plurals(finder):
    # WordNet's morphy keeps "men" and "teeth" (lemmas of their own): the singular is read from the plural table.
    assert found(finder, "tall men stand .", "JJ NNS VBP .", "antonym", "men") == {"women"}
    assert found(finder, "the women sing .", "DT NNS VBP .", "antonym", "women") == {"men"}


@pytest.mark.parametrize("word, plural", [("dog", "dogs"), ("box", "boxes"), ("church", "churches"),
                                          ("baby", "babies"), ("boy", "boys"), ("man", "men"), ("stairs", "stairs")])
def test_plural(word, plural):
    assert _plural(word) == plural


@pytest.mark.parametrize("word, plural", [
    ("dog", "dogs"), ("man", "men"), ("goose", "geese"), ("stairs", "stairs"), ("box", "boxes"), ("waltz", "waltzes"),
    ("church", "churches"), ("dish", "dishes"), ("baby", "babies"), ("boy", "boys"), ("key", "keys"),
])
def test_plural_of_a_substituted_noun(word, plural):
    """The English plural a co-hyponym takes when it replaces a plural noun (no WordNet needed)."""
    from classifiers.augmentation.substitutions import _plural

    assert _plural(word) == plural


# ---- sentence-level rules (no WordNet needed) -------------------------------------------------

def sentence(text: str, tags: str) -> Sentence:
    return Sentence(text=text, tokens=tuple(text.split()), tags=tuple(tags.split()))


def test_negation_goes_after_is_before_a_verb_in_ing():
    s = sentence("A man is sleeping on a bench .", "DT NN VBZ VBG IN DT NN .")
    (negation,) = _negation([t.lower() for t in s.tokens], s.tags)
    assert (negation.index, negation.replacement) == (2, "not")
    assert apply(s, negation).text == "A man is not sleeping on a bench."
    assert negation.label == "contradiction"


def test_no_negation_without_a_progressive():
    assert _negation(["a", "man", "is", "tall", "."], ["DT", "NN", "VBZ", "JJ", "."]) == []


def test_role_swap_trades_subject_and_object_with_their_articles():
    s = sentence("A dog bites an old man .", "DT NN VBZ DT JJ NN .")
    (swap,) = _role_swap([t.lower() for t in s.tokens], s.tags)
    assert (swap.index, swap.other) == (1, 5)
    assert apply(s, swap).text == "A man bites an old dog."


@pytest.mark.parametrize("text, tags", [
    ("a dog bites a police officer .", "DT NN VBZ DT NN NN ."),  # the object is a compound
    ("a dog bites a dog .", "DT NN VBZ DT NN ."),                # the same word
    ("a dog bites men .", "DT NN VBZ NNS ."),                    # different tags: dog/NN, men/NNS
    ("a dog is bitten by a man .", "DT NN VBZ VBN IN DT NN ."),  # passive: no main verb in active voice
    ("a dog and a cat chase a man .", "DT NN CC DT NN VBP DT NN ."),  # two nouns before the verb
    ("a dog bites the", "DT NN VBZ DT"),                         # the sentence ends before any object
])
def test_no_role_swap(text, tags):
    assert _role_swap(text.split(), tags.split()) == []


def test_apply_keeps_capitals_and_fixes_the_article():
    s = sentence("An apple is on a table .", "DT NN VBZ IN DT NN .")
    assert apply(s, Substitution(1, "apple", "pear", "cohyponym")).text == "A pear is on a table."
    assert apply(s, Substitution(5, "table", "oven", "cohyponym")).text == "An apple is on an oven."
    assert apply(s, Substitution(5, "table", "oven", "cohyponym")).tokens[4] == "an"
    assert Substitution(1, "apple", "fruit", "hypernym").label == "entailment"


def test_nationalities_swap_for_other_countries_nationalities(finder):
    swaps = found(finder, "a german man walks .", "DT JJ NN VBZ .", "nationality", "german")
    assert {"french", "italian", "japanese", "american", "mexican"} <= swaps
    assert "german" not in swaps and "european" not in swaps and "asian" not in swaps  # continents are no countries
    # two names of one country are not a swap
    assert "soviet" not in found(finder, "a russian man walks .", "DT JJ NN VBZ .", "nationality", "russian")
    assert found(finder, "an asian man walks .", "DT JJ NN VBZ .", "nationality") == set()


@pytest.mark.parametrize("text, tags, word", [
    ("the german shepherd dog plays .", "DT JJ NN NN VBZ .", "german"),
    ("a japanese maple tree grows .", "DT JJ NN NN VBZ .", "japanese"),
    ("a native american man walks .", "DT JJ JJ NN VBZ .", "american"),
    # the name at the start of the sentence: its first word, and the word after it
    ("german shepherd dogs play .", "JJ NN NNS VBP .", "german"),
    ("native american men walk .", "JJ JJ NNS VBP .", "american"),
])
def test_a_nationality_inside_a_name_is_not_swapped(finder, text, tags, word):
    assert found(finder, text, tags, "nationality", word) == set()


def test_only_spelled_out_ordinals_up_to_tenth_are_replaced(finder):
    assert found(finder, "the 3rd runner wins .", "DT JJ NN VBZ .", "ordinal") == set()
    assert found(finder, "the twentieth runner wins .", "DT JJ NN VBZ .", "ordinal") == set()


def test_a_noun_before_a_noun_keeps_its_antonym_to_itself(finder):
    assert found(finder, "the boy scout plays .", "DT NN NN VBZ .", "antonym", "boy") == set()
    assert found(finder, "the boy plays .", "DT NN VBZ .", "antonym", "boy") == {"girl"}


def test_words_naming_people_and_distinct_siblings(finder):
    from classifiers.augmentation.substitutions import _distinct_siblings, _names_people

    # the docstring's examples name people; *wooden* has no noun sense at all
    assert all(_names_people(finder.wn, word) for word in ("male", "female", "young"))
    assert not _names_people(finder.wn, "wooden")
    # "a parent of depth 6 or more": apple.n.01's parents are edible_fruit (depth 9) and pome (depth 6)
    apple = finder.wn.synset("apple.n.01")
    assert sorted(p.min_depth() for p in apple.hypernyms()) == [6, 9] and _distinct_siblings(apple)
    coffee = finder.wn.synset("coffee.n.01")  # under beverage, depth 5
    assert not _distinct_siblings(coffee)


def test_apply_joins_possessives_and_contractions():
    sentence = Sentence(text="the man 's dog does n't run .",
                        tokens=("the", "man", "'s", "dog", "does", "n't", "run", "."),
                        tags=("DT", "NN", "POS", "NN", "VBZ", "RB", "VB", "."))
    assert apply(sentence, Substitution(3, "dog", "cat", "antonym")).text == "the man's cat doesn't run."


def test_substituted_pairs_stop_at_the_rule_cap(finder):
    from classifiers.augmentation.substitutions import substituted_pairs

    premises = [Sentence(text=f"{n} dogs run .", tokens=(n, "dogs", "run", "."), tags=("CD", "NNS", "VBP", "."))
                for n in ("two", "three", "four", "five", "six")]
    made = substituted_pairs(premises, finder, per_rule={"number": 2}, rules=("number",))
    assert [rule for _, rule in made] == ["number", "number"]  # 2 of the 5 premises, the cap


def test_cohyponyms_of_animals_and_foods(finder):
    assert found(finder, "the horse is here .", "DT NN VBZ RB .", "cohyponym", "horse") == {"mule"}
    assert found(finder, "the orange is here .", "DT NN VBZ RB .", "cohyponym", "orange") == {"lemon"}
    assert found(finder, "the orange is here .", "DT NN VBZ RB .", "hypernym", "orange") == {"fruit"}


def test_synonyms_and_hypernym_of_a_noun(finder):
    assert found(finder, "the sofa is here .", "DT NN VBZ RB .", "synonym", "sofa") == {"couch"}
    assert found(finder, "the sofa is here .", "DT NN VBZ RB .", "hypernym", "sofa") == {"furniture"}
    assert found(finder, "the car is here .", "DT NN VBZ RB .", "synonym", "car") == {"auto", "automobile"}


def test_candidates_keep_a_role_swap_whose_words_are_in_the_sentence(finder):
    """A role swap's replacement is the object, already in the sentence: unlike a word rule's, it is kept."""
    swaps = [c for c in finder.candidates("a dog bites a man .".split(), "DT NN VBZ DT NN .".split())
             if c.rule == "role_swap"]
    assert [(c.original, c.replacement) for c in swaps] == [("dog", "man")]


def test_a_finder_that_read_other_sentences_finds_what_a_fresh_one_finds(finder):
    """The finder remembers each word's substitutions (by word, tag and whether a noun follows) and which
    word pairs are collocations: a word met again in another role gets what a fresh finder gives it."""
    sentences = [("a car door opens .", "DT NN NN VBZ ."), ("a red car stops .", "DT JJ NN VBZ ."),
                 ("the cars stop .", "DT NNS VBP ."), ("the red is bright .", "DT NN VBZ JJ ."),
                 ("a german shepherd runs .", "DT JJ NN VBZ ."), ("a german man runs .", "DT JJ NN VBZ .")]
    shared = SubstitutionFinder(finder.wn)
    for text, tags in sentences + sentences[::-1]:
        assert shared.candidates(text.split(), tags.split()) == SubstitutionFinder(finder.wn).candidates(
            text.split(), tags.split())
    # the sentences test the remembering: one word, other roles, other substitutions
    assert found(finder, *sentences[0], "synonym", "car") == set() and found(finder, *sentences[1], "synonym", "car")
    assert found(finder, *sentences[3], "colour") == set() and found(finder, *sentences[1], "colour")
    assert found(finder, *sentences[4], "nationality") == set() and found(finder, *sentences[5], "nationality")
