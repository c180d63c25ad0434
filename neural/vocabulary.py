"""The word vocabulary of a neural model (token -> row of the embedding matrix) and padded batches of sentences."""
from __future__ import annotations

from collections import Counter

import torch

#: Row 0 pads short sentences (masked out), row 1 stands for every word the vocabulary lacks.
PAD, UNKNOWN = "<pad>", "<unk>"
#: The rows before the known words'.
RESERVED = (PAD, UNKNOWN)


class Vocabulary:
    """Words in embedding-row order: :data:`PAD`, :data:`UNKNOWN`, then the known words.

    Parameters
    ----------
    words : sequence of str
        The known words (without ``PAD`` and ``UNKNOWN``), in row order, each once.
    """

    def __init__(self, words):
        self.words = (*RESERVED, *words)
        self.index = {word: row for row, word in enumerate(self.words)}
        if len(self.index) != len(self.words):
            raise ValueError("a vocabulary lists each word once (and not <pad> or <unk>)")

    @classmethod
    def build(cls, sentences, min_count: int = 1) -> Vocabulary:
        """The words seen at least ``min_count`` times in ``sentences`` (token sequences),
        most frequent first (ties by spelling, so the order does not depend on the input's)."""
        counts = Counter(token for tokens in sentences for token in tokens)
        return cls(sorted((w for w, n in counts.items() if n >= min_count), key=lambda w: (-counts[w], w)))

    def extended(self, sentences) -> Vocabulary:
        """This vocabulary (rows unchanged) followed by the words of ``sentences`` it lacks, in
        first-seen order: a fine-tuned model keeps its rows and adds new ones."""
        new = dict.fromkeys(t for tokens in sentences for t in tokens if t not in self.index)
        return Vocabulary([*self.known, *new])

    def __len__(self) -> int:
        return len(self.words)

    @property
    def known(self) -> tuple[str, ...]:
        """The known words, in row order from row ``len(RESERVED)``."""
        return self.words[len(RESERVED):]

    def rows(self, tokens) -> list[int]:
        """Embedding rows of ``tokens``; an empty sentence is one :data:`UNKNOWN` (every sentence
        needs a length of at least one for the recurrent encoders)."""
        return [self.index.get(t, 1) for t in tokens] or [1]


class SentenceRows:
    """Sentences as embedding rows, stored once (one flat tensor) and gathered into padded batches.

    Built once per fit (or prediction), so that each epoch's batches are gathered by indexing,
    not rebuilt from Python lists.

    Parameters
    ----------
    sequences : iterable of sequences of int
        Each sentence's embedding rows, at least one (as :meth:`Vocabulary.rows` gives).

    Attributes
    ----------
    lengths : Tensor
        The number of rows of each sentence.
    """

    def __init__(self, sequences):
        sequences = list(sequences)
        self.lengths = torch.tensor([len(s) for s in sequences], dtype=torch.long)
        self._starts = self.lengths.cumsum(0) - self.lengths
        self._rows = torch.tensor([row for s in sequences for row in s], dtype=torch.long)

    def __len__(self) -> int:
        return len(self.lengths)

    def batch(self, indices) -> tuple[torch.Tensor, torch.Tensor]:
        """``(rows, lengths)`` of the sentences ``indices``: their rows as one ``(len(indices), longest)``
        tensor, padded with row 0, and their lengths."""
        indices = torch.as_tensor(indices, dtype=torch.long)
        lengths = self.lengths[indices]
        steps = torch.arange(int(lengths.max()))
        positions = (self._starts[indices][:, None] + steps).clamp(max=len(self._rows) - 1)
        return torch.where(steps < lengths[:, None], self._rows[positions], 0), lengths
