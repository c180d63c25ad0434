"""``python -m experiments.learning_curve``: end to end, its points, summary and claim recounted by hand,
what its run passes to the fits, its ``seconds`` column, the figure and the markdown.

The end-to-end run reads template lines without parses (:mod:`tests.helpers.snli_lines`: the tagger
is needed). Figures are recounted by hand on the noisy fixture of :mod:`tests.helpers.noisy_snli`, and what the run
passes to its fits is checked with the stand-ins of :mod:`tests.helpers.stand_ins`, as in
:mod:`tests.experiments.test_lexicalized` (whose docstring says how).
"""
from __future__ import annotations

import statistics

import matplotlib
import numpy as np
import pandas as pd
import pytest

from tests.helpers.noisy_snli import gold_labels
from tests.helpers.recount import hand_accuracy, markdown_tables, refit
from tests.helpers.stand_ins import PREDICTS, recording_fit, share, stepping_clock
from tests.helpers.templates import data_args


# --- end to end, and the figures recounted ---------------------------------------------------------

def test_learning_curve_end_to_end(snli_lines_files, tmp_path, capsys):
    from experiments.learning_curve import main

    assert main(data_args(snli_lines_files) + ["--out", str(tmp_path), "--sizes", "10", "30", "all",
                                               "--draws", "2"]) == 0
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


# --- the run (stand-in fits) and the command's options ----------------------------------------------

def test_learning_curve_run_rows_seconds_and_summary_order(noisy_snli, monkeypatch):
    import experiments.learning_curve as curve

    calls = []
    monkeypatch.setattr(curve, "fit_select_C", recording_fit(calls))
    monkeypatch.setattr(curve, "time", stepping_clock(2.34))  # shown as 2.3
    results = curve.run(noisy_snli, [10, 300], draws=2, grid=(0.3, 2.0), models=("unlexicalized", "lexicalized"),
                        seed=5, n_jobs=3, featurizer_params={"min_df": 2}, preset="paper", progress=True)
    # size 10 twice, size 300 (all of train) once; models in the order given
    assert list(zip(results["model"], results["n_train"], results["draw"])) == [
        ("unlexicalized", 10, 0), ("lexicalized", 10, 0), ("unlexicalized", 10, 1), ("lexicalized", 10, 1),
        ("unlexicalized", 300, 0), ("lexicalized", 300, 0)]
    assert [call["n_train"] for call in calls] == [10, 10, 10, 10, 300, 300]
    for call in calls:
        assert {k: v for k, v in call.items() if k not in ("features", "n_train")} == {
            "grid": (0.3, 2.0), "preset": "paper", "featurizer_params": {"min_df": 2}, "n_jobs": 3, "progress": True}
    assert list(results["seconds"]) == [2.3] * 6
    assert list(results["C"]) == [2.0] * 6 and list(results["dev_accuracy"]) == [0.5] * 6
    assert not results["converged"].any()
    test = noisy_snli["test"].labels
    assert list(results["test_accuracy"]) == [share(test, PREDICTS[m]) for m in results["model"]]
    # the summary keeps the run's order (unlexicalized first at each size), not the sorted one
    summary = curve.summarize(results)
    assert list(zip(summary["model"], summary["n_train"])) == [
        ("unlexicalized", 10), ("lexicalized", 10), ("unlexicalized", 300), ("lexicalized", 300)]
    assert list(summary["n_draws"]) == [2, 2, 1, 1]


def test_learning_curve_run_defaults(noisy_snli, monkeypatch):
    import experiments.learning_curve as curve

    calls = []
    monkeypatch.setattr(curve, "fit_select_C", recording_fit(calls))
    results = curve.run(noisy_snli, [20])
    assert list(results["model"]) == ["lexicalized", "unlexicalized"] * 3  # three draws, both models
    assert results["draw"].tolist() == [0, 0, 1, 1, 2, 2]
    for call in calls:
        assert {k: v for k, v in call.items() if k not in ("features", "n_train")} == {
            "grid": (1.0,), "preset": "recommended", "featurizer_params": None, "n_jobs": None, "progress": False}
    # the draws are seeded with 0: draw d of 20 is the same subsample as subsample(300, 20, 0, d)
    assert [curve.subsample(300, 20, 0, d).tolist() for d in range(3)] != [
        curve.subsample(300, 20, 1, d).tolist() for d in range(3)]


def test_learning_curve_cli_passes_its_options_to_the_fits(noisy_snli_files, tmp_path, monkeypatch, capsys,
                                                           kept_figures):
    import experiments.learning_curve as curve

    calls = []
    monkeypatch.setattr(curve, "fit_select_C", recording_fit(calls))
    assert curve.main(data_args(noisy_snli_files) + ["--out", str(tmp_path), "--sizes", "50", "--draws", "1",
                                                     "--preset", "paper", "--min-df", "3", "--n-jobs", "2"]) == 0
    assert [call["features"] for call in calls] == ["lexicalized", "unlexicalized"]
    for call in calls:
        assert call["n_jobs"] == 2 and call["preset"] == "paper" and call["featurizer_params"]["min_df"] == 3
        assert call["grid"] == (1.0,)
    # the figure written carries the claim's note (checked at n=50, the only size run)
    assert (tmp_path / "learning_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (note,) = kept_figures[0].axes[0].texts
    assert "here at n=50:" in note.get_text()


@pytest.fixture
def kept_figures(monkeypatch):
    """The figures ``plot`` draws, kept open (``plt.close`` recorded instead of run), closed afterwards."""
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figures = []
    monkeypatch.setattr(plt, "close", figures.append)
    yield figures
    monkeypatch.undo()
    for figure in figures:
        plt.close(figure)


def test_learning_curve_figure(kept_figures):
    from experiments.learning_curve import check_claim, plot, summarize

    rows = [("lexicalized", 100, 0, 0.50), ("lexicalized", 100, 1, 0.60), ("lexicalized", 3000, 0, 0.70),
            ("unlexicalized", 100, 0, 0.40), ("unlexicalized", 100, 1, 0.50), ("unlexicalized", 3000, 0, 0.55)]
    results = pd.DataFrame(rows, columns=["model", "n_train", "draw", "test_accuracy"])
    summary = summarize(results)
    with matplotlib.rc_context({"savefig.format": "svg"}):  # a user's default format does not change the file's
        png = plot(summary, check_claim(results))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    # 7 x 4.5 inches at 120 dpi: the PNG's width and height from its IHDR chunk
    assert int.from_bytes(png[16:20], "big") == 840 and int.from_bytes(png[20:24], "big") == 540
    (figure,) = kept_figures
    (ax,) = figure.axes
    assert ax.get_xscale() == "log"
    assert ax.get_title() == "SNLI learning curve (error bars: ±1 std over draws)"
    assert ax.get_xlabel() == "training pairs (log scale)" and ax.get_ylabel() == "test accuracy (%)"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["100", "3k"] and list(ax.get_xticks()) == [100, 3000]
    assert ax.get_xticks(minor=True).size == 0
    # the curves: means in percent at each size, each in its model's colour
    curves = {container.get_label(): container.lines[0] for container in ax.containers}
    assert set(curves) == {"lexicalized (this run)", "unlexicalized (this run)"}
    assert curves["lexicalized (this run)"].get_xdata().tolist() == [100, 3000]
    assert curves["lexicalized (this run)"].get_ydata() == pytest.approx([55.0, 70.0])
    assert curves["unlexicalized (this run)"].get_ydata() == pytest.approx([45.0, 55.0])
    blue, orange = matplotlib.colors.to_rgba("tab:blue"), matplotlib.colors.to_rgba("tab:orange")
    assert matplotlib.colors.to_rgba(curves["lexicalized (this run)"].get_color()) == blue
    assert matplotlib.colors.to_rgba(curves["unlexicalized (this run)"].get_color()) == orange
    # error bars of one sample std (7.07 points at 100, none for the single draw at 3000)
    bars = [c for c in ax.collections if isinstance(c, matplotlib.collections.LineCollection)]
    spans = sorted(round(float(s[1][1] - s[0][1]), 3) for c in bars for s in c.get_segments())
    assert spans == pytest.approx(sorted([2 * 7.071, 0.0, 2 * 7.071, 0.0]), abs=0.01)
    assert {matplotlib.colors.to_rgba(c.get_colors()[0]) for c in bars} == {blue, orange}
    caps = [line for line in ax.get_lines() if line.get_marker() == "_"]
    # capsize 3: a 6-point cap, top and bottom
    assert len(caps) == 4 and {line.get_markersize() for line in caps} == {6.0}
    # the paper's test accuracies (Table 4) and chance, as horizontal reference lines
    flat = {line.get_label(): line for line in ax.get_lines() if line.get_marker() not in ("o", "_")}
    assert set(flat) == {"lexicalized, paper (550k train): 78.2", "unlexicalized, paper (550k train): 50.4",
                         "chance (33.3)"}
    for label, y, color, style in [("lexicalized, paper (550k train): 78.2", 78.2, blue, ":"),
                                   ("unlexicalized, paper (550k train): 50.4", 50.4, orange, ":"),
                                   ("chance (33.3)", 100 / 3, matplotlib.colors.to_rgba("grey"), "--")]:
        assert flat[label].get_ydata() == pytest.approx([y, y])
        assert matplotlib.colors.to_rgba(flat[label].get_color()) == color and flat[label].get_linestyle() == style
    assert flat["chance (33.3)"].get_linewidth() < flat["lexicalized, paper (550k train): 78.2"].get_linewidth() <= \
        curves["lexicalized (this run)"].get_linewidth()
    # headroom for the claim's box: matplotlib's default 5% margins around the lines (chance 33.3 to the
    # paper's 78.2) span 1.1 R, and a fifth of that span is added on top
    low, high = ax.get_ylim()
    span = 78.2 - 100 / 3
    assert low == pytest.approx(100 / 3 - 0.05 * span)
    assert high == pytest.approx(78.2 + 0.05 * span + 0.2 * 1.1 * span)
    (note,) = ax.texts
    assert note.get_text() == ("paper: lexicalized > unlexicalized already at 100\n"
                               "here at n=100: 55.0 vs 45.0 (holds; won 2/2 draws)")
    assert note.xy == pytest.approx((100, 55.0))  # the arrow points at the better mean at n=100
    # the box in the upper left corner of the axes (axes coordinates), the arrow in data coordinates
    assert note.get_position() == pytest.approx((0.03, 0.97)) and note.get_verticalalignment() == "top"
    assert note.anncoords == "axes fraction" and note.xycoords == "data"
    assert note.get_fontsize() < matplotlib.rcParams["font.size"]
    assert note.arrow_patch is not None and note.get_bbox_patch() is not None
    assert note.get_bbox_patch().get_facecolor()[:3] == (1.0, 1.0, 1.0)
    legend = ax.get_legend()
    assert legend._loc == 4  # lower right, away from the claim's box in the upper left
    assert {t.get_text() for t in legend.get_texts()} == set(curves) | set(flat)
    assert legend.get_texts()[0].get_fontsize() < matplotlib.rcParams["font.size"]
    assert any(line.get_visible() for line in ax.get_xgridlines())


def test_learning_curve_figure_without_claim_and_claim_failing(kept_figures):
    from experiments.learning_curve import check_claim, plot, summarize

    columns = ["model", "n_train", "draw", "test_accuracy"]
    plot(summarize(pd.DataFrame([("lexicalized", 1000, 0, 0.6), ("lexicalized", 1000, 1, 0.65)], columns=columns)),
         None)
    (ax,) = kept_figures[0].axes
    assert len(ax.texts) == 0
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1k"]
    results = pd.DataFrame([("lexicalized", 100, 0, 0.5), ("unlexicalized", 100, 0, 0.6)], columns=columns)
    plot(summarize(results), check_claim(results))
    (note,) = kept_figures[1].axes[0].texts
    assert note.get_text().endswith("here at n=100: 50.0 vs 60.0 (does not hold; won 0/1 draws)")
    assert note.xy == pytest.approx((100, 60.0))


# --- text --------------------------------------------------------------------------------------------

def test_learning_curve_markdown_names_the_C_grid():
    from experiments.learning_curve import markdown

    summary = pd.DataFrame({"model": ["lexicalized"], "n_train": [100], "mean": [0.5], "std": [float("nan")],
                            "n_draws": [1]})
    assert "; C chosen on dev for every fit from 0.3, 1, 3.\n" in markdown(summary, None, (0.3, 1.0, 3.0))
    assert "; C = 0.5 for every fit.\n" in markdown(summary, None, (0.5,))
    assert markdown(summary, None, (0.5,)).endswith("\n\nPaper's claim not checked: both the lexicalized and the "
                                                    "unlexicalized model are needed.\n")


def test_learning_curve_figure_lists_models_in_run_order(kept_figures):
    from experiments.learning_curve import plot, summarize

    results = pd.DataFrame([("unlexicalized", 100, 0, 0.4), ("lexicalized", 100, 0, 0.5)],
                           columns=["model", "n_train", "draw", "test_accuracy"])
    plot(summarize(results), None)
    (ax,) = kept_figures[0].axes
    assert [c.get_label() for c in ax.containers] == ["unlexicalized (this run)", "lexicalized (this run)"]


def test_learning_curve_usage_error_names_the_command(capsys):
    from experiments.learning_curve import main

    assert main(["--draws", "0"]) == 2
    assert capsys.readouterr().err.endswith("(see python -m experiments.learning_curve --help)\n")
