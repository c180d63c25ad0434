"""classifiers.persistence: models saved and loaded with identical predictions, in the safe ``.skops`` format
(which refuses, unbuilt, any type lexnli does not trust) or with joblib, and clear errors for damaged,
foreign or outdated model files."""
import copy
import io
import re
import struct
import zipfile

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
    loaded = load_model(path)
    info = loaded.lexnli_info_
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


# ---- any pipeline whose first step is a PairFeaturizer --------------------------------------

@pytest.mark.parametrize("built", ["make_pipeline", "make_model"])
@pytest.mark.parametrize("saved", ["skops.io.dump", "save_model", "joblib.dump"])
def test_a_pipeline_however_built_and_saved_loads_with_the_allow_list_unchanged(readme_pipeline, template_model,
                                                                               template_files, tmp_path, built, saved):
    """The README's make_pipeline model (steps named after their classes) and a make_model one, saved by
    skops as they are, by save_model (which found the featurizer by its step's name: KeyError 'featurize'), or
    pickled as they are: loaded, they predict as before; a pipeline saved as it is records no versions."""
    import skops.io

    model = {"make_pipeline": readme_pipeline, "make_model": template_model}[built]
    path = tmp_path / ("m.joblib" if saved == "joblib.dump" else "m.skops")
    if saved == "save_model":
        save_model(model, path, C=1.0)
    elif saved == "skops.io.dump":
        skops.io.dump(model, path)
        assert set(skops.io.get_untrusted_types(file=path)) <= set(TRUSTED_TYPES)
    else:
        joblib.dump(model, path)
    loaded = load_model(path, trusted=saved == "joblib.dump")
    test = read_snli(template_files["test"]).pairs
    np.testing.assert_array_equal(loaded.predict_proba(test), model.predict_proba(test))
    info = loaded.lexnli_info_
    assert info["features"] == model[0].get_params()
    assert info["metadata"] == ({"C": 1.0} if saved == "save_model" else {})
    assert ("lexnli_version" in info) == (saved == "save_model")


def test_a_loaded_model_saved_again_records_its_new_file_only(template_model, tmp_path):
    first = load_model(save_model(template_model, tmp_path / "a.skops", C=1.0))
    again = load_model(save_model(first, tmp_path / "b.skops", C=2.0))
    assert again.lexnli_info_["metadata"] == {"C": 2.0} and first.lexnli_info_["metadata"] == {"C": 1.0}
    import skops.io
    assert "lexnli_info_" not in skops.io.loads((tmp_path / "b.skops").read_bytes(), trusted=list(
        skops.io.get_untrusted_types(file=tmp_path / "b.skops")))["model"].__dict__


def test_what_is_no_fitted_pair_pipeline_is_refused_on_save_and_on_load(readme_pipeline, tmp_path):
    import skops.io
    from sklearn.base import clone
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import MaxAbsScaler

    with pytest.raises(TypeError, match="save_model saves a scikit-learn Pipeline whose first step is a "
                                        "PairFeaturizer, not a LogisticRegression"):
        save_model(LogisticRegression(), tmp_path / "m.skops")
    skops.io.dump(make_pipeline(MaxAbsScaler(), LogisticRegression()), tmp_path / "other.skops")
    with pytest.raises(ModelFileError, match=r"other\.skops: not a lexnli model file \(its model is a Pipeline, not "):
        load_model(tmp_path / "other.skops")
    skops.io.dump(clone(readme_pipeline), tmp_path / "unfitted.skops")
    with pytest.raises(ModelFileError, match=r"unfitted\.skops: its pipeline is not fitted"):
        load_model(tmp_path / "unfitted.skops")


# ---- bounds on what a .skops file declares -------------------------------------------------

def _rewrite(path, out, data_of, compression=zipfile.ZIP_STORED):
    """Copy the zip ``path`` to ``out``, the largest ``.npy`` member (the classifier's ``coef_``) replaced
    by ``data_of(its bytes)`` and written with ``compression``; return that member's name."""
    with zipfile.ZipFile(path) as source:
        largest = max((i for i in source.infolist() if i.filename.endswith(".npy")), key=lambda i: i.file_size)
        with zipfile.ZipFile(out, "w") as target:
            for info in source.infolist():
                if info.filename == largest.filename:
                    target.writestr(info.filename, data_of(source.read(info)), compress_type=compression)
                else:
                    target.writestr(info, source.read(info))
    return largest.filename


def _zeros_npy(n_bytes):
    buffer = io.BytesIO()
    np.save(buffer, np.zeros(n_bytes // 8))
    return buffer.getvalue()


@pytest.fixture
def skops_not_called(monkeypatch):
    """skops' readers replaced by ones that fail the test: a refusal must come before skops reads a member."""
    import skops.io

    def called(*args, **kwargs):
        raise AssertionError("skops read the file")

    monkeypatch.setattr(skops.io, "get_untrusted_types", called)
    monkeypatch.setattr(skops.io, "load", called)


@pytest.mark.parametrize("bound", ["MAX_MEMBER_BYTES", "MAX_TOTAL_BYTES"])
def test_a_skops_file_declaring_more_than_the_bounds_is_refused_unread(template_model, tmp_path, monkeypatch,
                                                                        skops_not_called, bound):
    """A member declaring more than the bound (a 4 MB array deflated to a few KB: the 2 GB ``coef_`` of a
    2 MB file, at a small scale, the bound lowered to 1 MB), or members declaring more in all, are
    refused from the zip directory, naming the file and the member, before skops reads anything."""
    good = save_model(template_model, tmp_path / "m.skops")
    with zipfile.ZipFile(good) as archive:
        assert sum(i.file_size for i in archive.infolist()) < 2**20  # the real model is well within the bound
    bomb = tmp_path / "bomb.skops"
    member = _rewrite(good, bomb, lambda data: _zeros_npy(4 * 2**20), zipfile.ZIP_DEFLATED)
    assert bomb.stat().st_size < 2**17
    monkeypatch.setattr(persistence, bound, 2**20)
    with pytest.raises(ModelFileError) as refused:
        load_model(bomb)
    if bound == "MAX_MEMBER_BYTES":
        assert str(refused.value) == (f"{bomb}: member {member} declares {4 * 2**20 + 128:,} bytes uncompressed, "
                                      f"more than the 1,048,576 a model file's member may hold, not loaded")
    else:
        assert str(refused.value).startswith(f"{bomb}: its members declare more than the 1,048,576 bytes "
                                             f"uncompressed a model file may hold (at member ")
    assert member in str(refused.value)


def test_an_array_header_declaring_more_than_its_member_is_refused(template_model, tmp_path, skops_not_called):
    """A ``.npy`` member whose header declares a 3 x 2**40 array (24 TiB) and holds a few KB is refused from the
    header alone, with the default bounds."""
    good = save_model(template_model, tmp_path / "m.skops")
    crafted = tmp_path / "crafted.skops"

    def huge_header(data):
        buffer = io.BytesIO()
        np.lib.format.write_array_header_1_0(buffer, {"descr": "<f8", "fortran_order": False, "shape": (3, 2**40)})
        return buffer.getvalue() + data[128:]

    member = _rewrite(good, crafted, huge_header)
    with pytest.raises(ModelFileError) as refused:
        load_model(crafted)
    assert str(refused.value).startswith(f"{crafted}: member {member} declares a 3x{2**40} array of float64 "
                                         f"({3 * 2**43:,} bytes), more than the ")


def _declare_size(path, member, size):
    """Patch the uncompressed size ``path``'s zip directory and local header declare for ``member``."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        offset = archive.getinfo(member).header_offset
    struct.pack_into("<I", data, offset + 22, size)  # the local header's uncompressed size
    entry = -1
    while True:  # the central directory's entry for the member: its uncompressed size at +24, its name at +46
        entry = data.find(b"PK\x01\x02", entry + 1)
        name_length = struct.unpack_from("<H", data, entry + 28)[0]
        if data[entry + 46:entry + 46 + name_length] == member.encode():
            struct.pack_into("<I", data, entry + 24, size)
            break
    path.write_bytes(bytes(data))


def test_a_deflated_member_inflating_past_its_declared_size_is_refused(template_model, tmp_path, skops_not_called):
    """A member declaring 7 KB whose deflated data inflates to 4 MB: zipfile would inflate it all before noticing;
    it is refused after inflating at most a chunk past the declared size."""
    good = save_model(template_model, tmp_path / "m.skops")
    liar = tmp_path / "liar.skops"
    member = _rewrite(good, liar, lambda data: _zeros_npy(4 * 2**20), zipfile.ZIP_DEFLATED)
    _declare_size(liar, member, 7232)
    with zipfile.ZipFile(liar) as archive:
        assert archive.getinfo(member).file_size == 7232
    with pytest.raises(ModelFileError) as refused:
        load_model(liar)
    assert str(refused.value) == f"{liar}: member {member} inflates to more than the 7,232 bytes it declares, " \
                                 f"not loaded"


def test_a_deflated_skops_file_within_the_bounds_loads(template_model, template_files, tmp_path):
    """skops may deflate its members (``compression=``): such a file within the bounds loads as the stored one."""
    good = save_model(template_model, tmp_path / "m.skops")
    deflated = tmp_path / "deflated.skops"
    with zipfile.ZipFile(good) as source, zipfile.ZipFile(deflated, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            target.writestr(info.filename, source.read(info))
    loaded = load_model(deflated)
    test = read_snli(template_files["test"])
    np.testing.assert_array_equal(loaded.predict_proba(test.pairs), template_model.predict_proba(test.pairs))


@pytest.mark.parametrize("name, data", [("extra.npz", b"PK"), ("notes.txt", b"hello")])
def test_a_skops_member_of_a_kind_lexnli_never_writes_is_refused(template_model, tmp_path, skops_not_called,
                                                                 name, data):
    good = save_model(template_model, tmp_path / "m.skops")
    with zipfile.ZipFile(good, "a") as archive:
        archive.writestr(name, data)
    with pytest.raises(ModelFileError, match=f"member {re.escape(name)} is of a kind lexnli model files never hold"):
        load_model(good)


def test_predict_refuses_an_oversized_model_with_exit_2(template_model, template_files, tmp_path, monkeypatch,
                                                        capsys):
    from classifiers.predict import main as predict_main

    good = save_model(template_model, tmp_path / "m.skops")
    bomb = tmp_path / "bomb.skops"
    member = _rewrite(good, bomb, lambda data: _zeros_npy(4 * 2**20), zipfile.ZIP_DEFLATED)
    monkeypatch.setattr(persistence, "MAX_MEMBER_BYTES", 2**20)
    out = tmp_path / "out.jsonl"
    assert predict_main(["--model", str(bomb), "--input", str(template_files["test"]), "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {bomb}: member {member} declares ") and err.count("\n") == 1
    assert not out.exists()


# ---- settings of how a loaded model runs ----------------------------------------------------

@pytest.mark.parametrize("name", ["m.skops", "m.joblib"])
def test_how_a_loaded_model_runs_is_the_callers_not_the_files(template_model, tmp_path, name):
    """A model saved with n_jobs 16 and batch_size 1 (which made predict run in 16 processes for batches of one
    pair) loads with the defaults, or with the caller's settings; ``info`` keeps the saved ones, a record."""
    model = copy.deepcopy(template_model).set_params(featurize__n_jobs=16, featurize__batch_size=1,
                                                     classify__n_jobs=16)
    path = save_model(model, tmp_path / name)
    loaded = load_model(path, trusted=True)
    info = loaded.lexnli_info_
    assert loaded.named_steps["featurize"].get_params()["n_jobs"] is None
    assert loaded.named_steps["featurize"].get_params()["batch_size"] == 2048 == persistence.DEFAULT_BATCH_SIZE
    assert loaded.named_steps["classify"].get_params()["n_jobs"] is None
    assert (info["features"]["n_jobs"], info["features"]["batch_size"]) == (16, 1)
    loaded = load_model(path, trusted=True, n_jobs=2, batch_size=512)
    assert [v for k, v in loaded.get_params().items() if k.endswith("n_jobs")] == [2, 2]
    assert loaded.named_steps["featurize"].batch_size == 512


def test_a_payload_whose_model_is_no_estimator_is_refused(tmp_path):
    import skops.io

    path = tmp_path / "m.skops"
    import sklearn

    path.write_bytes(skops.io.dumps({"format": "lexnli-model", "lexnli_version": persistence.__version__,
                                     "sklearn_version": sklearn.__version__, "model": [1, 2]}))
    with pytest.raises(ModelFileError, match=r"m\.skops: not a lexnli model file \(its model is a list, not a "
                                             r"scikit-learn Pipeline whose first step is a PairFeaturizer\)$"):
        load_model(path)


# ---- joblib model files ------------------------------------------------------------------------

def test_model_file_errors_name_the_cause_and_info_leaves_out_the_model(noisy_lexicalized, tmp_path):
    from classifiers.persistence import ModelFileError, load_model

    path = save_model(noisy_lexicalized, tmp_path / "m.joblib", C=1.0)
    info = load_model(path, trusted=True).lexnli_info_
    assert set(info) == {"format", "lexnli_version", "sklearn_version", "features", "metadata"}
    (tmp_path / "bad.joblib").write_bytes(path.read_bytes()[:500])
    with pytest.raises(ModelFileError) as caught:
        load_model(tmp_path / "bad.joblib", trusted=True)
    assert f"not a readable model file ({type(caught.value.__cause__).__name__}: " in str(caught.value)


def test_save_load_round_trip_gives_identical_predictions(template_selection, template_corpora, tmp_path):
    path = save_model(template_selection.model, tmp_path / "m.joblib", C=template_selection.C)
    model = load_model(path, trusted=True)
    info = model.lexnli_info_
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
    loaded = load_model(path)
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


def test_a_model_fitted_before_its_families_read_trees_is_refused(tmp_path):
    """An ``inference`` model saved by the tag rules' code records no syntax model: refused on load, with how to
    mend it, not read with trees its columns never saw; whatever its featurizer step is named."""
    from types import SimpleNamespace

    from classifiers.persistence import ModelFileError, check_structure

    old = SimpleNamespace(steps=[("pairfeaturizer", SimpleNamespace(families_=["hyp_unigrams", "alignment", "tree"]))])
    with pytest.raises(ModelFileError, match="its alignment and tree families read"):
        check_structure(old, tmp_path / "old.skops")
    old.steps[0][1].syntax_sha256_ = "0" * 64
    check_structure(old, tmp_path / "new.skops")  # fitted since: its syntax model is checked when it reads
    check_structure(SimpleNamespace(steps=[("featurize", SimpleNamespace(families_=["hyp_unigrams"]))]), "x")
