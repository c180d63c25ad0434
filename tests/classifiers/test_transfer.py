"""classifiers.transfer: a featurizer's columns followed by another model's class log-probabilities."""
import numpy as np


def test_with_model_probabilities_fit_transform_and_names():
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.feature_selection import SelectKBest, chi2
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    from classifiers.transfer import WithModelProbabilities

    X = [{"a": 1.0}, {"b": 2.0}, {"a": 1.0, "b": 1.0}, {"c": 3.0}]
    source = LogisticRegression().fit(DictVectorizer().fit_transform(X), ["x", "y", "x", "z"])
    source_model = make_pipeline(DictVectorizer().fit(X), source)
    stacked = WithModelProbabilities(DictVectorizer(), source_model)
    by_fit = stacked.fit(X).transform(X).toarray()
    assert np.array_equal(by_fit, WithModelProbabilities(DictVectorizer(), source_model).fit_transform(X).toarray())
    probabilities = source.predict_proba(DictVectorizer().fit_transform(X))
    assert np.allclose(by_fit[:, :3], [[1, 0, 0], [0, 2, 0], [1, 1, 0], [0, 0, 3]])  # the featurizer's columns
    assert np.allclose(by_fit[:, 3:], np.log(probabilities))
    assert list(stacked.get_feature_names_out()) == ["a", "b", "c", "log_p_x", "log_p_y", "log_p_z"]
    assert not hasattr(stacked.featurizer, "vocabulary_")  # a clone is fitted, not the given featurizer
    assert stacked.get_feature_names_out().dtype == object  # scikit-learn's convention for feature names
    # a supervised featurizer is fitted with the labels: keep the 2 columns of {a, b, c} most tied to them
    selecting = WithModelProbabilities(make_pipeline(DictVectorizer(), SelectKBest(chi2, k=2)), source_model)
    assert selecting.fit(X, ["x", "y", "x", "z"]).transform(X).shape == (4, 2 + 3)
