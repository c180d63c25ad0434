#!/usr/bin/env python
"""Cost of the full lexicalized (or ``inference``) pipeline as the training set grows to SNLI's full size (550k pairs).

The full official train is not on the project machines, so stand-in training sets are built from
the 52,937 labelled pairs of the train subset: pairs are drawn with replacement (seeded). Plain
resampling would freeze the vocabulary at the subset's, so in some repeats of a pair (its second
use on) the hypothesis nouns get a copy suffix ("dog" -> "dog~2"), which adds new words and with
them new features. ``--growth`` says how many repeats:

* ``heaps`` (default): as many as make the stand-in's lowercased word types follow Heaps' law
  fitted on nested random samples of the subset itself (types ~ pairs ** beta, beta = 0.43:
  16.6k types at 53k pairs, 45.6k extrapolated to 550k). The suffix probability is found by
  bisection for each size. Real text adds words of every kind, the stand-in only nouns, and its
  new words are copies with the same contexts, so the features around them grow like the
  originals'.
* ``copies``: every repeat (109k word types at 550k, 2.4x the extrapolation): a pessimistic bound.
* ``none``: plain resampling (16.6k types at every size): an optimistic bound.

For each size a fresh process runs the stages the experiments run, through the public API with
the experiments' configuration (the ``recommended`` preset, the scaling steps of
``classifiers.logistic``, SAGA logistic regression, C from ``--C``): featurize
(``PairFeaturizer.fit_transform``: feature keys, vocabulary, CSR), scale (max-abs scaling and
the row-norm cap), fit, and predict on the official test set. It prints wall seconds and peak
resident memory per stage (VmHWM, reset before each stage), matrix nonzeros and columns, test
accuracy, and the growth exponent of time and memory between sizes (log ratio of cost over log
ratio of size; 1.0 is linear). The plain reference pipeline (``reference_features`` Counters ->
``DictVectorizer`` -> ``LogisticRegression()`` with default settings) runs at the smallest size in
the same run.

``--preset inference`` times the ``inference`` model's pipeline instead, at the same stages: its
featurizer as :func:`classifiers.recipes.fit_inference` builds it (the ``inference`` features,
preset ``recommended`` with :data:`~featurize.presets.INFERENCE_SETTINGS`), the scaling steps with
the alignment family's columns weighted by :data:`~classifiers.recipes.ALIGNMENT_WEIGHT`, one SAGA
fit at ``--C`` (0.1 is the C the recipe chose on dev, docs/RESULTS.md), and predicting test. What
the recipe does besides is left out: the substituted and compositional pairs it adds (a fixed
number, at most :data:`~classifiers.recipes.AUGMENT` + :data:`~classifiers.recipes.COMPOSITIONAL_AUGMENT`,
16.9k on the subset: a share of the training pairs that falls as the stand-in grows), the
reweighting of the training pairs against a hypothesis-only model (cross-fitted in five folds: on a
stand-in the copies of a pair sit in the other folds, so its weights would not be out of fold), and
the choice of C on dev (one fit per C of the grid, and dev featurized). WordNet, VerbOcean and the
syntax model are loaded before the clock starts (their memory is in the peak). Two things of the
stand-in weigh on the featurize time, neither measured here: a repeat of a pair drawn soon after
it is found in the featurizer's memos (:mod:`featurize.memo_sizes`), and drawing scatters the
premises SNLI writes on consecutive lines, which a batch reads once. No plain reference pipeline is
run with this preset.

    python benchmarks/scale.py [--preset lexicalized|inference] [--sizes 50000 100000 200000 550000]
        [--growth heaps] [--out docs/scale]
"""
from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
import warnings
from dataclasses import replace
from pathlib import Path

import joblib
import numpy as np

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))
SNLI = SHARED / "snli_1.0"
STAGES = ("featurize", "scale", "fit", "predict")
#: The models ``--preset`` names (as ``lexnli train``'s).
PRESETS = ("lexicalized", "inference")


def rss_peak_mb() -> float:
    """This process's peak resident memory since the last :func:`reset_peak` (VmHWM), in MiB."""
    with open("/proc/self/status") as f:
        line = next(l for l in f if l.startswith("VmHWM"))
    return int(line.split()[1]) / 1024


def reset_peak() -> None:
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


GROWTH = ("heaps", "copies", "none")


def stand_in(pairs, size: int, seed: int = 0, suffix_probability: float = 1.0):
    """``size`` pairs drawn with replacement; each repeat of a pair (not its first use) gets its
    hypothesis nouns suffixed with the copy number with probability ``suffix_probability``."""
    rng = np.random.default_rng(seed)
    drawn = rng.integers(0, len(pairs), size)
    suffixed = rng.random(size) < suffix_probability
    uses = np.zeros(len(pairs), dtype=np.int64)
    chosen = []
    for i, suffix in zip(drawn, suffixed):
        pair, copy = pairs[i], uses[i]
        uses[i] += 1
        if copy and suffix:
            h = pair.hypothesis
            tokens = tuple(f"{t}~{copy}" if tag.startswith("NN") else t for t, tag in zip(h.tokens, h.tags))
            pair = replace(pair, hypothesis=replace(h, tokens=tokens))
        chosen.append(pair)
    return chosen


def word_types(pairs) -> int:
    """Distinct lowercased tokens of premises and hypotheses."""
    return len({t.lower() for p in pairs for sentence in (p.premise, p.hypothesis) for t in sentence.tokens})


def heaps_exponent(pairs, seed: int = 0) -> float:
    """Heaps' law exponent of word types against pairs, fitted on nested random samples (1/16 .. all)."""
    order = np.random.default_rng(seed).permutation(len(pairs))
    sizes = [len(pairs) // 2 ** k for k in range(4, -1, -1)]
    types = [word_types([pairs[i] for i in order[:n]]) for n in sizes]
    return float(np.polyfit(np.log(sizes), np.log(types), 1)[0])


def heaps_suffix_probability(pairs, size: int, beta: float, seed: int = 0, steps: int = 12) -> float:
    """The suffix probability whose stand-in of ``size`` pairs has the word types Heaps' law predicts."""
    target = word_types(pairs) * (size / len(pairs)) ** beta
    low, high = 0.0, 1.0
    for _ in range(steps):
        middle = (low + high) / 2
        low, high = (middle, high) if word_types(stand_in(pairs, size, seed, middle)) < target else (low, middle)
    return (low + high) / 2


def stage(results, name, fn, *args):
    """Run ``fn(*args)``, recording its wall seconds and peak resident memory under ``name``."""
    reset_peak()
    start = time.perf_counter()
    value = fn(*args)
    results[f"{name}_seconds"] = time.perf_counter() - start
    results[f"{name}_peak_mb"] = rss_peak_mb()
    return value


def run_fast(train, test, C, min_df=None, preset="lexicalized"):
    """The experiments' pipeline of the ``preset`` model, stage by stage."""
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.pipeline import Pipeline

    from classifiers.evaluation import accuracy
    from classifiers.logistic import MAX_ITER, fit_classifier, scaling_steps
    from featurize import PairFeaturizer

    results = {}
    overrides = {} if min_df is None else {"min_df": min_df}
    if preset == "inference":
        from classifiers.recipes import ALIGNMENT_WEIGHT, alignment_weights
        from featurize.presets import INFERENCE_SETTINGS

        featurizer = PairFeaturizer.from_preset("recommended", "inference", **INFERENCE_SETTINGS, **overrides)
        weights = alignment_weights(ALIGNMENT_WEIGHT)
    else:
        featurizer = PairFeaturizer.from_preset("recommended", "lexicalized", **overrides)
        weights = None
    X = stage(results, "featurize", featurizer.fit_transform, train.pairs)
    scaler = Pipeline(scaling_steps(weights))
    X = stage(results, "scale", lambda: scaler.fit_transform(
        X, **({"weight__feature_names": featurizer.get_feature_names_out()} if weights else {})))
    labels = train.labels

    def fit():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            return fit_classifier(X, labels, C, max_iter=MAX_ITER)
    classifier, converged = stage(results, "fit", fit)
    predicted = stage(results, "predict",
                      lambda: classifier.predict(scaler.transform(featurizer.transform(test.pairs))))
    results.update(nnz=int(X.nnz), columns=int(X.shape[1]), converged=bool(converged),
                   n_iter=int(classifier.n_iter_[0]), accuracy=accuracy(test.labels, predicted))
    return results


def load_inference_resources() -> None:
    """WordNet's data, VerbOcean and the syntax model loaded (raises what is missing, naming it)."""
    import lexical_resources
    from lexnli.syntax import load_syntax

    lexical_resources.get_wordnet().read_files()  # WordNet's files read before the clock
    lexical_resources.get_verbocean()
    load_syntax()


def run_baseline(train, test):
    """Counter dicts -> DictVectorizer -> LogisticRegression() with default settings."""
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    from classifiers.evaluation import accuracy
    from featurize import reference_features

    results = {}
    vectorizer = DictVectorizer()
    X = stage(results, "featurize", lambda: vectorizer.fit_transform([reference_features(p) for p in train.pairs]))
    results.update(scale_seconds=0.0, scale_peak_mb=0.0)  # the plain pipeline does not scale
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        classifier = stage(results, "fit", lambda: LogisticRegression().fit(X, train.labels))
    predicted = stage(results, "predict", lambda: classifier.predict(
        vectorizer.transform([reference_features(p) for p in test.pairs])))
    results.update(nnz=int(X.nnz), columns=int(X.shape[1]), converged=bool(classifier.n_iter_[0] < 100),
                   n_iter=int(classifier.n_iter_[0]), accuracy=accuracy(test.labels, predicted))
    return results


def child(args) -> None:
    """Run one size in this (fresh) process and print its figures as JSON."""
    from lexnli.corpora.snli import SNLICorpus
    train, test = joblib.load(args.cache)
    pairs = stand_in(train.pairs, args.size, args.seed, args.suffix_probability)
    del train
    corpus = SNLICorpus(pairs, test.report)
    if args.preset == "inference":
        load_inference_resources()
    reset_peak()
    results = run_baseline(corpus, test) if args.pipeline == "baseline" else \
        run_fast(corpus, test, args.C, args.min_df, args.preset)
    results.update(pipeline=args.pipeline, preset=args.preset, n_train=args.size,
                   suffix_probability=args.suffix_probability, word_types=word_types(pairs),
                   total_seconds=sum(results[f"{s}_seconds"] for s in STAGES),
                   peak_mb=max(results[f"{s}_peak_mb"] for s in STAGES))
    print("RESULT " + json.dumps(results))


def measure(args, cache, pipeline, size, suffix_probability) -> dict:
    command = [sys.executable, __file__, "--child", "--cache", str(cache), "--pipeline", pipeline,
               "--size", str(size), "--C", str(args.C), "--seed", str(args.seed), "--preset", args.preset,
               *(["--min-df", str(args.min_df)] if args.min_df is not None else []),
               "--suffix-probability", repr(suffix_probability)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(next(l for l in output.splitlines() if l.startswith("RESULT "))[7:])


def exponent(a, b, key) -> float:
    return math.log(b[key] / a[key]) / math.log(b["n_train"] / a["n_train"])


def report(rows, out: Path | None) -> None:
    import pandas as pd

    frame = pd.DataFrame(rows)
    fast = frame[frame.pipeline == "fast"].reset_index(drop=True)
    fast["time_exponent"] = [np.nan] + [exponent(fast.loc[i - 1], fast.loc[i], "total_seconds")
                                        for i in range(1, len(fast))]
    fast["memory_exponent"] = [np.nan] + [exponent(fast.loc[i - 1], fast.loc[i], "peak_mb")
                                          for i in range(1, len(fast))]
    frame = pd.concat([fast, frame[frame.pipeline == "baseline"]], ignore_index=True)
    columns = ["pipeline", "preset", "n_train", "suffix_probability", "word_types", "featurize_seconds",
               "scale_seconds", "fit_seconds", "predict_seconds", "total_seconds", "peak_mb", "nnz", "columns",
               "n_iter", "converged", "accuracy", "time_exponent", "memory_exponent"]
    print(frame[columns].to_markdown(index=False, floatfmt=".3g"))
    if len(fast) > 1:
        first, last = fast.iloc[0], fast.iloc[-1]
        print(f"\nsmallest to largest size: time exponent {exponent(first, last, 'total_seconds'):.2f}, "
              f"memory exponent {exponent(first, last, 'peak_mb'):.2f}")
    base = frame[frame.pipeline == "baseline"]
    if len(base):
        same = fast[fast.n_train == base.n_train.iloc[0]]
        if len(same):
            print(f"\nat {base.n_train.iloc[0]} pairs: fast pipeline "
                  f"{base.total_seconds.iloc[0] / same.total_seconds.iloc[0]:.1f}x "
                  f"faster end to end than the plain reference pipeline; test accuracy "
                  f"{same.accuracy.iloc[0]:.4f} vs {base.accuracy.iloc[0]:.4f}")
    if out is not None:
        from lexnli.io import atomic_open
        out.mkdir(parents=True, exist_ok=True)
        with atomic_open(out / "scale.csv", "w") as f:
            frame[columns].to_csv(f, index=False)
        plot(fast, out / "scale.png", frame.preset.iloc[0])
        print(f"wrote {out / 'scale.csv'} and {out / 'scale.png'}")


def plot(fast, path: Path, preset: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from lexnli.io import atomic_open

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for stage_name in STAGES:
        left.plot(fast.n_train, fast[f"{stage_name}_seconds"], marker="o", label=stage_name)
    left.plot(fast.n_train, fast.total_seconds, marker="o", color="black", label="total")
    right.plot(fast.n_train, fast.peak_mb / 1024, marker="o", color="black")
    for axis, label in ((left, "wall seconds"), (right, "peak resident memory (GiB)")):
        axis.set_xscale("log"), axis.set_yscale("log"), axis.set_xlabel("training pairs"), axis.set_ylabel(label)
    left.legend()
    fig.suptitle(f"lexnli {preset} pipeline: cost vs training-set size (stand-in data)")
    fig.tight_layout()
    with atomic_open(path, "wb") as f:
        fig.savefig(f, format="png", dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=Path, default=SNLI / "snli_1.0_train_subset.jsonl.gz")
    parser.add_argument("--test", type=Path, default=SNLI / "snli_1.0_test.jsonl.gz")
    parser.add_argument("--sizes", type=int, nargs="+", default=[50_000, 100_000, 200_000, 550_000])
    parser.add_argument("--preset", choices=PRESETS, default="lexicalized",
                        help="the model whose pipeline is timed (see above; default: %(default)s)")
    parser.add_argument("--C", type=float, default=0.1,
                        help="the model's C (default: 0.1, the choice on dev of the lexicalized model, Table 4, "
                             "and of the inference model's recipe)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip the plain reference pipeline (never run with --preset inference)")
    parser.add_argument("--growth", choices=GROWTH, default="heaps",
                        help="how the stand-in's vocabulary grows (see above; default: heaps)")
    parser.add_argument("--min-df", type=int, default=None,
                        help="override the experiments' min_df (a control: repeated pairs pass min_df=2 together)")
    parser.add_argument("--out", type=Path, default=None, help="write scale.csv and scale.png here")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--cache", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--pipeline", default="fast", help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--suffix-probability", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args)
    for path in (args.train, args.test):
        if not path.exists():
            parser.error(f"{path} not found: pass --train/--test or set LEXNLI_SHARED_DATA")
    if args.preset == "inference":
        from lexnli.errors import ResourceMissingError
        try:
            load_inference_resources()
        except (ResourceMissingError, FileNotFoundError) as exc:
            parser.error(str(exc))
    from lexnli.corpora.snli import read_snli
    start = time.perf_counter()
    train, test = read_snli(args.train), read_snli(args.test)
    print(f"read {len(train)} train and {len(test)} test pairs in {time.perf_counter() - start:.1f} s", flush=True)
    beta = heaps_exponent(train.pairs, args.seed) if args.growth == "heaps" else None
    if beta is not None:
        print(f"Heaps' law on the train subset: word types ~ pairs ** {beta:.3f}", flush=True)

    def suffix_probability(size):
        if beta is not None:
            return heaps_suffix_probability(train.pairs, size, beta, args.seed)
        return 1.0 if args.growth == "copies" else 0.0

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "corpora.joblib"
        joblib.dump((train, test), cache)
        for size in sorted(args.sizes):
            rows.append(measure(args, cache, "fast", size, suffix_probability(size)))
            print(f"fast {size}: {rows[-1]['word_types']} word types (suffix probability "
                  f"{rows[-1]['suffix_probability']:.3f}), {rows[-1]['total_seconds']:.1f} s, "
                  f"peak {rows[-1]['peak_mb']:.0f} MiB, accuracy {rows[-1]['accuracy']:.4f}", flush=True)
        if not args.no_baseline and args.preset == "lexicalized":
            size = min(args.sizes)
            rows.append(measure(args, cache, "baseline", size,
                                next(r for r in rows if r["n_train"] == size)["suffix_probability"]))
            print(f"baseline {min(args.sizes)}: {rows[-1]['total_seconds']:.1f} s", flush=True)
    report(rows, args.out)


if __name__ == "__main__":
    main()
