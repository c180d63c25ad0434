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


def feature_names(family: str, premise_words=(), hypothesis_words=()) -> list[str]:
    """:func:`feature_name` of many features at once, built a column of words at a time.

    ``premise_words[k][i]`` is the ``k``-th premise word of feature ``i`` (likewise
    ``hypothesis_words``); a side without columns is left out, and at least one side has one.

    >>> feature_names("cross_unigrams", [["man", "dog"]], [["person", "animal"]])
    ['cross_unigrams:man | person', 'cross_unigrams:dog | animal']
    """
    sides = [columns[0] if len(columns) == 1 else [" ".join(words) for words in zip(*columns)]
             for columns in (premise_words, hypothesis_words) if columns]
    prefix = f"{family}:"
    if len(sides) == 1:
        return [prefix + words for words in sides[0]]
    return [f"{prefix}{premise} | {hypothesis}" for premise, hypothesis in zip(*sides)]
