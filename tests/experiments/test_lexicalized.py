"""``python -m experiments.lexicalized``, the paper's Table 4: its rows, confusion files and McNemar tests
recomputed by hand, its saved model, and its options and data checked before any work.

Figures are recounted on the noisy fixture of :mod:`tests.helpers.noisy_snli` (300 train / 90 dev /
120 test pairs with parses), on which the models really differ, with plain Python (``Counter``,
``statistics``) and :func:`scipy.stats.binomtest` from predictions of models fitted by
:func:`classifiers.logistic.make_model` -- the same pipeline the scripts fit, deterministic
(``random_state=0``) -- never with the library's own accuracy or McNemar code.
What the run passes to its fits is checked with stand-ins (:mod:`tests.helpers.stand_ins`): a recording
``fit_select_C`` whose models predict one label per feature group, and a clock that advances a fixed
step per call, so accuracies and timings are hand counts.
"""
import contextlib
import io
import itertools
from collections import Counter

import pandas as pd
import pytest

from classifiers.persistence import load_model
from classifiers.predict import main as predict_main
from experiments import lexicalized

from tests.helpers.cli import one_error_line
from tests.helpers.noisy_snli import LABELS, gold_labels
from tests.helpers.recount import hand_accuracy, hand_mcnemar, markdown_tables, refit
from tests.helpers.stand_ins import PREDICTS, recording_fit, share, stepping_clock
from tests.helpers.templates import data_args


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
    assert [float(cells[-1]) for cells in significance_shown[1:]] == [
        float(f"{p:.3g}") for p in significance["p_value"]]
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
    model = load_model(out / "model.joblib", trusted=True)
    info = model.lexnli_info_
    assert info["metadata"] == {"C": table.loc[0, "C"], "n_train": 300}
    assert model.named_steps["featurize"].features == "lexicalized"
    # the paper preset (Penn Treebank tags, no bins) with min_df overridden, and the --n-jobs given
    assert {k: info["features"][k] for k in ("tag_set", "dense_bins", "min_df", "n_jobs", "progress")} == \
        {"tag_set": "ptb", "dense_bins": None, "min_df": 2, "n_jobs": 1, "progress": True}
    _, expected = refit(noisy_snli, "lexicalized", table.loc[0, "C"], **TABLE4_OPTIONS)
    assert list(model.predict(noisy_snli["test"].pairs)) == expected["test"]


# --- the run's defaults (stand-in fits) --------------------------------------------------------------

def test_table4_run_defaults_seconds_and_rows(noisy_snli, monkeypatch):
    import experiments.lexicalized as table4

    calls = []
    monkeypatch.setattr(table4, "fit_select_C", recording_fit(calls))
    monkeypatch.setattr(table4, "time", stepping_clock(1.26))  # start and end of a row: 1.26 s, shown as 1.3
    table, _, _, _ = table4.run(noisy_snli)
    # the defaults are the command's: the grid of --C-grid, the recommended preset, no override, no jobs, no bars
    assert [call["features"] for call in calls] == ["lexicalized", "unigrams_only", "unlexicalized"]
    for call in calls:
        assert call == {"features": call["features"], "n_train": 300, "grid": (0.03, 0.1, 0.3, 1.0),
                        "preset": "recommended", "featurizer_params": None, "n_jobs": None, "progress": False}
    assert list(table["seconds"]) == [1.3, 1.3, 1.3]
    assert list(table["C"]) == [1.0, 1.0, 1.0]
    assert not table["converged"].any()  # the grid holds 0.3, whose stand-in fit did not converge
    for row in table.itertuples():
        for split in ("train", "dev", "test"):
            assert getattr(row, f"{split}_accuracy") == share(noisy_snli[split].labels, PREDICTS[row.model])


def test_table4_seconds_keep_one_decimal(noisy_snli, monkeypatch):
    import experiments.lexicalized as table4

    monkeypatch.setattr(table4, "fit_select_C", recording_fit([]))
    monkeypatch.setattr(table4, "time", stepping_clock(0.04))
    table = table4.run(noisy_snli, grid=(1.0,))[0]
    assert list(table["seconds"]) == [0.0, 0.0, 0.0]  # 0.04 s rounds down to 0.0, not up to a whole second
    assert table["converged"].all()


# --- options and data checked before any work ---------------------------------------------------------

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
    # a split file the data folder holds is an input too
    folder = tmp_path / "data" / "snli_1.0"
    folder.mkdir(parents=True)
    test = folder / "snli_1.0_test.jsonl"
    test.write_text("keep")
    assert lexicalized.main(["--data-dir", str(tmp_path / "data"), "--save-model", str(test)]) == 2
    assert "is the --data-dir file" in one_error_line(capsys) and test.read_text() == "keep"


def test_an_empty_training_file_is_an_error(template_files, tmp_path, capsys):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert lexicalized.main(["--train", str(empty), "--dev", str(template_files["dev"]),
                             "--test", str(template_files["test"])]) == 2
    assert "empty.jsonl: no pairs" in one_error_line(capsys)


def test_lexicalized_saves_a_skops_model_that_predict_loads(template_files, tmp_path):
    saved = tmp_path / "model.skops"
    assert lexicalized.main(["--train", str(template_files["train"]), "--dev", str(template_files["dev"]),
                             "--test", str(template_files["test"]), "--C-grid", "1", "--save-model", str(saved)]) == 0
    out = tmp_path / "pred.jsonl"
    assert predict_main(["--model", str(saved), "--input", str(template_files["test"]), "--output", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 20
