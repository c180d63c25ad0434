"""The SNLI paper's classifier: PairFeaturizer -> MaxAbsScaler -> RowNormCap -> multinomial logistic regression.

The solver is SAGA: it fits the multinomial (softmax) model the paper describes, and its cost
per epoch is proportional to the matrix's nonzeros (lazy sparse updates), while L-BFGS pays for
every weight at every iteration and needs more iterations as the data grow. It stops when an
epoch changes the weights by less than ``tol=1e-3`` of their largest value. ``MaxAbsScaler``
leaves the 0/1 indicators as they are and brings the real-valued columns (length difference,
overlap counts) to [-1, 1], and :class:`~classifiers.row_norm_cap.RowNormCap` scales the
longest rows down; SAGA's step size needs both. The regularization strength ``C`` is chosen on
dev by :func:`fit_select_C`.

The featurizer is configured by a preset (:data:`featurize.presets.PRESETS`), by default
``"recommended"``; ``preset="paper"`` gives the paper's exact feature definition, and
``featurizer_params`` override single settings. Why each recommended setting was chosen, with
the dev accuracies behind it, is in docs/RESULTS.md.
"""
from __future__ import annotations

import logging
import warnings
from dataclasses import dataclass

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import MaxAbsScaler

from featurize import PairFeaturizer
from featurize.presets import DEFAULT_PRESET

from . import evaluation
from .row_norm_cap import RowNormCap

logger = logging.getLogger("lexnli")

#: Regularization strengths tried on dev by default (docs/RESULTS.md has the dev accuracy of each).
C_GRID = (0.03, 0.1, 0.3, 1.0)
MAX_ITER = 1000
TOL = 1e-3


def _featurizer(features, preset, featurizer_params, n_jobs, progress) -> PairFeaturizer:
    return PairFeaturizer.from_preset(preset, features, n_jobs=n_jobs, progress=progress, **(featurizer_params or {}))


def scaling_steps() -> list:
    """The steps between featurizer and classifier: column scaling, then the row-norm cap."""
    return [("scale", MaxAbsScaler()), ("cap", RowNormCap())]


def make_model(features="lexicalized", *, C: float = 1.0, preset: str = DEFAULT_PRESET, featurizer_params=None,
               n_jobs=None, max_iter: int = MAX_ITER, progress: bool = False) -> Pipeline:
    """An unfitted featurize -> scale -> cap -> logistic-regression pipeline (featurizer from ``preset``)."""
    return Pipeline([("featurize", _featurizer(features, preset, featurizer_params, n_jobs, progress)),
                     *scaling_steps(), ("classify", _logistic_regression(C, max_iter))])


def _logistic_regression(C, max_iter):
    return LogisticRegression(C=C, solver="saga", tol=TOL, max_iter=max_iter, random_state=0)


@dataclass
class Selection:
    """The outcome of :func:`fit_select_C`: the best model, the dev accuracy of every C, and the
    best model's predictions on train and dev (from the matrices already built for fitting)."""

    model: Pipeline
    C: float
    dev_accuracy: dict[float, float]
    converged: dict[float, bool]
    train_predictions: np.ndarray
    dev_predictions: np.ndarray


def fit_classifier(X, y, C: float, max_iter: int = MAX_ITER):
    """Fit the logistic regression on a featurized, scaled matrix; return it and whether it converged.

    A convergence warning is caught and logged, not hidden.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        classifier = _logistic_regression(C, max_iter).fit(X, y)
    converged = not any(issubclass(w.category, ConvergenceWarning) for w in caught)
    if not converged:
        logger.warning("logistic regression (C=%g) did not converge in %d epochs", C, max_iter)
    return classifier, converged


def fit_select_C(train_pairs, train_labels, dev_pairs, dev_labels, features="lexicalized", *,
                 grid=C_GRID, preset: str = DEFAULT_PRESET, featurizer_params=None, n_jobs=None,
                 max_iter: int = MAX_ITER, progress: bool = False, featurizer=None) -> Selection:
    """Featurize once, fit one classifier per ``C`` in ``grid``, keep the best on dev.

    Returns a :class:`Selection` whose ``model`` is a fitted :class:`~sklearn.pipeline.Pipeline`
    (featurizer, scaler and cap fitted on train, the classifier with the best ``C``; ties go to
    the smaller ``C``).
    The featurizer is preset ``preset`` with ``featurizer_params`` overriding it, unless
    ``featurizer`` gives another transformer (e.g. a
    :class:`~classifiers.transfer.WithModelProbabilities` around one).
    """
    if featurizer is None:
        featurizer = _featurizer(features, preset, featurizer_params, n_jobs, progress)
    preprocess = Pipeline([("featurize", featurizer), *scaling_steps()])
    X_train = preprocess.fit_transform(train_pairs)
    X_dev = preprocess.transform(dev_pairs)
    accuracy, converged, fitted, dev_predictions = {}, {}, {}, {}
    for C in grid:
        fitted[C], converged[C] = fit_classifier(X_train, train_labels, C, max_iter)
        dev_predictions[C] = fitted[C].predict(X_dev)
        accuracy[C] = evaluation.accuracy(dev_labels, dev_predictions[C])
        logger.info("%s C=%g: dev accuracy %.4f", features if isinstance(features, str) else "+".join(features),
                    C, accuracy[C])
    best = max(grid, key=lambda C: (accuracy[C], -C))
    model = Pipeline([*preprocess.steps, ("classify", fitted[best])])
    return Selection(model=model, C=best, dev_accuracy=accuracy, converged=converged,
                     train_predictions=fitted[best].predict(X_train), dev_predictions=dev_predictions[best])
