"""Save and load a :class:`~neural.estimator.SentenceEncoderClassifier` safely, with its versions.

A model file is a zip of two members: ``model.json`` (format, lexnli and torch versions, the
estimator's parameters, classes, vocabulary, training history, metadata) and ``weights.pt``
(the network's tensors, read back with ``torch.load(..., weights_only=True)``, which builds
tensors and nothing else). Loading therefore runs no code from the file, unlike a pickle. A
file that is not such a zip, is damaged, or comes from another lexnli version is refused
with a :class:`~classifiers.persistence.ModelFileError` naming the file and the problem.
"""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import numpy as np
import torch

from classifiers.persistence import ModelFileError, check_header
from featurize.sklearn_constraints import check_parameters
from lexnli.io import atomic_open, existing_file
from lexnli.version import __version__

from .estimator import SentenceEncoderClassifier
from .vocabulary import Vocabulary

FORMAT = "lexnli-neural-model"
_CONFIG, _WEIGHTS = "model.json", "weights.pt"


def save_neural_model(model: SentenceEncoderClassifier, path, **metadata) -> Path:
    """Write the fitted ``model`` to ``path`` (a zip, see the module docstring) atomically."""
    params = {k: str(v) if k == "embeddings" and v is not None else v for k, v in model.get_params().items()}
    columns = params["columns"]
    config = {
        "format": FORMAT, "lexnli_version": __version__, "torch_version": torch.__version__,
        "params": {**params, "columns": None if columns is None else list(columns)}, "classes": model.classes_.tolist(),
        "vocabulary": list(model.vocabulary_.known), "history": model.history_, "best_epoch": model.best_epoch_,
        "n_pretrained": model.n_pretrained_, "metadata": metadata,
    }
    weights = io.BytesIO()
    torch.save({k: v.cpu() for k, v in model.network_.state_dict().items()}, weights)
    with atomic_open(path, "wb") as f, zipfile.ZipFile(f, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(_CONFIG, json.dumps(config))
        archive.writestr(_WEIGHTS, weights.getvalue())
    return Path(path)


def _read(path: Path) -> tuple[dict, dict]:
    """The config and the tensors of a model file; every way it can be unreadable is a ModelFileError."""
    try:
        with zipfile.ZipFile(path) as archive:
            config = json.loads(archive.read(_CONFIG))
            weights = archive.read(_WEIGHTS)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise ModelFileError(f"{path}: not a readable lexnli neural model file ({type(exc).__name__}: {exc})") from exc
    check_header(path, config, FORMAT, "lexnli neural model file")
    try:
        state = torch.load(io.BytesIO(weights), map_location="cpu", weights_only=True)
    except Exception as exc:  # torch raises many types for damaged or non-tensor content
        raise ModelFileError(f"{path}: its weights are unreadable or hold more than tensors "
                             f"({type(exc).__name__}: {exc})") from exc
    return config, state


def load_neural_model(path) -> tuple[SentenceEncoderClassifier, dict]:
    """Load a model saved by :func:`save_neural_model`; returns ``(model, info)`` (``info``: the
    versions, history and metadata). The model predicts on the CPU unless its ``device`` says otherwise."""
    path = existing_file(path, "model file")
    config, state = _read(path)
    try:
        columns = config["params"]["columns"]
        columns = None if columns is None else tuple(columns)  # JSON has lists only
        model = SentenceEncoderClassifier(**{**config["params"], "columns": columns})
        check_parameters(model)
        model.classes_ = np.asarray(config["classes"], dtype=object)
        model.vocabulary_ = Vocabulary(config["vocabulary"])
        model.history_, model.best_epoch_, model.n_pretrained_ = (config["history"], config["best_epoch"],
                                                                  config["n_pretrained"])
        model.embedding_dim_ = state["embedding.weight"].shape[1]
        network = model._network(len(model.vocabulary_), len(model.classes_))
        network.load_state_dict(state)
    except Exception as exc:  # missing keys, wrong shapes, bad parameter values
        raise ModelFileError(f"{path}: the model's configuration does not match its weights "
                             f"({type(exc).__name__}: {exc})") from exc
    model.network_ = network.to(model._device())
    info = {k: v for k, v in config.items() if k not in ("params", "classes", "vocabulary")}
    return model, info
