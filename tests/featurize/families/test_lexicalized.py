"""The lexicalized families (featurize/families/lexicalized.py): the cap on the cross features' tokens, and
the work per pair it bounds."""
from featurize import Pair, reference_features

from tests.helpers.features import assert_features_equal, fast_features, long_sentence, nonzero


def test_cross_features_read_only_the_first_tokens_of_long_sentences(caplog):
    from featurize.families.lexicalized import CROSS_MAX_TOKENS


    long = Pair(long_sentence(CROSS_MAX_TOKENS + 200), long_sentence(CROSS_MAX_TOKENS + 50, 3))
    cut = Pair(long_sentence(CROSS_MAX_TOKENS), long_sentence(CROSS_MAX_TOKENS, 3))
    short = Pair(long_sentence(20), long_sentence(9, 3))
    with caplog.at_level("WARNING", logger="lexnli"):
        fast = fast_features([long, short])
    assert "1 of 2 pairs have a sentence longer than 128 tokens" in caplog.text
    for pair, actual in zip([long, short], fast):
        assert_features_equal(actual, nonzero(reference_features(pair)))

    def crossed(features):
        return {k for k in features if k.startswith("cross_")}
    assert crossed(fast[0]) == crossed(reference_features(cut)) and len(crossed(fast[0])) > 0
    assert len(crossed(fast[1])) > 0


def test_a_sentence_of_exactly_the_cap_is_not_capped():
    from featurize.families.lexicalized import CROSS_MAX_TOKENS, n_capped

    def item(n_premise, n_hypothesis):
        return ("w",) * n_premise, ("NN",) * n_premise, ("w",) * n_hypothesis, ("NN",) * n_hypothesis

    assert CROSS_MAX_TOKENS == 128
    assert n_capped([item(128, 128), item(5, 3)]) == 0
    assert n_capped([item(129, 3), item(3, 129), item(129, 129), item(128, 1)]) == 3


def test_pair_work_is_the_capped_cross_product_plus_both_lengths():
    from featurize.families.lexicalized import pair_work

    assert pair_work(3, 4) == 3 * 4 + 3 + 4
    assert pair_work(200, 2) == 128 * 2 + 200 + 2
