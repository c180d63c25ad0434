"""Accuracy with its Wilson score interval, per-class scores, breakdowns by group, confusion matrices,
McNemar's test between two classifiers on the same pairs, and the two-way view of three-way labels."""
from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pandas as pd
from scipy.stats import binomtest
from sklearn.metrics import confusion_matrix, precision_recall_fscore_support

from lexnli.records import ENTAILMENT, NON_ENTAILMENT


def accuracy(gold, predicted) -> float:
    """Fraction of pairs whose predicted label is the gold one."""
    gold, predicted = np.asarray(gold), np.asarray(predicted)
    if len(gold) != len(predicted):
        raise ValueError(f"{len(gold)} gold labels but {len(predicted)} predictions")
    return float(np.mean(gold == predicted)) if len(gold) else float("nan")


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``successes`` out of ``n`` (NaNs when ``n`` is 0).

    With ``z`` the normal quantile of ``confidence`` and ``p = successes / n``, the interval is
    ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``: unlike ``p ± z·sqrt(p(1-p)/n)``, it
    stays within [0, 1] and is not empty at 0 or n successes.

    >>> [round(bound, 4) for bound in wilson_interval(8, 10)]
    [0.4902, 0.9433]
    >>> wilson_interval(0, 5)[0], round(wilson_interval(0, 5)[1], 4)
    (0.0, 0.4345)
    """
    if n == 0:
        return float("nan"), float("nan")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p, z2 = successes / n, z * z
    center = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # exact at the ends, where rounding would leave 1e-17 of the bound the formula reaches
    return 0.0 if successes == 0 else center - half, 1.0 if successes == n else center + half


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


def class_scores(gold, predicted, labels) -> pd.DataFrame:
    """Precision, recall, F1 and support (gold pairs) of each of ``labels``, one row each.

    A class never predicted has precision NaN (undefined), not 0.
    """
    precision, recall, f1, support = precision_recall_fscore_support(gold, predicted, labels=list(labels),
                                                                     zero_division=np.nan)
    return pd.DataFrame({"precision": precision, "recall": recall, "f1": f1, "support": support},
                        index=pd.Index(list(labels), name="class"))


def breakdown(gold, predicted, groups, name: str = "group") -> pd.DataFrame:
    """The number of pairs, the accuracy and its 95% Wilson interval (``low``, ``high``: :func:`wilson_interval`)
    for each value of ``groups`` (one value per pair), sorted by value."""
    frame = pd.DataFrame({name: list(groups), "right": np.asarray(gold) == np.asarray(predicted)})
    table = frame.groupby(name, sort=True)["right"].agg(n="size", right="sum").reset_index()
    bounds = [wilson_interval(int(k), int(n)) for k, n in zip(table["right"], table["n"])]
    return table.assign(accuracy=table["right"] / table["n"], low=[low for low, _ in bounds],
                        high=[high for _, high in bounds]).drop(columns="right")


def two_way(labels, non_entailment: str = NON_ENTAILMENT) -> list[str]:
    """``labels`` with every label but entailment collapsed into ``non_entailment`` (neutral and
    contradiction are both not entailment).

    >>> two_way(["entailment", "neutral", "contradiction", "not_entailment"], "not_entailment")
    ['entailment', 'not_entailment', 'not_entailment', 'not_entailment']
    """
    return [label if label == ENTAILMENT else non_entailment for label in labels]
