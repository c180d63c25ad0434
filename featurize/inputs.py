"""Turn what a user passes (corpus records, string pairs, a table of pairs) into :class:`Pair` records."""
from __future__ import annotations

from dataclasses import replace
from sys import intern

import numpy as np
import pandas as pd

from lexnli.corpora.frames import frame_texts
from lexnli.records import Pair, Sentence
from lexnli.text import LONE_SURROGATE, make_sentences, tokenize_and_tag_many, tokenize_many


def _is_string_pair(item) -> bool:
    """Whether ``item`` is two strings (a tuple, a list, or a row of ``frame.values``)."""
    return isinstance(item, (tuple, list, np.ndarray)) and len(item) == 2 and all(isinstance(s, str) for s in item)


#: What the two sentences of a pair are called in messages.
SIDES = ("premise", "hypothesis")


def as_pair(item, index: int | None = None) -> Pair:
    """A :class:`Pair` as is, or ``(premise, hypothesis)`` strings tokenized and tagged on the fly."""
    return as_pairs([item], start=index)[0]


def _is_table(items) -> bool:
    """Whether ``items`` is a table of pairs: a DataFrame, a ``datasets.Dataset`` or a dict of columns."""
    return isinstance(items, (pd.DataFrame, dict)) or hasattr(items, "to_pandas")


def checked_items(items, start: int | None = 0, columns=None) -> list:
    """``items`` as a list of :class:`Pair` records and ``(premise, hypothesis)`` strings, each checked.

    ``items`` may also be a table of pairs (a DataFrame, a ``datasets.Dataset``, a dict of
    columns) whose ``columns`` hold the premise and the hypothesis (``None``: ``sentence1`` and
    ``sentence2`` or ``premise`` and ``hypothesis``, :func:`lexnli.corpora.frames.text_columns`).
    A single pair is not mistaken for a batch. ``start`` is the position of the first item, for
    error messages (``None``: do not say where).

    A string holding a lone surrogate (``"\\ud800"``: no character, so no UTF-8 text, and what the
    corpus readers refuse) is a ``ValueError`` naming its position and side; the text functions
    under this boundary (tokenizing, hashing) stay total over ``str``.
    """
    if isinstance(items, (str, Pair)):
        raise TypeError("expected a sequence of pairs, got a single item: wrap it in a list")
    items = frame_texts(items, columns) if _is_table(items) else list(items)
    for i, item in enumerate(items):
        if isinstance(item, Pair):
            continue
        where = f" at position {start + i}" if start is not None else ""
        if not _is_string_pair(item):
            raise TypeError(f"expected a Pair or a (premise, hypothesis) pair of strings{where}, "
                            f"got {type(item).__name__}: {item!r:.80}")
        for side, text in zip(SIDES, item):
            if LONE_SURROGATE.search(text):
                raise ValueError(f"the {side}{where} holds a lone surrogate (not a character): {text!r:.80}")
    return items


def tagged_tokens(items, lowercase: bool = True, tag_set: str = "ptb", syntax=None) -> list[tuple]:
    """What the features read of each of :func:`checked_items`' items: ``(premise tokens, premise tags,
    hypothesis tokens, hypothesis tags)``, normalized (:func:`normalize`). The string pairs' sentences
    are tokenized and tagged together (:func:`lexnli.text.tokenize_and_tag_many`), and no records
    are built for them; these tuples are also a cheap payload for worker processes.

    With a ``syntax`` model (:class:`lexnli.syntax.SyntaxModel`) every sentence, a :class:`Pair`'s
    tokens as well as raw text, is tagged and parsed by it, each distinct one once: its tags replace
    the ones given (training pairs and raw text are read alike), and each item ends with the two
    sentences' :class:`~lexnli.dependencies.DependencyTree` s (``None`` for a sentence with no token).
    """
    if syntax is not None:
        return _read_tokens(items, lowercase, tag_set, syntax)
    tagged = iter(tokenize_and_tag_many([text for item in items if not isinstance(item, Pair) for text in item]))
    found = []
    for item in items:
        if isinstance(item, Pair):
            premise = item.premise.tokens, item.premise.tags
            hypothesis = item.hypothesis.tokens, item.hypothesis.tags
        else:
            premise, hypothesis = next(tagged), next(tagged)
        found.append(normalize(*premise, lowercase, tag_set) + normalize(*hypothesis, lowercase, tag_set))
    return found


def _read_tokens(items, lowercase: bool, tag_set: str, syntax) -> list[tuple]:
    """:func:`tagged_tokens` with a syntax model."""
    raw = iter(tokenize_many([text for item in items if not isinstance(item, Pair) for text in item]))
    sentences = [(item.premise.tokens, item.hypothesis.tokens) if isinstance(item, Pair) else (next(raw), next(raw))
                 for item in items]
    distinct = [tokens for tokens in dict.fromkeys(tokens for pair in sentences for tokens in pair) if tokens]
    trees = dict(zip(distinct, syntax.read(distinct)))
    found = []
    for premise, hypothesis in sentences:
        p_tree, h_tree = trees.get(premise), trees.get(hypothesis)
        found.append(normalize(premise, p_tree.tags if p_tree else (), lowercase, tag_set)
                     + normalize(hypothesis, h_tree.tags if h_tree else (), lowercase, tag_set) + (p_tree, h_tree))
    return found


def as_pairs(items, start: int | None = 0, columns=None) -> list[Pair]:
    """:func:`as_pair` on every item of :func:`checked_items`: the string pairs' sentences are tokenized
    and tagged together (one batch, see :func:`lexnli.text.make_sentences`)."""
    items = checked_items(items, start, columns)
    sentences = iter(make_sentences([(text, None) for item in items if not isinstance(item, Pair) for text in item]))
    return [item if isinstance(item, Pair) else Pair(next(sentences), next(sentences)) for item in items]


#: Tag sets for the tag-matching families: "ptb" keeps the Penn Treebank tags; "coarse" keeps
#: their first two letters (NN, VB, JJ, RB, PR, ...), so NN matches NNS and VBZ matches VBG.
TAG_SETS = ("ptb", "coarse")


def normalize(tokens, tags, lowercase: bool = True, tag_set: str = "ptb") -> tuple[tuple, tuple]:
    """Tokens and tags as the features see them: lowercased and/or coarse-tagged if asked.

    The new strings are interned: a corpus repeats a few thousand words and tags, and one string
    per occurrence (with the tuples) held 49 MiB for the 52,937 pairs of SNLI's train subset.
    """
    if lowercase:
        tokens = tuple([intern(t.lower()) for t in tokens])
    if tag_set == "coarse":
        tags = tuple([intern(t[:2]) for t in tags])
    elif tag_set != "ptb":
        raise ValueError(f"tag_set must be one of {TAG_SETS}, got {tag_set!r}")
    return tokens, tags


def normalized(pair: Pair, lowercase: bool = True, tag_set: str = "ptb") -> Pair:
    """The same pair with its sentences passed through :func:`normalize`."""
    def apply(s: Sentence) -> Sentence:
        tokens, tags = normalize(s.tokens, s.tags, lowercase, tag_set)
        return replace(s, tokens=tokens, tags=tags)
    return replace(pair, premise=apply(pair.premise), hypothesis=apply(pair.hypothesis))
