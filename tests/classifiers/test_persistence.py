"""classifiers.persistence: models saved and loaded with identical predictions, in the safe ``.skops`` format
(which refuses, unbuilt, any type lexnli does not trust) or with joblib, and clear errors for damaged,
foreign or outdated model files."""
import numpy as np
import pytest

from classifiers.persistence import TRUSTED_TYPES, ModelFileError, load_model, save_model
from lexnli.corpora.snli import read_snli


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
                                  "tests.classifiers.test_persistence.Hostile, tests.classifiers.test_persistence.Intruder")
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
