"""Turn what a user passes (corpus records or plain string pairs) into :class:`Pair` records."""
from __future__ import annotations

from dataclasses import replace

from .records import Pair, Sentence
from .text import make_sentence


def as_pair(item, index: int | None = None) -> Pair:
    """A :class:`Pair` as is, or ``(premise, hypothesis)`` strings tokenized and tagged on the fly."""
    if isinstance(item, Pair):
        return item
    if isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(s, str) for s in item):
        return Pair(make_sentence(item[0]), make_sentence(item[1]))
    where = f" at position {index}" if index is not None else ""
    raise TypeError(f"expected a Pair or a (premise, hypothesis) pair of strings{where}, got {type(item).__name__}: {item!r:.80}")


def as_pairs(items) -> list[Pair]:
    """:func:`as_pair` on every item; a single string pair is not mistaken for a batch."""
    if isinstance(items, (str, Pair)):
        raise TypeError("expected a sequence of pairs, got a single item: wrap it in a list")
    return [as_pair(item, i) for i, item in enumerate(items)]


def lowercased(pair: Pair) -> Pair:
    """The same pair with lowercased tokens (tags unchanged)."""
    def lower(s: Sentence) -> Sentence:
        return replace(s, tokens=tuple(t.lower() for t in s.tokens))
    return replace(pair, premise=lower(pair.premise), hypothesis=lower(pair.hypothesis))
