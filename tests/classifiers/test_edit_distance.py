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
from tests.helpers.sentences import tagged


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


def test_edit_distance_filtering_costs_and_normalization():
    from classifiers.edit_distance import EditDistanceClassifier

    # punctuation in the middle is dropped and the words after it kept: one insertion of three words
    assert EditDistanceClassifier().distances([P("dog runs", "dog , cat runs")])[0] == pytest.approx(1 / 3)
    assert EditDistanceClassifier(delete_cost=1, stop_words=None).distances([P("a b c", "a")])[0] == pytest.approx(2.0)
    # normalized by hypothesis length x insert cost, or x 1 when insertions are free
    assert EditDistanceClassifier(insert_cost=0.5, stop_words=None).distances([P("x", "x y")])[0] == pytest.approx(0.5)
    free_inserts = EditDistanceClassifier(insert_cost=0, delete_cost=1, substitute_cost=3, stop_words=None)
    assert free_inserts.distances([P("x y", "x z")])[0] == pytest.approx(0.5)


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


def _fit_on_distances(monkeypatch, distances, labels):
    """An EditDistanceClassifier fitted on injected distances (one placeholder pair per distance)."""
    from classifiers.edit_distance import EditDistanceClassifier

    d = np.asarray(distances, dtype=float)
    monkeypatch.setattr(EditDistanceClassifier, "distances", lambda self, X: d[: len(X)])
    return EditDistanceClassifier().fit(list(range(len(d))), labels)


@pytest.mark.parametrize("distances, labels, threshold, accuracy, negative", [
    # cut between 0.3 and 0.9: the midpoint of the two distances either side of it
    ([0.9, 0.1, 1.0, 0.3, 0.2], ["neutral", "entailment", "neutral", "entailment", "entailment"], 0.6, 1.0, "neutral"),
    # no positives: nothing predicted positive, threshold one below the smallest distance
    ([0.5, 0.2, 0.8], ["neutral"] * 3, 0.2 - 1.0, 1.0, "neutral"),
    # only positives: everything positive, threshold at the largest distance
    ([0.5, 0.2, 0.8], ["entailment"] * 3, 0.8, 1.0, "non-entailment"),
    # noisy: best cut after the two smallest (E, E | N, E, N, N): 2 + 3 = 5 of 6
    ([0.1, 0.2, 0.4, 0.5, 0.7, 0.8], ["entailment", "entailment", "neutral", "entailment", "neutral", "neutral"],
     0.3, 5 / 6, "neutral"),
])
def test_edit_distance_threshold_by_hand(monkeypatch, distances, labels, threshold, accuracy, negative):
    model = _fit_on_distances(monkeypatch, distances, labels)
    assert model.threshold_ == pytest.approx(threshold) and model.train_accuracy_ == pytest.approx(accuracy)
    assert model.negative_label_ == negative
    predicted = model.predict(list(range(len(distances))))
    assert sum(p == g for p, g in zip(predicted, labels)) / len(labels) == pytest.approx(accuracy)


def test_edit_distance_fit_errors_and_one_pair(monkeypatch):
    with pytest.raises(ValueError, match="X has 2 pairs but y has 3 labels"):
        _fit_on_distances(monkeypatch, [0.1, 0.2], ["entailment"] * 3)
    with pytest.raises(ValueError, match="^cannot fit on no pairs$"):
        _fit_on_distances(monkeypatch, [], [])
    with pytest.raises(ValueError, match=r"\(collapse them to entailment vs not first\)$"):
        _fit_on_distances(monkeypatch, [0.1, 0.2, 0.3], ["entailment", "neutral", "contradiction"])
    assert _fit_on_distances(monkeypatch, [0.4], ["entailment"]).threshold_ == 0.4


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


def test_edit_distance_wordnet_variant_matches_words_not_tags_and_synonyms_in_their_pos():
    """Equal words match whatever their tags (an unknown word as noun and verb costs nothing); WordNet
    substitution is free only for synonyms in the words' own part of speech: *run* / *test* share a noun
    sense, not a verb one, so as verbs they cost a substitution, and *talk* / *speak* (verbs) do not."""
    from classifiers.edit_distance import EditDistanceClassifier
    from featurize.families.alignment import word_relations

    from tests.conftest import wordnet_or_skip

    wordnet_or_skip(word_relations)
    model = EditDistanceClassifier(wordnet_substitution=True)
    pairs = [Pair(tagged("they xyzzy .", "PRP NN ."), tagged("they xyzzy .", "PRP VB .")),
             Pair(tagged("they run .", "PRP VBP ."), tagged("they test .", "PRP VBP .")),
             Pair(tagged("they talk .", "PRP VBP ."), tagged("they speak .", "PRP VBP ."))]
    distances = model.distances(pairs)
    assert distances[0] == 0.0 and distances[2] == 0.0
    assert distances[1] > 0.0
