"""classifiers.persistence: models saved and loaded with identical predictions, in the safe ``.skops`` format
(which refuses, unbuilt, any type lexnli does not trust) or with joblib, and clear errors for damaged,
foreign or outdated model files."""
import io
import re

import joblib
import numpy as np
import pytest

from classifiers import persistence
from classifiers.persistence import TRUSTED_TYPES, ModelFileError, load_model, save_model
from lexnli.corpora.snli import read_snli
from lexnli.io import NotAFileError


# ---- the safe model format ----------------------------------------------------------------

def test_skops_round_trip_gives_identical_predictions(template_model, template_files, tmp_path):
    path = save_model(template_model, tmp_path / "m.skops", C=1.0)
    loaded, info = load_model(path)
    assert info["metadata"] == {"C": 1.0}
    test = read_snli(template_files["test"])
    np.testing.assert_array_equal(loaded.predict_proba(test.pairs), template_model.predict_proba(test.pairs))
    import skops.io
    assert set(skops.io.get_untrusted_types(file=path)) <= set(TRUSTED_TYPES)


class Hostile:
    """A type no model needs: a .skops file holding it is refused before it is built."""

    built = False

    def __init__(self):
        self.payload = "anything"  # skops builds an object without state without calling __setstate__

    def __setstate__(self, state):
        Hostile.built = True
        self.__dict__.update(state)


class Intruder(Hostile):
    """A second untrusted type: the refusal names every one."""


def test_a_skops_file_with_an_untrusted_type_is_refused_unbuilt(tmp_path):
    import skops.io
    path = tmp_path / "hostile.skops"
    path.write_bytes(skops.io.dumps({"format": "lexnli-model", "model": Hostile(), "extra": Intruder()}))
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == (f"{path}: holds types lexnli does not trust, not loaded: "
                                  f"{__name__}.Hostile, {__name__}.Intruder")
    assert not Hostile.built


def test_a_skops_file_that_fails_to_build_is_unreadable(template_model, tmp_path, monkeypatch):
    """The trust check passes, building fails (skops raising, as on a damaged member): the error names
    the file and the failure's type; likewise for a file that is no archive at all."""
    import skops.io

    path = save_model(template_model, tmp_path / "m.skops")

    def load(*args, **kwargs):
        raise EOFError("member ends early")

    monkeypatch.setattr(skops.io, "load", load)
    with pytest.raises(ModelFileError) as caught:
        load_model(path)
    assert str(caught.value) == f"{path}: not a readable .skops model file (EOFError: member ends early)"
    assert isinstance(caught.value.__cause__, EOFError)
    (tmp_path / "text.skops").write_text("hello")
    with pytest.raises(ModelFileError) as caught:
        load_model(tmp_path / "text.skops")
    assert f"not a readable .skops model file ({type(caught.value.__cause__).__name__}: " in str(caught.value)


# ---- joblib model files ------------------------------------------------------------------------

def test_model_file_errors_name_the_cause_and_info_leaves_out_the_model(noisy_lexicalized, tmp_path):
    from classifiers.persistence import ModelFileError, load_model

    path = save_model(noisy_lexicalized, tmp_path / "m.joblib", C=1.0)
    _, info = load_model(path, trusted=True)
    assert set(info) == {"format", "lexnli_version", "sklearn_version", "features", "metadata"}
    (tmp_path / "bad.joblib").write_bytes(path.read_bytes()[:500])
    with pytest.raises(ModelFileError) as caught:
        load_model(tmp_path / "bad.joblib", trusted=True)
    assert f"not a readable model file ({type(caught.value.__cause__).__name__}: " in str(caught.value)


def test_save_load_round_trip_gives_identical_predictions(template_selection, template_corpora, tmp_path):
    path = save_model(template_selection.model, tmp_path / "m.joblib", C=template_selection.C)
    model, info = load_model(path, trusted=True)
    assert info["lexnli_version"] == persistence.__version__ and info["metadata"] == {"C": template_selection.C}
    assert info["features"]["features"] == "lexicalized"
    np.testing.assert_array_equal(model.predict_proba(template_corpora["test"].pairs),
                                  template_selection.model.predict_proba(template_corpora["test"].pairs))
    assert [p.name for p in tmp_path.iterdir()] == ["m.joblib"]  # no temporary file left


def test_damaged_or_foreign_model_files_are_clear_errors(template_selection, tmp_path):
    good = save_model(template_selection.model, tmp_path / "good.joblib")
    truncated = tmp_path / "truncated.joblib"
    truncated.write_bytes(good.read_bytes()[:1000])
    with pytest.raises(ModelFileError, match="truncated.joblib: not a readable model file"):
        load_model(truncated, trusted=True)
    (tmp_path / "text.joblib").write_text("hello")
    with pytest.raises(ModelFileError, match="not a readable model file"):
        load_model(tmp_path / "text.joblib", trusted=True)
    joblib.dump({"some": "dict"}, tmp_path / "foreign.joblib")
    with pytest.raises(ModelFileError, match="not a lexnli model file"):
        load_model(tmp_path / "foreign.joblib", trusted=True)
    missing = tmp_path / "missing.joblib"
    with pytest.raises(FileNotFoundError, match=f"model file not found: {re.escape(str(missing))}$"):
        load_model(missing, trusted=True)
    with pytest.raises(NotAFileError, match=f"model file {re.escape(str(tmp_path))}: is a folder, expected a file$"):
        load_model(tmp_path, trusted=True)  # a FileNotFoundError that says it is a folder


def test_model_from_another_version_is_refused(template_selection, tmp_path, monkeypatch):
    monkeypatch.setattr(persistence, "__version__", "0.0.1")
    path = save_model(template_selection.model, tmp_path / "old.joblib")
    monkeypatch.undo()
    with pytest.raises(ModelFileError, match="saved by lexnli 0.0.1"):
        load_model(path, trusted=True)


class Evil:
    """Unpickling this runs code: it records that it ran."""

    def __reduce__(self):
        return (print, ("pickle code ran",))


@pytest.mark.parametrize("name", ["evil.joblib", "evil.SKOPS.pkl", "evil.skops.joblib", "evil"])
def test_a_pickle_is_not_loaded_without_the_opt_in(tmp_path, capsys, name):
    path = tmp_path / name
    joblib.dump(Evil(), path)
    with pytest.raises(ModelFileError, match=f"{re.escape(name)}: not a .skops file, so a pickle.*--trust-pickle"):
        load_model(path)
    assert "pickle code ran" not in capsys.readouterr().out  # nothing was unpickled


@pytest.mark.parametrize("name", ["evil.SKOPS", "evil.Skops"])
def test_the_safe_suffix_is_read_without_regard_to_case(tmp_path, capsys, name):
    path = tmp_path / name
    joblib.dump(Evil(), path)  # a pickle under a safe name is read as skops: refused, not unpickled
    with pytest.raises(ModelFileError):
        load_model(path)
    assert "pickle code ran" not in capsys.readouterr().out


def test_a_model_from_another_scikit_learn_is_loaded_with_a_warning(template_selection, tmp_path, monkeypatch):
    import sklearn

    monkeypatch.setattr(sklearn, "__version__", "0.1")
    path = save_model(template_selection.model, tmp_path / "old.joblib")
    monkeypatch.undo()
    with pytest.warns(UserWarning, match="saved with scikit-learn 0.1"):
        load_model(path, trusted=True)


def test_a_skops_file_keeps_the_vocabulary_names_packed(template_model, template_files, tmp_path):
    """The feature names are one member of the archive, not a JSON node each (which made the inference model's
    file five times its pickle's size and slow to load): the schema has as many nodes whatever the vocabulary's
    size, and apart from it (the pipeline's structure, a fixed ~60 KB) the file is no bigger than twice the pickle."""
    import zipfile

    import skops.io

    from featurize import PairFeaturizer

    def schema(data):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return archive.read("schema.json").decode("utf-8")

    path = save_model(template_model, tmp_path / "m.skops")
    pickle = save_model(template_model, tmp_path / "m.joblib")
    names = template_model.named_steps["featurize"].vocabulary_names_
    saved = schema(path.read_bytes())
    assert len(names) > 100 and not any(name in saved for name in names)
    assert path.stat().st_size - len(saved) <= 2 * pickle.stat().st_size
    loaded, _ = load_model(path)
    assert loaded.named_steps["featurize"].vocabulary_names_ == names

    pairs = read_snli(template_files["train"]).pairs
    small, large = (PairFeaturizer(n_features=None).fit(pairs[:n]) for n in (1, len(pairs)))
    assert len(large.vocabulary_) > 4 * len(small.vocabulary_)
    assert schema(skops.io.dumps(small)).count("__loader__") == schema(skops.io.dumps(large)).count("__loader__")


#: Imports skops as lexnli does, printing the modules hidden (``sys.modules[name] = None``) at any
#: import meanwhile, then imports PyTorch where it is installed.
_HIDDEN_MODULES_PROBE = """
import importlib.util, sys
hidden = set()

class Watch:
    def find_spec(self, name, path=None, target=None):
        hidden.update(n for n, m in list(sys.modules.items()) if m is None)

sys.meta_path.insert(0, Watch())
from classifiers.persistence import _skops_io
print(_skops_io().__name__, sorted(hidden))
if importlib.util.find_spec('torch') is not None:
    import torch
"""


def test_skops_is_imported_with_no_module_hidden():
    """skops is imported as it is: no module is hidden from it (``torch`` was, to spare its import), and
    PyTorch, where it is installed, imports as usual afterwards."""
    import subprocess
    import sys

    from tests.conftest import REPO

    out = subprocess.run([sys.executable, "-c", _HIDDEN_MODULES_PROBE], capture_output=True, text=True, check=True,
                         cwd=REPO).stdout
    assert out.split() == ["skops.io", "[]"]
