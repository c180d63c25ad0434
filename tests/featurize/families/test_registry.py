"""The family registry (featurize/families/registry.py): groups select their families, a registered or declared
family joins the others without changing them, and a family given only a reference function gets a
memoized fast path."""
import pickle
from collections import Counter

import numpy as np
import pytest

from featurize import FAMILIES, GROUPS, Family, PairFeaturizer, reference_features, register
from featurize.families import MemoizedReference, SparseFeatures, family_seed, feature_name
from featurize.hashing import feature_keys
from featurize.inputs import as_pairs

from tests.helpers.features import DENSE_COLUMNS, PAIRS, SPARSE_FAMILIES, assert_features_equal, fast_features, nonzero


def test_groups_select_their_families():
    assert GROUPS["lexicalized"] == ("bleu", "length_diff", "overlap") + SPARSE_FAMILIES
    for group, families in [("unigrams_only", {"hyp_unigrams", "cross_unigrams"}),
                            ("lexicalized", set(SPARSE_FAMILIES))]:
        featurizer = PairFeaturizer(group, n_features=None)
        featurizer.fit(PAIRS)
        assert featurizer.families_ == list(GROUPS[group])
        fired = {name.split(":")[0] for names in featurizer.feature_names(PAIRS).values() for name in names
                 if ":" in name}
        assert fired == families
        assert {k.split(":")[0] for k in reference_features(PAIRS[0], group) if ":" in k} == families


def test_families_can_be_combined_and_deduplicated():
    featurizer = PairFeaturizer(["unlexicalized", "bleu", "hyp_unigrams"], n_features=None)
    featurizer.fit(PAIRS)
    assert featurizer.families_ == ["bleu", "length_diff", "overlap", "hyp_unigrams"]
    assert PairFeaturizer("length_diff").fit_transform(PAIRS).toarray().tolist() == [[3], [-1]]


@pytest.mark.parametrize("features", ["nope", ["bleu", "nope"], []])
def test_unknown_family_is_a_value_error(features):
    with pytest.raises(ValueError, match="nope|no feature family"):
        PairFeaturizer(features).fit(PAIRS)
    with pytest.raises(ValueError, match="nope|no feature family"):
        reference_features(PAIRS[0], features)


def _toy_length_reference(pair):
    return Counter({"toy_length": len(pair.hypothesis.tokens) ** 2})


def _toy_length_fast(batch):
    return (batch.hypothesis.lengths.astype(float) ** 2)[:, None]


def _toy_first_reference(pair):
    tokens = pair.hypothesis.tokens
    return Counter({feature_name("toy_first", hypothesis=tokens[:1]): 1} if tokens else {})


def _toy_first_fast(batch):
    h = batch.hypothesis
    first = h.starts[:-1][h.lengths > 0]
    return SparseFeatures(h.rows[first], feature_keys(family_seed("toy_first"), h.hashes[first]),
                          [("hypothesis", first)])


@pytest.fixture
def toy_families():
    """Register two toy families (one dense, one sparse) and remove them afterwards."""
    before = dict(FAMILIES)
    try:
        register(Family("toy_length", _toy_length_reference, _toy_length_fast, columns=("toy_length",)))
        register(Family("toy_first", _toy_first_reference, _toy_first_fast))
        yield ["toy_length", "toy_first"]
    finally:
        FAMILIES.pop("toy_length", None)
        FAMILIES.pop("toy_first", None)
        assert FAMILIES == before


def test_registering_a_family_leaves_the_others_alone(toy_families):
    pairs = PAIRS + [("A dog.", "")]
    reference = PairFeaturizer(n_features=2**18).fit_transform(pairs)
    featurizer = PairFeaturizer(["lexicalized", *toy_families], n_features=None)
    rows = fast_features(pairs, ["lexicalized", *toy_families])
    for pair, actual in zip(pairs, rows):
        wanted = nonzero(reference_features(pair, ["lexicalized", *toy_families]))
        assert_features_equal(actual, wanted)
    assert rows[0]["toy_length"] == 16 and rows[0]["toy_first:a"] == 1 and "toy_length" not in rows[2]
    featurizer.fit(pairs)
    assert featurizer.dense_columns_ == DENSE_COLUMNS + ["toy_length"]
    # the built-in families' features keep their columns
    after = PairFeaturizer(n_features=2**18).fit_transform(pairs)
    assert (after != reference).nnz == 0
    with pytest.raises(ValueError, match="exists already"):
        register(Family("toy_first", _toy_first_reference, _toy_first_fast))


def test_a_family_cannot_take_a_group_name():
    with pytest.raises(ValueError, match="exists already"):
        register(Family("lexicalized", _toy_first_reference, _toy_first_fast))
    assert "lexicalized" not in FAMILIES


def test_a_group_cannot_take_a_family_name():
    with pytest.raises(ValueError, match=r"group name\(s\) \['bleu'\] of family 'toy_grouped' are family names"):
        register(Family("toy_grouped", _toy_first_reference, _toy_first_fast, groups=("bleu",)))
    assert "toy_grouped" not in FAMILIES


def test_declared_family_description_is_its_docstring_first_line_or_empty():
    from featurize.families import family

    def documented(pair):
        """First line.

        More.
        """
        return Counter()

    def undocumented(pair):
        return Counter()

    try:
        family("toy_documented", columns=("x",))(documented)
        family("toy_undocumented", columns=("x",))(undocumented)
        family("toy_described", columns=("x",), description="given")(documented)
        assert [FAMILIES[f"toy_{n}"].description for n in ("documented", "undocumented", "described")] == [
            "First line.", "", "given"]
        assert FAMILIES["toy_documented"].reference is documented
    finally:
        for name in ("toy_documented", "toy_undocumented", "toy_described"):
            FAMILIES.pop(name, None)


def test_declared_sparse_families_name_and_key_their_features_apart():
    from featurize.families import family

    def same_name(pair):
        return Counter({"same name": 1})

    pairs = [("A b.", "C d e.")]
    try:
        family("toy_left")(same_name)
        family("toy_right")(same_name)
        X = PairFeaturizer(["toy_left", "toy_right"], n_features=None).fit_transform(pairs)
        assert X.shape == (1, 2) and X.nnz == 2  # two features, not one
    finally:
        for name in ("toy_left", "toy_right"):
            FAMILIES.pop(name, None)


def test_sparse_reference_only_family_is_named_and_keyed_through_the_adapter():
    from collections import Counter

    from featurize import FAMILIES, GROUPS, family

    @family("toy_negation", groups=("toy_group",))
    def toy_negation(pair) -> Counter:
        """An indicator for each negation word of the hypothesis."""
        return Counter({f"toy_negation:{w}": 1 for w in pair.hypothesis.tokens if w in ("not", "no")})

    try:
        pairs = [("A man sleeps.", "A man is not awake."), ("A dog runs.", "No dog runs."), ("A cat.", "A cat.")]
        featurizer = PairFeaturizer("toy_group").fit(pairs)
        names = list(featurizer.get_feature_names_out())
        assert sorted(names) == ["toy_negation:no", "toy_negation:not"]
        X = featurizer.transform(pairs).toarray()
        assert X[:, names.index("toy_negation:not")].tolist() == [1, 0, 0]
        assert X[:, names.index("toy_negation:no")].tolist() == [0, 1, 0]
        mixed = PairFeaturizer(["hyp_unigrams", "toy_negation", "cross_bigrams"], n_features=None).fit(pairs)
        assert "toy_negation:not" in mixed.vocabulary_names_ and "hyp_unigrams:awake" in mixed.vocabulary_names_
        assert {j: [name] for j, name in enumerate(mixed.get_feature_names_out())} == mixed.feature_names(pairs)
        hashed = PairFeaturizer("toy_group", n_features=2**20).fit(pairs)
        X = hashed.transform(pairs)
        assert hashed.feature_names(pairs) == {int(X[0].indices[0]): ["toy_negation:not"],
                                               int(X[1].indices[0]): ["toy_negation:no"]}
    finally:
        del FAMILIES["toy_negation"], GROUPS["toy_group"]


def test_the_default_fast_is_the_reference_once_per_distinct_pair():
    from featurize.batch import Batch
    from featurize.families import MemoizedReference

    calls = []

    def words(pair):
        calls.append(pair.hypothesis.tokens)
        return Counter({"n_words": len(pair.hypothesis.tokens)})

    fast = MemoizedReference("words", words, ("n_words",), limit=2)
    pairs = as_pairs([("A b.", "C d e."), ("A b.", "C d e."), ("A b.", "F.")])
    batch = Batch.from_pairs(pairs)
    assert fast(batch).tolist() == [[4.0], [4.0], [2.0]] and len(calls) == 2  # the repeated pair is remembered
    assert fast(batch).tolist() == [[4.0], [4.0], [2.0]] and len(calls) == 2
    fast.limit = 1  # a full memo starts again
    fast(batch)
    assert len(calls) == 4


def test_the_default_fast_reads_a_plain_dict_absent_columns_as_zero_and_ints_as_floats():
    from featurize.batch import Batch

    fast = MemoizedReference("plain", lambda pair: {"a": 2}, ("a", "b"))
    found = fast(Batch.from_pairs(as_pairs([("A b.", "C d e.")])))
    assert found.tolist() == [[2.0, 0.0]] and found.dtype == np.float64  # real-valued columns, even from ints


def test_two_default_fast_families_never_share_a_key():
    """The same feature name in two families is two features (each family hashes with its own seed)."""
    from featurize.batch import Batch

    batch = Batch.from_pairs(as_pairs([("A b.", "C d e.")]))
    first, second = (MemoizedReference(name, lambda pair: Counter({"same name": 1}), None)(batch)
                     for name in ("toy_one", "toy_two"))
    assert first.names == second.names == ["same name"]
    assert first.keys[0] != second.keys[0]


def test_a_family_firing_nothing_changes_no_column():
    pairs = PAIRS + [("A dog.", "")]
    try:
        register(Family("toy_silent", lambda pair: Counter(), MemoizedReference("toy_silent", lambda pair: Counter(),
                                                                                None)))
        for n_features in (2**20, None):
            alone = PairFeaturizer("hyp_unigrams", n_features=n_features).fit_transform(pairs)
            both = PairFeaturizer(["hyp_unigrams", "toy_silent"], n_features=n_features).fit_transform(pairs)
            assert alone.shape == both.shape and (alone != both).nnz == 0
    finally:
        FAMILIES.pop("toy_silent", None)


def _hypothesis_length(pair):  # module level: the memoized reference below is pickled
    return Counter({"n": len(pair.hypothesis.tokens)})


def test_the_default_fast_forgets_on_a_resource_change_and_when_pickled():
    """Its memo starts again when the shared lexical resources change, and a pickled copy (what a
    worker process gets) starts with an empty one."""

    import lexical_resources
    from featurize.batch import Batch
    from lexical_resources import VerbOcean

    calls = []
    fast = MemoizedReference("toy_memo", lambda pair: calls.append(1) or _hypothesis_length(pair), ("n",))
    batch = Batch.from_pairs(as_pairs([("A b.", "C d e.")]))
    assert fast(batch).tolist() == [[4.0]] and fast(batch).tolist() == [[4.0]] and len(calls) == 1
    try:
        lexical_resources.set_resources(verbocean=VerbOcean({}))
        assert fast(batch).tolist() == [[4.0]] and len(calls) == 2
        assert fast(batch).tolist() == [[4.0]] and len(calls) == 2
    finally:
        lexical_resources.reset_resources()
    memoized = MemoizedReference("toy_memo", _hypothesis_length, ("n",))
    memoized(batch)
    assert len(memoized._memo) == 1 and pickle.loads(pickle.dumps(memoized))._memo == {}


def test_selecting_no_family_says_so():
    with pytest.raises(ValueError, match="^no feature family selected$"):
        PairFeaturizer([]).fit(PAIRS)
