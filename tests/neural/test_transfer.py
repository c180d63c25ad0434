"""neural.transfer: fine-tuning a fitted model on new pairs, its vocabulary and optimizer state grown, the
source model left as it was."""
import copy

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install torch==2.13.0, then -e '.[neural]')")

from featurize.sklearn_constraints import InvalidParameterError
from neural.transfer import _grown_state, fine_tuned

from tests.helpers.neural_toy import toy_pairs


def test_fine_tuning_grows_the_vocabulary_and_learns_new_cues(fitted, toy):
    source = fitted["lstm"]
    before = source.predict_proba(toy["test"][0])
    new_cues = {"entailment": "indeed", "contradiction": "nobody", "neutral": "maybe"}
    train, dev, test = (toy_pairs(n, seed, cues=new_cues) for n, seed in ((150, 5), (45, 6), (60, 7)))
    tuned = fine_tuned(source, *train, eval_set=dev, learning_rate_scale=1.0, max_epochs=6)
    assert tuned.vocabulary_.words[:len(source.vocabulary_)] == source.vocabulary_.words
    assert {"indeed", "nobody", "maybe"} <= set(tuned.vocabulary_.words[len(source.vocabulary_):])
    assert tuned.learning_rate == source.learning_rate
    assert np.mean(tuned.predict(test[0]) == np.asarray(test[1])) > 0.8
    np.testing.assert_array_equal(source.predict_proba(toy["test"][0]), before)  # the source is untouched


def test_fine_tuning_checks_and_seeds_as_fit_does(fitted, toy):
    pairs, labels = toy["train"]
    with pytest.raises(ValueError, match="150 pairs but 149 labels"):
        fine_tuned(fitted["sum"], pairs, labels[:-1], eval_set=toy["dev"])
    with pytest.raises(InvalidParameterError, match="max_epochs"):
        fine_tuned(fitted["sum"], pairs, labels, eval_set=toy["dev"], max_epochs=0)
    torch_state = torch.get_rng_state()
    held_out = fine_tuned(fitted["sum"], pairs, labels, eval_set=None, max_epochs=1)
    again = fine_tuned(fitted["sum"], pairs, labels, eval_set=None, max_epochs=1)
    assert torch.equal(torch.get_rng_state(), torch_state)  # seeded on a fork of torch's generator
    assert len(held_out.history_) == 1
    np.testing.assert_array_equal(held_out.predict_proba(toy["test"][0]), again.predict_proba(toy["test"][0]))


def test_optimizer_state_grows_with_zero_rows():
    state = {"step": torch.tensor(3.0), "square_avg": torch.ones(2, 4), "acc_delta": torch.full((2, 4), 2.0)}
    grown = _grown_state(state, torch.zeros(5, 4))
    assert grown["step"] == 3.0
    assert grown["square_avg"].tolist() == [[1.0] * 4] * 2 + [[0.0] * 4] * 3
    assert grown["acc_delta"][:2].eq(2).all() and grown["acc_delta"][2:].eq(0).all()
    same_rows = _grown_state(state, torch.zeros(2, 4))  # a parameter that did not grow: a copy all the same
    for value in (*grown.values(), *same_rows.values()):
        value.add_(1)  # as the optimizer updates its state in place
    assert state["step"] == 3.0 and state["square_avg"].eq(1).all() and state["acc_delta"].eq(2).all()


def test_fine_tuning_leaves_the_source_optimizer_state_alone(fitted, toy):
    source = fitted["lstm"]
    before = copy.deepcopy(source.optimizer_state_)
    fine_tuned(source, *toy["dev"], eval_set=toy["dev"], max_epochs=2)
    assert before.keys() == source.optimizer_state_.keys()
    for name, state in before.items():
        assert all(torch.equal(value, source.optimizer_state_[name][key]) for key, value in state.items()), name
