"""The lexical-resource families' rules (``featurize.families.lexical``) on stand-in resources.

A hand-written WordNet (its relations listed below) and an in-memory VerbOcean make each rule
of the module docstring checkable without NLTK data; the last tests check the families on
hand-made pairs (:mod:`tests.helpers.lexical_pairs`) with the real WordNet and a four-line
VerbOcean (skipped without WordNet), and the fast path against the reference on those and on
SNLI dev pairs. Expected values are read off the docstring, not the code.
"""
import numpy as np
import pytest

import lexical_resources
from featurize import FAMILIES, Pair, PairFeaturizer, Sentence, reference_features
from featurize.families import lexical
from lexical_resources import VerbOcean

from tests.conftest import shared_file
from tests.helpers.lexical_pairs import HAND_PAIRS, LEXICAL, sentence


class ListedWordNet:
    """``relation(premise word, hypothesis word, pos)`` from a table (like WordNet, per part of
    speech); lemmas from a table (else the word itself)."""

    LEMMAS = {"dogs": "dog", "is": "be", "has": "have", "does": "do", "bit": "bite", "chats": "chat",
              "talks": "talk", "rides": "ride", "sleeps": "sleep"}
    RELATIONS = {("dog", "animal", "n"): "hypernym", ("animal", "dog", "n"): "hyponym",
                 ("hot", "cold", "a"): "antonym", ("dog", "cat", "n"): "cohyponym",
                 ("car", "automobile", "n"): "synonym", ("finger", "hand", "n"): "holonym",
                 ("hand", "finger", "n"): "meronym", ("run", "walk", "v"): "cohyponym"}

    def lemma(self, word, pos=None):
        return self.LEMMAS.get(word, word)

    def relation(self, word1, word2, pos=None):
        return self.RELATIONS.get((word1, word2, pos))


WN = ListedWordNet()
VO = VerbOcean({("chat", "talk"): (("similar", 1.0),), ("kill", "wound"): (("stronger-than", 1.0),),
                ("shoot", "die"): (("can-result-in", 1.0),), ("sleep", "wake"): (("opposite-of", 1.0),),
                ("run", "walk"): (("similar", 1.0),)})


@pytest.mark.parametrize("premise, hypothesis, outcome", [
    (("dog", "n"), ("dog", "n"), "match"),            # the same lemma
    (("car", "n"), ("automobile", "n"), "match"),     # WordNet synonym
    (("chat", "v"), ("talk", "v"), "match"),          # VerbOcean similar
    (("talk", "v"), ("chat", "v"), "match"),          # ... either direction
    (("kill", "v"), ("wound", "v"), "entailed"),      # VerbOcean stronger-than
    (("shoot", "v"), ("die", "v"), "entailed"),       # VerbOcean can-result-in
    (("dog", "n"), ("animal", "n"), "entailed"),      # WordNet hypernym
    (("sleep", "v"), ("wake", "v"), "conflict"),      # VerbOcean opposite-of
    (("hot", "a"), ("cold", "a"), "conflict"),        # WordNet antonym
    (("dog", "n"), ("cat", "n"), "conflict"),         # WordNet co-hyponym
    (("animal", "n"), ("dog", "n"), "other"),         # a hyponym: more specific, not entailed
    (("finger", "n"), ("hand", "n"), "other"),        # a holonym
    (("wound", "v"), ("kill", "v"), "other"),         # VerbOcean weaker
    (("dog", "n"), ("animal", "v"), "other"),         # different parts of speech
    (("run", "v"), ("walk", "v"), "match"),           # VerbOcean similar before a WordNet co-hyponym
    (("chat", "n"), ("talk", "n"), "other"),          # VerbOcean is read for verbs only
])
def test_tree_outcome_of_two_words_in_one_role(premise, hypothesis, outcome):
    assert lexical.tree_outcome(WN, VO, premise, hypothesis) == outcome


def S(tagged: str) -> Sentence:
    """``"a/DT dog/NN"`` -> a Sentence (with its tree)."""
    tokens, tags = zip(*(item.rsplit("/", 1) for item in tagged.split())) if tagged else ((), ())
    return sentence(" ".join(tokens), " ".join(tags))


@pytest.fixture
def stand_in_resources():
    """The stand-in WordNet and VerbOcean as the shared resources, for the families' reference functions."""
    lexical_resources.set_resources(wordnet=WN, verbocean=VO)
    yield
    lexical_resources.reset_resources()


def nonzero(counter) -> dict:
    return {name: value for name, value in counter.items() if value}


def test_wordnet_relations_are_looked_up_for_the_words_part_of_speech():
    assert lexical.wordnet_link(WN, ("dog", "n"), ("animal", "n")) == "hypernym"
    assert lexical.wordnet_link(WN, ("run", "v"), ("walk", "v")) == "cohyponym"
    assert lexical.wordnet_link(WN, ("dog", "n"), ("dog", "v")) == "exact"  # the same lemma, any POS
    assert lexical.wordnet_link(WN, ("dog", "n"), ("animal", "v")) is None


@pytest.mark.parametrize("token, tag, word", [
    ("dogs", "NNS", ("dog", "n")),    # lemmatized for its part of speech
    ("bit", "VBD", ("bite", "v")),
    ("has", "VBZ", None),             # a form of have
    ("the", "DT", None),              # no WordNet part of speech
    ("--", "NN", None),               # no letter or digit
])
def test_content_word_of_a_token(token, tag, word):
    assert lexical.content_word(token, tag, WN) == word
    assert lexical.content_words(("a", token), ("DT", tag), WN) == ([word] if word else [])


def test_role_values_set_present_the_outcome_and_anywhere():
    assert lexical._role_values(None, False) == (0.0,) * len(lexical.TREE_OUTCOMES)
    values = dict(zip(lexical.TREE_OUTCOMES, lexical._role_values("missing", True)))
    assert values == {"present": 1.0, "match": 0.0, "entailed": 0.0, "conflict": 0.0, "other": 0.0,
                      "missing": 1.0, "anywhere": 1.0}
    assert sum(lexical._role_values("conflict", False)) == 2.0


def test_has_negation_ignores_case():
    assert lexical.has_negation(("He", "did", "NOT", "go")) and not lexical.has_negation(("Nothingness",))


def test_skeleton_reads_a_pronoun_as_a_noun():
    he = sentence("he rides a bike", "PRP VBZ DT NN")
    assert lexical.skeleton(he.tokens, he.tags, he.tree, WN) == {
        "subject": ("he", "n"), "verb": ("ride", "v"), "object": ("bike", "n")}


def test_wordnet_family_fractions_by_best_link(stand_in_resources):
    # H content words: cat (co-hyponym of dog), sleeps (exact), quietly (no link): 3 words
    found = nonzero(lexical.wordnet_reference(Pair(S("a/DT dog/NN sleeps/VBZ"),
                                                   S("a/DT cat/NN sleeps/VBZ quietly/RB"))))
    assert found == pytest.approx({"wordnet_hyp_content": 3, "wordnet_exact_fraction": 1 / 3,
                                   "wordnet_cohyponym_fraction": 1 / 3, "wordnet_unlinked_fraction": 1 / 3,
                                   "wordnet_supported_fraction": 1 / 3, "wordnet_unlinked_count": 1})


@pytest.mark.parametrize("reference", [lexical.wordnet_reference, lexical.verbocean_reference])
def test_word_by_word_families_read_the_first_tokens_of_a_long_sentence_only(stand_in_resources, reference,
                                                                             caplog):
    from featurize.families.lexicalized import CROSS_MAX_TOKENS

    # every hypothesis word is compared with every premise word: past the cap, no word is read
    cut = " ".join(["a/DT dog/NN sleeps/VBZ"] * 50).split()[:CROSS_MAX_TOKENS]
    p_tail, h_tail = ["chats/VBZ", "hot/JJ"] * 20, ["talks/VBZ", "cold/JJ"] * 20  # similar verbs, antonyms
    long = Pair(S(" ".join(cut + p_tail)), S(" ".join(cut + h_tail)))
    head = nonzero(reference(Pair(S(" ".join(cut)), S(" ".join(cut)))))
    assert nonzero(reference(long)) == head
    assert nonzero(reference(Pair(S(" ".join(p_tail)), S(" ".join(h_tail))))) != head  # the tail alone has links
    with caplog.at_level("WARNING", logger="lexnli"):
        PairFeaturizer(reference.__name__.removesuffix("_reference")).fit([long])
    assert "WordNet and VerbOcean features read its first 128 tokens only" in caplog.text


def test_tree_family_role_by_role(stand_in_resources):
    # P: subject dog, verb chat; H: subject animal, verb talk (the nouns after a preposition are no objects).
    # subject: dog -> animal is a hypernym (entailed), and animal is a hypernym of a premise word
    # (anywhere); verb: chat / talk VerbOcean-similar (match).
    found = nonzero(lexical.tree_reference(Pair(S("a/DT dog/NN chats/VBZ with/IN a/DT man/NN"),
                                                S("an/DT animal/NN talks/VBZ to/TO a/DT cat/NN"))))
    assert found == {"tree_subject_present": 1, "tree_subject_entailed": 1, "tree_subject_anywhere": 1,
                     "tree_verb_present": 1, "tree_verb_match": 1}
    # objects: man / cat unrelated (other)
    found = nonzero(lexical.tree_reference(Pair(S("a/DT dog/NN chats/VBZ a/DT man/NN"),
                                                S("a/DT dog/NN chats/VBZ a/DT cat/NN"))))
    assert found["tree_object_present"] == 1 and found["tree_object_other"] == 1
    # no object in the premise: the hypothesis's is missing there; a negation on one side only
    found = nonzero(lexical.tree_reference(Pair(S("a/DT dog/NN sleeps/VBZ"),
                                                S("a/DT dog/NN does/VBZ not/RB chase/VB a/DT cat/NN"))))
    assert found == {"tree_subject_present": 1, "tree_subject_match": 1, "tree_subject_anywhere": 1,
                     "tree_verb_present": 1, "tree_verb_other": 1, "tree_object_present": 1,
                     "tree_object_missing": 1, "tree_negation_mismatch": 1}


@pytest.mark.parametrize("hypothesis_word, best, antonyms", [
    (("animal", "n"), "hypernym", 0),       # dog -> animal; the cat is a co-hyponym, ranked after
    (("dog", "v"), "exact", 0),             # the same lemma (in any part of speech) beats every WordNet link
    (("cold", "a"), "antonym", 2),          # two premise words it is the antonym of
    (("animal", "v"), "unlinked", 0),       # another part of speech: no WordNet link to the nouns
    (("sofa", "n"), "unlinked", 0),
])
def test_links_to_premise_is_the_best_link_of_the_whole_row(hypothesis_word, best, antonyms):
    premise = (("dog", "n"), ("cat", "n"), ("hot", "a"), ("hot", "a"))
    row = [lexical.wordnet_link(WN, p, hypothesis_word) for p in premise]
    assert lexical._links_to_premise(WN, premise, hypothesis_word) == (best, antonyms)
    assert lexical._best(row, lexical.WORDNET_LINKS) == best and row.count("antonym") == antonyms


# ---- the families on the real WordNet --------------------------------------------------

def rounded(counter) -> dict:
    """The nonzero features, rounded to 6 digits."""
    return {k: round(v, 6) for k, v in counter.items() if v}


def test_wordnet_family_relations(wordnet, tiny_verbocean):
    f = rounded(reference_features(HAND_PAIRS["hypernym"], "wordnet"))
    # H content words: animal (hypernym of dog), chases and cat (exact).
    assert f == {"wordnet_hyp_content": 3, "wordnet_exact_fraction": round(2 / 3, 6),
                 "wordnet_hypernym_fraction": round(1 / 3, 6), "wordnet_supported_fraction": 1}
    f = rounded(reference_features(HAND_PAIRS["antonym"], "wordnet"))  # "is" is an auxiliary: not content
    assert f == {"wordnet_hyp_content": 2, "wordnet_exact_fraction": 0.5, "wordnet_antonym_fraction": 0.5,
                 "wordnet_supported_fraction": 0.5, "wordnet_antonym_pairs": 1}
    f = rounded(reference_features(HAND_PAIRS["synonym"], "wordnet"))
    assert f["wordnet_synonym_fraction"] == round(1 / 3, 6)           # bike / bicycle
    assert f["wordnet_hypernym_fraction"] == round(1 / 3, 6)          # man -> person
    f = rounded(reference_features(HAND_PAIRS["holonym"], "wordnet"))
    assert f["wordnet_holonym_fraction"] == 0.5                       # a finger is part of a hand
    assert rounded(reference_features(HAND_PAIRS["empty"], "wordnet")) == {}


def test_verbocean_family_relations(wordnet, tiny_verbocean):
    assert rounded(reference_features(HAND_PAIRS["stronger"], "verbocean")) == {
        "verbocean_hyp_verbs": 1, "verbocean_stronger_fraction": 1, "verbocean_supported_fraction": 1}
    assert rounded(reference_features(HAND_PAIRS["opposite"], "verbocean")) == {
        "verbocean_hyp_verbs": 1, "verbocean_opposite_fraction": 1, "verbocean_opposite_pairs": 1}
    reversed_pair = Pair(HAND_PAIRS["stronger"].hypothesis, HAND_PAIRS["stronger"].premise)
    assert rounded(reference_features(reversed_pair, "verbocean"))["verbocean_weaker_fraction"] == 1
    # "rides" vs "riding": same lemma; "is" is not a verb of interest.
    assert rounded(reference_features(HAND_PAIRS["synonym"], "verbocean")) == {
        "verbocean_hyp_verbs": 1, "verbocean_same_fraction": 1, "verbocean_supported_fraction": 1}


def test_tree_family_roles(wordnet, tiny_verbocean):
    premise = HAND_PAIRS["synonym"].premise
    assert lexical.skeleton(premise.tokens, premise.tags, premise.tree, wordnet) == {
        "subject": ("man", "n"), "verb": ("ride", "v"), "object": ("bike", "n")}
    f = rounded(reference_features(HAND_PAIRS["synonym"], "tree"))
    assert f["tree_subject_entailed"] == 1 and f["tree_verb_match"] == 1 and f["tree_object_match"] == 1
    f = rounded(reference_features(HAND_PAIRS["stronger"], "tree"))
    assert f["tree_verb_entailed"] == 1                               # VerbOcean kill > wound
    f = rounded(reference_features(HAND_PAIRS["opposite"], "tree"))
    assert f["tree_verb_conflict"] == 1 and f["tree_negation_mismatch"] == 1
    assert "tree_object_present" not in f
    # No verb in the premise: the hypothesis verb is "missing" there.
    fragment = Pair(sentence("A man on a bike", "DT NN IN DT NN"), sentence("A man rides", "DT NN VBZ"))
    f = rounded(reference_features(fragment, "tree"))
    assert f["tree_verb_missing"] == 1 and f["tree_subject_match"] == 1


def test_bag_overlap_family(wordnet, tiny_verbocean):
    pair = Pair(sentence("Two dogs run .", "CD NNS VBP ."), sentence("A dog runs", "DT NN VBZ"))
    # words: P {two, dogs, run}, H {a, dog, runs}: nothing shared; lemmas: P {two, dog, run}, H {a, dog, run}.
    assert rounded(reference_features(pair, "bag_overlap")) == {
        "bag_lemmas_h": round(2 / 3, 6), "bag_lemmas_p": round(2 / 3, 6), "bag_lemmas_product": round(4 / 9, 6)}


def fast_rows(pairs, family, lowercase=True):
    X = PairFeaturizer([family], lowercase=lowercase).fit_transform(pairs).toarray()
    assert X.shape == (len(pairs), len(FAMILIES[family].columns))
    return X


def reference_rows(pairs, family, lowercase=True):
    columns = FAMILIES[family].columns
    found = [reference_features(p, family, lowercase=lowercase) for p in pairs]
    return np.array([[features[c] for c in columns] for features in found])


@pytest.mark.parametrize("family", LEXICAL)
@pytest.mark.parametrize("lowercase", [True, False])
def test_fast_agrees_with_reference_on_hand_pairs(wordnet, tiny_verbocean, family, lowercase):
    pairs = list(HAND_PAIRS.values())
    np.testing.assert_allclose(fast_rows(pairs, family, lowercase), reference_rows(pairs, family, lowercase))


@pytest.mark.parametrize("family", LEXICAL)
def test_fast_agrees_with_reference_on_snli(wordnet, family, snli_dev_path):
    from lexnli.corpora.snli import read_snli

    verbocean = shared_file("verbocean/verbocean.unrefined.2004-05-20.txt.gz")
    lexical_resources.set_resources(verbocean=VerbOcean.load(verbocean))
    try:
        pairs = read_snli(snli_dev_path).pairs[:400]
        np.testing.assert_allclose(fast_rows(pairs, family), reference_rows(pairs, family))
    finally:
        lexical_resources.reset_resources()
