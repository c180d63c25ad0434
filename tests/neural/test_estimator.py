"""neural.estimator: the sentence-encoder classifier on a separable toy set learns, is reproducible, stops
early at its best epoch, checks its inputs, tokenizes each pair once and starts from word vectors."""
import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install torch==2.13.0, then -e '.[neural]')")

from sklearn.base import clone

from classifiers.evaluation import accuracy
from featurize.sklearn_constraints import InvalidParameterError
from lexnli.errors import CorpusFormatError
from lexnli.records import Pair
from neural.embeddings import read_word_vectors
from neural.estimator import SentenceEncoderClassifier
from neural.transfer import fine_tuned

from tests.helpers.neural_toy import SMALL, sentence, toy_pairs


@pytest.mark.parametrize("encoder", ["sum", "rnn", "lstm"])
def test_training_lowers_the_loss_and_beats_chance(fitted, toy, encoder):
    model = fitted[encoder]
    losses = [h["train_loss"] for h in model.history_]
    assert losses[-1] < 0.5 * losses[0]
    pairs, labels = toy["test"]
    assert np.mean(model.predict(pairs) == np.asarray(labels)) > 0.8  # chance is 1/3
    assert model.history_[model.best_epoch_ - 1]["dev_accuracy"] == max(h["dev_accuracy"] for h in model.history_)


def test_best_epoch_dev_accuracy_is_the_fitted_models(fitted, overshooting, toy):
    """``history_`` holds the dev accuracy of the weights kept: predicting dev again gives the same number
    (experiments.neural reports it without predicting dev again)."""
    assert overshooting.best_epoch_ < len(overshooting.history_)  # the last epoch's weights are not the ones kept
    new_cues = {"entailment": "indeed", "contradiction": "nobody", "neutral": "maybe"}
    train, dev = (toy_pairs(n, seed, cues=new_cues) for n, seed in ((150, 5), (45, 6)))
    tuned = fine_tuned(fitted["lstm"], *train, eval_set=dev, max_epochs=3, patience=1)
    for model, (pairs, labels) in [*((m, toy["dev"]) for m in (*fitted.values(), overshooting)), (tuned, dev)]:
        assert model.history_[model.best_epoch_ - 1]["dev_accuracy"] == accuracy(labels, model.predict(pairs))


def test_probabilities_are_distributions_in_class_order(fitted, toy):
    model = fitted["lstm"]
    probabilities = model.predict_proba(toy["test"][0])
    assert probabilities.shape == (60, 3)
    np.testing.assert_allclose(probabilities.sum(1), 1, rtol=1e-6)
    assert list(model.classes_) == sorted(set(toy["train"][1]))
    np.testing.assert_array_equal(model.classes_[probabilities.argmax(1)], model.predict(toy["test"][0]))


def test_fixed_seed_repeats_and_another_seed_differs(fitted, toy):
    again = SentenceEncoderClassifier("lstm", **SMALL).set_params(max_epochs=2).fit(*toy["train"], eval_set=toy["dev"])
    twice = clone(again).fit(*toy["train"], eval_set=toy["dev"])
    other = clone(again).set_params(random_state=1).fit(*toy["train"], eval_set=toy["dev"])
    pairs = toy["test"][0]
    np.testing.assert_array_equal(again.predict_proba(pairs), twice.predict_proba(pairs))
    assert not np.allclose(again.predict_proba(pairs), other.predict_proba(pairs))


def test_early_stopping_keeps_the_best_epoch(overshooting, toy):
    accuracies = [h["dev_accuracy"] for h in overshooting.history_]
    assert len(accuracies) == overshooting.best_epoch_ + 1 or len(accuracies) == 8
    dev_pairs, dev_labels = toy["dev"]
    assert np.mean(overshooting.predict(dev_pairs) == np.asarray(dev_labels)) == pytest.approx(max(accuracies))


def test_without_eval_set_a_part_of_train_is_held_out(toy):
    model = SentenceEncoderClassifier("sum", **{**SMALL, "max_epochs": 1}).fit(*toy["train"])
    assert len(model.history_) == 1
    with pytest.raises(ValueError, match="too few"):
        SentenceEncoderClassifier("sum", **SMALL).fit(toy["train"][0][:1], toy["train"][1][:1])


@pytest.mark.parametrize("params,match", [({"encoder": "gru"}, "encoder"), ({"dropout": 1.0}, "dropout"),
                                          ({"optimizer": "sgd"}, "optimizer"), ({"max_epochs": 0}, "max_epochs")])
def test_bad_parameters_are_refused_at_fit(toy, params, match):
    with pytest.raises(InvalidParameterError, match=match):
        SentenceEncoderClassifier(**params).fit(*toy["train"])


def test_mismatched_inputs_are_refused(toy):
    pairs, labels = toy["train"]
    with pytest.raises(ValueError, match="150 pairs but 149 labels"):
        SentenceEncoderClassifier(**SMALL).fit(pairs, labels[:-1])
    with pytest.raises(ValueError, match="not among the model's classes"):
        SentenceEncoderClassifier(**SMALL).fit(pairs, labels, eval_set=(pairs[:3], ["entailment", "maybe", "neutral"]))
    with pytest.raises(ValueError, match="no pairs to score on"):
        SentenceEncoderClassifier(**SMALL).fit(pairs, labels, eval_set=([], []))


def test_dev_labels_are_checked_before_the_embeddings_are_read(toy, tmp_path):
    pairs, labels = toy["train"]
    missing = tmp_path / "no_such_vectors.txt"
    with pytest.raises(ValueError, match="not among the model's classes"):  # not a missing-file error
        SentenceEncoderClassifier(**SMALL, embeddings=str(missing)).fit(pairs, labels, eval_set=(pairs[:1], ["maybe"]))


def test_raw_strings_are_tokenized_by_lexnli(fitted):
    probabilities = fitted["sum"].predict_proba([("A man runs in the park.", "A man never runs.")])
    assert probabilities.shape == (1, 3)


def test_sentence_tokens_are_the_vocabularys(fitted, toy):
    mixed = Pair(sentence(["a", "Dog"]), sentence(["Surely", "NOT"]))
    assert SentenceEncoderClassifier().sentence_tokens(mixed) == (("a", "dog"), ("surely", "not"))
    assert SentenceEncoderClassifier(lowercase=False).sentence_tokens(mixed) == (("a", "Dog"), ("Surely", "NOT"))
    model = fitted["sum"]
    assert {t for p in toy["train"][0] for s in model.sentence_tokens(p) for t in s} == set(model.vocabulary_.words[2:])


def test_each_pair_is_tokenized_once_per_fit(fitted, toy, monkeypatch):
    seen, tokens = [], SentenceEncoderClassifier.sentence_tokens
    monkeypatch.setattr(SentenceEncoderClassifier, "sentence_tokens",
                        lambda self, pair: seen.append(pair) or tokens(self, pair))
    (train, labels), dev = toy["train"], toy["dev"]
    SentenceEncoderClassifier("sum", **{**SMALL, "max_epochs": 2}).fit(train, labels, eval_set=dev)
    assert len(seen) == len(train) + len(dev[0])
    fine_tuned(fitted["sum"], train, labels, eval_set=dev, max_epochs=2)
    assert len(seen) == 2 * (len(train) + len(dev[0]))


# ---- word vectors ------------------------------------------------------------------------------


def test_embeddings_initialise_the_known_words(toy, tmp_path):
    vectors = (("surely", "0.25"), ("never", "-1"), ("<pad>", "3"))
    (tmp_path / "glove.txt").write_text("".join(f"{word} {' '.join([value] * 16)}\n" for word, value in vectors))
    model = SentenceEncoderClassifier("sum", **{**SMALL, "max_epochs": 1, "learning_rate": 1e-9,
                                                "embeddings": tmp_path / "glove.txt"})
    model.fit(*toy["train"], eval_set=toy["dev"])
    assert model.n_pretrained_ == 2
    padding = model.vocabulary_.index["<pad>"]  # the reserved rows are not words: never looked up
    assert "<pad>" in read_word_vectors(tmp_path / "glove.txt") and model.network_.embedding.weight[padding].eq(0).all()
    row = model.vocabulary_.index["surely"]
    np.testing.assert_allclose(model.network_.embedding.weight[row].detach().numpy(), 0.25, atol=1e-6)
    wide = SentenceEncoderClassifier("sum", **{**SMALL, "embedding_dim": 8, "embeddings": tmp_path / "glove.txt"})
    with pytest.raises(CorpusFormatError, match="vectors are 16-d, the model's embedding_dim is 8"):
        wide.fit(*toy["train"], eval_set=toy["dev"])


def test_embeddings_take_the_vectors_width_unless_one_is_given(toy, tmp_path):
    """``embedding_dim=None``: the vectors' width (saved and fine-tuned with it), else 300."""
    from neural.persistence import load_neural_model, save_neural_model

    (tmp_path / "glove.txt").write_text("surely 1 2 3\nnobody 4 5 6\n")
    params = {**SMALL, "embedding_dim": None, "max_epochs": 1}
    model = SentenceEncoderClassifier("lstm", **params, embeddings=str(tmp_path / "glove.txt")).fit(
        *toy["train"], eval_set=toy["dev"])
    assert model.embedding_dim_ == 3 and model.network_.embedding.weight.shape[1] == 3 and model.n_pretrained_ == 1
    loaded, _ = load_neural_model(save_neural_model(model, tmp_path / "model.zip"))
    assert loaded.embedding_dim is None and loaded.embedding_dim_ == 3
    np.testing.assert_array_equal(loaded.predict_proba(toy["test"][0]), model.predict_proba(toy["test"][0]))
    tuned = fine_tuned(model, *toy_pairs(60, 5, cues={"entailment": "indeed", "contradiction": "nobody",
                                                      "neutral": "maybe"}), eval_set=toy["dev"], max_epochs=1)
    assert tuned.embedding_dim_ == 3 and tuned.n_pretrained_ == 1  # "nobody", new, from the vectors
    row = tuned.network_.embedding.weight[tuned.vocabulary_.index["nobody"]]
    assert row.shape == (3,)
    random = SentenceEncoderClassifier("sum", **params).fit(*toy["train"], eval_set=toy["dev"])
    assert random.embedding_dim_ == 300 and random.n_pretrained_ == 0
