"""classifiers.evaluation: accuracy, the confusion frame and McNemar's test, on hand-made cases (the p-value
also from :func:`scipy.stats.binomtest`)."""
import numpy as np
import pytest
from scipy.stats import binomtest

from classifiers.evaluation import accuracy, confusion_frame, mcnemar

E, C, N = "entailment", "contradiction", "neutral"


def test_confusion_frame_rows_are_gold_columns_predicted():
    gold = [E, E, E, E, C, C, N, N, N, N]
    predicted = [E, E, C, N, C, E, N, N, C, C]
    frame = confusion_frame(gold, predicted, (E, C, N))
    assert list(frame.index) == ["gold_entailment", "gold_contradiction", "gold_neutral"]
    assert list(frame.columns) == ["pred_entailment", "pred_contradiction", "pred_neutral"]
    # counted by hand: row = gold label, column = predicted label (not symmetric: gold N -> C twice, C -> N never)
    assert frame.to_numpy().tolist() == [[2, 1, 1],
                                         [1, 1, 0],
                                         [0, 2, 2]]
    assert frame.to_numpy().sum(axis=1).tolist() == [gold.count(label) for label in (E, C, N)]


def test_mcnemar_with_all_four_cells_non_zero():
    # 3 pairs both right, 5 only A right, 2 only B right, 4 both wrong (two of them with different wrong labels)
    gold = [E] * 14
    a = [E] * 3 + [E] * 5 + [C] * 2 + [C, N, C, N]
    b = [E] * 3 + [N] * 5 + [E] * 2 + [C, N, N, C]
    result = mcnemar(gold, a, b)
    assert (result["a_only"], result["b_only"]) == (5, 2)
    assert result["p_value"] == pytest.approx(binomtest(5, 7, 0.5).pvalue)
    assert result["p_value"] == pytest.approx(2 * (21 + 7 + 1) / 2 ** 7)  # two-sided exact, by hand
    swapped = mcnemar(gold, b, a)
    assert (swapped["a_only"], swapped["b_only"]) == (2, 5) and swapped["p_value"] == pytest.approx(result["p_value"])


def test_accuracy_is_a_hand_count_and_refuses_mismatched_lengths():
    assert accuracy([E, C, N, N], [E, N, N, C]) == 0.5
    assert np.isnan(accuracy([], []))
    with pytest.raises(ValueError, match="3 gold labels but 2 predictions"):
        accuracy([E, C, N], [E, C])


def test_mcnemar_counts_and_p_value():
    gold = ["a"] * 10
    a = ["a"] * 10
    b = ["a"] * 4 + ["b"] * 6
    result = mcnemar(gold, a, b)
    assert result["a_only"] == 6 and result["b_only"] == 0
    assert result["p_value"] == pytest.approx(2 * 0.5 ** 6)
    assert mcnemar(gold, a, a)["p_value"] == 1.0
