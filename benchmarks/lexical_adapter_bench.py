#!/usr/bin/env python
"""Pairs per second of the lexical-resource families through the default memoizing adapter.

    python benchmarks/lexical_adapter_bench.py --snli DEV.jsonl.gz [--n 4000] [--batch-size 2048]

Each family's ``fast`` (the :class:`~featurize.families.MemoizedReference` adapter over its
reference function, unless the family declares a vectorized one) is timed on ``--n`` SNLI pairs
in batches, with an empty memo (every pair new) and again with the memo full (every pair seen).
WordNet's own per-word caches are warmed first, so the figures compare family code, not NLTK.
"""
from __future__ import annotations

import argparse
import time

from featurize.batch import Batch
from featurize.families import FAMILIES, MemoizedReference
from lexnli.corpora import read_snli

LEXICAL = ("wordnet", "verbocean", "tree", "bag_overlap")


def pairs_per_second(fast, batches, n) -> float:
    start = time.perf_counter()
    for batch in batches:
        fast(batch)
    return n / (time.perf_counter() - start)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snli", required=True, help="an SNLI file")
    parser.add_argument("--n", type=int, default=4000, help="pairs timed")
    parser.add_argument("--batch-size", type=int, default=2048)
    args = parser.parse_args(argv)
    pairs = read_snli(args.snli).pairs[: args.n]
    batches = [Batch.from_pairs(pairs[i:i + args.batch_size]) for i in range(0, len(pairs), args.batch_size)]
    for name in LEXICAL:  # warm WordNet's and VerbOcean's own caches
        for pair in pairs:
            FAMILIES[name].reference(pair)
    print("family,memo,pairs_per_second")
    for name in LEXICAL:
        family = FAMILIES[name]
        fast = family.fast if not isinstance(family.fast, MemoizedReference) else \
            MemoizedReference(name, family.reference, family.columns)
        print(f"{name},empty,{pairs_per_second(fast, batches, len(pairs)):.0f}")
        print(f"{name},full,{pairs_per_second(fast, batches, len(pairs)):.0f}")


if __name__ == "__main__":
    main()
