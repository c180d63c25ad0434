"""The word vocabulary of a neural model (token -> row of the embedding matrix) and padded batches of it."""
from __future__ import annotations

from collections import Counter

import torch

#: Row 0 pads short sentences (masked out), row 1 stands for every word the vocabulary lacks.
PAD, UNKNOWN = "<pad>", "<unk>"


class Vocabulary:
    """Words in embedding-row order: :data:`PAD`, :data:`UNKNOWN`, then the known words.

    Parameters
    ----------
    words : sequence of str
        The known words (without ``PAD`` and ``UNKNOWN``), in row order, each once.
    """

    def __init__(self, words):
        self.words = (PAD, UNKNOWN, *words)
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
        return Vocabulary([*self.words[2:], *new])

    def __len__(self) -> int:
        return len(self.words)

    def rows(self, tokens) -> list[int]:
        """Embedding rows of ``tokens``; an empty sentence is one :data:`UNKNOWN` (every sentence
        needs a length of at least one for the recurrent encoders)."""
        return [self.index.get(t, 1) for t in tokens] or [1]


def padded(sequences) -> tuple[torch.Tensor, torch.Tensor]:
    """``(rows, lengths)``: the row sequences as one ``(n, longest)`` tensor, padded with row 0."""
    lengths = torch.tensor([len(s) for s in sequences], dtype=torch.long)
    rows = torch.zeros((len(sequences), int(lengths.max())), dtype=torch.long)
    for i, sequence in enumerate(sequences):
        rows[i, :len(sequence)] = torch.tensor(sequence, dtype=torch.long)
    return rows, lengths
