"""PairFeaturizer as a scikit-learn transformer, and properties that must hold on any text.

Conventions: clone / get_params / set_params, Pipeline and GridSearchCV, CSR output with int32
indices, hashing vs vocabulary mode, NotFittedError, column names. Properties (hypothesis, on
arbitrary unicode): no crash, finite values, determinism, rows independent of batch order,
batch size and n_jobs.
"""
import pickle

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp
from hypothesis import HealthCheck, given, settings, strategies as st
from sklearn.base import clone
from sklearn.exceptions import NotFittedError
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import Pipeline

from featurize import LABELS, Pair, PairFeaturizer
from featurize.hashing import stable_hash
from featurize.inputs import as_pairs, tagged_tokens

from tests.helpers.features import S, long_sentence
from tests.helpers.matrices import assert_same_matrix
from tests.helpers.string_pairs import X_TEXT, Y

N_DENSE = 16


# ---- scikit-learn conventions -----------------------------------------------------------------

def test_get_params_set_params_and_clone():
    featurizer = PairFeaturizer("unigrams_only", n_features=2**12, lowercase=False, batch_size=7)
    params = featurizer.get_params()
    assert params == {"features": "unigrams_only", "n_features": 2**12, "min_df": 1, "dense_bins": None,
                      "dense_bins_drop": None, "lowercase": False, "tag_set": "ptb", "n_jobs": None, "batch_size": 7,
                      "progress": False,
                      "columns": None, "syntax": None}
    assert featurizer.set_params(n_features=None, lowercase=True) is featurizer
    assert (featurizer.n_features, featurizer.lowercase) == (None, True)
    with pytest.raises(ValueError):
        featurizer.set_params(no_such_parameter=1)
    featurizer.fit(X_TEXT)
    copy = clone(featurizer)
    assert copy.get_params() == featurizer.get_params() and copy is not featurizer
    assert not hasattr(copy, "n_features_out_")  # clone is unfitted
    assert_same_matrix(copy.fit_transform(X_TEXT), featurizer.transform(X_TEXT))


def test_output_is_csr_with_int32_indices():
    for n_features in (2**10, 2**22, None):
        X = PairFeaturizer(n_features=n_features).fit_transform(X_TEXT)
        assert sp.issparse(X) and X.format == "csr" and X.dtype == np.float64
        assert X.indices.dtype == np.int32 and X.indptr.dtype == np.int32
        assert X.has_canonical_format and np.isfinite(X.data).all()


def test_hashing_and_vocabulary_shapes():
    hashed = PairFeaturizer(n_features=2**10)
    learned = PairFeaturizer(n_features=None)
    Xh, Xv = hashed.fit_transform(X_TEXT), learned.fit_transform(X_TEXT)
    assert Xh.shape == (len(X_TEXT), N_DENSE + 2**10) == (len(X_TEXT), hashed.n_features_out_)
    assert Xv.shape == (len(X_TEXT), N_DENSE + len(learned.vocabulary_)) == (len(X_TEXT), learned.n_features_out_)
    assert learned.vocabulary_.dtype == np.uint64 and len(set(learned.vocabulary_)) == len(learned.vocabulary_)
    # columns by descending document frequency, ties by key
    df = np.diff((Xv[:, N_DENSE:] > 0).tocsc().indptr)
    assert np.all(np.diff(df) <= 0)
    assert all(a < b for a, b, da, db in zip(learned.vocabulary_, learned.vocabulary_[1:], df, df[1:]) if da == db)
    assert_same_matrix(Xh[:, :N_DENSE], Xv[:, :N_DENSE])
    # hashing can merge two features of a row into one column, never create one
    assert (np.diff(Xh.indptr) <= np.diff(Xv.indptr)).all()
    # fit alone learns the same; hashing-mode fit needs no pass over the data
    assert_same_matrix(PairFeaturizer(n_features=None).fit(X_TEXT).transform(X_TEXT), Xv)
    assert PairFeaturizer(n_features=2**10).fit(X_TEXT[:1]).n_features_out_ == N_DENSE + 2**10


@pytest.mark.parametrize("n_features", [0, -3, 2.5, "many"])
def test_bad_n_features(n_features):
    with pytest.raises(ValueError, match="n_features"):
        PairFeaturizer(n_features=n_features).fit(X_TEXT)


def test_bad_batch_size():
    with pytest.raises(ValueError, match="batch_size"):
        PairFeaturizer(batch_size=0).fit(X_TEXT)


def test_vocabulary_mode_ignores_unseen_features():
    featurizer = PairFeaturizer(n_features=None).fit([("A dog runs.", "A dog runs.")])
    X = featurizer.transform([("A cat sleeps.", "A cat sleeps quietly.")])
    assert X.shape == (1, featurizer.n_features_out_)
    names = featurizer.feature_names([("A cat sleeps.", "A cat sleeps quietly.")])
    indicators = sorted(n for j, ns in names.items() if j >= N_DENSE for n in ns)
    assert indicators == ["cross_unigrams:. | .", "cross_unigrams:a | a", "hyp_unigrams:.", "hyp_unigrams:a"]
    assert sorted(X.indices[X.indices >= N_DENSE]) == sorted(j for j in names if j >= N_DENSE)
    # text made only of unseen words keeps just its dense features
    X = featurizer.transform([("Zebras graze", "Lions hunt")])
    assert X.indices.max(initial=0) < N_DENSE


def test_empty_vocabulary_and_empty_input():
    featurizer = PairFeaturizer(n_features=None).fit([("", "")])
    assert len(featurizer.vocabulary_) == 0 and featurizer.n_features_out_ == N_DENSE
    assert featurizer.transform(X_TEXT[:3]).shape == (3, N_DENSE)
    assert featurizer.transform([]).shape == (0, N_DENSE)
    assert PairFeaturizer(n_features=2**10).fit(X_TEXT).transform([]).shape == (0, N_DENSE + 2**10)


@pytest.mark.parametrize("n_features", [None, 2**10])
@pytest.mark.parametrize("fit", ["fit", "fit_transform"])
def test_fitting_on_no_pairs_is_refused(n_features, fit):
    # as scikit-learn's estimators refuse 0 samples: there is no vocabulary or bin edge to learn
    with pytest.raises(ValueError, match="Found 0 pairs while a minimum of 1 is required"):
        getattr(PairFeaturizer(n_features=n_features, dense_bins=5), fit)([])
    with pytest.raises(ValueError, match="Found 0 pairs"):
        getattr(PairFeaturizer(n_features=n_features), fit)(pd.DataFrame({"premise": [], "hypothesis": []}))
    pipeline = Pipeline([("featurize", PairFeaturizer(n_features=n_features)), ("classify", LogisticRegression())])
    with pytest.raises(ValueError, match="Found 0 pairs"):
        pipeline.fit([], [])


def test_min_df_counts_pairs_not_occurrences():
    twice_in_one = Pair(S("a man", "DT NN"), S("man man", "NN NN"))
    once_each = [Pair(S("a dog", "DT NN"), S("cat", "NN")), Pair(S("a cow", "DT NN"), S("cat", "NN"))]
    featurizer = PairFeaturizer("hyp_unigrams", n_features=None, min_df=2).fit([twice_in_one, *once_each])
    names = featurizer.feature_names([twice_in_one, *once_each])
    assert sorted(n for v in names.values() for n in v) == ["hyp_unigrams:cat"]
    assert PairFeaturizer("hyp_unigrams", n_features=None).fit([twice_in_one, *once_each]).n_features_out_ == 2


# ---- binned real-valued columns ---------------------------------------------------------------

@pytest.mark.parametrize("n_features", [2**10, None])
def test_dense_bins_one_indicator_per_real_column(n_features):
    plain = PairFeaturizer(n_features=n_features).fit(X_TEXT)
    binned = PairFeaturizer(n_features=n_features, dense_bins=4).fit(X_TEXT)  # fit alone, hashing mode too
    X, X_plain = binned.transform(X_TEXT), plain.transform(X_TEXT)
    n_bins = sum(len(e) + 1 for e in binned.bin_edges_)
    assert len(binned.bin_edges_) == N_DENSE and all(len(e) <= 3 for e in binned.bin_edges_)
    assert X.shape[1] == X_plain.shape[1] + n_bins == binned.n_features_out_
    # real values unchanged, indicators shifted past the bins, exactly one bin per real column
    assert_same_matrix(X[:, :N_DENSE], X_plain[:, :N_DENSE])
    assert_same_matrix(X[:, N_DENSE + n_bins:], X_plain[:, N_DENSE:])
    bins = X[:, N_DENSE:N_DENSE + n_bins].toarray()
    assert set(bins.ravel()) <= {0.0, 1.0} and (bins.sum(axis=1) == N_DENSE).all()
    # the bin fired is the one whose edges bracket the value
    values = X_plain[:, :N_DENSE].toarray()
    start = N_DENSE
    for j, edges in enumerate(binned.bin_edges_):
        fired = bins[:, start - N_DENSE:start - N_DENSE + len(edges) + 1].argmax(axis=1)
        assert np.array_equal(fired, np.searchsorted(edges, values[:, j], side="right"))
        start += len(edges) + 1


def test_dense_bins_are_equal_frequency_and_named():
    featurizer = PairFeaturizer("length_diff", dense_bins=2).fit([("a b c d e", "a"), ("a b c", "a"), ("a b", "a b c"),
                                                                  ("a", "a b c d")])
    (edges,) = featurizer.bin_edges_
    assert edges.tolist() == [0.5]  # length differences 4, 2, -1, -3: the median splits them 2/2
    assert list(featurizer.get_feature_names_out()) == ["length_diff", "length_diff<0.5", "length_diff>=0.5"]
    X = featurizer.transform([("a b c d e f", "a"), ("a", "a b")])
    assert X.toarray().tolist() == [[5.0, 0.0, 1.0], [-1.0, 1.0, 0.0]]
    three = PairFeaturizer("length_diff", dense_bins=3).fit([("a " * k, "a") for k in range(1, 10)])
    assert three.get_feature_names_out()[2] == f"{three.bin_edges_[0][0]:.3g}<=length_diff<{three.bin_edges_[0][1]:.3g}"
    assert three.feature_names([("a b c d e", "a")], columns=[2]) == {2: [three.get_feature_names_out()[2]]}


def test_dense_bins_on_constant_and_empty_training_data():
    constant = PairFeaturizer("length_diff", dense_bins=5).fit([("a", "b")] * 4)
    assert [e.tolist() for e in constant.bin_edges_] == [[0.0]]  # tied edges merge into one
    no_real_columns = PairFeaturizer("hyp_unigrams", n_features=None, dense_bins=5).fit(X_TEXT)
    assert no_real_columns.bin_edges_ == []
    assert no_real_columns.transform(X_TEXT).shape[1] == len(no_real_columns.vocabulary_)
    one = PairFeaturizer("unlexicalized", dense_bins=5).fit(X_TEXT[:1])
    assert all(len(e) <= 1 for e in one.bin_edges_) and one.transform(X_TEXT[:2]).shape[0] == 2


@pytest.mark.parametrize("n_features", [2**10, None])
def test_dense_bins_drop_leaves_out_each_columns_most_frequent_bin(n_features):
    every = PairFeaturizer(n_features=n_features, dense_bins=4).fit(X_TEXT)
    dropped = PairFeaturizer(n_features=n_features, dense_bins=4, dense_bins_drop="most_frequent").fit(X_TEXT)
    X_every, X = every.transform(X_TEXT), dropped.transform(X_TEXT)
    assert X.shape[1] == X_every.shape[1] - N_DENSE == dropped.n_features_out_
    assert_same_matrix(X[:, :N_DENSE], X_every[:, :N_DENSE])
    assert_same_matrix(X[:, X.shape[1] - (X_every.shape[1] - N_DENSE - sum(len(e) + 1 for e in every.bin_edges_)):],
                       X_every[:, N_DENSE + sum(len(e) + 1 for e in every.bin_edges_):])
    bins, start, kept = X_every[:, N_DENSE:].toarray(), 0, []
    for edges, left_out in zip(every.bin_edges_, dropped.dropped_bins_):
        counts = bins[:, start:start + len(edges) + 1].sum(axis=0)
        assert left_out == int(np.argmax(counts)) and counts[left_out] == counts.max()  # the first of tied bins
        kept += [start + b for b in range(len(edges) + 1) if b != left_out]
        start += len(edges) + 1
    n_bins = len(kept)
    assert_same_matrix(X[:, N_DENSE:N_DENSE + n_bins], X_every[:, [N_DENSE + k for k in kept]])
    assert X.nnz < X_every.nnz
    if n_features is None:  # the names of the bins kept, in the same order
        names, every_names = list(dropped.get_feature_names_out()), list(every.get_feature_names_out())
        assert names[N_DENSE:N_DENSE + n_bins] == [every_names[N_DENSE + k] for k in kept]
        assert len(names) == X.shape[1]


def test_dense_bins_drop_of_a_constant_column_keeps_the_bin_no_training_pair_is_in():
    constant = PairFeaturizer("length_diff", dense_bins=5, dense_bins_drop="most_frequent").fit([("a", "b")] * 4)
    assert constant.dropped_bins_.tolist() == [1]  # every training pair is in length_diff>=0
    assert list(constant.get_feature_names_out()) == ["length_diff", "length_diff<0"]
    X = constant.transform([("a", "b"), ("a b", "a"), ("a", "a b")])
    assert X.toarray().tolist() == [[0.0, 0.0], [1.0, 0.0], [-1.0, 1.0]]
    assert PairFeaturizer(dense_bins_drop="most_frequent").fit(X_TEXT).dropped_bins_.size == 0  # no bins


def test_a_featurizer_saved_before_dense_bins_drop_keeps_every_bin():
    fitted = PairFeaturizer(dense_bins=4).fit(X_TEXT)
    state = fitted.__getstate__()
    del state["dense_bins_drop"], state["dropped_bins_"]  # as 0.4.0 saved it
    loaded = PairFeaturizer.__new__(PairFeaturizer)
    loaded.__setstate__(state)
    assert loaded.get_params()["dense_bins_drop"] is None and loaded.dropped_bins_.tolist() == [-1] * N_DENSE
    assert_same_matrix(loaded.transform(X_TEXT), fitted.transform(X_TEXT))


def test_bad_dense_bins_drop():
    with pytest.raises(ValueError, match="dense_bins_drop"):
        PairFeaturizer(dense_bins=5, dense_bins_drop="first").fit(X_TEXT)


@pytest.mark.parametrize("dense_bins", [0, 1, 2.5, "5"])
def test_bad_dense_bins(dense_bins):
    with pytest.raises(ValueError, match="dense_bins"):
        PairFeaturizer(dense_bins=dense_bins).fit(X_TEXT)


def test_transform_before_fit_raises_not_fitted():
    featurizer = PairFeaturizer()
    for call in (lambda: featurizer.transform(X_TEXT), featurizer.get_feature_names_out,
                 lambda: featurizer.feature_names(X_TEXT)):
        with pytest.raises(NotFittedError):
            call()


@pytest.mark.parametrize("min_df", [1, 2])
def test_feature_names_out_are_the_real_names_with_a_vocabulary(min_df):
    featurizer = PairFeaturizer(n_features=None, min_df=min_df)
    X = featurizer.fit_transform(X_TEXT)
    names = featurizer.get_feature_names_out()
    assert len(names) == featurizer.n_features_out_ == X.shape[1] and names.dtype == object
    assert list(names[:N_DENSE]) == featurizer.dense_columns_ and len(set(names)) == len(names)
    # every column's name is the one feature_names finds for it in the training pairs
    assert {j: [names[j]] for j in range(N_DENSE, X.shape[1])} == {
        j: ns for j, ns in featurizer.feature_names(X_TEXT).items() if j >= N_DENSE}


def test_hashing_has_no_feature_names_out_like_hashing_vectorizer():
    from sklearn.feature_extraction.text import HashingVectorizer

    assert not hasattr(HashingVectorizer(), "get_feature_names_out")
    assert not hasattr(PairFeaturizer(n_features=2**10), "get_feature_names_out")
    # without indicator families every column has a name, hashing or not
    dense_only = PairFeaturizer("unlexicalized", n_features=2**10).fit(X_TEXT)
    assert list(dense_only.get_feature_names_out()) == dense_only.dense_columns_


@pytest.mark.parametrize("n_features", [2**10, None])
def test_feature_names_map_columns_to_names(n_features):
    featurizer = PairFeaturizer(n_features=n_features)
    X = featurizer.fit_transform(X_TEXT)
    for i in (0, 7, 41):
        row = X[i]
        names = featurizer.feature_names([X_TEXT[i]])
        # the columns that fire in the row are exactly the named ones (dense names always listed)
        assert set(row.indices) == {j for j in names if j >= N_DENSE} | set(row.indices[row.indices < N_DENSE])
        column = {name: j for j, ns in names.items() for name in ns}
        assert X[i, column["hyp_unigrams:."]] == 1
        assert column["bleu"] == 0 and column["overlap_adverb_fraction"] == 15
    only = featurizer.feature_names(X_TEXT, columns=[0, column["hyp_unigrams:."]])
    assert set(only) == {0, column["hyp_unigrams:."]} and only[0] == ["bleu"]


def test_feature_names_report_hash_collisions():
    featurizer = PairFeaturizer("hyp_unigrams", n_features=1)
    X = featurizer.fit_transform([("x", "A man sleeps.")])
    assert X.shape == (1, 1) and X.toarray().tolist() == [[1.0]]
    assert featurizer.feature_names([("x", "A man sleeps.")]) == {
        0: ["hyp_unigrams:.", "hyp_unigrams:a", "hyp_unigrams:man", "hyp_unigrams:sleeps"]}


def test_pipeline_with_logistic_regression():
    model = Pipeline([("features", PairFeaturizer(n_features=2**10)),
                      ("classifier", LogisticRegression(max_iter=1000))])
    model.fit(X_TEXT, Y)
    assert set(model.predict(X_TEXT)) <= set(LABELS)
    assert model.score(X_TEXT, Y) > 0.9  # training accuracy on 42 pairs
    assert model.predict_proba(X_TEXT[:2]).shape == (2, 3)
    with pytest.raises(AttributeError):  # hashed columns have no single name
        model[:-1].get_feature_names_out()
    refit = clone(model).fit(X_TEXT, Y)
    assert (refit.predict(X_TEXT) == model.predict(X_TEXT)).all()


def test_grid_search():
    pairs = as_pairs(X_TEXT)  # Pair records, tagged once (strings work too, see the Pipeline test)
    model = Pipeline([("features", PairFeaturizer()), ("classifier", LogisticRegression(max_iter=1000))])
    grid = GridSearchCV(model, {"features__features": ["unlexicalized", "lexicalized"],
                                "features__n_features": [2**10, None], "classifier__C": [0.1, 1.0]}, cv=2)
    grid.fit(pairs, Y)
    assert len(grid.cv_results_["params"]) == 8 and np.isfinite(grid.cv_results_["mean_test_score"]).all()
    assert grid.best_estimator_.predict(X_TEXT[:5]).shape == (5,)


def test_pickle_round_trip():
    featurizer = PairFeaturizer(n_features=None).fit(X_TEXT)
    copy = pickle.loads(pickle.dumps(featurizer))
    assert_same_matrix(copy.transform(X_TEXT), featurizer.transform(X_TEXT))


def test_a_state_without_its_names_is_refused_not_read_short():
    featurizer = PairFeaturizer(n_features=None).fit(X_TEXT)
    state = featurizer.__getstate__()
    assert "_vocabulary_key_names" in featurizer.__dict__  # getting the state left the featurizer as it was
    del state["_vocabulary_names_packed"]
    # no names at all: refused, not a shorter list
    damaged = PairFeaturizer.__new__(PairFeaturizer)
    damaged.__setstate__(state)
    with pytest.raises(ValueError, match=f"16 feature names for {featurizer.n_features_out_} columns"):
        damaged.get_feature_names_out()


def test_n_jobs_and_progress_on_real_batches():
    serial = PairFeaturizer(n_features=None, batch_size=5).fit_transform(X_TEXT)
    parallel = PairFeaturizer(n_features=None, batch_size=5, n_jobs=2, progress=True).fit_transform(X_TEXT)
    assert_same_matrix(serial, parallel)


def test_without_a_bar_featurizing_logs_the_pairs_done(caplog):
    """``progress=None`` (a bar on a terminal only) off a terminal: the fit and the transform log their count."""
    featurizer = PairFeaturizer(("hyp_unigrams", "overlap"), batch_size=2, progress=None)
    with caplog.at_level("INFO", logger="lexnli"):
        featurizer.fit(X_TEXT)
        featurizer.transform(X_TEXT)
    n = f"{len(X_TEXT)}/{len(X_TEXT)} pairs in "
    assert [r.getMessage().split(n)[0] for r in caplog.records if n in r.getMessage() or "..." in r.getMessage()] == [
        "featurizing hyp_unigrams+overlap (fit) ...", "featurizing hyp_unigrams+overlap (fit): ",
        "featurizing hyp_unigrams+overlap (transform) ...", "featurizing hyp_unigrams+overlap (transform): "]


def test_long_pairs_make_smaller_batches_with_the_same_features(monkeypatch):
    from featurize import Pair, PairFeaturizer
    from featurize import featurizer as featurizer_module
    from featurize.featurizer import work_bounded_slices
    from featurize.inputs import tagged_tokens

    pairs = [Pair(long_sentence(n), long_sentence(m, 5)) for n, m in [(300, 200), (10, 5), (150, 150), (3, 4)] * 3]
    whole = PairFeaturizer("lexicalized").fit_transform(pairs)
    budget = 2 * 128 * 128
    slices = work_bounded_slices(tagged_tokens(pairs), batch_size=100, budget=budget)
    assert len(slices) > 3 and [s.start for s in slices[1:]] == [s.stop for s in slices[:-1]]
    assert slices[0].start == 0 and slices[-1].stop == len(pairs)
    assert [len(range(len(pairs))[s]) for s in work_bounded_slices(tagged_tokens(pairs), batch_size=5, budget=10**9)] \
        == [5, 5, 2]
    monkeypatch.setattr(featurizer_module, "WORK_PER_BATCH", budget)
    assert (PairFeaturizer("lexicalized").fit_transform(pairs) != whole).nnz == 0


# ---- properties on arbitrary text ------------------------------------------------------------

_words = st.lists(st.sampled_from(["a", "A", "dog", "dogs", "run", "the", "not", ".", ",", "!", "'s", "caf\u00e9",
                                   "\u00c9T\u00c9", "\u732b", "(", "--"]), max_size=8).map(" ".join)
TEXT = st.text(max_size=30) | _words  # st.text excludes surrogates by default; see test_surrogates
PAIRS = st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=6)  # fitting needs a pair
N_FEATURES = st.sampled_from([2**10, None])
PROPERTY = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(PAIRS, N_FEATURES, st.booleans())
def test_never_crashes_and_is_finite(pairs, n_features, lowercase):
    featurizer = PairFeaturizer(n_features=n_features, lowercase=lowercase)
    X = featurizer.fit_transform(pairs)
    assert X.shape == (len(pairs), featurizer.n_features_out_)
    assert np.isfinite(X.data).all() and X.indices.dtype == np.int32
    assert ((X.data[X.indices >= N_DENSE]) == 1).all()  # indicators are 1
    assert ((0 <= X[:, :5].toarray()) & (X[:, :5].toarray() <= 1)).all()  # BLEU and precisions
    assert_same_matrix(featurizer.transform(pairs), X)


@PROPERTY
@given(PAIRS, N_FEATURES)
def test_deterministic(pairs, n_features):
    assert_same_matrix(PairFeaturizer(n_features=n_features).fit_transform(pairs),
                       PairFeaturizer(n_features=n_features).fit_transform(pairs))


@PROPERTY
@given(st.data(), PAIRS, N_FEATURES)
def test_rows_follow_the_pairs_whatever_the_batch_order(data, pairs, n_features):
    order = data.draw(st.permutations(range(len(pairs))))
    X = PairFeaturizer(n_features=n_features).fit_transform(pairs)
    permuted = PairFeaturizer(n_features=n_features).fit_transform([pairs[i] for i in order])
    assert_same_matrix(permuted, X[list(order)] if pairs else X)


@PROPERTY
@given(PAIRS, N_FEATURES, st.integers(1, 7))
def test_batch_size_does_not_matter(pairs, n_features, batch_size):
    assert_same_matrix(PairFeaturizer(n_features=n_features, batch_size=batch_size).fit_transform(pairs),
                       PairFeaturizer(n_features=n_features).fit_transform(pairs))


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=5), N_FEATURES, st.integers(1, 3))
def test_n_jobs_does_not_matter(pairs, n_features, batch_size):
    assert_same_matrix(PairFeaturizer(n_features=n_features, batch_size=batch_size, n_jobs=2).fit_transform(pairs),
                       PairFeaturizer(n_features=n_features, batch_size=batch_size, n_jobs=1).fit_transform(pairs))


SURROGATE_TEXT = st.text(st.characters(categories=["Cs", "L", "P", "Zs"]), max_size=20)


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(SURROGATE_TEXT, SURROGATE_TEXT), min_size=1, max_size=4), N_FEATURES)
def test_surrogates(pairs, n_features):
    """A lone surrogate (no character, so no UTF-8 text) is refused at the input, naming the pair and side, as
    the corpus readers refuse it; the text functions under the input (tokenizing, hashing) accept any str."""
    found = [(i, side) for i, pair in enumerate(pairs) for side, text in zip(("premise", "hypothesis"), pair)
             if any("\ud800" <= c <= "\udfff" for c in text)]
    if found:
        i, side = found[0]
        with pytest.raises(ValueError, match=f"the {side} at position {i} holds a lone surrogate"):
            PairFeaturizer(n_features=n_features).fit(pairs)
        with pytest.raises(ValueError, match="lone surrogate"):
            as_pairs(pairs)
    else:
        assert PairFeaturizer(n_features=n_features).fit_transform(pairs).shape[0] == len(pairs)
    items = tagged_tokens(pairs)
    assert len(items) == len(pairs) and all(isinstance(stable_hash(t), int) for item in items for t in item[0])


def test_text_that_tokenizes_to_nothing():
    pairs = [("   ", "\t\n"), ("", ""), ("\u2003", "A dog.")]
    for n_features in (2**10, None):
        X = PairFeaturizer(n_features=n_features).fit_transform(pairs)
        assert X.shape[0] == 3 and np.isfinite(X.data).all()
        assert X[0].nnz == 0 and X[1].nnz == 0
        assert X[2, 5] == -3  # length_diff: 0 - 3 tokens


#: Pairs tokenized and tagged already (no tagger needed), and raw strings (tagged by lexnli.text).
_TAGGED = [Pair(S("A man sleeps .", "DT NN VBZ ."), S("A person rests .", "DT NN VBZ ."), "entailment")]


def _collector_state():
    """Whether the collector runs, and its thresholds."""
    import gc

    return gc.isenabled(), gc.get_threshold()


@pytest.mark.parametrize("collector_on", [True, False], ids=["collector on", "collector off"])
@pytest.mark.parametrize("pairs", [_TAGGED, X_TEXT], ids=["tagged", "strings"])
def test_featurizing_leaves_the_garbage_collector_as_it_found_it(monkeypatch, pairs, collector_on):
    """The library changes nothing of its caller's collector: not whether it runs (while featurizing
    either), not its thresholds, not the objects the caller froze (``gc.freeze``), and it freezes none
    of its own (the freeze count only falls, as frozen objects are freed)."""
    import gc

    import featurize.featurizer as featurizer_module

    seen, batch = [], featurizer_module.Batch

    class RecordingBatch(batch):
        @classmethod
        def from_tokens(cls, items):
            seen.append(_collector_state())
            return batch.from_tokens(items)

    monkeypatch.setattr(featurizer_module, "Batch", RecordingBatch)
    was = _collector_state()
    callers = [[i] for i in range(100)]  # the caller's objects, frozen by the caller
    gc.freeze()
    (gc.enable if collector_on else gc.disable)()
    try:
        state, frozen = _collector_state(), gc.get_freeze_count()
        featurizer = PairFeaturizer("unigrams_only")
        featurizer.fit_transform(pairs)
        featurizer.fit(pairs).transform(pairs)
        with pytest.raises(TypeError):
            PairFeaturizer().fit_transform([1, 2])
        assert _collector_state() == state
        assert seen and set(seen) == {state}  # and so it was while featurizing
        assert 0 < gc.get_freeze_count() <= frozen
        assert not any(o is callers for o in gc.get_objects())  # still frozen: in no generation the collector scans
    finally:
        gc.unfreeze()
        (gc.enable if was[0] else gc.disable)()
        gc.set_threshold(*was[1])


def test_featurizing_leaves_no_cyclic_garbage():
    """Featurizing makes no reference cycles: reference counting frees all it leaves, no collection needed."""
    import gc

    gc.collect()
    featurizer = PairFeaturizer("lexicalized")
    featurizer.fit_transform(X_TEXT)
    featurizer.transform(X_TEXT)
    assert gc.collect() == 0


def test_vocabulary_names_are_built_on_first_use_and_saved_packed():
    featurizer = PairFeaturizer(n_features=None).fit(X_TEXT)
    assert featurizer.__dict__["_vocabulary_names"] is None  # not built by fitting
    state = featurizer.__getstate__()
    assert not {"_vocabulary_key_names", "_vocabulary_names"} & set(state)
    text, lengths = state["_vocabulary_names_packed"]
    assert isinstance(text, bytes) and lengths.dtype == np.uint8 and len(lengths) == len(featurizer.vocabulary_)
    copy = pickle.loads(pickle.dumps(featurizer))
    assert copy.__dict__["_vocabulary_names"] is None  # unpacked on first use only
    assert copy.vocabulary_names_ == featurizer.vocabulary_names_
    assert pickle.loads(pickle.dumps(copy)).vocabulary_names_ == featurizer.vocabulary_names_  # saved again, read
    assert_same_matrix(copy.transform(X_TEXT), featurizer.transform(X_TEXT))
    with pytest.raises(AttributeError, match="fit with n_features=None"):
        PairFeaturizer(n_features=2**10).fit(X_TEXT).vocabulary_names_


def test_n_jobs_0_is_a_parameter_error_naming_it():
    from featurize.sklearn_constraints import InvalidParameterError

    with pytest.raises(InvalidParameterError, match="'n_jobs' parameter"):
        PairFeaturizer(n_jobs=0).fit([("A man sleeps.", "A man rests.")])
