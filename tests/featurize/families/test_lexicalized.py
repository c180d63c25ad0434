"""The lexicalized families (featurize/families/lexicalized.py): the cap on the cross features' tokens, and
the work per pair it bounds."""
from tests.helpers.features import long_sentence


def test_cross_features_read_only_the_first_tokens_of_long_sentences(caplog):
    from featurize import Pair, reference_features
    from featurize.families.lexicalized import CROSS_MAX_TOKENS

    from tests.helpers.features import assert_features_equal, fast_features, nonzero

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
