"""The neural estimator on a separable toy set: it learns, it is reproducible, it saves and loads safely,
it fine-tunes, and it reads word vectors (tiny files written here)."""
import copy
import gzip
import hashlib
import io
import json
import zipfile

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install torch==2.13.0, then -e '.[neural]')")

from sklearn.base import clone
from sklearn.utils._param_validation import InvalidParameterError

from classifiers.evaluation import accuracy
from classifiers.persistence import ModelFileError
from lexnli.errors import ChecksumError, CorpusFormatError
from lexnli.records import Pair
from lexnli.version import __version__
from neural.embeddings import cached_word_vectors, fetch_glove, read_word_vectors, write_word_vectors
from neural.estimator import SentenceEncoderClassifier
from neural.persistence import load_neural_model, save_neural_model
from neural.transfer import _grown_state, fine_tuned
from neural.vocabulary import SentenceRows, Vocabulary
from tests.helpers.neural_toy import sentence, toy_pairs

#: A small, quick configuration (the paper's shape, narrower).
SMALL = dict(embedding_dim=16, sentence_dim=16, hidden_dim=16, n_hidden_layers=2, optimizer="adam",
             learning_rate=0.01, batch_size=16, max_epochs=6, patience=6, dropout=0.0, device="cpu")


@pytest.fixture(scope="module")
def toy():
    return {"train": toy_pairs(150, 0), "dev": toy_pairs(45, 1), "test": toy_pairs(60, 2)}


@pytest.fixture(scope="module")
def fitted(toy):
    torch.set_num_threads(1)
    return {encoder: SentenceEncoderClassifier(encoder, **SMALL).fit(*toy["train"], eval_set=toy["dev"])
            for encoder in ("sum", "rnn", "lstm")}


@pytest.fixture(scope="module")
def overshooting(toy):
    """A model whose learning rate is too high: its dev accuracy falls after its best epoch (patience 1)."""
    torch.set_num_threads(1)
    return SentenceEncoderClassifier("sum", **{**SMALL, "learning_rate": 0.3, "max_epochs": 8, "patience": 1}).fit(
        *toy["train"], eval_set=toy["dev"])


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
    monkeypatch.setattr(SentenceEncoderClassifier, "sentence_tokens", lambda self, pair: seen.append(pair) or tokens(self, pair))
    (train, labels), dev = toy["train"], toy["dev"]
    SentenceEncoderClassifier("sum", **{**SMALL, "max_epochs": 2}).fit(train, labels, eval_set=dev)
    assert len(seen) == len(train) + len(dev[0])
    fine_tuned(fitted["sum"], train, labels, eval_set=dev, max_epochs=2)
    assert len(seen) == 2 * (len(train) + len(dev[0]))


def test_vocabulary_and_padding():
    vocabulary = Vocabulary.build([("b", "a", "b"), ("c",)], min_count=1)
    assert vocabulary.words == ("<pad>", "<unk>", "b", "a", "c")
    assert vocabulary.rows(["a", "zebra"]) == [3, 1] and vocabulary.rows([]) == [1]
    assert Vocabulary.build([("b", "a", "b")], min_count=2).words[2:] == ("b",)
    grown = vocabulary.extended([("c", "d", "e", "d")])
    assert grown.words == (*vocabulary.words, "d", "e")
    sentences = SentenceRows([[2, 3, 4], [5], [6, 7], [8, 9, 10, 11]])
    rows, lengths = sentences.batch([0, 1])
    assert rows.tolist() == [[2, 3, 4], [5, 0, 0]] and lengths.tolist() == [3, 1] and rows.dtype == torch.long
    rows, lengths = sentences.batch([2, 3, 1])  # the batch's own longest sentence sets the width
    assert rows.tolist() == [[6, 7, 0, 0], [8, 9, 10, 11], [5, 0, 0, 0]] and lengths.tolist() == [2, 4, 1]
    assert sentences.batch([1, 2])[0].tolist() == [[5, 0], [6, 7]] and len(sentences) == 4


def test_save_and_load_give_identical_probabilities(fitted, toy, tmp_path):
    path = save_neural_model(fitted["lstm"], tmp_path / "lstm.zip", note="toy")
    model, info = load_neural_model(path)
    pairs = toy["test"][0]
    np.testing.assert_array_equal(model.predict_proba(pairs), fitted["lstm"].predict_proba(pairs))
    assert info["lexnli_version"] == __version__ and info["metadata"] == {"note": "toy"}
    assert model.get_params() == {**fitted["lstm"].get_params(), "columns": tuple(fitted["lstm"].columns)}
    assert list(tmp_path.iterdir()) == [path]  # written atomically: no temporary file left


class Payload:
    """Not a tensor: ``weights_only`` loading must refuse to build it."""


def _rewrite(source, dest, *, config=None, weights=None):
    with zipfile.ZipFile(source) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    if config is not None:
        members["model.json"] = json.dumps(config(json.loads(members["model.json"]))).encode()
    if weights is not None:
        members["weights.pt"] = weights
    with zipfile.ZipFile(dest, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return dest


def test_bad_model_files_give_clear_errors(fitted, tmp_path):
    good = save_neural_model(fitted["sum"], tmp_path / "good.zip")
    (tmp_path / "text.zip").write_text("not a zip")
    with pytest.raises(ModelFileError, match="text.zip: not a readable lexnli neural model file"):
        load_neural_model(tmp_path / "text.zip")
    truncated = tmp_path / "truncated.zip"
    truncated.write_bytes(good.read_bytes()[:200])
    with pytest.raises(ModelFileError, match="truncated.zip"):
        load_neural_model(truncated)
    old = _rewrite(good, tmp_path / "old.zip", config=lambda c: {**c, "lexnli_version": "0.0.1"})
    with pytest.raises(ModelFileError, match="saved by lexnli 0.0.1"):
        load_neural_model(old)
    buffer = io.BytesIO()
    torch.save({"embedding.weight": Payload()}, buffer)
    hostile = _rewrite(good, tmp_path / "hostile.zip", weights=buffer.getvalue())
    with pytest.raises(ModelFileError, match="hold more than tensors"):
        load_neural_model(hostile)
    shrunk = _rewrite(good, tmp_path / "shrunk.zip", config=lambda c: {**c, "vocabulary": c["vocabulary"][:-1]})
    with pytest.raises(ModelFileError, match="does not match its weights"):
        load_neural_model(shrunk)
    with pytest.raises(FileNotFoundError, match="model file not found"):
        load_neural_model(tmp_path / "missing.zip")


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


# ---- word vectors ------------------------------------------------------------------------------

GLOVE_LINES = "surely 0.5 -1 2\nnever 1e-1 0 0\n. 0 1 0\nnew york 1 1 1\nunused 9 9 9\n"


@pytest.mark.parametrize("kind", ["txt", "gz", "zip"])
def test_word_vectors_are_read_for_a_vocabulary(tmp_path, kind):
    path = tmp_path / f"vectors.{kind}"
    if kind == "txt":
        path.write_text(GLOVE_LINES)
    elif kind == "gz":
        path.write_bytes(gzip.compress(GLOVE_LINES.encode()))
    else:
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("glove.tiny.txt", GLOVE_LINES)
    vectors = read_word_vectors(path, ["surely", ".", "new york", "absent"])
    assert sorted(vectors) == [".", "new york", "surely"]
    np.testing.assert_array_equal(vectors["surely"], np.array([0.5, -1, 2], dtype=np.float32))
    assert len(read_word_vectors(path)) == 5


def test_a_word_vector_file_is_parsed_again_only_for_words_not_asked_for(toy, tmp_path, monkeypatch):
    from neural import embeddings

    parsed, read = [], embeddings.read_word_vectors
    monkeypatch.setattr(embeddings, "read_word_vectors", lambda path, words: parsed.append(sorted(words)) or read(path, words))
    path = tmp_path / "vectors.txt"
    path.write_text(GLOVE_LINES)
    assert sorted(cached_word_vectors(path, ["surely", "never", "absent"])) == ["never", "surely"]
    assert sorted(cached_word_vectors(path, ["absent", "never"])) == ["never"]  # every word asked for before
    assert parsed == [["absent", "never", "surely"]]
    vectors = cached_word_vectors(path, [".", "surely"])
    assert parsed[1:] == [["."]] and sorted(vectors) == [".", "surely"]
    np.testing.assert_array_equal(vectors["surely"], read_word_vectors(path, ["surely"])["surely"])
    path.write_text(GLOVE_LINES.replace("surely 0.5", "surely 0.75"))  # a changed file is read again
    assert cached_word_vectors(path, ["surely"])["surely"][0] == 0.75 and parsed[2:] == [["surely"]]
    # models fitted on the same words read the file once between them
    (tmp_path / "glove.txt").write_text("surely " + " ".join(["0.25"] * 16) + "\n")
    for encoder in ("sum", "rnn"):
        SentenceEncoderClassifier(encoder, **{**SMALL, "max_epochs": 1, "embeddings": tmp_path / "glove.txt"}).fit(
            *toy["train"], eval_set=toy["dev"])
    assert len(parsed) == 4


def test_filtered_copy_reads_back_the_same(tmp_path):
    (tmp_path / "glove.txt").write_text(GLOVE_LINES)
    vectors = read_word_vectors(tmp_path / "glove.txt", ["surely", "never"])
    copy = write_word_vectors(tmp_path / "filtered.txt.gz", vectors)
    again = read_word_vectors(copy)
    assert sorted(again) == ["never", "surely"]
    for word in vectors:
        np.testing.assert_allclose(again[word], vectors[word])


@pytest.mark.parametrize("text,problem", [("a 1 2\nb 1 x\n", "line 2: the 2 fields after 'b' are not all numbers"),
                                          ("a 1 2\nb\n", "line 2: expected a word and 2 numbers"),
                                          ("word\n", "line 1: expected a word followed by")])
def test_bad_word_vector_lines_are_named(tmp_path, text, problem):
    (tmp_path / "bad.txt").write_text(text)
    with pytest.raises(CorpusFormatError, match=problem):
        read_word_vectors(tmp_path / "bad.txt")


def test_embeddings_initialise_the_known_words(toy, tmp_path):
    (tmp_path / "glove.txt").write_text("".join(f"{word} {' '.join([value] * 16)}\n"
                                                for word, value in (("surely", "0.25"), ("never", "-1"), ("<pad>", "3"))))
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


def test_glove_fetch_is_verified_and_cached(tmp_path):
    source = tmp_path / "served.zip"
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("glove.840B.300d.txt", GLOVE_LINES)
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    home = tmp_path / "home"
    with pytest.raises(ChecksumError, match="checksum mismatch"):
        fetch_glove("0" * 64, home, url=source.as_uri(), progress=False)
    assert not (home / "glove.840B.300d.zip").exists()
    path = fetch_glove(digest, home, url=source.as_uri(), progress=False)
    assert path == home / "glove.840B.300d.zip" and read_word_vectors(path, ["never"])["never"][0] == pytest.approx(0.1)
    source.unlink()  # cached: no second download
    assert fetch_glove(digest, home, url=source.as_uri(), progress=False) == path
