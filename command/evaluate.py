"""``lexnli evaluate``: score a model on a labelled file of one's own, overall, by class and by field.

    lexnli evaluate challenge.jsonl --by category
    lexnli evaluate --model a.skops rte.jsonl --against b.skops --json

The file is SNLI-style (``.jsonl`` or ``.txt``, optionally gzipped; an SNLI zip or folder with
``--split``; ``-``: standard input, JSON lines or premise<TAB>hypothesis<TAB>label lines). Gold
labels are three-way (entailment, contradiction, neutral) or two-way: a file with any
``non-entailment`` (or GLUE's ``not_entailment``, or ``non_entailment``) label is scored two-way,
its neutral and contradiction labels and the model's neutral and contradiction predictions all
counting as not entailment. Pairs labelled "-" or without a label are read and not scored.

Reported: accuracy; precision, recall and F1 per class; the confusion matrix; with ``--by FIELD``
the number of pairs and accuracy for each value of that field of the input lines; with
``--against MODEL`` the second model's accuracy and McNemar's exact test between the two; and the
configuration signature (file, model, lexnli version, label set). As text, or one JSON object
with ``--json``. The pairs are read and predicted in batches.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from classifiers.evaluation import accuracy, breakdown, class_scores, confusion_frame, mcnemar, two_way
from classifiers.persistence import TRUST_RULE, load_model
from classifiers.predict import add_max_line_bytes_argument, batches
from lexnli.cli import UsageError
from lexnli.corpora.snli import STDIN, check_snli, iter_snli
from lexnli.records import ENTAILMENT, LABELS, NON_ENTAILMENT_SPELLINGS, SNLI_SPLITS
from lexnli.version import __version__

from .models import add_model_arguments, model_path, not_a_folder

#: Shown for a pair that lacks a ``--by`` field.
MISSING = "(none)"


def add_arguments(parser) -> None:
    parser.add_argument("file", help="labelled pairs: SNLI .jsonl or .txt (optionally .gz), an SNLI zip or folder with "
                                     "--split, or - for standard input")
    parser.add_argument("--split", choices=SNLI_SPLITS, default=None, help="the split of an SNLI zip or folder")
    parser.add_argument("--by", action="append", default=[], metavar="FIELD",
                        help="also report accuracy for each value of this field of the input lines (repeatable)")
    parser.add_argument("--against", type=Path, default=None, metavar="MODEL",
                        help="a second model: its accuracy, and McNemar's exact test between the two")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    add_max_line_bytes_argument(parser)
    add_model_arguments(parser)
    parser.epilog = TRUST_RULE


def _group(fields: dict, name: str) -> str:
    """The value of field ``name`` of a line, as text (:data:`MISSING` when the line lacks it)."""
    value = fields.get(name)
    if value is None:
        return MISSING
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def collect(models, items, by=()) -> dict:
    """Predict the ``(pair, fields)`` of ``items`` with each of ``models``, in batches; return the
    gold labels, each model's predictions and each ``by`` field's values of the gold-labelled pairs,
    and the number of pairs read."""
    canonical = {}  # one string object per distinct value: millions of pairs stay small
    gold, predicted, groups, n_read = [], [[] for _ in models], {name: [] for name in by}, 0
    for batch in batches(items):
        n_read += len(batch)
        scored = [(pair, fields) for pair, fields in batch if pair.label is not None]
        if not scored:
            continue
        pairs = [pair for pair, _ in scored]
        gold += [canonical.setdefault(pair.label, pair.label) for pair in pairs]
        for found, model in zip(predicted, models):
            found += [canonical.setdefault(label, label) for label in model.predict(pairs)]
        for name, values in groups.items():
            values += [canonical.setdefault(value, value) for value in (_group(fields, name) for _, fields in scored)]
    return {"gold": gold, "predicted": predicted, "groups": groups, "n_read": n_read}


def scores(collected: dict) -> dict:
    """The report's figures (see the module docstring) from :func:`collect`'s lists."""
    gold, predicted = collected["gold"], collected["predicted"]
    if not gold:
        raise UsageError("no pair has a gold label (entailment, contradiction, neutral, or a two-way label), "
                         "so there is nothing to score")
    spelling = next((label for label in gold if label in NON_ENTAILMENT_SPELLINGS), None)
    labels = LABELS
    if spelling is not None:  # a two-way file: neutral and contradiction are not entailment
        labels, gold = (ENTAILMENT, spelling), two_way(gold, spelling)
        predicted = [two_way(found, spelling) for found in predicted]
    report = {"n_read": collected["n_read"], "n_scored": len(gold), "labels": list(labels),
              "accuracy": accuracy(gold, predicted[0]),
              "classes": class_scores(gold, predicted[0], labels),
              "confusion": confusion_frame(gold, predicted[0], labels),
              "by": {name: breakdown(gold, predicted[0], values, name)
                     for name, values in collected["groups"].items()}}
    if len(predicted) > 1:
        report["against"] = {"accuracy": accuracy(gold, predicted[1]), **mcnemar(gold, predicted[0], predicted[1])}
    return report


def _signature(args, model: Path, labels) -> str:
    parts = [f"file:{args.file}" + (f"[{args.split}]" if args.split else ""), f"model:{model}",
             f"lexnli:{__version__}", f"labels:{len(labels)}-way({','.join(labels)})"]
    return "|".join(parts + ([f"against:{args.against}"] if args.against is not None else []))


def _table(frame, fractions, index: bool = True) -> str:
    """``frame`` as markdown, its ``fractions`` columns as percentages with two decimals (blank where undefined)."""
    shown = frame.assign(**{c: frame[c].map(lambda v: "" if v != v else f"{100 * v:.2f}") for c in fractions})
    return shown.to_markdown(index=index, disable_numparse=True)


def _text(report: dict, args) -> str:
    lines = [f"pairs: {report['n_read']} read, {report['n_scored']} scored "
             f"({report['n_read'] - report['n_scored']} without a gold label)",
             f"accuracy: {100 * report['accuracy']:.2f} "
             f"({round(report['accuracy'] * report['n_scored'])}/{report['n_scored']})", "",
             _table(report["classes"], ("precision", "recall", "f1")), "",
             "confusion matrix (rows gold, columns predicted):", "", report["confusion"].to_markdown()]
    for name, table in report["by"].items():
        lines += ["", f"by {name}:", "", _table(table, ("accuracy",), index=False)]
    if "against" in report:
        against = report["against"]
        lines += ["", f"against {args.against}: accuracy {100 * against['accuracy']:.2f}; McNemar's exact test: "
                      f"only the model right on {against['a_only']} pairs, only {args.against} on "
                      f"{against['b_only']}, p = {against['p_value']:.3g}"]
    return "\n".join(lines + ["", f"Configuration: `{report['signature']}`"]) + "\n"


def _json(report: dict) -> str:
    def records(frame):
        return json.loads(frame.to_json(orient="records"))  # NaN becomes null
    shown = {**report, "classes": records(report["classes"].reset_index()),
             "confusion": records(report["confusion"].rename_axis("gold").reset_index()),
             "by": {name: records(table) for name, table in report["by"].items()}}
    return json.dumps(shown, ensure_ascii=False, indent=2) + "\n"


def run(args) -> int:
    gold_labels = LABELS + NON_ENTAILMENT_SPELLINGS
    paths = [model_path(args)] + ([not_a_folder(args.against, "--against")] if args.against is not None else [])
    if args.file != STDIN:
        check_snli(args.file, args.split, require_label=False, gold_labels=gold_labels,
                   max_line_bytes=args.max_line_bytes, allow_blank=False)
    models = [load_model(path, trusted=args.trust_pickle) for path in paths]
    items = iter_snli(args.file, args.split, keep_unlabeled=True, require_label=False, gold_labels=gold_labels,
                      with_fields=True, max_line_bytes=args.max_line_bytes, allow_blank=False)
    report = scores(collect(models, items, args.by))
    report["signature"] = _signature(args, paths[0], report["labels"])
    sys.stdout.write(_json(report) if args.json else _text(report, args))
    return 0
