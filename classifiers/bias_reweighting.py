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

from .logistic import MAX_ITER, fit_classifier, fit_preprocessing

#: Cross-fitting folds of the bias model.
FOLDS = 5


def out_of_fold_gold_probabilities(pairs, labels, features, *, C: float, folds: int = FOLDS, seed: int = 0,
                                   preset: str, featurizer_params=None, n_jobs=None, max_iter: int = MAX_ITER,
                                   progress: bool = False) -> np.ndarray:
    """The probability that a model of ``features`` gives each pair's gold label, from a model fitted
    without that pair.

    The pairs are split by :class:`~sklearn.model_selection.StratifiedKFold` (``folds``, shuffled
    with ``seed``); in each fold the featurizer (``preset``, ``featurizer_params``), the scaling and
    a logistic regression with ``C`` are fitted on the other folds and score the held-out one.
    """
    labels = np.asarray(labels)
    gold = np.empty(len(labels))
    featurizer = PairFeaturizer.from_preset(preset, features, n_jobs=n_jobs, progress=progress,
                                            **(featurizer_params or {}))
    for train_at, held_out_at in StratifiedKFold(folds, shuffle=True, random_state=seed).split(labels, labels):
        preprocess, X = fit_preprocessing(featurizer, [pairs[i] for i in train_at])
        classifier, _ = fit_classifier(X, labels[train_at], C, max_iter)
        probabilities = classifier.predict_proba(preprocess.transform([pairs[i] for i in held_out_at]))
        column = {label: j for j, label in enumerate(classifier.classes_)}
        gold[held_out_at] = [row[column[label]] if label in column else 0.0
                             for row, label in zip(probabilities, labels[held_out_at])]
    return gold


def bias_weights(gold_probabilities, strength: float = 1.0) -> np.ndarray:
    """Sample weights ``1 - strength * p`` for the bias model's gold-label probabilities ``p``,
    scaled to a mean of 1 (so that ``C`` keeps its meaning: the data term's total is unchanged)."""
    if not isinstance(strength, Real) or isinstance(strength, bool) or not 0 <= strength <= 1:
        raise ValueError(f"strength must be a number from 0 to 1, got {strength!r}")
    p = np.asarray(gold_probabilities, dtype=float)
    if p.ndim != 1 or not np.all((p >= 0) & (p <= 1)):
        raise ValueError("gold_probabilities must be a 1-d array of probabilities (from 0 to 1)")
    weights = 1.0 - strength * p
    if not weights.sum() > 0:
        raise ValueError(f"every pair would get weight 0: the bias model gives every gold label probability 1 "
                         f"(strength {strength})")
    return weights * (len(weights) / weights.sum())
