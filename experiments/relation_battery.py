"""How many word pairs that should conflict the word relations find conflicting, per category.

    python -m experiments.relation_battery [--words experiments/probes/conflicting_words.json] [--out FILE.csv]

The word list (:data:`WORDS`, written by hand) has categories whose members exclude one another
in a sentence's slot (colours, animals, instruments, rooms, times of day, ...: every ordered pair
of two members should conflict) and pairs of opposites (*tall* / *short*, *sits* / *stands*,
both orders). Each pair is looked up with :class:`lexical_resources.relations.WordRelations`
(both words with the category's tag), and a pair counts when its relation's class is
``conflict``. Prints one line per category with the pairs missed; ``--out`` writes the counts as
CSV (``category,pairs,conflicting``). It measures the lexicon, not a model: which one-word swaps
the alignment family can see.
"""
from __future__ import annotations

import csv
import json
import sys
from itertools import permutations
from pathlib import Path

from featurize.families.alignment import word_relations
from lexical_resources.relations import RELATION_CLASSES
from lexnli.cli import ArgumentParser, UsageError, check_output_file, exit_on_signals, os_error_status
from lexnli.errors import ResourceMissingError
from lexnli.io import atomic_open

#: The hand-written categories and opposites.
WORDS = Path(__file__).with_name("probes") / "conflicting_words.json"
#: The name of the opposites' row.
OPPOSITES = "opposites"


def battery_pairs(words: dict) -> dict[str, list[tuple[str, str, str]]]:
    """``{category: [(tag, word, other word), ...]}``: every ordered pair within each category, and
    each pair of opposites both ways (under :data:`OPPOSITES`)."""
    pairs = {name: [(c["tag"], a, b) for a, b in permutations(c["words"], 2)]
             for name, c in words["categories"].items()}
    pairs[OPPOSITES] = [(tag, x, y) for tag, a, b in words["opposites"] for x, y in ((a, b), (b, a))]
    return pairs


def coverage(pairs: dict, relations) -> dict[str, list[tuple[str, str, str | None]]]:
    """``{category: [(word, other word, relation), ...]}`` of the pairs whose relation is not a conflict."""
    return {name: [(a, b, found) for tag, a, b in items
                   if RELATION_CLASSES.get(found := relations.relation(a, tag, b, tag)) != "conflict"]
            for name, items in pairs.items()}


def main(argv=None) -> int:
    parser = ArgumentParser(prog="python -m experiments.relation_battery", description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=Path, default=WORDS, help=f"the word list (default: {WORDS})")
    parser.add_argument("--out", type=Path, default=None, help="write the counts per category as CSV here")
    exit_on_signals()
    try:
        args = parser.parse_args(argv)
        if args.out is not None:
            check_output_file(args.out, "--out", [("--words", args.words)])
        with open(args.words, encoding="utf-8") as f:
            pairs = battery_pairs(json.load(f))
        missed = coverage(pairs, word_relations())
    except (UsageError, FileNotFoundError, ResourceMissingError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (ValueError, KeyError, TypeError) as exc:
        print(f"error: {args.words}: not a word list ({exc!r})", file=sys.stderr)
        return 2
    try:
        write(pairs, missed, args.out)
        sys.stdout.flush()  # a failed write of standard output is reported here, not by Python as it exits
    except OSError as exc:  # an output that cannot be written (a full disk), a closed pipe
        return os_error_status(exc)
    return 0


def write(pairs: dict, missed: dict, out: Path | None) -> None:
    """Print the counts per category, with the first pairs missed, and write them to ``out`` as CSV."""
    rows = [{"category": name, "pairs": len(items), "conflicting": len(items) - len(missed[name])}
            for name, items in pairs.items()]
    for row in rows:
        shown = " ".join(f"{a}/{b}:{found}" for a, b, found in missed[row["category"]][:8])
        print(f"{row['category']:12s} {row['conflicting']:5d} / {row['pairs']:5d}  {shown}")
    print(f"{'total':12s} {sum(r['conflicting'] for r in rows):5d} / {sum(r['pairs'] for r in rows):5d}")
    if out is not None:
        with atomic_open(out, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, ["category", "pairs", "conflicting"])
            writer.writeheader()
            writer.writerows(rows)


if __name__ == "__main__":
    raise SystemExit(main())
