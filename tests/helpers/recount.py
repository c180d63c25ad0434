"""Figures recounted without the library's own code: accuracy, McNemar's counts, markdown tables, refitted models."""
from scipy.stats import binomtest

from classifiers.logistic import make_model


def hand_accuracy(gold, predicted) -> float:
    """The share of ``predicted`` equal to ``gold``, counted in plain Python (not the library's accuracy)."""
    return sum(g == p for g, p in zip(gold, predicted, strict=True)) / len(gold)


def refit(corpora, features, C, train_pairs=None, train_labels=None, **options):
    """A model fitted as the scripts fit it (``options``: ``make_model``'s preset and featurizer_params);
    returns it and its predictions (lists of labels) per split."""
    train = corpora["train"]
    model = make_model(features, C=C, **options).fit(train_pairs or train.pairs, train_labels or train.labels)
    return model, {split: list(model.predict(corpora[split].pairs)) for split in ("train", "dev", "test")}


def hand_mcnemar(gold, a, b) -> tuple[int, int, float]:
    a_only = sum(x == g != y for g, x, y in zip(gold, a, b, strict=True))
    b_only = sum(y == g != x for g, x, y in zip(gold, a, b, strict=True))
    return a_only, b_only, binomtest(a_only, a_only + b_only, 0.5).pvalue if a_only + b_only else 1.0


def markdown_tables(text: str) -> list[list[list[str]]]:
    """The markdown tables of ``text``: rows of stripped cells, header first, separator row dropped.

    Fails unless every row ends with ``|`` and every table is followed by a blank line (markdown
    runs a following line into the table otherwise)."""
    tables, current = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            assert line.rstrip().endswith("|"), line
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not all(set(cell) <= set(":-") for cell in cells):
                current.append(cells)
        elif current:
            assert not line.strip(), f"a table followed by {line!r}, not by a blank line"
            tables.append(current)
            current = []
    return tables


