"""The parts of a fitted model, whatever its steps are named.

A model is a scikit-learn :class:`~sklearn.pipeline.Pipeline` whose first step is a
:class:`~featurize.PairFeaturizer` and whose last is the classifier: lexnli's own name their steps
(``featurize``, ``scale``, ``weight``, ``cap``, ``classify``), one made with ``make_pipeline`` names
them after their classes; both are read the same way here.
"""
from __future__ import annotations

from sklearn.pipeline import Pipeline

from featurize import PairFeaturizer

from .family_weights import FamilyWeights

#: What a model is, for the messages that refuse anything else.
MODEL_KIND = "a scikit-learn Pipeline whose first step is a PairFeaturizer"


def is_pair_pipeline(model) -> bool:
    """Whether ``model`` is a :class:`Pipeline` whose first step is a :class:`PairFeaturizer`.

    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.pipeline import make_pipeline
    >>> is_pair_pipeline(make_pipeline(PairFeaturizer(), LogisticRegression())), is_pair_pipeline(PairFeaturizer())
    (True, False)
    """
    return isinstance(model, Pipeline) and bool(model.steps) and isinstance(model.steps[0][1], PairFeaturizer)


def featurizer(model) -> PairFeaturizer:
    """The featurizer of ``model``: its first step."""
    return model.steps[0][1]


def classifier(model):
    """The classifier of ``model``: its last step."""
    return model.steps[-1][1]


def family_weights(model) -> FamilyWeights | None:
    """The :class:`FamilyWeights` step of ``model``, or None when it has none."""
    return next((step for _, step in model.steps if isinstance(step, FamilyWeights)), None)
