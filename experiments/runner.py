"""The one runner of every experiment script: options, logging, loading, errors, result files.

An experiment module keeps its computation (``run``) and its tables, and its ``main`` is::

    def main(argv=None) -> int:
        return runner.main(argv, prog="python -m experiments.NAME", description=__doc__,
                           report=report, add_arguments=add_arguments)

where ``report(args, corpora) -> Results`` runs the experiment and renders its files. The
runner parses the data options (``--train/--dev/--test`` or ``--data-dir``, ``--max-train``,
``--seed``, ``--n-jobs``), the featurizer options (``--preset`` and one option per
:class:`~featurize.PairFeaturizer` setting, generated from its parameter constraints by
:func:`add_parameter_arguments`, which experiments use for other estimators' settings too) and
``--out``; checks the option values (range-checked types, :mod:`lexnli.cli`) and that ``--out``
and ``--save-model`` can be written, none over an input, *before* reading any data; loads SNLI;
turns a data or user error into one ``error: ...`` line on stderr and exit status 2; prints the report;
and writes its files (plus ``signature.txt``, the configuration signature, also appended to
every markdown file) into ``--out`` as a set, atomically.
"""
from __future__ import annotations

import argparse
import logging
import math
import random
import re
import sys
import time
from dataclasses import dataclass, field
from numbers import Integral
from pathlib import Path

from classifiers.logistic import C_GRID
from classifiers.persistence import ModelFileError
from featurize import PairFeaturizer
from featurize.presets import DEFAULT_PRESET, PRESETS, signature
from featurize.sklearn_constraints import Interval, StrOptions
from lexnli.cli import (ArgumentParser, UsageError, at_least, check_output_file, check_output_folder, exit_on_signals,
                        n_jobs, os_error_status, positive_number)
from lexnli.corpora.sick import ENV_VAR as SICK_ENV_VAR
from lexnli.corpora.sick import SPLITS as SICK_SPLITS
from lexnli.corpora.sick import read_sick
from lexnli.corpora.snli import SNLICorpus, corpus_files, read_snli
from lexnli.data_home import fetch_snli, get_data_home
from lexnli.errors import ChecksumError, CorpusFormatError, ResourceMissingError
from lexnli.io import write_files_atomically
from lexnli.progress import logging_above_bars
from lexnli.records import SNLI_SPLITS, Pair

logger = logging.getLogger("lexnli")

#: The PairFeaturizer settings an experiment's command line can override.
FEATURIZER_OPTIONS = ("tag_set", "min_df", "dense_bins", "dense_bins_drop", "n_features", "lowercase")


#: What a CLI reports as one line and exit status 2, instead of a traceback.
USER_ERRORS = (UsageError, FileNotFoundError, CorpusFormatError, ResourceMissingError, ModelFileError, ChecksumError)


@dataclass
class Results:
    """What an experiment produced: the text printed, the files written to ``--out`` and its signature.

    ``C_grid`` (the values of C tried on dev, or the one C used) goes into the signature;
    ``signature`` replaces the one the runner would build from the featurizer options.
    """

    text: str
    files: dict[str, str | bytes] = field(default_factory=dict)
    C_grid: tuple | None = None
    signature: str | None = None


# ---- data --------------------------------------------------------------------------------

def add_data_arguments(parser: argparse.ArgumentParser, splits=SNLI_SPLITS) -> None:
    """``--data-dir``, one option per split of ``splits`` (``--train/--dev/--test``), ``--max-train``,
    ``--seed``, ``--n-jobs``."""
    group = parser.add_argument_group("data")
    group.add_argument("--data-dir", type=Path, default=None,
                       help="the data home: a folder holding snli_1.0/ (snli_1.0_{train,dev,test}.jsonl or .txt, "
                            "optionally .gz) or snli_1.0.zip (default: LEXNLI_DATA, then the per-user cache; then "
                            "LEXNLI_SHARED_DATA; else the official zip is downloaded)")
    for split in splits:
        group.add_argument(f"--{split}", type=Path, default=None,
                           help=f"an SNLI {split} file (.jsonl, .txt, .tsv, .csv, optionally .gz); overrides "
                                "--data-dir")
    group.add_argument("--max-train", type=at_least(1), default=None, metavar="N",
                       help="use a random subsample of N training pairs")
    group.add_argument("--seed", type=int, default=0, help="random seed for subsampling (default: %(default)s)")
    group.add_argument("--n-jobs", type=n_jobs, default=None, metavar="N",
                       help="processes for featurization, threads for the fits of C, -1 for all cores (default: 1)")


def load_splits(args, splits=SNLI_SPLITS) -> dict[str, SNLICorpus]:
    """Read the ``splits`` (train, dev and test; train among them) as the options say (SNLI is
    fetched only when one has no file option); subsample train if ``--max-train`` is given.

    What no model can be fitted or scored on is refused here, before any featurizing: a split
    with no labelled pair (every gold label "-") and a train split, or sample, of one class.
    """
    missing = [s for s in splits if getattr(args, s) is None]
    archive = fetch_snli(args.data_dir) if missing else None
    corpora, progress = {}, getattr(args, "progress", None)
    for split in splits:
        path = getattr(args, split)
        corpus = corpora[split] = read_snli(path, progress=progress) if path is not None else \
            read_snli(archive, split, progress=progress)
        logger.info("%s: %d labelled pairs from %s", split, len(corpus), corpus.report.source)
        if not corpus:
            raise CorpusFormatError(corpus.report.source, None, f"no labelled pairs (the gold label of all "
                                                                f"{corpus.report.n_unlabeled} is '-'): nothing to "
                                                                f"{'train on' if split == 'train' else 'score'}")
        if split == "train" and len(set(corpus.labels)) < 2:
            raise CorpusFormatError(corpus.report.source, None, f"one class only (all {len(corpus)} labelled pairs "
                                                                f"are {corpus.labels[0]!r}): a model needs two or more")
    _warn_overlaps(corpora)
    if args.max_train is not None and args.max_train < len(corpora["train"]):
        train = corpora["train"]
        picked = sorted(random.Random(args.seed).sample(range(len(train)), args.max_train))
        corpora["train"] = SNLICorpus([train[i] for i in picked], train.report)
        if len(set(corpora["train"].labels)) < 2:
            raise UsageError(f"--max-train {args.max_train}: the training pairs sampled are all of one class "
                             f"({corpora['train'].labels[0]!r}); a model needs two or more: sample more")
    return corpora


def _warn_overlaps(corpora: dict[str, SNLICorpus]) -> None:
    """Log a warning for each evaluation split sharing pairs (premise and hypothesis text) with train:
    the same file given twice, say, where the figures would not be what they claim."""
    seen = {(p.premise.text, p.hypothesis.text) for p in corpora["train"].pairs}
    for split in [name for name in corpora if name != "train"]:
        shared = sum((p.premise.text, p.hypothesis.text) in seen for p in corpora[split].pairs)
        if shared:
            logger.warning("%d of the %d %s pairs are also training pairs (%s and %s)", shared, len(corpora[split]),
                           split, corpora["train"].report.source, corpora[split].report.source)


def add_sick_arguments(parser: argparse.ArgumentParser, skip: str = "skip the SICK rows",
                       when_missing: str = "") -> None:
    """``--sick`` (the SICK file; ``when_missing``: what happens when none is found) and ``--no-sick``
    (``skip``: its help), read by :func:`sick_splits`."""
    parser.add_argument("--sick", type=Path, default=None,
                        help=f"SICK.txt[.gz] (default: ${SICK_ENV_VAR}, then the data home{when_missing})")
    parser.add_argument("--no-sick", action="store_true", help=skip)


def sick_splits(args) -> tuple[list[Pair], ...] | None:
    """SICK's TRAIN, TRIAL and TEST pairs from ``--sick`` (see :func:`lexnli.corpora.sick.locate_sick`
    for the default), or None with ``--no-sick``."""
    progress = getattr(args, "progress", None)
    return None if args.no_sick else tuple(read_sick(args.sick, split, progress=progress) for split in SICK_SPLITS)


# ---- estimator options, generated from an estimator's parameter constraints --------------------

def _parameter_help(estimator, name: str) -> str:
    """The first sentence of parameter ``name``'s description in the ``estimator`` class's docstring."""
    match = re.search(rf"^    {name} : [^\n]*\n((?:        [^\n]*\n)+)", estimator.__doc__, re.M)
    text = " ".join(match.group(1).split()) if match else name
    return text.split(". ")[0].rstrip(".").replace("``", "").replace("%", "%%")


def _integral(constraints) -> bool:
    """Whether every interval among ``constraints`` is one of integers (else a value is any number)."""
    return all(c.type is Integral for c in constraints if isinstance(c, Interval))


def _value_type(name: str, constraints):
    """An argparse ``type``: a finite number (an integer where every interval allowed is of integers),
    checked against the constraints (``none`` where None is allowed)."""
    intervals, integral = [c for c in constraints if isinstance(c, Interval)], _integral(constraints)

    def convert(text: str):
        if text.lower() == "none" and None in constraints:
            return None
        try:
            value = int(text) if integral else float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name}: expected {'an integer' if integral else 'a number'}, "
                                             f"got {text!r}") from None
        if not math.isfinite(value) or not any(c.is_satisfied_by(value) for c in intervals):
            allowed = " or ".join(str(c) for c in intervals)
            raise argparse.ArgumentTypeError(f"{name}: {value} is not {allowed}")
        return value
    return convert


def add_parameter_arguments(group, estimator, names, defaults) -> None:
    """One option per parameter of ``names`` of the ``estimator`` class, generated from its
    ``_parameter_constraints``: choices for a string option (``none`` among them when None is
    allowed), ``--x/--no-x`` for a boolean, else a range-checked number. The help is the first
    sentence of the parameter's description in the class docstring and ``defaults[name]``; an
    option not given is absent from the parsed arguments (see :func:`parameters_given`)."""
    for name in names:
        constraints = estimator._parameter_constraints[name]
        option = {"default": argparse.SUPPRESS,
                  "help": _parameter_help(estimator, name) + f" (default: {defaults[name]})".replace("%", "%%")}
        strings = [c for c in constraints if isinstance(c, StrOptions)]
        if "boolean" in constraints:
            option["action"] = argparse.BooleanOptionalAction
        elif strings:
            option["choices"] = sorted(strings[0].options)
            if None in constraints:  # "none" on the command line
                option["metavar"] = "{" + ",".join([*option["choices"], "none"]) + "}"
                option["type"] = _none_or_string
                option["choices"].append(None)
        else:
            option["type"] = _value_type(name, constraints)
            number = "N" if _integral(constraints) else "X"
            option["metavar"] = f"{number}|none" if None in constraints else number
        group.add_argument("--" + name.replace("_", "-"), **option)


def _none_or_string(value: str) -> str | None:
    return None if value == "none" else value


def parameters_given(args, names) -> dict:
    """The parameters of ``names`` given on the command line (options made by :func:`add_parameter_arguments`)."""
    return {name: getattr(args, name) for name in names if hasattr(args, name)}


def add_featurizer_arguments(parser: argparse.ArgumentParser) -> None:
    """``--preset`` and one option per setting of :data:`FEATURIZER_OPTIONS` (each overrides the preset)."""
    group = parser.add_argument_group("features", "the featurizer's configuration: a preset, then single "
                                                  "settings overriding it")
    group.add_argument("--preset", choices=sorted(PRESETS), default=DEFAULT_PRESET,
                       help="named configuration (featurize.presets; default: %(default)s)")
    add_parameter_arguments(group, PairFeaturizer, FEATURIZER_OPTIONS,
                            dict.fromkeys(FEATURIZER_OPTIONS, "the preset's"))


def featurizer_params(args) -> dict:
    """The settings given on the command line (those not given come from ``args.preset``)."""
    return parameters_given(args, FEATURIZER_OPTIONS)


def add_fit_arguments(parser: argparse.ArgumentParser, what: str = "") -> None:
    """``--C-grid`` (the C values tried on dev) and ``--progress/--no-progress`` (progress bars, see
    :mod:`lexnli.progress`)."""
    parser.add_argument("--C-grid", type=positive_number, nargs="+", default=list(C_GRID),
                        help=f"C values tried on dev{what} (default: %(default)s)")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bars while reading, featurizing and fitting: --progress draws them even "
                             "when stderr is not a terminal, --no-progress never (default: on a terminal only; "
                             "without bars, progress is logged)")


# ---- output ------------------------------------------------------------------------------

#: Options naming a file an experiment writes, and options naming a file it reads (never overwritten).
OUTPUT_FILE_OPTIONS = ("save_model",)
INPUT_FILE_OPTIONS = ("train", "dev", "test", "model", "sick", "probes", "embeddings")


def input_files(args, names=INPUT_FILE_OPTIONS) -> list[tuple[str, Path]]:
    """``(option, path)`` of each input file the options of ``names`` name, and of the corpus files
    ``--data-dir`` (or the data home) holds: what no output may be written over."""
    inputs = [(f"--{name.replace('_', '-')}", getattr(args, name)) for name in names
              if getattr(args, name, None) is not None]
    if hasattr(args, "data_dir"):
        inputs += [("--data-dir", path) for path in corpus_files(get_data_home(args.data_dir))]
    return inputs


def check_outputs(args) -> None:
    """Raise :class:`UsageError` unless ``--out`` and every output file option can be written,
    none of them over an input: checked before any data is read."""
    if args.out is not None:
        check_output_folder(args.out)
    inputs = input_files(args)
    for name in OUTPUT_FILE_OPTIONS:
        if getattr(args, name, None) is not None:
            check_output_file(getattr(args, name), f"--{name.replace('_', '-')}", inputs)


def percent(frame, columns, digits: int = 1):
    """A copy of ``frame`` with the fraction ``columns`` shown as percentages (strings), for markdown tables."""
    shown = frame.copy()
    for column in columns:
        shown[column] = (100 * shown[column]).map(lambda v: "" if v != v else f"{v:.{digits}f}")
    return shown


def _with_signature(files: dict, sig: str) -> dict:
    """The files plus ``signature.txt``; every markdown file ends with the signature as its caption."""
    signed = {name: content + f"\nConfiguration: `{sig}`\n" if name.endswith(".md") else content
              for name, content in files.items()}
    return {**signed, "signature.txt": sig + "\n"}


# ---- the runner --------------------------------------------------------------------------

def main(argv, *, prog: str, description: str, report, add_arguments=None, snli: bool = True,
         featurizer: bool = True, out_help: str = "write the result files here") -> int:
    """Run one experiment script; return its exit status (0, or 2 after a data or user error).

    Parameters
    ----------
    argv : list of str or None
        Command-line arguments (``None``: ``sys.argv[1:]``).
    prog, description : str
        The command and its description (the first paragraph is shown in ``--help``).
    report : callable
        ``report(args, corpora) -> Results``: runs the experiment and renders its files
        (``corpora`` is ``{"train", "dev", "test"}`` SNLI, or ``None`` when ``snli=False``).
    add_arguments : callable, optional
        ``add_arguments(parser)`` adds the experiment's own options.
    snli, featurizer : bool, default=True
        Whether the experiment reads the SNLI splits / has featurizer options.
    """
    parser = ArgumentParser(prog=prog, description=description.split("\n\n")[0].strip())
    if snli:
        add_data_arguments(parser)
    if featurizer:
        add_featurizer_arguments(parser)
    parser.add_argument("--out", type=Path, default=None, help=out_help)
    if add_arguments is not None:
        add_arguments(parser)
    exit_on_signals()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    start = time.perf_counter()
    try:
        args = parser.parse_args(argv)
        check_outputs(args)
        with logging_above_bars(getattr(args, "progress", None)):
            results = report(args, load_splits(args) if snli else None)
        sig = results.signature or signature(args.preset, featurizer_params(args), C_grid=results.C_grid)
        print(results.text + f"\nConfiguration: `{sig}`")
        if args.out is not None:
            write_files_atomically(args.out, _with_signature(results.files, sig))
            print(f"results written to {args.out}/")
        print(f"total wall time: {time.perf_counter() - start:.1f} s")
        sys.stdout.flush()  # a failed write of standard output is reported here, not by Python as it exits
    except USER_ERRORS as exc:  # DataNotFoundError is a FileNotFoundError
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # an output that cannot be written (a full disk), a closed pipe
        return os_error_status(exc)
    return 0
