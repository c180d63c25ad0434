#!/usr/bin/env python
"""Featurize + fit of the ``inference`` model against a cs224u-style peer on one SNLI training file, in one run.

Each side runs in a fresh process (no memo carries over), which reads the files (not timed), then
featurizes the training pairs and fits (the wall time reported), then scores the ``--test`` pairs
(not timed):

* ``peer``: the cs224u NLI baseline. For each pair a ``Counter`` of word cross-product features
  (each premise word x each hypothesis word, with its count) and word-overlap features (cs224u's
  ``word_overlap_phi``: each word in both sentences, once) on lowercased tokens: the leaves of the
  corpus's parses (SNLI's PTB tokens; a line without parses is tokenized by the project's
  tokenizer, :func:`lexnli.text.make_sentences`, as the reader does) -> ``DictVectorizer`` ->
  ``LogisticRegression(solver="liblinear", penalty="l1", C=0.4)`` one-vs-rest, one class after
  the other in this process (:class:`~sklearn.multiclass.OneVsRestClassifier`, as liblinear does
  for three classes; scikit-learn 1.8 and later want the wrapper spelled out).
* ``ours``: what ``lexnli train --preset inference`` does once it has read its data:
  :func:`classifiers.recipes.fit_inference` with the command's defaults (preset ``recommended``,
  seed 0, the C grid :data:`classifiers.logistic.C_GRID` unless ``--C-grid``, every core unless ``--n-jobs``). That is
  the hypothesis-only model (C chosen on dev), the substituted and compositional pairs added, the
  training pairs reweighted against the hypothesis-only model (cross-fitted), then the ``inference``
  featurizer and one SAGA fit per C of the grid, **C chosen on** ``--dev``: the time includes
  featurizing dev for both models. WordNet, VerbOcean and the syntax model are loaded before the
  clock starts (the command loads the first two before reading its data). The command samples
  55,000 pairs from a larger train file (``--max-train``); here every pair (or the first
  ``--limit``) is used, which is the same on the default file (52,937 labelled pairs).

The peer fits in one process, ours with every core as the command does: ``--n-jobs 1`` gives both
one core. The table has each side's training pairs, seconds, test accuracy and seconds against the
peer's; the last line is ``RESULT`` and the figures as JSON (``ratio``: ours/peer seconds).

    python benchmarks/peer_bench.py [--train F --dev F --test F] [--limit N] [--n-jobs N] [--C-grid C ...] [--out F]
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import time
import warnings
from collections import Counter
from itertools import product
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # the project's packages, run from a checkout
from classifiers.logistic import C_GRID  # noqa: E402  (the repository's)
from lexnli.cli import at_least, resolve_n_jobs  # noqa: E402
from lexnli.cli import n_jobs as n_jobs_option  # noqa: E402

SNLI = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data")) / "snli_1.0"
SIDES = ("peer", "ours")
#: The peer's regularization strength (L1, liblinear).
PEER_C = 0.4


def peer_features(premise_tokens, hypothesis_tokens) -> Counter:
    """The peer's features of one pair: ``cross:PREMISE_WORD|HYPOTHESIS_WORD`` (counted) and
    ``overlap:WORD`` (1 for each word in both), on lowercased tokens.

    >>> sorted(peer_features(["A", "dog"], ["dog", "dog"]).items())
    [('cross:a|dog', 2), ('cross:dog|dog', 2), ('overlap:dog', 1)]
    """
    premise = [t.lower() for t in premise_tokens]
    hypothesis = [t.lower() for t in hypothesis_tokens]
    features = Counter(f"cross:{p}|{h}" for p, h in product(premise, hypothesis))
    features.update(f"overlap:{word}" for word in set(premise) & set(hypothesis))
    return features


def pair_features(pairs) -> list[Counter]:
    return [peer_features(pair.premise.tokens, pair.hypothesis.tokens) for pair in pairs]


def fit_peer(pairs, labels):
    """The peer fitted on ``pairs``: ``(vectorizer, classifier)``."""
    import numpy as np
    from scipy.sparse import csr_matrix
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.multiclass import OneVsRestClassifier

    vectorizer = DictVectorizer()
    X = vectorizer.fit_transform(pair_features(pairs))
    # liblinear takes 32-bit indices only; scikit-learn 1.9's DictVectorizer makes 64-bit ones (X has < 2**31 nonzeros)
    X = csr_matrix((X.data, X.indices.astype(np.int32), X.indptr.astype(np.int32)), shape=X.shape)
    # L1 said both ways: penalty= before scikit-learn 1.8, l1_ratio= from 1.8 (which warns about penalty=)
    classifier = OneVsRestClassifier(LogisticRegression(solver="liblinear", penalty="l1", l1_ratio=1, C=PEER_C,
                                                        random_state=0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        warnings.filterwarnings("ignore", "l1_ratio parameter is only used", UserWarning)
        return vectorizer, classifier.fit(X, labels)


def run_peer(train, test) -> dict:
    """Time the peer's featurize + fit on ``train``; score it on ``test``."""
    start = time.perf_counter()
    vectorizer, classifier = fit_peer(train.pairs, train.labels)
    seconds = time.perf_counter() - start
    predicted = classifier.predict(vectorizer.transform(pair_features(test.pairs)))
    return {"seconds": seconds, "predicted": predicted, "columns": len(vectorizer.vocabulary_)}


def run_ours(train, dev, test, n_jobs, grid) -> dict:
    """Time :func:`classifiers.recipes.fit_inference` on ``train`` (C chosen from ``grid`` on ``dev``) as
    ``lexnli train`` calls it; score the model on ``test``."""
    import lexical_resources
    from classifiers import recipes
    from featurize.presets import DEFAULT_PRESET
    from lexnli.syntax import load_syntax

    lexical_resources.get_wordnet().read_files()  # WordNet's files read before the clock
    lexical_resources.get_verbocean()
    load_syntax()
    start = time.perf_counter()
    _, selection = recipes.fit_inference(train.pairs, dev.pairs, grid=tuple(grid), preset=DEFAULT_PRESET, n_jobs=n_jobs,
                                         seed=0)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "predicted": selection.model.predict(test.pairs), "C": selection.C,
            "training_pairs_with_augmentation": len(selection.train_predictions)}


def child(side: str, args) -> dict:
    """One side's figures (run in a fresh process)."""
    from classifiers.evaluation import accuracy
    from lexnli.corpora.snli import SNLICorpus, read_snli

    train, test = read_snli(args.train), read_snli(args.test)
    if args.limit is not None:
        train = SNLICorpus(train.pairs[:args.limit], train.report)
    if side == "peer":
        found = run_peer(train, test)
    else:
        found = run_ours(train, read_snli(args.dev), test, resolve_n_jobs(args.n_jobs), args.C_grid)
    predicted = found.pop("predicted")
    return {"side": side, "train_pairs": len(train), "seconds": round(found.pop("seconds"), 3),
            "test_accuracy": round(accuracy(test.labels, predicted), 4), **found}


def measure(side: str, args) -> dict:
    """Run :func:`child` for ``side`` in a fresh process; its figures."""
    command = [sys.executable, __file__, "--child", side, "--train", str(args.train), "--dev", str(args.dev),
               "--test", str(args.test), *(["--limit", str(args.limit)] if args.limit is not None else []),
               *(["--n-jobs", str(args.n_jobs)] if args.n_jobs is not None else []),
               "--C-grid", *map(str, args.C_grid)]
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the {side} side failed:\n{done.stderr[-2000:]}")
    return json.loads(next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))[7:])


def report(rows: list[dict], out: Path | None) -> None:
    """Print the table of ``rows`` (one per side) and the ``RESULT`` line; write the table to ``out`` as CSV."""
    peer = next(row for row in rows if row["side"] == "peer")
    table = [{"side": row["side"], "train_pairs": row["train_pairs"], "seconds": row["seconds"],
              "test_accuracy": row["test_accuracy"], "vs_peer": round(row["seconds"] / peer["seconds"], 2)}
             for row in rows]
    print(f"{'side':6} {'train pairs':>11} {'featurize+fit s':>15} {'test accuracy':>13} {'x peer':>7}")
    for row in table:
        print(f"{row['side']:6} {row['train_pairs']:>11,} {row['seconds']:>15.2f} {row['test_accuracy']:>13.4f} "
              f"{row['vs_peer']:>7.2f}")
    ours = next(row for row in rows if row["side"] == "ours")
    print("RESULT " + json.dumps({"train_pairs": peer["train_pairs"], "peer_seconds": peer["seconds"],
                                  "ours_seconds": ours["seconds"], "ratio": round(ours["seconds"] / peer["seconds"], 3),
                                  "peer_accuracy": peer["test_accuracy"], "ours_accuracy": ours["test_accuracy"]}))
    if out is not None:
        from lexnli.io import atomic_open

        with atomic_open(out, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, list(table[0]))
            writer.writeheader()
            writer.writerows(table)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=Path, default=SNLI / "snli_1.0_train_subset.jsonl.gz")
    parser.add_argument("--dev", type=Path, default=SNLI / "snli_1.0_dev.jsonl.gz",
                        help="the pairs our recipe chooses C on (the peer reads none)")
    parser.add_argument("--test", type=Path, default=SNLI / "snli_1.0_test.jsonl.gz")
    parser.add_argument("--limit", type=at_least(1), default=None, metavar="N", help="the first N training pairs only")
    parser.add_argument("--n-jobs", type=n_jobs_option, default=None, metavar="N",
                        help="our side's processes (default: every core, as lexnli train; the peer's: one)")
    parser.add_argument("--C-grid", type=float, nargs="+", default=list(C_GRID), metavar="C",
                        help=f"the C values our recipe tries on dev, each model once per value (default: "
                             f"{list(C_GRID)}, as lexnli train; one value: one fit of each model, as the peer's one C)")
    parser.add_argument("--out", type=Path, default=None, help="write the table as CSV here")
    parser.add_argument("--child", choices=SIDES, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print("RESULT " + json.dumps(child(args.child, args)))
        return 0
    for path in (args.train, args.dev, args.test):
        if not path.is_file():
            print(f"error: {path}: no such file (pass --train/--dev/--test or set LEXNLI_SHARED_DATA)",
                  file=sys.stderr)
            return 2
    rows = []
    for side in SIDES:
        rows.append(measure(side, args))
        print(f"{side}: {rows[-1]}", flush=True)
    report(rows, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
