#!/usr/bin/env python
"""Featurization speed of the ``inference`` feature set against the paper's lexicalized one, in one run.

On parsed SNLI (the official dev and test files: every line has parses, so no tagging is
timed), each configuration featurizes dev, then test, with ``fit_transform``, in a fresh
process per configuration so that no memo carries over between them. The lexical resources
(WordNet, VerbOcean) are loaded before the clock starts; the memo tables (word relations,
analysed sentences, the per-pair adapter memo) start empty, so the dev pass is "cold" and the
test pass "warm" (the word pairs seen on dev are remembered). For the ``inference`` features in
one process a third pass, ``dev_words_known``, featurizes dev again with the per-pair and
per-sentence memos emptied and the word-level ones (relations, WordNet) kept: the speed with every
word pair's relation already known, a floor no faster lexical lookup can go below.

    python benchmarks/preset_bench.py [--dev FILE --test FILE] [--out figures.csv]
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # the project's packages, run from a checkout
SHARED = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))
CONFIGURATIONS = (("lexicalized", 1), ("inference", 1), ("inference", 2))
#: The preset each feature set is featurized with: the one its models use (the inference models
#: leave out each real-valued column's most frequent bin, ``featurize.presets.INFERENCE_SETTINGS``).
PRESETS = {"lexicalized": "recommended", "inference": "inference"}


def measure(features: str, n_jobs: int, dev: Path, test: Path) -> list[dict]:
    """Time one configuration's passes (run in a child process)."""
    import lexical_resources
    from featurize import PairFeaturizer
    from lexnli.corpora.snli import read_snli

    splits = {"dev": read_snli(dev).pairs, "test": read_snli(test).pairs}
    if features == "inference":
        lexical_resources.get_wordnet().read_files()  # WordNet's files read before the clock
        lexical_resources.get_verbocean()
    passes = list(splits.items())
    if features == "inference" and n_jobs == 1:
        passes.append(("dev_words_known", splits["dev"]))
    rows = []
    for split, pairs in passes:
        if split == "dev_words_known":
            forget_pairs_and_sentences()
        featurizer = PairFeaturizer.from_preset(PRESETS[features], features, n_jobs=n_jobs)
        start = time.perf_counter()
        X = featurizer.fit_transform(pairs)
        seconds = time.perf_counter() - start
        rows.append({"features": features, "n_jobs": n_jobs, "pass": split, "pairs": len(pairs),
                     "seconds": round(seconds, 2), "pairs_per_second": round(len(pairs) / seconds),
                     "nnz_per_pair": round(X.nnz / len(pairs), 1)})
    return rows


def forget_pairs_and_sentences():
    """Empty the families' per-pair memos and the per-sentence caches; keep the word-level memos."""
    from featurize import polarity, reading
    from featurize.families import alignment, lexical, registry

    for family in registry.FAMILIES.values():
        if isinstance(family.fast, registry.MemoizedReference):
            family.fast._memo.clear()
    for cache in (alignment._analyse, alignment._totals, lexical.cached_skeleton, lexical._content,
                  lexical._links_to_premise, lexical._bag_sets, polarity.mark, reading.read):
        cache.cache_clear()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, default=SHARED / "snli_1.0" / "snli_1.0_dev.jsonl.gz")
    parser.add_argument("--test", type=Path, default=SHARED / "snli_1.0" / "snli_1.0_test.jsonl.gz")
    parser.add_argument("--out", type=Path, default=None, help="write the figures as CSV here")
    parser.add_argument("--child", nargs=2, metavar=("FEATURES", "N_JOBS"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.child[0], int(args.child[1]), args.dev, args.test)))
        return 0
    for path in (args.dev, args.test):
        if not path.exists():
            print(f"error: {path} not found (pass --dev/--test or set LEXNLI_SHARED_DATA)", file=sys.stderr)
            return 2
    rows = []
    for features, n_jobs in CONFIGURATIONS:
        out = subprocess.run([sys.executable, __file__, "--dev", str(args.dev), "--test", str(args.test),
                              "--child", features, str(n_jobs)], check=True, capture_output=True, text=True)
        rows += json.loads(out.stdout.strip().splitlines()[-1])
    baseline = {r["pass"]: r["pairs_per_second"] for r in rows if r["features"] == "lexicalized"}
    baseline["dev_words_known"] = baseline["dev"]
    for row in rows:
        row["vs_lexicalized"] = round(row["pairs_per_second"] / baseline[row["pass"]], 3)
    report(rows, args.out)
    return 0


def report(rows: list[dict], out: Path | None) -> None:
    """Print ``rows`` as CSV, and write them to ``out`` (atomically) unless it is None."""
    columns = list(rows[0])
    print(",".join(columns))
    for row in rows:
        print(",".join(str(row[c]) for c in columns))
    if out is not None:
        from lexnli.io import atomic_open

        with atomic_open(out, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, columns)
            writer.writeheader()
            writer.writerows(rows)


if __name__ == "__main__":
    raise SystemExit(main())
