"""Weight the indicator columns of chosen feature families: a weaker L2 penalty on what they say.

The logistic regression penalizes every weight alike, so a family of a few hundred informative
columns (the alignment family's relations and substitutions) is held back as much as the hundreds
of thousands of lexical ones. Multiplying a family's columns by ``w`` after the column scaling is
the same as dividing the penalty on its weights by ``w ** 2``: the model may lean on that family
more without being allowed to lean more on everything. Which weight, chosen on dev, is in
docs/RESULTS.md.
"""
from __future__ import annotations

from numbers import Real

import numpy as np
import scipy.sparse as sp
from sklearn.base import BaseEstimator, OneToOneFeatureMixin, TransformerMixin
from sklearn.utils.validation import check_array, check_is_fitted


def column_family(name: str) -> str:
    """The family of an indicator column named ``"<family>:<feature>"`` (a real-valued column or bin: ``""``)."""
    family, sep, _ = name.partition(":")
    return family if sep else ""


class FamilyWeights(OneToOneFeatureMixin, TransformerMixin, BaseEstimator):
    """Multiply the indicator columns of each family in ``weights`` by its weight.

    Fitting needs the featurizer's column names (``feature_names``), which a pipeline does not
    pass from step to step: :func:`classifiers.logistic.fit_preprocessing` fits the featurizer
    first and hands them over.

    Parameters
    ----------
    weights : dict of str to float, default=None
        Family name (``"alignment"``) to a positive weight; families not named keep weight 1.
        ``None`` or ``{}`` leaves every column as it is.
    copy : bool, default=True
        ``False`` scales a float CSR ``X`` in place (as scikit-learn's scalers' ``copy``).

    Attributes
    ----------
    column_weights_ : ndarray of shape (n_features,) or None
        The weight of every column (``None`` when no family is weighted).
    n_features_in_ : int
        Number of columns seen in ``fit``.
    """

    #: What a model saved by lexnli 0.4.0, before ``copy`` was a parameter, reads: it copies, as it did.
    copy = True

    def __init__(self, weights=None, copy: bool = True):
        self.weights = weights
        self.copy = copy

    def fit(self, X, y=None, feature_names=None):
        """Learn which columns belong to each weighted family from ``feature_names``."""
        weights = dict(self.weights or {})
        for family, weight in weights.items():
            if not isinstance(weight, Real) or isinstance(weight, bool) or not weight > 0 or not np.isfinite(weight):
                raise ValueError(f"weights: the weight of family {family!r} must be a positive number, got {weight!r}")
        X = check_array(X, accept_sparse="csr", dtype=(np.float64, np.float32), ensure_min_samples=0)
        self.n_features_in_ = X.shape[1]
        if not weights:
            self.column_weights_ = None
            return self
        if feature_names is None or len(feature_names) != X.shape[1]:
            raise ValueError(f"weights {weights} need the name of each of the {X.shape[1]} columns (feature_names); "
                             "fit with classifiers.logistic.fit_preprocessing, which passes the featurizer's names")
        families = np.array([column_family(str(name)) for name in feature_names], dtype=object)
        self.column_weights_ = np.ones(X.shape[1])
        for family, weight in weights.items():
            at = families == family
            if not at.any():
                raise ValueError(f"weights: no column of family {family!r} (families with columns: "
                                 f"{', '.join(sorted(set(families) - {''}))})")
            self.column_weights_[at] = weight
        return self

    def transform(self, X):
        """``X`` with each weighted family's columns multiplied by its weight (CSR stays CSR)."""
        check_is_fitted(self, "n_features_in_")
        X = check_array(X, accept_sparse="csr", dtype=(np.float64, np.float32), ensure_min_samples=0)
        if X.shape[1] != self.n_features_in_:
            raise ValueError(f"X has {X.shape[1]} features, but FamilyWeights was fitted with {self.n_features_in_}")
        if self.column_weights_ is None:
            return X
        if sp.issparse(X):
            X = X.copy() if self.copy else X
            X.data *= self.column_weights_[X.indices]
            return X
        return X * self.column_weights_
