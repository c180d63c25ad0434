"""``PairFeaturizer``: sentence pairs -> scipy CSR matrix, in scikit-learn's transformer conventions."""
from __future__ import annotations

import logging
from collections import defaultdict
from numbers import Integral
from types import SimpleNamespace

import numpy as np
import pandas as pd
import scipy.sparse as sp
from joblib import Parallel, delayed
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.utils._available_if import available_if
from sklearn.utils._param_validation import Interval, StrOptions
from sklearn.utils.validation import check_is_fitted
from tqdm.auto import tqdm

from lexnli.runtime import gc_paused

from .arrays import sorted_unique
from .batch import Batch, token_tuples
from .families import SparseFeatures, resolve
from .families.lexicalized import CROSS_FAMILIES, CROSS_MAX_TOKENS, n_capped, pair_work
from .inputs import COLUMNS, TAG_SETS, as_pairs
from .presets import PRESETS, preset_params

_PAPER = PRESETS["paper"]
logger = logging.getLogger("lexnli")
#: The most work (:func:`~featurize.families.lexicalized.pair_work`) one batch may hold: a batch
#: ends at ``batch_size`` pairs or at this much work, so that long sentences make smaller
#: batches and peak memory stays bounded (an SNLI batch of 8,192 pairs is about 1.1 million).
WORK_PER_BATCH = 2**21


def work_bounded_slices(pairs, batch_size: int, budget: int | None = None) -> list[slice]:
    """Consecutive slices of ``pairs``, each at most ``batch_size`` pairs and (unless one pair
    alone exceeds it) at most ``budget`` work (default :data:`WORK_PER_BATCH`)."""
    budget = WORK_PER_BATCH if budget is None else budget
    slices, start, work = [], 0, 0
    for i, pair in enumerate(pairs):
        cost = pair_work(len(pair.premise.tokens), len(pair.hypothesis.tokens))
        if i > start and (i - start == batch_size or work + cost > budget):
            slices.append(slice(start, i))
            start, work = i, 0
        work += cost
    if start < len(pairs):
        slices.append(slice(start, len(pairs)))
    return slices


def _first_occurrences(family, batch, found):
    """The distinct keys of a sparse family's features in a batch, with what names them (names are built later,
    only for the keys the vocabulary keeps)."""
    keys, first = np.unique(found.keys, return_index=True)
    parts = None if found.parts is None else [(side, index[first]) for side, index in found.parts]
    names = None if found.names is None else [found.names[i] for i in first]
    tokens = SimpleNamespace(premise=SimpleNamespace(tokens=batch.premise.tokens),
                             hypothesis=SimpleNamespace(tokens=batch.hypothesis.tokens))
    return family.name, keys, SparseFeatures(found.rows[first], keys, parts, names), tokens


def _featurize_batch(items, families, with_names=False):
    """Dense block, (row, key) indicator features and (if asked) the named keys of one batch; the unit of parallel work.

    The GC is paused here too, for worker processes (the caller's pause covers one process only).
    """
    with gc_paused():
        batch = Batch.from_tokens(items)
        dense = [f.fast(batch) for f in families if f.dense]
        dense = np.column_stack(dense) if dense else np.zeros((batch.n, 0))
        sparse_families = [f for f in families if not f.dense]
        sparse = [f.fast(batch) for f in sparse_families]
        rows = np.concatenate([s.rows for s in sparse]) if sparse else np.zeros(0, dtype=np.int64)
        keys = np.concatenate([s.keys for s in sparse]) if sparse else np.zeros(0, dtype=np.uint64)
        named = [_first_occurrences(f, batch, s) for f, s in zip(sparse_families, sparse)] if with_names else []
    return dense, rows, keys, named


def _bin_edges(values: np.ndarray, n_bins: int) -> np.ndarray:
    """Inner edges of ``n_bins`` equal-frequency bins of ``values`` (ties merged, so maybe fewer bins)."""
    if len(values) == 0:
        return np.zeros(0)
    return np.unique(np.quantile(values, np.linspace(0, 1, n_bins + 1)[1:-1]))


def _bin_name(column: str, edges: np.ndarray, b: int) -> str:
    if b == 0:
        return f"{column}<{edges[0]:.3g}"
    if b == len(edges):
        return f"{column}>={edges[-1]:.3g}"
    return f"{edges[b - 1]:.3g}<={column}<{edges[b]:.3g}"


def _csr(dense, rows, cols, n_columns):
    """One batch's CSR matrix: dense values where nonzero, then indicators (deduplicated to 1)."""
    n = dense.shape[0]
    dense_rows, dense_cols = np.nonzero(dense)
    cells = sorted_unique(rows.astype(np.int64) * n_columns + cols)
    sparse_rows, sparse_cols = np.divmod(cells, n_columns)
    matrix = sp.csr_matrix(
        (np.concatenate([dense[dense_rows, dense_cols], np.ones(len(cells))]),
         (np.concatenate([dense_rows, sparse_rows]), np.concatenate([dense_cols, sparse_cols]))),
        shape=(n, n_columns))
    matrix.sort_indices()
    return matrix


def _vocabulary(batches, min_df: int) -> np.ndarray:
    """Keys that fire in at least ``min_df`` pairs, most frequent first (a key repeated within one pair counts once).

    Frequency order puts the weights a solver touches most next to each other in memory, which
    makes SAGA's epochs faster than key order (docs/RESULTS.md).
    """
    per_pair = []
    for _, rows, keys, _ in batches:
        order = np.lexsort((rows, keys))
        rows, keys = rows[order], keys[order]
        new = np.ones(len(keys), dtype=bool)
        new[1:] = (keys[1:] != keys[:-1]) | (rows[1:] != rows[:-1])
        per_pair.append(keys[new])
    keys, counts = sorted_unique(np.concatenate(per_pair or [np.zeros(0, np.uint64)]), return_counts=True)
    kept = counts >= min_df
    keys, counts = keys[kept], counts[kept]
    return keys[np.argsort(-counts, kind="stable")]


def _vocabulary_names(batches, vocabulary: np.ndarray) -> list[str]:
    """The name of each vocabulary key, from the first batch it occurs in (one name built per key)."""
    names = np.empty(len(vocabulary), dtype=object)
    named = np.zeros(len(vocabulary), dtype=bool)
    index = pd.Index(vocabulary)
    for _, _, _, occurrences in batches:
        for family, keys, first, tokens in occurrences:
            at = index.get_indexer(keys)
            for i in np.flatnonzero(at >= 0)[~named[at[at >= 0]]]:
                names[at[i]] = first.name(family, tokens, int(i))
                named[at[i]] = True
    return names.tolist()


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
    lowercase : bool, default=True
        Lowercase tokens before featurizing (tags are unchanged).
    tag_set : {"ptb", "coarse"}, default="ptb"
        Tags the cross features match on: the Penn Treebank tags as given (the paper's
        definition), or their first two letters (``NN`` matches ``NNS``, ``VBZ`` matches ``VBG``).
    n_jobs : int or None, default=None
        Processes for featurization (joblib); ``None`` means 1, ``-1`` all cores.
    batch_size : int, default=8192
        Pairs per batch at most: the unit of vectorized and parallel work. Batches of long
        sentences are smaller (see :data:`WORK_PER_BATCH`), which bounds peak memory.
    progress : bool, default=False
        Show a progress bar over batches.
    columns : (str, str), default=("premise", "hypothesis")
        The premise and hypothesis columns of a table of pairs (a pandas DataFrame, a Hugging
        Face ``datasets.Dataset`` or a dict of columns); other inputs ignore it.

    Attributes
    ----------
    dense_columns_ : list of str
        Names of the real-valued columns, which come first.
    bin_edges_ : list of ndarray
        Inner bin edges of each real-valued column (empty without ``dense_bins``); their
        indicator columns follow the real-valued ones, in the same column order.
    vocabulary_ : ndarray of uint64
        The feature keys learned by ``fit``, in column order: by descending number of training
        pairs they fire in, ties by key (only when ``n_features=None``).
    vocabulary_names_ : list of str
        The name of each vocabulary feature (``"hyp_unigrams:dog"``), aligned with
        ``vocabulary_`` (only when ``n_features=None``).
    n_features_out_ : int
        Number of output columns.

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
        "lowercase": ["boolean"],
        "tag_set": [StrOptions(set(TAG_SETS))],
        "n_jobs": [Integral, None],
        "batch_size": [Interval(Integral, 1, None, closed="left")],
        "progress": ["boolean"],
        "columns": [tuple, list],
    }

    def __init__(self, features="lexicalized", *, n_features=_PAPER["n_features"], min_df=_PAPER["min_df"],
                 dense_bins=_PAPER["dense_bins"], lowercase=_PAPER["lowercase"], tag_set=_PAPER["tag_set"],
                 n_jobs=None, batch_size=8192, progress=False, columns=COLUMNS):
        self.features = features
        self.n_features = n_features
        self.min_df = min_df
        self.dense_bins = dense_bins
        self.lowercase = lowercase
        self.tag_set = tag_set
        self.n_jobs = n_jobs
        self.batch_size = batch_size
        self.progress = progress
        self.columns = columns

    @classmethod
    def from_preset(cls, preset: str, features=None, **params) -> "PairFeaturizer":
        """A featurizer configured by preset ``preset`` (see :mod:`featurize.presets`), ``params`` overriding it."""
        features = features if features is not None else PRESETS.get(preset, {}).get("features", "lexicalized")
        return cls(features, **preset_params(preset, params))

    # -- fitting ---------------------------------------------------------------------------

    def _batches(self, pairs, families, with_names=False):
        """(dense, rows, keys, named keys) for each batch of ``pairs``, in order, in parallel if asked."""
        chunks = [token_tuples(pairs[part], self.lowercase, self.tag_set)
                  for part in work_bounded_slices(pairs, self.batch_size)]
        if any(f.name in CROSS_FAMILIES for f in families):
            capped = sum(n_capped(chunk) for chunk in chunks)
            if capped:
                logger.warning("%d of %d pairs have a sentence longer than %d tokens: their cross features "
                               "read its first %d tokens only", capped, len(pairs), CROSS_MAX_TOKENS, CROSS_MAX_TOKENS)
        jobs = (delayed(_featurize_batch)(chunk, families, with_names) for chunk in chunks)
        n_jobs = self.n_jobs if self.n_jobs is not None else 1
        results = Parallel(n_jobs=n_jobs, return_as="generator")(jobs) if n_jobs != 1 else \
            (_featurize_batch(chunk, families, with_names) for chunk in chunks)
        return tqdm(results, total=len(chunks), desc="featurize", unit="batch", disable=not self.progress)

    def fit(self, X, y=None):
        """Check the configuration; learn the vocabulary when ``n_features=None``."""
        with gc_paused():
            self._fit(as_pairs(X, columns=self.columns), keep=False)
        return self

    def fit_transform(self, X, y=None):
        """Fit and transform in one pass over the pairs."""
        with gc_paused():
            return self._fit(as_pairs(X, columns=self.columns), keep=True)

    def _start(self):
        """Validate the parameters and set the dense columns and families; return the families."""
        self._validate_params()
        families = resolve(self.features)
        self.dense_columns_ = [c for f in families if f.dense for c in f.columns]
        self.bin_edges_ = []
        self.families_ = [f.name for f in families]
        return families

    def _learn(self, batches):
        """Set the output width, learning the vocabulary and bin edges from ``batches`` when there are any to learn."""
        if self.dense_bins is not None:
            values = np.concatenate([d for d, _, _, _ in batches] or [np.zeros((0, len(self.dense_columns_)))])
            self.bin_edges_ = [_bin_edges(values[:, j], self.dense_bins) for j in range(values.shape[1])]
        if self.n_features is None:
            self.vocabulary_ = _vocabulary(batches, self.min_df)
            self.vocabulary_names_ = _vocabulary_names(batches, self.vocabulary_)
            n_indicators = len(self.vocabulary_)
        else:
            # Hashed indicator columns only when some family has indicators ("unlexicalized" has none).
            n_indicators = self.n_features if any(not f.dense for f in resolve(self.families_)) else 0
        self.n_features_out_ = self._n_leading() + n_indicators

    def _n_leading(self) -> int:
        """Columns before the indicator features: the real values, then their bins."""
        return len(self.dense_columns_) + sum(len(e) + 1 for e in self.bin_edges_)

    def _fit(self, pairs, keep):
        families = self._start()
        if self.n_features is not None and not keep and self.dense_bins is None:
            self._learn(None)
            return None
        batches = list(self._batches(pairs, families, with_names=self.n_features is None))
        self._learn(batches)
        return self._assemble(batches)

    # -- transforming ----------------------------------------------------------------------

    def _column_lookup(self):
        """A function: keys -> (output column of each known key, which keys are known).

        Hashing knows every key. A vocabulary is looked up through a hash table (pandas' Index),
        built once per call: binary search in a vocabulary of millions of keys misses the cache
        at every step.
        """
        offset = self._n_leading()
        if self.n_features is not None:
            n_features = np.uint64(self.n_features)
            return lambda keys: (offset + (keys % n_features).astype(np.int64), np.ones(len(keys), dtype=bool))
        index = pd.Index(self.vocabulary_)

        def lookup(keys):
            at = index.get_indexer(keys)
            known = at >= 0
            return offset + at[known], known
        return lookup

    def _bins(self, dense):
        """(row, column) of the bin indicator each real value falls in (none without ``dense_bins``)."""
        if not self.bin_edges_:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        rows, cols, offset = [], [], len(self.dense_columns_)
        for j, edges in enumerate(self.bin_edges_):
            rows.append(np.arange(len(dense)))
            cols.append(offset + np.searchsorted(edges, dense[:, j], side="right"))
            offset += len(edges) + 1
        return np.concatenate(rows), np.concatenate(cols)

    def _assemble(self, batches):
        blocks = []
        lookup = self._column_lookup()
        for dense, rows, keys, _ in batches:
            cols, known = lookup(keys)
            bin_rows, bin_cols = self._bins(dense)
            blocks.append(_csr(dense, np.concatenate([bin_rows, rows[known]]), np.concatenate([bin_cols, cols]),
                               self.n_features_out_))
        matrix = sp.vstack(blocks, format="csr") if blocks else sp.csr_matrix((0, self.n_features_out_))
        matrix.indices = matrix.indices.astype(np.int32, copy=False)
        matrix.indptr = matrix.indptr.astype(np.int32 if matrix.nnz < 2**31 else np.int64, copy=False)
        return matrix

    def transform(self, X):
        """Featurize pairs into a CSR matrix of shape ``(n_pairs, n_features_out_)``."""
        check_is_fitted(self, "n_features_out_")
        families = resolve(self.families_)
        with gc_paused():
            return self._assemble(self._batches(as_pairs(X, columns=self.columns), families))

    # -- names -----------------------------------------------------------------------------

    def _leading_names(self) -> list[str]:
        """Names of the real-valued columns and of their bins (``"0.2<=bleu<0.35"``)."""
        bins = [_bin_name(column, edges, b) for column, edges in zip(self.dense_columns_, self.bin_edges_)
                for b in range(len(edges) + 1)]
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
        return np.array(self._leading_names() + list(getattr(self, "vocabulary_names_", [])), dtype=object)

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
        pairs = as_pairs(X, columns=self.columns)
        lookup = self._column_lookup()
        for part in work_bounded_slices(pairs, self.batch_size):
            batch = Batch.from_pairs(pairs[part], self.lowercase, self.tag_set)
            for family in resolve(self.families_):
                if family.dense:
                    continue
                found = family.fast(batch)
                cols, known = lookup(found.keys)
                positions = np.flatnonzero(known)
                if wanted_array is not None:
                    keep = np.isin(cols, wanted_array)
                    positions, cols = positions[keep], cols[keep]
                # Name each distinct feature key once, however often it fires.
                keys = found.keys[positions]
                for i in np.unique(keys, return_index=True)[1]:
                    if int(keys[i]) not in named_keys:
                        named_keys.add(int(keys[i]))
                        names[int(cols[i])].add(found.name(family.name, batch, int(positions[i])))
        return {j: sorted(v) for j, v in sorted(names.items())}
