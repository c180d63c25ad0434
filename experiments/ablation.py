"""Feature ablation of the lexicalized model: each paper family removed, and each family alone.

    python -m experiments.ablation [--train F --dev F --test F | --data-dir DIR] [--out DIR] [--C-grid C ...]

Rows: the full lexicalized model (the reference), the model without each of the seven paper
families (``bleu``, ``length_diff``, ``overlap``, ``hyp_unigrams``, ``hyp_bigrams``,
``cross_unigrams``, ``cross_bigrams``), and each family alone. Every row's C is chosen on dev
(:func:`classifiers.logistic.fit_select_C`) from the same grid as Table 4's by default
(``classifiers.logistic.C_GRID``; with the SAGA solver the 15 rows take a few minutes on the
train subset); pass ``--C-grid`` for another (a smaller one for speed). The featurizer is
configured by ``--preset`` and the single-setting options.

Writes ``OUT/ablation.csv`` (``setting, families, C, dev_accuracy, test_accuracy,
delta_test_vs_full``, then ``a_only, b_only, p_mcnemar_vs_full`` (McNemar's exact test against the
full model's test predictions: pairs only this row gets right, pairs only the full model gets
right, two-sided p), ``converged, seconds``; accuracies are fractions, the delta is
``test_accuracy`` minus the full model's) and ``OUT/ablation.md``, atomically.
"""
from __future__ import annotations

import logging
import time

import pandas as pd

from classifiers.cli import add_fit_arguments
from classifiers.evaluation import accuracy, mcnemar
from classifiers.logistic import C_GRID, fit_select_C
from featurize import GROUPS
from featurize.presets import DEFAULT_PRESET

from . import runner
from .runner import Results, featurizer_params, percent

logger = logging.getLogger("lexnli")

#: The seven families of the paper's lexicalized model, in registry order.
FAMILIES = GROUPS["lexicalized"]
COLUMNS = ("setting", "families", "C", "dev_accuracy", "test_accuracy", "delta_test_vs_full", "a_only", "b_only",
           "p_mcnemar_vs_full", "converged", "seconds")


def settings(families=FAMILIES) -> list[tuple[str, tuple[str, ...]]]:
    """``(setting, families)`` of every row: the full model, then each family removed, then each alone."""
    rows = [("full", tuple(families))]
    rows += [(f"without {name}", tuple(f for f in families if f != name)) for name in families]
    rows += [(f"only {name}", (name,)) for name in families]
    return rows


def run(corpora, grid=C_GRID, n_jobs=None, progress=False, featurizer_params=None,
        preset=DEFAULT_PRESET) -> pd.DataFrame:
    """Fit and evaluate every ablation setting; return the table (one row per setting)."""
    train, dev, test = corpora["train"], corpora["dev"], corpora["test"]
    train_labels, dev_labels, test_labels = train.labels, dev.labels, test.labels
    rows, full_predictions = [], None
    for setting, families in settings():
        start = time.perf_counter()
        selection = fit_select_C(train.pairs, train_labels, dev.pairs, dev_labels, list(families), grid=grid,
                                 preset=preset, featurizer_params=featurizer_params, n_jobs=n_jobs,
                                 progress=progress)
        predictions = selection.model.predict(test.pairs)
        if full_predictions is None:  # the first setting is the full model
            full_predictions = predictions
        # McNemar against the full model: a_only = pairs only this row gets right, b_only = only the full model
        paired = mcnemar(test_labels, predictions, full_predictions) if setting != "full" else \
            {"a_only": 0, "b_only": 0, "p_value": float("nan")}
        test_accuracy = accuracy(test_labels, predictions)
        rows.append({
            "setting": setting, "families": "+".join(families), "C": selection.C,
            "dev_accuracy": selection.dev_accuracy[selection.C], "test_accuracy": test_accuracy,
            "a_only": paired["a_only"], "b_only": paired["b_only"], "p_mcnemar_vs_full": paired["p_value"],
            "converged": all(selection.converged.values()),
            "seconds": round(time.perf_counter() - start, 1),
        })
        logger.info("%s: C=%g, dev %.4f, test %.4f (%.0f s)", setting, selection.C, rows[-1]["dev_accuracy"],
                    test_accuracy, rows[-1]["seconds"])
    table = pd.DataFrame(rows)
    table["delta_test_vs_full"] = (table["test_accuracy"]
                                   - table.loc[table["setting"] == "full", "test_accuracy"].iloc[0])
    return table[list(COLUMNS)]


def markdown(table: pd.DataFrame, n_train: int, grid, n_test: int | None = None) -> str:
    """The table as markdown: accuracies in percent, the delta in percentage points."""
    shown = percent(table, ["dev_accuracy", "test_accuracy"])
    shown["delta_test_vs_full"] = (100 * table["delta_test_vs_full"]).map("{:+.1f}".format)
    shown["C"] = table["C"].map("{:g}".format)
    shown["p_mcnemar_vs_full"] = table["p_mcnemar_vs_full"].map(lambda p: "" if p != p else f"{p:.2g}")
    shown = shown.rename(columns={"dev_accuracy": "dev %", "test_accuracy": "test %",
                                  "delta_test_vs_full": "Δ test vs full (points)",
                                  "a_only": "only this right", "b_only": "only full right",
                                  "p_mcnemar_vs_full": "McNemar p"})
    # disable_numparse keeps the delta's sign ("+0.4") as formatted
    return (f"Feature ablation of the lexicalized model ({n_train} training pairs; C chosen on dev from "
            f"{', '.join(f'{c:g}' for c in grid)} per row).\n\n"
            + shown.to_markdown(index=False, disable_numparse=True,
                                colalign=("left", "left") + ("right",) * (len(shown.columns) - 2))
            + "\n" + (_noise_note(table, n_test) if n_test else ""))


def _noise_note(table: pd.DataFrame, n_test: int) -> str:
    """One binomial standard error of the full model's test accuracy, to read the deltas against."""
    p = float(table.loc[table["setting"] == "full", "test_accuracy"].iloc[0])
    se = 100 * (p * (1 - p) / n_test) ** 0.5
    return (f"\n{n_test} test pairs: one binomial standard error of the full model's test accuracy is "
            f"{se:.2f} points. The rows are evaluated on the same pairs, so each is compared with the full model by "
            f"McNemar's exact test on the pairs exactly one of the two gets right (no correction for the 14 "
            f"comparisons).\n")


def report(args, corpora) -> Results:
    """Run every ablation setting as the options say; the table as csv and markdown."""
    grid = tuple(args.C_grid)
    table = run(corpora, grid, args.n_jobs, args.progress, featurizer_params(args), args.preset)
    text = markdown(table, len(corpora["train"]), grid, len(corpora["test"]))
    return Results(text, {"ablation.csv": table.to_csv(index=False), "ablation.md": text}, C_grid=grid)


def add_arguments(parser) -> None:
    add_fit_arguments(parser, " for every row")


def main(argv=None) -> int:
    return runner.main(argv, prog="python -m experiments.ablation", description=__doc__, report=report,
                       add_arguments=add_arguments, out_help="write ablation.csv and ablation.md here")


if __name__ == "__main__":
    raise SystemExit(main())
