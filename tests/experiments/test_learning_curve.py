"""What the experiments pass to their fits, the defaults of their ``run`` functions, the ``seconds``
columns and the learning-curve figure.

``fit_select_C`` is replaced by a recorder whose models predict one fixed label per feature group,
so every accuracy below is a hand count over the fixture's gold labels, and ``time.perf_counter``
by a clock that advances a fixed step per call, so the timings are known.
"""
from __future__ import annotations

import types

import matplotlib
import numpy as np
import pandas as pd
import pytest

from tests.helpers.stand_ins import PREDICTS, recording_fit, share, stepping_clock
from tests.helpers.templates import data_args


# --- Table 4 -----------------------------------------------------------------------------------------

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


# --- inference experiment ----------------------------------------------------------------------------

def test_inference_run_defaults(noisy_snli, monkeypatch):
    import experiments.inference as inference
    from classifiers.bias_reweighting import bias_weights

    augmented = []

    def augmentation(train_pairs, n, *, seed=None, reader=None):
        augmented.append((len(train_pairs), n, seed))
        return list(train_pairs[:5])

    def gold_probabilities(pairs, labels, features, **options):
        bias.append({"features": features, "n_train": len(pairs), **options})
        return np.linspace(0.0, 0.9, len(pairs))

    calls, bias = [], []
    monkeypatch.setattr(inference, "fit_select_C", recording_fit(calls, chosen={inference.HYPOTHESIS_ONLY: 1}))
    monkeypatch.setattr(inference, "augmentation", augmentation)
    monkeypatch.setattr(inference, "out_of_fold_gold_probabilities", gold_probabilities)
    rows = inference.run(noisy_snli)[0]
    assert augmented == [(300, 12_000, 0)]  # --augment 12000, --seed 0
    assert [(call["features"], call["n_train"]) for call in calls] == [
        (("hyp_unigrams", "hyp_bigrams"), 300), ("lexicalized", 300), ("inference", 305)]
    # only the inference model weights the alignment family, and its pairs, against the
    # hypothesis-only model with that model's C (the stand-in chooses 0.1 for it), strength 1
    assert [call.get("family_weights") for call in calls] == [None, None, {"alignment": 2.5}]
    assert bias == [{"features": ("hyp_unigrams", "hyp_bigrams"), "n_train": 305, "C": 0.1, "seed": 0,
                     "preset": "recommended", "featurizer_params": None, "n_jobs": None, "progress": False}]
    assert np.allclose(calls[2]["sample_weight"], bias_weights(np.linspace(0.0, 0.9, 305), 1.0))
    assert calls[0].get("sample_weight") is None and calls[1]["sample_weight"] is None
    for call in calls:
        assert {k: v for k, v in call.items() if k not in ("features", "n_train", "family_weights",
                                                            "sample_weight")} == {
            "grid": (0.03, 0.1, 0.3, 1.0), "preset": "recommended", "featurizer_params": None, "n_jobs": None,
            "progress": False}
    test, dev = noisy_snli["test"].labels, noisy_snli["dev"].labels
    assert list(rows["dataset"]) == ["snli_test", "snli_test", "snli_dev", "snli_dev", "snli_dev_hard", "snli_dev",
                                     "snli_dev_hard", "snli_test", "snli_test_hard", "snli_test_hard"]
    assert list(rows["model"]) == ["lexicalized", "inference", "hypothesis_only", "lexicalized", "lexicalized",
                                   "inference", "inference", "hypothesis_only", "lexicalized", "inference"]
    # the hard-dev proxy and its test twin: the pairs the (constant) hypothesis-only model gets
    # wrong, the non-contradictions
    hard = [label for label in dev if label != "contradiction"]
    hard_test = [label for label in test if label != "contradiction"]
    assert list(rows["n_test"])[4] == len(hard) and list(rows["n_test"])[8:] == [len(hard_test)] * 2
    # the paper's reference figure stands beside the two SNLI models' test rows, not the hypothesis-only one's
    assert list(rows["reference_accuracy"].fillna(0))[:2] == [0.782, 0.782]
    assert rows.loc[rows["model"] == "hypothesis_only", "reference_accuracy"].isna().all()
    assert list(rows["accuracy"]) == [share(test, "entailment"), share(test, "neutral"), share(dev, "contradiction"),
                                      share(dev, "entailment"), share(hard, "entailment"), share(dev, "neutral"),
                                      share(hard, "neutral"), share(test, "contradiction"),
                                      share(hard_test, "entailment"), share(hard_test, "neutral")]


def test_inference_without_reweighting_fits_no_bias_model(noisy_snli, monkeypatch):
    import experiments.inference as inference

    calls = []
    monkeypatch.setattr(inference, "fit_select_C", recording_fit(calls))
    monkeypatch.setattr(inference, "augmentation", lambda train_pairs, n, **kw: [])
    monkeypatch.setattr(inference, "out_of_fold_gold_probabilities",
                        lambda *a, **k: pytest.fail("a bias model was fitted with --bias-reweighting 0"))
    inference.run(noisy_snli, bias_reweighting=0)
    assert [call["sample_weight"] for call in calls[1:]] == [None, None]

# --- make_probes -------------------------------------------------------------------------------------

def test_make_probes_defaults(monkeypatch):
    import experiments.make_probes as make_probes

    seen = {}

    def substituted_pairs(premises, finder, *, seed, per_rule):
        seen.update(seed=seed, per_rule=per_rule, finder=finder)
        return []

    monkeypatch.setattr(make_probes, "load_wordnet", lambda: "wordnet")
    monkeypatch.setattr(make_probes, "SubstitutionFinder", lambda reader: ("finder", reader))
    monkeypatch.setattr(make_probes, "substituted_pairs", substituted_pairs)
    assert make_probes.make_probes([]) == []
    # --per-rule 250 and --seed 0 are the defaults of the command and of the function
    assert seen == {"seed": 0, "per_rule": dict.fromkeys(make_probes.RULES, 250), "finder": ("finder", "wordnet")}


# --- learning curve ----------------------------------------------------------------------------------

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
    assert len(caps) == 4 and {line.get_markersize() for line in caps} == {6.0}  # capsize 3: a 6-point cap, top and bottom
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


def test_inference_markdown_captions():
    from experiments.inference import markdown

    table = pd.DataFrame([{"model": "inference", "train": "snli", "dataset": "snli_test", "n_test": 4,
                           "accuracy": 0.75, "reference_accuracy": 0.782}])
    significance = pd.DataFrame([{"model_a": "inference", "model_b": "lexicalized", "a_only": 3, "b_only": 1,
                                  "p_value": 0.625}])
    text = markdown(table, significance)
    assert "McNemar's exact test on SNLI test (a_only: pairs only model_a gets right):\n\n" in text
    assert " 75 |" in text and " 78.2 |" in text and " 0.625 |" in text


def test_ablation_help_says_C_is_chosen_for_every_row(capsys):
    from experiments.ablation import main

    with pytest.raises(SystemExit):
        main(["--help"])
    assert "C values tried on dev for every row" in " ".join(capsys.readouterr().out.split())


# --- two-class comparison ----------------------------------------------------------------------------

def test_two_class_rte_dataset_and_systems_n_jobs(monkeypatch):
    import experiments.two_class as two_class

    read = {"dev": [types.SimpleNamespace(label="YES"), types.SimpleNamespace(label="NO")],
            "test": [types.SimpleNamespace(label="NO")]}
    monkeypatch.setattr(two_class, "read_rte3", lambda split: read[split])
    datasets = two_class._datasets(types.SimpleNamespace(no_snli=True, no_sick=True, no_rte=False))
    assert list(datasets) == ["RTE-3"]
    train, train_labels, test, test_labels, dev = datasets["RTE-3"]
    assert (train, test, dev) == (read["dev"], read["test"], None)  # trained on RTE-3 dev, no C to choose
    # labels as an object array, as collapse_labels gives every other dataset's
    assert train_labels.dtype == object and test_labels.dtype == object
    assert train_labels.tolist() == ["YES", "NO"] and test_labels.tolist() == ["NO"]
    built = {name: factory() for name, factory in two_class.systems(n_jobs=3)}
    assert built["classifier"].n_jobs == 3 and built["classifier + lexical resources"].n_jobs == 3
    assert built["classifier + lexical resources"].lexical_resources and not built["classifier"].lexical_resources
    assert built["edit distance + WordNet"].wordnet_substitution and not built["edit distance"].wordnet_substitution


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


def test_two_class_run_builds_systems_with_n_jobs_and_scores_them(monkeypatch):
    import experiments.two_class as two_class
    from classifiers.two_class import MajorityClassifier

    asked = []

    def systems(n_jobs=None):
        asked.append(n_jobs)
        return [("majority baseline", MajorityClassifier)]

    train, test = ["p1", "p2", "p3"], ["q1", "q2"]
    labels = lambda values: np.array(values, dtype=object)  # noqa: E731
    monkeypatch.setattr(two_class, "systems", systems)
    monkeypatch.setattr(two_class, "_datasets", lambda args: {
        "RTE-3": (train, labels(["YES", "YES", "NO"]), test, labels(["YES", "NO"]), None)})
    rows = two_class.run(types.SimpleNamespace(n_jobs=4))
    assert asked == [4]
    # the majority label of train (YES) is right on 1 of the 2 test pairs
    assert rows == [{"system": "majority baseline", "dataset": "RTE-3", "n_train": 3, "accuracy": 0.5,
                     "paper_accuracy": None}]


def test_two_class_usage_error_names_the_command(capsys):
    from experiments.two_class import main

    assert main(["--out"]) == 2
    assert capsys.readouterr().err.endswith("(see python -m experiments.two_class --help)\n")


def test_ablation_usage_error_names_the_command(capsys):
    from experiments.ablation import main

    assert main(["--out"]) == 2
    assert capsys.readouterr().err.endswith("(see python -m experiments.ablation --help)\n")
