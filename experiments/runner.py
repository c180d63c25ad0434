"""The one runner of every experiment script: options, logging, loading, errors, result files.

An experiment module keeps its computation (``run``) and its tables, and its ``main`` is::

    def main(argv=None) -> int:
        return runner.main(argv, prog="python -m experiments.NAME", description=__doc__,
                           report=report, add_arguments=add_arguments)

where ``report(args, corpora) -> Results`` runs the experiment and renders its files. The
runner parses the data options (``--train/--dev/--test`` or ``--data-dir``, ``--max-train``,
``--seed``, ``--n-jobs``: every core unless given), the featurizer options (``--preset`` and one option per
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
import re
import sys
import time
from dataclasses import dataclass, field
from numbers import Integral
from pathlib import Path

from classifiers.cli import USER_ERRORS, add_data_arguments, input_files, load_splits
from featurize import PairFeaturizer
from featurize.presets import DEFAULT_PRESET, PRESETS, signature
from featurize.sklearn_constraints import Interval, StrOptions
from lexnli.cli import (ArgumentParser, check_output_file, check_output_folder, exit_on_signals, os_error_status,
                        resolve_n_jobs)
from lexnli.corpora.sick import ENV_VAR as SICK_ENV_VAR
from lexnli.corpora.sick import SPLITS as SICK_SPLITS
from lexnli.corpora.sick import read_sick
from lexnli.io import write_files_atomically
from lexnli.progress import logging_above_bars
from lexnli.records import Pair

#: The PairFeaturizer settings an experiment's command line can override.
FEATURIZER_OPTIONS = ("tag_set", "min_df", "dense_bins", "dense_bins_drop", "n_features", "lowercase")


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


# ---- output ------------------------------------------------------------------------------

#: Options naming a file an experiment writes, and options naming a file it reads (never overwritten).
OUTPUT_FILE_OPTIONS = ("save_model",)
INPUT_FILE_OPTIONS = ("train", "dev", "test", "model", "sick", "probes", "embeddings")


def check_outputs(args) -> None:
    """Raise :class:`UsageError` unless ``--out`` and every output file option can be written,
    none of them over an input: checked before any data is read."""
    if args.out is not None:
        check_output_folder(args.out)
    inputs = input_files(args, INPUT_FILE_OPTIONS)
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
        if "n_jobs" in vars(args):  # every core unless --n-jobs says otherwise
            args.n_jobs = resolve_n_jobs(args.n_jobs)
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
