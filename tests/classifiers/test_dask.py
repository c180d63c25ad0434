"""classifiers.dask: a model loaded once per process and again when its file changes; a frame's predictions as
``lexnli predict`` makes them; a Dask DataFrame predicted on a LocalCluster of two worker processes, each loading the
model once, identical to the predictions made in one process (skipped without dask and distributed)."""
import os

import numpy as np
import pandas as pd
import pytest

from classifiers import dask as dask_predict
from classifiers.api import load
from classifiers.persistence import save_model
from lexnli.errors import CorpusFormatError

from tests.helpers.noisy_snli import noisy_records

PREDICTED = ["predicted_label", "probability_contradiction", "probability_entailment", "probability_neutral"]
#: In a worker process of the cluster: the model files this module's counter saw loaded there.
LOADS = []


@pytest.fixture
def model_file(noisy_lexicalized, tmp_path):
    return save_model(noisy_lexicalized, tmp_path / "m.skops")


def pairs(n: int, seed: int = 4) -> pd.DataFrame:
    records = noisy_records(n, seed)
    return pd.DataFrame({"premise": [r["sentence1"] for r in records], "hypothesis": [r["sentence2"] for r in records],
                         "id": range(100, 100 + n)})


def test_a_model_is_loaded_once_per_process_and_again_when_its_file_changes(model_file):
    first = dask_predict.loaded_model(model_file)
    assert dask_predict.loaded_model(str(model_file)) is first
    found = os.stat(model_file)
    os.utime(model_file, ns=(found.st_atime_ns, found.st_mtime_ns + 10**9))
    again = dask_predict.loaded_model(model_file)
    assert again is not first and dask_predict.loaded_model(model_file) is again
    with pytest.raises(FileNotFoundError):
        dask_predict.loaded_model(model_file.with_name("absent.skops"))


def test_predictions_are_the_models_probabilities_and_their_highest_label(model_file, tagger):
    frame, model = pairs(30), load(model_file)
    found = dask_predict.predictions(frame, model)
    assert list(found.columns) == ["premise", "hypothesis", "id", *PREDICTED]
    probabilities = model.predict_proba(frame)
    assert np.array_equal(found[PREDICTED[1:]].to_numpy(), probabilities)
    assert found["predicted_label"].tolist() == [model.classes_[k] for k in probabilities.argmax(axis=1)]
    empty = dask_predict.predictions(frame.iloc[:0], model)
    assert list(empty.columns) == list(found.columns) and (empty.dtypes == found.dtypes).all()
    with pytest.raises(CorpusFormatError, match="no sentence fields"):
        dask_predict.predictions(frame.iloc[:0].rename(columns={"premise": "text"}), model)


def count_loads():
    """Run in each worker: count the model files loaded there from now on."""
    real = dask_predict.load_model

    def counted(path, **options):
        LOADS.append(str(path))
        return real(path, **options)

    dask_predict.load_model = counted


def loads():
    return list(LOADS)


def test_a_dask_frame_on_two_worker_processes_is_predicted_as_in_one(model_file, tagger):
    dd = pytest.importorskip("dask.dataframe")
    distributed = pytest.importorskip("distributed")
    frame = pairs(80)
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        client.run(count_loads)
        lazy = dask_predict.predict(dd.from_pandas(frame, npartitions=8), model_file)
        found = lazy.compute()
        per_worker = client.run(loads)
    assert len(per_worker) == 2 and all(loaded == [str(model_file.resolve())] for loaded in per_worker.values())
    expected = dask_predict.predictions(frame, load(model_file))
    assert list(found.columns) == list(lazy.columns) == list(expected.columns)
    assert (found.dtypes == lazy.dtypes).all()
    assert found.index.tolist() == expected.index.tolist() and found["id"].tolist() == expected["id"].tolist()
    pd.testing.assert_frame_equal(found[PREDICTED], expected[PREDICTED])
    with pytest.raises(CorpusFormatError, match="no sentence fields"):  # before any task
        dask_predict.predict(dd.from_pandas(frame.rename(columns={"premise": "text"}), npartitions=2), model_file)
