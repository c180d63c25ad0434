"""Accuracy, confusion matrices and McNemar's test between two classifiers on the same pairs."""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import binomtest
from sklearn.metrics import confusion_matrix


def accuracy(gold, predicted) -> float:
    """Fraction of pairs whose predicted label is the gold one."""
    gold, predicted = np.asarray(gold), np.asarray(predicted)
    if len(gold) != len(predicted):
        raise ValueError(f"{len(gold)} gold labels but {len(predicted)} predictions")
    return float(np.mean(gold == predicted)) if len(gold) else float("nan")


def confusion_frame(gold, predicted, labels) -> pd.DataFrame:
    """Confusion matrix as a DataFrame: rows gold, columns predicted."""
    matrix = confusion_matrix(gold, predicted, labels=list(labels))
    return pd.DataFrame(matrix, index=[f"gold_{l}" for l in labels], columns=[f"pred_{l}" for l in labels])


def mcnemar(gold, predicted_a, predicted_b) -> dict:
    """Exact (binomial) McNemar test of whether classifiers A and B err on the same pairs equally often.

    ``a_only`` counts pairs A gets right and B wrong, ``b_only`` the reverse; the two-sided
    p-value is that of ``a_only`` successes in ``a_only + b_only`` fair coin flips.
    """
    gold = np.asarray(gold)
    right_a, right_b = np.asarray(predicted_a) == gold, np.asarray(predicted_b) == gold
    a_only, b_only = int(np.sum(right_a & ~right_b)), int(np.sum(~right_a & right_b))
    p = binomtest(a_only, a_only + b_only, 0.5).pvalue if a_only + b_only else 1.0
    return {"a_only": a_only, "b_only": b_only, "p_value": float(p)}
