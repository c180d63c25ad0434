"""``lexnli train``: train a model on SNLI with the shipped recipe, save it by name, and install it as your default.

    lexnli train [--preset inference|lexicalized] [--data-dir DIR | --train FILE --dev FILE]
                 [--name NAME [--set-default] | --model PATH] [--max-train N] [--n-jobs N] [--seed S]
                 [--C-grid C ...] [--progress]

SNLI is found in the data home (``--data-dir``, else ``$LEXNLI_DATA``, else ``~/.cache/lexnli``)
or downloaded there, checksum-verified, unless ``--train`` and ``--dev`` name the files; test is
not read. The ``inference`` preset is :func:`classifiers.recipes.fit_inference` with its
settings (the model ``python -m experiments.inference --save-model`` saves from the same data),
``lexicalized`` the SNLI paper's lexicalized model as ``python -m experiments.lexicalized`` fits
it; C is chosen on dev. The model is written atomically as ``models/NAME.skops`` in the data home
(``--name``, default the preset's name: :func:`lexnli.data_home.named_model_path`), which ``--model NAME``
names to the other commands, or to ``--model PATH``. It is also installed as the default model
(:func:`lexnli.data_home.default_model_path`, what ``lexnli predict`` and ``lexnli evaluate`` read without
``--model``) when there is none (unless ``--model PATH``), or with ``--set-default``, which replaces it and
says so on standard error before reading any data; the command says what it did. It imports no experiment. The
``inference`` model reads every sentence with the syntax model (:mod:`lexnli.syntax`); when there is none
(:func:`lexnli.syntax.default_syntax_path`), it is built first from the train pairs' parses, as
``lexnli fetch syntax`` builds it from SNLI train.
"""
from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

import lexical_resources
from classifiers import cli, recipes
from classifiers.logistic import fit_select_C
from classifiers.persistence import save_model
from featurize.presets import DEFAULT_PRESET
from lexnli.cli import UsageError, check_output_file, resolve_n_jobs
from lexnli.data_home import MODEL_NAME, default_model_path, named_model_path
from lexnli.io import atomic_open
from lexnli.syntax import build, default_syntax_path

#: The models ``--preset`` names, the first the default: the inference model (the best) and the paper's lexicalized one.
PRESETS = ("inference", "lexicalized")
#: The SNLI splits read: train to fit, dev to choose C.
SPLITS = ("train", "dev")
#: The training pairs the inference preset samples from train unless ``--max-train`` says otherwise:
#: about the SNLI train subset whose cost and figures docs/RESULTS.md reports (52,943 pairs: 5 to 6
#: minutes, 3.5 GB); its featurization is the costly one, and memory grows with the pairs.
INFERENCE_MAX_TRAIN = 55_000
#: A pair for the "how to use it" line.
EXAMPLE = ("A man sleeps.", "A man is awake.")


def add_arguments(parser) -> None:
    parser.add_argument("--preset", choices=PRESETS, default=PRESETS[0],
                        help="the model: inference (the paper's lexicalized features plus WordNet, VerbOcean and "
                             "alignment features, trained with substituted and compositional pairs; needs WordNet "
                             "and VerbOcean, see lexnli fetch) or lexicalized (the SNLI paper's model) "
                             "(default: %(default)s). Time and memory grow with the training pairs, the inference "
                             f"model's the most: it samples {INFERENCE_MAX_TRAIN:,} train pairs unless --max-train "
                             "says otherwise (full SNLI train is 550,152)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--name", default=None, metavar="NAME",
                       help="save the model as models/NAME.skops in the data home, which --model NAME names to the "
                            "other commands (letters, digits, _ and -; default: the preset's name)")
    where.add_argument("--model", type=Path, default=None, metavar="PATH",
                       help="save the model to this file instead (.skops: the safe format)")
    parser.add_argument("--set-default", action="store_true",
                        help="install the model as the default (what lexnli predict reads without --model), "
                             "replacing the one there; without it, only when there is none")
    cli.add_data_arguments(parser, SPLITS)
    cli.add_fit_arguments(parser)


def _build_syntax_if_missing(train) -> None:
    """Build the syntax model from the parses of ``train``'s pairs when the default one is missing."""
    path = default_syntax_path()
    if path.is_file():
        return
    print(f"no syntax model at {path}: building it from the train pairs' parses (once, a few minutes)")
    parses = (s.parse for pair in train.pairs for s in (pair.premise, pair.hypothesis) if s.parse)
    build(parses, info={"train": f"{train.report.source} (lexnli train)"}).save(path)


def run(args) -> int:
    """Train the ``--preset`` model on SNLI train (C chosen on dev), save it, say where and how to use it."""
    name = args.name if args.name is not None else args.preset if args.model is None else None
    if name is not None and (not MODEL_NAME.fullmatch(name) or name == "default"):
        raise UsageError(f"--name {name}: a model's name is letters, digits, _ and - (not 'default': --set-default "
                         f"installs a model as the default)")
    path = named_model_path(name) if name is not None else args.model
    default = default_model_path()
    install = args.set_default or (args.model is None and not default.is_file())
    overwritten = path.is_file()
    replaced = args.set_default and default.is_file()
    inputs = cli.input_files(args, SPLITS)
    check_output_file(path, "--name" if name is not None else "--model", inputs)
    if install:
        check_output_file(default, "the default model", inputs)
    if args.preset == "inference" and args.max_train is None:
        args.max_train = INFERENCE_MAX_TRAIN
    if args.preset == "inference":  # a missing resource is an error now, not after featurizing
        lexical_resources.get_wordnet(), lexical_resources.get_verbocean()
    if replaced:  # said before any long work: Ctrl-C keeps the old one
        print(f"note: the default model at {default} will be replaced by the {args.preset} model trained now "
              f"(--set-default)", file=sys.stderr)
    corpora = cli.load_splits(args, SPLITS)
    train, dev = corpora["train"], corpora["dev"]
    if args.preset == "inference":
        _build_syntax_if_missing(train)
    if len(train) < train.report.n_read:
        print(f"training on {len(train):,} of the {train.report.n_read:,} train pairs, sampled (--max-train N: "
              f"another number)")
    options = dict(grid=tuple(args.C_grid), preset=DEFAULT_PRESET, n_jobs=resolve_n_jobs(args.n_jobs),
                   progress=args.progress)
    if args.preset == "inference":
        _, selection = recipes.fit_inference(train.pairs, dev.pairs, seed=args.seed, **options)
        recipes.save_inference_model(selection, path, bias_reweighting=recipes.BIAS_REWEIGHTING)
    else:
        selection = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "lexicalized", **options)
        save_model(selection.model, path, C=selection.C, n_train=len(train))
    print(f"{args.preset} model: dev accuracy {100 * selection.dev_accuracy[selection.C]:.1f}% on {len(dev):,} pairs "
          f"(C={selection.C:g} chosen on dev; {len(selection.train_predictions):,} training pairs)")
    print((f"saved as the model named {name}: {path}" if name is not None else f"saved to {path}")
          + (" (the previous one replaced)" if overwritten else ""))
    if install:
        with open(path, "rb") as source, atomic_open(default, "wb") as copy:
            shutil.copyfileobj(source, copy)
        print(f"installed as your default model: {default}" + (" (the previous one replaced)" if replaced else ""))
    elif default.is_file():
        print(f"your default model is unchanged ({default}; --set-default installs this one instead)")
    print(f"use it: lexnli predict {'' if install else '--model ' + shlex.quote(name or str(path)) + ' '}"
          f"{shlex.join(EXAMPLE)}")
    return 0
