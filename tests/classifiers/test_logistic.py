"""The classifier layer's numbers, each checked against an expectation derived without the code under test.

C selection against dev accuracies recounted by hand (and scripted ties), and against
out-of-fold accuracies recounted from one hand-fitted model per fold, the predict CLI
against ``model.predict`` and a hand count, ``confusion_frame`` and McNemar's test on hand-made
cases (the p-value from :func:`scipy.stats.binomtest`), explanations from ``coef_`` with numpy.
"""
import copy
import json

import numpy as np
import pytest
from scipy.stats import binomtest

from classifiers import evaluation
from classifiers.evaluation import accuracy, confusion_frame, mcnemar
from classifiers.explain import explain, top_features
from classifiers.logistic import fit_select_C, fit_select_C_cv, make_model
from classifiers.persistence import save_model
from classifiers.predict import main as predict_main

from tests.helpers.recount import hand_accuracy

E, C, N = "entailment", "contradiction", "neutral"


# --- C selection -----------------------------------------------------------------------------------

def test_selected_C_has_the_best_dev_accuracy_recounted_by_hand(noisy_snli):
    train, dev = noisy_snli["train"], noisy_snli["dev"]
    grid = (1.0, 0.01, 0.1)
    selection = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "lexicalized", grid=grid)
    hand = {}
    for C_value in grid:  # each C fitted on its own: the same pipeline make_model builds
        model = make_model("lexicalized", C=C_value).fit(train.pairs, train.labels)
        hand[C_value] = hand_accuracy(dev.labels, model.predict(dev.pairs))
    assert selection.dev_accuracy == pytest.approx(hand)
    assert len(set(hand.values())) == len(grid)  # the fixture makes every C score differently on dev
    best = max(hand.values())
    assert selection.C == min(C_value for C_value in grid if hand[C_value] == best)
    assert selection.model.named_steps["classify"].C == selection.C
    np.testing.assert_array_equal(selection.dev_predictions, selection.model.predict(dev.pairs))
    np.testing.assert_array_equal(selection.train_predictions, selection.model.predict(train.pairs))


@pytest.mark.parametrize("scores, expected", [
    ({1.0: 0.9, 0.1: 0.5, 0.3: 0.7}, 1.0),   # the largest accuracy wins, wherever it is in the grid
    ({1.0: 0.5, 0.1: 0.9, 0.3: 0.7}, 0.1),
    ({1.0: 0.7, 0.1: 0.5, 0.3: 0.7}, 0.3),   # a tie goes to the smaller C
    ({1.0: 0.6, 0.1: 0.6, 0.3: 0.6}, 0.1),
])
def test_C_selection_with_scripted_dev_accuracies(noisy_snli, monkeypatch, scores, expected):
    """Dev accuracies injected in grid order: the choice is checked on values set by hand, ties included."""
    train, dev = noisy_snli["train"], noisy_snli["dev"]
    scripted = iter(scores.values())
    monkeypatch.setattr(evaluation, "accuracy", lambda gold, predicted: next(scripted))
    selection = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "unlexicalized", grid=tuple(scores))
    assert selection.dev_accuracy == scores
    assert selection.C == expected and selection.model.named_steps["classify"].C == expected


def test_cross_validated_C_recounted_from_a_model_fitted_per_fold(noisy_snli):
    """Each fold's whole pipeline (featurizer included) is fitted on the fold's training part only;
    the accuracies are those of the pooled out-of-fold predictions; the model is refitted on all pairs."""
    from sklearn.model_selection import StratifiedKFold

    pairs = noisy_snli["train"].pairs + noisy_snli["dev"].pairs
    labels = np.array([p.label for p in pairs])
    grid = (1.0, 0.01, 0.1)
    selection = fit_select_C_cv(pairs, labels, "lexicalized", folds=4, seed=7, grid=grid)
    held_out = {C_value: np.empty(len(pairs), dtype=object) for C_value in grid}
    times_held_out = np.zeros(len(pairs), dtype=int)
    for train_at, test_at in StratifiedKFold(4, shuffle=True, random_state=7).split(labels, labels):
        times_held_out[test_at] += 1
        for C_value in grid:
            model = make_model("lexicalized", C=C_value).fit([pairs[i] for i in train_at], labels[train_at])
            held_out[C_value][test_at] = model.predict([pairs[i] for i in test_at])
    assert (times_held_out == 1).all()
    hand = {C_value: hand_accuracy(labels, held_out[C_value]) for C_value in grid}
    assert selection.dev_accuracy == pytest.approx(hand)
    assert len(set(hand.values())) == len(grid)
    best = max(hand.values())
    assert selection.C == min(C_value for C_value in grid if hand[C_value] == best)
    np.testing.assert_array_equal(selection.dev_predictions, held_out[selection.C])
    refitted = make_model("lexicalized", C=selection.C).fit(pairs, labels)
    np.testing.assert_array_equal(selection.model.predict(pairs), refitted.predict(pairs))
    np.testing.assert_array_equal(selection.train_predictions, refitted.predict(pairs))


# --- the predict CLI -------------------------------------------------------------------------------

def test_predict_cli_labels_probabilities_and_accuracy(noisy_lexicalized, noisy_snli_files, tmp_path, capsys):
    records = [json.loads(line) for line in noisy_snli_files["test"].read_text(encoding="utf-8").splitlines()[:40]]
    from lexnli.corpora.snli import read_snli

    pairs = read_snli(noisy_snli_files["test"]).pairs[:40]
    expected = list(noisy_lexicalized.predict(pairs))
    # a known wrong label: the first pair's gold label is one the model does not predict
    records[0]["gold_label"] = next(label for label in (E, C, N) if label != expected[0])
    records[1]["gold_label"] = "-"  # not scored
    del records[2]["gold_label"]    # not scored either
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    model_path = save_model(noisy_lexicalized, tmp_path / "m.joblib")
    out = tmp_path / "out.jsonl"
    assert predict_main(["--model", str(model_path), "--input", str(source), "--output", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [line["pairID"] for line in lines] == [r["pairID"] for r in records]
    predicted = [line["predicted_label"] for line in lines]
    argmax = [max((E, C, N), key=lambda label: line[f"probability_{label}"]) for line in lines]
    assert predicted == argmax == expected
    scored = [(r["gold_label"], p) for r, p in zip(records, expected) if r.get("gold_label", "-") != "-"]
    hand = sum(g == p for g, p in scored) / len(scored)
    assert len(scored) == 38 and hand < 1
    printed = capsys.readouterr().out
    assert f"accuracy on 38 gold-labelled pairs: {hand:.4f}" in printed


def test_predict_cli_malformed_line_is_exit_2_naming_file_and_line(noisy_lexicalized, noisy_snli_files, tmp_path, capsys):
    good = noisy_snli_files["test"].read_text(encoding="utf-8").splitlines()[0]
    source = tmp_path / "bad.jsonl"
    source.write_text(good + "\n" + '{"sentence1": "A dog runs.", "sentence2": \n', encoding="utf-8")
    model_path = save_model(noisy_lexicalized, tmp_path / "m.joblib")
    code = predict_main(["--model", str(model_path), "--input", str(source), "--output", str(tmp_path / "o.jsonl")])
    err = capsys.readouterr().err
    assert code == 2 and "bad.jsonl, line 2: invalid JSON" in err
    assert not (tmp_path / "o.jsonl").exists()


# --- evaluation ------------------------------------------------------------------------------------

def test_confusion_frame_rows_are_gold_columns_predicted():
    gold = [E, E, E, E, C, C, N, N, N, N]
    predicted = [E, E, C, N, C, E, N, N, C, C]
    frame = confusion_frame(gold, predicted, (E, C, N))
    assert list(frame.index) == ["gold_entailment", "gold_contradiction", "gold_neutral"]
    assert list(frame.columns) == ["pred_entailment", "pred_contradiction", "pred_neutral"]
    # counted by hand: row = gold label, column = predicted label (not symmetric: gold N -> C twice, C -> N never)
    assert frame.to_numpy().tolist() == [[2, 1, 1],
                                         [1, 1, 0],
                                         [0, 2, 2]]
    assert frame.to_numpy().sum(axis=1).tolist() == [gold.count(label) for label in (E, C, N)]


def test_mcnemar_with_all_four_cells_non_zero():
    # 3 pairs both right, 5 only A right, 2 only B right, 4 both wrong (two of them with different wrong labels)
    gold = [E] * 14
    a = [E] * 3 + [E] * 5 + [C] * 2 + [C, N, C, N]
    b = [E] * 3 + [N] * 5 + [E] * 2 + [C, N, N, C]
    result = mcnemar(gold, a, b)
    assert (result["a_only"], result["b_only"]) == (5, 2)
    assert result["p_value"] == pytest.approx(binomtest(5, 7, 0.5).pvalue)
    assert result["p_value"] == pytest.approx(2 * (21 + 7 + 1) / 2 ** 7)  # two-sided exact, by hand
    swapped = mcnemar(gold, b, a)
    assert (swapped["a_only"], swapped["b_only"]) == (2, 5) and swapped["p_value"] == pytest.approx(result["p_value"])


def test_accuracy_is_a_hand_count_and_refuses_mismatched_lengths():
    assert accuracy([E, C, N, N], [E, N, N, C]) == 0.5
    assert np.isnan(accuracy([], []))
    with pytest.raises(ValueError, match="3 gold labels but 2 predictions"):
        accuracy([E, C, N], [E, C])


# --- explanations ----------------------------------------------------------------------------------

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
        got = [value for _, value in explain(model, pair, k=6, label=label)]
        np.testing.assert_allclose(got, expected, rtol=1e-9, atol=1e-12)
        # the shared offsets push nothing: the unshifted model explains the pair identically
        np.testing.assert_allclose(got, [value for _, value in explain(noisy_lexicalized, pair, k=6, label=label)],
                                   rtol=1e-9, atol=1e-12)
    predicted = classes[int(np.argmax(model.predict_proba([pair])[0]))]
    assert explain(model, pair, k=6) == explain(model, pair, k=6, label=predicted)


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
