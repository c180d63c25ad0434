"""classifiers.explain: what pushes a prediction and the top-weighted features of each class.

A feature's push is its value times its weight for the label, centred over the classes: the pushes
and the top features are recounted from ``coef_`` with numpy, on a model whose weights are shifted
by one offset per column (which changes no prediction, only an uncentred explanation). Hashed
columns whose names collide are named together; the alignments are the model's view of the words.
"""
import copy

import numpy as np
import pytest

from classifiers.explain import centered_weights, explain, top_features
from classifiers.feature_words import feature_words
from classifiers.logistic import make_model
from lexnli.records import Pair
from lexnli.text import make_sentence

from tests.helpers.sentences import tagged


def _pair(premise: str, hypothesis: str) -> Pair:
    tags = {"A": "DT", "a": "DT", "the": "DT", "is": "VBZ", "in": "IN", ".": "."}

    def parse(text):
        return "(ROOT (S " + " ".join(f"({tags.get(t, 'NN')} {t})" for t in text.split()) + "))"
    return Pair(premise=make_sentence(premise, parse(premise)), hypothesis=make_sentence(hypothesis, parse(hypothesis)))


def _shifted(model, seed=0):
    """A copy of ``model`` whose weights get one random offset per column shared by all classes.

    Softmax probabilities only depend on differences between class scores, so the copy predicts
    exactly as the original; only uncentered explanations would change.
    """
    shifted = copy.deepcopy(model)
    classifier = shifted.named_steps["classify"]
    classifier.coef_ = classifier.coef_ + np.random.default_rng(seed).normal(0, 1, classifier.coef_.shape[1])
    return shifted


def test_explain_contributions_from_coef(noisy_lexicalized, noisy_snli):
    model = _shifted(noisy_lexicalized)
    pair = noisy_snli["test"][0]
    np.testing.assert_allclose(model.predict_proba([pair]), noisy_lexicalized.predict_proba([pair]))
    x = model[:-1].transform([pair]).toarray()[0]
    coef = model.named_steps["classify"].coef_
    classes = list(model.named_steps["classify"].classes_)
    for label in classes:
        push = x * (coef[classes.index(label)] - coef.mean(axis=0))
        expected = np.sort(push[x != 0])[::-1][:6]
        got = [e.push for e in explain(model, pair, k=6, label=label)]
        np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-12)
        # the shared offsets push nothing: the unshifted model explains the pair identically
        np.testing.assert_allclose(got, [e.push for e in explain(noisy_lexicalized, pair, k=6, label=label)],
                                   rtol=1e-9, atol=1e-12)
    predicted = classes[int(np.argmax(model.predict_proba([pair])[0]))]
    assert explain(model, pair, k=6) == explain(model, pair, k=6, label=predicted)


def test_each_push_says_the_label_it_pushes_most_and_reads_in_words(noisy_lexicalized, noisy_snli):
    """``toward``: the label whose centred score the feature raises most (not the explained one when it
    pushes away from it); ``reads``: the feature's name in words."""
    pair = noisy_snli["test"][0]
    x = noisy_lexicalized[:-1].transform([pair]).toarray()[0]
    centered = centered_weights(noisy_lexicalized.named_steps["classify"])
    classes = list(noisy_lexicalized.classes_)
    column = {name: j for j, name in enumerate(noisy_lexicalized.named_steps["featurize"].get_feature_names_out())}
    pushes = explain(noisy_lexicalized, pair, k=1000, label="neutral")
    assert any(e.push < 0 for e in pushes) and any(e.push > 0 for e in pushes)
    for e in pushes:
        j = column[e.feature]
        assert e.toward == classes[int(np.argmax(x[j] * centered[:, j]))] and type(e.toward) is str  # not np.str_
        assert e.push > 0 or e.toward != "neutral"
        assert e.reads == feature_words(e.feature) != e.feature
    assert {e.toward for e in pushes} == set(classes)


def test_top_features_are_the_largest_centered_weights(noisy_lexicalized, noisy_snli):
    model = _shifted(noisy_lexicalized, seed=1)
    classifier = model.named_steps["classify"]
    centered = classifier.coef_ - classifier.coef_.mean(axis=0)
    top = top_features(model, noisy_snli["train"].pairs, k=5)
    assert list(top) == list(classifier.classes_)
    for i, label in enumerate(classifier.classes_):
        weights = [weight for _, weight in top[label]]
        assert len(weights) == 5
        np.testing.assert_allclose(weights, np.sort(centered[i])[::-1][:5], rtol=1e-9)


def test_explain_defaults_and_the_row_norm_cap(noisy_lexicalized):
    """Defaults k=10 (explain) and k=20 (top_features); a very long pair is explained after the row cap."""
    long_pair = _pair(" ".join(["A", "tall", "man", "is", "running", "in", "the", "park", "."] * 12),
                      "A man is running in the park with a dog and a cat .")
    capped = noisy_lexicalized[:-1].transform([long_pair]).toarray()[0]
    uncapped = noisy_lexicalized[:-2].transform([long_pair]).toarray()[0]
    assert np.linalg.norm(capped) < np.linalg.norm(uncapped)  # the cap applies to this pair
    coef = noisy_lexicalized.named_steps["classify"].coef_
    classes = list(noisy_lexicalized.named_steps["classify"].classes_)
    label = classes[int(np.argmax(noisy_lexicalized.predict_proba([long_pair])[0]))]
    push = capped * (coef[classes.index(label)] - coef.mean(axis=0))
    got = explain(noisy_lexicalized, long_pair)
    assert len(got) == 10
    np.testing.assert_allclose([e.push for e in got], np.sort(push[capped != 0])[::-1][:10], rtol=1e-9)
    top = top_features(noisy_lexicalized, [long_pair] * 3)
    assert [len(features) for features in top.values()] == [20, 20, 20]


def test_top_features_join_colliding_names(noisy_snli):
    """With 16 hashed columns names collide; a column's names are joined by " / "."""
    train = noisy_snli["train"]
    model = make_model("lexicalized", C=1.0, featurizer_params={"n_features": 16, "dense_bins": None})
    model.fit(train.pairs, train.labels)
    top = top_features(model, train.pairs, k=3)
    names = [name for features in top.values() for name, _ in features]
    assert any(" / " in name for name in names)
    every = {n for names_ in model.named_steps["featurize"].feature_names(train.pairs).values() for n in names_}
    assert all(part in every for name in names for part in name.split(" / "))
    explained = [e.feature for pair in train.pairs[:5] for e in explain(model, pair, k=3)]
    assert any(" / " in name for name in explained)
    assert all(part in every for name in explained for part in name.split(" / "))


def test_top_features_of_a_vocabulary_model_need_no_pairs(noisy_lexicalized, noisy_snli):
    """With a learned vocabulary every column has a name (``get_feature_names_out``): the top features
    are named without reading any pair, and are those the training pairs name."""
    featurizer = noisy_lexicalized.named_steps["featurize"]
    assert hasattr(featurizer, "get_feature_names_out")
    unread = top_features(noisy_lexicalized, [], k=5)
    assert unread == top_features(noisy_lexicalized, noisy_snli["train"].pairs, k=5)
    assert all(len(named) == 5 for named in unread.values())
    names = set(featurizer.get_feature_names_out())
    assert all(name in names for named in unread.values() for name, _ in named)


@pytest.mark.parametrize("lowercase, expected", [
    (True, ["dog <- dog: exact (token), in_place", "chases <- chases: exact (token), in_place"]),
    # a model that keeps case sees *Dog* and *dog* as two words (linked by their lemma)
    (False, ["dog <- Dog: lemma (WordNet), swap", "chases <- chases: exact (token), in_place"]),
])
def test_alignments_see_the_words_as_the_model_does(lowercase, expected):
    from types import SimpleNamespace

    from classifiers.explain import alignments
    from featurize import PairFeaturizer
    from featurize.families.alignment import word_relations

    from tests.conftest import wordnet_or_skip

    wordnet_or_skip(word_relations)
    pair = Pair(tagged("A Dog chases the Cat .", "DT NN VBZ DT NN ."),
                tagged("A dog chases the Cat .", "DT NN VBZ DT NN ."))
    for tag_set in ("ptb", "coarse"):
        featurizer = PairFeaturizer("alignment", lowercase=lowercase, tag_set=tag_set).fit([pair])
        shown = alignments(SimpleNamespace(steps=[("pairfeaturizer", featurizer)]), pair)
        assert shown[:2] == expected
        assert shown[2].startswith("cat <- cat: exact" if lowercase else "Cat <- Cat: exact")


def test_explanations_name_features(template_selection, template_corpora):
    pair = template_corpora["test"][0]
    pushes = explain(template_selection.model, pair, k=5)
    assert len(pushes) == 5 and pushes[0].push >= pushes[-1].push
    assert all(isinstance(e.feature, str) and not e.feature.startswith("column") for e in pushes)
    top = top_features(template_selection.model, template_corpora["train"].pairs, k=12)
    assert set(top) == {"entailment", "contradiction", "neutral"} and all(len(v) == 12 for v in top.values())
    # the templates' contradictions say "sleeping"; overlap bins share the top ranks with it
    assert any("sleeping" in name for name, _ in top["contradiction"])
    assert all(weight >= later for (_, weight), (_, later) in zip(top["contradiction"], top["contradiction"][1:]))
