"""classifiers.logistic: the pipeline ``make_model`` builds and its settings, and C chosen on dev.

C selection is checked against dev accuracies recounted by hand from one model fitted per C (and
scripted ties), and against out-of-fold accuracies recounted from one hand-fitted model per fold.
"""
import numpy as np
import pytest
from sklearn.pipeline import Pipeline

import classifiers.logistic as logistic
from classifiers import evaluation
from classifiers.logistic import fit_select_C, fit_select_C_cv, make_model

from featurize import PairFeaturizer
from tests.helpers.matrices import assert_same_matrix
from tests.helpers.recount import hand_accuracy
from tests.helpers.string_pairs import X_TEXT


# --- C selection -----------------------------------------------------------------------------------

def test_selected_C_has_the_best_dev_accuracy_recounted_by_hand(noisy_snli):
    train, dev = noisy_snli["train"], noisy_snli["dev"]
    grid = (1.0, 0.01, 0.1)
    selection = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "lexicalized", grid=grid)
    hand = {}
    for C_value in grid:  # each C fitted on its own: the same pipeline make_model builds
        model = make_model("lexicalized", C=C_value).fit(train.pairs, train.labels)
        hand[C_value] = hand_accuracy(dev.labels, model.predict(dev.pairs))
    assert selection.dev_accuracy == pytest.approx(hand)
    assert len(set(hand.values())) == len(grid)  # the fixture makes every C score differently on dev
    best = max(hand.values())
    assert selection.C == min(C_value for C_value in grid if hand[C_value] == best)
    assert selection.model.named_steps["classify"].C == selection.C
    np.testing.assert_array_equal(selection.dev_predictions, selection.model.predict(dev.pairs))
    np.testing.assert_array_equal(selection.train_predictions, selection.model.predict(train.pairs))


@pytest.mark.parametrize("scores, expected", [
    ({1.0: 0.9, 0.1: 0.5, 0.3: 0.7}, 1.0),   # the largest accuracy wins, wherever it is in the grid
    ({1.0: 0.5, 0.1: 0.9, 0.3: 0.7}, 0.1),
    ({1.0: 0.7, 0.1: 0.5, 0.3: 0.7}, 0.3),   # a tie goes to the smaller C
    ({1.0: 0.6, 0.1: 0.6, 0.3: 0.6}, 0.1),
])
def test_C_selection_with_scripted_dev_accuracies(noisy_snli, monkeypatch, scores, expected):
    """Dev accuracies injected in grid order: the choice is checked on values set by hand, ties included."""
    train, dev = noisy_snli["train"], noisy_snli["dev"]
    scripted = iter(scores.values())
    monkeypatch.setattr(evaluation, "accuracy", lambda gold, predicted: next(scripted))
    selection = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "unlexicalized", grid=tuple(scores))
    assert selection.dev_accuracy == scores
    assert selection.C == expected and selection.model.named_steps["classify"].C == expected


def test_cross_validated_C_recounted_from_a_model_fitted_per_fold(noisy_snli):
    """Each fold's whole pipeline (featurizer included) is fitted on the fold's training part only;
    the accuracies are those of the pooled out-of-fold predictions; the model is refitted on all pairs."""
    from sklearn.model_selection import StratifiedKFold

    pairs = noisy_snli["train"].pairs + noisy_snli["dev"].pairs
    labels = np.array([p.label for p in pairs])
    grid = (1.0, 0.01, 0.1)
    selection = fit_select_C_cv(pairs, labels, "lexicalized", folds=4, seed=7, grid=grid)
    held_out = {C_value: np.empty(len(pairs), dtype=object) for C_value in grid}
    times_held_out = np.zeros(len(pairs), dtype=int)
    for train_at, test_at in StratifiedKFold(4, shuffle=True, random_state=7).split(labels, labels):
        times_held_out[test_at] += 1
        for C_value in grid:
            model = make_model("lexicalized", C=C_value).fit([pairs[i] for i in train_at], labels[train_at])
            held_out[C_value][test_at] = model.predict([pairs[i] for i in test_at])
    assert (times_held_out == 1).all()
    hand = {C_value: hand_accuracy(labels, held_out[C_value]) for C_value in grid}
    assert selection.dev_accuracy == pytest.approx(hand)
    assert len(set(hand.values())) == len(grid)
    best = max(hand.values())
    assert selection.C == min(C_value for C_value in grid if hand[C_value] == best)
    np.testing.assert_array_equal(selection.dev_predictions, held_out[selection.C])
    refitted = make_model("lexicalized", C=selection.C).fit(pairs, labels)
    np.testing.assert_array_equal(selection.model.predict(pairs), refitted.predict(pairs))
    np.testing.assert_array_equal(selection.train_predictions, refitted.predict(pairs))


def test_the_grid_and_the_folds_log_one_line_each(noisy_snli, caplog):
    """Off a terminal, one log line after each C fitted and each fold (``progress=False``: no bar)."""
    train, dev = noisy_snli["train"], noisy_snli["dev"]
    with caplog.at_level("INFO", logger="lexnli"):
        fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "unlexicalized", grid=(1.0, 0.1, 0.3))
    fits = [r.getMessage() for r in caplog.records if "fitting C in" in r.getMessage()]
    assert [line.split(": ")[-1].split(" in ")[0] for line in fits] == ["1/3 fits", "2/3 fits", "3/3 fits"]
    assert fits[0].startswith(f"unlexicalized: fitting C in 1, 0.1, 0.3 on {len(train):,} pairs: 1/3 fits in ")
    caplog.clear()
    with caplog.at_level("INFO", logger="lexnli"):
        fit_select_C_cv(train.pairs, train.labels, "unlexicalized", folds=3, grid=(1.0,))
    messages = [r.getMessage() for r in caplog.records]
    assert [m.split(": ")[-1].split(" in ")[0] for m in messages if "3-fold cross-validation" in m] == \
        ["1/3 folds", "2/3 folds", "3/3 folds"]
    assert sum("fitting C in 1 on" in m for m in messages) == 3  # one grid per fold
    assert any(m.startswith("unlexicalized: refitting C=1 on all") and "done in" in m for m in messages)


# --- the pipeline and its settings ------------------------------------------------------------------


def test_make_model_defaults_and_overrides():
    steps = make_model().named_steps
    assert steps["featurize"].features == "lexicalized" and steps["featurize"].progress is False
    assert steps["classify"].C == 1.0
    tuned = make_model("unlexicalized", C=0.5, featurizer_params={"min_df": 1, "tag_set": "ptb"}).named_steps
    assert (tuned["featurize"].features, tuned["featurize"].min_df, tuned["featurize"].tag_set) == \
        ("unlexicalized", 1, "ptb")
    assert tuned["classify"].C == 0.5
    assert (steps["classify"].solver, steps["classify"].tol) == ("saga", 1e-3)  # the module docstring's solver
    passed = make_model(n_jobs=2, progress=True).named_steps["featurize"]
    assert (passed.n_jobs, passed.progress) == (2, True)


def test_fit_select_C_passes_settings_and_reports_non_convergence(noisy_snli, caplog):
    from classifiers.logistic import fit_select_C

    train, dev = noisy_snli["train"], noisy_snli["dev"]
    with caplog.at_level("WARNING", logger="lexnli"):
        stopped = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, grid=(1.0,), max_iter=1,
                               featurizer_params={"min_df": 1}, n_jobs=1, progress=True)
    featurizer = stopped.model.named_steps["featurize"]
    assert (featurizer.features, featurizer.min_df, featurizer.n_jobs, featurizer.progress) == \
        ("lexicalized", 1, 1, True)
    assert stopped.converged == {1.0: False}
    assert "logistic regression (C=1) did not converge in 1 epochs" in caplog.text
    caplog.clear()
    with caplog.at_level("WARNING", logger="lexnli"):
        done = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "unlexicalized", grid=(1.0,))
    assert done.converged == {1.0: True} and "did not converge" not in caplog.text
    assert done.model.named_steps["featurize"].progress is False


def test_the_grid_fitted_in_threads_gives_the_same_classifiers(noisy_snli, caplog):
    """n_jobs=2 fits two C at once: each classifier, prediction and convergence flag is the one a fit at a
    time gives, and a fit out of epochs in a thread is still reported."""
    train, dev = noisy_snli["train"], noisy_snli["dev"]
    grid = (1.0, 0.01, 0.1)
    one, two = (fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "lexicalized", grid=grid, n_jobs=n)
                for n in (1, 2))
    assert (one.C, one.dev_accuracy, one.converged) == (two.C, two.dev_accuracy, two.converged)
    assert list(one.dev_accuracy) == list(two.dev_accuracy) == list(one.converged) == list(grid)  # grid order
    np.testing.assert_array_equal(one.model.named_steps["classify"].coef_, two.model.named_steps["classify"].coef_)
    np.testing.assert_array_equal(one.dev_predictions, two.dev_predictions)
    with caplog.at_level("WARNING", logger="lexnli"):
        stopped = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "unlexicalized", grid=(1.0, 0.1),
                               max_iter=1, n_jobs=2)
    assert stopped.converged == {1.0: False, 0.1: False}
    assert "C=1) did not converge" in caplog.text and "C=0.1) did not converge" in caplog.text


def test_the_grid_starts_from_the_largest_C(noisy_snli, monkeypatch):
    """The slowest fit (the weakest regularization) starts first, so threads do not end on it alone."""
    import classifiers.logistic as logistic

    started, fit = [], logistic._fit
    monkeypatch.setattr(logistic, "_fit", lambda X, y, C, *rest: started.append(C) or fit(X, y, C, *rest))
    train, dev = noisy_snli["train"], noisy_snli["dev"]
    found = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "unlexicalized", grid=(0.1, 1.0, 0.3))
    assert started == [1.0, 0.3, 0.1]
    assert list(found.dev_accuracy) == [0.1, 1.0, 0.3]


def test_pipeline_learns_the_templates(template_selection, template_corpora):
    assert set(template_selection.dev_accuracy) == {0.1, 1.0} and all(template_selection.converged.values())
    best = max(template_selection.dev_accuracy.values())  # ties (both C at 100% on these templates) go to the smaller C
    assert template_selection.C == min(C for C, score in template_selection.dev_accuracy.items() if score == best)
    predicted = template_selection.model.predict(template_corpora["test"].pairs)
    assert np.mean(predicted == np.array(template_corpora["test"].labels)) > 0.9


def test_fit_preprocessing_scales_block_by_block_as_one_fit_would(monkeypatch):
    monkeypatch.setattr(logistic, "SCALE_BLOCK_ROWS", 3)
    assert len(X_TEXT) > 2 * 3
    model, X = logistic.fit_preprocessing(PairFeaturizer("lexicalized"), X_TEXT)
    whole = Pipeline([("featurize", PairFeaturizer("lexicalized")), *logistic.scaling_steps()]).fit(X_TEXT)
    assert np.array_equal(model.named_steps["scale"].max_abs_, whole.named_steps["scale"].max_abs_)
    assert model.named_steps["scale"].n_samples_seen_ == len(X_TEXT)
    assert_same_matrix(X, whole.transform(X_TEXT))
