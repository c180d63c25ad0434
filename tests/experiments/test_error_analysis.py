"""python -m experiments.error_analysis: the report's confusion matrix, per-class figures, errors and probes."""
import numpy as np


def test_error_analysis_recall_of_a_class_with_one_pair():
    """Recall is right / gold pairs of the class, however few: 1 of 1 neutral pair is 1.000, a class with
    no gold pair has recall 0 (no division by zero), and precision likewise."""
    from types import SimpleNamespace

    from experiments.error_analysis import test_section

    gold = ["entailment", "entailment", "entailment", "neutral"]
    predicted = ["entailment", "neutral", "entailment", "neutral"]
    model = SimpleNamespace(predict=lambda pairs: np.array(predicted, dtype=object))
    text = test_section(model, SimpleNamespace(pairs=[None] * 4, labels=gold), n_errors=0, k=1)
    # entailment: 2 of 3 right, precision 2/2; neutral: 1 of 1, precision 1/2; contradiction: none
    assert "| entailment    |       1.000 |    0.667 |" in text
    assert "| neutral       |       0.500 |    1.000 |" in text
    assert "| contradiction |       0.000 |    0.000 |" in text
