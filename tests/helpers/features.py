"""Features by name: the dense columns of the built-in families, small sentences and pairs, the fast path's
nonzero features of each pair, and comparing them with the reference's."""
import numpy as np
import pytest

from featurize import PairFeaturizer, Sentence

BLEU_COLUMNS = ["bleu", "bleu_p1", "bleu_p2", "bleu_p3", "bleu_p4"]
OVERLAP_COLUMNS = [f"overlap_{c}_{k}" for c in ("all", "noun", "verb", "adjective", "adverb")
                   for k in ("count", "fraction")]
DENSE_COLUMNS = BLEU_COLUMNS + ["length_diff"] + OVERLAP_COLUMNS
SPARSE_FAMILIES = ("hyp_unigrams", "hyp_bigrams", "cross_unigrams", "cross_bigrams")


def S(tokens: str, tags: str) -> Sentence:
    """A sentence with explicit (space-separated) tokens and tags."""
    return Sentence(text=tokens, tokens=tuple(tokens.split()), tags=tuple(tags.split()))


#: Two string pairs, tagged on the fly.
PAIRS = [("A man sleeps on a bench.", "A person rests."), ("Two dogs run.", "No animals are moving.")]


def nonzero(features) -> dict:
    return {k: v for k, v in features.items() if v != 0}


def fast_features(pairs, features="lexicalized", *, lowercase=True, tag_set="ptb") -> list[dict]:
    """The fast path's nonzero features of each pair, named (vocabulary mode: one name per column)."""
    featurizer = PairFeaturizer(features, n_features=None, lowercase=lowercase, tag_set=tag_set)
    X = featurizer.fit_transform(pairs)
    names = featurizer.feature_names(pairs)
    assert all(len(v) == 1 for v in names.values()), "a learned column must carry exactly one name"
    assert np.isfinite(X.data).all()
    return [{names[j][0]: v for j, v in zip(X[i].indices, X[i].data)} for i in range(X.shape[0])]


def assert_features_equal(actual: dict, wanted: dict):
    assert sorted(actual) == sorted(wanted)
    for name, value in wanted.items():
        assert actual[name] == pytest.approx(value, rel=1e-12, abs=1e-15), name


def long_sentence(n_tokens: int, offset: int = 0):
    from lexnli.records import Sentence

    tokens = tuple(f"w{(i * 7 + offset) % 97}" for i in range(n_tokens))
    tags = tuple(("NN", "VBZ", "DT")[i % 3] for i in range(n_tokens))
    return Sentence(" ".join(tokens), tokens, tags)
