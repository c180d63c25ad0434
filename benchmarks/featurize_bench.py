#!/usr/bin/env python
"""Benchmark ``PairFeaturizer`` on the SNLI train subset against the plain baseline.

The baseline is the readable path: ``reference_features(pair)`` Counter dicts for every pair,
fed to ``sklearn.feature_extraction.DictVectorizer``. The fast path is ``PairFeaturizer`` with
the full lexicalized feature set, in hashing mode (2**22 columns) and in vocabulary mode
(``n_features=None``), with ``n_jobs=1`` and ``n_jobs=2``. Also measured: how many distinct
feature keys share a hashed column, for 2**18 .. 2**24 columns.

Each step is run twice: once timed, once under ``tracemalloc`` (peak of what the parent
process allocates in the step, numpy included; not the worker processes). ``maxRSS`` is the
process's high-water mark so far (``ru_maxrss``: it never goes down); ``worker MB`` is the
largest ended worker process's peak RSS so far (``ru_maxrss`` of the children: the forked
workers end with each call; it never goes down either).

    python benchmarks/featurize_bench.py [--train FILE] [--limit N] [--out figures.csv]
"""
from __future__ import annotations

import argparse
import csv
import os
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))
DEFAULT_TRAIN = SHARED / "snli_1.0" / "snli_1.0_train_subset.jsonl.gz"
NLTK_DATA = Path(os.environ.get("NLTK_DATA", SHARED / "nltk_data"))
HASH_BITS = (18, 20, 22, 24)


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def traced_peak_mb(fn) -> float:
    """Peak bytes allocated while ``fn`` runs (tracemalloc), in MiB."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


def matrix_mb(X) -> float:
    return (X.data.nbytes + X.indices.nbytes + X.indptr.nbytes) / 2**20


def workers_peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # Linux reports KiB


def collisions(keys: np.ndarray, bits: int) -> dict:
    """Columns used by ``keys`` hashed into 2**bits columns, and the share of keys not alone in theirs."""
    _, counts = np.unique(keys % np.uint64(2**bits), return_counts=True)
    shared = int(counts[counts > 1].sum())
    expected = 1 - (1 - 2.0**-bits) ** (len(keys) - 1)  # uniform hashing
    return {"columns_used": len(counts), "keys_sharing": shared, "collision_rate": shared / max(len(keys), 1),
            "expected_rate": expected}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", type=Path, default=DEFAULT_TRAIN, help=f"SNLI file (default: {DEFAULT_TRAIN})")
    parser.add_argument("--limit", type=int, default=None, help="use only the first N pairs (quick runs)")
    parser.add_argument("--out", type=Path, default=None, help="also write the figures to this CSV file")
    args = parser.parse_args(argv)
    if not args.train.exists():
        print(f"error: {args.train} not found; pass --train FILE or set LEXNLI_SHARED_DATA to the folder "
              "holding snli_1.0/snli_1.0_train_subset.jsonl.gz", file=sys.stderr)
        return 2
    import nltk
    if NLTK_DATA.exists() and str(NLTK_DATA) not in nltk.data.path:
        nltk.data.path.insert(0, str(NLTK_DATA))
    from sklearn.feature_extraction import DictVectorizer

    from featurize import PairFeaturizer, reference_features
    from lexnli.corpora.snli import read_snli

    corpus, read_s = timed(lambda: read_snli(args.train))
    pairs = corpus.pairs[: args.limit]
    n = len(pairs)
    figures = [("read", "read_snli", "seconds", read_s), ("read", "read_snli", "pairs", n)]
    print(f"read {args.train}: {len(corpus)} labeled pairs ({corpus.report.n_unlabeled} unlabeled excluded) "
          f"in {read_s:.1f} s; featurizing {n} pairs, lexicalized feature set\n")

    steps = [(f"hashing 2**22, n_jobs={j}", lambda j=j: PairFeaturizer(n_features=2**22, n_jobs=j).fit_transform(pairs))
             for j in (1, 2)]
    steps += [(f"vocabulary, n_jobs={j}", lambda j=j: PairFeaturizer(n_features=None, n_jobs=j).fit_transform(pairs))
              for j in (1, 2)]
    steps.append(("baseline DictVectorizer",
                  lambda: DictVectorizer().fit_transform([reference_features(p) for p in pairs])))

    header = f"{'step':<26}{'seconds':>8}{'pairs/s':>9}{'nnz/pair':>9}{'shape':>18}{'matrix MB':>10}" \
             f"{'traced MB':>10}{'maxRSS MB':>10}{'worker MB':>10}"
    print(header + "\n" + "-" * len(header))
    rates = {}
    for name, step in steps:
        X, seconds = timed(step)
        peak = traced_peak_mb(step)
        workers = workers_peak_mb()
        row = {"seconds": seconds, "pairs_per_second": n / seconds, "nnz_per_pair": X.nnz / max(n, 1),
               "rows": X.shape[0], "columns": X.shape[1], "matrix_mb": matrix_mb(X), "traced_peak_mb": peak,
               "maxrss_mb": maxrss_mb(), "worker_peak_rss_mb": workers if "n_jobs=2" in name else None}
        rates[name] = row["pairs_per_second"]
        figures += [("featurize", name, metric, value) for metric, value in row.items() if value is not None]
        worker = f"{'-':>10}" if row["worker_peak_rss_mb"] is None else f"{row['worker_peak_rss_mb']:>10.0f}"
        print(f"{name:<26}{seconds:>8.2f}{row['pairs_per_second']:>9.0f}{row['nnz_per_pair']:>9.1f}"
              f"{f'{X.shape[0]} x {X.shape[1]}':>18}{row['matrix_mb']:>10.1f}{peak:>10.0f}{row['maxrss_mb']:>10.0f}"
              f"{worker}")
        del X

    print("(DictVectorizer also stores the zero-valued dense features, hence its larger nnz/pair)")
    baseline = rates["baseline DictVectorizer"]
    print("\nspeedup over the baseline (pairs/s ratio):")
    for name, rate in rates.items():
        if name != "baseline DictVectorizer":
            print(f"  {name:<26}{rate / baseline:>6.1f}x")
            figures.append(("speedup", name, "fast_over_baseline", rate / baseline))

    vocab = PairFeaturizer(n_features=None).fit(pairs).vocabulary_
    print(f"\nhashing trade-off: {len(vocab)} distinct indicator keys")
    print(f"{'n_features':>12}{'columns used':>14}{'keys sharing':>14}{'collision rate':>16}{'expected':>10}")
    for bits in HASH_BITS:
        c = collisions(vocab, bits)
        figures += [("hashing", f"2**{bits}", metric, value) for metric, value in c.items()]
        print(f"{f'2**{bits}':>12}{c['columns_used']:>14}{c['keys_sharing']:>14}"
              f"{c['collision_rate']:>16.4%}{c['expected_rate']:>10.4%}")
    figures.append(("hashing", "all", "distinct_keys", len(vocab)))

    if args.out:
        write_csv(args.out, figures)
        print(f"\nwrote {args.out}")
    return 0


def write_csv(path: Path, figures) -> None:
    """Write ``(section, setting, metric, value)`` rows atomically: a temp file, then ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["section", "setting", "metric", "value"])
            writer.writerows(figures)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


if __name__ == "__main__":
    sys.exit(main())
