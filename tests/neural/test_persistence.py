"""neural.persistence: a saved model loads with identical probabilities, and damaged, outdated or hostile
model files are refused with clear errors."""
import io
import json
import zipfile

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install torch==2.13.0, then -e '.[neural]')")

from classifiers.persistence import ModelFileError
from lexnli.version import __version__
from neural.persistence import load_neural_model, save_neural_model


def test_save_and_load_give_identical_probabilities(fitted, toy, tmp_path):
    path = save_neural_model(fitted["lstm"], tmp_path / "lstm.zip", note="toy")
    model, info = load_neural_model(path)
    pairs = toy["test"][0]
    np.testing.assert_array_equal(model.predict_proba(pairs), fitted["lstm"].predict_proba(pairs))
    assert info["lexnli_version"] == __version__ and info["metadata"] == {"note": "toy"}
    assert model.get_params() == fitted["lstm"].get_params()
    assert list(tmp_path.iterdir()) == [path]  # written atomically: no temporary file left


class Payload:
    """Not a tensor: ``weights_only`` loading must refuse to build it."""


def _rewrite(source, dest, *, config=None, weights=None):
    with zipfile.ZipFile(source) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    if config is not None:
        members["model.json"] = json.dumps(config(json.loads(members["model.json"]))).encode()
    if weights is not None:
        members["weights.pt"] = weights
    with zipfile.ZipFile(dest, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return dest


def test_bad_model_files_give_clear_errors(fitted, tmp_path):
    good = save_neural_model(fitted["sum"], tmp_path / "good.zip")
    (tmp_path / "text.zip").write_text("not a zip")
    with pytest.raises(ModelFileError, match="text.zip: not a readable lexnli neural model file"):
        load_neural_model(tmp_path / "text.zip")
    truncated = tmp_path / "truncated.zip"
    truncated.write_bytes(good.read_bytes()[:200])
    with pytest.raises(ModelFileError, match="truncated.zip"):
        load_neural_model(truncated)
    old = _rewrite(good, tmp_path / "old.zip", config=lambda c: {**c, "lexnli_version": "0.0.1"})
    with pytest.raises(ModelFileError, match="saved by lexnli 0.0.1"):
        load_neural_model(old)
    buffer = io.BytesIO()
    torch.save({"embedding.weight": Payload()}, buffer)
    hostile = _rewrite(good, tmp_path / "hostile.zip", weights=buffer.getvalue())
    with pytest.raises(ModelFileError, match="hold more than tensors"):
        load_neural_model(hostile)
    shrunk = _rewrite(good, tmp_path / "shrunk.zip", config=lambda c: {**c, "vocabulary": c["vocabulary"][:-1]})
    with pytest.raises(ModelFileError, match="does not match its weights"):
        load_neural_model(shrunk)
    with pytest.raises(FileNotFoundError, match="model file not found"):
        load_neural_model(tmp_path / "missing.zip")
