"""RowNormCap: rows above the training quantile norm are scaled to it; nothing else changes."""
import numpy as np
import pytest
import scipy.sparse as sp
from sklearn.base import clone
from sklearn.exceptions import NotFittedError
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import MaxAbsScaler

from classifiers.logistic import make_model
from classifiers.row_norm_cap import RowNormCap

ROWS = np.array([[3.0, 4.0, 0.0], [0.0, 1.0, 0.0], [6.0, 8.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 2.0]])


@pytest.mark.parametrize("to_matrix", [np.asarray, sp.csr_matrix])
def test_long_rows_are_scaled_to_the_cap_and_short_rows_kept(to_matrix):
    cap = RowNormCap(quantile=0.5).fit(to_matrix(ROWS))
    assert cap.cap_ == 2.0  # norms 5, 1, 10, 0, 2: the median
    X = cap.transform(to_matrix(ROWS))
    X = X.toarray() if sp.issparse(X) else X
    assert np.allclose(X, [[1.2, 1.6, 0.0], [0.0, 1.0, 0.0], [1.2, 1.6, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 2.0]])
    assert np.allclose(np.linalg.norm(X, axis=1), [2, 1, 2, 0, 2])


def test_sparse_in_sparse_out_same_structure():
    X = sp.csr_matrix(ROWS)
    out = RowNormCap(0.5).fit_transform(X)
    assert out.format == "csr" and np.array_equal(out.indices, X.indices) and np.array_equal(out.indptr, X.indptr)
    assert np.array_equal(X.toarray(), ROWS)  # the input left alone


def test_copy_false_caps_a_csr_matrix_in_place():
    X = sp.csr_matrix(ROWS)
    assert RowNormCap(0.5, copy=False).fit_transform(X) is X
    assert np.allclose(np.linalg.norm(X.toarray(), axis=1), [2, 1, 2, 0, 2])


def test_a_state_saved_before_copy_was_a_parameter_copies():
    fitted = RowNormCap(0.5).fit(ROWS)
    del fitted.__dict__["copy"]  # what a model file of lexnli 0.4.0 restores
    X = sp.csr_matrix(ROWS)
    assert fitted.transform(X) is not X and np.array_equal(X.toarray(), ROWS)


def test_repeated_entries_count_once_summed():
    X = sp.csr_matrix((np.array([3.0, 1.0, 3.0]), np.array([0, 0, 1]), np.array([0, 3])), shape=(1, 2))
    assert not X.has_canonical_format
    assert np.allclose(RowNormCap(1.0).fit(X).cap_, 5.0)  # the row is (4, 3)


def test_quantile_one_leaves_training_rows_alone_but_caps_longer_new_rows():
    cap = RowNormCap(1.0).fit(ROWS)
    assert np.allclose(cap.transform(ROWS), ROWS)
    assert np.allclose(np.linalg.norm(cap.transform([[30.0, 40.0, 0.0]])), 10.0)


def test_validation_and_conventions():
    with pytest.raises(ValueError, match="quantile"):
        RowNormCap(quantile=0).fit(ROWS)
    with pytest.raises(NotFittedError):
        RowNormCap().transform(ROWS)
    fitted = RowNormCap().fit(ROWS)
    with pytest.raises(ValueError, match="2 features"):
        fitted.transform(ROWS[:, :2])
    assert list(fitted.get_feature_names_out()) == ["x0", "x1", "x2"]
    assert clone(fitted).get_params() == {"quantile": 0.99, "copy": True} and not hasattr(clone(fitted), "cap_")
    assert RowNormCap().fit(np.zeros((0, 3))).cap_ == np.inf
    piped = Pipeline([("scale", MaxAbsScaler()), ("cap", RowNormCap(0.5))]).fit(ROWS)
    assert piped.transform(ROWS).shape == ROWS.shape


def test_the_classifier_pipeline_caps_after_scaling():
    assert [name for name, _ in make_model().steps] == ["featurize", "scale", "cap", "classify"]


def test_row_norm_cap_validation_dtype_and_empty_input():
    import scipy.sparse as sp

    from classifiers.row_norm_cap import RowNormCap

    with pytest.raises(ValueError, match=r"quantile must be in \(0, 1\], got 1.5"):
        RowNormCap(quantile=1.5).fit(np.ones((3, 2)))
    cap = RowNormCap(quantile=0.5).fit(np.array([[3, 4], [6, 8], [0, 1]]))  # norms 5, 10, 1: cap 5
    np.testing.assert_allclose(cap.transform(np.array([[6, 8]])), [[3.0, 4.0]])  # integers scaled as floats
    assert cap.transform(sp.csr_matrix((0, 2))).shape == (0, 2)
