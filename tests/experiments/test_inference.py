"""``python -m experiments.inference`` end to end on tiny SNLI, SICK and probe files written here, its
options, and what its run passes to the fits (stand-ins of :mod:`tests.helpers.stand_ins`).

The end-to-end runs need NLTK's tagger, WordNet and VerbOcean (the inference model's families);
skipped without them.
"""
import json
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy.stats import binomtest
from sklearn.pipeline import Pipeline

from classifiers.bias_reweighting import bias_weights, out_of_fold_gold_probabilities
from classifiers.logistic import fit_classifier, fit_preprocessing, fit_select_C, fit_select_C_cv, make_model
from classifiers.persistence import load_model
from classifiers import recipes
from classifiers.augmentation.compositional import compositional_augmentation
from classifiers.augmentation.substitutions import augmentation
from classifiers.transfer import WithModelProbabilities
from experiments import inference
from featurize import PairFeaturizer
from lexnli.corpora.sick import read_sick
from lexnli.corpora.snli import read_snli

from tests.helpers.noisy_snli import write_splits
from tests.helpers.recount import hand_accuracy, markdown_tables
from tests.helpers.sick import sick_text, write_sick
from tests.helpers.snli_lines import snli_lines
from tests.helpers.stand_ins import recording_fit, share

COLUMNS = ["model", "train", "dataset", "n_test", "accuracy", "reference_accuracy"]
PROBES = [
    ("A man in a blue shirt sings.", "A man in a green shirt sings.", "contradiction", "colour"),
    ("Two dogs run in the park.", "Three dogs run in the park.", "contradiction", "number"),
    ("A tall woman is walking.", "A short woman is walking.", "contradiction", "antonym"),
    ("A dog runs on the beach.", "An animal runs on the beach.", "entailment", "hypernym"),
]


@pytest.fixture(scope="module")
def files(tmp_path_factory, resources):
    folder = tmp_path_factory.mktemp("inference")
    paths = write_splits(folder, (("train", 90, 0), ("dev", 30, 1), ("test", 60, 2)))  # noisy: the models differ
    sick_rows = [(str(i), r["sentence1"], r["sentence2"], r["gold_label"].upper(), semeval_set)
                 for semeval_set, n, seed in (("TRAIN", 30, 3), ("TRIAL", 15, 4), ("TEST", 15, 5))
                 for i, r in enumerate(snli_lines(n, seed), start=100 * seed)]
    paths["sick"] = write_sick(folder / "SICK.txt", sick_text(sick_rows))
    paths["probes"] = folder / "probes.jsonl"
    paths["probes"].write_text("".join(
        json.dumps({"sentence1": p, "sentence2": h, "gold_label": label, "category": category}) + "\n"
        for p, h, label, category in PROBES), encoding="utf-8")
    return paths


def arguments(files, out, *extra):
    return ["--train", str(files["train"]), "--dev", str(files["dev"]), "--test", str(files["test"]),
            "--sick", str(files["sick"]),
            *[argument for option, _ in inference.PROBE_SETS.values() for argument in (option, str(files["probes"]))],
            "--augment", "20", "--compositional-augment", "10",
            "--C-grid", "0.3", "1", "--out", str(out), *extra]


#: One C, a preset, a setting overriding it, a seed: the hand-fitted models below use the same.
OPTIONS = ["--C-grid", "7", "--preset", "paper", "--min-df", "2", "--n-jobs", "1", "--progress", "--seed", "3",
           "--alignment-weight", "3", "--sick-alignment-weight", "0.5", "--bias-reweighting", "0.8"]
#: The inference models' family weights under :data:`OPTIONS`: SNLI's, SICK's.
WEIGHTS, SICK_WEIGHTS = {"alignment": 3.0}, {"alignment": 0.5}


def hand_model(features, pairs, featurizer=None, family_weights=None, sample_weight=None):
    """A model fitted as the experiment should fit it with :data:`OPTIONS` (the paper preset, min_df 2, C 7;
    the inference models with :data:`WEIGHTS` or :data:`SICK_WEIGHTS`, the SNLI one with ``sample_weight``)."""
    model = make_model(features, C=7.0, preset="paper", featurizer_params={"min_df": 2})
    if featurizer is not None:
        model.set_params(featurize=featurizer)
    if family_weights is None and sample_weight is None:
        return model.fit(pairs, [p.label for p in pairs])
    preprocess, X = fit_preprocessing(model.named_steps["featurize"], pairs, family_weights)
    classifier, _ = fit_classifier(X, [p.label for p in pairs], 7.0, sample_weight=sample_weight)
    return Pipeline([*preprocess.steps, ("classify", classifier)])


def test_inference_experiment_end_to_end(files, tmp_path, capsys, monkeypatch):
    fits = []  # (features, training pairs, keyword arguments, selection) of each model the experiment fits

    def recording_fit(train_pairs, train_labels, dev_pairs, dev_labels, features, **kwargs):
        selection = fit_select_C(train_pairs, train_labels, dev_pairs, dev_labels, features, **kwargs)
        fits.append((features, list(train_pairs), kwargs, selection))
        return selection

    def recording_cv_fit(pairs, labels, features, **kwargs):
        selection = fit_select_C_cv(pairs, labels, features, **kwargs)
        fits.append((features, list(pairs), kwargs, selection))
        return selection

    for module in (recipes, inference):  # the recipe's fits, then the experiment's
        monkeypatch.setattr(module, "fit_select_C", recording_fit)
    monkeypatch.setattr(inference, "fit_select_C_cv", recording_cv_fit)
    model_path = tmp_path / "model.joblib"
    assert inference.main(arguments(files, tmp_path / "out", "--save-model", str(model_path), *OPTIONS)) == 0
    printed = capsys.readouterr().out
    assert f"inference model saved to {model_path}\n" in printed
    table = pd.read_csv(tmp_path / "out" / "inference.csv")
    assert list(table.columns) == COLUMNS
    rows = {(r.model, r.train, r.dataset): r for r in table.itertuples()}
    assert {("inference", t, "sick_test") for t in ("snli", "sick", "snli+sick")} <= rows.keys()
    assert {(m, "snli", d) for m in inference.MODELS for d in ("snli_test", "probes", "probes:colour",
                                                                  "probes:number", "probes:antonym",
                                                                  "probes:hypernym")} <= rows.keys()
    assert rows["inference", "sick", "sick_test"].reference_accuracy == pytest.approx(0.713)
    assert rows["inference", "snli+sick", "sick_test"].reference_accuracy == pytest.approx(0.808)
    assert rows["inference", "snli", "probes"].n_test == len(PROBES)
    assert rows["inference", "snli", "probes:colour"].n_test == 1
    assert all(rows["inference", t, "sick_test"].n_test == 15 for t in ("snli", "sick", "snli+sick"))
    assert (tmp_path / "out" / "signature.txt").read_text().endswith(
        "|preset:paper|tags:ptb|min_df:2|bins:none|n_features:vocab|lowercase:yes|C:7|augment:20+10|"
        "inference_bins_drop:most_frequent|alignment_weight:3"
        "|bias_reweighting:0.8(hypothesis_only,5-fold)|sick_C:5-fold(train+trial)|sick_alignment_weight:0.5\n")

    # The saved model is the SNLI inference model, trained on the 90 train pairs plus 20 substitutions
    # and the compositional pairs the premises offer (at most 10), C 7.
    train = read_snli(files["train"]).pairs
    composed = compositional_augmentation(train, 10, seed=3)
    assert composed
    model = load_model(model_path, trusted=True)
    info = model.lexnli_info_
    assert info["metadata"] == {"C": 7.0, "n_train": 90 + 20 + len(composed), "bias_reweighting": 0.8}
    assert {k: info["features"][k] for k in ("features", "tag_set", "min_df", "n_jobs", "dense_bins_drop")} == \
        {"features": "inference", "tag_set": "ptb", "min_df": 2, "n_jobs": 1, "dense_bins_drop": "most_frequent"}
    test = read_snli(files["test"])
    predicted = list(model.predict(test.pairs))
    hand = hand_accuracy(test.labels, predicted)
    assert rows["inference", "snli", "snli_test"].accuracy == pytest.approx(hand)
    assert rows["inference", "snli", "snli_test"].n_test == 60

    # McNemar against the lexicalized model, refitted by hand on the same train with the same settings.
    lexicalized = list(hand_model("lexicalized", train).predict(test.pairs))
    assert rows["lexicalized", "snli", "snli_test"].accuracy == pytest.approx(hand_accuracy(test.labels, lexicalized))
    a_only = sum(i == g != x for g, i, x in zip(test.labels, predicted, lexicalized))
    b_only = sum(x == g != i for g, i, x in zip(test.labels, predicted, lexicalized))
    assert a_only != b_only  # the noisy fixture separates the models: swapped columns would show
    significance = pd.read_csv(tmp_path / "out" / "significance.csv")
    assert significance.to_dict("records") == [{
        "model_a": "inference", "model_b": "lexicalized", "a_only": a_only, "b_only": b_only,
        "p_value": pytest.approx(binomtest(a_only, a_only + b_only, 0.5).pvalue if a_only + b_only else 1.0)}]

    # Five models, each with the command line's grid and featurizer settings: the hypothesis-only
    # one, SNLI inference (fit_inference) and lexicalized, then on SICK TRAIN+TRIAL (C by 5-fold cross-validation,
    # folds drawn with the seed) the inference model alone and one that also sees the SNLI model's
    # class log-probabilities (the inference featurizer wrapped with the SNLI inference model).
    assert [(features, len(pairs)) for features, pairs, _, _ in fits] == [
        (("hyp_unigrams", "hyp_bigrams"), 90), ("inference", 110 + len(composed)), ("lexicalized", 90),
        ("inference", 45), ("inference", 45)]
    sick_train, sick_trial, sick_test = (read_sick(files["sick"], split) for split in ("TRAIN", "TRIAL", "TEST"))
    assert all([p.pair_id for p in fits[i][1]] == [p.pair_id for p in sick_train + sick_trial] for i in (3, 4))
    assert all({k: fits[i][2][k] for k in ("folds", "seed")} == {"folds": 5, "seed": 3} for i in (3, 4))
    substituted = [(p.premise.tokens, p.hypothesis.tokens, p.label) for p in augmentation(train, 20, seed=3)]
    assert [(p.premise.tokens, p.hypothesis.tokens, p.label) for p in fits[1][1][90:110]] == substituted
    assert [p.pair_id for p in fits[1][1][110:]] == [p.pair_id for p in composed]
    for features, _, kwargs, _ in fits:  # the inference models leave out each real-valued column's commonest bin
        settings = {"min_df": 2, **({"dense_bins_drop": "most_frequent"} if features == "inference" else {})}
        assert {k: kwargs[k] for k in ("grid", "preset", "featurizer_params", "n_jobs", "progress")} == {
            "grid": (7.0,), "preset": "paper", "featurizer_params": settings, "n_jobs": 1, "progress": True}
    assert [kwargs.get("featurizer") for _, _, kwargs, _ in fits[:4]] == [None] * 4
    # the inference models, on SNLI and on SICK, weight the alignment family's columns; the others do not
    assert [kwargs.get("family_weights") for _, _, kwargs, _ in fits] == [None, WEIGHTS, None, SICK_WEIGHTS,
                                                                           SICK_WEIGHTS]
    assert list(fits[1][3].model.named_steps) == ["featurize", "scale", "weight", "cap", "classify"]
    wrapped = fits[4][2]["featurizer"]
    assert isinstance(wrapped, WithModelProbabilities) and wrapped.model is fits[1][3].model
    # only the SNLI inference model's pairs are reweighted: against a hypothesis-only model with the
    # C chosen on dev, 5 folds drawn with the seed, strength 0.8
    inference_pairs = fits[1][1]
    gold = out_of_fold_gold_probabilities(inference_pairs, [p.label for p in inference_pairs],
                                          ("hyp_unigrams", "hyp_bigrams"), C=7.0, seed=3, preset="paper",
                                          featurizer_params={"min_df": 2})
    sample_weight = bias_weights(gold, 0.8)
    assert np.array_equal(fits[1][2]["sample_weight"], sample_weight)
    assert len(set(sample_weight.round(9))) > 1  # the fixture gives the pairs different weights
    assert [kwargs.get("sample_weight") for i, (_, _, kwargs, _) in enumerate(fits) if i != 1] == [None] * 4
    assert (wrapped.featurizer.features, wrapped.featurizer.tag_set, wrapped.featurizer.min_df,
            wrapped.featurizer.dense_bins) == ("inference", "ptb", 2, None)

    # Dev, and the dev pairs the hypothesis-only model (refitted by hand) gets wrong.
    dev = read_snli(files["dev"])
    hypothesis_only = hand_model(["hyp_unigrams", "hyp_bigrams"], train).predict(dev.pairs)
    misled = [i for i, (g, p) in enumerate(zip(dev.labels, hypothesis_only)) if g != p]
    assert 0 < len(misled) < len(dev.labels)  # the noisy fixture misleads it on some pairs, not all
    on_test = hand_model(["hyp_unigrams", "hyp_bigrams"], train).predict(test.pairs)
    misled_test = [i for i, (g, p) in enumerate(zip(test.labels, on_test)) if g != p]
    assert 0 < len(misled_test) < len(test.labels)
    assert rows["hypothesis_only", "snli", "snli_test"].accuracy == pytest.approx(hand_accuracy(test.labels, on_test))
    assert rows["hypothesis_only", "snli", "snli_dev"].accuracy == pytest.approx(
        hand_accuracy(dev.labels, hypothesis_only))
    assert np.array_equal(model.predict_proba(dev.pairs), hand_model(
        "inference", inference_pairs, family_weights=WEIGHTS, sample_weight=sample_weight).predict_proba(dev.pairs))
    for name, fitted in (("inference", model), ("lexicalized", hand_model("lexicalized", train))):
        on_dev = fitted.predict(dev.pairs)
        assert rows[name, "snli", "snli_dev"].accuracy == pytest.approx(hand_accuracy(dev.labels, on_dev))
        assert rows[name, "snli", "snli_dev_hard"].n_test == len(misled)
        assert rows[name, "snli", "snli_dev_hard"].accuracy == pytest.approx(
            hand_accuracy([dev.labels[i] for i in misled], [on_dev[i] for i in misled]))
        # the test pairs the hypothesis-only model gets wrong
        on_test = fitted.predict(test.pairs)
        assert rows[name, "snli", "snli_test_hard"].n_test == len(misled_test)
        assert rows[name, "snli", "snli_test_hard"].accuracy == pytest.approx(
            hand_accuracy([test.labels[i] for i in misled_test], [on_test[i] for i in misled_test]))
        # every probe set (here the probe fixture again), overall and per category
        for dataset in inference.PROBE_SETS:
            assert rows[name, "snli", dataset].n_test == len(PROBES)
            assert rows[name, "snli", f"{dataset}:colour"].n_test == 1
            assert rows[name, "snli", dataset].accuracy == rows[name, "snli", "probes"].accuracy

    # SICK: a model trained on SICK TRAIN+TRIAL alone, and one that also sees the SNLI model's log-probabilities.
    sick_train = sick_train + sick_trial
    alone = hand_model("inference", sick_train, family_weights=SICK_WEIGHTS).predict(sick_test)
    assert rows["inference", "sick", "sick_test"].accuracy == pytest.approx(hand_accuracy(
        [p.label for p in sick_test], alone))
    with_snli = WithModelProbabilities(PairFeaturizer.from_preset("paper", "inference", min_df=2), model)
    transfer = hand_model("inference", sick_train, featurizer=with_snli, family_weights=SICK_WEIGHTS).predict(sick_test)
    assert rows["inference", "snli+sick", "sick_test"].accuracy == pytest.approx(hand_accuracy(
        [p.label for p in sick_test], transfer))
    assert rows["inference", "snli", "sick_test"].accuracy == pytest.approx(hand_accuracy(
        [p.label for p in sick_test], model.predict(sick_test)))

    shown = (tmp_path / "out" / "inference.md").read_text()
    assert "Configuration: `lexnli:" in shown
    assert "The best SemEval-2014 system scored 84.6 on SICK TEST." in " ".join(shown.split())
    results, mcnemar_shown = markdown_tables(shown)
    assert results[0] == COLUMNS and mcnemar_shown[0] == list(significance.columns)
    assert float(mcnemar_shown[1][-1]) == float(f"{significance.loc[0, 'p_value']:.3g}")


def test_probe_pairs_keep_labels_and_categories(resources):
    lines = [{"sentence1": p, "sentence2": h, "gold_label": label, "category": category, "pairID": str(i)}
             for i, (p, h, label, category) in enumerate(PROBES)]
    pairs, categories = inference.probe_pairs(lines)
    assert [p.label for p in pairs] == [label for _, _, label, _ in PROBES]
    assert categories == [c for *_, c in PROBES]
    assert pairs[1].hypothesis.tokens[0] == "Three"
    assert [p.pair_id for p in pairs] == ["0", "1", "2", "3"]


def test_missing_sick_file_is_exit_2_before_training(files, tmp_path, capsys):
    args = arguments(files, tmp_path / "out")
    args[args.index("--sick") + 1] = str(tmp_path / "absent.txt")
    assert inference.main(args) == 2
    assert "error:" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_more_folds_than_a_label_has_pairs_is_exit_2_before_training(files, tmp_path, capsys, monkeypatch):
    for module in (recipes, inference):
        monkeypatch.setattr(module, "fit_select_C", lambda *a, **k: pytest.fail("trained before the check"))
    assert inference.main(arguments(files, tmp_path / "out", "--sick-folds", "40")) == 2
    err = capsys.readouterr().err
    counts = Counter(p.label for split in ("TRAIN", "TRIAL") for p in read_sick(files["sick"], split))
    assert err.startswith(f"error: --sick-folds 40: SICK TRAIN+TRIAL in {files['sick']} has "
                          f"{dict(sorted(counts.items()))} pairs per label")
    assert not (tmp_path / "out").exists()


def test_negative_augment_is_a_usage_error(files, tmp_path, capsys):
    assert inference.main(arguments(files, tmp_path / "out")[:-2] + ["--augment", "-1"]) == 2
    assert capsys.readouterr().err == \
        "error: argument --augment: must be at least 0, got -1 (see python -m experiments.inference --help)\n"


def test_saved_inference_model_explains_alignments(files, tmp_path):
    from classifiers.predict import predict_file

    model_path = tmp_path / "m.joblib"
    assert inference.main(arguments(files, tmp_path / "out", "--no-sick", "--save-model", str(model_path))) == 0
    assert not (pd.read_csv(tmp_path / "out" / "inference.csv")["dataset"] == "sick_test").any()
    assert (tmp_path / "out" / "signature.txt").read_text().endswith(  # no sick_C
        "|C:dev(0.3,1)|augment:20+10|inference_bins_drop:most_frequent|alignment_weight:2.5"
        "|bias_reweighting:1(hypothesis_only,5-fold)\n")
    model = load_model(model_path, trusted=True)
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps({"sentence1": PROBES[0][0], "sentence2": PROBES[0][1]}) + "\n", encoding="utf-8")
    predict_file(model, pairs, tmp_path / "out.jsonl", explain_k=3)
    line = json.loads((tmp_path / "out.jsonl").read_text())
    assert "green <- blue: cohyponym (WordNet), swap" in line["alignments"]
    assert np.isclose(sum(line[f"probability_{c}"] for c in ("entailment", "contradiction", "neutral")), 1.0)


def test_option_defaults_and_bounds():
    from lexnli.cli import ArgumentParser, UsageError

    parser = ArgumentParser(prog="x")
    inference.add_arguments(parser)
    args = parser.parse_args([])
    assert (args.probes, args.augment, args.sick, args.no_sick, args.save_model) == \
        (inference.PROBES, 12_000, None, False, None)
    assert parser.parse_args(["--augment", "0"]).augment == 0  # no substitutions is allowed
    assert isinstance(parser.parse_args(["--sick", "s.txt", "--probes", "p.jsonl"]).sick, Path)
    assert parser.parse_args([]).sick_folds == inference.SICK_FOLDS == 5
    assert parser.parse_args([]).alignment_weight == inference.ALIGNMENT_WEIGHT == 2.5
    assert parser.parse_args(["--alignment-weight", "1"]).alignment_weight == 1.0  # no weighting
    assert parser.parse_args([]).sick_alignment_weight == inference.SICK_ALIGNMENT_WEIGHT == 1.0
    assert parser.parse_args([]).bias_reweighting == inference.BIAS_REWEIGHTING == 1.0
    assert parser.parse_args(["--bias-reweighting", "0"]).bias_reweighting == 0.0  # no reweighting
    for bad in ("-0.1", "1.5", "nan"):
        with pytest.raises(UsageError, match=f"--bias-reweighting: must be from 0 to 1, got {bad}"):
            parser.parse_args(["--bias-reweighting", bad])
    assert recipes.alignment_weights(1.0) is None and recipes.alignment_weights(2.5) == {"alignment": 2.5}
    with pytest.raises(UsageError, match="--alignment-weight: must be a finite number greater than 0, got 0"):
        parser.parse_args(["--alignment-weight", "0"])
    assert parser.parse_args(["--sick-folds", "0"]).sick_folds == 0  # C on TRIAL, fitted on TRAIN
    assert parser.parse_args(["--sick-folds", "2"]).sick_folds == 2
    with pytest.raises(UsageError, match="--sick-folds: must be 0, or at least 2, got 1"):
        parser.parse_args(["--sick-folds", "1"])  # one fold holds nothing out


@pytest.mark.parametrize("folds", [0, 3])
def test_sick_models_are_chosen_on_trial_or_by_folds_on_train_and_trial(files, monkeypatch, folds):
    """``--sick-folds 0``: fitted on TRAIN, C on TRIAL; ``--sick-folds K``: K-fold on TRAIN+TRIAL."""
    from types import SimpleNamespace

    sick_train, sick_trial, sick_test = (read_sick(files["sick"], split) for split in ("TRAIN", "TRIAL", "TEST"))
    calls = []
    constant = SimpleNamespace(predict=lambda pairs: ["neutral"] * len(pairs))
    monkeypatch.setattr(inference, "fit_select_C", lambda train, train_labels, dev, dev_labels, features, **kw: (
        calls.append(("trial", train, dev, kw)), SimpleNamespace(model=constant))[1])
    monkeypatch.setattr(inference, "fit_select_C_cv", lambda pairs, labels, features, **kw: (
        calls.append(("folds", pairs, None, kw)), SimpleNamespace(model=constant))[1])
    rows = inference._sick_rows(constant, sick_train, sick_trial, sick_test, folds=folds, seed=4,
                                options={"preset": "paper", "featurizer_params": None, "grid": (1.0,)})
    assert [r["train"] for r in rows] == ["snli", "sick", "snli+sick"]
    assert [kw.get("featurizer") is None for *_, kw in calls] == [True, False]
    if folds:
        assert [(how, len(pairs), kw["folds"], kw["seed"]) for how, pairs, _, kw in calls] == [("folds", 45, 3, 4)] * 2
    else:
        assert [(how, pairs, dev) for how, pairs, dev, _ in calls] == [("trial", sick_train, sick_trial)] * 2


def test_inference_run_defaults(noisy_snli, monkeypatch):
    import experiments.inference as inference
    from classifiers.bias_reweighting import bias_weights

    augmented = []

    def augmentation(train_pairs, n, *, seed=None, reader=None, progress=None):
        augmented.append((len(train_pairs), n, seed, progress))
        return list(train_pairs[:5])

    def compositional_augmentation(train_pairs, n, *, seed=None, reader=None, syntax=None, progress=None):
        augmented.append(("compositional", len(train_pairs), n, seed, progress))
        return list(train_pairs[5:8])

    def gold_probabilities(pairs, labels, features, **options):
        bias.append({"features": features, "n_train": len(pairs), **options})
        return np.linspace(0.0, 0.9, len(pairs))

    calls, bias = [], []
    fit = recording_fit(calls, chosen={recipes.HYPOTHESIS_ONLY: 1})
    for module in (recipes, inference):  # the recipe's fits, then the experiment's
        monkeypatch.setattr(module, "fit_select_C", fit)
    monkeypatch.setattr(recipes, "augmentation", augmentation)
    monkeypatch.setattr(recipes, "compositional_augmentation", compositional_augmentation)
    monkeypatch.setattr(recipes, "out_of_fold_gold_probabilities", gold_probabilities)
    rows = inference.run(noisy_snli)[0]
    # seed 0; the run's progress setting (no bars) reaches the augmentations
    assert augmented == [(300, 12_000, 0, False), ("compositional", 300, recipes.COMPOSITIONAL_AUGMENT, 0, False)]
    assert [(call["features"], call["n_train"]) for call in calls] == [
        (("hyp_unigrams", "hyp_bigrams"), 300), ("inference", 308), ("lexicalized", 300)]
    # only the inference model weights the alignment family, and its pairs, against the
    # hypothesis-only model with that model's C (the stand-in chooses 0.1 for it), strength 1
    assert [call.get("family_weights") for call in calls] == [None, {"alignment": 2.5}, None]
    assert bias == [{"features": ("hyp_unigrams", "hyp_bigrams"), "n_train": 308, "C": 0.1, "seed": 0,
                     "preset": "recommended", "featurizer_params": None, "n_jobs": None, "progress": False}]
    assert np.allclose(calls[1]["sample_weight"], bias_weights(np.linspace(0.0, 0.9, 308), 1.0))
    assert calls[0].get("sample_weight") is None and calls[2].get("sample_weight") is None
    for call in calls:  # the inference model's featurizer leaves out each real-valued column's commonest bin
        settings = {"dense_bins_drop": "most_frequent"} if call["features"] == "inference" else None
        assert {k: v for k, v in call.items() if k not in ("features", "n_train", "family_weights",
                                                            "sample_weight")} == {
            "grid": (0.03, 0.1, 0.3, 1.0), "preset": "recommended", "featurizer_params": settings, "n_jobs": None,
            "progress": False}
    test, dev = noisy_snli["test"].labels, noisy_snli["dev"].labels
    assert list(rows["dataset"]) == ["snli_test", "snli_test", "snli_dev", "snli_dev", "snli_dev_hard", "snli_dev",
                                     "snli_dev_hard", "snli_test", "snli_test_hard", "snli_test_hard"]
    assert list(rows["model"]) == ["lexicalized", "inference", "hypothesis_only", "lexicalized", "lexicalized",
                                   "inference", "inference", "hypothesis_only", "lexicalized", "inference"]
    # the hard-dev proxy and its test twin: the pairs the (constant) hypothesis-only model gets
    # wrong, the non-contradictions
    hard = [label for label in dev if label != "contradiction"]
    hard_test = [label for label in test if label != "contradiction"]
    assert list(rows["n_test"])[4] == len(hard) and list(rows["n_test"])[8:] == [len(hard_test)] * 2
    # the paper's reference figure stands beside the two SNLI models' test rows, not the hypothesis-only one's
    assert list(rows["reference_accuracy"].fillna(0))[:2] == [0.782, 0.782]
    assert rows.loc[rows["model"] == "hypothesis_only", "reference_accuracy"].isna().all()
    assert list(rows["accuracy"]) == [share(test, "entailment"), share(test, "neutral"), share(dev, "contradiction"),
                                      share(dev, "entailment"), share(hard, "entailment"), share(dev, "neutral"),
                                      share(hard, "neutral"), share(test, "contradiction"),
                                      share(hard_test, "entailment"), share(hard_test, "neutral")]


def test_inference_without_reweighting_fits_no_bias_model(noisy_snli, monkeypatch):
    import experiments.inference as inference

    calls = []
    fit = recording_fit(calls)
    for module in (recipes, inference):
        monkeypatch.setattr(module, "fit_select_C", fit)
    monkeypatch.setattr(recipes, "augmentation", lambda train_pairs, n, **kw: [])
    monkeypatch.setattr(recipes, "out_of_fold_gold_probabilities",
                        lambda *a, **k: pytest.fail("a bias model was fitted with --bias-reweighting 0"))
    inference.run(noisy_snli, bias_reweighting=0)
    assert [call.get("sample_weight") for call in calls[1:]] == [None, None]


def test_inference_markdown_captions():
    from experiments.inference import markdown

    table = pd.DataFrame([{"model": "inference", "train": "snli", "dataset": "snli_test", "n_test": 4,
                           "accuracy": 0.75, "reference_accuracy": 0.782}])
    significance = pd.DataFrame([{"model_a": "inference", "model_b": "lexicalized", "a_only": 3, "b_only": 1,
                                  "p_value": 0.625}])
    text = markdown(table, significance)
    assert "McNemar's exact test on SNLI test (a_only: pairs only model_a gets right):\n\n" in text
    assert " 75 |" in text and " 78.2 |" in text and " 0.625 |" in text
