#!/usr/bin/env python
"""Benchmark raw text: NLTK's tokenizer and tagger (the reference) against lexnli's fast path.

The pairs are SNLI dev and test (every line, its two raw sentences, parses ignored) and SICK
(all of it). For each setting and ``n_jobs`` in (1, 2), one timed run takes the raw string
pairs to the lexicalized feature matrix (``PairFeaturizer("lexicalized", n_jobs=...)``):

- ``nltk``: ``make_sentences(..., tagger="nltk")`` (``TreebankWordTokenizer`` and
  ``PerceptronTagger.tag`` per sentence, as lexnli did before), then the featurizer on the records;
- ``lexnli``: the featurizer on the strings (the default fast path), its memo and word caches
  emptied first so nothing is carried over from an earlier run.

``token_agreement`` is the share of tokens whose (token, tag) equals the reference's (1.0 for
the ``nltk`` rows). Each printed row carries the load average after it and how many cores
other processes kept busy while it ran (the machine may be shared: compare rows of one run, and
trust a ratio only when the other processes left both cores free). Printed besides the CSV:
the featurizer on the same pairs already tokenized and tagged (the floor), tokenize+tag time
alone, the peak memory of the memo tables while tagging every sentence (tracemalloc, an untimed
run), and the time to read the SNLI train subset (``read_snli``) with each tagger.

    python benchmarks/text_bench.py --out text_bench.csv [--train FILE] [--limit N]
"""
from __future__ import annotations

import argparse
import csv
import gzip
import json
import os
import resource
import sys
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))
SNLI = SHARED / "snli_1.0"
SICK = SHARED / "sick" / "SICK.txt.gz"
COLUMNS = ("setting", "n_jobs", "pairs", "seconds", "pairs_per_second", "token_agreement")


def raw_pairs(limit: int | None) -> list[tuple[str, str]]:
    """SNLI dev+test lines' sentences, then SICK's, as (premise, hypothesis) strings."""
    pairs = []
    for split in ("dev", "test"):
        with gzip.open(SNLI / f"snli_1.0_{split}.jsonl.gz", "rt", encoding="utf-8") as f:
            pairs += [(r["sentence1"], r["sentence2"]) for r in map(json.loads, f)]
    with gzip.open(SICK, "rt", encoding="utf-8") as f:
        header = next(f).rstrip("\r\n").split("\t")
        a, b = header.index("sentence_A"), header.index("sentence_B")
        pairs += [(v[a].strip(), v[b].strip()) for v in (line.rstrip("\r\n").split("\t") for line in f)]
    return pairs[:limit]


def agreement(sentences, reference) -> float:
    """Share of reference tokens whose (token, tag) the other side has at the same position."""
    same = total = 0
    for (tokens, tags), (ref_tokens, ref_tags) in zip(sentences, reference):
        same += sum(a == b for a, b in zip(zip(tokens, tags), zip(ref_tokens, ref_tags)))
        total += max(len(tokens), len(ref_tokens))
    return same / total if total else 1.0


def forget():
    """Empty the fast path's memo and word caches: each timed run starts cold."""
    from lexnli import text

    text._memo.clear()
    text._batch_tagger()._reset()


def load() -> str:
    """The 1-minute load average now (how busy the cores were while a row ran)."""
    return f"load {os.getloadavg()[0]:.2f}"


def _busy_seconds() -> float | None:
    """CPU seconds the whole machine spent busy so far (Linux ``/proc/stat``; None elsewhere)."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(t) for t in f.readline().split()[1:]]
    except OSError:
        return None
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # all but idle and iowait


def _own_seconds() -> float:
    """CPU seconds of this process and of its ended children (the worker processes)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(fn):
    """``fn()``, its wall-clock seconds, and how many cores other processes kept busy meanwhile (None if unknown)."""
    busy, own, start = _busy_seconds(), _own_seconds(), time.perf_counter()
    result = fn()
    seconds = time.perf_counter() - start
    others = None if busy is None else ((_busy_seconds() - busy) - (_own_seconds() - own)) / seconds
    return result, seconds, others


def contention(others) -> str:
    return "" if others is None else f", other processes {others:.2f} cores"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="CSV file to write")
    parser.add_argument("--train", default=str(SNLI / "snli_1.0_train_subset.jsonl.gz"),
                        help="SNLI file whose reading is timed with each tagger ('' to skip)")
    parser.add_argument("--limit", type=int, default=None, help="use only the first N pairs")
    args = parser.parse_args(argv)
    for path in (SNLI / "snli_1.0_dev.jsonl.gz", SNLI / "snli_1.0_test.jsonl.gz", SICK):
        if not path.exists():
            print(f"error: {path} is missing (set LEXNLI_SHARED_DATA)", file=sys.stderr)
            return 2

    sys.path.insert(0, str(REPO))
    from featurize import PairFeaturizer
    from lexnli.corpora.snli import read_snli
    from lexnli.records import Pair, Sentence
    from lexnli.text import _batch_tagger, nltk_tagger, make_sentences, tokenize_and_tag_many

    nltk_tagger(), _batch_tagger()  # load the weights once, outside the timings
    pairs = raw_pairs(args.limit)
    texts = [s for pair in pairs for s in pair]
    print(f"$ python {' '.join(sys.argv)}    # {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {load()}")
    print(f"{len(pairs)} pairs, {len(texts)} sentences, {len(set(texts))} distinct")

    def nltk_path(n_jobs):
        sentences = make_sentences([(s, None) for s in texts], tagger="nltk")
        records = [Pair(sentences[i], sentences[i + 1]) for i in range(0, len(sentences), 2)]
        return sentences, PairFeaturizer("lexicalized", n_jobs=n_jobs).fit_transform(records)

    def fast_path(n_jobs):
        forget()
        return PairFeaturizer("lexicalized", n_jobs=n_jobs).fit_transform(pairs)

    rows, reference = [], None
    for setting in ("nltk", "lexnli"):
        for n_jobs in (1, 2):
            if setting == "nltk":
                (sentences, X), seconds, others = timed(lambda: nltk_path(n_jobs))
                reference = [(s.tokens, s.tags) for s in sentences]
                share = 1.0
            else:
                X, seconds, others = timed(lambda: fast_path(n_jobs))
                share = agreement(tokenize_and_tag_many(texts), reference)
            rows.append({"setting": setting, "n_jobs": n_jobs, "pairs": len(pairs), "seconds": round(seconds, 3),
                         "pairs_per_second": round(len(pairs) / seconds, 1), "token_agreement": round(share, 6)})
            print(rows[-1], X.shape, load() + contention(others), flush=True)
    with open(args.out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)

    records = [Pair(Sentence(s, a, b), Sentence(s, c, d)) for s, ((a, b), (c, d)) in
               zip(texts[::2], zip(reference[::2], reference[1::2]))]
    _, seconds, others = timed(lambda: PairFeaturizer("lexicalized").fit_transform(records))
    print(f"the same pairs as tokenized records (no tokenizing or tagging): {len(pairs) / seconds:.1f} pairs/s, "
          f"{load()}{contention(others)}")
    _, nltk_seconds, _ = timed(lambda: tokenize_and_tag_many(texts, tagger="nltk"))
    forget()
    _, fast_seconds, others = timed(lambda: tokenize_and_tag_many(texts))
    print(f"tokenize+tag only, {len(texts)} sentences: nltk {nltk_seconds:.2f} s, lexnli {fast_seconds:.2f} s "
          f"(x{nltk_seconds / fast_seconds:.1f}), {load()}{contention(others)}")
    forget()
    tracemalloc.start()
    tokenize_and_tag_many(texts)
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    caches = _batch_tagger().cache_size()
    print(f"memo tables: {kept / 2**20:.1f} MiB kept, peak {peak / 2**20:.1f} MiB, tagging every sentence from cold "
          f"(word cache arrays {caches['array_bytes'] / 2**20:.1f} MiB: {caches})")
    if args.train:
        for tagger in ("nltk", "fast"):
            forget()
            corpus, seconds, others = timed(lambda: read_snli(args.train, tagger=tagger))
            print(f"read_snli({Path(args.train).name}, tagger={tagger!r}): {len(corpus)} pairs in {seconds:.2f} s, "
                  f"{load()}{contention(others)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
