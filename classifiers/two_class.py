"""Two-class (entailment vs. not) models of Bowman et al. 2015's EOP comparison (Table 3).

* :class:`MajorityClassifier` -- the most frequent training label.
* :class:`OverlapClassifier` -- the EOP's TIE / MaxEnt classifier, simplified: logistic
  regression on a handful of dense scores: bag-of-words and bag-of-lemmas overlap
  (``bag_overlap``: shared/|H|, shared/|P| and their product), and with
  ``lexical_resources=True`` also the ``wordnet``, ``verbocean`` and ``tree`` families of
  :mod:`featurize.families.lexical`. It is a :class:`~sklearn.pipeline.Pipeline` of
  :class:`~featurize.PairFeaturizer`, a standard scaler and logistic regression.
* The edit-distance model is :class:`classifiers.edit_distance.EditDistanceClassifier`.

:func:`collapse` maps SNLI / SICK labels to the two classes: ``"entailment"`` stays,
``"neutral"`` and ``"contradiction"`` become ``"non-entailment"`` (RTE-3's labels from
:func:`lexnli.corpora.rte.read_rte3` are already two-class).
"""
from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.dummy import DummyClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.validation import check_is_fitted

from featurize import PairFeaturizer
from featurize.inputs import as_pairs
from lexnli.records import ENTAILMENT, NON_ENTAILMENT

#: Feature families of the two classifiers.
PLAIN_FEATURES = ("bag_overlap",)
LEXICAL_FEATURES = ("bag_overlap", "wordnet", "verbocean", "tree")


def collapse(label: str) -> str:
    """``"entailment"`` -> itself; ``"neutral"``, ``"contradiction"``, ``"non-entailment"`` -> ``"non-entailment"``."""
    if label == ENTAILMENT:
        return ENTAILMENT
    if label in ("neutral", "contradiction", NON_ENTAILMENT):
        return NON_ENTAILMENT
    raise ValueError(f"cannot collapse label {label!r} to two classes")


def collapse_labels(labels) -> np.ndarray:
    """:func:`collapse` on every label, as an object array."""
    return np.array([collapse(label) for label in labels], dtype=object)


class MajorityClassifier(DummyClassifier):
    """Predicts the most frequent training label (accepts pairs as ``X``)."""

    def __init__(self):
        super().__init__(strategy="most_frequent")

    def fit(self, X, y, sample_weight=None):
        return super().fit(np.zeros((len(y), 1)), y, sample_weight)

    def predict(self, X):
        return super().predict(np.zeros((len(X), 1)))

    def score(self, X, y, sample_weight=None):
        return super().score(np.zeros((len(y), 1)), y, sample_weight)


class OverlapClassifier(ClassifierMixin, BaseEstimator):
    """Logistic regression on bag-of-words / bag-of-lemmas overlap (+ lexical-resource features).

    Parameters
    ----------
    lexical_resources : bool, default=False
        Add the ``wordnet``, ``verbocean`` and ``tree`` families to ``bag_overlap``.
    C : float, default=1.0
        Inverse regularization strength of the logistic regression.
    max_iter : int, default=1000
        Solver iterations.
    n_jobs : int or None
        Processes for featurization.

    Attributes
    ----------
    pipeline_ : sklearn.pipeline.Pipeline
        ``featurize`` (:class:`PairFeaturizer`), ``scale``, ``classify`` (logistic regression).
    classes_ : ndarray
    """

    def __init__(self, *, lexical_resources=False, C=1.0, max_iter=1000, n_jobs=None):
        self.lexical_resources = lexical_resources
        self.C = C
        self.max_iter = max_iter
        self.n_jobs = n_jobs

    @property
    def features(self) -> tuple[str, ...]:
        return LEXICAL_FEATURES if self.lexical_resources else PLAIN_FEATURES

    def make_pipeline(self) -> Pipeline:
        """The unfitted pipeline this classifier trains."""
        return Pipeline([
            ("featurize", PairFeaturizer(list(self.features), n_jobs=self.n_jobs)),
            ("scale", StandardScaler(with_mean=False)),
            ("classify", LogisticRegression(C=self.C, max_iter=self.max_iter)),
        ])

    def fit(self, X, y):
        y = np.asarray(y, dtype=object)
        self.pipeline_ = self.make_pipeline().fit(as_pairs(X), y)
        self.classes_ = self.pipeline_.classes_
        return self

    def predict(self, X):
        check_is_fitted(self, "pipeline_")
        return self.pipeline_.predict(as_pairs(X))

    def predict_proba(self, X):
        check_is_fitted(self, "pipeline_")
        return self.pipeline_.predict_proba(as_pairs(X))

    def feature_names(self) -> list[str]:
        """Names of the model's input columns (all dense)."""
        check_is_fitted(self, "pipeline_")
        return list(self.pipeline_.named_steps["featurize"].get_feature_names_out())
