#!/usr/bin/env python
"""Train the dependency parser on SNLI's converted trees and measure it on dev: accuracy by epoch, speed, size.

The training trees are the distinct ``sentence1_parse``/``sentence2_parse`` of the training
file, converted by :func:`lexnli.dependencies.from_parse`; dev's are converted the same way and
parsed from their gold (parse-leaf) tags. After each epoch the dev UAS and LAS (punctuation
left out) and the training time so far (evaluations not counted) are printed: the parser after
epoch ``k`` is the one ``n_epochs=k`` fits. Then, for the last epoch's parser: each label's
accuracy on dev (tokens of that gold label given their gold head and label), the sentences/s
of the batched decoder and of the one-sentence reference on the same dev sentences (the
reference on the first ``--reference-sentences``, whose parses must be the batched ones), the
model file's size and, with ``--tag``, the sentences/s of tokenizing and tagging dev's raw
sentences (the fast tagger, not memoized yet), of parsing them and of both.

    python benchmarks/parser_bench.py [--epochs 10] [--model /tmp/parser.npz] [--tag]
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
SHARED = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))
os.environ.setdefault("NLTK_DATA", str(SHARED / "nltk_data"))  # NLTK's tagger, for --tag
#: The labels whose dev accuracy is printed.
REPORTED_LABELS = ("conj", "prep", "ccomp", "advcl", "acl", "relcl", "pobj", "dep", "nsubj", "obj")


def read_trees(path: Path) -> tuple[list, list]:
    """The converted trees of the distinct parsed sentences of an SNLI jsonl file, and their raw texts."""
    from lexnli.dependencies import from_parse

    parses = {}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            for side in ("sentence1", "sentence2"):
                if record.get(f"{side}_parse"):
                    parses.setdefault(record[f"{side}_parse"], record[side])
    return [from_parse(parse) for parse in parses], list(parses.values())


def label_accuracy(gold, predicted) -> dict:
    """By gold label: ``(tokens, share given their gold head and label)``."""
    counts, right = Counter(), Counter()
    for tree, (heads, labels) in zip(gold, predicted):
        for gold_head, gold_label, head, label in zip(tree.heads, tree.labels, heads, labels):
            counts[gold_label] += 1
            right[gold_label] += head == gold_head and label == gold_label
    return {label: (counts[label], right[label] / counts[label]) for label in counts}


def rate(run, n: int) -> float:
    """Sentences per second of ``run()`` over ``n`` sentences."""
    start = time.perf_counter()
    run()
    return n / (time.perf_counter() - start)


def main(argv=None) -> int:
    from lexnli.parser import DependencyParser, attachment_scores

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=Path, default=SHARED / "snli_1.0" / "snli_1.0_train_subset.jsonl.gz")
    parser.add_argument("--dev", type=Path, default=SHARED / "snli_1.0" / "snli_1.0_dev.jsonl.gz")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--explore-from-epoch", type=int, default=2)
    parser.add_argument("--explore-probability", type=float, default=0.9)
    parser.add_argument("--model", type=Path, default=None, help="save the parser here (outside the repository)")
    parser.add_argument("--reference-sentences", type=int, default=2000)
    parser.add_argument("--tag", action="store_true", help="also time tagging raw dev sentences and parsing them")
    args = parser.parse_args(argv)

    train, _ = read_trees(args.train)
    dev, dev_texts = read_trees(args.dev)
    print(f"{len(train)} training trees, {len(dev)} dev trees")
    dev_input = [(tree.tokens, tree.tags) for tree in dev]
    gold = [(tree.heads, tree.labels) for tree in dev]
    clock = {"train": 0.0, "since": time.perf_counter()}

    def evaluate(epoch, fitted):
        clock["train"] += time.perf_counter() - clock["since"]
        uas, las = attachment_scores(gold, fitted.parse(dev_input), [tree.tags for tree in dev])
        print(f"epoch {epoch}: dev UAS {uas:.4f} LAS {las:.4f}, training {clock['train']:.0f} s", flush=True)
        clock["since"] = time.perf_counter()

    model = DependencyParser(n_epochs=args.epochs, seed=args.seed, explore_from_epoch=args.explore_from_epoch,
                             explore_probability=args.explore_probability)
    model.fit([(t.tokens, t.tags, t.heads, t.labels) for t in train], epoch_done=evaluate)
    print(f"skipped training trees: {model.n_skipped_trees_}; weight rows: {len(model.keys_)}")
    predicted = model.parse(dev_input)
    accuracy = label_accuracy(dev, predicted)
    print("dev accuracy by label: " + ", ".join(f"{label} {accuracy[label][1]:.3f} ({accuracy[label][0]})"
                                                for label in REPORTED_LABELS if label in accuracy))
    n = min(args.reference_sentences, len(dev_input))
    reference = []
    fast_rate = rate(lambda: model.parse(dev_input), len(dev_input))
    reference_rate = rate(lambda: reference.extend(model.parse_one(*s) for s in dev_input[:n]), n)
    assert reference == predicted[:n], "the batched decoder's parses differ from the reference's"
    mean_length = sum(len(tokens) for tokens, _ in dev_input) / len(dev_input)
    print(f"sentences/s: batched {fast_rate:.0f}, reference {reference_rate:.0f} "
          f"({fast_rate / reference_rate:.1f}x); mean length {mean_length:.1f} tokens")
    if args.model:
        model.save(args.model)
        print(f"model file: {args.model.stat().st_size / 2 ** 20:.1f} MiB")
    if args.tag:
        from lexnli.text import tokenize_and_tag_many

        start = time.perf_counter()
        tagged = tokenize_and_tag_many(dev_texts)
        tagging = time.perf_counter() - start
        parsing = len(tagged) / rate(lambda: model.parse(tagged), len(tagged))
        print(f"raw dev sentences/s: tagging {len(tagged) / tagging:.0f}, parsing {len(tagged) / parsing:.0f}, "
              f"both {len(tagged) / (tagging + parsing):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
