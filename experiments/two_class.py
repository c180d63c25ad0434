"""The paper's two-class comparison with EOP-style systems (Bowman et al. 2015, Table 3).

Systems (entailment vs. not entailment; neutral and contradiction are collapsed):
majority baseline, edit distance (EOP EDITS defaults), edit distance with WordNet-free
substitutions (an extra row, no paper figure), the overlap classifier, and the classifier with
lexical resources (WordNet, VerbOcean, tree skeleton). Datasets: SNLI (train -> test; dev
accuracy is logged), SICK (TRAIN + TRIAL -> TEST) and RTE-3 (dev -> test). Nothing is tuned:
every model uses its default settings, and the edit-distance threshold is learned on train.

Usage::

    python -m experiments.two_class --train .../snli_1.0_train_subset.jsonl.gz \
        --dev .../snli_1.0_dev.jsonl.gz --test .../snli_1.0_test.jsonl.gz \
        --sick SICK.txt.gz --out results/two_class

Writes ``OUT/two_class.csv`` (``system, dataset, n_train, accuracy, paper_accuracy``; accuracy
a fraction; the paper's figure only on SNLI rows) and ``OUT/two_class.md``, atomically.
"""
from __future__ import annotations

import csv
import io
import logging
import time

import numpy as np

from classifiers.cli import add_data_arguments, load_splits
from classifiers.edit_distance import EditDistanceClassifier
from classifiers.evaluation import accuracy
from classifiers.two_class import MajorityClassifier, OverlapClassifier, collapse_labels
from featurize.presets import signature
from lexnli.cli import UsageError
from lexnli.corpora.rte import read_rte3
from lexnli.errors import DataNotFoundError

from . import runner
from .runner import Results

logger = logging.getLogger("lexnli")

COLUMNS = ("system", "dataset", "n_train", "accuracy", "paper_accuracy")
#: The paper's SNLI test accuracies (Table 3, two-class).
PAPER = {
    "majority baseline": 0.66,
    "edit distance": 0.719,
    "classifier": 0.722,
    "classifier + lexical resources": 0.750,
}


def systems(n_jobs=None):
    """``(name, factory)`` of each system, in table order."""
    return [
        ("majority baseline", MajorityClassifier),
        ("edit distance", EditDistanceClassifier),
        ("edit distance + WordNet", lambda: EditDistanceClassifier(wordnet_substitution=True)),
        ("classifier", lambda: OverlapClassifier(n_jobs=n_jobs)),
        ("classifier + lexical resources", lambda: OverlapClassifier(lexical_resources=True, n_jobs=n_jobs)),
    ]


def add_arguments(parser) -> None:
    add_data_arguments(parser)
    runner.add_sick_arguments(parser, skip="skip SICK", when_missing="; SICK is skipped with a warning when it is "
                                                                   "not found")
    parser.add_argument("--no-rte", action="store_true", help="skip RTE-3")
    parser.add_argument("--no-snli", action="store_true", help="skip SNLI")


def _datasets(args):
    """``{name: (train_pairs, train_labels, test_pairs, test_labels, dev or None)}``, collapsed labels."""
    datasets = {}
    if not args.no_snli:
        splits = load_splits(args)
        train, test, dev = splits["train"], splits["test"], splits["dev"]
        datasets["SNLI"] = (train.pairs, collapse_labels(train.labels), test.pairs, collapse_labels(test.labels),
                            (dev.pairs, collapse_labels(dev.labels)))
    try:
        sick = runner.sick_splits(args)
    except DataNotFoundError as exc:
        logger.warning("SICK skipped: %s", exc)
    else:
        if sick is not None:
            train, test = sick[0] + sick[1], sick[2]  # TRAIN + TRIAL -> TEST
            datasets["SICK"] = (train, collapse_labels([p.label for p in train]),
                                test, collapse_labels([p.label for p in test]), None)
    if not args.no_rte:
        train, test = read_rte3("dev"), read_rte3("test")
        datasets["RTE-3"] = (train, np.array([p.label for p in train], dtype=object),
                             test, np.array([p.label for p in test], dtype=object), None)
    return datasets


def run(args) -> list[dict]:
    rows = []
    for dataset, (train, y_train, test, y_test, dev) in _datasets(args).items():
        for system, make in systems(args.n_jobs):
            start = time.perf_counter()
            model = make().fit(train, y_train)
            test_accuracy = accuracy(y_test, model.predict(test))
            extra = f", dev {accuracy(dev[1], model.predict(dev[0])):.4f}" if dev is not None else ""
            logger.info("%s / %s: test accuracy %.4f%s (%.1fs)", dataset, system, test_accuracy, extra,
                        time.perf_counter() - start)
            rows.append({"system": system, "dataset": dataset, "n_train": len(train), "accuracy": test_accuracy,
                         "paper_accuracy": PAPER.get(system) if dataset == "SNLI" else None})
    return rows


def to_csv(rows) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({**row, "accuracy": f"{row['accuracy']:.4f}",
                         "paper_accuracy": "" if row["paper_accuracy"] is None else f"{row['paper_accuracy']:.3f}"})
    return out.getvalue()


def to_markdown(rows, seconds: float | None = None) -> str:
    lines = ["# Two-class results (entailment vs. not entailment)", "",
             "Test accuracy (%); the paper's figure is Bowman et al. 2015's SNLI result (Table 3).", "",
             "| system | dataset | n_train | accuracy | paper |", "|---|---|---:|---:|---:|"]
    for row in rows:
        paper = "" if row["paper_accuracy"] is None else f"{100 * row['paper_accuracy']:.1f}"
        lines.append(f"| {row['system']} | {row['dataset']} | {row['n_train']} | "
                     f"{100 * row['accuracy']:.1f} | {paper} |")
    if seconds is not None:
        lines += ["", f"Wall time: {seconds:.0f} s."]
    return "\n".join(lines) + "\n"


def report(args, corpora=None) -> Results:
    """Every system on every dataset the options ask for; the table as csv and markdown."""
    if args.no_snli and args.no_sick and args.no_rte:
        raise UsageError("--no-snli, --no-sick and --no-rte leave nothing to run")
    start = time.perf_counter()
    rows = run(args)
    text = to_markdown(rows, time.perf_counter() - start)
    # The overlap classifiers use PairFeaturizer's defaults (the paper preset) and C=1.
    return Results(text, {"two_class.csv": to_csv(rows), "two_class.md": text},
                   signature=signature("paper", C_grid=(1.0,)))


def main(argv=None) -> int:
    return runner.main(argv, prog="python -m experiments.two_class", description=__doc__, report=report,
                       add_arguments=add_arguments, snli=False, featurizer=False,
                       out_help="write two_class.csv and two_class.md here")


if __name__ == "__main__":
    raise SystemExit(main())
