"""Transfer by stacking: a trained model's class log-probabilities as extra features of a new model.

The SNLI -> SICK transfer of :mod:`experiments.inference` trains a model on SICK whose features
are SICK's own (a :class:`~featurize.PairFeaturizer`) plus what the SNLI-trained model believes
about each SICK pair: three columns, ``log P(class | pair)`` under the SNLI model. The SICK model
learns how far to trust the SNLI model and where SICK differs from it (stacked generalization,
Wolpert 1992).
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.utils.validation import check_is_fitted

#: Probabilities are clipped here before the logarithm (a fully confident model gives -inf otherwise).
_FLOOR = 1e-6


class WithModelProbabilities(TransformerMixin, BaseEstimator):
    """Features of ``featurizer`` followed by ``log P(class)`` columns from a fitted ``model``.

    Parameters
    ----------
    featurizer : transformer
        Fitted on the new data in :meth:`fit` (a clone; the given object is left as is).
    model : fitted classifier with ``predict_proba`` and ``classes_``
        The source model (e.g. an SNLI pipeline); it is not refitted.

    Attributes
    ----------
    featurizer_ : transformer
        The fitted clone of ``featurizer``.
    """

    def __init__(self, featurizer, model):
        self.featurizer = featurizer
        self.model = model

    def fit(self, X, y=None):
        self.featurizer_ = clone(self.featurizer).fit(X, y)
        return self

    def fit_transform(self, X, y=None):
        self.featurizer_ = clone(self.featurizer)
        return self._stack(self.featurizer_.fit_transform(X, y), X)

    def transform(self, X):
        check_is_fitted(self, "featurizer_")
        return self._stack(self.featurizer_.transform(X), X)

    def _stack(self, features, X):
        log_p = np.log(np.clip(self.model.predict_proba(X), _FLOOR, 1.0))
        return sp.hstack([sp.csr_matrix(features), sp.csr_matrix(log_p)], format="csr")

    def get_feature_names_out(self, input_features=None):
        """The featurizer's names, then ``log_p_<class>`` for each class of the source model."""
        check_is_fitted(self, "featurizer_")
        names = list(self.featurizer_.get_feature_names_out())
        return np.array(names + [f"log_p_{c}" for c in self.model.classes_], dtype=object)
