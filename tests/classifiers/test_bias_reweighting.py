"""Example reweighting against a bias-only model: the weights' formula, and probabilities from models
that never saw the pair they score."""
import numpy as np
import pytest
from sklearn.model_selection import StratifiedKFold

from classifiers.bias_reweighting import bias_weights, out_of_fold_gold_probabilities
from classifiers.logistic import fit_select_C, make_model
from lexnli.records import Pair, Sentence

HYPOTHESIS_ONLY = ("hyp_unigrams", "hyp_bigrams")


def sentence(text: str) -> Sentence:
    tokens = tuple(text.split())
    return Sentence(text=text, tokens=tokens, tags=("NN",) * len(tokens))


def cue_pairs():
    """30 pairs whose hypothesis word gives the label away (sleeping: contradiction, outdoors:
    entailment, friends: neutral), 6 pairs that contradict their cue, and one pair whose
    hypothesis word occurs nowhere else."""
    cue = {"contradiction": "sleeping", "entailment": "outdoors", "neutral": "friends"}
    pairs = [Pair(sentence(f"a man number{i} walks"), sentence(f"a man is {cue[label]}"), label, f"c{i}")
             for i, label in enumerate(["contradiction", "entailment", "neutral"] * 10)]
    pairs += [Pair(sentence(f"a man number{i} runs"), sentence(f"a man is {cue[label]}"), other, f"m{i}")
              for i, (label, other) in enumerate([("contradiction", "neutral"), ("entailment", "contradiction"),
                                                  ("neutral", "entailment")] * 2)]
    pairs.append(Pair(sentence("a cat sits"), sentence("a cat is purring"), "entailment", "unique"))
    return pairs


def test_weights_are_one_minus_strength_times_p_scaled_to_mean_one():
    p = np.array([0.0, 0.5, 1.0])
    assert np.allclose(bias_weights(p), [2.0, 1.0, 0.0])  # 1 - p = [1, 0.5, 0], mean 0.5
    assert np.allclose(bias_weights(p, 0.5), [4 / 3, 1.0, 2 / 3])  # [1, 0.75, 0.5], mean 0.75
    assert np.array_equal(bias_weights(p, 0), np.ones(3))
    assert bias_weights([0.2, 0.9, 0.4, 0.7], 0.6).mean() == pytest.approx(1.0)


@pytest.mark.parametrize("probabilities, strength, message", [
    ([0.5], -0.1, "strength must be a number from 0 to 1, got -0.1"),
    ([0.5], 1.5, "strength must be a number from 0 to 1, got 1.5"),
    ([0.5], float("nan"), "strength must be a number from 0 to 1, got nan"),
    ([0.5], True, "strength must be a number from 0 to 1, got True"),
    ([0.5], "1", "strength must be a number from 0 to 1, got '1'"),
    ([0.5, 1.2], 1.0, "1-d array of probabilities"),
    ([[0.5, 0.5]], 1.0, "1-d array of probabilities"),
    ([0.5, float("nan")], 1.0, "1-d array of probabilities"),
    ([], 1.0, "non-empty 1-d array"),
    ([1.0, 1.0], 1.0, "every pair would get weight 0"),
])
def test_bad_strengths_and_probabilities_are_refused(probabilities, strength, message):
    with pytest.raises(ValueError, match=message):
        bias_weights(probabilities, strength)


def test_each_probability_comes_from_the_fold_model_that_held_the_pair_out(caplog):
    pairs = cue_pairs()
    labels = [p.label for p in pairs]
    with caplog.at_level("INFO", logger="lexnli"):
        gold = out_of_fold_gold_probabilities(pairs, labels, HYPOTHESIS_ONLY, C=10.0, folds=3, seed=2,
                                              preset="paper")
    folds = [r.getMessage() for r in caplog.records if "out-of-fold gold probabilities" in r.getMessage()]
    assert [line.split(": ")[-1].split(" in ")[0] for line in folds] == ["1/3 folds", "2/3 folds", "3/3 folds"]
    assert folds[0].startswith("hyp_unigrams+hyp_bigrams (C=10): out-of-fold")
    expected = np.empty(len(pairs))
    for train_at, held_out_at in StratifiedKFold(3, shuffle=True, random_state=2).split(labels, labels):
        model = make_model(HYPOTHESIS_ONLY, C=10.0, preset="paper").fit([pairs[i] for i in train_at],
                                                                       [labels[i] for i in train_at])
        column = list(model.classes_)
        probabilities = model.predict_proba([pairs[i] for i in held_out_at])
        expected[held_out_at] = [row[column.index(labels[i])] for row, i in zip(probabilities, held_out_at)]
    assert np.allclose(gold, expected)
    # the cue-following pairs are explained by the hypothesis, the six against their cue are not
    assert gold[:30].mean() > 0.6
    assert gold[30:36].mean() < 0.2
    # a model fitted on every pair has seen the unique word, so it would be surer of that pair's label
    seen = make_model(HYPOTHESIS_ONLY, C=10.0, preset="paper").fit(pairs, labels)
    assert seen.predict_proba(pairs[-1:])[0][list(seen.classes_).index("entailment")] > gold[-1] + 0.2


def test_a_label_missing_from_a_fold_model_has_probability_zero():
    pairs = cue_pairs()
    labels = [p.label for p in pairs[:-1]] + ["contradiction"]
    labels[-2] = "odd"  # 1 pair of its label: the fold model that scores it was not trained on it
    with pytest.warns(UserWarning, match="least populated class"):
        gold = out_of_fold_gold_probabilities(pairs, labels, HYPOTHESIS_ONLY, C=10.0, folds=2, seed=0,
                                              preset="paper")
    assert gold[-2] == 0.0
    assert np.all(gold[:-2] > 0)  # every other label was seen by the model that scored it


def test_reweighted_fit_leans_less_on_the_cue():
    """Weights from the bias model make the main model trust the hypothesis cue less on a pair where
    the premise says nothing else (same features: the hypothesis-only ones)."""
    pairs = cue_pairs()
    labels = [p.label for p in pairs]
    weights = bias_weights(out_of_fold_gold_probabilities(pairs, labels, HYPOTHESIS_ONLY, C=10.0, folds=3,
                                                          seed=2, preset="paper"))
    probe = [Pair(sentence("a man walks"), sentence("a man is sleeping"))]

    def contradiction(sample_weight):
        model = fit_select_C(pairs, labels, pairs, labels, HYPOTHESIS_ONLY, grid=(10.0,), preset="paper",
                             sample_weight=sample_weight).model
        return model.predict_proba(probe)[0][list(model.classes_).index("contradiction")]

    assert contradiction(weights) < contradiction(None) - 0.05


@pytest.mark.parametrize("n_pairs, n_labels", [(3, 3), (37, 36)])
def test_too_few_pairs_or_mismatched_labels_are_refused(n_pairs, n_labels):
    pairs = cue_pairs()
    with pytest.raises(ValueError, match=f"needs at least 5 pairs and one label per pair, got {n_pairs} pairs and "
                                         f"{n_labels} labels"):
        out_of_fold_gold_probabilities(pairs[:n_pairs], [p.label for p in pairs][:n_labels], HYPOTHESIS_ONLY,
                                       C=1.0, preset="paper")
