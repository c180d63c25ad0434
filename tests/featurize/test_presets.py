"""featurize.presets: the featurizer's named configurations, and the signature that names a run's settings."""
import pytest

from featurize import PairFeaturizer
from featurize.presets import PRESETS, preset_params, signature
from lexnli.version import __version__


def test_presets_are_the_defaults_and_validated():
    assert PairFeaturizer().get_params()["tag_set"] == PRESETS["paper"]["tag_set"]
    assert {k: PairFeaturizer().get_params()[k] for k in PRESETS["paper"]} == PRESETS["paper"]
    featurizer = PairFeaturizer.from_preset("recommended", "unlexicalized", min_df=3)
    assert featurizer.features == "unlexicalized" and featurizer.min_df == 3 and featurizer.dense_bins == 5
    with pytest.raises(ValueError, match="unknown preset"):
        preset_params("nope")
    for bad in ({"lowercase": "yes"}, {"n_jobs": 1.5}, {"tag_set": "fine"}, {"min_df": 0}):
        with pytest.raises(ValueError):
            PairFeaturizer(**bad).fit([("A man sleeps.", "A man rests.")])


def test_a_preset_is_plain_data(monkeypatch):
    monkeypatch.setitem(PRESETS, "inference", {**PRESETS["recommended"], "features": ("unlexicalized", "bag_overlap")})
    featurizer = PairFeaturizer.from_preset("inference")
    assert featurizer.features == ("unlexicalized", "bag_overlap") and featurizer.min_df == 2
    assert signature("inference").startswith(f"lexnli:{__version__}|preset:inference|tags:coarse")
