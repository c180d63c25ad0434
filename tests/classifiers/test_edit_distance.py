"""EDITS-style edit distance: hand-computed distances, costs, filtering, threshold learning, WordNet variant.

Pairs are built from explicit tokens and tags (no tagger needed); only the WordNet variant needs
the WordNet data, and skips without it.
"""
import numpy as np
import pytest

from classifiers.edit_distance import STOP_WORDS, EditDistanceClassifier, edit_distance
from featurize import Pair, Sentence
from lexnli.errors import ResourceMissingError

from tests.conftest import shared_file  # noqa: F401  (sets up NLTK_DATA)


def S(text: str, tags: str | None = None) -> Sentence:
    tokens = tuple(text.split())
    return Sentence(text=text, tokens=tokens, tags=tuple(tags.split()) if tags else ("NN",) * len(tokens))


def P(premise, hypothesis, ptags=None, htags=None) -> Pair:
    return Pair(S(premise, ptags), S(hypothesis, htags))


# ---- the distance itself ----------------------------------------------------------------

@pytest.mark.parametrize("source, target, costs, expected", [
    ("a b", "a b", {}, 0),            # all matches
    ("a b", "a c", {}, 1),            # one substitution (or a free delete + an insert)
    ("", "x y", {}, 2),               # two insertions
    ("x y z", "", {}, 0),             # deletions are free by default
    ("x y z", "", {"delete_cost": 1}, 3),
    ("cat", "dog", {"substitute_cost": 0.5}, 0.5),
    ("cat", "dog", {"substitute_cost": 3}, 1),   # cheaper: delete (0) + insert (1)
    ("cat", "dog", {"substitute_cost": 3, "delete_cost": 1}, 2),
    ("a b c d", "b d", {}, 0),        # the hypothesis is a subsequence: only free deletions
    ("b a", "a b", {}, 1),            # order matters: keep one, insert (or substitute) the other
    ("kitten", "sitting", {"insert_cost": 1, "delete_cost": 1}, 3),  # the classic, by characters
])
def test_hand_computed_distances(source, target, costs, expected):
    split = list if source == "kitten" else str.split
    assert edit_distance(split(source), split(target), **costs) == pytest.approx(expected)


def test_free_substitution_hook():
    free = lambda s, t: (s, t) == ("dog", "animal")  # noqa: E731
    assert edit_distance(["dog", "runs"], ["animal", "runs"], free_substitution=free) == 0
    assert edit_distance(["animal", "runs"], ["dog", "runs"], free_substitution=free) == 1  # directed


# ---- normalized distances of pairs --------------------------------------------------------

def test_normalized_by_hypothesis_length_after_filtering():
    model = EditDistanceClassifier()
    d = model.distances([
        P("A man is sleeping on the couch .", "A man is sleeping ."),   # [man sleeping couch] -> [man sleeping]
        P("A man is sleeping .", "A woman is running ."),                # 2 substitutions / 2
        P("A man is sleeping .", "A man is running fast ."),             # [man sleeping] -> [man running fast]: 2 / 3
        P("A man .", "It is ."),                                         # nothing left of H: 0
    ])
    np.testing.assert_allclose(d, [0, 1, 2 / 3, 0])


def test_case_is_ignored_unless_asked():
    pair = P("A MAN Sleeps", "a man sleeps")
    assert EditDistanceClassifier().distances([pair])[0] == 0
    assert EditDistanceClassifier(lowercase=False).distances([pair])[0] == 1  # "MAN", "Sleeps" differ


def test_stop_words_and_punctuation_are_dropped():
    pair = P("The man is in the car .", "A man was at a car !")
    assert {"the", "a", "is", "was", "in", "at"} <= STOP_WORDS
    assert EditDistanceClassifier().distances([pair])[0] == 0
    # Keeping every word: H = a man was at a car (6 tokens, "!" still dropped); only man and car
    # can match, so the 4 others cost 1 each: 4 / 6.
    assert EditDistanceClassifier(stop_words=None).distances([pair])[0] == pytest.approx(4 / 6)
    # Keeping punctuation too: "." can be substituted by "!" (1) -> 5 / 7.
    model = EditDistanceClassifier(stop_words=None, drop_punctuation=False)
    assert model.distances([pair])[0] == pytest.approx(5 / 7)


def test_costs_change_the_distance_and_are_validated():
    pair = P("dog runs", "cat runs")
    assert EditDistanceClassifier(substitute_cost=0.25).distances([pair])[0] == pytest.approx(0.125)
    # Normalized by |H| * insert cost: inserting the whole hypothesis scores 1 whatever the cost.
    assert EditDistanceClassifier(insert_cost=2, substitute_cost=2).distances([P("x", "cat runs")])[0] == 1
    with pytest.raises(ValueError, match="insert_cost"):
        EditDistanceClassifier(insert_cost=-1).distances([pair])


def test_negations_are_kept():
    assert "not" not in STOP_WORDS and "no" not in STOP_WORDS
    assert EditDistanceClassifier().distances([P("a man sleeps", "a man does not sleep")])[0] > 0


# ---- threshold learning -----------------------------------------------------------------

def toy_set():
    pairs = [P("man sleeps couch", "man sleeps"), P("woman runs park", "woman runs"),
             P("dog barks loudly", "dog barks"), P("kid plays ball", "kid ball"),
             P("man sleeps", "woman dances"), P("dog barks", "cat meows"),
             P("kid plays", "kid swims happily"), P("woman runs", "man jumps")]
    labels = ["entailment"] * 4 + ["non-entailment"] * 4
    return pairs, labels


def test_threshold_separates_the_toy_set():
    pairs, labels = toy_set()
    model = EditDistanceClassifier().fit(pairs, labels)
    # Distances: entailed 0, 0, 0, 0; others 1, 1, 2/3, 1 -> best cut midway between 0 and 2/3.
    assert model.threshold_ == pytest.approx(1 / 3)
    assert model.train_accuracy_ == 1.0
    assert list(model.classes_) == ["entailment", "non-entailment"]
    assert list(model.predict(pairs)) == labels
    assert model.score(pairs, labels) == 1.0
    assert list(model.predict([P("cat meows loudly", "cat meows"), P("cat meows", "dog flies")])) == [
        "entailment", "non-entailment"]


def test_threshold_maximizes_accuracy_with_noise_and_ties():
    pairs, labels = toy_set()
    # Make one entailed pair look far (distance 1) and add a close non-entailed pair.
    pairs = pairs + [P("man sleeps", "woman dances"), P("man sleeps couch", "man sleeps")]
    labels = labels + ["entailment", "non-entailment"]
    model = EditDistanceClassifier().fit(pairs, labels)
    # Sorted distances: five 0s (4 E, 1 N), 2/3 (N), four 1s (3 N, 1 E). Cut after the 0s: 4 + 4 = 8 of 10.
    assert model.threshold_ == pytest.approx(1 / 3)
    assert model.train_accuracy_ == pytest.approx(0.8)


def test_all_one_class_when_no_cut_helps():
    pairs = [P("a b", "a b"), P("a b", "c d"), P("a b", "a d")]
    model = EditDistanceClassifier().fit(pairs, ["non-entailment"] * 3)
    assert list(model.predict(pairs)) == ["non-entailment"] * 3
    model = EditDistanceClassifier().fit(pairs, ["entailment"] * 3)
    assert list(model.predict(pairs)) == ["entailment"] * 3


def test_three_labels_are_refused():
    pairs, _ = toy_set()
    with pytest.raises(ValueError, match="two-class"):
        EditDistanceClassifier().fit(pairs[:3], ["entailment", "neutral", "contradiction"])


def test_accepts_string_pairs():
    try:
        model = EditDistanceClassifier().fit([("A man sleeps.", "A man sleeps."), ("A man sleeps.", "A cat flies.")],
                                             ["entailment", "non-entailment"])
    except ResourceMissingError as exc:
        pytest.skip(str(exc))
    assert model.predict([("A dog barks.", "A dog barks.")])[0] == "entailment"


# ---- the WordNet variant ------------------------------------------------------------------

@pytest.fixture
def wordnet_ok():
    from lexical_resources import get_wordnet

    try:
        get_wordnet()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))


def test_wordnet_synonym_and_hypernym_substitutions_are_free(wordnet_ok):
    hypernym = P("A dog is running", "An animal is running", "DT NN VBZ VBG", "DT NN VBZ VBG")
    synonym = P("A man rides a bike", "A man rides a bicycle", "DT NN VBZ DT NN", "DT NN VBZ DT NN")
    hyponym = P("An animal is running", "A dog is running", "DT NN VBZ VBG", "DT NN VBZ VBG")
    unrelated = P("A dog is running", "A car is running", "DT NN VBZ VBG", "DT NN VBZ VBG")
    pairs = [hypernym, synonym, hyponym, unrelated]
    np.testing.assert_allclose(EditDistanceClassifier().distances(pairs), [1 / 2, 1 / 3, 1 / 2, 1 / 2])
    np.testing.assert_allclose(EditDistanceClassifier(wordnet_substitution=True).distances(pairs),
                               [0, 0, 1 / 2, 1 / 2])


def test_wordnet_substitution_needs_the_same_part_of_speech(wordnet_ok):
    # "animal" tagged as an adjective is not compared with the noun "dog".
    pair = P("A dog is running", "An animal is running", "DT NN VBZ VBG", "DT JJ VBZ VBG")
    assert EditDistanceClassifier(wordnet_substitution=True).distances([pair])[0] == pytest.approx(1 / 2)
