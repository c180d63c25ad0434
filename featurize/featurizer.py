"""``PairFeaturizer``: sentence pairs -> scipy CSR matrix, in scikit-learn's transformer conventions."""
from __future__ import annotations

import logging
import os
from collections import defaultdict
from dataclasses import dataclass
from functools import partial
from numbers import Integral

import numpy as np
import pandas as pd
import scipy.sparse as sp
from joblib import effective_n_jobs
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.utils.metaestimators import available_if
from sklearn.utils.validation import check_is_fitted

from lexnli.progress import bar, heartbeat
from lexnli.records import Pair
from lexnli.text import load_tagger

from . import packed_strings, shards
from .arrays import unique_inverse
from .batch import Batch
from .families import resolve
from .families.lexicalized import BOUNDED_FAMILIES, CROSS_MAX_TOKENS, n_capped, pair_work
from .inputs import TAG_SETS, checked_items, tagged_tokens
from .key_names import KeyNames
from .presets import PRESETS, preset_params
from .sklearn_constraints import Interval, StrOptions, check_parameters

_PAPER = PRESETS["paper"]
logger = logging.getLogger("lexnli")
#: The most work (:func:`~featurize.families.lexicalized.pair_work`) one batch may hold: a batch
#: ends at ``batch_size`` pairs or at this much work, so that long sentences make smaller
#: batches and peak memory stays bounded (an SNLI batch of 8,192 pairs is about 1.1 million).
WORK_PER_BATCH = 2**21


def work_bounded_slices(items, batch_size: int, budget: int | None = None) -> list[slice]:
    """Consecutive slices of ``items`` (``(premise tokens, tags, hypothesis tokens, tags)``), each at most
    ``batch_size`` pairs and (unless one pair alone exceeds it) at most ``budget`` work (default
    :data:`WORK_PER_BATCH`)."""
    budget = WORK_PER_BATCH if budget is None else budget
    slices, start, work = [], 0, 0
    for i, item in enumerate(items):
        cost = pair_work(len(item[0]), len(item[2]))
        if i > start and (i - start == batch_size or work + cost > budget):
            slices.append(slice(start, i))
            start, work = i, 0
        work += cost
    if start < len(items):
        slices.append(slice(start, len(items)))
    return slices


def features_name(features) -> str:
    """A feature group's name (``"lexicalized"``), or its families' joined by ``+``, for log lines."""
    return features if isinstance(features, str) else "+".join(features)


@dataclass
class BatchFeatures:
    """The features of one batch, as a worker hands them back: small, and needing no vocabulary yet.

    Attributes
    ----------
    dense : ndarray of shape (n, n_dense)
        The real-valued columns.
    keys : ndarray of uint64
        The distinct indicator feature keys of the batch, ascending.
    cells : scipy.sparse.csr_matrix of bool, shape (n, len(keys))
        True where key ``keys[j]`` fires in pair ``i`` (however often).
    names : KeyNames or None
        What names each key (only when asked: fitting a vocabulary).
    """

    dense: np.ndarray
    keys: np.ndarray
    cells: sp.csr_matrix
    names: KeyNames | None

    def pair_counts(self) -> np.ndarray:
        """The number of pairs each key fires in."""
        return np.bincount(self.cells.indices, minlength=len(self.keys))


def _featurize_batch(items, families, with_names=False) -> BatchFeatures:
    """The features of one batch of ``(premise tokens, tags, hypothesis tokens, tags)`` items."""
    batch = Batch.from_tokens(items)
    dense = [f.fast(batch) for f in families if f.dense]
    dense = np.column_stack(dense) if dense else np.zeros((batch.n, 0))
    sparse_families = [f for f in families if not f.dense]
    found = [f.fast(batch) for f in sparse_families]
    rows = np.concatenate([s.rows for s in found]) if found else np.zeros(0, dtype=np.int64)
    keys, first, columns = unique_inverse(np.concatenate([s.keys for s in found]) if found else np.zeros(0, np.uint64))
    cells = sp.csr_matrix((np.ones(len(rows), dtype=bool), (rows, columns)), shape=(batch.n, len(keys)))
    cells.sum_duplicates()  # a key fires once per pair however often (True + True is True)
    names = KeyNames.of_batch(sparse_families, found, batch, first) if with_names else None
    return BatchFeatures(dense, keys, cells, names)


def _featurize_shard(items, families, lowercase: bool, tag_set: str, batch_size: int, with_names: bool,
                     syntax=None):
    """The :class:`BatchFeatures` of a shard of checked input items (tokenized and tagged here if they are
    strings, and read by the ``syntax`` model if given), in work-bounded batches, and how many of its
    pairs the cross features cap: the unit of parallel work.
    """
    tokens = tagged_tokens(items, lowercase, tag_set, syntax)
    batches = [_featurize_batch(tokens[part], families, with_names)
               for part in work_bounded_slices(tokens, batch_size)]
    return batches, n_capped(tokens)


def _bin_edges(values: np.ndarray, n_bins: int) -> np.ndarray:
    """Inner edges of ``n_bins`` equal-frequency bins of ``values`` (ties merged, so maybe fewer bins)."""
    return np.unique(np.quantile(values, np.linspace(0, 1, n_bins + 1)[1:-1]))


def _bin_name(column: str, edges: np.ndarray, b: int) -> str:
    if b == 0:
        return f"{column}<{edges[0]:.3g}"
    if b == len(edges):
        return f"{column}>={edges[-1]:.3g}"
    return f"{edges[b - 1]:.3g}<={column}<{edges[b]:.3g}"


def _csr(dense, rows, cols, n_columns, n_leading):
    """One batch's CSR matrix: dense values where nonzero, then indicators (columns from ``n_leading`` on:
    1, however many of the batch's features a hashed column holds)."""
    dense_rows, dense_cols = np.nonzero(dense)
    matrix = sp.csr_matrix(
        (np.concatenate([dense[dense_rows, dense_cols], np.ones(len(rows))]),
         (np.concatenate([dense_rows, rows]), np.concatenate([dense_cols, cols]))),
        shape=(dense.shape[0], n_columns))
    matrix.sum_duplicates()
    matrix.data[matrix.indices >= n_leading] = 1
    return matrix


def _vocabulary(batches, min_df: int) -> tuple[np.ndarray, list[np.ndarray], np.ndarray]:
    """Keys that fire in at least ``min_df`` pairs, most frequent first (a key repeated within one pair counts
    once); the vocabulary position of each batch's keys (-1 for a key left out); and where each vocabulary
    key first occurs among the batches' keys laid end to end.

    Frequency order puts the weights a solver touches most next to each other in memory, which
    makes SAGA's epochs faster than key order (docs/RESULTS.md).
    """
    keys, first, at = unique_inverse(np.concatenate([b.keys for b in batches] or [np.zeros(0, np.uint64)]))
    counts = np.bincount(at, weights=np.concatenate([b.pair_counts() for b in batches] or [np.zeros(0)]),
                         minlength=len(keys)).astype(np.int64)
    kept = np.flatnonzero(counts >= min_df)
    order = -counts[kept]
    if len(order) and order.min() > np.iinfo(np.int16).min:
        order = order.astype(np.int16)  # NumPy's stable sort of 16-bit integers is a radix sort
    kept = kept[np.argsort(order, kind="stable")]
    position = np.full(len(keys), -1, dtype=np.int32 if len(keys) < 2**31 else np.int64)
    position[kept] = np.arange(len(kept))
    return keys[kept], np.split(position[at], np.cumsum([len(b.keys) for b in batches])[:-1]), first[kept]


class PairFeaturizer(TransformerMixin, BaseEstimator):
    """Featurize premise/hypothesis pairs with the SNLI paper's feature families.

    Parameters
    ----------
    features : str or sequence of str, default="lexicalized"
        A group (``"lexicalized"``, ``"unigrams_only"``, ``"unlexicalized"``), a family name
        (``"bleu"``, ``"length_diff"``, ``"overlap"``, ``"hyp_unigrams"``, ``"hyp_bigrams"``,
        ``"cross_unigrams"``, ``"cross_bigrams"``, or one registered later), or a list of them.
    n_features : int or None, default=None
        Hash the indicator features into this many columns (64-bit feature keys modulo
        ``n_features``), as scikit-learn's ``HashingVectorizer`` does; ``None`` learns an exact
        vocabulary of the features seen in ``fit`` (unseen features are then ignored at
        transform time).
    min_df : int, default=1
        With a learned vocabulary (``n_features=None``), keep only indicator features that fire
        in at least ``min_df`` training pairs. Ignored when hashing.
    dense_bins : int or None, default=None
        Also encode each real-valued column (BLEU, length difference, overlap, ...) as indicators
        of ``dense_bins`` equal-frequency bins whose edges are learned in ``fit`` (tied edges
        merge, so a column of small counts gets fewer bins). This lets a linear model use a value
        non-monotonically (e.g. high overlap for entailment, middling for neutral). ``None`` keeps
        the real values only, the paper's definition.
    dense_bins_drop : {None, "most_frequent"}, default=None
        With ``dense_bins``, leave out one bin of each real-valued column, as one-hot encoders'
        ``drop`` does: ``"most_frequent"`` the bin most training pairs fall in (a column's other
        bins and the model's intercept say as much), which leaves out the most nonzeros; ``None``
        keeps every bin.
    lowercase : bool, default=True
        Lowercase tokens before featurizing (tags are unchanged).
    tag_set : {"ptb", "coarse"}, default="ptb"
        Tags the cross features match on: the Penn Treebank tags as given (the paper's
        definition), or their first two letters (``NN`` matches ``NNS``, ``VBZ`` matches ``VBG``).
    n_jobs : int or None, default=None
        Processes that tokenize, tag and featurize contiguous shards of the pairs; ``None`` means
        1, ``-1`` all cores (joblib's convention). Where the platform allows, the workers are
        forked, so they share the loaded tagger and the input instead of receiving copies.
    batch_size : int, default=2048
        Pairs per batch at most: the unit of vectorized and parallel work, and of the progress
        bar (a batch of the ``inference`` families takes about 4 s, of the lexicalized ones 0.1 s,
        no faster per pair in batches of 8,192). Batches of long sentences are smaller (see
        :data:`WORK_PER_BATCH`), which bounds peak memory.
    progress : bool or None, default=False
        Draw a progress bar over the pairs: ``None`` on a terminal only, ``True`` always,
        ``False`` never; without a bar the progress is logged (see :mod:`lexnli.progress`).
    columns : (str, str) or None, default=None
        The premise and hypothesis columns of a table of pairs (a pandas DataFrame, a Hugging
        Face ``datasets.Dataset`` or a dict of columns); ``None``: ``sentence1`` and ``sentence2``,
        or ``premise`` and ``hypothesis``. Other inputs ignore it.
    syntax : str, path or None, default=None
        The syntax model file (:mod:`lexnli.syntax`) that reads every sentence when a chosen family
        reads dependency trees (the ``alignment`` family): its tags then replace the given ones for
        every family, corpus pairs and raw text alike, and each sentence gets its tree. ``None``:
        the default model, :func:`lexnli.syntax.default_syntax_path` (``lexnli fetch syntax``
        builds it). Unread when no family reads trees.

    Attributes
    ----------
    dense_columns_ : list of str
        Names of the real-valued columns, which come first.
    bin_edges_ : list of ndarray
        Inner bin edges of each real-valued column (empty without ``dense_bins``); their
        indicator columns follow the real-valued ones, in the same column order.
    dropped_bins_ : ndarray of int
        The bin of each real-valued column left out (see ``dense_bins_drop``), -1 for none; empty
        without ``dense_bins``.
    vocabulary_ : ndarray of uint64
        The feature keys learned by ``fit``, in column order: by descending number of training
        pairs they fire in, ties by key (only when ``n_features=None``).
    vocabulary_names_ : list of str
        The name of each vocabulary feature (``"hyp_unigrams:dog"``), aligned with
        ``vocabulary_`` (only when ``n_features=None``); built on first use from the compact
        form fitting keeps (:mod:`featurize.key_names`), or, in a loaded model, from the packed
        form it is saved in (:mod:`featurize.packed_strings`).
    n_features_out_ : int
        Number of output columns.
    syntax_sha256_ : str or None
        The sha256 of the syntax model ``fit`` read the pairs with (None when no family reads trees):
        transforming with another model is refused, since its tags and trees would not be the ones
        the columns were learned from.

    Notes
    -----
    Inputs are :class:`~lexnli.records.Pair` records (from the corpus readers),
    ``(premise, hypothesis)`` string tuples (or the rows of ``frame.values``), or a table of
    pairs (see ``columns``); strings are tokenized and tagged on the fly. The defaults are
    the ``"paper"`` preset (:data:`featurize.presets.PRESETS`); :meth:`from_preset` builds a
    featurizer from another. With a vocabulary, :meth:`get_feature_names_out` names every
    column; when hashing, like ``HashingVectorizer``, it has no such method (a hashed column
    may stand for several features), and :meth:`feature_names` names the columns that fire in
    given pairs.

    Examples
    --------
    >>> X = PairFeaturizer("unlexicalized").fit_transform([("A man sleeps.", "A man rests.")])
    >>> X.shape
    (1, 16)
    """

    _parameter_constraints = {
        "features": [str, list, tuple],
        "n_features": [Interval(Integral, 1, None, closed="left"), None],
        "min_df": [Interval(Integral, 1, None, closed="left")],
        "dense_bins": [Interval(Integral, 2, None, closed="left"), None],
        "dense_bins_drop": [StrOptions({"most_frequent"}), None],
        "lowercase": ["boolean"],
        "tag_set": [StrOptions(set(TAG_SETS))],
        # joblib's convention: a positive count, or -1 for all cores, -2 for all but one, ...; not 0.
        "n_jobs": [Interval(Integral, 1, None, closed="left"), Interval(Integral, None, -1, closed="right"), None],
        "batch_size": [Interval(Integral, 1, None, closed="left")],
        "progress": ["boolean", None],
        "columns": [tuple, list, None],
        "syntax": [str, os.PathLike, None],
    }

    def __init__(self, features="lexicalized", *, n_features=_PAPER["n_features"], min_df=_PAPER["min_df"],
                 dense_bins=_PAPER["dense_bins"], dense_bins_drop=None, lowercase=_PAPER["lowercase"],
                 tag_set=_PAPER["tag_set"], n_jobs=None, batch_size=2048, progress=False, columns=None,
                 syntax=None):
        self.features = features
        self.n_features = n_features
        self.min_df = min_df
        self.dense_bins = dense_bins
        self.dense_bins_drop = dense_bins_drop
        self.lowercase = lowercase
        self.tag_set = tag_set
        self.n_jobs = n_jobs
        self.batch_size = batch_size
        self.progress = progress
        self.columns = columns
        self.syntax = syntax

    @classmethod
    def from_preset(cls, preset: str, features=None, **params) -> "PairFeaturizer":
        """A featurizer configured by preset ``preset`` (see :mod:`featurize.presets`), ``params`` overriding it."""
        features = features if features is not None else PRESETS.get(preset, {}).get("features", "lexicalized")
        return cls(features, **preset_params(preset, params))

    # -- fitting ---------------------------------------------------------------------------

    def _batches(self, items, families, with_names=False, stage="transform") -> list[BatchFeatures]:
        """The :class:`BatchFeatures` of checked input ``items``, in order: contiguous shards of them
        tokenized, tagged and featurized in ``n_jobs`` processes (see :mod:`featurize.shards`); the
        progress bar (or log lines) names the ``stage`` ("fit" or "transform")."""
        n_jobs = 1 if self.n_jobs is None else effective_n_jobs(self.n_jobs)
        syntax = self._syntax_model(families)
        if n_jobs > 1 and shards.FORK and syntax is None and not all(isinstance(item, Pair) for item in items):
            load_tagger()  # once, before the workers are forked: they inherit it
        shard = partial(_featurize_shard, families=families, lowercase=self.lowercase, tag_set=self.tag_set,
                        batch_size=self.batch_size, with_names=with_names, syntax=syntax)
        slices = shards.shard_slices(len(items), self.batch_size, n_jobs)
        batches, capped = [], 0
        with bar(desc=f"featurizing {features_name(self.features)} ({stage})", total=len(items), unit="pairs",
                 progress=self.progress, announce=True) as done:
            for part, (found, n) in zip(slices, shards.map_slices(shard, items, slices, n_jobs)):
                batches += found
                capped += n
                done.update(part.stop - part.start)
        if capped and any(f.name in BOUNDED_FAMILIES for f in families):
            logger.warning("%s of %s pairs have a sentence longer than %d tokens: their cross, alignment, WordNet "
                           "and VerbOcean features read its first %d tokens only", f"{capped:,}", f"{len(items):,}",
                           CROSS_MAX_TOKENS, CROSS_MAX_TOKENS)
        return batches

    def fit(self, X, y=None):
        """Check the configuration; learn the vocabulary when ``n_features=None``.

        Raises ``ValueError`` when ``X`` holds no pair, as scikit-learn's estimators do.
        """
        self._fit(checked_items(X, columns=self.columns), keep=False)
        return self

    def fit_transform(self, X, y=None):
        """Fit and transform in one pass over the pairs."""
        return self._fit(checked_items(X, columns=self.columns), keep=True)

    def _start(self):
        """Validate the parameters and set the dense columns and families; return the families."""
        check_parameters(self)
        families = resolve(self.features)
        self.dense_columns_ = [c for f in families if f.dense for c in f.columns]
        self.bin_edges_ = []
        self.dropped_bins_ = np.zeros(0, dtype=np.int64)
        self.families_ = [f.name for f in families]
        self.syntax_sha256_ = None
        if any(f.trees for f in families):
            self.syntax_sha256_ = self._syntax_model(families).sha256
        return families

    def _syntax_model(self, families):
        """The syntax model that reads the sentences (loaded once per process), or None when no family reads
        trees; a fitted featurizer refuses a model other than the one it was fitted with."""
        if not any(f.trees for f in families):
            return None
        if "syntax_sha256_" not in self.__dict__:  # set by every fit since the families read trees
            raise ValueError("this featurizer was fitted before its families read each sentence's dependency tree "
                             "(its columns were learned from other tags and roles): fit it again")
        from lexnli.syntax import default_syntax_path, load_syntax  # the parser's modules, only when trees are read

        model = load_syntax(self.syntax)
        fitted = self.syntax_sha256_
        if fitted is not None and model.sha256 != fitted:
            where = self.syntax if self.syntax is not None else default_syntax_path()
            raise ValueError(f"the syntax model at {where} (sha256 {model.sha256[:12]}...) is not the one this "
                             f"featurizer was fitted with (sha256 {fitted[:12]}...): its tags and trees would not be "
                             "the ones the columns were learned from; pass that model's file as syntax=, or fit again")
        return model

    def _learn(self, batches):
        """Set the output width, learning the vocabulary and bin edges from ``batches`` when there are any to
        learn; with a vocabulary, return each batch's keys' index in it (-1: left out), else None."""
        if self.dense_bins is not None:
            values = np.concatenate([b.dense for b in batches])
            self.bin_edges_ = [_bin_edges(values[:, j], self.dense_bins) for j in range(values.shape[1])]
            self.dropped_bins_ = np.full(len(self.bin_edges_), -1, dtype=np.int64)
            if self.dense_bins_drop == "most_frequent":  # the first of tied bins
                self.dropped_bins_[:] = [np.argmax(np.bincount(np.searchsorted(edges, values[:, j], side="right"),
                                                               minlength=len(edges) + 1))
                                         for j, edges in enumerate(self.bin_edges_)]
        positions = None
        if self.n_features is None:
            self.vocabulary_, positions, first = _vocabulary(batches, self.min_df)
            self._vocabulary_key_names = KeyNames.gathered((b.names for b in batches), first)
            self._vocabulary_names = None
            n_indicators = len(self.vocabulary_)
        else:
            # Hashed indicator columns only when some family has indicators ("unlexicalized" has none).
            n_indicators = self.n_features if any(not f.dense for f in resolve(self.families_)) else 0
        self.n_features_out_ = self._n_leading() + n_indicators
        return positions

    def _n_leading(self) -> int:
        """Columns before the indicator features: the real values, then their bins."""
        return len(self.dense_columns_) + sum(self._n_bins())

    def _n_bins(self) -> list[int]:
        """Each real-valued column's number of bin columns (the bin dropped left out)."""
        return [len(edges) + 1 - (dropped >= 0) for edges, dropped in zip(self.bin_edges_, self.dropped_bins_)]

    def _fit(self, items, keep):
        families = self._start()
        if not items:  # as scikit-learn's estimators refuse 0 samples: nothing to learn the columns from
            raise ValueError("Found 0 pairs while a minimum of 1 is required to fit PairFeaturizer.")
        if self.n_features is not None and not keep and self.dense_bins is None:
            self._learn(None)
            return None
        batches = self._batches(items, families, with_names=self.n_features is None, stage="fit")
        with heartbeat(f"featurizing {features_name(self.features)} (fit): the vocabulary and the matrix"):
            return self._assemble(batches, self._learn(batches))

    # -- transforming ----------------------------------------------------------------------

    def _key_positions(self):
        """A function: keys -> each key's index among the indicator columns (-1 for a key the vocabulary lacks).

        Hashing knows every key. A vocabulary is looked up through a hash table (pandas' Index),
        built once per call: binary search in a vocabulary of millions of keys misses the cache
        at every step.
        """
        if self.n_features is not None:
            n_features = np.uint64(self.n_features)
            return lambda keys: (keys % n_features).astype(np.int64)
        return pd.Index(self.vocabulary_).get_indexer

    def _bins(self, dense):
        """(row, column) of the bin indicator each real value falls in (none without ``dense_bins``)."""
        if not self.bin_edges_:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        rows, cols, offset = [], [], len(self.dense_columns_)
        for j, (edges, dropped, n_bins) in enumerate(zip(self.bin_edges_, self.dropped_bins_, self._n_bins())):
            found = np.searchsorted(edges, dense[:, j], side="right")
            at = np.arange(len(dense))
            if dropped >= 0:
                kept = found != dropped
                at, found = at[kept], found[kept]
                found -= found > dropped
            rows.append(at)
            cols.append(offset + found)
            offset += n_bins
        return np.concatenate(rows), np.concatenate(cols)

    def _n_bin_entries(self, dense) -> int:
        """How many bin indicators :meth:`_bins` gives rows ``dense``: one per row and column, but in a dropped bin."""
        found = len(dense) * len(self.bin_edges_)
        for j in np.flatnonzero(self.dropped_bins_ >= 0):
            found -= np.count_nonzero(np.searchsorted(self.bin_edges_[j], dense[:, j], side="right")
                                      == self.dropped_bins_[j])
        return int(found)

    def _assemble(self, batches, positions=None):
        """The CSR matrix of ``batches``; ``positions``: each batch's keys' index among the indicator columns
        (-1: none), looked up when not given.

        The matrix is written in place, into arrays sized first for every value the batches can give (hashed
        columns may merge some): stacking one matrix per batch held the matrix two and three times over.
        """
        if not batches:
            return sp.csr_matrix((0, self.n_features_out_))
        offset = self._n_leading()
        if positions is None:
            lookup = self._key_positions()
            positions = [lookup(batch.keys) for batch in batches]
        size = sum(np.count_nonzero(batch.dense) + self._n_bin_entries(batch.dense)
                   + np.count_nonzero(positions[k][batch.cells.indices] >= 0) for k, batch in enumerate(batches))
        data, indices = np.empty(size), np.empty(size, dtype=np.int32)
        indptr = np.zeros(sum(batch.cells.shape[0] for batch in batches) + 1, dtype=np.int64)
        nnz = n_rows = 0
        for k, batch in enumerate(batches):
            at = positions[k][batch.cells.indices]
            kept = at >= 0
            cell_rows = np.repeat(np.arange(batch.cells.shape[0]), np.diff(batch.cells.indptr))
            bin_rows, bin_cols = self._bins(batch.dense)
            block = _csr(batch.dense, np.concatenate([bin_rows, cell_rows[kept]]),
                         np.concatenate([bin_cols, offset + at[kept]]), self.n_features_out_, offset)
            data[nnz:nnz + block.nnz], indices[nnz:nnz + block.nnz] = block.data, block.indices
            indptr[n_rows + 1:n_rows + 1 + block.shape[0]] = nnz + block.indptr[1:]
            nnz, n_rows = nnz + block.nnz, n_rows + block.shape[0]
        if nnz < size:
            data, indices = data[:nnz].copy(), indices[:nnz].copy()
        return sp.csr_matrix((data, indices, indptr.astype(np.int32 if nnz < 2**31 else np.int64)),
                             shape=(n_rows, self.n_features_out_))

    def transform(self, X):
        """Featurize pairs into a CSR matrix of shape ``(n_pairs, n_features_out_)``."""
        check_is_fitted(self, "n_features_out_")
        families = resolve(self.families_)
        return self._assemble(self._batches(checked_items(X, columns=self.columns), families))

    def syntax_model(self):
        """The syntax model (:class:`lexnli.syntax.SyntaxModel`) that tags and parses every sentence this
        fitted featurizer reads, loaded once per process, or None when none of its families reads trees."""
        check_is_fitted(self, "n_features_out_")
        return self._syntax_model(resolve(self.families_))

    def read_pairs(self, X) -> list[Pair]:
        """The pairs as this featurizer's families read them: tokens normalized as set, the tags they match
        on, and each sentence's dependency tree when a family reads trees (see ``syntax``)."""
        check_is_fitted(self, "n_features_out_")
        items = tagged_tokens(checked_items(X, columns=self.columns), self.lowercase, self.tag_set,
                              self._syntax_model(resolve(self.families_)))
        return Batch.from_tokens(items).pairs

    # -- names -----------------------------------------------------------------------------

    @property
    def vocabulary_names_(self) -> list[str]:
        """The name of each vocabulary feature (see the class's Attributes), built on first use."""
        names = self.__dict__.get("_vocabulary_names")
        if names is None:
            key_names = self.__dict__.get("_vocabulary_key_names")
            packed = self.__dict__.get("_vocabulary_names_packed")
            if key_names is not None:
                names = key_names.names()
            elif packed is not None:
                names = packed_strings.unpack(*packed)
            else:
                raise AttributeError("vocabulary_names_: fit with n_features=None first")
            self._vocabulary_names = names
        return names

    def __getstate__(self):
        """The state to save: the vocabulary's names packed into one byte string and an array of lengths
        (:mod:`featurize.packed_strings`, built now if need be) in place of their compact form or of a list
        of strings, so that a saved model holds no other types than before and a ``.skops`` file stays
        small and quick to load (see classifiers.persistence)."""
        state = dict(super().__getstate__())  # a copy: object.__getstate__ returns the live __dict__
        if state.get("_vocabulary_key_names") is not None or state.get("_vocabulary_names") is not None:
            state["_vocabulary_names_packed"] = packed_strings.pack(self.vocabulary_names_)
        state.pop("_vocabulary_key_names", None)
        state.pop("_vocabulary_names", None)
        return state

    def __setstate__(self, state):
        """Restore a saved state; the names stay packed until first read. A featurizer saved by 0.4.0,
        before ``dense_bins_drop``, keeps every bin."""
        state = dict(state)
        if "_vocabulary_names_packed" in state:
            state["_vocabulary_names"] = None
        state.setdefault("dense_bins_drop", None)
        if "bin_edges_" in state:
            state.setdefault("dropped_bins_", np.full(len(state["bin_edges_"]), -1, dtype=np.int64))
        super().__setstate__(state)

    def _leading_names(self) -> list[str]:
        """Names of the real-valued columns and of their bins (``"0.2<=bleu<0.35"``)."""
        bins = [_bin_name(column, edges, b)
                for column, edges, dropped in zip(self.dense_columns_, self.bin_edges_, self.dropped_bins_)
                for b in range(len(edges) + 1) if b != dropped]
        return list(self.dense_columns_) + bins

    def _names_every_column(self) -> bool:
        """Whether every column has one name: a learned vocabulary, or no indicator features to hash."""
        if self.n_features is None:
            return True
        try:
            return all(f.dense for f in resolve(self.features))
        except ValueError:
            return False

    @available_if(_names_every_column)
    def get_feature_names_out(self, input_features=None):
        """The name of every output column: real-valued columns, their bins, then the vocabulary's features.

        Only with a learned vocabulary (or when no family has indicator features): a hashing
        featurizer, like scikit-learn's ``HashingVectorizer``, has no such method.
        """
        check_is_fitted(self, "n_features_out_")
        names = self._leading_names() + list(getattr(self, "vocabulary_names_", []))
        if len(names) != self.n_features_out_:
            raise ValueError(f"{len(names)} feature names for {self.n_features_out_} columns: the fitted state is "
                             "damaged or from an incompatible version; refit the featurizer")
        return np.array(names, dtype=object)

    def feature_names(self, X, columns=None) -> dict[int, list[str]]:
        """Map each output column that fires in pairs ``X`` to the feature name(s) behind it.

        A hashed column may carry several names (a collision); ``columns`` restricts the
        answer to those columns.
        """
        check_is_fitted(self, "n_features_out_")
        wanted = None if columns is None else {int(c) for c in columns}
        wanted_array = None if wanted is None else np.fromiter(wanted, dtype=np.int64, count=len(wanted))
        names = defaultdict(set)
        named_keys = set()
        for j, name in enumerate(self._leading_names()):
            if wanted is None or j in wanted:
                names[j].add(name)
        tokens = tagged_tokens(checked_items(X, columns=self.columns), self.lowercase, self.tag_set,
                               self._syntax_model(resolve(self.families_)))
        lookup, offset = self._key_positions(), self._n_leading()
        for part in work_bounded_slices(tokens, self.batch_size):
            batch = Batch.from_tokens(tokens[part])
            for family in resolve(self.families_):
                if family.dense:
                    continue
                found = family.fast(batch)
                at = lookup(found.keys)
                positions = np.flatnonzero(at >= 0)
                cols = offset + at[positions]
                if wanted_array is not None:
                    keep = np.isin(cols, wanted_array)
                    positions, cols = positions[keep], cols[keep]
                # Name each distinct feature key once, however often it fires, all of a batch's at once.
                keys = found.keys[positions]
                first = [i for i in np.unique(keys, return_index=True)[1].tolist() if int(keys[i]) not in named_keys]
                named_keys.update(int(keys[i]) for i in first)
                for col, name in zip(cols[first].tolist(), found.names_of(family.name, batch, positions[first])):
                    names[col].add(name)
        return {j: sorted(v) for j, v in sorted(names.items())}
