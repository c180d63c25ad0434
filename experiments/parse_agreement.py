"""How the syntax model's trees agree with the dependency trees converted from SNLI's own parses.

    python -m experiments.parse_agreement --snli snli_1.0_test.jsonl[.gz] [--model PATH]
    python -m experiments.parse_agreement --snli DEV --train snli_1.0_train.jsonl[.gz] --model PATH
    python -m experiments.parse_agreement --snli DEV --combined 4000

Each distinct parse of the ``--snli`` file is converted to a dependency tree
(:func:`lexnli.dependencies.from_parse`); its tokens (the parse's leaves) are then tagged by the
model's own tagger, as raw text would be, and parsed (``--gold-tags``: parsed with the leaf tags
instead). With ``--combined N``, the trees scored are instead N parses put together from the
file's simple sentences (:func:`lexnli.parse_combinations.combined_parses`: subordinate clauses
first, clauses as objects, relative clauses on the subject), constructions SNLI's captions seldom
show. The scores leave punctuation out (tokens whose gold tag is a PTB punctuation tag).
Printed: the tagger's accuracy against the leaf tags, each label's recall and precision, and last,
exactly ``UAS=<x> LAS=<y> sentences=<n> sentences_per_second=<s>``, where the speed is that of
tagging and parsing together (parsing alone with ``--gold-tags``), timed over the whole file.

The model is ``--model`` (default: the data home's, which ``lexnli fetch syntax`` builds); with
``--train FILE`` it is built from that file's parses first, and saved to ``--model`` if given.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from lexnli.cli import ArgumentParser, UsageError, check_output_file, exit_on_signals, os_error_status
from lexnli.corpora import iter_parses
from lexnli.errors import CorpusFormatError
from lexnli.parser import attachment_counts
from lexnli.dependencies import from_parse
from lexnli.parse_combinations import combined_parses
from lexnli.syntax import build, distinct_parses, load_syntax


def report(found: dict, tag_accuracy: float | None, n: int, per_second: float) -> str:
    tokens = max(found.get("tokens", 0), 1)
    lines = [] if tag_accuracy is None else [f"tag accuracy against the parses' leaves: {tag_accuracy:.4f}"]
    lines.append("label     gold  recall  precision")
    for label, k in found["gold"].most_common():
        right = found["right"][label]
        lines.append(f"{label:<8} {k:>6}  {right / k:.3f}   {right / max(found['found'][label], 1):.3f}")
    lines.append(f"UAS={found.get('heads', 0) / tokens:.4f} LAS={found.get('arcs', 0) / tokens:.4f} "
                 f"sentences={n} sentences_per_second={per_second:.0f}")
    return "\n".join(lines)


def agreement(model, trees, *, gold_tags: bool = False) -> str:
    """The report for ``model`` on the gold ``trees`` (one per distinct sentence)."""
    tokens = [t.tokens for t in trees]
    start = time.perf_counter()
    predicted = model.parse(tokens, [t.tags for t in trees]) if gold_tags else model.read(tokens)
    seconds = time.perf_counter() - start
    tag_accuracy = None
    if not gold_tags:
        pairs = [(a, b) for g, p in zip(trees, predicted) for a, b in zip(g.tags, p.tags)]
        tag_accuracy = sum(a == b for a, b in pairs) / max(len(pairs), 1)
    found = attachment_counts([(t.heads, t.labels) for t in trees], [(t.heads, t.labels) for t in predicted],
                              [t.tags for t in trees])
    return report(found, tag_accuracy, len(trees), len(trees) / max(seconds, 1e-9))


def main(argv=None) -> int:
    parser = ArgumentParser(prog="python -m experiments.parse_agreement", description=__doc__.splitlines()[0])
    parser.add_argument("--snli", type=Path, required=True, help="an SNLI file with parses (.jsonl or .txt, .gz)")
    parser.add_argument("--model", type=Path, default=None,
                        help="the syntax model (default: the data home's); with --train, where to save it")
    parser.add_argument("--train", type=Path, default=None, help="build the model from this SNLI file's parses")
    parser.add_argument("--gold-tags", action="store_true", help="parse with the parses' leaf tags, not the tagger's")
    parser.add_argument("--combined", type=int, default=None, metavar="N",
                        help="score N parses put together from the file's simple sentences instead")
    exit_on_signals()
    try:
        args = parser.parse_args(argv)
        if args.train is not None and args.model is not None:
            check_output_file(args.model, "--model", [("--snli", args.snli), ("--train", args.train)])
        if args.combined is not None and args.combined < 1:
            raise UsageError(f"--combined must be at least 1, got {args.combined}")
        parses = distinct_parses(parse for _, parse in iter_parses(args.snli))
        if not parses:
            raise UsageError(f"{args.snli}: no line carries a parse")
        if args.combined is not None:
            parses = combined_parses(parses, args.combined)
            if not parses:
                raise UsageError(f"{args.snli}: no simple sentence (ROOT (S NP VP .)) to put parses together from")
        trees = [from_parse(parse) for parse in parses]
        if args.train is not None:
            model = build((parse for _, parse in iter_parses(args.train)), info={"train": args.train.name})
            if args.model is not None:
                model.save(args.model)
        else:
            model = load_syntax(args.model)
        print(agreement(model, trees, gold_tags=args.gold_tags))
        sys.stdout.flush()  # a failed write of standard output is reported here, not by Python as it exits
    except (UsageError, FileNotFoundError, CorpusFormatError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a model file that cannot be written (a full disk), a closed pipe
        return os_error_status(exc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
