"""A batch of pairs flattened into aligned numpy arrays, the input of the fast feature families."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .hashing import hash_tokens


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

    def bigram_starts(self) -> np.ndarray:
        """Index of the first token of every within-sentence bigram."""
        return np.flatnonzero(self.rows[:-1] == self.rows[1:])


def _side(sentences, lowercase: bool, tag_ids: dict) -> Side:
    lengths = np.fromiter((len(s.tokens) for s in sentences), dtype=np.int64, count=len(sentences))
    starts = np.zeros(len(sentences) + 1, dtype=np.int64)
    np.cumsum(lengths, out=starts[1:])
    tokens = [t for s in sentences for t in s.tokens]
    if lowercase:
        tokens = [t.lower() for t in tokens]
    tags = np.fromiter((tag_ids.setdefault(t, len(tag_ids)) for s in sentences for t in s.tags),
                       dtype=np.int64, count=len(tokens))
    return Side(tokens=tokens, hashes=hash_tokens(tokens), tags=tags, rows=np.repeat(np.arange(len(sentences)), lengths), starts=starts)


@dataclass
class Batch:
    """Premises and hypotheses of ``n`` pairs, flattened; tag ids are shared by the two sides."""

    n: int
    premise: Side
    hypothesis: Side
    tag_names: list[str]

    @classmethod
    def from_pairs(cls, pairs, lowercase: bool = True) -> "Batch":
        tag_ids: dict[str, int] = {}
        premise = _side([p.premise for p in pairs], lowercase, tag_ids)
        hypothesis = _side([p.hypothesis for p in pairs], lowercase, tag_ids)
        return cls(n=len(pairs), premise=premise, hypothesis=hypothesis, tag_names=list(tag_ids))
