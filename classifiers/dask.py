"""Predictions over a Dask DataFrame: a table of pairs no single machine holds, predicted where its
partitions are (``pip install "lexnli[dask]"``).

    import dask.dataframe as dd
    from dask.distributed import Client
    from classifiers.dask import predict

    client = Client("scheduler-address:8786")
    pairs = dd.read_json("pairs-*.jsonl", lines=True)   # premise/hypothesis or sentence1/sentence2 columns
    predict(pairs, "/shared/models/default.skops").to_parquet("predictions/")

Each partition is predicted by the model as :func:`lexnli.load` loads it, in the worker holding the
partition. What travels with each task is the model's path, never the model: each worker process
loads it once, on its first partition, and keeps it (:func:`loaded_model`), so the file must be
readable at that path on every worker (a shared file system, or the same file at the same path on
each machine). This module imports no Dask: it calls the frame's own ``map_partitions``.
"""
from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pandas as pd

from lexnli.corpora.frames import text_columns

from . import steps
from .api import Model, model_path
from .persistence import load_model

#: This process's loaded models: resolved path -> ((modification time, size, trusted), Model).
_loaded: dict = {}
_loading = threading.Lock()


def loaded_model(path, *, trusted: bool = False) -> Model:
    """The model saved at ``path``, loaded once in this process (:func:`classifiers.persistence.load_model`)
    and kept: loaded again only when the file changed (its modification time or size) or for
    another ``trusted``."""
    resolved = Path(path).resolve()
    found = resolved.stat()  # a missing file: FileNotFoundError naming it
    key = (found.st_mtime_ns, found.st_size, trusted)
    with _loading:  # a worker's threads load it once between them
        if resolved not in _loaded or _loaded[resolved][0] != key:
            _loaded[resolved] = (key, Model(load_model(path, trusted=trusted)))
        return _loaded[resolved][1]


def predictions(frame: pd.DataFrame, model: Model) -> pd.DataFrame:
    """``frame`` (a pandas DataFrame of pairs: ``premise`` and ``hypothesis`` or ``sentence1`` and
    ``sentence2`` columns) with ``model``'s ``predicted_label`` and ``probability_<label>`` per class
    after its own columns, as ``lexnli predict`` writes them (the label of the highest probability)."""
    classes = list(model.classes_)
    if len(frame):
        probabilities = model.predict_proba(frame)
    else:  # no pair (scikit-learn refuses to predict none), but the sentence columns are checked
        text_columns(frame, steps.featurizer(model.pipeline).columns)
        probabilities = np.zeros((0, len(classes)))
    labels = np.asarray(classes, dtype=object)[np.argmax(probabilities, axis=1)]
    found = {"predicted_label": pd.Series(labels, index=frame.index, dtype=object)}
    found |= {f"probability_{c}": pd.Series(probabilities[:, j], index=frame.index, dtype=np.float64)
              for j, c in enumerate(classes)}
    return frame.assign(**found)


def _predicted_partition(partition: pd.DataFrame, path: str, trusted: bool) -> pd.DataFrame:
    return predictions(partition, loaded_model(path, trusted=trusted))


def predict(frame, model=None, *, trusted: bool = False, data_home=None):
    """The predictions of every pair of the Dask DataFrame ``frame``, lazily: a Dask DataFrame with
    ``frame``'s partitions, index and columns, and ``predicted_label`` and one ``probability_<label>``
    per class of the model after them (:func:`predictions`).

    Parameters
    ----------
    frame : dask.dataframe.DataFrame
        The pairs: ``premise`` and ``hypothesis`` (or ``sentence1`` and ``sentence2``) columns of text.
    model : str or path-like, optional
        As :func:`lexnli.load` takes it (None: the default model; a name: one in the data home; else
        a file), found here and given to the workers as an absolute path, which they read.
    trusted : bool, default=False
        Load a pickle, whose loading runs the code it holds: only for files you trust.
    data_home : path-like, optional
        The data home a default or named model is found in.

    Returns
    -------
    dask.dataframe.DataFrame
        Computed partition by partition, each worker process loading the model once.
    """
    path = str(model_path(model, data_home).resolve())
    empty = pd.DataFrame({name: pd.Series(dtype=dtype) for name, dtype in frame.dtypes.items()})
    meta = predictions(empty, loaded_model(path, trusted=trusted))  # the file and the columns checked before any task
    return frame.map_partitions(_predicted_partition, path, trusted, meta=meta)
