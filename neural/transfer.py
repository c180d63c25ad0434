"""Fine-tuning a trained model on a new corpus, as the SNLI paper's SNLI -> SICK transfer does.

The paper trains the LSTM model on SNLI, then goes on training it on SICK with a new softmax
layer, new embeddings for the words SNLI lacked, and AdaDelta's accumulators carried over from
the SNLI training at a lower learning rate. :func:`fine_tuned` does that for any encoder and
either optimizer: every parameter keeps its trained value and its optimizer state, the
embedding matrix grows by the new words' rows (fresh random vectors, or the ``embeddings``
file's, with zero optimizer state), and the output layer starts afresh.
"""
from __future__ import annotations

import copy
from functools import partial

import torch
from sklearn.base import clone
from sklearn.utils.validation import check_is_fitted
from torch import nn

from .estimator import SentenceEncoderClassifier, copy_vectors


def _grown_state(state: dict, parameter: torch.Tensor) -> dict:
    """A copy of an optimizer state for ``parameter`` from one of a parameter with as many rows or
    fewer: new rows get zeros, and the tensors go to ``parameter``'s device (a step count stays where
    the optimizer keeps it)."""
    grown = {}
    for key, value in state.items():
        if torch.is_tensor(value) and value.dim():
            new_rows = value.new_zeros((parameter.shape[0] - value.shape[0], *value.shape[1:]))
            grown[key] = torch.cat([value, new_rows]).to(parameter.device)
        else:
            grown[key] = copy.deepcopy(value)
    return grown


def fine_tuned(model: SentenceEncoderClassifier, X, y, *, eval_set, learning_rate_scale: float = 0.1,
               **params) -> SentenceEncoderClassifier:
    """A new model: ``model`` trained further on ``X, y``, early-stopped on ``eval_set``.

    Parameters
    ----------
    model : fitted SentenceEncoderClassifier
        The source model (left unchanged); it must have ``optimizer_state_`` (a model loaded
        from a file has none: fine-tune the model that was trained).
    X, y : the new corpus's training pairs and labels.
    eval_set : (X_dev, y_dev) or None
        For early stopping (None: ``validation_fraction`` of ``X`` held out, as
        :meth:`~neural.estimator.SentenceEncoderClassifier.fit` does).
    learning_rate_scale : float, default=0.1
        The new learning rate is the source model's times this.
    **params
        Other estimator parameters to change (e.g. ``max_epochs``).

    Returns
    -------
    SentenceEncoderClassifier
        Fitted; its ``vocabulary_`` is the source's followed by the new words.
    """
    check_is_fitted(model, "optimizer_state_")
    new = clone(model).set_params(learning_rate=model.learning_rate * learning_rate_scale, **params)
    return new._fit(X, y, eval_set, partial(_grown_network, model, new))


def _grown_network(model: SentenceEncoderClassifier, new: SentenceEncoderClassifier, sentences):
    """The network fine-tuning starts from and its optimizer: ``model``'s network with embedding rows
    added for the words of ``sentences`` (the new training pairs' token sequences) it lacks and a new
    output layer for ``new.classes_``, and ``new``'s optimizer carrying ``model``'s state over (sets
    ``new.vocabulary_``, ``new.embedding_dim_`` and ``new.n_pretrained_``)."""
    new.vocabulary_ = model.vocabulary_.extended(s for pair in sentences for s in pair)
    new.embedding_dim_ = model.embedding_dim_
    network = copy.deepcopy(model.network_).cpu()
    old_rows = network.embedding.weight.detach()
    network.embedding = nn.Embedding(len(new.vocabulary_), new.embedding_dim_, padding_idx=0)
    with torch.no_grad():
        network.embedding.weight[:len(old_rows)] = old_rows
    new_words = new.vocabulary_.words[len(old_rows):]
    new.n_pretrained_ = copy_vectors(network, new._pretrained(new_words, new.embedding_dim_), new_words, len(old_rows))
    network.output = nn.Linear(network.output.in_features, len(new.classes_))
    optimizer = new._optimizer(network.to(new._device()))
    for name, parameter in network.named_parameters():
        if name in model.optimizer_state_ and not name.startswith("output."):
            optimizer.state[parameter] = _grown_state(model.optimizer_state_[name], parameter)
    return network, optimizer
