"""The names of feature keys, kept compact until someone asks for them.

Fitting a vocabulary keeps hundreds of thousands of features, and building each one's name
string (in every worker, then sent back, then kept) took a sixth of fitting, though the names
are read only to explain a model. A name is ``feature_name(family, premise words, hypothesis
words)``, so what is kept per key is its family and the hashes of its words
(:data:`~featurize.hashing.TOKEN_HASHES`), with one table from hash to word; a name a
reference function gave as text is kept as text. :meth:`KeyNames.names` builds the strings.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .families.names import feature_names


@dataclass
class KeyNames:
    """What names each of a set of distinct feature keys.

    Attributes
    ----------
    families : tuple of (str, tuple of str or None)
        Each sparse family's name and the sides (``"premise"``/``"hypothesis"``) of the words
        that name its features, in order; ``None`` for a family whose names are texts.
    family : ndarray of int16
        The index in ``families`` of each key's family.
    words : ndarray of uint64, shape (n_keys, n_words)
        The hashes of each key's words, in its family's order (columns past its family's words unused).
    texts : ndarray of object or None
        The name of each key named by text (None for the others); None when no key is.
    tokens : dict of int to str
        The word of each hash in ``words`` (and of others: every word of the batches read).
    """

    families: tuple
    family: np.ndarray
    words: np.ndarray
    texts: np.ndarray | None
    tokens: dict

    @classmethod
    def of_batch(cls, families, found, batch, first: np.ndarray) -> "KeyNames":
        """The names of a batch's distinct keys, from each key's first occurrence ``first`` in the sparse
        ``families``' features ``found`` laid end to end (a key two families share takes the first's name)."""
        family = np.zeros(len(first), dtype=np.int16)
        words = np.zeros((len(first), max((len(f.parts) for f in found if f.parts is not None), default=0)),
                         dtype=np.uint64)
        texts = None if all(f.parts is not None for f in found) else np.full(len(first), None, dtype=object)
        layouts, start = [], 0
        for k, features in enumerate(found):
            end = start + len(features.keys)
            mine = np.flatnonzero((first >= start) & (first < end))
            at = first[mine] - start
            family[mine] = k
            if features.parts is None:
                layouts.append(None)
                texts[mine] = [features.names[i] for i in at.tolist()]
            else:
                layouts.append(tuple(side for side, _ in features.parts))
                for j, (side, index) in enumerate(features.parts):
                    words[mine, j] = getattr(batch, side).hashes[index[at]]
            start = end
        return cls(tuple(zip((f.name for f in families), layouts)), family, words, texts, batch.word_table())

    @classmethod
    def joined(cls, parts) -> "KeyNames":
        """The keys of ``parts`` (of the same families) one after the other."""
        parts = list(parts)
        width = max((p.words.shape[1] for p in parts), default=0)
        words = np.zeros((sum(len(p.family) for p in parts), width), dtype=np.uint64)
        start, tokens = 0, {}
        for p in parts:
            words[start:start + len(p.family), :p.words.shape[1]] = p.words
            start += len(p.family)
            tokens.update(p.tokens)
        texts = None
        if any(p.texts is not None for p in parts):
            texts = np.concatenate([np.full(len(p.family), None, dtype=object) if p.texts is None else p.texts
                                    for p in parts])
        family = np.concatenate([p.family for p in parts] or [np.zeros(0, np.int16)])
        return cls(parts[0].families if parts else (), family, words, texts, tokens)

    @classmethod
    def gathered(cls, parts, index: np.ndarray) -> "KeyNames":
        """The names of keys ``index`` (positions among the keys of ``parts`` laid end to end), in that
        order: each part gives its own keys first, so that the keys not asked for are never copied."""
        parts = list(parts)
        ends = np.cumsum([len(p.family) for p in parts], dtype=np.int64)
        order = np.argsort(index, kind="stable")
        ordered = index[order]
        pieces = [part.take(chunk - (end - len(part.family))) for part, end, chunk
                  in zip(parts, ends, np.split(ordered, np.searchsorted(ordered, ends[:-1])))]
        rank = np.empty(len(index), dtype=np.intp)
        rank[order] = np.arange(len(index))
        return cls.joined(pieces).take(rank)

    def take(self, index: np.ndarray) -> "KeyNames":
        """The names of keys ``index``, in that order."""
        return KeyNames(self.families, self.family[index], self.words[index],
                        None if self.texts is None else self.texts[index], self.tokens)

    def names(self) -> list[str]:
        """The name of each key, as :func:`~featurize.families.names.feature_name` (or its reference) gives it."""
        out = np.empty(len(self.family), dtype=object)
        for k, (name, sides) in enumerate(self.families):
            rows = np.flatnonzero(self.family == k)
            if sides is None:
                out[rows] = self.texts[rows]
                continue
            columns = {"premise": [], "hypothesis": []}
            for j, side in enumerate(sides):
                columns[side].append([self.tokens[h] for h in self.words[rows, j].tolist()])
            out[rows] = feature_names(name, columns["premise"], columns["hypothesis"])
        return out.tolist()
