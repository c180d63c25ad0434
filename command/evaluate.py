"""``lexnli evaluate``: score a model on a labelled file of one's own, overall, by class and by field.

    lexnli evaluate challenge.jsonl --by category --plot challenge.png
    lexnli evaluate --model a.skops rte.jsonl --against b.skops --json

The file is read as every entry point reads pairs (:mod:`lexnli.corpora.snli`): ``.jsonl``,
``.txt``/``.tsv``, ``.csv`` (optionally gzipped), an SNLI zip or folder with ``--split``, or
``-``, standard input, read as a file is. Gold labels (``gold_label`` or ``label``; integers: 0
entailment, 1 neutral, 2 contradiction, -1 none) are three-way (entailment, contradiction,
neutral) or two-way: a file with any ``non-entailment`` (or GLUE's ``not_entailment``, or
``non_entailment``) label is scored two-way, its neutral and contradiction labels and the model's
neutral and contradiction predictions all counting as not entailment. Pairs labelled "-" or
without a label are read and not scored.

Reported: accuracy; precision, recall and F1 per class; the confusion matrix; with ``--by FIELD``
the number of pairs and accuracy for each value of that field of the input lines (a field no line
has is an error naming the fields there are); with ``--against MODEL`` the second model's accuracy
and McNemar's exact test between the two; and the configuration signature (file, model, lexnli
version, label set). Every accuracy comes with its 95% Wilson score interval. As text, or one JSON
object with ``--json``; ``--plot FILE`` (``.png`` or ``.svg``) also draws the confusion matrix and
the accuracy by group with the intervals. The pairs are read and predicted in batches, in
``--n-jobs`` processes (default: every core; the figures are the same with any number).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from classifiers.batch_pool import map_batches
from classifiers.evaluation import (accuracy, breakdown, class_scores, confusion_frame, mcnemar, two_way,
                                   wilson_interval)
from classifiers.persistence import TRUST_RULE, load_model
from classifiers.predict import INPUT_HELP, add_format_argument, add_max_line_bytes_argument, batches, text_tagger
from lexnli.cli import UsageError, add_n_jobs_argument, check_output_file, resolve_n_jobs
from lexnli.corpora.lines import ReadReport
from lexnli.corpora.snli import STDIN, check_snli, corpus_files, iter_snli
from lexnli.records import ENTAILMENT, LABELS, NON_ENTAILMENT_SPELLINGS, SNLI_SPLITS
from lexnli.version import __version__

from .models import add_model_arguments, model_path, resolved

#: Shown for a pair that lacks a ``--by`` field.
MISSING = "(none)"
#: The picture formats ``--plot`` writes, by suffix.
PLOT_SUFFIXES = (".png", ".svg")


def add_arguments(parser) -> None:
    parser.add_argument("file", help=f"labelled pairs: {INPUT_HELP}")
    add_format_argument(parser)
    parser.add_argument("--split", choices=SNLI_SPLITS, default=None, help="the split of an SNLI zip or folder")
    parser.add_argument("--by", action="append", default=[], metavar="FIELD",
                        help="also report accuracy for each value of this field of the input lines (repeatable)")
    parser.add_argument("--against", default=None, metavar="NAME|PATH",
                        help="a second model (a name or a path, as --model): its accuracy, and McNemar's exact test "
                             "between the two")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--plot", default=None, metavar="FILE",
                        help="also draw the confusion matrix and the accuracy by group with 95%% intervals in FILE "
                             f"({' or '.join(PLOT_SUFFIXES)}, by its suffix)")
    add_max_line_bytes_argument(parser)
    add_n_jobs_argument(parser, "that predict")
    add_model_arguments(parser)
    parser.epilog = TRUST_RULE


def _group(fields: dict, name: str) -> str:
    """The value of field ``name`` of a line, as text (:data:`MISSING` when the line lacks it)."""
    value = fields.get(name)
    if value is None:
        return MISSING
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _labels(models, pairs) -> list:
    """Each model's labels of ``pairs`` (none for no pair)."""
    return [model.predict(pairs).tolist() if pairs else [] for model in models]


def collect(models, items, by=(), n_jobs: int = 1) -> dict:
    """Predict the ``(pair, fields)`` of ``items`` with each of ``models``, in batches, in ``n_jobs``
    processes (:func:`classifiers.batch_pool.map_batches`); return the gold labels, each model's
    predictions and each ``by`` field's values of the gold-labelled pairs, and the number of pairs read."""
    canonical = {}  # one string object per distinct value: millions of pairs stay small
    gold, predicted, groups, n_read = [], [[] for _ in models], {name: [] for name in by}, 0
    work = ((batch, [pair for pair, _ in batch if pair.label is not None]) for batch in batches(items))
    for batch, labels in map_batches(_labels, models, work, n_jobs):
        n_read += len(batch)
        scored = [(pair, fields) for pair, fields in batch if pair.label is not None]
        gold += [canonical.setdefault(pair.label, pair.label) for pair, _ in scored]
        for found, model_labels in zip(predicted, labels):
            found += [canonical.setdefault(label, label) for label in model_labels]
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
    n_right = sum(g == p for g, p in zip(gold, predicted[0]))
    report = {"n_read": collected["n_read"], "n_scored": len(gold), "labels": list(labels),
              "accuracy": accuracy(gold, predicted[0]), "interval": list(wilson_interval(n_right, len(gold))),
              "classes": class_scores(gold, predicted[0], labels),
              "confusion": confusion_frame(gold, predicted[0], labels),
              "by": {name: breakdown(gold, predicted[0], values, name)
                     for name, values in collected["groups"].items()}}
    if len(predicted) > 1:
        n_right = sum(g == p for g, p in zip(gold, predicted[1]))
        report["against"] = {"accuracy": accuracy(gold, predicted[1]),
                             "interval": list(wilson_interval(n_right, len(gold))),
                             **mcnemar(gold, predicted[0], predicted[1])}
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
    lines = [f"pairs: {report['n_read']:,} read, {report['n_scored']:,} scored "
             f"({report['n_read'] - report['n_scored']:,} without a gold label)",
             f"accuracy: {100 * report['accuracy']:.2f} "
             f"({round(report['accuracy'] * report['n_scored']):,}/{report['n_scored']:,}; 95% interval "
             f"{100 * report['interval'][0]:.2f} to {100 * report['interval'][1]:.2f})", "",
             _table(report["classes"], ("precision", "recall", "f1")), "",
             "confusion matrix (rows gold, columns predicted):", "", report["confusion"].to_markdown()]
    for name, table in report["by"].items():
        lines += ["", f"by {name} (low, high: the 95% interval of the accuracy):", "",
                  _table(table, ("accuracy", "low", "high"), index=False)]
    if "against" in report:
        against = report["against"]
        low, high = against["interval"]
        lines += ["", f"against {args.against}: accuracy {100 * against['accuracy']:.2f} (95% interval "
                      f"{100 * low:.2f} to {100 * high:.2f}); McNemar's exact test: "
                      f"only the model right on {against['a_only']:,} pairs, only {args.against} on "
                      f"{against['b_only']:,}, p = {against['p_value']:.3g}"]
    return "\n".join(lines + ["", f"Configuration: `{report['signature']}`"]) + "\n"


def _json(report: dict) -> str:
    def records(frame):
        return json.loads(frame.to_json(orient="records"))  # NaN becomes null
    shown = {**report, "classes": records(report["classes"].reset_index()),
             "confusion": records(report["confusion"].rename_axis("gold").reset_index()),
             "by": {name: records(table) for name, table in report["by"].items()}}
    return json.dumps(shown, ensure_ascii=False, indent=2) + "\n"


def _check_by(by, report: ReadReport) -> None:
    """Raise :class:`UsageError` for a ``--by`` field that no line read has, naming the fields there are."""
    absent = [name for name in by if name not in report.fields]
    if absent:
        raise UsageError(f"--by {absent[0]}: no line of {report.source} has this field; the fields there are: "
                         f"{', '.join(sorted(report.fields))}")


def _plot_path(args):
    """``--plot``'s file, checked (suffix, writable, not an input) before any work; None without it."""
    if args.plot is None:
        return None
    if not args.plot.lower().endswith(PLOT_SUFFIXES):
        raise UsageError(f"--plot {args.plot}: expected a file name ending in {' or '.join(PLOT_SUFFIXES)}")
    inputs = [("file", path) for path in corpus_files(args.file)] if args.file != STDIN else []
    check_output_file(args.plot, "--plot", inputs + [("--model", model_path(args))])
    return args.plot


def run(args) -> int:
    gold_labels = LABELS + NON_ENTAILMENT_SPELLINGS
    paths = [model_path(args)] + ([resolved(args.against, "--against")] if args.against is not None else [])
    plot = _plot_path(args)
    read = ReadReport(str(args.file))
    if args.file != STDIN:  # every line, and the --by fields, before the models load
        check_snli(args.file, args.split, require_label=False, gold_labels=gold_labels,
                   max_line_bytes=args.max_line_bytes, allow_blank=False, format=args.format, report=read)
        _check_by(args.by, read)
    models = [load_model(path, trusted=args.trust_pickle) for path in paths]
    items = iter_snli(args.file, args.split, keep_unlabeled=True, require_label=False, gold_labels=gold_labels,
                      with_fields=True, max_line_bytes=args.max_line_bytes, allow_blank=False, format=args.format,
                      report=read, tagger=text_tagger(*models))
    collected = collect(models, items, args.by, resolve_n_jobs(args.n_jobs))
    _check_by(args.by, read)  # standard input: known once read
    report = scores(collected)
    report["signature"] = _signature(args, paths[0], report["labels"])
    if plot is not None:
        from .evaluation_plot import write_plot

        write_plot(report, plot)
    sys.stdout.write(_json(report) if args.json else _text(report, args))
    return 0
