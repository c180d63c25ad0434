"""A separable toy set of sentence pairs for the neural tests: the hypothesis's cue word decides the label.

Pairs are built as records (tokens and tags given), so no tagger or data file is needed.
"""
from __future__ import annotations

import random

from lexnli.records import Pair, Sentence

CUES = {"entailment": "surely", "contradiction": "never", "neutral": "perhaps"}
FILLER = ("a", "man", "woman", "dog", "runs", "sits", "in", "the", "park", "street", "happy", "old")


def sentence(tokens) -> Sentence:
    return Sentence(" ".join(tokens), tuple(tokens), tuple("NN" for _ in tokens))


def toy_pairs(n: int, seed: int, cues=CUES, filler=FILLER) -> tuple[list[Pair], list[str]]:
    """``n`` pairs with labels cycling over ``cues``; the hypothesis holds its label's cue among filler words."""
    rng = random.Random(seed)
    labels = [sorted(cues)[i % len(cues)] for i in range(n)]
    pairs = []
    for label in labels:
        premise = [rng.choice(filler) for _ in range(rng.randint(2, 7))]
        hypothesis = [rng.choice(filler) for _ in range(rng.randint(1, 5))]
        hypothesis.insert(rng.randint(0, len(hypothesis)), cues[label])
        pairs.append(Pair(sentence(premise), sentence(hypothesis), label=label))
    return pairs, labels


#: A small, quick configuration (the paper's shape, narrower).
SMALL = dict(embedding_dim=16, sentence_dim=16, hidden_dim=16, n_hidden_layers=2, optimizer="adam",
             learning_rate=0.01, batch_size=16, max_epochs=6, patience=6, dropout=0.0, device="cpu")
