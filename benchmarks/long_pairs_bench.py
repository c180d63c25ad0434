"""Time and peak memory on hostile input: very long sentences, bounded by the token caps.

Two cases, each in a fresh process, each reporting the peak resident memory above the process's
baseline (VmHWM after imports and input building, reset, then the work):

- ``featurize``: ``PairFeaturizer("lexicalized").fit_transform`` of N pairs of L x L tokens
  (random words, five POS tags, so the cross families match often);
- ``predict``: ``classifiers.predict.predict_file`` on one JSON line whose two parses have L
  leaves each, with a lexicalized model trained on a few parsed pairs.

With ``--command N``, instead, the whole ``python -m classifiers.predict`` command, with and
without ``--explain 5``, on N JSON lines of L x L leaves, for a lexicalized and an ``inference``
model each trained on a few pairs and saved as ``.skops``: the time per pair (the command's wall
time divided by N, and that time less the command's start-up, the same command on one short pair)
and the command's peak resident memory (its ``ru_maxrss``, and the start-up's), and their ratios
inference / lexicalized. It needs the
``inference`` model's resources (WordNet, VerbOcean).

    python benchmarks/long_pairs_bench.py [--pairs 100] [--tokens 5000]
    python benchmarks/long_pairs_bench.py --command 3 [--tokens 5000]
"""
from __future__ import annotations

import argparse
import json
import os
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


def json_line(rng, n_tokens: int, pair_id: str) -> str:
    """One SNLI JSON line of two random sentences of ``n_tokens`` leaves each, with their parses."""
    premise, hypothesis = random_sentence(rng, n_tokens), random_sentence(rng, n_tokens)
    return json.dumps({"sentence1": premise.text, "sentence2": hypothesis.text, "pairID": pair_id,
                       "sentence1_parse": parse(premise.tokens, premise.tags),
                       "sentence2_parse": parse(hypothesis.tokens, hypothesis.tags)})


def trained_model(features: str, rng):
    """A ``features`` model (:func:`classifiers.logistic.make_model`) fitted on 30 short random pairs."""
    from classifiers.logistic import make_model
    from lexnli.records import Pair

    train = [Pair(random_sentence(rng, 12), random_sentence(rng, 8), label)
             for label in ("entailment", "contradiction", "neutral") * 10]
    return make_model(features).fit(train, [p.label for p in train])


def predict_case(n_tokens: int) -> dict:
    from classifiers.predict import predict_file

    rng = np.random.default_rng(1)
    model = trained_model("lexicalized", rng)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "hostile.jsonl"
        source.write_text(json_line(rng, n_tokens, "hostile") + "\n")
        baseline = rss_mib()
        reset_peak()
        start = time.perf_counter()
        predict_file(model, source, Path(folder) / "out.jsonl")
        return {"case": f"predict one line of {n_tokens} + {n_tokens} leaves ({source.stat().st_size // 1024} KB)",
                "seconds": time.perf_counter() - start, "peak_above_baseline_mib": rss_peak_mib() - baseline}


def run_command(argv) -> tuple[float, float]:
    """Run ``argv`` from the repository root; its wall time in seconds and its peak resident memory in MiB."""
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as stderr:
        process = subprocess.Popen(argv, cwd=Path(__file__).resolve().parent.parent, stdout=subprocess.DEVNULL,
                                   stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status):
            stderr.seek(0)
            raise subprocess.CalledProcessError(os.waitstatus_to_exitcode(status), argv, stderr=stderr.read())
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def command_case(n_pairs: int, n_tokens: int) -> list[dict]:
    """``python -m classifiers.predict`` (with and without ``--explain 5``) on ``n_pairs`` lines of
    ``n_tokens`` x ``n_tokens`` leaves, for a lexicalized and an inference model: one dict per run."""
    from classifiers.persistence import save_model

    rng = np.random.default_rng(2)
    results = []
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        short, long = folder / "short.jsonl", folder / "long.jsonl"
        short.write_text(json_line(rng, 10, "short") + "\n")
        long.write_text("".join(json_line(rng, n_tokens, f"hostile{i}") + "\n" for i in range(n_pairs)))
        for features in ("lexicalized", "inference"):
            model = save_model(trained_model(features, rng), folder / f"{features}.skops")
            for explain in ("0", "5"):
                def command(source):
                    return run_command([sys.executable, "-m", "classifiers.predict", "--model", str(model),
                                        "--input", str(source), "--output", str(folder / "out.jsonl"),
                                        "--explain", explain])
                startup, startup_peak = command(short)
                seconds, peak = command(long)
                results.append({"features": features, "explain": explain, "seconds_per_pair": seconds / n_pairs,
                                "after_startup": (seconds - startup) / n_pairs, "startup": startup,
                                "peak_rss_mib": peak, "startup_peak_rss_mib": startup_peak})
    return results


def print_command_case(n_pairs: int, n_tokens: int) -> None:
    results = command_case(n_pairs, n_tokens)
    print(f"python -m classifiers.predict on {n_pairs} pairs of {n_tokens} x {n_tokens} tokens")
    for r in results:
        print(f"  {r['features']:<11} --explain {r['explain']}: {r['seconds_per_pair']:.1f} s per pair, "
              f"{r['after_startup']:.1f} s after a start-up of {r['startup']:.1f} s; peak RSS "
              f"{r['peak_rss_mib']:.0f} MiB ({r['startup_peak_rss_mib']:.0f} MiB on one short pair)")
    by_run = {(r["features"], r["explain"]): r for r in results}
    for explain in ("0", "5"):
        inference, lexicalized = by_run["inference", explain], by_run["lexicalized", explain]
        print(f"  inference / lexicalized, --explain {explain}: time per pair "
              f"{inference['seconds_per_pair'] / lexicalized['seconds_per_pair']:.2f}, "
              f"peak RSS {inference['peak_rss_mib'] / lexicalized['peak_rss_mib']:.2f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--tokens", type=int, default=5000)
    parser.add_argument("--command", type=int, default=None, metavar="N",
                        help="run the whole predict command on N pairs instead, lexicalized against inference")
    parser.add_argument("--case", choices=("featurize", "predict"), default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.command is not None:
        print_command_case(args.command, args.tokens)
        return 0
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
