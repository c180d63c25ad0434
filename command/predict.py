"""``lexnli predict``: the label of a pair, or of every pair of a file or of standard input.

    lexnli predict "A man sleeps." "A man is awake."           # one pair
    lexnli predict - < pairs.jsonl                              # standard input, read as a file is
    lexnli predict --input pairs.tsv --output predictions.jsonl

The model is ``--model`` (default: the one ``lexnli train`` installed). On a terminal each pair's
label and class probabilities are shown as text (with ``--explain K``, the K named features that
pushed the label most, each read in words with the label it pushes toward, and how the hypothesis
aligns to the premise); with ``--json``, or when the output is a file or a pipe, each pair is one
JSON line: the input line's fields (sentences, gold label, any other field) plus
``predicted_label`` and ``probability_<label>`` per class (and ``explanation``, each item's
``feature``, ``push``, ``toward`` and ``reads``; ``alignments``). Pairs are read, predicted and
written in batches, so any number of them fits in memory, and predicted in ``--n-jobs`` processes
(default: every core; the output is the same with any number); a file input is checked line by line
before the model is loaded.

Inputs are read as by every entry point (:mod:`lexnli.corpora.snli`): ``.jsonl``, ``.txt``/``.tsv``,
``.csv`` (optionally ``.gz``), the sentences named ``sentence1``/``sentence2`` or ``premise``/``hypothesis``.
"""
from __future__ import annotations

import sys

from classifiers.persistence import TRUST_RULE
from classifiers.predict import (INPUT_HELP, add_format_argument, add_max_line_bytes_argument, output_line,
                                 print_summary, text_tagger, write_predictions)
from lexnli.cli import UsageError, add_n_jobs_argument, at_least, check_output_file, resolve_n_jobs
from lexnli.corpora.fields import sentence_fields
from lexnli.corpora.snli import STDIN, check_snli, corpus_files, iter_snli
from lexnli.io import STDOUT
from lexnli.records import SNLI_SPLITS
from lexnli.text import LONE_SURROGATE

from .models import add_model_arguments, load, model_path



def add_arguments(parser) -> None:
    parser.add_argument("pair", nargs="*", metavar="PREMISE HYPOTHESIS | -",
                        help="one pair, or - to read pairs from standard input (as a file is read: JSON lines, "
                             "tab-separated lines, comma-separated lines with a header row)")
    parser.add_argument("--input", default=None, help=f"a file of pairs instead: {INPUT_HELP}")
    add_format_argument(parser)
    parser.add_argument("--split", choices=SNLI_SPLITS, default=None, help="the split of an SNLI zip or folder")
    parser.add_argument("--output", default=STDOUT, help="write the predictions here (default: standard output)")
    parser.add_argument("--json", action="store_true", help="JSON lines on a terminal too")
    parser.add_argument("--explain", type=at_least(0), default=0, metavar="K",
                        help="add the K named features that pushed each label most, and the alignment")
    add_max_line_bytes_argument(parser)
    add_n_jobs_argument(parser, "that predict a file")
    add_model_arguments(parser)
    parser.epilog = TRUST_RULE


def _source(args):
    """``(input, items)``: where the pairs come from, and the one pair's ``(pair, fields)`` (None: read
    them from the input, once the model is loaded)."""
    one_source = args.pair == [STDIN] or (len(args.pair) == 2 and STDIN not in args.pair)
    if one_source == (args.input is not None) or (args.input is not None and args.pair):
        raise UsageError("give one pair (PREMISE HYPOTHESIS), - for standard input, or --input FILE "
                         "(see lexnli predict --help)")
    if len(args.pair) == 2:
        for name, text in zip(("PREMISE", "HYPOTHESIS"), args.pair):
            if LONE_SURROGATE.search(text) or not text.strip():
                raise UsageError(f"{name} {text!r}: not a sentence (empty, or bytes that are not UTF-8)")
        fields = {"sentence1": args.pair[0], "sentence2": args.pair[1]}
        return None, [(tuple(args.pair), fields)]  # the model tokenizes and tags it as it reads text
    return args.input if args.input is not None else STDIN, None


def _text(fields: dict, prediction: dict) -> str:
    """A prediction for a terminal: the label and probabilities, the pair, the explanation."""
    probabilities = sorted(((key.removeprefix("probability_"), value) for key, value in prediction.items()
                            if key.startswith("probability_")), key=lambda item: -item[1])
    premise, hypothesis = sentence_fields(fields)
    lines = [f"{prediction['predicted_label']:<14} " + "  ".join(f"{label} {p:.3f}" for label, p in probabilities),
             f"    {fields[premise]}  =>  {fields[hypothesis]}"]
    lines += [f"    {_explained(e, prediction['predicted_label'])}" for e in prediction.get("explanation", ())]
    lines += [f"    aligned: {alignment}" for alignment in prediction.get("alignments", ())]
    return "\n".join(lines) + "\n"


def _explained(item: dict, label: str) -> str:
    """One feature of an explanation for a terminal: ``"+0.380 toward contradiction: the hypothesis
    negates what the premise asserts (alignment:negation:hypothesis_only)"``; a feature that pushed
    another label more than the predicted ``label`` says both."""
    toward = f"toward {label}" if item["toward"] == label else f"for {label}, most toward {item['toward']}"
    said = f"{item['reads']} ({item['feature']})" if item["reads"] != item["feature"] else item["feature"]
    return f"{item['push']:+.3f} {toward}: {said}"


def run(args) -> int:
    source, items = _source(args)
    inputs = [("--input", path) for path in corpus_files(source)] if source is not None else []
    check_output_file(args.output, "--output", inputs + [("--model", model_path(args))])
    if source not in (None, STDIN):  # every line, before the model loads
        check_snli(source, args.split, require_label=False, max_line_bytes=args.max_line_bytes, allow_blank=False,
                   format=args.format)
    model = load(args)
    if items is None:
        items = iter_snli(source, args.split, keep_unlabeled=True, require_label=False, with_fields=True,
                          max_line_bytes=args.max_line_bytes, allow_blank=False, format=args.format,
                          tagger=text_tagger(model))  # a model that retags every sentence: not NLTK's tagger
    as_text = args.output == STDOUT and sys.stdout.isatty() and not args.json
    summary = write_predictions(model, items, args.output, args.explain, render=_text if as_text else output_line,
                                n_jobs=resolve_n_jobs(args.n_jobs))
    if source is not None:
        print_summary(summary, args.output, hint=" (lexnli evaluate gives it by class and by field)")
    return 0
