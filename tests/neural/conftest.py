"""The neural tests' toy set and models fitted on it once per run (the tests must not change them).

Only the neural tests use these fixtures, and they skip without torch, so torch is imported here lazily."""
import pytest

from tests.helpers.neural_toy import SMALL, toy_pairs


@pytest.fixture(scope="session")
def toy():
    """150 train, 45 dev and 60 test pairs of :mod:`tests.helpers.neural_toy`."""
    return {"train": toy_pairs(150, 0), "dev": toy_pairs(45, 1), "test": toy_pairs(60, 2)}


@pytest.fixture(scope="session")
def fitted(toy):
    """A sum-of-words, an RNN and an LSTM encoder fitted with :data:`~tests.helpers.neural_toy.SMALL`."""
    import torch

    from neural.estimator import SentenceEncoderClassifier

    torch.set_num_threads(1)
    return {encoder: SentenceEncoderClassifier(encoder, **SMALL).fit(*toy["train"], eval_set=toy["dev"])
            for encoder in ("sum", "rnn", "lstm")}


@pytest.fixture(scope="session")
def overshooting(toy):
    """A model whose learning rate is too high: its dev accuracy falls after its best epoch (patience 1)."""
    import torch

    from neural.estimator import SentenceEncoderClassifier

    torch.set_num_threads(1)
    return SentenceEncoderClassifier("sum", **{**SMALL, "learning_rate": 0.3, "max_epochs": 8, "patience": 1}).fit(
        *toy["train"], eval_set=toy["dev"])
