"""The SNLI paper's classifier: PairFeaturizer -> MaxAbsScaler -> RowNormCap -> multinomial logistic regression.

The solver is SAGA: it fits the multinomial (softmax) model the paper describes, and its cost
per epoch is proportional to the matrix's nonzeros (lazy sparse updates), while L-BFGS pays for
every weight at every iteration and needs more iterations as the data grow. It stops when an
epoch changes the weights by less than ``tol=1e-3`` of their largest value. ``MaxAbsScaler``
leaves the 0/1 indicators as they are and brings the real-valued columns (length difference,
overlap counts) to [-1, 1], and :class:`~classifiers.row_norm_cap.RowNormCap` scales the
longest rows down; SAGA's step size needs both. Between the two, a model may weight chosen
families' columns (:class:`~classifiers.family_weights.FamilyWeights`: a weaker penalty on them).
The regularization strength ``C`` is chosen on
dev by :func:`fit_select_C`, or by cross-validation on the training data by
:func:`fit_select_C_cv` where the held-out split is small.

The featurizer is configured by a preset (:data:`featurize.presets.PRESETS`), by default
``"recommended"``; ``preset="paper"`` gives the paper's exact feature definition, and
``featurizer_params`` override single settings. Why each recommended setting was chosen, with
the dev accuracies behind it, is in docs/RESULTS.md.
"""
from __future__ import annotations

import logging
import warnings
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
from joblib import effective_n_jobs
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import MaxAbsScaler

from featurize import PairFeaturizer
from featurize.featurizer import features_name
from featurize.presets import DEFAULT_PRESET
from lexnli.progress import bar, heartbeat, step

from . import evaluation
from .family_weights import FamilyWeights
from .row_norm_cap import RowNormCap

logger = logging.getLogger("lexnli")

#: Regularization strengths tried on dev by default (docs/RESULTS.md has the dev accuracy of each).
C_GRID = (0.03, 0.1, 0.3, 1.0)
MAX_ITER = 1000
TOL = 1e-3
#: Rows per block when :func:`fit_preprocessing` fits the column scaling.
SCALE_BLOCK_ROWS = 8192


def _featurizer(features, preset, featurizer_params, n_jobs, progress) -> PairFeaturizer:
    return PairFeaturizer.from_preset(preset, features, n_jobs=n_jobs, progress=progress, **(featurizer_params or {}))


def scaling_steps(family_weights=None) -> list:
    """The steps between featurizer and classifier: column scaling, the families' weights (only when
    ``family_weights`` names some; see :mod:`classifiers.family_weights`), then the row-norm cap.

    Each scales its input in place (``copy=False``): it is the featurizer's own new matrix, and a
    copy per step held the training matrix three times over while fitting.
    """
    weighting = [("weight", FamilyWeights(family_weights, copy=False))] if family_weights else []
    return [("scale", MaxAbsScaler(copy=False)), *weighting, ("cap", RowNormCap(copy=False))]


def fit_preprocessing(featurizer, pairs, family_weights=None):
    """Fit ``featurizer`` and the :func:`scaling_steps` on ``pairs``; return the fitted pipeline and its
    output on ``pairs``.

    The featurizer is fitted first so that the families' weights can be given its column names
    (a pipeline passes no names from step to step). The column scaling is fitted on
    :data:`SCALE_BLOCK_ROWS` rows at a time: the same largest values as one fit, without the copy
    of the whole matrix by columns that one fit makes.
    """
    X = featurizer.fit_transform(pairs)
    steps = scaling_steps(family_weights)
    for _, transformer in steps:
        if isinstance(transformer, MaxAbsScaler):
            for start in range(0, X.shape[0], SCALE_BLOCK_ROWS):
                transformer.partial_fit(X[start:start + SCALE_BLOCK_ROWS])
        elif isinstance(transformer, FamilyWeights):
            transformer.fit(X, feature_names=featurizer.get_feature_names_out())
        else:
            transformer.fit(X)
        X = transformer.transform(X)
    return Pipeline([("featurize", featurizer), *steps]), X


def make_model(features="lexicalized", *, C: float = 1.0, preset: str = DEFAULT_PRESET, featurizer_params=None,
               n_jobs=None, max_iter: int = MAX_ITER, progress: bool | None = False) -> Pipeline:
    """An unfitted featurize -> scale -> cap -> logistic-regression pipeline (featurizer from ``preset``;
    the scaling steps scale the featurizer's matrix in place, see :func:`scaling_steps`)."""
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


def fit_classifier(X, y, C: float, max_iter: int = MAX_ITER, sample_weight=None):
    """Fit the logistic regression on a featurized, scaled matrix; return it and whether it converged.

    ``sample_weight`` weights the training rows (e.g. :mod:`classifiers.bias_reweighting`). A fit that
    runs out of epochs is logged as a warning, not hidden; a fit longer than
    :data:`lexnli.progress.LOG_INTERVAL` logs that it is still running (:func:`lexnli.progress.heartbeat`).
    """
    with _convergence_logged():
        return _fit(X, y, C, max_iter, sample_weight)


@contextmanager
def _convergence_logged():
    """scikit-learn's convergence warnings silenced: :func:`_fit` logs the fits that did not converge.
    (The warnings' filters are global: threads fitting at once must be inside one such block.)"""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        yield


def _fit(X, y, C: float, max_iter: int, sample_weight=None):
    """:func:`fit_classifier` inside :func:`_convergence_logged`; SAGA did not converge when it used every epoch."""
    with heartbeat(f"logistic regression (C={C:g}) on {X.shape[0]:,} pairs x {X.shape[1]:,} columns"):
        classifier = _logistic_regression(C, max_iter).fit(X, y, sample_weight=sample_weight)
    converged = bool(np.max(classifier.n_iter_) < max_iter)
    if not converged:
        logger.warning("logistic regression (C=%g) did not converge in %d epochs", C, max_iter)
    return classifier, converged


def fit_select_C(train_pairs, train_labels, dev_pairs, dev_labels, features="lexicalized", *,
                 grid=C_GRID, preset: str = DEFAULT_PRESET, featurizer_params=None, n_jobs=None,
                 max_iter: int = MAX_ITER, progress: bool | None = False, featurizer=None,
                 family_weights=None, sample_weight=None) -> Selection:
    """Featurize once, fit one classifier per ``C`` in ``grid``, keep the best on dev.

    Returns a :class:`Selection` whose ``model`` is a fitted :class:`~sklearn.pipeline.Pipeline`
    (featurizer, scaler and cap fitted on train, the classifier with the best ``C``; ties go to
    the smaller ``C``).
    The featurizer is preset ``preset`` with ``featurizer_params`` overriding it, unless
    ``featurizer`` gives another transformer (e.g. a
    :class:`~classifiers.transfer.WithModelProbabilities` around one). ``family_weights`` (family
    name to weight, see :mod:`classifiers.family_weights`) weights those families' columns, and
    ``sample_weight`` the training pairs (see :mod:`classifiers.bias_reweighting`). ``n_jobs``
    featurizes in that many processes and fits that many ``C`` at once, in threads (the same
    classifiers as one at a time). ``progress``
    draws bars over the featurized pairs and the fits (``None``: on a terminal only, ``True``
    always, ``False`` never); without them the progress is logged, one line per ``C``
    (:mod:`lexnli.progress`).
    """
    if featurizer is None:
        featurizer = _featurizer(features, preset, featurizer_params, n_jobs, progress)
    preprocess, X_train = fit_preprocessing(featurizer, train_pairs, family_weights)
    fitted, converged, dev_predictions = _fit_grid(X_train, train_labels, preprocess.transform(dev_pairs), grid,
                                                   max_iter, sample_weight, name=features_name(features),
                                                   progress=progress, n_jobs=n_jobs)
    accuracy = _grid_accuracy(dev_labels, dev_predictions, features)
    best = _best_C(accuracy)
    model = Pipeline([*preprocess.steps, ("classify", fitted[best])])
    return Selection(model=model, C=best, dev_accuracy=accuracy, converged=converged,
                     train_predictions=fitted[best].predict(X_train), dev_predictions=dev_predictions[best])


def fit_select_C_cv(pairs, labels, features="lexicalized", *, folds: int = 5, seed: int = 0, grid=C_GRID,
                    preset: str = DEFAULT_PRESET, featurizer_params=None, n_jobs=None, max_iter: int = MAX_ITER,
                    progress: bool | None = False, featurizer=None, family_weights=None) -> Selection:
    """Choose ``C`` by stratified ``folds``-fold cross-validation on ``pairs``, then refit on all of them.

    For a small corpus whose held-out split is too small to pin ``C`` down (SICK's TRIAL has 495
    pairs, so one pair is 0.2 points), every pair is held out once instead. In each fold the
    featurizer, scaler and cap are fitted on the fold's training part only, so nothing of the
    held-out part (its vocabulary, its column maxima) reaches the model that scores it. The
    folds are :class:`~sklearn.model_selection.StratifiedKFold` shuffled with ``seed``.

    Returns a :class:`Selection` as :func:`fit_select_C` does, with the cross-validation in
    place of dev: ``dev_accuracy`` is each ``C``'s accuracy over the out-of-fold predictions of
    all pairs, ``dev_predictions`` the chosen ``C``'s out-of-fold predictions, and ``model`` the
    pipeline refitted on every pair with the chosen ``C`` (ties go to the smaller ``C``).
    Parameters as :func:`fit_select_C`; ``featurizer`` is refitted in each fold and last on all pairs,
    and the progress is logged (or drawn) per fold too.
    """
    if featurizer is None:
        featurizer = _featurizer(features, preset, featurizer_params, n_jobs, progress)
    labels = np.asarray(labels)
    out_of_fold = {C: np.empty(len(labels), dtype=labels.dtype) for C in grid}
    converged = dict.fromkeys(grid, True)
    name = features_name(features)
    splits = StratifiedKFold(folds, shuffle=True, random_state=seed).split(labels, labels)
    for train_at, held_out_at in bar(splits, f"{name}: {folds}-fold cross-validation", folds, unit="folds",
                                     progress=progress, interval=0):
        preprocess, X_train = fit_preprocessing(featurizer, [pairs[i] for i in train_at], family_weights)
        _, fold_converged, predictions = _fit_grid(X_train, labels[train_at],
                                                   preprocess.transform([pairs[i] for i in held_out_at]), grid,
                                                   max_iter, name=name, progress=progress, n_jobs=n_jobs)
        for C in grid:
            out_of_fold[C][held_out_at] = predictions[C]
            converged[C] = converged[C] and fold_converged[C]
    accuracy = _grid_accuracy(labels, out_of_fold, features, f"{folds}-fold cross-validated")
    best = _best_C(accuracy)
    preprocess, X = fit_preprocessing(featurizer, pairs, family_weights)
    with step(f"{name}: refitting C={best:g} on all {len(labels):,} pairs"):
        classifier, converged_on_all = fit_classifier(X, labels, best, max_iter)
    converged[best] = converged[best] and converged_on_all
    return Selection(model=Pipeline([*preprocess.steps, ("classify", classifier)]), C=best, dev_accuracy=accuracy,
                     converged=converged, train_predictions=classifier.predict(X), dev_predictions=out_of_fold[best])


def _fit_grid(X_train, train_labels, X_dev, grid, max_iter, sample_weight=None, *, name, progress, n_jobs=None):
    """One classifier per ``C``: the fitted classifiers, whether each converged, their dev predictions.
    A bar (or one log line per ``C``) named ``name`` counts the fits.

    With ``n_jobs`` above 1 (joblib's meaning), that many fits run at once in threads: SAGA's loop
    releases the GIL and the threads share the matrices, so memory grows only by each fit's
    weights. Each fit is seeded, so the classifiers are the same whatever ``n_jobs``. The fits start
    from the largest ``C`` (:func:`_longest_first`) and are counted as they end; the three dictionaries
    are in ``grid`` order.
    """
    def fit(C):
        classifier, converged = _fit(X_train, train_labels, C, max_iter, sample_weight)
        return C, classifier, converged, classifier.predict(X_dev)

    fitted, converged, dev_predictions = {}, {}, {}
    desc = f"{name}: fitting C in {', '.join(f'{C:g}' for C in grid)} on {X_train.shape[0]:,} pairs"
    with _convergence_logged(), ThreadPoolExecutor(min(len(grid), effective_n_jobs(n_jobs))) as threads:
        started = [threads.submit(fit, C) for C in _longest_first(grid)]
        for done in bar(as_completed(started), desc, len(grid), unit="fits", progress=progress, interval=0):
            C, fitted[C], converged[C], dev_predictions[C] = done.result()
    return tuple({C: found[C] for C in grid} for found in (fitted, converged, dev_predictions))


def _longest_first(grid) -> list:
    """The ``C`` values of ``grid`` from the largest: the weaker the regularization, the more epochs
    SAGA takes (on the ``inference`` training matrix each value of the default grid took about twice
    as long as the one before it), so with threads the longest fit starts first and the others fill
    the other threads beside it, where in ``grid`` order it would start last, alone.

    >>> _longest_first((0.03, 1.0, 0.1))
    [1.0, 0.1, 0.03]
    """
    return sorted(grid, reverse=True)


def _grid_accuracy(gold, predictions, features, scored_on="dev") -> dict[float, float]:
    accuracy = {C: evaluation.accuracy(gold, predicted) for C, predicted in predictions.items()}
    for C, value in accuracy.items():
        logger.info("%s C=%g: %s accuracy %.4f", features_name(features), C, scored_on, value)
    return accuracy


def _best_C(accuracy) -> float:
    """The ``C`` with the best accuracy; a tie goes to the smaller ``C``."""
    return max(accuracy, key=lambda C: (accuracy[C], -C))
