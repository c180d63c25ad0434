"""Cap the L2 norm of feature rows: the longest pairs otherwise set SAGA's step size for every pair."""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from sklearn.base import BaseEstimator, OneToOneFeatureMixin, TransformerMixin
from sklearn.utils.validation import check_array, check_is_fitted


def _row_norms(X) -> np.ndarray:
    """Each row's L2 norm; of a CSR matrix without repeated entries, from its squared values alone (no
    copy of its structure)."""
    if not sp.issparse(X):
        squares = X * X
    elif X.has_canonical_format:
        squares = sp.csr_matrix((X.data ** 2, X.indices, X.indptr), shape=X.shape)
    else:
        squares = X.multiply(X)
    return np.sqrt(np.asarray(squares.sum(axis=1)).ravel())


class RowNormCap(OneToOneFeatureMixin, TransformerMixin, BaseEstimator):
    """Scale down each row whose L2 norm exceeds the ``quantile`` of the training rows' norms.

    SAGA's step size is the inverse of the largest squared row norm, so one long pair (cross
    features grow with the product of the sentence lengths) slows every update; capping the
    few longest rows lets SAGA take the step size the typical row allows (the epochs saved are
    in docs/RESULTS.md).

    Parameters
    ----------
    quantile : float, default=0.99
        Rows longer than this quantile of the training norms are scaled to it; 1.0 leaves
        every training row as it is.
    copy : bool, default=True
        ``False`` scales a float CSR ``X`` in place (as scikit-learn's scalers' ``copy``).

    Attributes
    ----------
    cap_ : float
        The norm rows are capped at (``inf`` when fitted on no rows).
    n_features_in_ : int
        Number of columns seen in ``fit``.
    """

    #: What a model saved by lexnli 0.4.0, before ``copy`` was a parameter, reads: it copies, as it did.
    copy = True

    def __init__(self, quantile: float = 0.99, copy: bool = True):
        self.quantile = quantile
        self.copy = copy

    def fit(self, X, y=None):
        """Learn the cap from the rows of ``X``."""
        if not 0 < self.quantile <= 1:
            raise ValueError(f"quantile must be in (0, 1], got {self.quantile!r}")
        X = check_array(X, accept_sparse="csr", dtype=(np.float64, np.float32), ensure_min_samples=0)
        norms = _row_norms(X)
        self.cap_ = float(np.quantile(norms, self.quantile)) if len(norms) else np.inf
        self.n_features_in_ = X.shape[1]
        return self

    def transform(self, X):
        """``X`` with every row longer than ``cap_`` scaled to norm ``cap_`` (CSR stays CSR)."""
        check_is_fitted(self, "cap_")
        X = check_array(X, accept_sparse="csr", dtype=(np.float64, np.float32), ensure_min_samples=0)
        if X.shape[1] != self.n_features_in_:
            raise ValueError(f"X has {X.shape[1]} features, but RowNormCap was fitted with {self.n_features_in_}")
        norms = _row_norms(X)
        factors = np.ones_like(norms)
        long = norms > self.cap_
        factors[long] = self.cap_ / norms[long]
        if sp.issparse(X):
            X = X.copy() if self.copy else X
            X.data *= np.repeat(factors, np.diff(X.indptr))
            return X
        return X * factors[:, None]
