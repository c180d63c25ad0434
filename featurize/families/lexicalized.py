"""The paper's lexicalized families: hypothesis unigrams and bigrams, cross-unigrams, cross-bigrams.

Every feature is an indicator (1 when present, however often). Cross features pair a premise
unit with a hypothesis unit whose POS tags agree: the words' tags for cross-unigrams, the second
words' tags for cross-bigrams (exact PTB tags, so NN and NNS differ).

Their number grows with the product of the two sentence lengths, so the cross families read
only the first :data:`CROSS_MAX_TOKENS` tokens of each sentence: at most 128 x 128 cross
features of each kind per pair, whatever the input. No SNLI sentence is that long, so the
paper's models are unchanged; the featurizer logs how many pairs were capped.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from ..hashing import feature_keys
from .names import feature_name
from .registry import SparseFeatures, family, family_seed

P, H = "premise", "hypothesis"
#: The tokens of each sentence the cross families read (the first ones): bounds their work per pair.
CROSS_MAX_TOKENS = 128
#: The families CROSS_MAX_TOKENS bounds: these, and the others whose work grows with the product
#: of the lengths too: the alignment (:mod:`featurize.families.alignment`) and the WordNet and
#: VerbOcean links of every hypothesis word to every premise word (:mod:`featurize.families.lexical`).
BOUNDED_FAMILIES = ("cross_unigrams", "cross_bigrams", "alignment", "wordnet", "verbocean")


def pair_work(n_premise: int, n_hypothesis: int) -> int:
    """The work (features made, roughly) of featurizing a pair of sentences of these lengths:
    the capped cross products plus the per-token families."""
    return min(n_premise, CROSS_MAX_TOKENS) * min(n_hypothesis, CROSS_MAX_TOKENS) + n_premise + n_hypothesis


def n_capped(items) -> int:
    """How many of the ``(premise tokens, tags, hypothesis tokens, tags)`` items have a sentence the cap cuts."""
    return sum(len(item[0]) > CROSS_MAX_TOKENS or len(item[2]) > CROSS_MAX_TOKENS for item in items)


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
    p_kept, h_kept = p.first_tokens(CROSS_MAX_TOKENS), h.first_tokens(CROSS_MAX_TOKENS)
    a, b = _join_on(p.rows[p_kept], p.tags[p_kept], h.rows[h_kept], h.tags[h_kept], len(batch.tag_names))
    a, b = p_kept[a], h_kept[b]
    keys = feature_keys(family_seed("cross_unigrams"), p.hashes[a], h.hashes[b])
    return SparseFeatures(h.rows[b], keys, [(P, a), (H, b)])


def cross_bigrams_fast(batch) -> SparseFeatures:
    p, h = batch.premise, batch.hypothesis
    p_first, h_first = p.bigram_starts(CROSS_MAX_TOKENS), h.bigram_starts(CROSS_MAX_TOKENS)
    a, b = _join_on(p.rows[p_first], p.tags[p_first + 1], h.rows[h_first], h.tags[h_first + 1],
                    len(batch.tag_names))
    pa, hb = p_first[a], h_first[b]
    keys = feature_keys(family_seed("cross_bigrams"), p.hashes[pa], p.hashes[pa + 1], h.hashes[hb], h.hashes[hb + 1])
    return SparseFeatures(h.rows[hb], keys, [(P, pa), (P, pa + 1), (H, hb), (H, hb + 1)])


# ---- reference implementations, declaring the families ------------------------------------

def _bigrams(sentence, limit=None):
    """(word, next word, next word's tag) of the sentence's first ``limit`` tokens (all: ``None``)."""
    tokens, tags = sentence.tokens[:limit], sentence.tags[:limit]
    return list(zip(tokens, tokens[1:], tags[1:]))


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
    """(premise word, hypothesis word) for every two words with the same POS tag (first CROSS_MAX_TOKENS words)."""
    p, h, n = pair.premise, pair.hypothesis, CROSS_MAX_TOKENS
    return Counter({
        feature_name("cross_unigrams", (pw,), (hw,)): 1
        for pw, pt in zip(p.tokens[:n], p.tags[:n])
        for hw, ht in zip(h.tokens[:n], h.tags[:n]) if pt == ht})


@family("cross_bigrams", groups=("lexicalized", "inference"), fast=cross_bigrams_fast)
def cross_bigrams_reference(pair) -> Counter:
    """(premise bigram, hypothesis bigram) for every two bigrams whose second words share a POS tag
    (bigrams within the first CROSS_MAX_TOKENS words)."""
    return Counter({
        feature_name("cross_bigrams", (p1, p2), (h1, h2)): 1
        for p1, p2, pt in _bigrams(pair.premise, CROSS_MAX_TOKENS)
        for h1, h2, ht in _bigrams(pair.hypothesis, CROSS_MAX_TOKENS) if pt == ht})
