#!/usr/bin/env python
"""Benchmark the syntax model: the parser's speed beside the tagger's, in one process, on one core.

The sentences are the distinct raw sentences of an SNLI file (default: dev), tokenized once up
front (:mod:`lexnli.treebank`, untimed). Each row times one pass over all of them, ``--repeats``
times (the fastest is printed): NLTK's tagger (its weights through
:class:`lexnli.tagging.BatchPerceptronTagger`, what featurizing raw text runs today), the syntax
model's tagger alone, its parser alone on those tags, and the two together
(:meth:`lexnli.syntax.SyntaxModel.read`). Compare the rows of one run only.

    python benchmarks/syntax_bench.py [--snli FILE] [--model PATH] [--repeats 3]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
SHARED = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))


def fastest(run, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv=None) -> int:
    from lexnli.corpora import iter_parses
    from lexnli.syntax import load_syntax
    from lexnli.text import _batch_tagger, _fast_tokenizer

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snli", type=Path, default=SHARED / "snli_1.0" / "snli_1.0_dev.jsonl.gz")
    parser.add_argument("--model", type=Path, default=None, help="the syntax model (default: the data home's)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    model = load_syntax(args.model)
    tokenize = _fast_tokenizer().tokenize
    sentences = [tokenize(text) for text in dict.fromkeys(text for text, _ in iter_parses(args.snli))]
    tags = model.tag(sentences)
    nltk_tagger = _batch_tagger()
    rows = [("nltk tagger", lambda: nltk_tagger.tag_sents(sentences)),
            ("syntax tagger", lambda: model.tag(sentences)),
            ("parser alone", lambda: model.parse(sentences, tags)),
            ("tagger + parser", lambda: model.read(sentences))]
    print(f"{len(sentences):,} distinct sentences of {args.snli.name}, "
          f"{sum(map(len, sentences)) / len(sentences):.1f} tokens each; fastest of {args.repeats}")
    print(f"{'what':<16} {'seconds':>8} {'sentences/s':>12}")
    for name, run in rows:
        seconds = fastest(run, args.repeats)
        print(f"{name:<16} {seconds:>8.3f} {len(sentences) / seconds:>12,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
