"""Make the lexical-substitution or the compositional probe set from SNLI dev premises (deterministic).

    python -m experiments.make_probes --dev snli_1.0_dev.jsonl[.gz] --out experiments/probes/lexical_substitution.jsonl
    python -m experiments.make_probes --rules compositional --dev snli_1.0_dev.jsonl[.gz]

Each distinct dev premise is used at most once. With ``--rules substitution`` (the default), one
word is replaced by the rules of :mod:`classifiers.augmentation.substitutions` (colour, nationality, co-hyponym,
antonym, number, ordinal: contradiction; synonym, hypernym: entailment); with ``--rules
compositional``, the premise is rewritten by the rules of :mod:`classifiers.augmentation.compositional`
(negation, *no*, *every*, embedding operators, the passive; written to :data:`COMPOSITIONAL_PROBES`
unless ``--out`` says otherwise). Up to ``--per-rule`` pairs per rule, premises visited in an order
fixed by ``--seed``. Output lines are SNLI-style JSON (``pairID``,
``sentence1``, ``sentence2``, ``gold_label``) plus ``category`` (the rule); there are no parses,
so whoever reads the file tags both sentences the same way.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from classifiers.augmentation import compositional
from classifiers.augmentation.substitutions import RULES, SubstitutionFinder, distinct_premises, substituted_pairs
from lexnli.cli import ArgumentParser, UsageError, at_least, check_output_file, exit_on_signals, os_error_status
from lexnli.corpora.snli import read_snli
from lexnli.errors import CorpusFormatError, ResourceMissingError
from lexnli.io import atomic_open
from lexnli.text import load_wordnet

#: Where the probe set made from the official dev split is kept.
PROBES = Path(__file__).with_name("probes") / "lexical_substitution.jsonl"
#: Where the compositional probe set made from the official dev split is kept.
COMPOSITIONAL_PROBES = PROBES.with_name("compositional.jsonl")


def _lines(made) -> list[dict]:
    return [{"pairID": pair.pair_id, "sentence1": pair.premise.text, "sentence2": pair.hypothesis.text,
             "gold_label": pair.label, "category": rule} for pair, rule in made]


def make_probes(dev_pairs, *, per_rule: int = 250, seed: int = 0) -> list[dict]:
    """The probe lines (dicts) for dev pairs: distinct premises, one substitution each."""
    return _lines(substituted_pairs(distinct_premises(dev_pairs), SubstitutionFinder(load_wordnet()), seed=seed,
                                    per_rule=dict.fromkeys(RULES, per_rule)))


def make_compositional_probes(dev_pairs, *, per_rule: int = 250, seed: int = 0) -> list[dict]:
    """The compositional probe lines (dicts) for dev pairs: distinct premises, one rewriting each."""
    return _lines(compositional.compositional_pairs(distinct_premises(dev_pairs), seed=seed,
                                                    per_rule=dict.fromkeys(compositional.RULES, per_rule)))


#: The fields every probe line has.
PROBE_FIELDS = ("sentence1", "sentence2", "gold_label", "category")


def read_probes(path=PROBES) -> list[dict]:
    """The probe lines of a file written by :func:`make_probes` (``category`` kept).

    Raises :class:`~lexnli.errors.CorpusFormatError`, naming the file and line, for a line that is
    not a JSON object with :data:`PROBE_FIELDS`.
    """
    lines = []
    with open(path, encoding="utf-8") as f:
        for number, text in enumerate(f, start=1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
            except json.JSONDecodeError as exc:
                raise CorpusFormatError(path, number, f"not JSON ({exc.msg})") from None
            except RecursionError:
                raise CorpusFormatError(path, number, "nested too deeply to read") from None
            missing = [field for field in PROBE_FIELDS if not isinstance(line, dict) or field not in line]
            if missing:
                raise CorpusFormatError(path, number, f"a probe line needs {', '.join(missing)}")
            lines.append(line)
    return lines


def main(argv=None) -> int:
    parser = ArgumentParser(prog="python -m experiments.make_probes", description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, required=True, help="the SNLI dev file (.jsonl or .txt, optionally .gz)")
    parser.add_argument("--rules", choices=("substitution", "compositional"), default="substitution",
                        help="the rules that make the pairs (default: substitution)")
    parser.add_argument("--out", type=Path,
                        help=f"output JSON lines (default: {PROBES}, or {COMPOSITIONAL_PROBES} for the compositional "
                             "rules)")
    parser.add_argument("--per-rule", type=at_least(1), default=250, help="pairs per rule at most (default: 250)")
    parser.add_argument("--seed", type=int, default=0, help="order in which premises are visited (default: 0)")
    exit_on_signals()
    try:
        args = parser.parse_args(argv)
        compositional_rules = args.rules == "compositional"
        if args.out is None:
            args.out = COMPOSITIONAL_PROBES if compositional_rules else PROBES
        check_output_file(args.out, "--out", [("--dev", args.dev)])
        make = make_compositional_probes if compositional_rules else make_probes
        lines = make(read_snli(args.dev).pairs, per_rule=args.per_rule, seed=args.seed)
        with atomic_open(args.out, "w", encoding="utf-8") as f:
            for line in lines:
                f.write(json.dumps(line, ensure_ascii=False) + "\n")
        counts = Counter(line["category"] for line in lines)
        print(f"{len(lines)} probe pairs -> {args.out}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        sys.stdout.flush()  # a failed write of standard output is reported here, not by Python as it exits
    except (UsageError, FileNotFoundError, CorpusFormatError, ResourceMissingError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # an output that cannot be written (a full disk), a closed pipe
        return os_error_status(exc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
