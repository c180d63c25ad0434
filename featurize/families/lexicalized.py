"""The paper's lexicalized families: hypothesis unigrams and bigrams, cross-unigrams, cross-bigrams.

Every feature is an indicator (1 when present, however often). Cross features pair a premise
unit with a hypothesis unit whose POS tags agree: the words' tags for cross-unigrams, the second
words' tags for cross-bigrams (exact PTB tags, so NN and NNS differ).
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from ..hashing import feature_keys
from .names import feature_name
from .registry import SparseFeatures, family, family_seed

P, H = "premise", "hypothesis"


# ---- fast implementations: Batch -> SparseFeatures --------------------------------------

def _join_on(rows_a, tags_a, rows_b, tags_b, n_tags: int):
    """All (a, b) index pairs with the same row and tag: a sort-merge join in numpy."""
    key_a, key_b = rows_a * n_tags + tags_a, rows_b * n_tags + tags_b
    order = np.argsort(key_a, kind="stable")
    sorted_a = key_a[order]
    lo = np.searchsorted(sorted_a, key_b, "left")
    counts = np.searchsorted(sorted_a, key_b, "right") - lo
    b = np.repeat(np.arange(len(key_b)), counts)
    offsets = np.arange(len(b)) - np.repeat(np.cumsum(counts) - counts, counts)
    return order[np.repeat(lo, counts) + offsets], b


def hyp_unigrams_fast(batch) -> SparseFeatures:
    h = batch.hypothesis
    index = np.arange(len(h.hashes))
    return SparseFeatures(h.rows, feature_keys(family_seed("hyp_unigrams"), h.hashes), [(H, index)])


def hyp_bigrams_fast(batch) -> SparseFeatures:
    h = batch.hypothesis
    first = h.bigram_starts()
    keys = feature_keys(family_seed("hyp_bigrams"), h.hashes[first], h.hashes[first + 1])
    return SparseFeatures(h.rows[first], keys, [(H, first), (H, first + 1)])


def cross_unigrams_fast(batch) -> SparseFeatures:
    p, h = batch.premise, batch.hypothesis
    a, b = _join_on(p.rows, p.tags, h.rows, h.tags, len(batch.tag_names))
    keys = feature_keys(family_seed("cross_unigrams"), p.hashes[a], h.hashes[b])
    return SparseFeatures(h.rows[b], keys, [(P, a), (H, b)])


def cross_bigrams_fast(batch) -> SparseFeatures:
    p, h = batch.premise, batch.hypothesis
    p_first, h_first = p.bigram_starts(), h.bigram_starts()
    a, b = _join_on(p.rows[p_first], p.tags[p_first + 1], h.rows[h_first], h.tags[h_first + 1],
                    len(batch.tag_names))
    pa, hb = p_first[a], h_first[b]
    keys = feature_keys(family_seed("cross_bigrams"), p.hashes[pa], p.hashes[pa + 1], h.hashes[hb], h.hashes[hb + 1])
    return SparseFeatures(h.rows[hb], keys, [(P, pa), (P, pa + 1), (H, hb), (H, hb + 1)])


# ---- reference implementations, declaring the families ------------------------------------

def _bigrams(sentence):
    return list(zip(sentence.tokens, sentence.tokens[1:], sentence.tags[1:]))


@family("hyp_unigrams", groups=("unigrams_only", "lexicalized", "inference"), fast=hyp_unigrams_fast)
def hyp_unigrams_reference(pair) -> Counter:
    """An indicator for each word of the hypothesis."""
    return Counter({feature_name("hyp_unigrams", hypothesis=(w,)): 1 for w in pair.hypothesis.tokens})


@family("hyp_bigrams", groups=("lexicalized", "inference"), fast=hyp_bigrams_fast)
def hyp_bigrams_reference(pair) -> Counter:
    """An indicator for each bigram of the hypothesis."""
    return Counter({feature_name("hyp_bigrams", hypothesis=(a, b)): 1 for a, b, _ in _bigrams(pair.hypothesis)})


@family("cross_unigrams", groups=("unigrams_only", "lexicalized", "inference"), fast=cross_unigrams_fast)
def cross_unigrams_reference(pair) -> Counter:
    """(premise word, hypothesis word) for every two words with the same POS tag."""
    return Counter({
        feature_name("cross_unigrams", (pw,), (hw,)): 1
        for pw, pt in zip(pair.premise.tokens, pair.premise.tags)
        for hw, ht in zip(pair.hypothesis.tokens, pair.hypothesis.tags) if pt == ht})


@family("cross_bigrams", groups=("lexicalized", "inference"), fast=cross_bigrams_fast)
def cross_bigrams_reference(pair) -> Counter:
    """(premise bigram, hypothesis bigram) for every two bigrams whose second words share a POS tag."""
    return Counter({
        feature_name("cross_bigrams", (p1, p2), (h1, h2)): 1
        for p1, p2, pt in _bigrams(pair.premise)
        for h1, h2, ht in _bigrams(pair.hypothesis) if pt == ht})
