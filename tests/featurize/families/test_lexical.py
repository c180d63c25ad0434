"""The lexical-resource families' rules (``featurize.families.lexical``) on stand-in resources.

A hand-written WordNet (its relations listed below) and an in-memory VerbOcean make each rule
of the module docstring checkable without NLTK data; ``tests/test_two_class.py`` checks the
families on the real WordNet. Expected values are read off the docstring, not the code.
"""
import pytest

import lexical_resources
from featurize.families import lexical
from lexical_resources import VerbOcean
from lexnli.records import Pair, Sentence


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
    """``"a/DT dog/NN"`` -> a Sentence."""
    tokens, tags = zip(*(item.rsplit("/", 1) for item in tagged.split())) if tagged else ((), ())
    return Sentence(text=" ".join(tokens), tokens=tokens, tags=tags)


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


def test_skeleton_reads_a_pronoun_as_a_noun():
    assert lexical.skeleton(("he", "rides", "a", "bike"), ("PRP", "VBZ", "DT", "NN"), WN) == {
        "subject": ("he", "n"), "verb": ("ride", "v"), "object": ("bike", "n")}


def test_wordnet_family_fractions_by_best_link(stand_in_resources):
    # H content words: cat (co-hyponym of dog), sleeps (exact), quietly (no link): 3 words
    found = nonzero(lexical.wordnet_reference(Pair(S("a/DT dog/NN sleeps/VBZ"),
                                                   S("a/DT cat/NN sleeps/VBZ quietly/RB"))))
    assert found == pytest.approx({"wordnet_hyp_content": 3, "wordnet_exact_fraction": 1 / 3,
                                   "wordnet_cohyponym_fraction": 1 / 3, "wordnet_unlinked_fraction": 1 / 3,
                                   "wordnet_supported_fraction": 1 / 3, "wordnet_unlinked_count": 1})


def test_tree_family_role_by_role(stand_in_resources):
    # P: subject dog, verb chat, object man; H: subject animal, verb talk, object cat.
    # subject: dog -> animal is a hypernym (entailed), and animal is a hypernym of a premise word
    # (anywhere); verb: chat / talk VerbOcean-similar (match); object: man / cat unrelated (other).
    found = nonzero(lexical.tree_reference(Pair(S("a/DT dog/NN chats/VBZ with/IN a/DT man/NN"),
                                                S("an/DT animal/NN talks/VBZ to/TO a/DT cat/NN"))))
    assert found == {"tree_subject_present": 1, "tree_subject_entailed": 1, "tree_subject_anywhere": 1,
                     "tree_verb_present": 1, "tree_verb_match": 1, "tree_object_present": 1, "tree_object_other": 1}
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
