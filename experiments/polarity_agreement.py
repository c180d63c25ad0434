"""How the tag-based polarity marking agrees with the same operators' scopes read from the parse.

    python -m experiments.polarity_agreement --snli snli_1.0_dev.jsonl[.gz] [--out agreement.md]

The ``inference`` model marks polarity from tokens and tags (:func:`featurize.polarity.mark`), so
that parsed corpus lines and raw strings are read alike. SNLI lines carry Stanford parses, from
which the same operators' scopes can be read by constituency (:func:`featurize.polarity.mark_parse`).
For each distinct sentence of the file with an operator in it, this compares the two markings
word by word (punctuation left out): how many sentences agree on every token, how many tokens either marks as other
than upward and veridical and on how many of those they agree, and, per operator word, how many
sentences disagree, with the first one as an example (what the tag rules get wrong, or the parse).
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from featurize.polarity import mark, mark_parse
from lexical_resources import get_wordnet
from lexnli.cli import ArgumentParser, UsageError, check_output_file, exit_on_signals, os_error_status
from lexnli.corpora.snli import read_snli
from lexnli.errors import CorpusFormatError, ResourceMissingError
from lexnli.io import atomic_open
from lexnli.text import WORD_CHARACTER, ptb_to_wordnet


def agreement(sentences, wordnet) -> dict:
    """The comparison for parsed :class:`~lexnli.records.Sentence` records (those without a parse are skipped)."""
    counts, disagreeing, examples = Counter(), Counter(), {}
    for sentence in {s.parse: s for s in sentences if s.parse}.values():
        tokens = tuple(t.lower() for t in sentence.tokens)
        lemmas = tuple(wordnet.lemma(t, ptb_to_wordnet(g) or None) for t, g in zip(tokens, sentence.tags))
        by_tags, by_parse = mark(tokens, tuple(sentence.tags), lemmas), mark_parse(sentence.parse, lemmas)
        if not by_tags.scopes and not by_parse.scopes:
            continue
        pairs = [(a, b) for t, a, b in zip(tokens, zip(by_tags.polarity, by_tags.veridicality),
                                           zip(by_parse.polarity, by_parse.veridicality)) if WORD_CHARACTER.search(t)]
        marked = [(a, b) for a, b in pairs if a != ("up", "veridical") or b != ("up", "veridical")]
        counts["sentences"] += 1
        counts["marked_tokens"] += len(marked)
        counts["agreeing_tokens"] += sum(a == b for a, b in marked)
        if all(a == b for a, b in pairs):
            counts["agreeing_sentences"] += 1
            continue
        for word in sorted({tokens[scope.operator] for scope in by_tags.scopes + by_parse.scopes}):
            disagreeing[word] += 1
            examples.setdefault(word, (sentence.text, by_tags, by_parse, tokens))
    return {"counts": counts, "disagreeing": disagreeing, "examples": examples}


def _shown(tokens, marking) -> str:
    """``word/dn`` for each token not upward and veridical: polarity and veridicality initials."""
    return " ".join(f"{t}/{p[0]}{v[0]}" if (p, v) != ("up", "veridical") else t
                    for t, p, v in zip(tokens, marking.polarity, marking.veridicality))


def markdown(found: dict, source: str) -> str:
    counts = found["counts"]
    n, marked = counts["sentences"], counts["marked_tokens"]
    lines = [f"Distinct sentences of {source} with an operator: {n:,}; the two markings agree on every token of "
             f"{counts['agreeing_sentences']:,} ({100 * counts['agreeing_sentences'] / max(n, 1):.1f}%), and on "
             f"{counts['agreeing_tokens']:,} of the {marked:,} tokens either marks "
             f"({100 * counts['agreeing_tokens'] / max(marked, 1):.1f}%).", "",
             "| operator | sentences that disagree | first example: tags | parse |", "|:--|--:|:--|:--|"]
    for word, k in found["disagreeing"].most_common(15):
        _, by_tags, by_parse, tokens = found["examples"][word]
        lines.append(f"| {word} | {k} | {_shown(tokens, by_tags)} | {_shown(tokens, by_parse)} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = ArgumentParser(prog="python -m experiments.polarity_agreement", description=__doc__.splitlines()[0])
    parser.add_argument("--snli", type=Path, required=True, help="an SNLI file with parses (.jsonl or .txt, .gz)")
    parser.add_argument("--out", type=Path, default=None, help="write the table here too (markdown)")
    exit_on_signals()
    try:
        args = parser.parse_args(argv)
        if args.out is not None:
            check_output_file(args.out, "--out", [("--snli", args.snli)])
        pairs = read_snli(args.snli, keep_unlabeled=True).pairs
        text = markdown(agreement([s for p in pairs for s in (p.premise, p.hypothesis)], get_wordnet()),
                        args.snli.name)
        if args.out is not None:
            with atomic_open(args.out, "w", encoding="utf-8") as f:
                f.write(text)
        print(text, end="")
        sys.stdout.flush()  # a failed write of standard output is reported here, not by Python as it exits
    except (UsageError, FileNotFoundError, CorpusFormatError, ResourceMissingError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # an output that cannot be written (a full disk), a closed pipe
        return os_error_status(exc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
