"""The readable path: all features of one pair as a ``Counter`` of named features (cs224u style).

This is the specification the fast :class:`~featurize.PairFeaturizer` is tested against, and
the input of the plain ``DictVectorizer`` baseline in the benchmarks.
"""
from __future__ import annotations

from collections import Counter

from .batch import Batch
from .families import resolve
from .inputs import as_pair, checked_items, normalized, tagged_tokens


def reference_features(pair, features="lexicalized", *, lowercase: bool = True, tag_set: str = "ptb",
                       syntax=None) -> Counter:
    """Named features of one pair: ``{"bleu": 0.41, "hyp_unigrams:man": 1, ...}``.

    When a family reads trees, the pair is read by the syntax model at ``syntax`` (default
    :func:`lexnli.syntax.default_syntax_path`), as :class:`~featurize.PairFeaturizer` reads it.

    >>> reference_features(("A man sleeps.", "A man rests."), "length_diff")
    Counter({'length_diff': 0})
    """
    families = resolve(features)
    if any(family.trees for family in families):
        from lexnli.syntax import load_syntax

        # raw strings straight to the syntax model, which tags them itself
        pair = Batch.from_tokens(tagged_tokens(checked_items([pair]), lowercase, tag_set, load_syntax(syntax))).pairs[0]
    else:
        pair = normalized(as_pair(pair), lowercase, tag_set)
    counter = Counter()
    for family in families:
        counter.update(family.reference(pair))
    return counter
