"""``python -m experiments.ablation``: end to end, its rows (accuracies, deltas, McNemar counts) recounted by
hand, its help and usage errors.

The end-to-end run reads 60 / 30 / 30 template lines without parses (:mod:`tests.helpers.snli_lines`;
the tagger is needed). Figures are recounted on the noisy fixture of :mod:`tests.helpers.noisy_snli`
(300 train / 90 dev / 120 test pairs with parses), on which the models really differ, with plain
Python (``Counter``, ``statistics``) and :func:`scipy.stats.binomtest` from predictions of models
fitted by :func:`classifiers.logistic.make_model` -- the same pipeline the scripts fit, deterministic
(``random_state=0``) -- never with the library's own accuracy or McNemar code.
"""
import numpy as np
import pandas as pd
import pytest

from tests.helpers.noisy_snli import gold_labels
from tests.helpers.recount import hand_accuracy, hand_mcnemar, markdown_tables, refit
from tests.helpers.templates import data_args


def test_ablation_end_to_end(snli_lines_files, tmp_path, capsys):
    from experiments.ablation import FAMILIES, main

    assert main(data_args(snli_lines_files) + ["--out", str(tmp_path), "--C-grid", "1.0"]) == 0
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


def test_ablation_help_says_C_is_chosen_for_every_row(capsys):
    from experiments.ablation import main

    with pytest.raises(SystemExit):
        main(["--help"])
    assert "C values tried on dev for every row" in " ".join(capsys.readouterr().out.split())


def test_ablation_usage_error_names_the_command(capsys):
    from experiments.ablation import main

    assert main(["--out"]) == 2
    assert capsys.readouterr().err.endswith("(see python -m experiments.ablation --help)\n")
