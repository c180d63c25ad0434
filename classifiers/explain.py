"""Which named features pushed a linear model's prediction, and the top-weighted features per class.

The model is a fitted pipeline, its first step a PairFeaturizer and its last a linear classifier
(``coef_``, as :class:`~sklearn.linear_model.LogisticRegression`), its steps named anyhow
(:mod:`classifiers.steps`). An explanation names each feature, says how much it pushed, toward
which label, and what it means in words (:mod:`classifiers.feature_words`).
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from featurize.families.alignment import describe, word_relations

from . import steps
from .feature_words import feature_words


class Push(NamedTuple):
    """One feature of an explanation (:func:`explain`)."""

    #: The feature's name; a hashed column's names joined by " / " (a collision).
    feature: str
    #: What it added to the explained label's centred score (:func:`centered_weights`): above 0 it
    #: pushed toward that label, below 0 away from it.
    push: float
    #: The label whose score it raised the most: the explained one, or another it pushed more.
    toward: str
    #: The feature in words (:func:`~classifiers.feature_words.feature_words`), joined as ``feature`` is.
    reads: str


def centered_weights(classifier) -> np.ndarray:
    """One row of weights per class of ``classifier``, centred over the classes: ``w_cj - mean_k w_kj``.

    Softmax probabilities only depend on differences between class scores, so a weight shared by
    every class pushes nothing; centering the weights across classes removes it. A two-class model's
    one row of weights (class 1's score against class 0's 0) becomes two: ``-w/2`` and ``w/2``.

    >>> from types import SimpleNamespace
    >>> centered_weights(SimpleNamespace(coef_=np.array([[2.0, -1.0]]), classes_=["a", "b"])).tolist()
    [[-1.0, 0.5], [1.0, -0.5]]
    """
    if not hasattr(classifier, "coef_"):
        raise TypeError(f"explanations need a linear classifier (with coef_), not a {type(classifier).__name__}")
    coef = np.asarray(classifier.coef_)
    if coef.shape[0] == 1 and len(classifier.classes_) == 2:
        coef = np.vstack([np.zeros_like(coef[0]), coef[0]])
    return coef - coef.mean(axis=0)


def _column_names(featurizer, pairs, columns) -> dict[int, list[str]]:
    """The name(s) of ``columns``: from the vocabulary when the featurizer has one, else from ``pairs``
    (a hashed column is named by the features of ``pairs`` that fall in it)."""
    if hasattr(featurizer, "get_feature_names_out"):
        names = featurizer.get_feature_names_out()
        return {int(j): [names[j]] for j in columns}
    return featurizer.feature_names(pairs, columns=columns)


def explain(model, pair, k: int = 10, label=None) -> list[Push]:
    """The ``k`` named features of ``pair`` that pushed most toward ``label`` (default: the predicted one).

    A feature's push toward a label is its value (after every step before the classifier) times its
    centred weight for the label (:func:`centered_weights`). Returns a :class:`Push` per feature,
    strongest first: its name, its push toward ``label``, the label it pushed the most toward, and
    its name in words; a hashed column carrying several names (a collision) shows them joined by " / ".
    """
    featurizer, classifier = steps.featurizer(model), steps.classifier(model)
    classes = list(classifier.classes_)
    X = model[:-1].transform([pair]).tocsr()  # every step before the classifier
    if label is None:
        label = classes[int(np.argmax(classifier.predict_proba(X)[0]))]
    columns = X.indices
    by_class = X.data * centered_weights(classifier)[:, columns]  # each column's push toward each class
    pushes = by_class[classes.index(label)]
    order = np.argsort(-pushes)[:k]
    names = _column_names(featurizer, [pair], columns[order])
    found = []
    for i in order:
        named = names.get(int(columns[i]), [f"column {columns[i]}"])
        found.append(Push(" / ".join(named), float(pushes[i]), str(classes[int(np.argmax(by_class[:, i]))]),
                          " / ".join(map(feature_words, named))))
    return found


def top_features(model, pairs, k: int = 20) -> dict[str, list[tuple[str, float]]]:
    """Per class, the ``k`` columns with the largest centered weight, named from the features seen in ``pairs``.

    Weights are those of the max-abs-scaled columns, times the column's family weight where the
    model has one (:mod:`classifiers.family_weights`), so a weight is the most its feature can push
    a prediction. With a learned vocabulary every column is named
    and ``pairs`` is not read; hashed indicator columns have names only where some pair in
    ``pairs`` fires them, so then pass the training pairs (or a large sample).
    """
    featurizer, classifier = steps.featurizer(model), steps.classifier(model)
    centered = centered_weights(classifier)
    weighting = steps.family_weights(model)
    if weighting is not None and weighting.column_weights_ is not None:
        centered = centered * weighting.column_weights_
    candidates = {label: np.argsort(-centered[i])[: 5 * k] for i, label in enumerate(classifier.classes_)}
    wanted = np.unique(np.concatenate(list(candidates.values())))
    names = _column_names(featurizer, pairs, wanted)
    result = {}
    for i, label in enumerate(classifier.classes_):
        named = [(" / ".join(names[int(j)]), float(centered[i, j])) for j in candidates[label] if int(j) in names]
        result[label] = named[:k]
    return result


def alignments(model, pair) -> list[str]:
    """How the hypothesis of ``pair`` aligns to its premise, as the model's alignment family sees it
    (``"green <- blue: cohyponym (WordNet), swap"``); empty when the model has no alignment family."""
    featurizer = steps.featurizer(model)
    if "alignment" not in featurizer.families_:
        return []
    seen = featurizer.read_pairs([pair])[0]
    return describe(seen.premise, seen.hypothesis, word_relations())
