"""Weight training pairs against a bias-only model: less weight where a shortcut already answers.

SNLI's hypotheses alone predict the label of most pairs (Gururangan et al. 2018; Poliak et al.
2018): *sleeping* says contradiction, *tall* or *first* neutral, *outdoors* entailment. A model
fitted on them learns those cues as well as the relation between the two sentences, and is
misled where the cues mislead. Example reweighting (Clark, Yatskar & Zettlemoyer 2019, "Don't
Take the Easy Way Out") fits a bias-only model first and gives each training pair the weight
``1 - p_bias(gold label)``: a pair the hypothesis alone explains teaches little, a pair the cues
get wrong teaches the most. ``strength`` scales that (``1 - strength * p``, 0: no reweighting).

The bias model's probability of a pair comes from a model that did not see the pair
(:func:`out_of_fold_gold_probabilities`): fitted on all of them, it would have memorized the
training pairs and be sure of nearly every one. The weights only change how the main model is
fitted; the fitted model predicts as any other, without the bias model. Which strength, chosen
on dev, and what it costs on dev, are in docs/RESULTS.md.
"""
from __future__ import annotations

from numbers import Real

import numpy as np
from sklearn.model_selection import StratifiedKFold

from featurize import PairFeaturizer
from featurize.featurizer import features_name
from featurize.presets import DEFAULT_PRESET
from lexnli.progress import bar

from .logistic import MAX_ITER, fit_classifier, fit_preprocessing

#: Cross-fitting folds of the bias model.
FOLDS = 5


def out_of_fold_gold_probabilities(pairs, labels, features, *, C: float, folds: int = FOLDS, seed: int = 0,
                                   preset: str = DEFAULT_PRESET, featurizer_params=None, n_jobs=None,
                                   max_iter: int = MAX_ITER, progress: bool | None = False) -> np.ndarray:
    """The probability that a model of ``features`` gives each pair's gold label, from a model fitted
    without that pair.

    Parameters
    ----------
    pairs : sequence of Pair
        The training pairs.
    labels : sequence of str
        Their gold labels.
    features : str or sequence of str
        The bias model's feature group or families (``("hyp_unigrams", "hyp_bigrams")``: the
        hypothesis alone).
    C : float
        The bias model's regularization strength (e.g. the one chosen for it on dev).
    folds : int, default=5
        Cross-fitting folds: :class:`~sklearn.model_selection.StratifiedKFold`, shuffled with
        ``seed`` (it warns when a label has fewer pairs than folds).
    seed : int, default=0
    preset, featurizer_params, n_jobs, max_iter, progress
        As :func:`classifiers.logistic.fit_select_C`: the featurizer's preset and overrides, its
        processes, the progress bars (:mod:`lexnli.progress`: the folds' and the featurizer's), the
        solver's epoch limit.

    Returns
    -------
    ndarray of shape (n_pairs,)
        In each fold the featurizer, the scaling and the logistic regression are fitted on the
        other folds and score the held-out one; a pair whose label its fold model never saw gets 0.

    Raises
    ------
    ValueError
        For fewer pairs than folds, or not as many labels as pairs.
    """
    labels = np.asarray(labels)
    if len(labels) != len(pairs) or len(labels) < folds:
        raise ValueError(f"{folds}-fold cross-fitting needs at least {folds} pairs and one label per pair, got "
                         f"{len(pairs)} pairs and {len(labels)} labels")
    gold = np.empty(len(labels))
    featurizer = PairFeaturizer.from_preset(preset, features, n_jobs=n_jobs, progress=progress,
                                            **(featurizer_params or {}))
    splits = StratifiedKFold(folds, shuffle=True, random_state=seed).split(labels, labels)
    for train_at, held_out_at in bar(splits, f"{features_name(features)} (C={C:g}): out-of-fold gold probabilities",
                                     folds, unit="folds", progress=progress, interval=0):
        preprocess, X = fit_preprocessing(featurizer, [pairs[i] for i in train_at])
        classifier, _ = fit_classifier(X, labels[train_at], C, max_iter)
        probabilities = classifier.predict_proba(preprocess.transform([pairs[i] for i in held_out_at]))
        column = {label: j for j, label in enumerate(classifier.classes_)}
        gold[held_out_at] = [row[column[label]] if label in column else 0.0
                             for row, label in zip(probabilities, labels[held_out_at])]
    return gold


def bias_weights(gold_probabilities, strength: float = 1.0) -> np.ndarray:
    """Sample weights against a bias model: ``1 - strength * p`` for its gold-label probabilities ``p``.

    Parameters
    ----------
    gold_probabilities : array-like of shape (n_pairs,)
        Each training pair's gold-label probability under the bias model
        (:func:`out_of_fold_gold_probabilities`).
    strength : float, default=1.0
        From 0 (every weight 1) to 1 (a pair the bias model is sure of weighs nothing).

    Returns
    -------
    ndarray of shape (n_pairs,)
        The weights, scaled to a mean of 1: SAGA sums the weighted losses, so ``C`` keeps its
        meaning only if the data term's total is unchanged.

    Raises
    ------
    ValueError
        For a strength outside [0, 1], probabilities that are not a non-empty 1-d array of values in
        [0, 1], or weights that are all 0.
    """
    if not isinstance(strength, Real) or isinstance(strength, bool) or not 0 <= strength <= 1:
        raise ValueError(f"strength must be a number from 0 to 1, got {strength!r}")
    p = np.asarray(gold_probabilities, dtype=float)
    if p.ndim != 1 or not p.size or not np.all((p >= 0) & (p <= 1)):
        raise ValueError("gold_probabilities must be a non-empty 1-d array of probabilities (from 0 to 1)")
    weights = 1.0 - strength * p
    if not weights.sum() > 0:
        raise ValueError(f"every pair would get weight 0: the bias model gives every gold label probability 1 "
                         f"(strength {strength})")
    return weights * (len(weights) / weights.sum())
