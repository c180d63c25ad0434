"""A batch of pairs flattened into aligned numpy arrays, the input of the fast feature families."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from lexnli.records import Pair, Sentence

from .hashing import hash_tokens
from .inputs import tagged_tokens


@dataclass
class Side:
    """All premises (or all hypotheses) of a batch, token after token.

    ``rows[i]`` is the pair that token ``i`` belongs to; ``starts[r]:starts[r + 1]`` are the
    tokens of pair ``r``; ``tags`` are batch-local integer ids (equal tags, equal ids).
    """

    tokens: list[str]
    hashes: np.ndarray
    tags: np.ndarray
    rows: np.ndarray
    starts: np.ndarray

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.starts)

    def positions(self) -> np.ndarray:
        """Each token's position in its sentence (0 for the first)."""
        return np.arange(len(self.rows)) - self.starts[self.rows]

    def first_tokens(self, limit: int) -> np.ndarray:
        """Index of every token among the first ``limit`` of its sentence."""
        return np.flatnonzero(self.positions() < limit)

    def bigram_starts(self, limit: int | None = None) -> np.ndarray:
        """Index of the first token of every within-sentence bigram (within the first ``limit`` tokens, if given)."""
        starts = np.flatnonzero(self.rows[:-1] == self.rows[1:])
        return starts if limit is None else starts[self.positions()[starts] < limit - 1]


def _side(sentences, tag_ids: dict) -> Side:
    """``sentences`` is a list of ``(tokens, tags)``."""
    lengths = np.fromiter((len(tokens) for tokens, _ in sentences), dtype=np.int64, count=len(sentences))
    starts = np.zeros(len(sentences) + 1, dtype=np.int64)
    np.cumsum(lengths, out=starts[1:])
    tokens = [t for sentence_tokens, _ in sentences for t in sentence_tokens]
    tags = np.fromiter((tag_ids.setdefault(t, len(tag_ids)) for _, sentence_tags in sentences for t in sentence_tags),
                       dtype=np.int64, count=len(tokens))
    return Side(tokens=tokens, hashes=hash_tokens(tokens), tags=tags,
                rows=np.repeat(np.arange(len(sentences)), lengths), starts=starts)


@dataclass
class Batch:
    """Premises and hypotheses of ``n`` pairs, flattened; tag ids are shared by the two sides.

    ``items`` keeps each pair's ``(premise tokens, premise tags, hypothesis tokens, hypothesis
    tags)``, what the per-pair reference functions read, followed by the two sentences' dependency
    trees when a syntax model read them (:func:`~featurize.inputs.tagged_tokens`).
    """

    n: int
    premise: Side
    hypothesis: Side
    tag_names: list[str]
    items: list[tuple]

    @cached_property
    def pairs(self) -> list[Pair]:
        """The items as :class:`~lexnli.records.Pair` records, built once for all the families of a batch."""
        return [Pair(Sentence(" ".join(item[0]), item[0], item[1], tree=item[4] if len(item) > 4 else None),
                     Sentence(" ".join(item[2]), item[2], item[3], tree=item[5] if len(item) > 4 else None))
                for item in self.items]

    def word_table(self) -> dict[int, str]:
        """The word of each token hash of the batch (both sides)."""
        table = {}
        for side in (self.premise, self.hypothesis):
            hashes, first = np.unique(side.hashes, return_index=True)
            table.update(zip(hashes.tolist(), [side.tokens[i] for i in first.tolist()]))
        return table

    @classmethod
    def from_pairs(cls, pairs, lowercase: bool = True, tag_set: str = "ptb", syntax=None) -> "Batch":
        """Flatten :class:`~lexnli.records.Pair` records, normalized as asked (and read by ``syntax``, if given)."""
        return cls.from_tokens(tagged_tokens(pairs, lowercase, tag_set, syntax))

    @classmethod
    def from_tokens(cls, items) -> "Batch":
        """Flatten ``(premise_tokens, premise_tags, hypothesis_tokens, hypothesis_tags[, premise_tree,
        hypothesis_tree])`` tuples."""
        tag_ids: dict[str, int] = {}
        premise = _side([(item[0], item[1]) for item in items], tag_ids)
        hypothesis = _side([(item[2], item[3]) for item in items], tag_ids)
        return cls(n=len(items), premise=premise, hypothesis=hypothesis, tag_names=list(tag_ids), items=list(items))
