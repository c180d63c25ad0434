"""The SNLI paper's Table 4: lexicalized, unigrams-only and unlexicalized logistic regression.

    python -m experiments.lexicalized [--train F --dev F --test F | --data-dir DIR] [--out DIR]

Each model's C is chosen on dev; the table gives train, dev and test accuracy beside the
paper's figures (trained on the full 550k train), and McNemar's test between the rows.
"""
from __future__ import annotations

import itertools
import logging
import time
from pathlib import Path

import pandas as pd

from classifiers.cli import add_fit_arguments
from classifiers.evaluation import accuracy, confusion_frame, mcnemar
from classifiers.logistic import C_GRID, fit_select_C
from classifiers.persistence import save_model
from featurize.presets import DEFAULT_PRESET
from lexnli.records import LABELS

from . import runner
from .runner import Results, featurizer_params, percent

logger = logging.getLogger("lexnli")

#: Table 4 of Bowman et al. (2015): (train, test) accuracy, trained on all 550,152 pairs.
PAPER = {"lexicalized": (0.997, 0.782), "unigrams_only": (0.931, 0.716), "unlexicalized": (0.494, 0.504)}


def run(corpora, grid=C_GRID, n_jobs=None, progress=False, featurizer_params=None, preset=DEFAULT_PRESET):
    """Fit and evaluate the three models; return the table, confusion matrices, significance, models."""
    rows, confusions, predictions, models = [], {}, {}, {}
    train, dev, test = corpora["train"], corpora["dev"], corpora["test"]
    for name in PAPER:
        start = time.perf_counter()
        selection = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, name, grid=grid,
                                 preset=preset, featurizer_params=featurizer_params, n_jobs=n_jobs,
                                 progress=progress)
        model = models[name] = selection.model
        predictions[name] = {"train": selection.train_predictions, "dev": selection.dev_predictions,
                             "test": model.predict(test.pairs)}
        confusions[name] = confusion_frame(test.labels, predictions[name]["test"], LABELS)
        rows.append({
            "model": name, "n_train": len(train), "C": selection.C,
            **{f"{split}_accuracy": accuracy(corpora[split].labels, predictions[name][split])
               for split in ("train", "dev", "test")},
            "paper_train_accuracy": PAPER[name][0], "paper_test_accuracy": PAPER[name][1],
            "converged": all(selection.converged.values()),
            "seconds": round(time.perf_counter() - start, 1),
        })
        logger.info("%s: C=%g, test accuracy %.4f", name, selection.C, rows[-1]["test_accuracy"])
    significance = pd.DataFrame([
        {"model_a": a, "model_b": b, **mcnemar(test.labels, predictions[a]["test"], predictions[b]["test"])}
        for a, b in itertools.combinations(PAPER, 2)])
    return pd.DataFrame(rows), confusions, significance, models


def markdown(table: pd.DataFrame, significance: pd.DataFrame) -> str:
    """The table and the significance tests as markdown, accuracies in percent."""
    shown = percent(table, [c for c in table.columns if c.endswith("accuracy")])
    return (shown.to_markdown(index=False) + "\n\nMcNemar's exact test on test predictions "
            "(a_only: pairs only model_a gets right):\n\n" +
            significance.to_markdown(index=False, floatfmt=".3g") + "\n")


def report(args, corpora) -> Results:
    """Run the three models as the options say; the table, significance tests and confusion matrices as files."""
    table, confusions, significance, models = run(corpora, tuple(args.C_grid), args.n_jobs, args.progress,
                                                  featurizer_params(args), args.preset)
    if args.save_model is not None:
        save_model(models["lexicalized"], args.save_model, C=float(table.loc[0, "C"]), n_train=len(corpora["train"]))
        print(f"lexicalized model saved to {args.save_model}")
    text = markdown(table, significance)
    files = {"table4.csv": table.to_csv(index=False), "table4.md": text,
             "significance.csv": significance.to_csv(index=False),
             **{f"confusion_{name}.csv": frame.to_csv() for name, frame in confusions.items()}}
    return Results(text, files, C_grid=tuple(args.C_grid))


def add_arguments(parser) -> None:
    parser.add_argument("--save-model", type=Path, default=None, help="save the lexicalized model to this file")
    add_fit_arguments(parser)


def main(argv=None) -> int:
    return runner.main(argv, prog="python -m experiments.lexicalized", description=__doc__, report=report,
                       add_arguments=add_arguments,
                       out_help="write table4.csv, table4.md, significance.csv and confusion_<model>.csv here")


if __name__ == "__main__":
    raise SystemExit(main())
