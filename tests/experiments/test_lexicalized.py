"""The experiment scripts' published numbers, recomputed by hand from refitted models and the written files.

Everything runs on the noisy fixture of :mod:`tests.noisy_snli` (300 train / 90 dev / 120 test
pairs with parses), on which the models really differ, so the McNemar counts, ablation deltas
and learning-curve points are non-trivial. Each expected figure is counted here with plain
Python (``Counter``, ``statistics``) and :func:`scipy.stats.binomtest` from predictions of
models fitted by :func:`classifiers.logistic.make_model` -- the same pipeline the scripts fit,
deterministic (``random_state=0``) -- never with the library's own accuracy or McNemar code.
"""
import contextlib
import io
import itertools
import statistics
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from classifiers.persistence import load_model
from classifiers.predict import main as predict_main
from experiments import lexicalized

from tests.helpers.cli import one_error_line
from tests.helpers.noisy_snli import LABELS, gold_labels
from tests.helpers.recount import hand_accuracy, hand_mcnemar, markdown_tables, refit
from tests.helpers.templates import data_args


# --- Table 4: experiments.lexicalized ----------------------------------------------------------------

#: Table 4 is run with the paper's preset and one setting overridden, so that both must reach the models.
TABLE4_OPTIONS = {"preset": "paper", "featurizer_params": {"min_df": 2}}


@pytest.fixture(scope="module")
def table4_run(noisy_snli_files, tmp_path_factory):
    from experiments.lexicalized import main

    out = tmp_path_factory.mktemp("table4")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(data_args(noisy_snli_files) + ["--out", str(out / "results"), "--C-grid", "10", "3",
                                                   "--save-model", str(out / "model.joblib"), "--preset", "paper",
                                                   "--min-df", "2", "--n-jobs", "1", "--progress"])
    return code, out, printed.getvalue()


def test_table4_accuracies_and_C_recounted(table4_run, noisy_snli_files, noisy_snli):
    code, out, printed = table4_run
    assert code == 0
    table = pd.read_csv(out / "results" / "table4.csv")
    assert list(table.columns) == ["model", "n_train", "C", "train_accuracy", "dev_accuracy", "test_accuracy",
                                   "paper_train_accuracy", "paper_test_accuracy", "converged", "seconds"]
    assert list(table["model"]) == ["lexicalized", "unigrams_only", "unlexicalized"]
    assert (table["n_train"] == 300).all()
    # Table 4 of Bowman et al. (2015), train and test accuracy of each row
    assert table[["paper_train_accuracy", "paper_test_accuracy"]].to_numpy().tolist() == \
        [[0.997, 0.782], [0.931, 0.716], [0.494, 0.504]]
    assert table["converged"].dtype == bool
    assert ((table["seconds"] >= 0) & (table["seconds"] < 600) & (table["seconds"] == table["seconds"].round(1))).all()
    gold = {split: gold_labels(noisy_snli_files[split]) for split in ("train", "dev", "test")}
    test_accuracies = []
    for row in table.itertuples():
        by_C = {C: refit(noisy_snli, row.model, C, **TABLE4_OPTIONS)[1] for C in (10.0, 3.0)}
        dev = {C: hand_accuracy(gold["dev"], predictions["dev"]) for C, predictions in by_C.items()}
        assert row.C == min(C for C in dev if dev[C] == max(dev.values())), row.model
        for split in ("train", "dev", "test"):
            assert getattr(row, f"{split}_accuracy") == pytest.approx(hand_accuracy(gold[split], by_C[row.C][split]))
        test_accuracies.append(row.test_accuracy)
    assert len(set(test_accuracies)) == 3  # the fixture separates the three models
    shown = (out / "results" / "table4.md").read_text(encoding="utf-8")
    assert shown in printed
    assert "McNemar's exact test on test predictions (a_only: pairs only model_a gets right):" in shown
    assert (out / "results" / "signature.txt").read_text().endswith("|C:dev(10,3)\n")
    table_shown, significance_shown = markdown_tables(shown)
    assert table_shown[0] == list(table.columns)  # no index column
    for row, cells in zip(table.itertuples(), table_shown[1:], strict=True):
        assert [float(cell) for cell in cells[3:8]] == [
            round(100 * v, 1) for v in (row.train_accuracy, row.dev_accuracy, row.test_accuracy,
                                        row.paper_train_accuracy, row.paper_test_accuracy)]
    significance = pd.read_csv(out / "results" / "significance.csv")
    assert significance_shown[0] == list(significance.columns)
    assert [float(cells[-1]) for cells in significance_shown[1:]] == [float(f"{p:.3g}") for p in significance["p_value"]]
    assert f"lexicalized model saved to {out / 'model.joblib'}\n" in printed
    assert f"results written to {out / 'results'}/\n" in printed


def test_table4_confusion_files_and_mcnemar_recounted(table4_run, noisy_snli_files, noisy_snli):
    _, out, _ = table4_run
    table = pd.read_csv(out / "results" / "table4.csv").set_index("model")
    gold = gold_labels(noisy_snli_files["test"])
    predicted = {name: refit(noisy_snli, name, table.loc[name, "C"], **TABLE4_OPTIONS)[1]["test"]
                 for name in table.index}
    for name, labels in predicted.items():
        frame = pd.read_csv(out / "results" / f"confusion_{name}.csv", index_col=0)
        counts = Counter(zip(gold, labels))
        expected = [[counts[(g, p)] for p in LABELS] for g in LABELS]  # rows gold, columns predicted
        assert list(frame.index) == [f"gold_{label}" for label in LABELS]
        assert list(frame.columns) == [f"pred_{label}" for label in LABELS]
        assert frame.to_numpy().tolist() == expected, name
    significance = pd.read_csv(out / "results" / "significance.csv")
    assert list(significance.columns) == ["model_a", "model_b", "a_only", "b_only", "p_value"]
    pairs = list(itertools.combinations(table.index, 2))
    assert list(zip(significance["model_a"], significance["model_b"])) == pairs
    four_cells = 0
    for row, (a, b) in zip(significance.itertuples(), pairs):
        a_only, b_only, p = hand_mcnemar(gold, predicted[a], predicted[b])
        assert (row.a_only, row.b_only) == (a_only, b_only) and row.p_value == pytest.approx(p)
        both_wrong = sum(x != g and y != g for g, x, y in zip(gold, predicted[a], predicted[b]))
        four_cells += min(a_only, b_only, both_wrong) > 0
    assert four_cells >= 1  # some comparison has pairs in every cell of the 2x2 table


def test_table4_saved_model_predicts_like_the_lexicalized_row(table4_run, noisy_snli):
    _, out, _ = table4_run
    table = pd.read_csv(out / "results" / "table4.csv")
    model, info = load_model(out / "model.joblib")
    assert info["metadata"] == {"C": table.loc[0, "C"], "n_train": 300}
    assert model.named_steps["featurize"].features == "lexicalized"
    # the paper preset (Penn Treebank tags, no bins) with min_df overridden, and the --n-jobs given
    assert {k: info["features"][k] for k in ("tag_set", "dense_bins", "min_df", "n_jobs", "progress")} == \
        {"tag_set": "ptb", "dense_bins": None, "min_df": 2, "n_jobs": 1, "progress": True}
    _, expected = refit(noisy_snli, "lexicalized", table.loc[0, "C"], **TABLE4_OPTIONS)
    assert list(model.predict(noisy_snli["test"].pairs)) == expected["test"]


def test_table4_usage_error_names_the_command(capsys):
    from experiments.lexicalized import main

    assert main(["--C-grid", "0"]) == 2
    assert capsys.readouterr().err.endswith("(see python -m experiments.lexicalized --help)\n")


def test_table4_malformed_data_file_is_exit_2(noisy_snli_files, tmp_path, capsys):
    from experiments.lexicalized import main

    lines = noisy_snli_files["train"].read_text(encoding="utf-8").splitlines()[:5]
    bad = tmp_path / "train.jsonl"
    bad.write_text("\n".join(lines[:3] + ['{"gold_label": "maybe", "sentence1": "A.", "sentence2": "B."}'] + lines[3:])
                   + "\n", encoding="utf-8")
    paths = {**noisy_snli_files, "train": bad}
    assert main(data_args(paths) + ["--out", str(tmp_path / "out")]) == 2
    assert "train.jsonl, line 4: unknown gold_label 'maybe'" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_output_paths_are_checked_before_reading(template_files, tmp_path, capsys):
    missing = str(tmp_path / "absent.jsonl")
    taken = tmp_path / "taken"
    taken.write_text("keep")
    splits = ["--train", missing, "--dev", missing, "--test", missing]
    assert lexicalized.main([*splits, "--out", str(taken)]) == 2
    assert "--out" in one_error_line(capsys) and taken.read_text() == "keep"
    assert lexicalized.main([*splits, "--save-model", str(tmp_path)]) == 2
    refused = one_error_line(capsys)
    assert "--save-model" in refused and "is a folder" in refused
    train = str(template_files["train"])
    assert lexicalized.main(["--train", train, "--dev", missing, "--test", missing, "--save-model", train]) == 2
    assert "is the --train file" in one_error_line(capsys)


def test_an_empty_training_file_is_an_error(template_files, tmp_path, capsys):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert lexicalized.main(["--train", str(empty), "--dev", str(template_files["dev"]), "--test", str(template_files["test"])]) == 2
    assert "empty.jsonl: no pairs" in one_error_line(capsys)


def test_lexicalized_saves_a_skops_model_that_predict_loads(template_files, tmp_path):
    saved = tmp_path / "model.skops"
    assert lexicalized.main(["--train", str(template_files["train"]), "--dev", str(template_files["dev"]), "--test", str(template_files["test"]),
                             "--C-grid", "1", "--save-model", str(saved)]) == 0
    out = tmp_path / "pred.jsonl"
    assert predict_main(["--model", str(saved), "--input", str(template_files["test"]), "--output", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 20


# --- ablation --------------------------------------------------------------------------------------

def test_ablation_rows_recounted(noisy_snli_files, noisy_snli, tmp_path):
    from experiments.ablation import main, settings

    assert main(data_args(noisy_snli_files) + ["--out", str(tmp_path), "--C-grid", "1.0"]) == 0
    table = pd.read_csv(tmp_path / "ablation.csv")
    gold = gold_labels(noisy_snli_files["test"])
    predicted = {setting: refit(noisy_snli, list(families), 1.0)[1]["test"] for setting, families in settings()}
    full = hand_accuracy(gold, predicted["full"])
    assert list(table["setting"]) == list(predicted)
    for row in table.itertuples():
        mine = hand_accuracy(gold, predicted[row.setting])
        assert row.test_accuracy == pytest.approx(mine), row.setting
        assert row.delta_test_vs_full == pytest.approx(mine - full), row.setting
        if row.setting == "full":
            assert (row.a_only, row.b_only) == (0, 0) and np.isnan(row.p_mcnemar_vs_full)
            continue
        a_only, b_only, p = hand_mcnemar(gold, predicted[row.setting], predicted["full"])
        assert (row.a_only, row.b_only) == (a_only, b_only) and row.p_mcnemar_vs_full == pytest.approx(p), row.setting
    assert (table["delta_test_vs_full"][1:] != 0).sum() >= 10  # the fixture makes removing a family matter
    shown = (tmp_path / "ablation.md").read_text(encoding="utf-8")
    for delta in table["delta_test_vs_full"]:
        assert f"{100 * delta:+.1f}" in shown
    header = markdown_tables(shown)[0][0]
    # names left-aligned, numbers right-aligned (every column after the first two)
    separator = next(line for line in shown.splitlines() if line.startswith("|:") or line.startswith("|-"))
    cells = [cell.strip() for cell in separator.strip().strip("|").split("|")]
    assert len(cells) == len(header) and all(c.startswith(":") and not c.endswith(":") for c in cells[:2])
    assert all(c.endswith(":") and not c.startswith(":") for c in cells[2:])
    assert header == ["setting", "families", "C", "dev %", "test %", "Δ test vs full (points)", "only this right",
                      "only full right", "McNemar p", "converged", "seconds"]
    # one binomial standard error of the full model's accuracy on the 120 test pairs
    assert f"120 test pairs: one binomial standard error of the full model's test accuracy is " \
           f"{100 * (full * (1 - full) / 120) ** 0.5:.2f} points." in shown
    assert (tmp_path / "signature.txt").read_text().endswith("|C:1\n")


# --- learning curve --------------------------------------------------------------------------------

def test_learning_curve_points_summary_and_claim_recounted(noisy_snli_files, noisy_snli, tmp_path, capsys):
    from experiments.learning_curve import main, subsample

    assert main(data_args(noisy_snli_files) + ["--out", str(tmp_path), "--sizes", "30", "100", "all",
                                               "--draws", "2"]) == 0
    results = pd.read_csv(tmp_path / "learning_curve.csv")
    gold = gold_labels(noisy_snli_files["test"])
    train = noisy_snli["train"]
    for row in results.itertuples():
        picked = subsample(len(train), row.n_train, 0, row.draw)
        predicted = refit(noisy_snli, row.model, 1.0, [train.pairs[i] for i in picked],
                          [train.labels[i] for i in picked])[1]["test"]
        assert row.test_accuracy == pytest.approx(hand_accuracy(gold, predicted)), row
    assert results["test_accuracy"].nunique() >= 4
    summary = pd.read_csv(tmp_path / "learning_curve_summary.csv")
    for row in summary.itertuples():
        values = results.loc[(results["model"] == row.model) & (results["n_train"] == row.n_train), "test_accuracy"]
        values = list(values)
        assert row.n_draws == len(values) == (1 if row.n_train == 300 else 2)
        assert row.mean == pytest.approx(statistics.mean(values))
        if len(values) > 1:
            assert row.std == pytest.approx(statistics.stdev(values))
            cell = f"{100 * statistics.mean(values):.1f} ± {100 * statistics.stdev(values):.1f} ({len(values)})"
        else:
            assert np.isnan(row.std)
            cell = f"{100 * statistics.mean(values):.1f} (1)"
        assert cell in (tmp_path / "learning_curve.md").read_text(encoding="utf-8"), cell
    assert len(markdown_tables((tmp_path / "learning_curve.md").read_text(encoding="utf-8"))) == 1
    at_100 = results[results["n_train"] == 100]
    lex = list(at_100.loc[at_100["model"] == "lexicalized", "test_accuracy"])
    unlex = list(at_100.loc[at_100["model"] == "unlexicalized", "test_accuracy"])
    verdict = "HOLDS here" if statistics.mean(lex) > statistics.mean(unlex) else "does NOT hold here"
    won = sum(x > y for x, y in zip(lex, unlex))
    text = (tmp_path / "learning_curve.md").read_text(encoding="utf-8")
    assert f"): {verdict}." in text and f"better in {won} of 2 draws" in text
    assert f"lexicalized {100 * statistics.mean(lex):.1f}% vs unlexicalized {100 * statistics.mean(unlex):.1f}%" in text
    assert text in capsys.readouterr().out


@pytest.mark.parametrize("lexicalized, unlexicalized, holds, won, ties", [
    ([0.6, 0.5, 0.4], [0.5, 0.5, 0.45], True, 1, 1),    # mean 0.5 > 0.4833: holds though only one draw won
    ([0.4, 0.5, 0.6], [0.5, 0.6, 0.45], False, 1, 0),   # mean 0.5 < 0.5167: does not hold
    ([0.3, 0.3, 0.3], [0.4, 0.2, 0.5], False, 1, 0),
    ([0.5, 0.5, 0.5], [0.25, 0.5, 0.75], False, 1, 1),  # equal means (exact in binary): does not hold
])
def test_claim_verdict_on_hand_made_results(lexicalized, unlexicalized, holds, won, ties):
    from experiments.learning_curve import check_claim, claim_text, summarize

    rows = [{"model": model, "n_train": n, "draw": draw, "test_accuracy": value + (n == 1000) * 0.1}
            for n in (100, 1000) for model, values in (("lexicalized", lexicalized), ("unlexicalized", unlexicalized))
            for draw, value in enumerate(values)]
    results = pd.DataFrame(rows)
    claim = check_claim(results)
    assert claim["n_train"] == 100 and claim["draws"] == 3
    assert claim["lexicalized_mean"] == pytest.approx(statistics.mean(lexicalized))
    assert claim["unlexicalized_mean"] == pytest.approx(statistics.mean(unlexicalized))
    assert (claim["holds"], claim["lexicalized_won"], claim["ties"]) == (holds, won, ties)
    assert ("HOLDS here" if holds else "does NOT hold here") in claim_text(claim)
    summary = summarize(results).set_index(["model", "n_train"])
    assert summary.loc[("lexicalized", 1000), "mean"] == pytest.approx(statistics.mean(lexicalized) + 0.1)
    assert summary.loc[("unlexicalized", 100), "std"] == pytest.approx(statistics.stdev(unlexicalized))
    # without size 100 the claim is checked at the smallest size run, and says so
    fallback = check_claim(results[results["n_train"] == 1000])
    assert fallback["n_train"] == 1000 and "checked at n=1000" in claim_text(fallback)
    assert check_claim(results[results["model"] == "lexicalized"]) is None


# --- error analysis --------------------------------------------------------------------------------

def test_error_analysis_confusion_and_per_class_recounted(noisy_snli_files, noisy_snli, tmp_path):
    from classifiers.persistence import save_model
    from experiments.error_analysis import main
    from lexnli.errors import ResourceMissingError
    from lexnli.text import _tagger

    try:
        _tagger()  # the probe pairs have no parses
    except ResourceMissingError as exc:
        pytest.skip(str(exc))
    model, predictions = refit(noisy_snli, "lexicalized", 1.0)
    path = save_model(model, tmp_path / "model.joblib", C=1.0)
    assert main(["--model", str(path), "--test", str(noisy_snli_files["test"]), "--errors", "1",
                 "--out", str(tmp_path)]) == 0
    text = (tmp_path / "error_analysis.md").read_text(encoding="utf-8")
    gold, predicted = gold_labels(noisy_snli_files["test"]), predictions["test"]
    counts = Counter(zip(gold, predicted))
    assert f"{len(gold)} pairs, accuracy {100 * hand_accuracy(gold, predicted):.1f}%." in text
    section = text[text.index("Confusion matrix (rows gold, columns predicted)"):]
    confusion, per_class = markdown_tables(section)[:2]
    assert confusion[0][1:] == [f"pred_{label}" for label in LABELS]
    assert [row[0] for row in confusion[1:]] == [f"gold_{label}" for label in LABELS]
    assert [[int(v) for v in row[1:]] for row in confusion[1:]] == [[counts[(g, p)] for p in LABELS] for g in LABELS]
    assert per_class[0] == ["class", "precision", "recall"]
    for label, row in zip(LABELS, per_class[1:]):
        right = counts[(label, label)]
        precision = right / max(sum(p == label for p in predicted), 1)
        recall = right / max(gold.count(label), 1)
        assert row == [label, f"{precision:.3f}", f"{recall:.3f}"]
    errors = text[text.index("most confident test errors"):text.index("## Probe pairs")]
    assert errors.count("\n- ") == 1
    wrong = [i for i, (g, p) in enumerate(zip(gold, predicted)) if g != p]
    confidence = model.predict_proba([noisy_snli["test"].pairs[i] for i in wrong]).max(axis=1)
    most = wrong[int(np.argmax(confidence))]
    assert f"“{noisy_snli['test'][most].hypothesis.text}”: gold/expected **{gold[most]}**" in errors.split("\n- ")[1]

    # The top features: a numbered table per class.
    tops = markdown_tables(text[text.index("## Top-weighted features per class"):text.index("## Test set")])
    assert len(tops) == 3 and all(table[0] == ["", "feature", "weight"] for table in tops)
    assert all([row[0] for row in table[1:]] == [str(i) for i in range(1, 16)] for table in tops)  # --top 15
    # The probes: the model's predictions on them counted against the labels written in PROBES.
    from experiments.error_analysis import PROBES, probe_pairs

    probes = text[text.index("## Probe pairs"):]
    predicted = model.predict([pair for _, pair in probe_pairs()])
    probabilities = model.predict_proba([pair for _, pair in probe_pairs()]).max(axis=1)
    n_right = sum(p == label for p, (*_, label) in zip(predicted, PROBES))
    assert 0 < n_right < len(PROBES)
    assert f"{n_right} of {len(PROBES)} probes get the expected label." in probes
    summary = markdown_tables(probes)[0]
    assert summary[0] == ["phenomenon", "premise", "hypothesis", "expected", "predicted", "p(predicted)", "right"]
    for row, (phenomenon, _, _, label), p, probability in zip(summary[1:], PROBES, predicted, probabilities,
                                                              strict=True):
        assert (row[0], row[3], row[4], float(row[5]), row[6]) == \
            (phenomenon, label, p, round(probability, 2), "yes" if p == label else "no")
    details = probes.split("\n- ")[1:]
    assert [d[:d.index(":")] for d in details] == [f"**{phenomenon}**" for phenomenon, *_ in PROBES]
    assert all(0 < d.split("pushed by: ")[1].count(" (") <= 8 for d in details)  # the top 8 features
    assert (tmp_path / "signature.txt").read_text().endswith("|tags:coarse|min_df:2|bins:5|n_features:vocab|"
                                                            "lowercase:yes|C:1\n")
