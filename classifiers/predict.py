"""Predict labels for a file of pairs with a saved model.

    python -m classifiers.predict --model MODEL --input PAIRS.jsonl --output OUT.jsonl [--explain K]

The model is a ``.skops`` file (the safe format) or a pickle (trusted files only). The input is
read as every entry point reads pairs (:mod:`lexnli.corpora.snli`): ``.jsonl``, ``.txt``/``.tsv``
or ``.csv`` (optionally gzipped; the format from the name, ``--format`` otherwise), a split of
an SNLI zip or folder (``--split``), or ``-``, standard input; ``--output`` may not be the input
or the model. The sentences are ``sentence1``/``sentence2`` or ``premise``/``hypothesis``, the
gold label ``gold_label`` or ``label`` (integers: 0 entailment, 1 neutral, 2 contradiction, -1
none); ``sentence1_parse``/``sentence2_parse`` are used when present. Each output line is the
input line's fields (sentences, gold label, any other) plus ``predicted_label`` and one
``probability_<label>`` per class; with ``--explain K`` also the K named features that pushed
the prediction most (``explanation``: each one's ``feature``, its ``push`` toward the predicted
label, the label it pushes ``toward`` the most, and what it ``reads`` in words) and, for a model
with the alignment family (the ``inference`` preset), how the hypothesis aligns to the premise
(``"green <- blue: cohyponym (WordNet), swap"``). Accuracy
is printed when gold labels are present ("-" labels are not scored). Pairs are read, predicted
and written :data:`BATCH_SIZE` at a time, predicted in ``--n-jobs`` processes (default: every
core; the output is the same with any number).
"""
from __future__ import annotations

import json
import sys
from itertools import islice

import numpy as np

from lexnli.cli import (ArgumentParser, UsageError, add_n_jobs_argument, at_least, check_output_file,
                        exit_on_signals, os_error_status, resolve_n_jobs)
from lexnli.corpora.lines import MAX_LINE_BYTES
from lexnli.corpora.snli import FORMATS, STDIN, check_snli, corpus_files, iter_snli
from lexnli.errors import ChecksumError, CorpusFormatError, ResourceMissingError, WorkerLostError
from lexnli.io import STDOUT, atomic_open
from lexnli.records import LABELS, SNLI_SPLITS, Pair

from .batch_pool import map_batches
from .explain import alignments, explain
from .persistence import TRUST_RULE, ModelFileError, load_model
from .steps import featurizer, is_pair_pipeline


#: Pairs featurized and predicted together: memory stays bounded whatever the input's length.
BATCH_SIZE = 1024


def add_max_line_bytes_argument(parser) -> None:
    """``--max-line-bytes N``: the longest input line read (:data:`~lexnli.corpora.lines.MAX_LINE_BYTES`)."""
    parser.add_argument("--max-line-bytes", type=at_least(1), default=MAX_LINE_BYTES, metavar="N",
                        help="refuse an input line longer than N bytes, having read no more of it "
                             "(default: %(default)s, 1 MiB)")


#: What an input of pairs may be, for the commands' help.
INPUT_HELP = (".jsonl, .txt or .tsv, .csv (optionally .gz; the fields sentence1 and sentence2 or premise and "
              "hypothesis, the gold label gold_label or label), an SNLI zip or folder with --split, or - for "
              "standard input")


def add_format_argument(parser) -> None:
    """``--format``: the input's format when its name does not tell it (standard input is sniffed)."""
    parser.add_argument("--format", choices=tuple(FORMATS), default=None,
                        help="the input's format (default: told by the file's suffix; for standard input, by its "
                             "first line: JSON, tab-separated, or comma-separated with a header row)")


def predictions(model, pairs, explain_k: int = 0) -> list[dict]:
    """The prediction of each pair: ``predicted_label``, ``probability_<label>`` per class, and with
    ``explain_k`` the ``explain_k`` named features that pushed it most (``explanation``: ``feature``,
    ``push``, ``toward``, ``reads``, as :class:`~classifiers.explain.Push`) and, for a
    model with the alignment family, how the hypothesis aligns to the premise (``alignments``)."""
    probabilities = model.predict_proba(pairs) if pairs else np.zeros((0, len(LABELS)))
    classes = list(model.classes_)
    found = []
    for pair, probs in zip(pairs, probabilities):
        line = {"predicted_label": classes[int(np.argmax(probs))],
                **{f"probability_{c}": float(p) for c, p in zip(classes, probs)}}
        if explain_k:
            line["explanation"] = [{**e._asdict(), "push": round(e.push, 6)}
                                   for e in explain(model, pair, explain_k, label=line["predicted_label"])]
            aligned = alignments(model, pair)
            if aligned:
                line["alignments"] = aligned
        found.append(line)
    return found


def batches(items, batch_size: int = BATCH_SIZE):
    """Yield the ``items`` as lists of ``batch_size`` (the last may be shorter).

    >>> list(batches(range(5), 2))
    [[0, 1], [2, 3], [4]]
    """
    items = iter(items)
    while batch := list(islice(items, batch_size)):
        yield batch


def _batch_predictions(held, pairs) -> list[dict]:
    model, explain_k = held
    return predictions(model, pairs, explain_k)


def predict_stream(model, items, explain_k: int = 0, batch_size: int = BATCH_SIZE, n_jobs: int = 1):
    """Yield ``(pair, fields, prediction)`` for each ``(pair, fields)`` of ``items``, in order,
    predicting ``batch_size`` pairs at a time (see :func:`predictions`) in ``n_jobs`` processes
    (:func:`classifiers.batch_pool.map_batches`: the same predictions, in the same order, as in one)."""
    work = ((batch, [pair for pair, _ in batch]) for batch in batches(items, batch_size))
    for batch, found in map_batches(_batch_predictions, (model, explain_k), work, n_jobs):
        for (pair, fields), prediction in zip(batch, found):
            yield pair, fields, prediction


def output_line(fields: dict, prediction: dict) -> str:
    """One output line: the input line's own fields, then the prediction's (strict JSON, UTF-8: a NaN
    or infinity raises ValueError; the readers refuse input lines holding one)."""
    return json.dumps({**fields, **prediction}, ensure_ascii=False, allow_nan=False) + "\n"


def write_predictions(model, items, output_path, explain_k: int = 0, render=output_line, n_jobs: int = 1) -> dict:
    """Write ``render(fields, prediction)`` for each ``(pair, fields)`` of ``items`` to ``output_path``
    (atomically; ``-``: standard output, flushed batch by batch), predicting them in batches in
    ``n_jobs`` processes (:func:`predict_stream`); return the counts and the accuracy (None without gold labels).
    A pair is a :class:`~lexnli.records.Pair` or a ``(premise, hypothesis)`` of raw text, which has no gold label."""
    n_pairs = n_gold = n_right = 0
    with atomic_open(output_path, "w", encoding="utf-8") as out:
        for pair, fields, prediction in predict_stream(model, items, explain_k, n_jobs=n_jobs):
            out.write(render(fields, prediction))
            n_pairs += 1
            if n_pairs % BATCH_SIZE == 0:
                out.flush()
            label = pair.label if isinstance(pair, Pair) else None
            if label is not None:
                n_gold += 1
                n_right += label == prediction["predicted_label"]
    return {"n_pairs": n_pairs, "n_gold": n_gold, "accuracy": n_right / n_gold if n_gold else None}


def print_summary(summary: dict, output_path, hint: str = "") -> None:
    """Say how many pairs :func:`write_predictions` predicted and, with gold labels, the accuracy
    (then ``hint``): on stderr when the predictions themselves went to standard output."""
    said = sys.stderr if str(output_path) == STDOUT else sys.stdout
    print(f"{summary['n_pairs']:,} pairs predicted -> {output_path}", file=said)
    if summary["accuracy"] is not None:
        print(f"accuracy on {summary['n_gold']:,} gold-labelled pairs: {summary['accuracy']:.4f}{hint}", file=said)


def text_tagger(*models):
    """How to tag the raw text read for ``models``: the first one's syntax model's tagger when every one
    reads each sentence with a syntax model (which retags it, so NLTK's tagger need not load), else
    ``"fast"`` (NLTK's tags, :func:`lexnli.text.tokenize_and_tag_many`)."""
    syntax = [featurizer(model).syntax_model() if is_pair_pipeline(model) else None for model in models]
    return syntax[0].tag if syntax and None not in syntax else "fast"


def predict_file(model, input_path, output_path, explain_k: int = 0, split: str | None = None,
                 max_line_bytes: int = MAX_LINE_BYTES, format: str | None = None, n_jobs: int = 1) -> dict:
    """Write one prediction line per input pair (its fields and :func:`predictions`') to
    ``output_path``; return counts and accuracy (see :func:`write_predictions`).

    ``split`` names the split to read when ``input_path`` is an SNLI zip or folder, ``format`` the
    input's format (None: told by its name); a line longer than ``max_line_bytes``, or with an empty
    or blank sentence, is refused (:func:`lexnli.corpora.snli.iter_snli`). ``n_jobs`` processes
    predict (:func:`predict_stream`).
    """
    items = iter_snli(input_path, split, keep_unlabeled=True, on_error="raise", require_label=False, with_fields=True,
                      max_line_bytes=max_line_bytes, allow_blank=False, format=format, tagger=text_tagger(model))
    return write_predictions(model, items, output_path, explain_k, n_jobs=n_jobs)


def main(argv=None) -> int:
    parser = ArgumentParser(prog="python -m classifiers.predict", description=__doc__.splitlines()[0],
                            epilog=TRUST_RULE)
    parser.add_argument("--model", required=True,
                        help="a model saved by experiments.lexicalized or experiments.inference --save-model (.skops: "
                             "safe format; other names: pickle, loaded only with --trust-pickle)")
    parser.add_argument("--trust-pickle", action="store_true",
                        help="load a --model that is a pickle, which runs the code it holds (trusted files only)")
    parser.add_argument("--input", required=True, help=f"the pairs: {INPUT_HELP}")
    add_format_argument(parser)
    parser.add_argument("--split", choices=SNLI_SPLITS, default=None,
                        help="the split to read from an SNLI zip or folder")
    parser.add_argument("--output", required=True,
                        help="where to write the predictions (JSON lines; - for standard output)")
    parser.add_argument("--explain", type=at_least(0), default=0, metavar="K",
                        help="add the K strongest named features")
    add_max_line_bytes_argument(parser)
    add_n_jobs_argument(parser, "that predict")
    exit_on_signals()
    try:
        args = parser.parse_args(argv)
        check_output_file(args.output, "--output",
                          [("--input", path) for path in corpus_files(args.input)] + [("--model", args.model)])
        if args.input != STDIN:
            check_snli(args.input, args.split, require_label=False,  # a bad line, before any long work
                       max_line_bytes=args.max_line_bytes, allow_blank=False, format=args.format)
        model = load_model(args.model, trusted=args.trust_pickle)
        summary = predict_file(model, args.input, args.output, args.explain, args.split, args.max_line_bytes,
                               args.format, resolve_n_jobs(args.n_jobs))
        print_summary(summary, args.output)
        sys.stdout.flush()  # a failed write of standard output is reported here, not by Python as it exits
    except (UsageError, ModelFileError, CorpusFormatError, ResourceMissingError, FileNotFoundError,
            ChecksumError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # an output that cannot be written (a full disk), a closed pipe
        return os_error_status(exc)
    except WorkerLostError as exc:  # not the input's fault: status 1
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
