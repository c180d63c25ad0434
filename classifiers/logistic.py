"""The SNLI paper's classifier: PairFeaturizer -> MaxAbsScaler -> multinomial logistic regression.

The solver is L-BFGS (scikit-learn's default): it fits the multinomial (softmax) model the paper
describes in one optimisation over sparse input, and on our SNLI matrices it converges within the
iteration budget we give it. ``MaxAbsScaler`` leaves the 0/1 indicators as they are and brings
the real-valued columns (length difference, overlap counts) to [-1, 1], which keeps L-BFGS
well-conditioned. The regularization strength ``C`` is chosen on dev by :func:`fit_select_C`.

The featurizer learns an exact vocabulary (``n_features=None``) rather than hashing: on the
52,937-pair train subset that is 735k columns against 4.2M for 2**22 hashed ones, and L-BFGS's
cost per iteration grows with the number of weights (see ``benchmarks/featurize_bench.py``).
"""
from __future__ import annotations

import logging
import time
import warnings
from dataclasses import dataclass, field

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import MaxAbsScaler

from featurize import PairFeaturizer

logger = logging.getLogger("lexnli")

#: Regularization strengths tried on dev by default.
C_GRID = (0.1, 0.3, 1.0, 3.0)
MAX_ITER = 2000


def make_model(features="lexicalized", *, C: float = 1.0, n_features=None, n_jobs=None,
               max_iter: int = MAX_ITER, progress: bool = False) -> Pipeline:
    """An unfitted featurize -> scale -> logistic-regression pipeline."""
    return Pipeline([
        ("featurize", PairFeaturizer(features, n_features=n_features, n_jobs=n_jobs, progress=progress)),
        ("scale", MaxAbsScaler()),
        ("classify", _logistic_regression(C, max_iter)),
    ])


def _logistic_regression(C, max_iter):
    return LogisticRegression(C=C, solver="lbfgs", max_iter=max_iter)


@dataclass
class Selection:
    """The outcome of :func:`fit_select_C`: the refitted best model and the dev accuracy of every C."""

    model: Pipeline
    C: float
    dev_accuracy: dict[float, float]
    converged: dict[float, bool]
    seconds: dict[str, float] = field(default_factory=dict)


def _fit_classifier(X, y, C, max_iter):
    """Fit one logistic regression; return it and whether it converged (warning caught, not hidden)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        classifier = _logistic_regression(C, max_iter).fit(X, y)
    converged = not any(issubclass(w.category, ConvergenceWarning) for w in caught)
    if not converged:
        logger.warning("logistic regression (C=%g) did not converge in %d iterations", C, max_iter)
    return classifier, converged


def fit_select_C(train_pairs, train_labels, dev_pairs, dev_labels, features="lexicalized", *,
                 grid=C_GRID, n_features=None, n_jobs=None, max_iter: int = MAX_ITER,
                 progress: bool = False) -> Selection:
    """Featurize once, fit one classifier per ``C`` in ``grid``, keep the best on dev.

    Returns a :class:`Selection` whose ``model`` is a fitted :class:`~sklearn.pipeline.Pipeline`
    (the featurizer and scaler fitted on train, the classifier with the best ``C``).
    """
    seconds = {}
    start = time.perf_counter()
    featurizer = PairFeaturizer(features, n_features=n_features, n_jobs=n_jobs, progress=progress)
    scaler = MaxAbsScaler()
    X_train = scaler.fit_transform(featurizer.fit_transform(train_pairs))
    X_dev = scaler.transform(featurizer.transform(dev_pairs))
    seconds["featurize"] = time.perf_counter() - start
    start = time.perf_counter()
    accuracy, converged, fitted = {}, {}, {}
    for C in grid:
        fitted[C], converged[C] = _fit_classifier(X_train, train_labels, C, max_iter)
        accuracy[C] = float(np.mean(fitted[C].predict(X_dev) == np.asarray(dev_labels)))
        logger.info("%s C=%g: dev accuracy %.4f", features if isinstance(features, str) else "+".join(features),
                    C, accuracy[C])
    seconds["fit"] = time.perf_counter() - start
    best = max(grid, key=lambda C: (accuracy[C], -C))
    model = Pipeline([("featurize", featurizer), ("scale", scaler), ("classify", fitted[best])])
    return Selection(model=model, C=best, dev_accuracy=accuracy, converged=converged, seconds=seconds)
