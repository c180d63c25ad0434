"""Human-readable feature names, shared by the reference functions and the fast path."""
from __future__ import annotations


def feature_name(family: str, premise: tuple[str, ...] = (), hypothesis: tuple[str, ...] = ()) -> str:
    """``"family:premise words | hypothesis words"`` (a side without words is left out).

    >>> feature_name("cross_unigrams", ("man",), ("person",))
    'cross_unigrams:man | person'
    >>> feature_name("hyp_bigrams", hypothesis=("a", "man"))
    'hyp_bigrams:a man'
    """
    sides = [" ".join(words) for words in (premise, hypothesis) if words]
    return f"{family}:{' | '.join(sides)}"
