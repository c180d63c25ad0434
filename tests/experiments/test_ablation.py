"""Ablation, learning curve and error analysis end to end, on tiny SNLI jsonl files written by the test.

The fixtures are 60 train / 30 dev / 30 test pairs built from templates (a premise, and a
hypothesis written for each label), without parses, so reading them needs NLTK's tagger
(skipped when it is absent).
"""
import numpy as np
import pandas as pd
import pytest

from tests.helpers.snli_lines import write_snli_files
from tests.helpers.templates import data_args


@pytest.fixture(scope="module")
def snli_files(tmp_path_factory, tagger):
    return write_snli_files(tmp_path_factory.mktemp("snli"))


def test_ablation_end_to_end(snli_files, tmp_path, capsys):
    from experiments.ablation import FAMILIES, main

    assert main(data_args(snli_files) + ["--out", str(tmp_path), "--C-grid", "1.0"]) == 0
    table = pd.read_csv(tmp_path / "ablation.csv")
    assert list(table.columns[:6]) == ["setting", "families", "C", "dev_accuracy", "test_accuracy",
                                       "delta_test_vs_full"]
    assert len(table) == 1 + 2 * len(FAMILIES) == 15
    assert table.loc[0, "setting"] == "full" and table.loc[0, "families"] == "+".join(FAMILIES)
    for name in FAMILIES:
        without = table.loc[table["setting"] == f"without {name}", "families"].item().split("+")
        assert name not in without and len(without) == len(FAMILIES) - 1
        assert table.loc[table["setting"] == f"only {name}", "families"].item() == name
    # accuracies, deltas and McNemar counts are recounted by hand in test_experiment_numbers.py
    # McNemar against the full model: the difference of the discordant counts is the accuracy delta
    assert np.isnan(table.loc[0, "p_mcnemar_vs_full"])
    assert np.allclose((table["a_only"] - table["b_only"]) / 30, table["delta_test_vs_full"])
    assert (tmp_path / "ablation.md").read_text(encoding="utf-8").count("\n|") >= 16
    assert "total wall time" in capsys.readouterr().out


def test_learning_curve_end_to_end(snli_files, tmp_path, capsys):
    from experiments.learning_curve import main

    assert main(data_args(snli_files) + ["--out", str(tmp_path), "--sizes", "10", "30", "all", "--draws", "2"]) == 0
    results = pd.read_csv(tmp_path / "learning_curve.csv")
    assert list(results.columns[:4]) == ["model", "n_train", "draw", "test_accuracy"]
    # two draws at 10 and 30, one at all 60 (draws would be identical), for each model
    counts = results.groupby(["model", "n_train"]).size().to_dict()
    assert counts == {(m, n): k for m in ("lexicalized", "unlexicalized") for n, k in ((10, 2), (30, 2), (60, 1))}
    summary = pd.read_csv(tmp_path / "learning_curve_summary.csv")
    assert list(summary.columns) == ["model", "n_train", "mean", "std", "n_draws"]
    assert summary.loc[summary["n_train"] == 60, "std"].isna().all()  # one draw: no sample std
    assert (tmp_path / "learning_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out = capsys.readouterr().out
    assert "Paper's claim" in out and "checked at n=10" in out


def test_learning_curve_draws_are_paired_and_reproducible():
    from experiments.learning_curve import parse_sizes, subsample

    assert parse_sizes(["100", "all", "30", "1000"], 500) == [30, 100, 500]
    a, b = subsample(1000, 100, 0, 1), subsample(1000, 100, 0, 1)
    assert np.array_equal(a, b) and len(set(a)) == 100 and not np.array_equal(a, subsample(1000, 100, 0, 2))
    assert np.array_equal(subsample(50, 100, 0, 0), np.arange(50))


def test_error_analysis_end_to_end(snli_files, tmp_path, capsys):
    from classifiers.logistic import make_model
    from classifiers.persistence import save_model
    from experiments.error_analysis import PROBES, main
    from lexnli.corpora.snli import read_snli

    train = read_snli(snli_files["train"])
    model = make_model("lexicalized", C=1.0).fit(train.pairs, train.labels)
    path = save_model(model, tmp_path / "model.joblib", C=1.0, n_train=len(train))
    out = tmp_path / "out"
    assert main(["--model", str(path), "--train", str(snli_files["train"]), "--test", str(snli_files["test"]),
                 "--out", str(out)]) == 0
    text = (out / "error_analysis.md").read_text(encoding="utf-8")
    for heading in ("## Top-weighted features per class", "### entailment", "### contradiction", "### neutral",
                    "## Test set", "Confusion matrix", "## Probe pairs"):
        assert heading in text
    for _, premise, hypothesis, _ in PROBES:
        assert premise in text and hypothesis in text
    assert "pushed by:" in text
    assert text in capsys.readouterr().out
    # without --train or --test: features named from the probes, no test section
    assert main(["--model", str(path)]) == 0
    assert "## Test set" not in capsys.readouterr().out
