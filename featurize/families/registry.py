"""Feature families registered by name, and the named groups of the SNLI paper's models.

A family is one small unit with two implementations of the same definition:

* ``reference(pair) -> Counter``: a readable feature function of one pair (cs224u style), the
  specification, and what the plain ``DictVectorizer`` baseline uses;
* ``fast(batch)``: the same features for a whole :class:`~featurize.batch.Batch` with numpy,
  what :class:`~featurize.PairFeaturizer` uses. Tests check the two agree on every family.

A *dense* family has fixed real-valued ``columns``; its ``fast`` returns an ``(n, k)`` array.
A *sparse* family has open-ended indicator features; its ``fast`` returns :class:`SparseFeatures`.
New families (WordNet, VerbOcean, ...) are added with :func:`register` without touching others.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..hashing import stable_hash


@dataclass(frozen=True)
class SparseFeatures:
    """Indicator features of a batch: ``keys[i]`` fires in row ``rows[i]``.

    ``parts`` say which tokens make each feature, for naming: a list of ``(side, index)``
    where ``side`` is ``"premise"`` or ``"hypothesis"`` and ``index`` is aligned with ``keys``.
    """

    rows: np.ndarray
    keys: np.ndarray
    parts: list[tuple[str, np.ndarray]]


@dataclass(frozen=True)
class Family:
    """One feature family: a name, its two implementations, and (dense only) its column names."""

    name: str
    reference: Callable[..., Counter]
    fast: Callable
    columns: tuple[str, ...] | None = None
    description: str = ""

    @property
    def dense(self) -> bool:
        return self.columns is not None

    @property
    def seed(self) -> int:
        return family_seed(self.name)


def family_seed(name: str) -> int:
    """A family's hash seed: features of different families never share a key."""
    return stable_hash(f"lexnli-family:{name}")


FAMILIES: dict[str, Family] = {}

#: The paper's models. "unigrams_only" is our reading of Table 4's row: every family except the
#: two bigram ones (the paper contrasts it with the bigram features in its text).
GROUPS: dict[str, tuple[str, ...]] = {
    "unlexicalized": ("bleu", "length_diff", "overlap"),
    "unigrams_only": ("bleu", "length_diff", "overlap", "hyp_unigrams", "cross_unigrams"),
    "lexicalized": ("bleu", "length_diff", "overlap", "hyp_unigrams", "hyp_bigrams",
                    "cross_unigrams", "cross_bigrams"),
}


def register(family: Family) -> Family:
    """Add a family to the registry (its name must be new)."""
    if family.name in FAMILIES or family.name in GROUPS:
        raise ValueError(f"a feature family or group named {family.name!r} exists already")
    FAMILIES[family.name] = family
    return family


def resolve(features) -> tuple[Family, ...]:
    """The families named by ``features``: a group name, a family name, or a sequence of either."""
    names = [features] if isinstance(features, str) else list(features)
    resolved: list[str] = []
    for name in names:
        members = GROUPS.get(name, (name,))
        for member in members:
            if member not in FAMILIES:
                raise ValueError(f"unknown feature family {member!r}; known families: {sorted(FAMILIES)}, "
                                 f"groups: {sorted(GROUPS)}")
            if member not in resolved:
                resolved.append(member)
    if not resolved:
        raise ValueError("no feature family selected")
    return tuple(FAMILIES[name] for name in resolved)
