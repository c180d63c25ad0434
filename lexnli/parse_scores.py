"""The scores of many configurations at once: the batch decoder's lookup tables.

A configuration's score is the sum of one weight row per template (the row of its feature's key,
or zeros). :class:`BatchScorer` finds the rows without searching for the keys, in two ways:

- A model's atoms take few values (its words, tags, labels and ambiguity classes, and the eight
  distance buckets and valencies), far fewer than the bits :mod:`lexnli.parse_features` gives
  them. So each template's features are numbered densely: a feature's *code* is its template's
  offset plus its atoms read as the digits of a mixed-radix number, each atom's radix the number
  of values of its kind in the model. A template with at most :data:`DIRECT_CODES` codes (a
  token's word and tag, three tags, a word and a distance ...) finds its rows in one table of
  every such code's row; the others (pairs of words and such) in a hash table (a pandas
  ``Index``) of the codes the model has. The model's keys are turned into codes once.
- A *token template* reads only the word, tag and class of the token at one position (``s0w
  s0t``, ``b1a``, ``s0lw`` ...; 41 of the 101). The sum of a position's token templates' rows
  depends only on the token's word and tag (a word has one class), so it is computed once per
  distinct word and tag of a batch of sentences (:meth:`BatchScorer.token_scores`), and a
  configuration adds one such sum per position and the rows of the other templates.

The weights are exact multiples of a step, so every partial sum is exact in float32 (see
:mod:`lexnli.parser`) and the scores are the reference decoder's, whatever the grouping and
order of the additions.
"""
from __future__ import annotations

import numpy as np

from .parse_features import (ATOM_KINDS, ATOMS, CHILD_POSITIONS, KIND_BITS, PART_ATOMS, TEMPLATE_PARTS,
                             TEMPLATE_SHIFT, TEMPLATES, TOKEN_POSITIONS)

#: A template with at most this many codes finds its rows in the direct table.
DIRECT_CODES = 2 ** 17
#: The positions whose token's word and tag the batch decoder reads, in the order of its slots.
POSITIONS = TOKEN_POSITIONS + CHILD_POSITIONS


def token_position(template: int) -> int | None:
    """The slot (in :data:`POSITIONS`) of the one position whose word, tag and class are all a template's
    atoms, or None for a template that reads anything else."""
    names = [ATOMS[atom] for atom, _ in TEMPLATE_PARTS[template]]
    if all(ATOM_KINDS[name] in ("word", "tag", "class") for name in names) and len({n[:-1] for n in names}) == 1:
        return POSITIONS.index(names[0][:-1])
    return None


def _mixed_radix(radices: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """By template and atom (templates, width; 0, 0, 0 and 1 past a template's atoms): the atom's stride
    in the template's codes (its last atom's is 1), its shift and mask in the template's keys, and its
    radix."""
    strides, shifts, masks = (np.zeros(PART_ATOMS.shape, dtype=np.int64) for _ in range(3))
    part_radices = np.ones(PART_ATOMS.shape, dtype=np.int64)
    for template, parts in enumerate(TEMPLATE_PARTS):
        stride = 1
        for part in reversed(range(len(parts))):
            atom, shift = parts[part]
            kind = ATOM_KINDS[ATOMS[atom]]
            strides[template, part], shifts[template, part] = stride, shift
            masks[template, part], part_radices[template, part] = 2 ** KIND_BITS[kind] - 1, radices[kind]
            stride *= radices[kind]
    return strides, shifts, masks, part_radices


class BatchScorer:
    """The scores of configurations, from their atoms.

    Parameters
    ----------
    keys : numpy.ndarray of int64
        The model's sorted feature keys (:mod:`lexnli.parse_features`).
    weights : numpy.ndarray of float32
        A row per key, in the same order, then a row of zeros (a feature without a key's).
    radices : dict of str to int
        The number of values each kind of atom (:data:`lexnli.parse_features.ATOM_KINDS`) takes in
        the model: the atoms of a kind are below it.

    Raises
    ------
    ValueError
        When a key holds an atom not below its kind's radix.
    """

    def __init__(self, keys: np.ndarray, weights: np.ndarray, radices: dict):
        import pandas as pd  # imported when a parser first parses, not with the parser

        self.weights = weights
        self._strides, shifts, masks, part_radices = _mixed_radix(radices)
        sizes = self._strides[:, 0] * part_radices[:, 0]  # the number of codes of each template
        self._direct = sizes <= DIRECT_CODES
        order = np.argsort(~self._direct, kind="stable")  # the direct templates' codes first
        self._offsets = np.zeros(len(TEMPLATES), dtype=np.int64)
        self._offsets[order] = np.cumsum(sizes[order]) - sizes[order]

        template = keys >> TEMPLATE_SHIFT
        codes = self._offsets[template]
        for part in range(PART_ATOMS.shape[1]):
            value = (keys >> shifts[template, part]) & masks[template, part]
            if np.any(value >= part_radices[template, part]):
                raise ValueError("a feature key holds an atom beyond the model's words, tags, labels or classes")
            codes += value * self._strides[template, part]
        n_direct = int(sizes[self._direct].sum())
        is_direct = codes < n_direct
        #: The row of each direct template's code, -1 for a code without one (the last row of the weights, zeros).
        self._table = np.full(n_direct, -1, dtype=np.int32)
        self._table[codes[is_direct]] = np.flatnonzero(is_direct)
        self._index = pd.Index(codes[~is_direct])
        #: The row of each code of the index, then -1 (for a code not found).
        self._index_rows = np.append(np.flatnonzero(~is_direct), -1)

        n_parts = np.array([len(parts) for parts in TEMPLATE_PARTS])
        slots = np.array([-1 if token_position(t) is None else token_position(t) for t in range(len(TEMPLATES))])
        self._token_groups, self._configuration_groups = (
            [_Group(np.flatnonzero(((slots >= 0) == token) & (self._direct == direct)), direct, self._strides,
                    self._offsets, n_parts, slots) for direct in (True, False)] for token in (True, False))

    def token_scores(self, token_atoms: np.ndarray) -> np.ndarray:
        """The sums of each slot's token templates' rows (slots, tokens, classes), of tokens whose atoms
        (atoms, tokens) are the token's word, tag and class at every position."""
        sums = np.zeros((len(POSITIONS), token_atoms.shape[1], self.weights.shape[1]), dtype=np.float32)
        for group in self._token_groups:
            for slot, rows in zip(group.slots, self._rows(group, token_atoms)):
                sums[slot] += self.weights.take(rows, axis=0)
        return sums

    def scores(self, atom_matrix: np.ndarray, token_scores: np.ndarray, tokens: np.ndarray) -> np.ndarray:
        """The scores (configurations, classes) of configurations whose atoms are ``atom_matrix`` (atoms,
        configurations) and whose tokens at each slot are ``tokens`` (slots, configurations): indices of
        the second axis of :meth:`token_scores`."""
        sums = token_scores[0].take(tokens[0], axis=0)
        for slot in range(1, len(POSITIONS)):
            sums += token_scores[slot].take(tokens[slot], axis=0)
        for group in self._configuration_groups:
            for rows in self._rows(group, atom_matrix):
                sums += self.weights.take(rows, axis=0)
        return sums

    def _rows(self, group, atom_matrix: np.ndarray) -> np.ndarray:
        """The weight rows (templates, configurations) of a group's features, -1 (the zero row) for a feature
        without a row of its own."""
        codes = group.codes(atom_matrix)
        if group.direct:
            return self._table.take(codes)
        return self._index_rows.take(self._index.get_indexer(codes.ravel())).reshape(codes.shape)


class _Group:
    """Templates whose codes are computed together and whose rows are found alike (directly or not),
    by decreasing number of atoms."""

    def __init__(self, templates, direct: bool, strides, offsets, n_parts, slots):
        templates = templates[np.argsort(-n_parts[templates], kind="stable")]
        self.direct, self.slots = direct, slots[templates].tolist()
        self.parts, self.strides, self.offsets = PART_ATOMS[templates], strides[templates], offsets[templates, None]
        #: How many of the templates have an atom ``k``, by ``k``.
        self.counts = [int(np.count_nonzero(n_parts[templates] > k)) for k in range(PART_ATOMS.shape[1])]

    def codes(self, atom_matrix: np.ndarray) -> np.ndarray:
        """The codes (templates, configurations) of configurations' features, from their atoms (atoms,
        configurations)."""
        codes = atom_matrix.take(self.parts[:, 0], axis=0) * self.strides[:, :1]
        for part, count in enumerate(self.counts[1:], start=1):
            codes[:count] += atom_matrix.take(self.parts[:count, part], axis=0) * self.strides[:count, part:part + 1]
        codes += self.offsets
        return codes
