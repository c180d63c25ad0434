"""The paper's unlexicalized families: BLEU, length difference, word overlap.

BLEU follows ``sacrebleu.sentence_bleu(hypothesis, [premise], tokenize="none",
smooth_method="exp", use_effective_order=True)`` on our (already tokenized, by default
lowercased) tokens: "exp" smoothing (Chen & Cherry 2014, method 3, NIST's mteval) keeps a
pair with no 3- or 4-gram match from scoring exactly 0, and effective order lets a short
hypothesis be scored on the orders it has. Values are fractions in [0, 1], not sacrebleu's 0-100.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from ..hashing import mix
from .registry import family

MAX_ORDER = 4
#: The paper's three models all have the unlexicalized families.
PAPER_GROUPS = ("unlexicalized", "unigrams_only", "lexicalized")

#: PTB tag prefixes of the word classes whose overlap is counted separately.
WORD_CLASSES = {"noun": "NN", "verb": "VB", "adjective": "JJ", "adverb": "RB"}


# ---- fast implementations: Batch -> (n, k) array -----------------------------------------

def _ngrams(side, n: int):
    """Rows and keys of every n-gram of a side (n-grams never cross sentences)."""
    if n == 1:
        starts = np.arange(len(side.hashes))
    else:
        starts = np.flatnonzero(side.rows[: len(side.rows) - n + 1] == side.rows[n - 1:])
    keys = side.hashes[starts]
    for k in range(1, n):
        keys = mix(keys, side.hashes[starts + k])
    return side.rows[starts], keys


def _clipped_matches(hyp, premise, n_rows: int) -> np.ndarray:
    """Per row: hypothesis n-grams matched in the premise, each clipped to its premise count."""
    (rows_h, keys_h), (rows_p, keys_p) = hyp, premise
    unique_h, first, count_h = np.unique(mix(keys_h, rows_h), return_index=True, return_counts=True)
    unique_p, count_p = np.unique(mix(keys_p, rows_p), return_counts=True)
    if len(unique_p) == 0 or len(unique_h) == 0:
        return np.zeros(n_rows)
    at = np.minimum(np.searchsorted(unique_p, unique_h), len(unique_p) - 1)
    hit = unique_p[at] == unique_h
    clipped = np.minimum(count_h[hit], count_p[at[hit]])
    return np.bincount(rows_h[first[hit]], weights=clipped, minlength=n_rows)


def bleu_fast(batch) -> np.ndarray:
    hyp_len = batch.hypothesis.lengths.astype(float)
    ref_len = batch.premise.lengths.astype(float)
    correct = np.column_stack([
        _clipped_matches(_ngrams(batch.hypothesis, n), _ngrams(batch.premise, n), batch.n)
        for n in range(1, MAX_ORDER + 1)])
    total = np.column_stack([np.maximum(hyp_len - n + 1, 0) for n in range(1, MAX_ORDER + 1)])
    # "exp" smoothing: the k-th order with no match gets precision 1 / (2**k * total).
    zero = (correct == 0) & (total > 0)
    smoothed = 1.0 / (2.0 ** np.cumsum(zero, axis=1) * np.maximum(total, 1))
    precisions = np.where(total > 0, np.where(zero, smoothed, correct / np.maximum(total, 1)), 0.0)
    effective_order = (total > 0).sum(axis=1)
    log_sum = np.where(total > 0, np.log(np.where(total > 0, precisions, 1.0)), 0.0).sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        brevity = np.where(hyp_len >= ref_len, 1.0, np.exp(1 - ref_len / np.where(hyp_len > 0, hyp_len, 1)))
        score = brevity * np.exp(log_sum / np.maximum(effective_order, 1))
    no_match = correct.sum(axis=1) == 0
    score[no_match | (hyp_len == 0)] = 0.0
    precisions[no_match] = 0.0
    return np.column_stack([score, precisions])


def length_diff_fast(batch) -> np.ndarray:
    return (batch.premise.lengths - batch.hypothesis.lengths).astype(float)[:, None]


def overlap_fast(batch) -> np.ndarray:
    premise, hyp = batch.premise, batch.hypothesis
    in_premise = np.isin(mix(hyp.hashes, hyp.rows), mix(premise.hashes, premise.rows)).astype(float)
    columns = []
    for prefix in ("", *WORD_CLASSES.values()):
        in_class = np.array([tag.startswith(prefix) for tag in batch.tag_names], dtype=bool)
        mask = in_class[hyp.tags] if len(batch.tag_names) else np.zeros(len(hyp.tags), dtype=bool)
        count = np.bincount(hyp.rows[mask], weights=in_premise[mask], minlength=batch.n)
        size = np.bincount(hyp.rows[mask], minlength=batch.n)
        columns += [count, np.divide(count, size, out=np.zeros(batch.n), where=size > 0)]
    return np.column_stack(columns)


# ---- reference implementations, declaring the families ------------------------------------

@family("bleu", groups=(*PAPER_GROUPS, "inference"), columns=("bleu", *(f"bleu_p{n}" for n in range(1, MAX_ORDER + 1))),
        fast=bleu_fast)
def bleu_reference(pair) -> Counter:
    """BLEU of the hypothesis against the premise, and its 1..4-gram precisions (sacrebleu)."""
    import sacrebleu  # only when the reference runs (tests, checks): featurizing uses bleu_fast; its import takes 30 ms

    score = sacrebleu.sentence_bleu(" ".join(pair.hypothesis.tokens), [" ".join(pair.premise.tokens)],
                                    smooth_method="exp", tokenize="none", use_effective_order=True)
    features = Counter({"bleu": score.score / 100})
    features.update({f"bleu_p{n}": p / 100 for n, p in enumerate(score.precisions, start=1)})
    return features


@family("length_diff", groups=(*PAPER_GROUPS, "inference"), columns=("length_diff",), fast=length_diff_fast)
def length_diff_reference(pair) -> Counter:
    """Premise length minus hypothesis length, in tokens."""
    return Counter({"length_diff": len(pair.premise.tokens) - len(pair.hypothesis.tokens)})


@family("overlap", groups=(*PAPER_GROUPS, "inference"),
        columns=tuple(f"overlap_{c}_{k}" for c in ("all", *WORD_CLASSES) for k in ("count", "fraction")),
        fast=overlap_fast, description="words shared with the premise: count and fraction, all and per word class")
def overlap_reference(pair) -> Counter:
    """Hypothesis tokens whose word occurs in the premise: count and fraction, all and per word class.

    The fraction is over the hypothesis tokens of that class (0 when it has none).
    """
    premise_words = set(pair.premise.tokens)
    features = Counter()
    for cls, prefix in (("all", ""), *WORD_CLASSES.items()):
        hits = [t in premise_words for t, tag in zip(pair.hypothesis.tokens, pair.hypothesis.tags)
                if tag.startswith(prefix)]
        features[f"overlap_{cls}_count"] = sum(hits)
        features[f"overlap_{cls}_fraction"] = sum(hits) / len(hits) if hits else 0.0
    return features
