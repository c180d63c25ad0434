"""Stand-ins for the experiments' fits and clock, so that their figures are hand counts.

``fit_select_C`` is replaced by a recorder whose models predict one fixed label per feature group,
so every accuracy is a hand count over the gold labels, and ``time.perf_counter`` by a clock that
advances a fixed step per call, so the timings are known."""
from __future__ import annotations

import types

import numpy as np

from classifiers.logistic import Selection


#: The label each feature group's stand-in model predicts for every pair.
PREDICTS = {"lexicalized": "entailment", "unigrams_only": "neutral", "unlexicalized": "contradiction",
            "inference": "neutral", ("hyp_unigrams", "hyp_bigrams"): "contradiction"}


class ConstantModel:
    def __init__(self, label):
        self.label = label

    def predict(self, pairs):
        return np.array([self.label] * len(pairs), dtype=object)


def recording_fit(calls, chosen=None):
    """A stand-in for ``fit_select_C`` that records its arguments; C is the grid's last value (or the
    one at index ``chosen[features]``), dev accuracy 0.5 for it, and the fits converged except when C is 0.3."""
    def fit_select_C(train_pairs, train_labels, dev_pairs, dev_labels, features="lexicalized", **options):
        calls.append({"features": features, "n_train": len(train_pairs), **options})
        grid = options["grid"]
        best = grid[(chosen or {}).get(features, -1)]
        model = ConstantModel(PREDICTS[features])
        return Selection(model=model, C=best, dev_accuracy={C: 0.5 if C == best else 0.25 for C in grid},
                         converged={C: C != 0.3 for C in grid}, train_predictions=model.predict(train_pairs),
                         dev_predictions=model.predict(dev_pairs))
    return fit_select_C


def stepping_clock(step):
    """A ``time`` module whose ``perf_counter`` advances ``step`` seconds at every call."""
    now = [100.0]

    def perf_counter():
        now[0] += step
        return now[0]
    return types.SimpleNamespace(perf_counter=perf_counter)


def share(labels, label):
    return sum(x == label for x in labels) / len(labels)


