"""Greedy arc-hybrid decoding of many sentences in lockstep: the fast path of
:meth:`lexnli.parser.DependencyParser.parse`.

The states of a batch of sentences are arrays (the stack, the buffer's first token, heads,
labels, children and their counts; those by token flat, a sentence's tokens side by side). At
each step the sentences not yet parsed make one move each: the tokens at the positions of
:mod:`lexnli.parse_features` and the atoms are read from the arrays (a column per sentence), the
scores computed at once by a
:class:`lexnli.parse_scores.BatchScorer` (the batch's distinct tokens' sums of their token
templates' rows are computed when the batch starts), invalid moves masked and the best class
taken, ties to the lowest, as in the reference decoder.
"""
from __future__ import annotations

import numpy as np

from .parse_features import ATOMS, CHILD_POSITIONS, CLASS_POSITIONS, TAG_BITS, TOKEN_POSITIONS
from .parse_scores import POSITIONS

#: The atom rows of the distance, the valencies and the first ambiguity class.
_DIST, _CLASS = ATOMS.index("dist"), ATOMS.index(f"{CLASS_POSITIONS[0]}a")
#: The slots (rows of :meth:`_Batch.positions`) of the positions with a class atom.
_CLASS_SLOTS = [TOKEN_POSITIONS.index(p) for p in CLASS_POSITIONS]


class _Batch:
    """The states of sentences in arrays, from their lengths and their tokens' word, tag and class ids one
    sentence after another; and their tokens' ids among the batch's distinct ``(word, tag)``
    (:attr:`token_atoms`). The arrays by token are flat: token ``k`` (0 for no token) of sentence ``i``
    is at ``i * width + k``."""

    def __init__(self, lengths: np.ndarray, words: np.ndarray, tags: np.ndarray, classes: np.ndarray):
        self.lengths = lengths
        self.width = int(lengths.max(initial=0)) + 1
        size = len(lengths) * self.width
        inside = (np.arange(1, self.width)[None, :] <= lengths[:, None]).ravel()
        at = (np.arange(len(lengths))[:, None] * self.width + np.arange(1, self.width)).ravel()[inside]
        self.words, self.tags, self.classes = (np.zeros(size, dtype=np.int64) for _ in range(3))
        self.words[at], self.tags[at], self.classes[at] = words, tags, classes
        distinct, first, self.tokens = np.unique(self.words << TAG_BITS | self.tags, return_index=True,
                                                 return_inverse=True)
        #: The atoms of each distinct token at every position (a class is its word's): (atoms, tokens).
        self.token_atoms = np.zeros((len(ATOMS), len(distinct)), dtype=np.int64)
        self.token_atoms[0:2 * len(POSITIONS):2] = distinct >> TAG_BITS
        self.token_atoms[1:2 * len(POSITIONS):2] = distinct & (2 ** TAG_BITS - 1)
        self.token_atoms[_CLASS:_CLASS + len(_CLASS_SLOTS)] = self.classes[first]
        self.stack = np.zeros(size, dtype=np.intp)
        self.depth = np.zeros(len(lengths), dtype=np.intp)
        self.b = np.ones(len(lengths), dtype=np.intp)
        self.heads = np.full(size, -1, dtype=np.intp)
        self.labels = np.zeros(size, dtype=np.int64)
        self.left1, self.left2, self.right1, self.right2 = (np.zeros(size, dtype=np.intp) for _ in range(4))
        self.n_left, self.n_right = np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.int64)

    def positions(self, rows: np.ndarray) -> np.ndarray:
        """The tokens at the positions of :data:`lexnli.parse_scores.POSITIONS` of the sentences ``rows``, as
        indices of the flat arrays: (slots, sentences)."""
        depth, b, n, base = self.depth[rows], self.b[rows], self.lengths[rows], rows * self.width
        out = np.empty((len(POSITIONS), len(rows)), dtype=np.intp)
        for k in range(3):
            out[k] = base + np.where(depth > k, self.stack.take(base + np.maximum(depth - 1 - k, 0)), 0)
            out[3 + k] = base + np.where(b + k <= n, b + k, 0)
        s0, s1, b0 = out[0], out[1], out[3]
        out[6], out[7], out[8], out[9] = (base + children.take(at) for children, at in (
            (self.left1, s0), (self.right1, s0), (self.left1, s1), (self.right1, s1)))
        out[10], out[11], out[12], out[13] = (base + children.take(at) for children, at in (
            (self.left1, b0), (self.left2, s0), (self.right2, s0), (self.left2, b0)))
        return out

    def atoms(self, positions: np.ndarray) -> np.ndarray:
        """The atoms of the sentences whose ``positions`` these are (as :func:`lexnli.parse_features.atoms`
        gives them): (atoms, sentences)."""
        out = np.empty((len(ATOMS), positions.shape[1]), dtype=np.int64)
        out[0:2 * len(POSITIONS):2] = self.words.take(positions)
        out[1:2 * len(POSITIONS):2] = self.tags.take(positions)
        labels = 2 * len(POSITIONS)
        out[labels:labels + len(CHILD_POSITIONS)] = self.labels.take(positions[len(TOKEN_POSITIONS):])
        s0, b0 = positions[0], positions[3]
        base = s0 - s0 % self.width
        distance = b0 - s0
        bucket = np.where(distance < 5, distance, np.where(distance < 10, 5, 6))
        out[_DIST] = np.where((s0 > base) & (b0 > base), bucket, 0)
        out[_DIST + 1] = np.minimum(self.n_left.take(s0), 7)
        out[_DIST + 2] = np.minimum(self.n_right.take(s0), 7)
        out[_DIST + 3] = np.minimum(self.n_left.take(b0), 7)
        out[_CLASS:_CLASS + len(_CLASS_SLOTS)] = self.classes.take(positions[_CLASS_SLOTS])
        return out

    def valid(self, rows: np.ndarray, n_classes: int) -> np.ndarray:
        """Which classes the sentences ``rows`` can take: (sentences, classes) booleans."""
        depth = self.depth[rows]
        shift = self.b[rows] <= self.lengths[rows]
        valid = np.empty((len(rows), n_classes), dtype=bool)
        valid[:, 0] = shift
        valid[:, 1::2] = (shift & (depth >= 1))[:, None]
        valid[:, 2::2] = (depth >= 2)[:, None]
        return valid

    def apply(self, rows: np.ndarray, positions: np.ndarray, classes: np.ndarray) -> None:
        """Make each sentence's move (:meth:`lexnli.transitions.Configuration.apply`, for many)."""
        shift = classes == 0
        left = classes % 2 == 1
        shifted = rows[shift]
        self.stack[shifted * self.width + self.depth[shifted]] = self.b[shifted]
        self.depth[shifted] += 1
        self.b[shifted] += 1
        popped, child = rows[~shift], positions[0, ~shift]
        head = np.where(left[~shift], positions[3, ~shift], positions[1, ~shift])
        self.heads[child] = head - popped * self.width
        self.labels[child] = (classes[~shift] + 1) // 2
        self.depth[popped] -= 1
        at_left = left[~shift]
        for first, second, counts, chosen in ((self.left1, self.left2, self.n_left, at_left),
                                              (self.right1, self.right2, self.n_right, ~at_left)):
            parent = head[chosen]
            second[parent] = first[parent]
            first[parent] = child[chosen] - popped[chosen] * self.width
            counts[parent] += 1

    def terminal(self, rows: np.ndarray) -> np.ndarray:
        return (self.b[rows] > self.lengths[rows]) & (self.depth[rows] <= 1)


def decode_batch(lengths: np.ndarray, words: np.ndarray, tags: np.ndarray, classes: np.ndarray, scorer) -> tuple:
    """The heads and label ids (arrays: a row per sentence, token ``k`` at column ``k``) of sentences of
    ``lengths`` whose tokens have the word, tag and class ids ``words``, ``tags`` and ``classes`` (one
    sentence after another), with the model's :class:`~lexnli.parse_scores.BatchScorer`."""
    batch = _Batch(lengths, words, tags, classes)
    token_scores = scorer.token_scores(batch.token_atoms)
    n_classes = scorer.weights.shape[1]
    active = np.flatnonzero(batch.lengths > 0)
    while len(active):
        positions = batch.positions(active)
        sums = scorer.scores(batch.atoms(positions), token_scores, batch.tokens.take(positions))
        chosen = np.argmax(np.where(batch.valid(active, n_classes), sums, -np.inf), axis=1)
        batch.apply(active, positions, chosen)
        active = active[~batch.terminal(active)]
    parsed = np.flatnonzero(batch.lengths > 0) * batch.width
    batch.heads[parsed + batch.stack[parsed]] = 0
    shape = (len(lengths), batch.width)
    return batch.heads.reshape(shape), batch.labels.reshape(shape)
