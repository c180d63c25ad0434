"""featurize.reference and the fast path: hand-computed features of small pairs, and the two paths agreeing.

Every expected value below is worked out by hand from the definitions in
``featurize/families/*.py``; BLEU is also checked against ``sacrebleu.sentence_bleu``. The
fast path (``PairFeaturizer``) must give the same named features as ``reference_features``:
indicators exactly, real values to within a few ulps (sacrebleu works on a 0-100 scale, so
e.g. its 1/3 comes back as 0.33333333333333337).
"""
import math
from collections import Counter

import numpy as np
import pytest
import sacrebleu
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from featurize import Pair, PairFeaturizer, Sentence, reference_features
from featurize.inputs import as_pair, as_pairs

from tests.conftest import shared_file
from tests.helpers.features import DENSE_COLUMNS, S, assert_features_equal, fast_features, nonzero

EMPTY = Sentence(text="", tokens=(), tags=())


def expected(dense: dict, **indicators) -> Counter:
    """Every dense column (0 unless given) plus an indicator ``family:name`` = 1 for each listed name."""
    features = Counter({c: 0 for c in DENSE_COLUMNS})
    features.update(dense)
    for family, names in indicators.items():
        features.update({f"{family}:{name}": 1 for name in names})
    return features


# ---- hand-computed pairs ---------------------------------------------------------------
# Each case: (premise, hypothesis, lowercase, expected features). Comments give the counts.

CASES = {
    # unigrams 4/5 (a dog runs .), bigrams 1/4 (dog runs), trigrams 0/3 -> 1/(2*3),
    # 4-grams 0/2 -> 1/(4*2); equal lengths, so BP = 1.
    "mixed": (S("a dog runs fast .", "DT NN VBZ RB ."), S("a big dog runs .", "DT JJ NN VBZ ."), True, expected(
        {"bleu": (4 / 5 * 1 / 4 * 1 / 6 * 1 / 8) ** 0.25, "bleu_p1": 4 / 5, "bleu_p2": 1 / 4, "bleu_p3": 1 / 6,
         "bleu_p4": 1 / 8, "overlap_all_count": 4, "overlap_all_fraction": 4 / 5,
         "overlap_noun_count": 1, "overlap_noun_fraction": 1.0, "overlap_verb_count": 1, "overlap_verb_fraction": 1.0,
         "overlap_adjective_count": 0, "overlap_adjective_fraction": 0.0},
        hyp_unigrams=["a", "big", "dog", "runs", "."],
        hyp_bigrams=["a big", "big dog", "dog runs", "runs ."],
        cross_unigrams=["a | a", "dog | dog", "runs | runs", ". | ."],
        cross_bigrams=["a dog | big dog", "dog runs | dog runs", "fast . | runs ."])),
    # repeated words: "the" x3 is clipped to the premise's one "the" (unigrams 2/4), bigrams 1/3
    # ("the cat"), trigrams 0/2 -> 1/4, 4-grams 0/1 -> 1/4; overlap counts positions (4), indicators stay 1.
    "repeats": (S("the cat sat", "DT NN VBD"), S("the the the cat", "DT DT DT NN"), True, expected(
        {"bleu": (1 / 2 * 1 / 3 * 1 / 4 * 1 / 4) ** 0.25, "bleu_p1": 1 / 2, "bleu_p2": 1 / 3, "bleu_p3": 1 / 4,
         "bleu_p4": 1 / 4, "length_diff": -1, "overlap_all_count": 4, "overlap_all_fraction": 1.0,
         "overlap_noun_count": 1, "overlap_noun_fraction": 1.0},
        hyp_unigrams=["the", "cat"], hyp_bigrams=["the the", "the cat"],
        cross_unigrams=["the | the", "cat | cat"], cross_bigrams=["the cat | the cat"])),
    # all four orders match fully, but the hypothesis is short: BP = exp(1 - 7/4).
    # The premise's two "a" (DT) and two nouns give one indicator per distinct word pair.
    "prefix": (S("a man is sleeping on a bench", "DT NN VBZ VBG IN DT NN"), S("a man is sleeping", "DT NN VBZ VBG"),
               True, expected(
        {"bleu": math.exp(1 - 7 / 4), "bleu_p1": 1.0, "bleu_p2": 1.0, "bleu_p3": 1.0, "bleu_p4": 1.0,
         "length_diff": 3, "overlap_all_count": 4, "overlap_all_fraction": 1.0, "overlap_noun_count": 1,
         "overlap_noun_fraction": 1.0, "overlap_verb_count": 2, "overlap_verb_fraction": 1.0},
        hyp_unigrams=["a", "man", "is", "sleeping"], hyp_bigrams=["a man", "man is", "is sleeping"],
        cross_unigrams=["a | a", "man | man", "bench | man", "is | is", "sleeping | sleeping"],
        cross_bigrams=["a man | a man", "a bench | a man", "man is | man is", "is sleeping | is sleeping"])),
    # punctuation tokens are words like any other; no trigram in the hypothesis, so the
    # effective order is 2: BLEU = BP = exp(1 - 5/2), p3 = p4 = 0.
    "punctuation": (S("wait , what ? !", "VB , WP . ."), S("what ?", "WP ."), True, expected(
        {"bleu": math.exp(1 - 5 / 2), "bleu_p1": 1.0, "bleu_p2": 1.0, "length_diff": 3,
         "overlap_all_count": 2, "overlap_all_fraction": 1.0},
        hyp_unigrams=["what", "?"], hyp_bigrams=["what ?"],
        cross_unigrams=["what | what", "? | ?", "! | ?"], cross_bigrams=["what ? | what ?", "? ! | what ?"])),
    "one_word": (S("dogs", "NNS"), S("dogs", "NNS"), True, expected(
        {"bleu": 1.0, "bleu_p1": 1.0, "overlap_all_count": 1, "overlap_all_fraction": 1.0,
         "overlap_noun_count": 1, "overlap_noun_fraction": 1.0},
        hyp_unigrams=["dogs"], cross_unigrams=["dogs | dogs"])),
    # the same words after lowercasing: BLEU 1 on the three orders the hypothesis has.
    "case_lowered": (S("The Dog barks", "DT NN VBZ"), S("the dog Barks", "DT NN VBZ"), True, expected(
        {"bleu": 1.0, "bleu_p1": 1.0, "bleu_p2": 1.0, "bleu_p3": 1.0, "overlap_all_count": 3,
         "overlap_all_fraction": 1.0, "overlap_noun_count": 1, "overlap_noun_fraction": 1.0,
         "overlap_verb_count": 1, "overlap_verb_fraction": 1.0},
        hyp_unigrams=["the", "dog", "barks"], hyp_bigrams=["the dog", "dog barks"],
        cross_unigrams=["the | the", "dog | dog", "barks | barks"],
        cross_bigrams=["the dog | the dog", "dog barks | dog barks"])),
    # ... and with case kept nothing matches: BLEU and its precisions are 0 (no unigram match).
    "case_kept": (S("The Dog barks", "DT NN VBZ"), S("the dog Barks", "DT NN VBZ"), False, expected(
        {}, hyp_unigrams=["the", "dog", "Barks"], hyp_bigrams=["the dog", "dog Barks"],
        cross_unigrams=["The | the", "Dog | dog", "barks | Barks"],
        cross_bigrams=["The Dog | the dog", "Dog barks | dog Barks"])),
    # non-ASCII: ZOË/CAFÉ lowercase to the premise's zoë/café. Unigrams 2/3, bigrams 0/2 -> 1/4,
    # trigrams 0/1 -> 1/4, no 4-gram (order 3); BP = exp(1 - 4/3).
    "non_ascii_lowered": (S("Zo\u00eb drinks caf\u00e9 cr\u00e8me", "NNP VBZ NN NN"),
                          S("ZO\u00cb likes CAF\u00c9", "NNP VBZ NN"), True, expected(
        {"bleu": math.exp(1 - 4 / 3) * (2 / 3 * 1 / 4 * 1 / 4) ** (1 / 3), "bleu_p1": 2 / 3, "bleu_p2": 1 / 4,
         "bleu_p3": 1 / 4, "length_diff": 1, "overlap_all_count": 2, "overlap_all_fraction": 2 / 3,
         "overlap_noun_count": 2, "overlap_noun_fraction": 1.0},
        hyp_unigrams=["zo\u00eb", "likes", "caf\u00e9"], hyp_bigrams=["zo\u00eb likes", "likes caf\u00e9"],
        cross_unigrams=["zo\u00eb | zo\u00eb", "drinks | likes", "caf\u00e9 | caf\u00e9", "cr\u00e8me | caf\u00e9"],
        cross_bigrams=["zo\u00eb drinks | zo\u00eb likes", "drinks caf\u00e9 | likes caf\u00e9",
                       "caf\u00e9 cr\u00e8me | likes caf\u00e9"])),
    "non_ascii_kept": (S("Zo\u00eb drinks caf\u00e9 cr\u00e8me", "NNP VBZ NN NN"),
                       S("ZO\u00cb likes CAF\u00c9", "NNP VBZ NN"), False, expected(
        {"length_diff": 1},
        hyp_unigrams=["ZO\u00cb", "likes", "CAF\u00c9"], hyp_bigrams=["ZO\u00cb likes", "likes CAF\u00c9"],
        cross_unigrams=["Zo\u00eb | ZO\u00cb", "drinks | likes", "caf\u00e9 | CAF\u00c9", "cr\u00e8me | CAF\u00c9"],
        cross_bigrams=["Zo\u00eb drinks | ZO\u00cb likes", "drinks caf\u00e9 | likes CAF\u00c9",
                       "caf\u00e9 cr\u00e8me | likes CAF\u00c9"])),
    "empty_hypothesis": (S("a dog", "DT NN"), EMPTY, True, expected({"length_diff": 2})),
    # hypothesis words none of which is in the (empty) premise: fractions 0/2, not undefined.
    "empty_premise": (EMPTY, S("dogs bark", "NNS VBP"), True, expected(
        {"length_diff": -2}, hyp_unigrams=["dogs", "bark"], hyp_bigrams=["dogs bark"])),
    "both_empty": (EMPTY, EMPTY, True, expected({})),
}


@pytest.mark.parametrize("case", list(CASES))
def test_reference_features_match_hand_computed(case):
    premise, hypothesis, lowercase, wanted = CASES[case]
    assert_features_equal(reference_features(Pair(premise, hypothesis), lowercase=lowercase), wanted)


@pytest.mark.parametrize("case", list(CASES))
def test_fast_path_matches_hand_computed(case):
    premise, hypothesis, lowercase, wanted = CASES[case]
    [actual] = fast_features([Pair(premise, hypothesis)], lowercase=lowercase)
    assert_features_equal(actual, nonzero(wanted))


def test_all_cases_in_one_batch_match():
    """Pairs featurized together (one batch, n-grams must not cross pairs) give each pair's features."""
    for lowercase in (True, False):
        cases = [c for c in CASES.values() if c[2] == lowercase]
        rows = fast_features([Pair(p, h) for p, h, _, _ in cases], lowercase=lowercase)
        for actual, (_, _, _, wanted) in zip(rows, cases):
            assert_features_equal(actual, nonzero(wanted))


@pytest.mark.parametrize("case", [c for c in CASES if CASES[c][2]])
def test_bleu_agrees_with_sacrebleu(case):
    premise, hypothesis, _, wanted = CASES[case]
    score = sacrebleu.sentence_bleu(" ".join(t.lower() for t in hypothesis.tokens),
                                    [" ".join(t.lower() for t in premise.tokens)],
                                    smooth_method="exp", tokenize="none", use_effective_order=True)
    assert score.score / 100 == pytest.approx(wanted["bleu"], rel=1e-12, abs=1e-15)
    assert [p / 100 for p in score.precisions] == pytest.approx([wanted[f"bleu_p{n}"] for n in (1, 2, 3, 4)],
                                                                 rel=1e-12, abs=1e-15)


def test_repeated_words_are_indicators_in_the_matrix():
    premise, hypothesis, _, _ = CASES["repeats"]
    featurizer = PairFeaturizer(n_features=None)
    X = featurizer.fit_transform([Pair(premise, hypothesis)])
    indicators = X[:, len(featurizer.dense_columns_):]
    assert indicators.nnz == 7 and set(indicators.data) == {1.0}


def test_empty_hypothesis_is_finite_everywhere():
    pairs = [Pair(S("a dog", "DT NN"), EMPTY), Pair(EMPTY, EMPTY), ("A dog barks.", ""), ("", "")]
    for lowercase in (True, False):
        for n_features in (None, 2**10):
            X = PairFeaturizer(n_features=n_features, lowercase=lowercase).fit_transform(pairs)
            assert np.isfinite(X.data).all()
            dense = X[:, :16].toarray()
            assert (dense[:, :5] == 0).all()  # BLEU and its precisions
            assert dense[:, 5].tolist() == [2, 0, 4, 0]  # length_diff ("A dog barks." is 4 tokens)
            assert X[:, 16:].nnz == 0


# ---- plain strings: tokenized and tagged on the fly ----------------------------------------

def test_string_pair_is_tokenized_and_tagged():
    pair = as_pair(("A man sleeps.", "A man rests."))
    assert pair.premise.tokens == ("A", "man", "sleeps", ".")
    assert pair.hypothesis.tokens == ("A", "man", "rests", ".")
    assert len(pair.premise.tags) == 4 and pair.premise.tags[-1] == "." and pair.premise.parse is None
    features = reference_features(("A man sleeps.", "A man rests."))
    # unigrams 3/4, bigrams 1/3 ("a man"), trigrams 0/2 -> 1/4, 4-grams 0/1 -> 1/4
    assert features["bleu"] == pytest.approx((3 / 4 * 1 / 3 * 1 / 4 * 1 / 4) ** 0.25)
    assert [features[f"bleu_p{n}"] for n in (1, 2, 3, 4)] == pytest.approx([3 / 4, 1 / 3, 1 / 4, 1 / 4])
    assert features["length_diff"] == 0
    assert (features["overlap_all_count"], features["overlap_all_fraction"]) == (3, 0.75)
    assert {k for k in features if k.startswith("hyp_")} == {
        "hyp_unigrams:a", "hyp_unigrams:man", "hyp_unigrams:rests", "hyp_unigrams:.",
        "hyp_bigrams:a man", "hyp_bigrams:man rests", "hyp_bigrams:rests ."}
    [fast] = fast_features([("A man sleeps.", "A man rests.")])
    assert_features_equal(fast, nonzero(features))
    # a string pair and the Pair it becomes give the same features
    assert_features_equal(fast_features([pair])[0], fast)


def test_string_pair_with_punctuation():
    pair = as_pair(("Wait, what?!", "What?"))
    assert pair.premise.tokens == ("Wait", ",", "what", "?", "!")
    assert pair.hypothesis.tokens == ("What", "?")
    features = reference_features(pair)
    assert features["bleu"] == pytest.approx(math.exp(1 - 5 / 2))  # p1 = p2 = 1, order 2
    assert features["length_diff"] == 3 and features["overlap_all_count"] == 2
    assert features["hyp_bigrams:what ?"] == 1
    assert "hyp_unigrams:What" not in features
    assert reference_features(pair, lowercase=False)["hyp_unigrams:What"] == 1
    assert_features_equal(fast_features([("Wait, what?!", "What?")])[0], nonzero(features))


# ---- fast path == reference on real pairs and on arbitrary text ----------------------------

@pytest.fixture(scope="module")
def dev_pairs():
    from lexnli.corpora.snli import read_snli

    corpus = read_snli(shared_file("snli_1.0/snli_1.0_dev.jsonl.gz"))
    return corpus.pairs[::31][:300]


@pytest.mark.parametrize("lowercase, tag_set", [(True, "ptb"), (False, "ptb"), (True, "coarse")])
def test_fast_path_matches_reference_on_dev_pairs(dev_pairs, lowercase, tag_set):
    assert len(dev_pairs) == 300
    fast = fast_features(dev_pairs, lowercase=lowercase, tag_set=tag_set)
    for pair, actual in zip(dev_pairs, fast):
        assert_features_equal(actual, nonzero(reference_features(pair, lowercase=lowercase, tag_set=tag_set)))


def test_coarse_tags_match_within_a_word_class():
    pair = Pair(S("dogs sleep", "NNS VBP"), S("a dog sleeps", "DT NN VBZ"))
    ptb = nonzero(reference_features(pair, "cross_unigrams"))
    coarse = nonzero(reference_features(pair, "cross_unigrams", tag_set="coarse"))
    assert ptb == {}
    assert coarse == {"cross_unigrams:dogs | dog": 1, "cross_unigrams:sleep | sleeps": 1}
    assert fast_features([pair], "cross_unigrams", tag_set="coarse") == [coarse]
    with pytest.raises(ValueError, match="tag_set"):
        PairFeaturizer(tag_set="universal").fit([pair])


_words = st.lists(st.sampled_from(["a", "A", "dog", "dogs", "runs", "the", "The", "not", ".", ",", "?", "'s",
                                   "caf\u00e9", "CAF\u00c9", "n't", "(", ")"]), max_size=9).map(" ".join)
_text = st.text(max_size=25) | _words


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(_text, _text), min_size=1, max_size=4), st.booleans())
def test_fast_path_matches_reference_on_arbitrary_text(pairs, lowercase):
    pairs = as_pairs(pairs)
    for pair, actual in zip(pairs, fast_features(pairs, lowercase=lowercase)):
        assert_features_equal(actual, nonzero(reference_features(pair, lowercase=lowercase)))


# ---- a known difference ----------------------------------------------------------------------


@pytest.mark.xfail(strict=True, reason="known: the BLEU reference joins tokens with spaces and sacrebleu re-splits "
                                       "them, so a hand-built token holding whitespace counts as several words there "
                                       "but as one in the fast path (never happens for parsed or tokenized text)")
def test_tokens_with_whitespace():
    pair = Pair(Sentence("New York is", ("New York", "is"), ("NNP", "VBZ")),
                Sentence("New York", ("New York",), ("NNP",)))
    [fast] = fast_features([pair], "bleu")
    assert_features_equal(fast, nonzero(reference_features(pair, "bleu")))
