"""The tagger refitted on parse tags: trained from scratch here (no NLTK data needed), stored as arrays and back."""
import random

import numpy as np
import pytest

from lexnli.pos_tagger import ARRAY_NAMES, checked_tagger_arrays, tagger_arrays, train_tagger
from lexnli.tagging import BatchPerceptronTagger

SENTENCES = [
    ("A man sleeps .", "DT NN VBZ ."),
    ("A dog runs .", "DT NN VBZ ."),
    ("The woman sleeps on a bench .", "DT NN VBZ IN DT NN ."),
    ("Two men are sleeping .", "CD NNS VBP VBG ."),
    ("A child runs in the park .", "DT NN VBZ IN DT NN ."),
    ("The runs are long .", "DT NNS VBP JJ ."),
    ("A girl is awake .", "DT NN VBZ JJ ."),
]
TRAIN = [(text.split(), tags.split()) for text, tags in SENTENCES]


def tagger_from_arrays(arrays):
    """The NLTK ``PerceptronTagger`` the arrays store (the reference the stored form is checked against)."""
    from nltk.tag import PerceptronTagger

    arrays = checked_tagger_arrays(arrays)
    features, classes = arrays["features"].tolist(), arrays["classes"].tolist()
    weights = {feature: {} for feature in features}
    for row, column, value in zip(arrays["weight_feature"].tolist(), arrays["weight_class"].tolist(),
                                  arrays["weight_value"].tolist()):
        weights[features[row]][classes[column]] = value
    tagger = PerceptronTagger(load=False)
    tagger.model.weights, tagger.model.classes, tagger.classes = weights, set(classes), set(classes)
    tagger.tagdict = dict(zip(arrays["tagdict_words"].tolist(), arrays["tagdict_tags"].tolist()))
    return tagger


@pytest.fixture(scope="module")
def tagger():
    return train_tagger(TRAIN, n_iter=8)


def test_it_learns_the_tags_it_was_trained_on(tagger):
    for tokens, tags in TRAIN:
        assert [tag for _, tag in tagger.tag(tokens)] == tags


def test_a_verb_after_a_noun_is_a_verb(tagger):
    assert [tag for _, tag in tagger.tag("A boy sleeps .".split())] == ["DT", "NN", "VBZ", "."]


def test_the_arrays_give_back_the_same_tagger(tagger):
    arrays = tagger_arrays(tagger)
    assert set(arrays) == set(ARRAY_NAMES)
    copy = tagger_from_arrays(arrays)
    assert copy.model.weights == tagger.model.weights
    assert copy.tagdict == tagger.tagdict
    assert copy.classes == tagger.classes
    unseen = [s.split() for s in ("The man runs on a dog .", "A bench is long .", "Two girls sleeps .")]
    assert [copy.tag(s) for s in unseen] == [tagger.tag(s) for s in unseen]


def test_the_batch_tagger_tags_as_the_stored_tagger_does(tagger):
    copy = tagger_from_arrays(tagger_arrays(tagger))
    sentences = [tokens for tokens, _ in TRAIN] + [["A", "woman", "runs", "."], ["Men", "sleep", "."]]
    expected = [tuple(t for _, t in tagger.tag(s)) for s in sentences]
    assert BatchPerceptronTagger(copy).tag_sents(sentences) == expected
    assert BatchPerceptronTagger(tagger_arrays(tagger)).tag_sents(sentences) == expected  # straight from the arrays


def test_the_weight_matrix_from_the_arrays_is_the_one_from_the_weights(tagger):
    from_weights, from_arrays = BatchPerceptronTagger(tagger), BatchPerceptronTagger(tagger_arrays(tagger))
    assert from_weights.classes == from_arrays.classes and from_weights._tagdict == from_arrays._tagdict
    assert set(from_weights._feature_row) == set(from_arrays._feature_row) == set(tagger.model.weights)
    for feature in tagger.model.weights:
        assert np.array_equal(from_weights._vector(feature), from_arrays._vector(feature)), feature


def test_training_is_deterministic_and_leaves_the_callers_random_state():
    random.seed(7)
    expected = random.random()
    random.seed(7)
    first = train_tagger(TRAIN, n_iter=3, seed=1)
    assert random.random() == expected
    assert train_tagger(TRAIN, n_iter=3, seed=1).model.weights == first.model.weights


def test_missing_arrays_are_named(tagger):
    arrays = tagger_arrays(tagger)
    del arrays["classes"], arrays["tagdict_words"]
    with pytest.raises(ValueError, match="classes, tagdict_words"):
        checked_tagger_arrays(arrays)


def test_no_sentences_is_an_error():
    with pytest.raises(ValueError, match="no sentences"):
        train_tagger([])


def test_weights_are_stored_exactly(tagger):
    arrays = tagger_arrays(tagger)
    assert arrays["weight_value"].dtype == np.float64
    assert len(arrays["weight_value"]) == sum(len(w) for w in tagger.model.weights.values())


def test_fixed_tags_are_kept_whatever_the_context():
    fixed = train_tagger(TRAIN, n_iter=8, fixed_tags={"swam": "VBD"})
    assert fixed.tagdict["swam"] == "VBD"
    sentences = [["The", "runs", "swam", "."], ["A", "swam", "sleeps", "."]]
    assert [tags[1:3] for tags in BatchPerceptronTagger(tagger_arrays(fixed)).tag_sents(sentences)] == [
        ("NNS", "VBD"), ("VBD", "VBZ")]
    plain = train_tagger(TRAIN, n_iter=8)
    assert "swam" not in plain.tagdict


def test_a_base_dictionary_word_the_training_tags_otherwise_is_learnt():
    base = train_tagger(TRAIN, n_iter=8)
    base.tagdict.update({"sleeps": "NNS", "dog": "NN"})
    refit = train_tagger(TRAIN, n_iter=8, base=base)
    assert "sleeps" not in refit.tagdict and refit.tagdict["dog"] == "NN"
    assert [tag for _, tag in refit.tag("A man sleeps .".split())] == ["DT", "NN", "VBZ", "."]
    assert base.tagdict["sleeps"] == "NNS"
