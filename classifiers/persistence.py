"""Save and load trained models with the toolkit version and feature configuration beside them.

Model files are joblib pickles: loading one runs code, so load only files from a source you
trust. A file from another lexnli version, or a damaged one, is refused with a clear error.
"""
from __future__ import annotations

from pathlib import Path

import joblib
import sklearn

from lexnli.io import atomic_open
from lexnli.version import __version__

FORMAT = "lexnli-model"


class ModelFileError(ValueError):
    """A model file is damaged, not a lexnli model, or from another lexnli version."""


def save_model(model, path, **metadata) -> Path:
    """Write ``model`` (a fitted Pipeline) to ``path`` atomically, with version and metadata."""
    featurizer = model.named_steps["featurize"]
    payload = {
        "format": FORMAT, "lexnli_version": __version__, "sklearn_version": sklearn.__version__,
        "features": featurizer.get_params(), "metadata": metadata, "model": model,
    }
    with atomic_open(path, "wb") as f:
        joblib.dump(payload, f)
    return path


def load_model(path):
    """Load a model saved by :func:`save_model`; returns ``(model, info)`` where ``info`` lacks the model."""
    path = Path(path)
    try:
        payload = joblib.load(path)
    except FileNotFoundError:
        raise
    except Exception as exc:  # a truncated or foreign file fails in many ways inside unpickling
        raise ModelFileError(f"{path}: not a readable model file ({type(exc).__name__}: {exc})") from exc
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise ModelFileError(f"{path}: not a lexnli model file")
    if payload["lexnli_version"] != __version__:
        raise ModelFileError(f"{path}: saved by lexnli {payload['lexnli_version']}, this is lexnli {__version__}; "
                             f"retrain the model with this version")
    info = {k: v for k, v in payload.items() if k != "model"}
    return payload["model"], info
