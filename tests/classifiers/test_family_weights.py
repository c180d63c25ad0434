"""FamilyWeights: the named families' indicator columns are multiplied by their weight; nothing else changes."""
import numpy as np
import pytest
import scipy.sparse as sp
from sklearn.base import clone
from sklearn.exceptions import NotFittedError
from sklearn.pipeline import Pipeline

from classifiers.explain import top_features
from classifiers.family_weights import FamilyWeights, column_family
from classifiers.logistic import fit_classifier, fit_preprocessing, fit_select_C, scaling_steps
from classifiers.persistence import load_model, save_model
from featurize import PairFeaturizer

from tests.helpers.string_pairs import X_TEXT, Y

NAMES = ["bleu", "bleu<0.5", "alignment:word:new", "hyp_unigrams:dog", "alignment:subst:antonym"]
ROWS = np.array([[0.5, 1.0, 1.0, 1.0, 0.0], [0.25, 0.0, 0.0, 1.0, 1.0]])


def test_column_family_is_the_name_before_the_first_colon():
    assert [column_family(n) for n in NAMES] == ["", "", "alignment", "hyp_unigrams", "alignment"]


@pytest.mark.parametrize("to_matrix", [np.asarray, sp.csr_matrix])
def test_only_the_named_families_columns_are_multiplied(to_matrix):
    weights = FamilyWeights({"alignment": 2.5, "hyp_unigrams": 0.5}).fit(to_matrix(ROWS), feature_names=NAMES)
    assert list(weights.column_weights_) == [1.0, 1.0, 2.5, 0.5, 2.5]
    out = weights.transform(to_matrix(ROWS))
    out = out.toarray() if sp.issparse(out) else out
    assert np.allclose(out, [[0.5, 1.0, 2.5, 0.5, 0.0], [0.25, 0.0, 0.0, 0.5, 2.5]])


def test_sparse_in_sparse_out_and_the_input_left_alone():
    X = sp.csr_matrix(ROWS)
    out = FamilyWeights({"alignment": 3.0}).fit_transform(X, feature_names=NAMES)
    assert out.format == "csr" and np.array_equal(out.indices, X.indices)
    assert np.allclose(X.toarray(), ROWS)


def test_copy_false_weights_a_csr_matrix_in_place():
    X = sp.csr_matrix(ROWS)
    out = FamilyWeights({"alignment": 3.0}, copy=False).fit_transform(X, feature_names=NAMES)
    assert out is X and np.allclose(X.toarray()[:, [2, 4]], 3 * ROWS[:, [2, 4]])


def test_a_state_saved_before_copy_was_a_parameter_copies():
    fitted = FamilyWeights({"alignment": 3.0}).fit(ROWS, feature_names=NAMES)
    del fitted.__dict__["copy"]  # what a model file of lexnli 0.4.0 restores
    X = sp.csr_matrix(ROWS)
    assert fitted.transform(X) is not X and np.array_equal(X.toarray(), ROWS)


def test_no_weights_is_the_identity_and_needs_no_names():
    for weights in (None, {}):
        fitted = FamilyWeights(weights).fit(ROWS)
        assert fitted.column_weights_ is None and np.array_equal(fitted.transform(ROWS), ROWS)


@pytest.mark.parametrize("weights, names, message", [
    ({"alignment": 2.0}, None, "need the name of each of the 5 columns"),
    ({"alignment": 2.0}, NAMES[:4], "need the name of each of the 5 columns"),
    ({"verbocean": 2.0}, NAMES, "no column of family 'verbocean' .*alignment, hyp_unigrams"),
    ({"alignment": 0.0}, NAMES, "positive number, got 0.0"),
    ({"alignment": -1}, NAMES, "positive number, got -1"),
    ({"alignment": float("nan")}, NAMES, "positive number, got nan"),
    ({"alignment": float("inf")}, NAMES, "positive number, got inf"),
    ({"alignment": "2"}, NAMES, "positive number, got '2'"),
    ({"alignment": True}, NAMES, "positive number, got True"),
])
def test_bad_weights_or_missing_names_are_refused(weights, names, message):
    with pytest.raises(ValueError, match=message):
        FamilyWeights(weights).fit(ROWS, feature_names=names)


def test_conventions():
    with pytest.raises(NotFittedError):
        FamilyWeights().transform(ROWS)
    fitted = FamilyWeights({"alignment": 2.0}).fit(ROWS, feature_names=NAMES)
    with pytest.raises(ValueError, match="4 features, but FamilyWeights was fitted with 5"):
        fitted.transform(ROWS[:, :4])
    assert list(fitted.get_feature_names_out(NAMES)) == NAMES
    assert clone(fitted).get_params() == {"weights": {"alignment": 2.0}, "copy": True}
    assert not hasattr(clone(fitted), "column_weights_")


def test_the_weights_step_sits_between_scaling_and_the_cap_only_when_asked_for():
    assert [name for name, _ in scaling_steps()] == ["scale", "cap"]
    assert [name for name, _ in scaling_steps({"alignment": 2.0})] == ["scale", "weight", "cap"]


def test_the_scaling_steps_scale_the_featurizers_matrix_in_place():
    X = sp.csr_matrix(ROWS)
    out = Pipeline(scaling_steps({"alignment": 2.0})).fit_transform(X, weight__feature_names=NAMES)
    copying = Pipeline([(name, clone(step).set_params(copy=True)) for name, step in scaling_steps({"alignment": 2.0})])
    expected = copying.fit_transform(sp.csr_matrix(ROWS), weight__feature_names=NAMES)
    assert out is X and np.array_equal(X.toarray(), expected.toarray()) and not np.allclose(X.toarray(), ROWS)


def test_fit_preprocessing_weights_the_featurizers_columns_by_name():
    plain, X_plain = fit_preprocessing(PairFeaturizer("lexicalized"), X_TEXT)
    weighted, X_weighted = fit_preprocessing(PairFeaturizer("lexicalized"), X_TEXT, {"hyp_unigrams": 2.0})
    assert [name for name, _ in weighted.steps] == ["featurize", "scale", "weight", "cap"]
    names = weighted.named_steps["featurize"].get_feature_names_out()
    at = np.array([n.startswith("hyp_unigrams:") for n in names])
    assert 0 < at.sum() < len(names)
    before_cap = weighted[:-1].transform(X_TEXT).toarray()
    scaled = plain[:-1].transform(X_TEXT).toarray()
    assert np.allclose(before_cap[:, at], 2 * scaled[:, at]) and np.allclose(before_cap[:, ~at], scaled[:, ~at])
    # what fit returned is what transform gives
    assert np.allclose(weighted.transform(X_TEXT).toarray(), X_weighted.toarray())
    assert not np.allclose(X_plain.toarray(), X_weighted.toarray())


def test_fit_select_C_passes_the_weights_and_the_model_round_trips_through_skops(tmp_path):
    selection = fit_select_C(X_TEXT, Y, X_TEXT, Y, "lexicalized", grid=(1.0,), family_weights={"hyp_unigrams": 2.0})
    model = selection.model
    assert list(model.named_steps["weight"].weights) == ["hyp_unigrams"]
    loaded = load_model(save_model(model, tmp_path / "m.skops"))
    np.testing.assert_array_equal(loaded.predict_proba(X_TEXT), model.predict_proba(X_TEXT))


def test_top_features_count_a_columns_family_weight():
    """A weighted column can push a prediction by its weight times the family weight."""
    preprocess, X = fit_preprocessing(PairFeaturizer("lexicalized"), X_TEXT, {"hyp_unigrams": 4.0})
    classifier, _ = fit_classifier(X, Y, 1.0)
    model = Pipeline([*preprocess.steps, ("classify", classifier)])
    names = list(preprocess.named_steps["featurize"].get_feature_names_out())
    centered = classifier.coef_ - classifier.coef_.mean(axis=0)
    for i, label in enumerate(classifier.classes_):
        for name, value in top_features(model, X_TEXT, k=5)[label]:
            expected = centered[i, names.index(name)] * (4.0 if name.startswith("hyp_unigrams:") else 1.0)
            assert value == pytest.approx(expected)
