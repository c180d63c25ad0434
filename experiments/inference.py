"""Lexical inference: the ``inference`` model against the lexicalized one on SNLI, SICK and the probes.

    python -m experiments.inference [--train F --dev F --test F | --data-dir DIR] [--sick FILE]
        [--sick-folds K] [--out DIR] [--save-model FILE]

The ``inference`` model is the paper's lexicalized families plus the lexical-resource families
(WordNet, VerbOcean, tree, bag overlap) and the alignment family, trained on SNLI train plus
``--augment`` one-word substitutions made from the train premises
(:mod:`classifiers.augmentation.substitutions`) and ``--compositional-augment`` compositional rewrites of them
(:mod:`classifiers.augmentation.compositional`: negation, monotonicity, embedding, voice, structure), each
training pair weighted by how little a hypothesis-only model fitted without it explains its label
(``--bias-reweighting``, :mod:`classifiers.bias_reweighting`); its featurizer leaves out each
real-valued column's most frequent bin (:data:`featurize.presets.INFERENCE_SETTINGS`, unless
``--dense-bins-drop`` says otherwise); C is chosen on dev. It is reported

* on SNLI test, beside the lexicalized model (same C grid), with McNemar's test;
* on SICK TEST: trained on SICK alone, the SNLI model applied as it is (zero-shot), and
  SNLI -> SICK transfer (a SICK model that also sees the SNLI model's class log-probabilities,
  :class:`~classifiers.transfer.WithModelProbabilities`), beside the paper's LSTM
  (71.3 / 46.7 / 80.8) and the best SemEval-2014 system (84.6). The two SICK models are fitted on
  TRAIN+TRIAL with C chosen by ``--sick-folds``-fold cross-validation there
  (:func:`~classifiers.logistic.fit_select_C_cv`): TRIAL's 495 pairs alone pin C down loosely.
  ``--sick-folds 0`` fits them on TRAIN with C chosen on TRIAL instead;
* on the probe sets (:data:`PROBE_SETS`), each overall and per category: the lexical-substitution
  and compositional ones made from dev premises (:mod:`experiments.make_probes`), and the
  hand-written ones, lexical and compositional (``experiments/probes/*hand_written.jsonl``);
* on SNLI dev, where C was chosen, and on the *hard-dev proxy*: the dev pairs a hypothesis-only
  model (hypothesis unigrams and bigrams, C chosen on dev from the same grid) gets wrong, where
  the hypothesis's words alone mislead (Gururangan et al. 2018 built SNLI's hard test subset so);
  and on the test pairs that model gets wrong (``snli_test_hard``: reported, never chosen on).
  The reweighting's bias model is of the same kind as the one that makes these subsets, which
  flatters the reweighted model there (docs/RESULTS.md also scores subsets made by others).

Writes ``inference.csv`` (``model,train,dataset,n_test,accuracy,reference_accuracy``; ``dataset``
is ``snli_test``, ``snli_test_hard``, ``snli_dev``, ``snli_dev_hard``, ``sick_test``, or a probe set
of :data:`PROBE_SETS`, ``<set>`` and ``<set>:<category>``),
``inference.md`` and ``significance.csv``; ``--save-model`` saves the SNLI-trained inference
model, which ``python -m classifiers.predict`` loads.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pandas as pd

from classifiers.bias_reweighting import FOLDS as BIAS_FOLDS
from classifiers.cli import add_fit_arguments
from classifiers.evaluation import accuracy, mcnemar
from classifiers.logistic import C_GRID, fit_select_C, fit_select_C_cv
from classifiers.recipes import (ALIGNMENT_WEIGHT, AUGMENT, BIAS_REWEIGHTING, COMPOSITIONAL_AUGMENT, alignment_weights,
                                 fit_inference, inference_options, save_inference_model)
from classifiers.transfer import WithModelProbabilities
from featurize import PairFeaturizer
from featurize.inputs import as_pairs
from featurize.presets import INFERENCE_SETTINGS, signature
from lexnli.cli import UsageError, at_least, checked, positive_number
from lexnli.records import Pair

from . import runner
from .make_probes import COMPOSITIONAL_PROBES, PROBES, read_probes
from .runner import Results, featurizer_params, percent

#: Reference accuracies: the paper's lexicalized classifier on SNLI test (full train); on SICK
#: the paper's LSTM trained on SICK alone, on SNLI only, and on SNLI then SICK.
REFERENCES = {("snli", "snli_test"): 0.782, ("sick", "sick_test"): 0.713, ("snli", "sick_test"): 0.467,
              ("snli+sick", "sick_test"): 0.808}
#: The best SemEval-2014 task 1 system on SICK TEST (Illinois-LH).
SEMEVAL_BEST = 0.846
#: Cross-validation folds on SICK TRAIN+TRIAL for the SICK models' C (0: C on TRIAL, fitted on TRAIN).
SICK_FOLDS = 5
#: The weight of the alignment family's columns in the SICK models (chosen by cross-validation on SICK
#: TRAIN+TRIAL; the SNLI inference model's: :data:`classifiers.recipes.ALIGNMENT_WEIGHT`).
SICK_ALIGNMENT_WEIGHT = 1.0
MODELS = ("lexicalized", "inference")
_PROBES = Path(__file__).resolve().parent / "probes"
#: The probe sets reported, by the name of their rows, with the option that names each one's file
#: and its default: one word of an SNLI dev premise replaced by rule (``probes``) or by hand;
#: compositional edits of dev premises by rule (:mod:`classifiers.augmentation.compositional`) and pairs written
#: by hand for each compositional phenomenon (negation, monotonicity, voice, coordination, relative
#: clauses, embedding under veridical and non-veridical operators, role swaps).
PROBE_SETS = {"probes": ("--probes", PROBES), "hand_written": ("--hand-written", _PROBES / "hand_written.jsonl"),
              "compositional": ("--compositional-probes", COMPOSITIONAL_PROBES),
              "compositional_hand_written": ("--compositional-hand-written",
                                             _PROBES / "compositional_hand_written.jsonl")}


def _row(model, train, dataset, gold, predicted) -> dict:
    """One result row; the paper's reference figure stands beside the lexicalized and inference models only."""
    reference = REFERENCES.get((train, dataset)) if model in MODELS else None
    return {"model": model, "train": train, "dataset": dataset, "n_test": len(gold),
            "accuracy": accuracy(gold, predicted), "reference_accuracy": reference}


def probe_pairs(lines) -> tuple[list[Pair], list[str]]:
    """Probe lines as pairs (tokenized and tagged from the text) and their categories."""
    tagged = as_pairs([(line["sentence1"], line["sentence2"]) for line in lines])  # one batch
    pairs = [Pair(p.premise, p.hypothesis, label=line["gold_label"], pair_id=line.get("pairID"))
             for p, line in zip(tagged, lines)]
    return pairs, [line["category"] for line in lines]


def run(corpora, sick=None, probe_sets=None, *, grid=C_GRID, augment: int = AUGMENT,
        compositional_augment: int = COMPOSITIONAL_AUGMENT, seed: int = 0,
        sick_folds: int = SICK_FOLDS, preset="recommended", featurizer_params=None, n_jobs=None, progress=False,
        alignment_weight: float = ALIGNMENT_WEIGHT,
        sick_alignment_weight: float = SICK_ALIGNMENT_WEIGHT, bias_reweighting: float = BIAS_REWEIGHTING):
    """Fit both SNLI models, the hypothesis-only one (and the SICK ones when ``sick`` = (train,
    trial, test) is given; ``seed`` draws the substitutions and SICK's folds); return the result
    rows, the McNemar test on SNLI test, the fitted SNLI models and their selections. ``probe_sets``
    maps a row name to (pairs, categories), as :func:`probe_pairs` gives them. The SNLI
    inference model weights the alignment family's columns by ``alignment_weight``, the SICK
    models by ``sick_alignment_weight``; its training pairs are reweighted against the
    hypothesis-only model with strength ``bias_reweighting`` (folds drawn with ``seed``)."""
    train, dev, test = corpora["train"], corpora["dev"], corpora["test"]
    options = dict(grid=grid, preset=preset, featurizer_params=featurizer_params, n_jobs=n_jobs, progress=progress)
    hypothesis_only, fitted = fit_inference(
        train.pairs, dev.pairs, augment=augment, compositional_augment=compositional_augment, seed=seed,
        alignment_weight=alignment_weight, bias_reweighting=bias_reweighting, **options)
    selections = {"lexicalized": fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "lexicalized",
                                              **options), "inference": fitted}
    rows, models, test_predictions = [], {}, {}
    for name in MODELS:
        models[name] = selections[name].model
        test_predictions[name] = models[name].predict(test.pairs)
        rows.append(_row(name, "snli", "snli_test", test.labels, test_predictions[name]))
    significance = pd.DataFrame([{"model_a": "inference", "model_b": "lexicalized",
                                  **mcnemar(test.labels, test_predictions["inference"],
                                            test_predictions["lexicalized"])}])
    for dataset, (pairs, categories) in (probe_sets or {}).items():
        gold = [p.label for p in pairs]
        for name in MODELS:
            predicted = list(models[name].predict(pairs))
            rows.append(_row(name, "snli", dataset, gold, predicted))
            for category in sorted(set(categories)):
                at = [i for i, c in enumerate(categories) if c == category]
                rows.append(_row(name, "snli", f"{dataset}:{category}", [gold[i] for i in at],
                                 [predicted[i] for i in at]))
    rows += _misled_rows("snli_dev", dev.labels, hypothesis_only.dev_predictions,
                         {name: selections[name].dev_predictions for name in MODELS})
    rows += _misled_rows("snli_test", test.labels, hypothesis_only.model.predict(test.pairs), test_predictions,
                         whole=False)
    if sick is not None:
        rows += _sick_rows(models["inference"], *sick, folds=sick_folds, seed=seed,
                           options=inference_options(dict(options,
                                                          family_weights=alignment_weights(sick_alignment_weight))))
    return pd.DataFrame(rows), significance, models, selections


def _misled_rows(split, gold, hypothesis_only, predictions, whole=True) -> list[dict]:
    """The hypothesis-only model's accuracy on ``split`` (its predictions ``hypothesis_only``), and
    each model's (``predictions``: name to predictions) on the pairs it gets wrong (``<split>_hard``),
    after the model's accuracy on the whole split unless ``whole`` is false (reported already)."""
    misled = [i for i, (label, predicted) in enumerate(zip(gold, hypothesis_only)) if label != predicted]
    rows = [_row("hypothesis_only", "snli", split, gold, hypothesis_only)]
    for name, predicted in predictions.items():
        if whole:
            rows.append(_row(name, "snli", split, gold, predicted))
        rows.append(_row(name, "snli", f"{split}_hard", [gold[i] for i in misled], [predicted[i] for i in misled]))
    return rows


def _sick_rows(snli_model, sick_train, sick_trial, sick_test, *, folds, seed, options) -> list[dict]:
    gold = [p.label for p in sick_test]
    rows = [_row("inference", "snli", "sick_test", gold, snli_model.predict(sick_test))]
    transfer = WithModelProbabilities(
        PairFeaturizer.from_preset(options["preset"], "inference", **(options["featurizer_params"] or {})), snli_model)
    pooled = sick_train + sick_trial
    for train, featurizer in (("sick", None), ("snli+sick", transfer)):
        if folds:
            selection = fit_select_C_cv(pooled, [p.label for p in pooled], "inference", folds=folds, seed=seed,
                                        featurizer=featurizer, **options)
        else:
            selection = fit_select_C(sick_train, [p.label for p in sick_train], sick_trial,
                                     [p.label for p in sick_trial], "inference", featurizer=featurizer, **options)
        rows.append(_row("inference", train, "sick_test", gold, selection.model.predict(sick_test)))
    return rows


def markdown(table: pd.DataFrame, significance: pd.DataFrame) -> str:
    shown = percent(table, ["accuracy", "reference_accuracy"])
    return (shown.to_markdown(index=False) + f"\n\nReferences: SNLI test, the paper's lexicalized classifier (full "
            "train); SICK TEST, the paper's LSTM (SICK alone, SNLI alone, SNLI then SICK). The best SemEval-2014 "
            f"system scored {100 * SEMEVAL_BEST:.1f} on SICK TEST.\n\nMcNemar's exact test on SNLI test "
            "(a_only: pairs only model_a gets right):\n\n"
            + significance.to_markdown(index=False, floatfmt=".3g") + "\n")


def report(args, corpora) -> Results:
    probe_sets = {dataset: probe_pairs(read_probes(path)) for dataset, (option, _) in PROBE_SETS.items()
                  if (path := getattr(args, option[2:].replace("-", "_"))) is not None}
    sick = runner.sick_splits(args)
    if sick is not None and args.sick_folds:
        counts = Counter(p.label for p in sick[0] + sick[1])
        if min(counts.values(), default=0) < args.sick_folds or len(counts) < 2:
            raise UsageError(f"--sick-folds {args.sick_folds}: SICK TRAIN+TRIAL in {args.sick or 'the SICK file'} has "
                             f"{dict(sorted(counts.items()))} pairs per label; each label needs at least one pair "
                             "per fold (use fewer folds, or --sick-folds 0)")
    table, significance, models, selections = run(
        corpora, sick, probe_sets, grid=tuple(args.C_grid), augment=args.augment,
        compositional_augment=args.compositional_augment, seed=args.seed,
        sick_folds=args.sick_folds, preset=args.preset,
        featurizer_params=featurizer_params(args), n_jobs=args.n_jobs, progress=args.progress,
        alignment_weight=args.alignment_weight,
        sick_alignment_weight=args.sick_alignment_weight, bias_reweighting=args.bias_reweighting)
    if args.save_model is not None:
        save_inference_model(selections["inference"], args.save_model, bias_reweighting=args.bias_reweighting)
        print(f"inference model saved to {args.save_model}")
    text = markdown(table, significance)
    bins_drop = {**INFERENCE_SETTINGS, **featurizer_params(args)}["dense_bins_drop"]  # the inference models'
    sig = (signature(args.preset, featurizer_params(args), C_grid=tuple(args.C_grid))
           + f"|augment:{args.augment}+{args.compositional_augment}|inference_bins_drop:{bins_drop or 'none'}"
           + f"|alignment_weight:{args.alignment_weight:g}|bias_reweighting:{args.bias_reweighting:g}"
           + (f"(hypothesis_only,{BIAS_FOLDS}-fold)" if args.bias_reweighting else ""))
    if sick is not None:  # how the SICK models' C was chosen, and their alignment weight
        sig += f"|sick_C:{args.sick_folds}-fold(train+trial)" if args.sick_folds else "|sick_C:trial"
        sig += f"|sick_alignment_weight:{args.sick_alignment_weight:g}"
    return Results(text, {"inference.csv": table.to_csv(index=False), "inference.md": text,
                          "significance.csv": significance.to_csv(index=False)}, signature=sig)


def add_arguments(parser) -> None:
    runner.add_sick_arguments(parser)
    parser.add_argument("--sick-folds", type=checked(int, lambda value: value == 0 or value >= 2, "0, or at least 2"),
                        default=SICK_FOLDS,
                        help="cross-validation folds on SICK TRAIN+TRIAL that choose the SICK models' C "
                             "(0: fit on TRAIN and choose C on TRIAL; default: %(default)s)")
    for dataset, (option, default) in PROBE_SETS.items():
        parser.add_argument(option, type=Path, default=default,
                            help=f"the {dataset.replace('_', '-')} probe set (JSON lines with category); default: "
                                 "the one in the repository")
    parser.add_argument("--augment", type=at_least(0), default=AUGMENT,
                        help="substituted train pairs added to the inference model's training data "
                             "(default: %(default)s)")
    parser.add_argument("--compositional-augment", type=at_least(0), default=COMPOSITIONAL_AUGMENT,
                        help="compositional pairs (negation, monotonicity, embedding, voice, structure) made "
                             "from the train premises and added to the inference model's training data "
                             "(default: %(default)s)")
    parser.add_argument("--alignment-weight", type=positive_number, default=ALIGNMENT_WEIGHT,
                        help="the weight of the alignment family's columns in the SNLI inference model, after "
                             "column scaling (1: none; default: %(default)s)")
    parser.add_argument("--sick-alignment-weight", type=positive_number, default=SICK_ALIGNMENT_WEIGHT,
                        help="the same for the two SICK models (default: %(default)s)")
    parser.add_argument("--bias-reweighting", type=checked(float, lambda value: 0 <= value <= 1, "from 0 to 1"),
                        default=BIAS_REWEIGHTING, metavar="STRENGTH",
                        help="weight each training pair of the SNLI inference model by 1 - STRENGTH * the "
                             "probability a hypothesis-only model (fitted without it) gives its gold label "
                             "(0: no reweighting; default: %(default)s)")
    parser.add_argument("--save-model", type=Path, default=None, help="save the SNLI-trained inference model here")
    add_fit_arguments(parser)


def main(argv=None) -> int:
    return runner.main(argv, prog="python -m experiments.inference", description=__doc__, report=report,
                       add_arguments=add_arguments,
                       out_help="write inference.csv, inference.md and significance.csv here")


if __name__ == "__main__":
    raise SystemExit(main())
