"""classifiers.two_class: the labels collapsed to entailment or not, the majority baseline and the
lexical-overlap classifier."""
import numpy as np
import pytest

from featurize import FAMILIES

from tests.helpers.lexical_pairs import HAND_PAIRS, LEXICAL


def test_collapse_and_classifiers(wordnet, tiny_verbocean):
    from classifiers.two_class import MajorityClassifier, OverlapClassifier, collapse, collapse_labels

    assert collapse("neutral") == collapse("contradiction") == "non-entailment"
    assert list(collapse_labels(["entailment", "non-entailment"])) == ["entailment", "non-entailment"]
    with pytest.raises(ValueError):
        collapse("-")
    pairs = [p for p in HAND_PAIRS.values()]
    labels = ["entailment", "non-entailment", "entailment", "non-entailment", "entailment", "non-entailment",
              "non-entailment"]
    assert list(MajorityClassifier().fit(pairs, labels).predict(pairs[:2])) == ["non-entailment"] * 2
    plain = OverlapClassifier().fit(pairs, labels)
    lex = OverlapClassifier(lexical_resources=True).fit(pairs, labels)
    assert len(plain.feature_names()) == 6
    assert len(lex.feature_names()) == 6 + sum(len(FAMILIES[f].columns) for f in LEXICAL[1:])
    assert lex.score(pairs, labels) >= plain.score(pairs, labels)
    assert set(lex.predict(pairs)) <= {"entailment", "non-entailment"}


def test_two_class_majority_score_and_overlap_probabilities(noisy_snli):
    """Majority accuracy is the majority label's share (hand count); probabilities agree with predict."""
    from classifiers.two_class import MajorityClassifier, OverlapClassifier, collapse_labels
    from lexnli.text import load_wordnet

    from tests.conftest import wordnet_or_skip

    train, test = noisy_snli["train"], noisy_snli["test"]
    y_train, y_test = collapse_labels(train.labels), collapse_labels(test.labels)
    majority = MajorityClassifier().fit(train.pairs, y_train)
    assert majority.score(test.pairs, y_test) == pytest.approx(list(y_test).count("non-entailment") / len(y_test))
    wordnet_or_skip(load_wordnet)
    overlap = OverlapClassifier().fit(train.pairs[:60], y_train[:60])
    probabilities = overlap.predict_proba(test.pairs[:30])
    np.testing.assert_allclose(probabilities.sum(axis=1), 1.0)
    assert list(overlap.classes_[probabilities.argmax(axis=1)]) == list(overlap.predict(test.pairs[:30]))
    assert list(overlap.classes_) == ["entailment", "non-entailment"]
    steps = overlap.pipeline_.named_steps
    assert (steps["classify"].C, steps["classify"].max_iter, steps["featurize"].n_jobs) == (1.0, 1000, None)
    assert "scale" in steps
    tuned = OverlapClassifier(C=0.25, max_iter=50, n_jobs=1).make_pipeline().named_steps
    assert (tuned["classify"].C, tuned["classify"].max_iter, tuned["featurize"].n_jobs) == (0.25, 50, 1)


def test_two_class_labels_and_weighted_majority():
    from classifiers.two_class import MajorityClassifier, collapse, collapse_labels

    assert collapse_labels(["neutral", "entailment"]).dtype == object
    with pytest.raises(ValueError, match="cannot collapse label '-' to two classes"):
        collapse("-")
    weighted = MajorityClassifier().fit([None] * 3, ["entailment", "neutral", "neutral"], sample_weight=[5, 1, 1])
    assert list(weighted.predict([None, None])) == ["entailment"] * 2
