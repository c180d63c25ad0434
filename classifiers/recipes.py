"""The recipe of the ``inference`` model: what ``lexnli train`` trains and ``experiments.inference``
reports, from SNLI train and dev.

The inference model is the ``inference`` feature group (the paper's lexicalized families plus the
lexical-resource and alignment families), with the featurizer settings of
:data:`~featurize.presets.INFERENCE_SETTINGS`, trained on SNLI train plus :data:`AUGMENT` one-word
substitutions and :data:`COMPOSITIONAL_AUGMENT` compositional rewrites of the train premises
(:mod:`classifiers.augmentation`), its alignment columns weighted by :data:`ALIGNMENT_WEIGHT`
(:mod:`classifiers.family_weights`) and each training pair reweighted against a hypothesis-only
model (:data:`HYPOTHESIS_ONLY`) with strength :data:`BIAS_REWEIGHTING`
(:mod:`classifiers.bias_reweighting`); C is chosen on dev. Each setting was chosen on dev
(docs/RESULTS.md).
"""
from __future__ import annotations

import logging

from featurize.presets import INFERENCE_SETTINGS

from .augmentation.compositional import compositional_augmentation
from .augmentation.substitutions import augmentation
from .bias_reweighting import bias_weights, out_of_fold_gold_probabilities
from .logistic import C_GRID, fit_select_C
from .persistence import save_model

logger = logging.getLogger("lexnli")

#: Substituted pairs added to the inference model's SNLI training data (chosen on dev).
AUGMENT = 12_000
#: Compositional pairs (:mod:`classifiers.augmentation.compositional`) added besides (chosen on dev and the
#: compositional probes; fewer when the train premises offer fewer).
COMPOSITIONAL_AUGMENT = 12_000
#: The weight of the alignment family's columns in the SNLI inference model (chosen on dev; see
#: :mod:`classifiers.family_weights`).
ALIGNMENT_WEIGHT = 2.5
#: How much the SNLI inference model's training pairs are reweighted against the hypothesis-only
#: model (:mod:`classifiers.bias_reweighting`; 0: not at all; chosen on dev, docs/RESULTS.md).
BIAS_REWEIGHTING = 1.0
#: The hypothesis-only model: the bias model of the reweighting (and, in ``experiments.inference``,
#: the model whose dev errors make the hard-dev proxy).
HYPOTHESIS_ONLY = ("hyp_unigrams", "hyp_bigrams")


def alignment_weights(weight: float):
    """The family weights of a model whose alignment columns weigh ``weight`` (``None`` for 1: unweighted)."""
    return None if weight == 1 else {"alignment": weight}


def fit_inference(train_pairs, dev_pairs, *, grid=C_GRID, augment: int = AUGMENT,
                  compositional_augment: int = COMPOSITIONAL_AUGMENT, seed: int = 0, preset="recommended",
                  featurizer_params=None, n_jobs=None, progress=False, alignment_weight: float = ALIGNMENT_WEIGHT,
                  bias_reweighting: float = BIAS_REWEIGHTING):
    """Fit the SNLI inference model (what ``lexnli train`` installs, ``experiments.inference``
    reports); return the hypothesis-only model's selection and the inference model's
    (:class:`~classifiers.logistic.Selection`, C chosen on dev).

    The hypothesis-only model (:data:`HYPOTHESIS_ONLY`) is fitted on the labelled ``train_pairs``;
    the inference model on them plus ``augment`` substitutions and ``compositional_augment``
    compositional rewrites of them (drawn with ``seed``), its alignment columns weighted by
    ``alignment_weight`` and its training pairs reweighted against the hypothesis-only model
    with strength ``bias_reweighting`` (folds drawn with ``seed``). Both choose C from ``grid``
    on the labelled ``dev_pairs``; ``preset``, ``featurizer_params``, ``n_jobs`` and
    ``progress`` configure the featurizers.
    """
    options = dict(grid=grid, preset=preset, featurizer_params=featurizer_params, n_jobs=n_jobs, progress=progress)
    train_labels, dev_labels = [p.label for p in train_pairs], [p.label for p in dev_pairs]
    hypothesis_only = fit_select_C(train_pairs, train_labels, dev_pairs, dev_labels, HYPOTHESIS_ONLY, **options)
    substituted = augmentation(train_pairs, augment, seed=seed, progress=progress)
    composed = compositional_augmentation(train_pairs, compositional_augment, seed=seed,
                                          syntax=(featurizer_params or {}).get("syntax"), progress=progress)
    logger.info("%d substituted and %d compositional pairs added to the inference model's training data",
                len(substituted), len(composed))
    pairs = list(train_pairs) + substituted + composed
    labels = [p.label for p in pairs]
    sample_weight = None
    if bias_reweighting:
        sample_weight = _reweighting(pairs, labels, len(train_pairs), hypothesis_only.C, bias_reweighting, seed,
                                     options)
    selection = fit_select_C(pairs, labels, dev_pairs, dev_labels, "inference",
                             family_weights=alignment_weights(alignment_weight), sample_weight=sample_weight,
                             **inference_options(options))
    return hypothesis_only, selection


def inference_options(options: dict) -> dict:
    """``options`` for an inference model: the featurizer settings of
    :data:`~featurize.presets.INFERENCE_SETTINGS` (each real-valued column's most frequent bin left
    out), unless ``options["featurizer_params"]`` sets them."""
    return dict(options, featurizer_params={**INFERENCE_SETTINGS, **(options["featurizer_params"] or {})})


def save_inference_model(selection, path, *, bias_reweighting: float):
    """Save the inference model of ``selection`` (:func:`fit_inference`) to ``path`` atomically, with
    its C, its number of training pairs and the ``bias_reweighting`` strength it was fitted with."""
    return save_model(selection.model, path, C=selection.C, n_train=len(selection.train_predictions),
                      bias_reweighting=bias_reweighting)


def _reweighting(pairs, labels, n_snli, C, strength, seed, options):
    """The sample weights of ``pairs`` (the first ``n_snli`` from SNLI, then the substitutions)
    against a hypothesis-only model with ``C``, cross-fitted in folds drawn with ``seed``."""
    fit_options = {key: value for key, value in options.items() if key != "grid"}
    weights = bias_weights(out_of_fold_gold_probabilities(pairs, labels, HYPOTHESIS_ONLY, C=C, seed=seed,
                                                          **fit_options), strength)
    logger.info("training pairs reweighted against the hypothesis-only model (C=%g): mean weight %.3f of the %d "
                "SNLI pairs, %.3f of the %d substitutions, largest %.3f", C, weights[:n_snli].mean(), n_snli,
                weights[n_snli:].mean() if len(weights) > n_snli else 0.0, len(weights) - n_snli, weights.max())
    return weights
