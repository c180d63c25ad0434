"""Predict labels for SNLI-style JSON lines with a saved model.

    python -m classifiers.predict --model MODEL --input PAIRS.jsonl --output OUT.jsonl [--explain K]

The model is a ``.skops`` file (the safe format) or a pickle (trusted files only). The input is
SNLI JSON lines or ``.txt`` (optionally gzipped), or a split of an SNLI zip or folder
(``--split``); ``--output`` may not be the input or the model. Input lines need ``sentence1`` and
``sentence2``; ``sentence1_parse``/``sentence2_parse``, ``pairID`` and ``gold_label`` are used when
present. Each output line has ``pairID`` (when given), ``predicted_label`` and one
``probability_<label>`` per class; with ``--explain K`` also the K named features that pushed the
prediction most and, for a model with the alignment family (the ``inference`` preset), how the
hypothesis aligns to the premise (``"green <- blue: cohyponym (WordNet), swap"``). Accuracy is
printed when gold labels are present ("-" labels are not scored).
"""
from __future__ import annotations

import json
import sys

import numpy as np

from lexnli.cli import ArgumentParser, UsageError, at_least, check_output_file, exit_on_signals
from lexnli.corpora.snli import corpus_files, iter_snli
from lexnli.errors import ChecksumError, CorpusFormatError, ResourceMissingError
from lexnli.io import STDOUT, atomic_open
from lexnli.records import LABELS, SNLI_SPLITS

from .evaluation import accuracy
from .explain import alignments, explain
from .persistence import TRUST_RULE, ModelFileError, load_model


def predict_file(model, input_path, output_path, explain_k: int = 0, split: str | None = None) -> dict:
    """Write one prediction line per input pair; return counts and accuracy (None without gold labels).

    ``split`` names the split to read when ``input_path`` is an SNLI zip or folder.
    """
    pairs = list(iter_snli(input_path, split, keep_unlabeled=True, on_error="raise", require_label=False))
    probabilities = model.predict_proba(pairs) if pairs else np.zeros((0, len(LABELS)))
    classes = list(model.named_steps["classify"].classes_)
    with atomic_open(output_path, "w", encoding="utf-8") as out:
        for pair, probs in zip(pairs, probabilities):
            line = {"pairID": pair.pair_id} if pair.pair_id else {}
            line["predicted_label"] = classes[int(np.argmax(probs))]
            line.update({f"probability_{c}": float(p) for c, p in zip(classes, probs)})
            if explain_k:
                line["explanation"] = [{"feature": n, "push": round(v, 6)}
                                       for n, v in explain(model, pair, explain_k, label=line["predicted_label"])]
                found = alignments(model, pair)
                if found:
                    line["alignments"] = found
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    gold = [(p.label, classes[int(np.argmax(q))]) for p, q in zip(pairs, probabilities) if p.label is not None]
    score = accuracy(*zip(*gold)) if gold else None
    return {"n_pairs": len(pairs), "n_gold": len(gold), "accuracy": score}


def main(argv=None) -> int:
    parser = ArgumentParser(prog="python -m classifiers.predict", description=__doc__.splitlines()[0],
                            epilog=TRUST_RULE)
    parser.add_argument("--model", required=True,
                        help="a model saved by experiments.lexicalized or experiments.inference --save-model (.skops: "
                             "safe format; other names: pickle, loaded only with --trust-pickle)")
    parser.add_argument("--trust-pickle", action="store_true",
                        help="load a --model that is a pickle, which runs the code it holds (trusted files only)")
    parser.add_argument("--input", required=True, help="SNLI pairs: .jsonl or .txt (optionally .gz), or an SNLI zip or "
                                                       "folder with --split")
    parser.add_argument("--split", choices=SNLI_SPLITS, default=None,
                        help="the split to read from an SNLI zip or folder")
    parser.add_argument("--output", required=True,
                        help="where to write the predictions (JSON lines; - for standard output)")
    parser.add_argument("--explain", type=at_least(0), default=0, metavar="K",
                        help="add the K strongest named features")
    exit_on_signals()
    try:
        args = parser.parse_args(argv)
        check_output_file(args.output, "--output",
                          [("--input", path) for path in corpus_files(args.input)] + [("--model", args.model)])
        model, _ = load_model(args.model, trusted=args.trust_pickle)
        summary = predict_file(model, args.input, args.output, args.explain, args.split)
    except (UsageError, ModelFileError, CorpusFormatError, ResourceMissingError, FileNotFoundError,
            ChecksumError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    said = sys.stderr if args.output == STDOUT else sys.stdout  # the predictions themselves may be on stdout
    print(f"{summary['n_pairs']} pairs predicted -> {args.output}", file=said)
    if summary["accuracy"] is not None:
        print(f"accuracy on {summary['n_gold']} gold-labelled pairs: {summary['accuracy']:.4f}", file=said)
    return 0


if __name__ == "__main__":
    sys.exit(main())
