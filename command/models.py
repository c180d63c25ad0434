"""The ``--model`` option every subcommand that uses a model shares: a model's name (``models/NAME.skops``
in the data home, :func:`lexnli.data_home.named_model_path`) or a path, defaulting to the model ``lexnli
train`` installed (:func:`lexnli.data_home.default_model_path`)."""
from __future__ import annotations

from pathlib import Path

from classifiers.persistence import load_model
from lexnli.cli import UsageError
from lexnli.data_home import MODEL_NAME, default_model_path, model_names, named_model_path


def add_model_arguments(parser) -> None:
    """``--model`` and ``--trust-pickle``."""
    parser.add_argument("--model", default=None, metavar="NAME|PATH",
                        help="the model: a name lexnli train --name gave (models/NAME.skops in the data home) or a "
                             "file saved by lexnli train, lexnli.save or an experiment's --save-model (a path: with "
                             "a / or a suffix) (default: the model lexnli train installed as the default)")
    parser.add_argument("--trust-pickle", action="store_true",
                        help="load a --model that is a pickle, which runs the code it holds (trusted files only)")


def model_path(args) -> Path:
    """``--model``, or the default model; refused with advice when neither exists, and refused when
    ``--model`` is a folder."""
    if args.model is not None:
        return resolved(args.model, "--model")
    path = default_model_path()
    if not path.is_file():
        raise UsageError(f"no --model given and no default model at {path}: train one with `lexnli train` "
                         f"(or `lexnli train --data-dir DIR` with SNLI on this machine), or pass --model FILE")
    return path


def resolved(model, option: str) -> Path:
    """The file ``model`` names for ``option``: the data home's ``models/NAME.skops`` for a name
    (:data:`~lexnli.data_home.MODEL_NAME`), refused with the names there when missing; else ``model`` as a path,
    refused when it is a folder."""
    if MODEL_NAME.fullmatch(str(model)):
        path = named_model_path(str(model))
        if not path.is_file():
            raise UsageError(f"{option} {model}: no model of that name ({path} is missing; models in the data "
                             f"home: {', '.join(model_names()) or 'none'}); for a file, give its path (./{model})")
        return path
    return not_a_folder(Path(model), option)


def not_a_folder(path: Path, option: str) -> Path:
    """``path``, refused with a :class:`~lexnli.cli.UsageError` naming ``option`` when it is a folder."""
    if path.is_dir():
        raise UsageError(f"{option} {path}: is a folder, expected a model file")
    return path


def load(args, path=None):
    """The model ``path`` names (default: :func:`model_path`), loaded as ``--trust-pickle`` says."""
    return load_model(path if path is not None else model_path(args), trusted=args.trust_pickle)
