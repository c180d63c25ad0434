"""Save and load trained models with the toolkit version and feature configuration beside them.

Two formats, chosen by the file name:

- ``.skops`` (the safe format, :mod:`skops.io`): loading builds only the types skops trusts
  (NumPy, SciPy and scikit-learn objects) plus :data:`TRUSTED_TYPES`, lexnli's own pipeline
  steps; a file holding any other type is refused before anything in it is built.
- any other name: a joblib pickle. Loading a pickle runs whatever code it holds, so it is loaded
  only when asked in so many words (``load_model(path, trusted=True)``, ``--trust-pickle``): load
  only pickles you made yourself or got from a source you trust (:data:`TRUST_RULE`).

The suffix is compared without regard to case (*m.SKOPS* is the safe format too).

A file from another lexnli version, or a damaged one, is refused with a clear error.
"""
from __future__ import annotations

import io
import warnings
from pathlib import Path

import joblib
import sklearn

from featurize import PairFeaturizer
from lexnli.io import atomic_open, existing_file
from lexnli.progress import step
from lexnli.version import __version__

from .family_weights import FamilyWeights
from .row_norm_cap import RowNormCap

FORMAT = "lexnli-model"
#: The suffix of the safe model format.
SAFE_SUFFIX = ".skops"
#: The types of lexnli's own that a ``.skops`` model may hold, beyond those skops trusts itself
#: (a test checks that every saved pipeline needs no others).
TRUSTED_TYPES = tuple(f"{cls.__module__}.{cls.__qualname__}" for cls in (PairFeaturizer, FamilyWeights, RowNormCap))
#: The rule for loading model files, shown by ``classifiers.predict --help``.
TRUST_RULE = (f"Model files: a {SAFE_SUFFIX} file is the safe format (loading it builds only NumPy, SciPy, "
              f"scikit-learn and lexnli types, and refuses a file holding any other): use it to share "
              f"models. Any other file is a pickle: loading it runs the code it holds, so it is loaded only "
              f"with --trust-pickle; give that only for pickles you made yourself or got from a source you trust.")


class ModelFileError(ValueError):
    """A model file is damaged, not a lexnli model, holds untrusted types, or is from another lexnli version."""


def is_safe_format(path) -> bool:
    """Whether ``path`` names a model in the safe (``.skops``) format."""
    return Path(path).suffix.lower() == SAFE_SUFFIX


def save_model(model, path, **metadata) -> Path:
    """Write ``model`` (a fitted Pipeline) to ``path`` atomically, with version and metadata.

    A ``.skops`` name gives the safe format, any other a joblib pickle.
    """
    featurizer = model.named_steps["featurize"]
    payload = {
        "format": FORMAT, "lexnli_version": __version__, "sklearn_version": sklearn.__version__,
        "features": featurizer.get_params(), "metadata": metadata, "model": model,
    }
    with step(f"saving the model to {path}"), atomic_open(path, "wb") as f:
        if is_safe_format(path):
            f.write(_skops_io().dumps(payload))
        else:
            joblib.dump(payload, f)
    return path


def _skops_io():
    """:mod:`skops.io`, imported when a ``.skops`` file is written or read, not when this module is.

    Importing skops imports every scikit-learn package, among them scikit-learn's array-API
    adapter for PyTorch, which imports PyTorch where it is installed (about a second): the price
    of the safe format there. It is imported as it is, with ``sys.modules`` left alone.
    """
    import skops.io

    return skops.io


def _load_safe(path: Path):
    """The payload of a ``.skops`` file, built only if every type it holds is trusted."""
    skops_io = _skops_io()
    data = path.read_bytes()
    try:
        untrusted = skops_io.get_untrusted_types(data=data)
    except Exception as exc:  # not a zip, or no skops schema inside
        raise _unreadable(path, exc) from exc
    refused = sorted(set(untrusted) - set(TRUSTED_TYPES))
    if refused:
        raise ModelFileError(f"{path}: holds types lexnli does not trust, not loaded: {', '.join(refused)}")
    try:
        return skops_io.load(io.BytesIO(data), trusted=list(untrusted))
    except Exception as exc:
        raise _unreadable(path, exc) from exc


def _unreadable(path: Path, exc: Exception) -> ModelFileError:
    return ModelFileError(f"{path}: not a readable .skops model file ({type(exc).__name__}: {exc})")


def _load_pickle(path: Path):
    """The payload of a joblib pickle (runs the code the file holds: trusted files only)."""
    try:
        return joblib.load(path)
    except Exception as exc:  # a truncated or foreign file fails in many ways inside unpickling
        raise ModelFileError(f"{path}: not a readable model file ({type(exc).__name__}: {exc})") from exc


def check_header(path, header, file_format: str, what: str) -> None:
    """Refuse a loaded model file whose ``header`` (a dict) is not of ``file_format`` (saying it is
    not a ``what``) or was saved by another lexnli version."""
    if not isinstance(header, dict) or header.get("format") != file_format:
        raise ModelFileError(f"{path}: not a {what}")
    if header.get("lexnli_version") != __version__:
        raise ModelFileError(f"{path}: saved by lexnli {header.get('lexnli_version')}, this is lexnli {__version__}; "
                             f"retrain the model with this version")


def load_model(path, *, trusted: bool = False):
    """Load a model saved by :func:`save_model`; returns ``(model, info)`` where ``info`` lacks the model.

    A ``.skops`` file is loaded safely (see :data:`TRUSTED_TYPES`); any other is a pickle, whose
    loading runs its code: it is refused unless ``trusted`` (:data:`TRUST_RULE`). A model saved by
    another scikit-learn version is loaded with a warning.
    """
    path = existing_file(path, "model file")
    if not is_safe_format(path) and not trusted:
        raise ModelFileError(f"{path}: not a {SAFE_SUFFIX} file, so a pickle, and loading a pickle runs the code it "
                             f"holds; load it only if you trust it (--trust-pickle, or trusted=True)")
    payload = _load_safe(path) if is_safe_format(path) else _load_pickle(path)
    check_header(path, payload, FORMAT, "lexnli model file")
    if payload.get("sklearn_version") != sklearn.__version__:
        warnings.warn(f"{path}: saved with scikit-learn {payload.get('sklearn_version')}, this is "
                      f"{sklearn.__version__}; its predictions may differ: retrain it with this version to be sure",
                      stacklevel=2)
    info = {k: v for k, v in payload.items() if k != "model"}
    return payload["model"], info
