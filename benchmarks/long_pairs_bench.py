"""Peak memory on hostile input: very long sentences, bounded by the cross-feature cap.

Two cases, each in a fresh process, each reporting the peak resident memory above the process's
baseline (VmHWM after imports and input building, reset, then the work):

- ``featurize``: ``PairFeaturizer("lexicalized").fit_transform`` of N pairs of L x L tokens
  (random words, five POS tags, so the cross families match often);
- ``predict``: ``classifiers.predict.predict_file`` on one JSON line whose two parses have L
  leaves each, with a lexicalized model trained on a few parsed pairs.

    python benchmarks/long_pairs_bench.py [--pairs 100] [--tokens 5000]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

TAGS = ("NN", "VBZ", "DT", "JJ", "IN")


def rss_peak_mib() -> float:
    """This process's peak resident memory since the last reset (VmHWM), in MiB."""
    with open("/proc/self/status") as f:
        return int(next(line for line in f if line.startswith("VmHWM")).split()[1]) / 1024


def rss_mib() -> float:
    with open("/proc/self/status") as f:
        return int(next(line for line in f if line.startswith("VmRSS")).split()[1]) / 1024


def reset_peak() -> None:
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def random_sentence(rng, n_tokens: int):
    from lexnli.records import Sentence

    tokens = tuple(f"w{i}" for i in rng.integers(0, 50_000, n_tokens))
    tags = tuple(TAGS[i] for i in rng.integers(0, len(TAGS), n_tokens))
    return Sentence(" ".join(tokens), tokens, tags)


def featurize_case(n_pairs: int, n_tokens: int) -> dict:
    from featurize import PairFeaturizer
    from lexnli.records import Pair

    rng = np.random.default_rng(0)
    pairs = [Pair(random_sentence(rng, n_tokens), random_sentence(rng, n_tokens)) for _ in range(n_pairs)]
    baseline = rss_mib()
    reset_peak()
    start = time.perf_counter()
    X = PairFeaturizer("lexicalized").fit_transform(pairs)
    return {"case": f"featurize {n_pairs} pairs of {n_tokens} x {n_tokens} tokens",
            "seconds": time.perf_counter() - start, "peak_above_baseline_mib": rss_peak_mib() - baseline,
            "nnz": int(X.nnz)}


def parse(tokens, tags) -> str:
    return "(ROOT (S " + " ".join(f"({t} {w})" for w, t in zip(tokens, tags)) + "))"


def predict_case(n_tokens: int) -> dict:
    from classifiers.logistic import make_model
    from classifiers.predict import predict_file
    from lexnli.records import Pair

    rng = np.random.default_rng(1)
    train = [Pair(random_sentence(rng, 12), random_sentence(rng, 8), label)
             for label in ("entailment", "contradiction", "neutral") * 10]
    model = make_model("lexicalized").fit(train, [p.label for p in train])
    with tempfile.TemporaryDirectory() as folder:
        premise, hypothesis = random_sentence(rng, n_tokens), random_sentence(rng, n_tokens)
        line = {"sentence1": premise.text, "sentence2": hypothesis.text, "pairID": "hostile",
                "sentence1_parse": parse(premise.tokens, premise.tags),
                "sentence2_parse": parse(hypothesis.tokens, hypothesis.tags)}
        source = Path(folder) / "hostile.jsonl"
        source.write_text(json.dumps(line) + "\n")
        baseline = rss_mib()
        reset_peak()
        start = time.perf_counter()
        predict_file(model, source, Path(folder) / "out.jsonl")
        return {"case": f"predict one line of {n_tokens} + {n_tokens} leaves ({source.stat().st_size // 1024} KB)",
                "seconds": time.perf_counter() - start, "peak_above_baseline_mib": rss_peak_mib() - baseline}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--tokens", type=int, default=5000)
    parser.add_argument("--case", choices=("featurize", "predict"), default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.case is not None:  # one case, in this (fresh) process
        result = featurize_case(args.pairs, args.tokens) if args.case == "featurize" else predict_case(args.tokens)
        print(json.dumps(result))
        return 0
    for case in ("featurize", "predict"):
        out = subprocess.run([sys.executable, __file__, "--case", case, "--pairs", str(args.pairs),
                              "--tokens", str(args.tokens)], check=True, capture_output=True, text=True).stdout
        result = json.loads(out.strip().splitlines()[-1])
        print(f"{result['case']}: {result['seconds']:.1f} s, peak {result['peak_above_baseline_mib']:.0f} MiB "
              f"above baseline" + (f", {result['nnz']} nonzeros" if "nnz" in result else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
