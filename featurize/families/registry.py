"""Feature families, declared once with :func:`family`, and the named groups they belong to.

A family is one small unit of features with a readable definition:

* ``reference(pair) -> Counter``: the features of one :class:`~lexnli.records.Pair` (cs224u
  style). It is the specification, and what the plain ``DictVectorizer`` baseline uses;
* ``fast(batch)``: the same features for a whole :class:`~featurize.batch.Batch`, what
  :class:`~featurize.PairFeaturizer` uses. Optional: by default it is :class:`MemoizedReference`,
  which calls ``reference`` once per distinct pair. A hand-written vectorized ``fast`` is worth it
  only when it is measurably faster; tests check that the two agree on every family.

A *dense* family has fixed real-valued ``columns`` (its ``fast`` returns an ``(n, k)`` array); a
*sparse* family has open-ended named indicator features (its ``fast`` returns
:class:`SparseFeatures`). Groups (the paper's models) are the families that name them in their
declaration, in declaration order.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import itemgetter
from typing import Callable

import numpy as np

from lexical_resources import resources_version

from ..hashing import feature_keys, hash_tokens, stable_hash
from ..memo_sizes import PAIRS
from .names import feature_names


@dataclass(frozen=True)
class SparseFeatures:
    """Indicator features of a batch: ``keys[i]`` fires in row ``rows[i]``.

    A feature is named either by ``names[i]`` or, for the vectorized families, by ``parts``: a
    list of ``(side, index)`` where ``side`` is ``"premise"`` or ``"hypothesis"`` and ``index``
    (aligned with ``keys``) points at the token making that part of the feature.
    """

    rows: np.ndarray
    keys: np.ndarray
    parts: list[tuple[str, np.ndarray]] | None = None
    names: list[str] | None = None

    def names_of(self, family: str, batch, indices: np.ndarray) -> list[str]:
        """The names of features ``indices`` (an integer array): ``"family:premise words | hypothesis
        words"`` or the reference's names, built a column of words at a time."""
        if self.names is not None:
            return [self.names[i] for i in indices.tolist()]
        words = {"premise": [], "hypothesis": []}
        for side, index in self.parts:
            tokens = getattr(batch, side).tokens
            words[side].append([tokens[j] for j in index[indices].tolist()])
        return feature_names(family, words["premise"], words["hypothesis"])


@dataclass(frozen=True)
class Family:
    """One feature family: a name, its two implementations, its columns (dense only) and its groups."""

    name: str
    reference: Callable[..., Counter]
    fast: Callable
    columns: tuple[str, ...] | None = None
    description: str = ""
    groups: tuple[str, ...] = ()
    #: Whether it reads each sentence's dependency tree (:attr:`lexnli.records.Sentence.tree`).
    trees: bool = False

    @property
    def dense(self) -> bool:
        return self.columns is not None

    @property
    def seed(self) -> int:
        return family_seed(self.name)


def family_seed(name: str) -> int:
    """A family's hash seed: features of different families never share a key."""
    return stable_hash(f"lexnli-family:{name}")


class MemoizedReference:
    """The default ``fast``: the reference function on each pair of a batch, remembered per distinct pair.

    Pairs are remembered by their (normalized) tokens and tags, about ``limit`` of them per
    family (the memo starts again when it holds more, and when the shared lexical resources change).
    Named features of a sparse family get stable keys from their names.
    """

    def __init__(self, name: str, reference: Callable[..., Counter], columns: tuple[str, ...] | None,
                 limit: int = PAIRS):
        self.name, self.reference, self.columns, self.limit = name, reference, columns, limit
        self._memo: dict = {}
        self._version = None

    def __getstate__(self):  # worker processes start with an empty memo
        return {**self.__dict__, "_memo": {}}

    def _features(self, batch) -> list[Counter]:
        if self._version != resources_version() or len(self._memo) > self.limit:
            self._memo.clear()
            self._version = resources_version()
        memo, found = self._memo, []
        for i, item in enumerate(batch.items):
            features = memo.get(item)
            if features is None:
                features = memo[item] = self.reference(batch.pairs[i])
            found.append(features)
        return found

    def __call__(self, batch):
        found = self._features(batch)
        if self.columns is not None:
            # A Counter answers 0 for a column its pair lacks; a reference returning a plain dict is wrapped in one.
            row = itemgetter(*self.columns)
            return np.array([row(f if isinstance(f, Counter) else Counter(f)) for f in found], dtype=float).reshape(
                len(found), len(self.columns))
        names = [name for f in found for name, value in f.items() if value]
        rows = np.repeat(np.arange(len(found)), [sum(1 for v in f.values() if v) for f in found])
        keys = feature_keys(family_seed(self.name), hash_tokens(names)) if names else np.zeros(0, np.uint64)
        return SparseFeatures(rows, keys, names=names)


FAMILIES: dict[str, Family] = {}
#: Group name -> its families, in declaration order (filled by :func:`register`).
GROUPS: dict[str, tuple[str, ...]] = {}


def register(family: Family) -> Family:
    """Add a family to the registry and to its groups (its name must be new)."""
    if family.name in FAMILIES or family.name in GROUPS:
        raise ValueError(f"a feature family or group named {family.name!r} exists already")
    clashes = [g for g in family.groups if g in FAMILIES or g == family.name]
    if clashes:
        raise ValueError(f"group name(s) {clashes} of family {family.name!r} are family names")
    FAMILIES[family.name] = family
    for group in family.groups:
        GROUPS[group] = GROUPS.get(group, ()) + (family.name,)
    return family


def family(name: str, *, groups=(), columns=None, fast=None, description: str | None = None, trees: bool = False):
    """Declare a feature family on its reference function (a decorator; the function is returned as is).

    Parameters
    ----------
    name : str
        The family's name; a sparse family's features should be named ``"name:..."``.
    groups : sequence of str
        The groups (models) the family belongs to, e.g. ``("lexicalized",)``; a new name makes a group.
    columns : sequence of str or None
        The names of a dense family's real-valued columns, in order; ``None`` for a sparse family
        of named indicator features (a feature with a nonzero value is present: it becomes a 1).
    fast : callable or None
        A vectorized ``fast(batch)``; ``None`` uses :class:`MemoizedReference`.
    description : str or None
        One line; default: the first line of the reference function's docstring.
    trees : bool
        Whether the family reads each sentence's dependency tree: a featurizer with such a family
        reads every sentence with its syntax model (see :class:`~featurize.PairFeaturizer`).
    """
    def declare(reference):
        columns_ = tuple(columns) if columns is not None else None
        text = description if description is not None else (reference.__doc__ or "").strip().split("\n")[0]
        register(Family(name, reference, fast or MemoizedReference(name, reference, columns_), columns_, text,
                        tuple(groups), trees))
        return reference
    return declare


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
