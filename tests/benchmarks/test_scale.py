"""The scale benchmark's stand-in training sets: resampling, copy suffixes, Heaps' law calibration."""
import importlib.util

import pytest

from featurize.inputs import as_pairs

from tests.conftest import REPO
from tests.helpers.templates import templated_pairs

SPEC = importlib.util.spec_from_file_location("scale", REPO / "benchmarks" / "scale.py")
scale = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(scale)


@pytest.fixture(scope="module")
def pairs():
    """Templated pairs, tagged on first use (so a machine without the tagger skips instead of failing collection)."""
    return as_pairs([(p, h) for p, h, _ in templated_pairs(60)])


def test_plain_resampling_keeps_the_vocabulary(pairs):
    drawn = scale.stand_in(pairs, 500, seed=1, suffix_probability=0.0)
    assert len(drawn) == 500 and all(p in pairs for p in drawn)
    assert scale.word_types(drawn) <= scale.word_types(pairs)


def test_copies_suffix_hypothesis_nouns_of_every_repeat(pairs):
    drawn = scale.stand_in(pairs, 500, seed=1, suffix_probability=1.0)
    originals = {(p.premise, p.hypothesis.tokens): p for p in pairs}
    seen = set()
    for pair in drawn:
        stripped = tuple(t.split("~")[0] for t in pair.hypothesis.tokens)
        original = originals[(pair.premise, stripped)]  # premises and tags are never changed
        first = original not in seen
        seen.add(original)
        nouns = [t for t, tag in zip(pair.hypothesis.tokens, pair.hypothesis.tags) if tag.startswith("NN")]
        assert nouns and all(("~" in t) != first for t in nouns)
        assert pair.hypothesis.tags == original.hypothesis.tags
    assert scale.word_types(drawn) > 2 * scale.word_types(pairs)


def test_same_seed_same_stand_in(pairs):
    assert scale.stand_in(pairs, 200, 3, 0.5) == scale.stand_in(pairs, 200, 3, 0.5)


def test_heaps_calibration_hits_the_extrapolated_word_types(pairs):
    beta = scale.heaps_exponent(pairs)
    assert 0 < beta < 1
    probability = scale.heaps_suffix_probability(pairs, 600, beta)
    target = scale.word_types(pairs) * (600 / len(pairs)) ** beta
    assert 0 < probability < 1
    assert scale.word_types(scale.stand_in(pairs, 600, 0, probability)) == pytest.approx(target, rel=0.05)


def test_the_inference_preset_times_the_inference_models_pipeline(pairs, wordnet, tiny_verbocean):
    from types import SimpleNamespace

    from tests.helpers.templates import templated_pairs

    corpus = SimpleNamespace(pairs=pairs, labels=[label for _, _, label in templated_pairs(60)])
    inference = scale.run_fast(corpus, corpus, 1.0, preset="inference")
    lexicalized = scale.run_fast(corpus, corpus, 1.0)
    assert all(inference[f"{stage}_seconds"] > 0 and inference[f"{stage}_peak_mb"] > 0 for stage in scale.STAGES)
    assert inference["columns"] > lexicalized["columns"] and 0 <= inference["accuracy"] <= 1
