"""The readable path: all features of one pair as a ``Counter`` of named features (cs224u style).

This is the specification the fast :class:`~featurize.PairFeaturizer` is tested against, and
the input of the plain ``DictVectorizer`` baseline in the benchmarks.
"""
from __future__ import annotations

from collections import Counter

from .families import resolve
from .inputs import as_pair, normalized


def reference_features(pair, features="lexicalized", *, lowercase: bool = True, tag_set: str = "ptb") -> Counter:
    """Named features of one pair: ``{"bleu": 0.41, "hyp_unigrams:man": 1, ...}``.

    >>> reference_features(("A man sleeps.", "A man rests."), "length_diff")
    Counter({'length_diff': 0})
    """
    pair = normalized(as_pair(pair), lowercase, tag_set)
    counter = Counter()
    for family in resolve(features):
        counter.update(family.reference(pair))
    return counter
