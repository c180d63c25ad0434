"""The SNLI paper's neural classifier: two sentences encoded separately, then a tanh MLP and a softmax.

Each word's embedding goes through a tanh layer into the sentence space (100-d in the paper);
the sentence encoder turns a sentence's word vectors into one vector (their sum, a plain tanh
RNN's last state, or an LSTM's last state); the premise and hypothesis vectors are
concatenated and fed to tanh layers (three of 200 in the paper) and a linear output layer
(the softmax is in the loss). Sentences are padded batches with their lengths; padding never
reaches a sentence vector (masked in the sum, packed away in the recurrent encoders).
"""
from __future__ import annotations

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence

ENCODERS = ("sum", "rnn", "lstm")


class SumEncoder(nn.Module):
    """A sentence is the sum of its word vectors (padding masked out)."""

    def forward(self, vectors, lengths):
        mask = torch.arange(vectors.shape[1], device=vectors.device)[None, :] < lengths.to(vectors.device)[:, None]
        return (vectors * mask[:, :, None]).sum(dim=1)


class RecurrentEncoder(nn.Module):
    """A sentence is the last hidden state of a one-layer tanh RNN or LSTM run over its words."""

    def __init__(self, cell: str, dim: int):
        super().__init__()
        self.cell = cell
        self.recurrent = nn.LSTM(dim, dim, batch_first=True) if cell == "lstm" else nn.RNN(dim, dim, batch_first=True)

    def forward(self, vectors, lengths):
        packed = pack_padded_sequence(vectors, lengths.cpu(), batch_first=True, enforce_sorted=False)
        _, state = self.recurrent(packed)
        hidden = state[0] if self.cell == "lstm" else state
        return hidden[-1]


class PairNetwork(nn.Module):
    """Embeddings, a tanh projection, a sentence encoder, tanh layers over both sentences, output logits.

    Parameters
    ----------
    n_words, embedding_dim : int
        Rows and width of the embedding matrix (row 0 is padding).
    sentence_dim : int
        Width of the projected word vectors and of the sentence vectors.
    encoder : {"sum", "rnn", "lstm"}
    hidden_dim, n_hidden_layers : int
        Width and number of the tanh layers over the concatenated sentence vectors.
    n_classes : int
    dropout : float
        Dropout on the word embeddings and before every tanh and output layer.
    """

    def __init__(self, n_words, embedding_dim, sentence_dim, encoder, hidden_dim, n_hidden_layers, n_classes, dropout):
        super().__init__()
        self.embedding = nn.Embedding(n_words, embedding_dim, padding_idx=0)
        self.project = nn.Sequential(nn.Dropout(dropout), nn.Linear(embedding_dim, sentence_dim), nn.Tanh())
        self.encoder = SumEncoder() if encoder == "sum" else RecurrentEncoder(encoder, sentence_dim)
        layers, width = [], 2 * sentence_dim
        for _ in range(n_hidden_layers):
            layers += [nn.Dropout(dropout), nn.Linear(width, hidden_dim), nn.Tanh()]
            width = hidden_dim
        self.hidden = nn.Sequential(*layers, nn.Dropout(dropout))
        self.output = nn.Linear(width, n_classes)

    def encode(self, rows, lengths):
        """Sentence vectors of a padded batch of embedding rows."""
        return self.encoder(self.project(self.embedding(rows)), lengths)

    def forward(self, premise, premise_lengths, hypothesis, hypothesis_lengths):
        sentences = torch.cat([self.encode(premise, premise_lengths), self.encode(hypothesis, hypothesis_lengths)], 1)
        return self.output(self.hidden(sentences))
