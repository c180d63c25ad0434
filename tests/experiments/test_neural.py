"""``python -m experiments.neural`` end to end on the tiny noisy SNLI files (and a tiny SICK file)."""
import gzip
import time

import numpy as np
import pandas as pd
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install torch==2.13.0, then -e '.[neural]')")

from experiments import neural
from lexnli.corpora.snli import read_snli
from neural.estimator import SentenceEncoderClassifier
from neural.persistence import load_neural_model

from tests.helpers.noisy_snli import noisy_records
from tests.helpers.sick import sick_text, write_sick
from tests.helpers.stand_ins import recording_fit, share, stepping_clock
from tests.helpers.templates import data_args

COLUMNS = ["model", "train", "dataset", "n_train", "dev_accuracy", "test_accuracy", "paper_accuracy", "seconds"]
QUICK = ["--max-epochs", "2", "--embedding-dim", "8", "--C-grid", "1", "--threads", "1"]


@pytest.fixture(scope="module")
def glove(tmp_path_factory):
    path = tmp_path_factory.mktemp("glove") / "vectors.txt"
    lines = {"man": "0.5", "park": "-0.5", "zebra": "1", "A": "2"}  # the model sees "a", lowercased, not "A"
    path.write_text("".join(f"{word} {' '.join([value] * 8)}\n" for word, value in lines.items()))
    return path


def test_snli_rows_curve_significance_and_saved_model(noisy_snli_files, glove, tmp_path, capsys, monkeypatch):
    from neural import embeddings

    parsed, read = [], embeddings.read_word_vectors
    monkeypatch.setattr(embeddings, "_read_so_far", None)  # nothing read yet in this process
    monkeypatch.setattr(embeddings, "read_word_vectors", lambda path, words: parsed.append(path) or read(path, words))
    out, model_path = tmp_path / "out", tmp_path / "lstm.zip"
    status = neural.main([*data_args(noisy_snli_files), *QUICK, "--no-sick", "--curve-sizes", "100",
                          "--embeddings", str(glove), "--out", str(out), "--save-model", str(model_path)])
    assert status == 0
    table = pd.read_csv(out / "neural.csv")
    assert list(table.columns) == COLUMNS
    assert list(table.model) == ["sum_of_words", "rnn", "lstm"] and set(table.train) == set(table.dataset) == {"snli"}
    assert list(table.paper_accuracy) == [0.753, 0.722, 0.776] and set(table.n_train) == {300}
    # seconds are rounded to 0.1 s: a fast toy fit is 0.0 (the fake-clock tests check the figure)
    assert table.test_accuracy.between(0, 1).all() and (table.seconds >= 0).all()
    significance = pd.read_csv(out / "significance.csv")
    assert list(significance.model_a) == ["sum_of_words", "rnn", "lstm"]
    assert set(significance.model_b) == {"lexicalized"}
    curve = pd.read_csv(out / "learning_curve.csv")
    assert sorted(zip(curve.model, curve.n_train)) == [("lexicalized", 100), ("lexicalized", 300), ("lstm", 100),
                                                       ("lstm", 300)]
    history = pd.read_csv(out / "history.csv")
    assert set(history.columns) >= {"model", "train", "n_train", "epoch", "train_loss", "dev_accuracy", "seconds"}
    assert history.epoch.max() <= 2
    timing = pd.read_csv(out / "timing.csv")
    assert list(timing.model) == ["sum_of_words", "rnn", "lstm"] and (timing.pairs_per_second > 0).all()
    assert set(timing.n_train) == set(timing.epoch_pairs) == set(history.n_train) - {100} == {300}
    text = (out / "neural.md").read_text()
    assert f"from {glove} (2 of " in text and "Configuration: `lexnli:" in text and "|neural|max_epochs:2|" in text
    filtered = gzip.decompress((out / "embeddings.filtered.txt.gz").read_bytes()).decode()
    assert sorted(line.split()[0] for line in filtered.splitlines()) == ["man", "park"]
    assert parsed == [glove]  # read once, for the words of every model (four fitted here)

    # The saved model is the SNLI LSTM: its dev and test accuracies, recounted by hand, are the table's.
    model, info = load_neural_model(model_path)
    lstm_row = table.set_index("model").loc["lstm"]
    for split in ("dev", "test"):
        corpus = read_snli(noisy_snli_files[split])
        hand = np.mean(model.predict(corpus.pairs) == np.asarray(corpus.labels))
        assert hand == pytest.approx(lstm_row[f"{split}_accuracy"]), split
    assert info["metadata"]["n_train"] == 300
    assert {"man", "park"} <= set(model.vocabulary_.words)  # the filtered words are words the model has
    assert model.embeddings == str(glove) and model.n_pretrained_ == 2  # the file it was initialised from


def test_random_initialisation_is_stated_and_any_encoder_has_a_curve(noisy_snli_files, tmp_path):
    out = tmp_path / "out"
    assert neural.main([*data_args(noisy_snli_files), *QUICK, "--no-sick", "--encoders", "sum",
                        "--curve-encoders", "sum", "--curve-sizes", "100", "--out", str(out)]) == 0
    assert "Embeddings: random initialisation" in (out / "neural.md").read_text()
    assert len(pd.read_csv(out / "neural.csv")) == 1 and not (out / "embeddings.filtered.txt.gz").exists()
    curve = pd.read_csv(out / "learning_curve.csv")
    assert sorted(zip(curve.model, curve.n_train)) == [("lexicalized", 100), ("lexicalized", 300),
                                                       ("sum_of_words", 100), ("sum_of_words", 300)]


def test_sick_rows(noisy_snli_files, tmp_path, tagger):  # noqa: F811
    rows = [(str(100 * seed + i), " ".join(r["sentence1"].split()), r["sentence2"], r["gold_label"].upper(), part)
            for part, n, seed in (("TRAIN", 60, 3), ("TRIAL", 30, 4), ("TEST", 30, 5))
            for i, r in enumerate(noisy_records(n, seed, noise=0.0))]
    sick = write_sick(tmp_path / "SICK.txt", sick_text(rows))
    out = tmp_path / "out"
    started = time.perf_counter()
    assert neural.main([*data_args(noisy_snli_files), *QUICK, "--encoders", "lstm", "--curve-sizes",
                        "--sick", str(sick), "--out", str(out)]) == 0
    elapsed = time.perf_counter() - started
    table = pd.read_csv(out / "neural.csv")
    assert ((table["seconds"] >= 0) & (table["seconds"] <= elapsed)).all()  # each row's time is part of the run's
    sick_rows = table[table.dataset == "sick"].set_index("train")
    assert sorted(sick_rows.index) == ["sick", "snli", "snli+sick"]
    assert sick_rows.loc["sick", "paper_accuracy"] == 0.713 and sick_rows.loc["snli+sick", "paper_accuracy"] == 0.808
    assert sick_rows.loc["sick", "n_train"] == 60 and sick_rows.loc["snli+sick", "n_train"] == 360
    # n_train means the same in every file; pairs per second count the pairs of each epoch (SICK TRAIN's).
    timing = pd.read_csv(out / "timing.csv").set_index("train")
    assert (timing["model"] == "lstm").all()
    # every LSTM is trained with the command's options: --max-epochs 2 (the estimator's default, 10 epochs
    # with patience 2, trains at least 3)
    assert (timing["epochs"] <= 2).all()
    history = pd.read_csv(out / "history.csv")
    for train, n_train, epoch_pairs in (("snli", 300, 300), ("sick", 60, 60), ("snli+sick", 360, 60)):
        epochs = history[(history.train == train) & (history.n_train == n_train)]
        assert len(epochs) == timing.loc[train, "epochs"] > 0, train
        assert timing.loc[train, ["n_train", "epoch_pairs"]].tolist() == [n_train, epoch_pairs]
        assert abs(timing.loc[train, "pairs_per_second"] - epoch_pairs * len(epochs) / epochs.seconds.sum()) <= 0.5
    assert "n_train: the training pairs behind the model" in (out / "neural.md").read_text()
    assert len(pd.read_csv(out / "learning_curve.csv")) == 2  # the full-train points only


@pytest.mark.parametrize("extra,message", [
    (["--embeddings", "missing.txt"], "word-vector file not found: missing.txt"),
    (["--dropout", "1"], "argument --dropout: dropout: 1.0 is not a float in the range [0.0, 1.0)"),
    (["--learning-rate", "inf"], "argument --learning-rate: learning_rate: inf is not a float in the range (0.0, inf)"),
    (["--encoders", "gru"], "invalid choice: 'gru'"),
    (["--sick", "missing-SICK.txt"], "SICK file not found"),
    (["--encoders", "sum", "--curve-encoders", "lstm"], "--curve-encoders lstm: not among --encoders"),
    (["--encoders", "sum", "--curve-encoders", "rnn", "lstm"], "--curve-encoders lstm rnn: not among --encoders"),
    (["--batch-size", "0"], "argument --batch-size: batch_size: 0 is not an int in the range [1, inf)"),
])
def test_bad_input_exits_2_with_one_line(noisy_snli_files, tmp_path, capsys, extra, message):
    args = [*data_args(noisy_snli_files), *QUICK, "--out", str(tmp_path / "out"), *extra]
    assert neural.main(args if "--sick" in extra else [*args, "--no-sick"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_bad_embeddings_line_is_named(noisy_snli_files, tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("man 1 2\npark 1 oops\n")
    assert neural.main([*data_args(noisy_snli_files), *QUICK, "--no-sick", "--embeddings", str(bad)]) == 2
    assert f"{bad}, line 2: the 2 fields after 'park' are not all numbers" in capsys.readouterr().err


class StubEncoder(SentenceEncoderClassifier):
    """A stand-in for SentenceEncoderClassifier (its subclass, so that the command line's model options are
    still generated from the estimator's parameter constraints): three epochs of 0.5, 0.27 and 1.0 s, the
    second the best (dev accuracy 0.4); predicts one label per encoder. Every instance is recorded in ``made``."""

    made: list = []
    predicts = {"sum": "neutral", "rnn": "contradiction", "lstm": "contradiction"}

    def __init__(self, encoder="lstm", **params):
        self.encoder, self.params = encoder, params
        StubEncoder.made.append(self)

    def fit(self, pairs, labels, eval_set=None):
        self.n_fit = len(pairs)
        self.history_ = [{"epoch": epoch, "train_loss": 1.0, "dev_accuracy": dev, "seconds": seconds}
                         for epoch, (dev, seconds) in enumerate([(0.3, 0.5), (0.4, 0.27), (0.35, 1.0)], 1)]
        self.best_epoch_ = 2
        return self

    def predict(self, pairs):
        return np.array([self.predicts[self.encoder]] * len(pairs), dtype=object)

    def get_params(self):
        return {name: self.params.get(name) for name in neural.MODEL_OPTIONS}

    def sentence_tokens(self, pair):
        return tuple(t.lower() for t in pair.premise.tokens), tuple(t.lower() for t in pair.hypothesis.tokens)


@pytest.fixture
def stand_ins(monkeypatch):
    """Stub encoders, a recording fit_select_C (tests.experiments.test_learning_curve) and a clock advancing
    1.26 s per call, in experiments.neural and in experiments.learning_curve (whose run fits the
    lexicalized model of the learning curve); returns the recorded fit_select_C calls."""
    from experiments import learning_curve

    calls, clock = [], stepping_clock(1.26)
    StubEncoder.made = []
    monkeypatch.setattr(neural, "SentenceEncoderClassifier", StubEncoder)
    for module in (neural, learning_curve):
        monkeypatch.setattr(module, "fit_select_C", recording_fit(calls))
        monkeypatch.setattr(module, "time", clock)
    return calls


def test_run_defaults(noisy_snli, stand_ins):
    tables, lstm = neural.run(noisy_snli)
    # the command's defaults: every encoder, seed 0, no bars; one C (1.0), the recommended preset
    assert [(m.encoder, m.n_fit, m.params) for m in StubEncoder.made] == [
        (e, 300, {"random_state": 0, "progress": False}) for e in ("sum", "rnn", "lstm")]
    assert lstm is StubEncoder.made[-1]
    assert stand_ins == [{"features": "lexicalized", "n_train": 300, "grid": (1.0,), "preset": "recommended",
                          "featurizer_params": None, "n_jobs": None, "progress": False}]
    # the default curve sizes (1000, 5000, 20000) are all above the 300 training pairs: full-train points only
    assert list(zip(tables["curve"]["model"], tables["curve"]["n_train"])) == [("lstm", 300), ("lexicalized", 300)]


def test_run_rows_timing_history_and_curve(noisy_snli, stand_ins):
    test = noisy_snli["test"].labels
    tables, _ = neural.run(noisy_snli, encoders=("sum", "lstm"), params={"max_epochs": 2}, curve_sizes=(50, 20, 1000),
                           curve_encoders=("sum",), grid=(0.5,), seed=3, preset="paper",
                           featurizer_params={"min_df": 2}, n_jobs=2)
    assert [(m.encoder, m.n_fit) for m in StubEncoder.made] == [("sum", 300), ("lstm", 300), ("sum", 20), ("sum", 50)]
    assert all(m.params == {"random_state": 3, "progress": False, "max_epochs": 2} for m in StubEncoder.made)
    # the lexicalized model: on train, then on each curve subsample at the C chosen (0.5), with the same settings
    assert [call["n_train"] for call in stand_ins] == [300, 20, 50]
    for call in stand_ins:
        assert {k: v for k, v in call.items() if k != "n_train"} == {
            "features": "lexicalized", "grid": (0.5,), "preset": "paper", "featurizer_params": {"min_df": 2},
            "n_jobs": 2, "progress": False}
    rows = tables["rows"]
    assert list(rows["model"]) == ["sum_of_words", "lstm"] and list(rows["seconds"]) == [1.3, 1.3]
    assert list(rows["dev_accuracy"]) == [0.4, 0.4]  # the best epoch's
    assert list(rows["test_accuracy"]) == [share(test, "neutral"), share(test, "contradiction")]
    # dev accuracy: the selection's figure for the chosen C (the stand-in reports 0.5 for it), not predicted again
    assert tables["lexicalized"]["seconds"] == 1.3 and tables["lexicalized"]["dev_accuracy"] == 0.5
    # per model: 1.77 s over 3 epochs (0.59 -> 0.6 s an epoch), 900 pairs / 1.77 s = 508.5 -> 508 pairs a second,
    # 0.77 s to the best (second) epoch -> 0.8
    timing = tables["timing"]
    assert list(timing.columns) == ["model", "train", "n_train", "epoch_pairs", "epochs", "best_epoch",
                                    "seconds_per_epoch", "pairs_per_second", "seconds_to_best_epoch"]
    assert timing.values.tolist() == [[name, "snli", 300, 300, 3, 2, 0.6, 508, 0.8]
                                      for name in ("sum_of_words", "lstm")]
    history = tables["history"]
    assert list(zip(history["model"], history["n_train"], history["epoch"])) == [
        (name, n, epoch) for name, n in (("sum_of_words", 300), ("lstm", 300), ("sum_of_words", 20),
                                         ("sum_of_words", 50)) for epoch in (1, 2, 3)]
    assert set(history["train"]) == {"snli"}
    curve = tables["curve"]
    assert list(curve.columns) == ["model", "n_train", "dev_accuracy", "test_accuracy", "seconds"]
    assert curve.values.tolist() == [
        ["sum_of_words", 20, 0.4, share(test, "neutral"), 1.3],
        ["lexicalized", 20, 0.5, share(test, "entailment"), 1.3],
        ["sum_of_words", 50, 0.4, share(test, "neutral"), 1.3],
        ["lexicalized", 50, 0.5, share(test, "entailment"), 1.3],
        ["sum_of_words", 300, 0.4, share(test, "neutral"), 1.3],
        ["lexicalized", 300, 0.5, share(test, "entailment"), 1.3]]


def test_report_passes_seed_progress_and_embeddings(noisy_snli_files, glove, tmp_path, stand_ins):
    out = tmp_path / "out"
    assert neural.main([*data_args(noisy_snli_files), "--max-epochs", "2", "--no-sick", "--encoders", "lstm",
                        "--curve-sizes", "--seed", "5", "--progress", "--embeddings", str(glove),
                        "--out", str(out)]) == 0
    (fitted,) = [m for m in StubEncoder.made if hasattr(m, "n_fit")]
    assert fitted.params["random_state"] == 5 and fitted.params["progress"] is True
    assert fitted.params["max_epochs"] == 2 and fitted.params["embeddings"] == str(glove)
    assert stand_ins[0]["progress"] is True


def test_every_model_option_reaches_the_estimator(noisy_snli_files, tmp_path, stand_ins):
    """The options generated from the estimator's constraints: each value is parsed to the parameter's type
    and passed on; an option not given is not passed (the estimator's default holds)."""
    given = {"max_epochs": "3", "patience": "1", "optimizer": "adadelta", "learning_rate": "0.5", "dropout": "0.25",
             "weight_decay": "0.01", "batch_size": "7", "embedding_dim": "5", "min_count": "2"}
    assert set(given) == set(neural.MODEL_OPTIONS)
    options = [text for name, value in given.items() for text in ("--" + name.replace("_", "-"), value)]
    for argv, expected in ((options, {"max_epochs": 3, "patience": 1, "optimizer": "adadelta", "learning_rate": 0.5,
                                      "dropout": 0.25, "weight_decay": 0.01, "batch_size": 7, "embedding_dim": 5,
                                      "min_count": 2}),
                           (["--batch-size", "7"], {"batch_size": 7})):
        StubEncoder.made = []
        assert neural.main([*data_args(noisy_snli_files), "--no-sick", "--encoders", "lstm", "--curve-sizes", *argv,
                            "--out", str(tmp_path / "out")]) == 0
        (fitted,) = [m for m in StubEncoder.made if hasattr(m, "n_fit")]
        assert fitted.params == {"random_state": 0, "progress": None, **expected}  # None: bars on a terminal only
