"""The natural-logic core, entry by entry and rule by rule.

* Each entry of :data:`~featurize.families.alignment.DOWNWARD_PROJECTION` and
  :data:`~featurize.families.alignment.NON_MONOTONE_PROJECTION` on a pair that goes through the
  alignment code: the projected class of the word the pair changes, and the verdict.
* Each rule by which :mod:`featurize.polarity` composes the operators above a token (parity of the
  downward ones, an operator outside its own scope, non-monotone and non-veridical precedence,
  parity of the antiveridical ones), through :func:`~featurize.polarity.mark` and, where it decides
  one, through the alignment verdict.
* Each operator class of :mod:`lexical_resources.lists.operators` in a pair whose verdict depends on
  it: the same pair with the operator replaced by a word that is no operator gets another verdict.

The pairs are tagged by hand and aligned with the stand-in WordNet of :mod:`tests.helpers.tiny_wordnet`
(with a few more lemmas), so they run without NLTK data; the last test repeats two projections with
the real WordNet (skipped when it is not installed). Sentences are ``word/TAG`` tokens, lowercased.
"""
import pytest

from featurize.families.alignment import (DOWNWARD_PROJECTION, NON_MONOTONE_PROJECTION, Link, _verdict, align,
                                          alignment_features, describe)
from featurize.polarity import Scope, mark, mark_parse, scopes
from lexical_resources.lists import operators
from lexical_resources.lists.operators import ANTIVERIDICAL, DOWN, NONE, NONVERIDICAL, UP, VERIDICAL
from lexical_resources.registry import CONFLICT, EQUAL, GENERAL, SPECIFIC
from lexical_resources.relations import WordRelations
from lexnli.text import parse_leaves

from tests.helpers.tiny_wordnet import TinyWordNet, sentence


class _WordNet(TinyWordNet):
    """:class:`TinyWordNet` with the plurals and verb forms of the pairs below."""

    LEMMAS = {**TinyWordNet.LEMMAS, "animals": "animal", "cats": "cat", "ran": "run", "fails": "fail",
              "failed": "fail", "locked": "lock", "forgets": "forget", "wants": "want", "manages": "manage",
              "sleeps": "sleep", "eats": "eat", "ate": "eat"}


RELATIONS = WordRelations(_WordNet())


def verdict(premise: str, hypothesis: str) -> str:
    """The pair's ``alignment:verdict:...`` (one, whatever the pair)."""
    found = [name for name in alignment_features(sentence(premise), sentence(hypothesis), RELATIONS)
             if name.startswith("alignment:verdict:")]
    assert len(found) == 1, found
    return found[0].removeprefix("alignment:verdict:")


def link_of(premise: str, hypothesis: str, word: str) -> Link:
    """The link of the hypothesis word ``word`` (said once in the hypothesis)."""
    hypothesis_tokens = sentence(hypothesis).tokens
    links, _ = align(sentence(premise), sentence(hypothesis), RELATIONS)
    return next(link for link in links if hypothesis_tokens[link.hypothesis_index] == word)


def marks(tagged: str) -> str:
    """A sentence's marking, one ``<polarity><veridicality>`` pair of letters a token (as in test_polarity)."""
    s = sentence(tagged)
    found = mark(tuple(s.tokens), tuple(s.tags), tuple(_WordNet().lemma(t) for t in s.tokens))
    return " ".join(p[0] + v[0] for p, v in zip(found.polarity, found.veridicality))


# ---- the projection tables, entry by entry ----------------------------------------------------

EATING_APPLE = "the/DT man/NN is/VBZ eating/VBG the/DT apple/NN"
DOG_SLEEPS = "the/DT dog/NN sleeps/VBZ"
COOKING = "the/DT man/NN is/VBZ cooking/VBG"
NOT_FRUIT = "the/DT girl/NN is/VBZ not/RB eating/VBG fruit/NN ./."
NOT_APPLE = "the/DT girl/NN is/VBZ not/RB eating/VBG an/DT apple/NN ./."
NOT_TWO = "the/DT girl/NN is/VBZ not/RB eating/VBG two/CD apples/NNS ./."
EXACTLY = "exactly/RB two/CD dogs/NNS ran/VBD ./."

#: ``(table, entry, premise, hypothesis, word, relation class, projected class, verdict)``: ``word``
#: is the hypothesis word whose link the entry projects, both words under the table's context.
PROJECTIONS = [
    # not: a downward context on both sides
    ("downward", EQUAL, NOT_FRUIT, NOT_FRUIT, "fruit", EQUAL, EQUAL, "entailed"),
    ("downward", GENERAL, NOT_APPLE, NOT_FRUIT, "fruit", GENERAL, SPECIFIC, "new=1"),
    ("downward", SPECIFIC, NOT_FRUIT, NOT_APPLE, "apple", SPECIFIC, GENERAL, "entailed"),
    ("downward", CONFLICT, NOT_TWO, NOT_TWO.replace("two", "three"), "three", CONFLICT, "new", "new=1"),
    ("downward", CONFLICT, NOT_APPLE, NOT_APPLE.replace("apple", "pear"), "pear", CONFLICT, "new", "new=1"),
    ("downward", "new", NOT_FRUIT, NOT_FRUIT.replace("fruit", "cake"), "cake", "new", "new", "new=1"),
    # exactly: a non-monotone context on both sides (its noun phrase and its body)
    ("non-monotone", EQUAL, EXACTLY, EXACTLY, "dogs", EQUAL, EQUAL, "entailed"),
    ("non-monotone", GENERAL, EXACTLY, EXACTLY.replace("dogs", "animals"), "animals", GENERAL, "new", "new=1"),
    ("non-monotone", SPECIFIC, EXACTLY.replace("dogs", "animals"), EXACTLY, "dogs", SPECIFIC, "new", "new=1"),
    ("non-monotone", CONFLICT, EXACTLY, EXACTLY.replace("two", "three"), "three", CONFLICT, CONFLICT, "conflict_only"),
    ("non-monotone", CONFLICT, EXACTLY, EXACTLY.replace("dogs", "cats"), "cats", CONFLICT, CONFLICT, "conflict_only"),
    ("non-monotone", "new", EXACTLY, EXACTLY.replace("ran", "slept"), "slept", "new", "new", "new=1"),
]
TABLES = {"downward": DOWNWARD_PROJECTION, "non-monotone": NON_MONOTONE_PROJECTION}


@pytest.mark.parametrize("table, entry, premise, hypothesis, word, relation_class, projected, expected", PROJECTIONS,
                         ids=[f"{table}:{entry}:{word}" for table, entry, _, _, word, *_ in PROJECTIONS])
def test_each_projection_entry_on_a_pair(table, entry, premise, hypothesis, word, relation_class, projected,
                                         expected):
    link = link_of(premise, hypothesis, word)
    assert (link.relation_class, link.projected_class) == (relation_class, projected)
    assert (link.projected is None) == (projected == relation_class)  # set only where it differs
    assert verdict(premise, hypothesis) == expected


def test_every_table_entry_has_a_pair():
    covered = {(table, entry) for table, entry, *_ in PROJECTIONS}
    assert covered == {(name, entry) for name, table in TABLES.items() for entry in table}


def test_exactly_two_dogs_do_not_say_exactly_two_animals():
    # The example: neither direction is entailed under a non-monotone context.
    animals = EXACTLY.replace("dogs", "animals")
    assert "alignment:projected:general>new" in alignment_features(sentence(EXACTLY), sentence(animals), RELATIONS)
    assert verdict(EXACTLY, animals) == verdict(animals, EXACTLY) == "new=1"
    # upward, the more general word is entailed
    assert verdict(EXACTLY.replace("exactly/RB ", ""), animals.replace("exactly/RB ", "")) == "entailed"


@pytest.mark.parametrize("premise, hypothesis, word, relation_class", [
    # premise downward, hypothesis upward: left to the negation features
    (NOT_FRUIT, NOT_APPLE.replace("not/RB ", ""), "apple", SPECIFIC),
    # premise upward, hypothesis downward
    (NOT_FRUIT.replace("not/RB ", ""), NOT_APPLE, "apple", SPECIFIC),
    # downward against non-monotone
    (NOT_APPLE.replace("the/DT girl/NN", "exactly/RB two/CD girls/NNS"), NOT_FRUIT, "fruit", GENERAL),
    # both upward
    (NOT_APPLE.replace("not/RB ", ""), NOT_FRUIT.replace("not/RB ", ""), "fruit", GENERAL),
], ids=["down-up", "up-down", "none-down", "up-up"])
def test_contexts_that_differ_or_are_upward_project_nothing(premise, hypothesis, word, relation_class):
    link = link_of(premise, hypothesis, word)
    assert link.relation_class == relation_class and link.projected is None


def test_describe_names_a_non_monotone_projection():
    lines = describe(sentence(EXACTLY), sentence(EXACTLY.replace("dogs", "animals")), RELATIONS)
    assert 'animals <- dogs: hypernym (WordNet), swap; under "exactly": projected unsupported' in lines


@pytest.mark.parametrize("premise, hypothesis", [
    ("exactly/RB two/CD dogs/NNS ran/VBD", "exactly/RB two/CD animals/NNS ran/VBD"),
    ("the/DT dog/NN is/VBZ not/RB eating/VBG an/DT apple/NN", "the/DT dog/NN is/VBZ not/RB eating/VBG fruit/NN"),
], ids=["non-monotone", "downward"])
def test_a_more_general_word_is_not_entailed_with_the_real_wordnet(real_relations, premise, hypothesis):
    found = alignment_features(sentence(premise), sentence(hypothesis), real_relations)
    assert "alignment:verdict:entailed" not in found
    assert [name for name in found if name.startswith("alignment:projected:general>")]


# ---- the verdict ------------------------------------------------------------------------------

def links_of(*classes: str) -> list[Link]:
    """Links whose projected classes are ``classes`` (each its own relation's class, or projected)."""
    relations = {EQUAL: "exact", GENERAL: "hypernym", SPECIFIC: "hyponym", CONFLICT: "antonym", "new": None}
    return [Link(j, j, relations[c], "swap") if c != "new" else Link(j, None, None, "new")
            for j, c in enumerate(classes)]


@pytest.mark.parametrize("links, dropped, expected", [
    (links_of(EQUAL, GENERAL), 0, "entailed"),
    (links_of(), 0, "entailed"),
    (links_of(EQUAL, CONFLICT), 0, "conflict_only"),
    (links_of(CONFLICT, GENERAL), 0, "conflict_only"),
    (links_of(CONFLICT, "new"), 0, "conflict"),
    (links_of(CONFLICT, SPECIFIC), 0, "conflict"),
    (links_of(CONFLICT), 1, "conflict"),
    (links_of(EQUAL, SPECIFIC), 0, "new=1"),
    (links_of(EQUAL, "new"), 0, "new=1"),
    (links_of(EQUAL), 1, "new=1"),
    (links_of(SPECIFIC, "new"), 0, "new=2"),
    (links_of(SPECIFIC, "new", "new"), 0, "new=3+"),
    (links_of("new"), 3, "new=3+"),
    (links_of(*["new"] * 5), 0, "new=3+"),
    # a projected class counts, not the relation's own
    ([Link(0, 0, "hyponym", "swap", projected=GENERAL)], 0, "entailed"),
    ([Link(0, 0, "exact", "swap", projected=CONFLICT)], 0, "conflict_only"),
    ([Link(0, 0, "hypernym", "swap", projected="new")], 0, "new=1"),
])
def test_the_verdict_from_the_projected_classes(links, dropped, expected):
    assert _verdict(links, dropped) == expected


def test_the_verdict_counts_no_dropped_word_by_default():
    assert _verdict(links_of(EQUAL)) == "entailed"


# ---- the composition rules of featurize.polarity ----------------------------------------------

#: ``(sentence, marking)``: each composition rule of :func:`~featurize.polarity._compose`.
COMPOSITION = [
    # one, two, three downward operators: down, up, down
    ("the/DT girl/NN is/VBZ not/RB eating/VBG fruit/NN", "uv uv uv uv dv dv"),
    ("no/DT girl/NN is/VBZ not/RB eating/VBG fruit/NN", "uv dv dv dv uv uv"),
    ("no/DT girl/NN is/VBZ not/RB walking/VBG without/IN fruit/NN", "uv dv dv dv uv uv dv"),
    # the operator itself is outside its scope, even a scope that starts before it
    ("maybe/RB the/DT dog/NN sleeps/VBZ", "uv un un un"),
    ("the/DT dog/NN might/MD sleep/VB", "un un uv un"),
    ("if/IN the/DT dog/NN sleeps/VBZ ,/, the/DT cat/NN eats/VBZ", "uv dn dn dn un un un un"),
    # a non-monotone operator wins over any number of downward ones
    ("exactly/RB two/CD dogs/NNS are/VBP not/RB eating/VBG fruit/NN", "uv nv nv nv nv nv nv"),
    ("exactly/RB two/CD dogs/NNS never/RB refuse/VBP to/TO eat/VB fruit/NN", "uv nv nv nv na na nn nn"),
    ("no/DT dog/NN sleeps/VBZ unless/IN the/DT cat/NN eats/VBZ", "un dn dn uv nn nn nn"),
    # a non-veridical operator wins over an antiveridical one, and over two
    ("maybe/RB the/DT man/NN refuses/VBZ to/TO eat/VB fruit/NN", "uv un un un un dn dn"),
    ("maybe/RB the/DT man/NN fails/VBZ to/TO refuse/VB to/TO eat/VB fruit/NN", "uv un un un un dn dn un un"),
    # antiveridical operators by parity: one denies, two cancel, three deny; a one-way implicative (refuse,
    # decline) denied says nothing of its clause
    ("the/DT man/NN fails/VBZ to/TO lock/VB the/DT door/NN", "uv uv uv uv da da da"),
    ("the/DT man/NN fails/VBZ to/TO forget/VB to/TO eat/VB fruit/NN", "uv uv uv uv da da uv uv"),
    ("the/DT man/NN fails/VBZ to/TO forget/VB to/TO neglect/VB to/TO eat/VB fruit/NN",
     "uv uv uv uv da da uv uv da da"),
    ("the/DT man/NN fails/VBZ to/TO refuse/VB to/TO eat/VB fruit/NN", "uv uv uv uv da da un un"),
    ("the/DT man/NN fails/VBZ to/TO refuse/VB to/TO decline/VB to/TO eat/VB fruit/NN",
     "uv uv uv uv da da un un dn dn"),
    # a negation of a negative implicative is one too: not fail to, refuse to not
    ("she/PRP did/VBD not/RB fail/VB to/TO lock/VB the/DT door/NN", "uv uv uv da da uv uv uv"),
    ("she/PRP did/VBD not/RB refuse/VB to/TO lock/VB the/DT door/NN", "uv uv uv da da un un un"),
    ("the/DT man/NN refuses/VBZ to/TO not/RB eat/VB fruit/NN", "uv uv uv uv da uv uv"),
    ("the/DT man/NN fails/VBZ to/TO not/RB refuse/VB to/TO eat/VB fruit/NN", "uv uv uv uv da uv uv da da"),
    # three downward operators, two of them denials: downward and asserted
    ("no/DT girl/NN never/RB refuses/VBZ to/TO eat/VB fruit/NN", "uv dv dv ua ua dn dn"),
    # a negation with no negative implicative near it stays veridical
    ("the/DT man/NN is/VBZ not/RB eating/VBG ,/, the/DT woman/NN refuses/VBZ to/TO eat/VB",
     "uv uv uv uv dv uv uv uv uv uv da"),
]
COMPOSITION_IDS = ["one down", "two down", "three down", "maybe", "might", "if", "none over down", "none over two",
        "unless", "nonveridical over anti", "nonveridical over two anti", "one anti", "two anti", "three anti",
        "one-way denied", "one-way twice denied", "not fail to", "not refuse to", "refuse to not",
        "fail to not refuse to", "never refuses to", "negation apart"]


@pytest.mark.parametrize("tagged, expected", COMPOSITION, ids=COMPOSITION_IDS)
def test_composition_rules(tagged, expected):
    assert marks(tagged) == expected


#: ``(parse, marking, operators)``: each operator class read from a bracketed parse
#: (:func:`~featurize.polarity.mark_parse`), with the operators above each token.
PARSES = [
    # a negation tagged as a proper noun still governs what follows its whole noun phrase
    ("(ROOT (S (NP (NP (NNP Nothing)) (PP (IN on) (NP (DT the) (NN table)))) (VP (VBZ is) (ADJP (JJ new)))))",
     "uv uv uv uv dv dv", ((), (), (), (), (0,), (0,))),
    ("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ walks) (PP (IN without) (NP (DT a) (NN hat))))))",
     "uv uv uv uv dv dv", ((), (), (), (), (3,), (3,))),
    ("(ROOT (S (NP (DT No) (NN dog)) (VP (VBZ eats) (NP (NN fruit)))))", "uv dv dv dv", ((), (0,), (0,), (0,))),
    ("(ROOT (S (NP (DT Every) (NN dog)) (VP (VBZ eats) (NP (NN fruit)))))", "uv dv uv uv", ((), (0,), (), ())),
    ("(ROOT (S (NP (JJS Most) (NNS dogs)) (VP (VBP sleep))))", "uv nv uv", ((), (0,), ())),
    ("(ROOT (S (NP (QP (RB Exactly) (CD two)) (NNS dogs)) (VP (VBD ran))))", "uv nv nv nv", ((), (0,), (0,), (0,))),
    ("(ROOT (S (SBAR (IN Unless) (S (NP (DT the) (NN boy)) (VP (VBZ is) (ADJP (JJ wet))))) (, ,) (NP (DT the) "
     "(NN girl)) (VP (VBZ laughs))))", "uv nn nn nn nn un un un un", ((),) + ((0,),) * 8),
    ("(ROOT (S (NP (DT The) (NN man)) (VP (VBZ asks) (SBAR (IN whether) (S (NP (DT the) (NN dog)) "
     "(VP (VBZ sleeps)))))))", "uv uv uv uv un un un", ((), (), (), (), (3,), (3,), (3,))),
    ("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ holds) (NP (NP (DT a) (NN cup)) (CC or) (NP (DT a) (NN plate))))))",
     "uv uv uv un un uv un un", ((), (), (), (5,), (5,), (), (5,), (5,))),
    ("(ROOT (S (NP (DT The) (NN dog)) (VP (MD might) (VP (VB sleep)))))", "un un uv un", ((2,), (2,), (), (2,))),
    # an adverb tagged RBR is read as RB, as the tag-based rules read it
    ("(ROOT (S (ADVP (RBR Perhaps)) (NP (DT the) (NN dog)) (VP (VBZ sleeps))))", "uv un un un",
     ((), (0,), (0,), (0,))),
    # an adverb's clause is its smallest: the conjunct, not the sentence
    ("(ROOT (S (S (NP (DT A) (NN cat)) (VP (VBZ eats))) (CC and) (S (ADVP (RB maybe)) (NP (DT the) (NN dog)) "
     "(VP (VBZ sleeps)))))", "uv uv uv uv uv un un un", ((), (), (), (), (), (4,), (4,), (4,))),
    ("(ROOT (S (NP (PRP It)) (VP (VBZ is) (ADJP (JJ possible) (SBAR (IN that) (S (NP (DT the) (NN dog)) "
     "(VP (VBZ sleeps))))))))", "uv uv uv uv un un un", ((), (), (), (), (2,), (2,), (2,))),
    # a non-veridical adjective last, with no clause: nothing
    ("(ROOT (S (NP (PRP It)) (VP (VBZ is) (ADJP (JJ possible)))))", "uv uv uv", ((), (), ())),
    ("(ROOT (S (NP (DT The) (NN man)) (VP (VBZ refuses) (S (VP (TO to) (VP (VB eat) (NP (DT the) (NN cake))))))))",
     "uv uv uv uv da da da", ((), (), (), (), (2,), (2,), (2,))),
    ("(ROOT (S (NP (PRP She)) (VP (VBD did) (RB not) (VP (VB fail) (S (VP (TO to) (VP (VB lock) "
     "(NP (DT the) (NN door)))))))))", "uv uv uv da da uv uv uv", ((), (), (), (2,), (2,), (2, 3), (2, 3), (2, 3))),
    # a verb's complement clause ends where its SBAR ends, before the full stop
    ("(ROOT (S (NP (DT The) (NN woman)) (VP (VBZ thinks) (SBAR (IN that) (S (NP (DT the) (NN man)) "
     "(VP (VBZ cooks))))) (. .)))", "uv uv uv uv un un un uv", ((), (), (), (), (2,), (2,), (2,), ())),
    # a determiner's noun phrase right under the root: the body is the rest of the root
    ("(ROOT (NP (DT No) (NN dog)) (. .))", "uv dv dv", ((), (0,), (0,))),
    # an adverb in an inverted clause: that clause
    ("(ROOT (S (S (NP (DT A) (NN cat)) (VP (VBZ eats))) (CC and) (SINV (ADVP (RB maybe)) (VP (VBZ sleeps)) "
     "(NP (DT the) (NN dog)))))", "uv uv uv uv uv un un un", ((), (), (), (), (), (4,), (4,), (4,))),
    # a veridical verb's clause: asserted, under no operator that changes it
    ("(ROOT (S (NP (DT The) (NN woman)) (VP (VBZ knows) (SBAR (IN that) (S (NP (DT the) (NN man)) "
     "(VP (VBZ cooks)))))))", "uv uv uv uv uv uv uv", ((),) * 7),
]


@pytest.mark.parametrize("parse, expected, above", PARSES, ids=[str(k) for k in range(len(PARSES))])
def test_each_operator_class_read_from_a_parse(parse, expected, above):
    tokens = parse_leaves(parse)[0]
    found = mark_parse(parse, tuple(_WordNet().lemma(t.lower()) for t in tokens))
    assert " ".join(p[0] + v[0] for p, v in zip(found.polarity, found.veridicality)) == expected
    assert found.operators == above


#: ``(sentence, marking)``: where a phrase negation's and a disjunction's scopes run.
SCOPE_SPANS = [
    # without before a gerund, past an adverb: the gerund's clause
    ("a/DT man/NN walks/VBZ without/IN even/RB noticing/VBG the/DT crowd/NN ,/, a/DT dog/NN barks/VBZ",
     "uv uv uv uv dv dv dv dv uv uv uv uv"),
    # or joining clauses: whose second subject is one word; whose first starts after a comma
    ("a/DT man/NN sings/VBZ or/CC dogs/NNS bark/VBP", "un un un uv un un"),
    ("the/DT cat/NN eats/VBZ ,/, sleeps/VBZ or/CC a/DT dog/NN barks/VBZ", "uv uv uv uv un uv un un un"),
    # or between verbs or adjectives: the word before it and the verb group or word after it
    ("the/DT sun/NN is/VBZ setting/VBG or/CC rising/VBG", "uv uv uv un uv un"),
    ("a/DT man/NN stands/VBZ or/CC sits/VBZ reading/VBG", "uv uv un uv un uv"),
    ("the/DT man/NN is/VBZ sitting/VBG or/CC on/IN the/DT floor/NN", "uv uv uv un uv un uv uv"),
    ("a/DT red/JJ or/CC blue/JJ car/NN", "uv un uv un uv"),
    ("a/DT red/JJ or/CC a/DT blue/JJ car/NN", "uv un uv un uv uv"),
    # or between noun phrases: back to the determiner before it, no further, and not past a verb
    ("the/DT man/NN eats/VBZ apples/NNS or/CC pears/NNS", "uv uv uv un uv un"),
    ("a/DT man/NN gives/VBZ the/DT dog/NN a/DT bone/NN or/CC a/DT ball/NN", "uv uv uv uv uv un un uv un un"),
]


@pytest.mark.parametrize("tagged, expected", SCOPE_SPANS)
def test_phrase_negation_and_disjunction_scopes(tagged, expected):
    assert marks(tagged) == expected


#: ``(sentence, marking)``: where a determiner's, an adverb's, an adjective's and *without*'s scopes end.
SCOPE_ENDS = [
    # a determiner after a preposition has no body; elsewhere its body is the rest of its clause
    ("a/DT woman/NN with/IN no/DT hat/NN sits/VBZ", "uv uv uv uv dv uv"),
    ("a/DT girl/NN talks/VBZ to/TO no/DT boy/NN happily/RB", "uv uv uv uv uv dv uv"),
    ("then/RB no/DT dog/NN ran/VBD", "uv uv dv dv"),
    ("no/DT dog/NN runs/VBZ and/CC a/DT cat/NN sleeps/VBZ", "uv dv dv uv uv uv uv"),
    # a non-veridical adverb, modal or adjective in a later clause: to that clause's end
    ("a/DT dog/NN runs/VBZ ,/, and/CC the/DT cat/NN might/MD ;/: a/DT bird/NN sings/VBZ",
     "uv uv uv uv uv un un uv uv uv uv uv"),
    ("a/DT cat/NN eats/VBZ but/CC maybe/RB ,/, the/DT dog/NN sleeps/VBZ", "uv uv uv uv uv un un un un"),
    ("a/DT dog/NN runs/VBZ ,/, and/CC it/PRP is/VBZ possible/JJ that/IN a/DT cat/NN sleeps/VBZ ./.",
     "uv uv uv uv uv uv uv uv uv un un un uv"),
    # without: the noun phrase after it, not the rest of the clause; last, nothing
    ("a/DT man/NN without/IN a/DT hat/NN walks/VBZ", "uv uv uv dv dv uv"),
    ("a/DT man/NN walks/VBZ without/IN", "uv uv uv uv"),
    # an adverb last governs nothing
    ("the/DT dog/NN sleeps/VBZ ,/, maybe/RB", "uv uv uv uv uv"),
]


@pytest.mark.parametrize("tagged, expected", SCOPE_ENDS)
def test_where_scopes_end(tagged, expected):
    assert marks(tagged) == expected


@pytest.mark.parametrize("tagged", [
    # a quantifier floating after its noun or pronoun, even before a participle and a noun
    "the/DT men/NNS all/DT wearing/VBG hats/NNS sit/VBP",
    "they/PRP each/DT wearing/VBG hats/NNS sit/VBP",
    # each other
    "they/PRP love/VBP each/DT other/JJ ./.",
])
def test_words_that_are_no_determiner_here_have_no_scope(tagged):
    s = sentence(tagged)
    assert scopes(s.tokens, s.tags) == ()


def test_all_of_has_its_restrictor_after_of():
    s = sentence("all/DT of/IN the/DT dogs/NNS sleep/VBP")
    assert scopes(s.tokens, s.tags) == (Scope(0, 2, 4, DOWN, VERIDICAL), Scope(0, 4, 5, UP, VERIDICAL))
    assert marks("all/DT of/IN the/DT dogs/NNS sleep/VBP") == "uv uv dv dv uv"


@pytest.mark.parametrize("tagged, expected", [
    # a sentence cut short (the alignment reads its first tokens only) is no "a few" or "at most"
    ("most/JJS dogs/NNS bark/VBP at/IN", "uv nv uv uv"),
    ("few/JJ dogs/NNS bark/VBP at/IN a/DT", "uv dv dv dv dv"),
])
def test_a_determiner_first_is_read_whatever_the_last_word(tagged, expected):
    assert marks(tagged) == expected


def every_sentence():
    """The tag-based sentences of this module's tables, and its parses."""
    tagged = [row[0] for row in COMPOSITION + SCOPE_SPANS + SCOPE_ENDS]
    tagged += [text for row in PROJECTIONS for text in row[2:4]]
    tagged += [text for row in LEXICON for text in row[2:4] + row[5:7]]
    found = []
    for text in tagged:
        s = sentence(text)
        lemmas = tuple(_WordNet().lemma(t) for t in s.tokens)
        found.append((len(s.tokens), mark(tuple(s.tokens), tuple(s.tags), lemmas)))
    found += [(len(parse_leaves(parse)[0]), mark_parse(parse)) for parse, *_ in PARSES]
    return found


def test_every_scope_is_an_operator_a_span_and_a_signature():
    # what _compose reads of a scope: an operator's index, a span of the sentence, and a signature
    # spelt as the lexicon spells it (another value would compose as upward and asserted)
    for n, marking in every_sentence():
        for scope in marking.scopes:
            assert isinstance(scope.operator, int) and 0 <= scope.operator < n, scope
            assert 0 <= scope.start < scope.stop <= n, scope
            assert scope.monotonicity in (UP, DOWN, NONE) and scope.veridicality in (
                VERIDICAL, NONVERIDICAL, ANTIVERIDICAL), scope


def test_a_sentence_under_no_operator():
    found = mark(("a", "dog", "runs"), ("DT", "NN", "VBZ"))
    assert found == ((UP,) * 3, (VERIDICAL,) * 3, ((),) * 3, ())


def test_a_negation_that_ends_where_an_implicative_starts_stays_veridical():
    # not hungry: its phrase ends before refuses, which it does not govern
    parse = ("(ROOT (S (NP (NP (DT The) (NN man)) (ADJP (RB not) (JJ hungry))) (VP (VBZ refuses) (S (VP (TO to) "
             "(VP (VB eat)))))))")
    found = mark_parse(parse, ("the", "man", "not", "hungry", "refuse", "to", "eat"))
    assert " ".join(p[0] + v[0] for p, v in zip(found.polarity, found.veridicality)) == "uv uv uv dv uv uv da"


def test_an_operator_is_not_among_the_operators_above_it():
    found = mark(("maybe", "the", "dog", "sleeps"), ("RB", "DT", "NN", "VBZ"))
    assert found.operators == ((), (0,), (0,), (0,))


@pytest.mark.parametrize("premise, hypothesis, expected", [
    # two downward operators: upward again, so a more specific word is not entailed
    ("no/DT girl/NN is/VBZ not/RB eating/VBG fruit/NN", "no/DT girl/NN is/VBZ not/RB eating/VBG an/DT apple/NN",
     "new=1"),
    ("no/DT girl/NN is/VBZ not/RB eating/VBG an/DT apple/NN", "no/DT girl/NN is/VBZ not/RB eating/VBG fruit/NN",
     "entailed"),
    # non-monotone over downward: neither direction
    ("exactly/RB two/CD dogs/NNS are/VBP not/RB eating/VBG fruit/NN",
     "exactly/RB two/CD dogs/NNS are/VBP not/RB eating/VBG an/DT apple/NN", "new=1"),
    # non-veridical over antiveridical: not denied, only unasserted
    ("maybe/RB the/DT man/NN refuses/VBZ to/TO eat/VB the/DT apple/NN", EATING_APPLE,
     "new=3+"),
    # antiveridical parity: did not fail to lock says it was locked; failed to lock says it was not
    ("she/PRP did/VBD not/RB fail/VB to/TO lock/VB the/DT door/NN", "she/PRP did/VBD lock/VB the/DT door/NN",
     "entailed"),
    ("she/PRP failed/VBD to/TO lock/VB the/DT door/NN", "she/PRP locked/VBD the/DT door/NN", "conflict_only"),
    ("the/DT man/NN refuses/VBZ to/TO not/RB eat/VB the/DT apple/NN", EATING_APPLE,
     "entailed"),
    ("the/DT man/NN fails/VBZ to/TO forget/VB to/TO eat/VB the/DT apple/NN",
     EATING_APPLE, "entailed"),
    # a one-way implicative denied: not said either way
    ("the/DT man/NN fails/VBZ to/TO refuse/VB to/TO eat/VB the/DT apple/NN",
     EATING_APPLE, "new=2"),
], ids=["two down, specific", "two down, general", "none over down", "nonveridical over anti", "not fail to",
        "fail to", "refuse to not", "fail to forget to", "fail to refuse to"])
def test_composition_decides_the_verdict(premise, hypothesis, expected):
    assert verdict(premise, hypothesis) == expected


@pytest.mark.parametrize("premise, hypothesis, word, projected, expected", [
    # what the premise denies (eating fruit) a more specific hypothesis (eating an apple) says: a conflict
    ("the/DT man/NN refuses/VBZ to/TO eat/VB fruit/NN", "the/DT man/NN is/VBZ eating/VBG an/DT apple/NN",
     "apple", CONFLICT, "conflict_only"),
    # denying an apple says nothing of fruit: the man may be eating a pear
    ("the/DT man/NN refuses/VBZ to/TO eat/VB an/DT apple/NN", "the/DT man/NN is/VBZ eating/VBG fruit/NN",
     "fruit", "new", "conflict"),
    ("the/DT man/NN refuses/VBZ to/TO eat/VB an/DT apple/NN", "the/DT man/NN is/VBZ eating/VBG an/DT apple/NN",
     "apple", CONFLICT, "conflict_only"),
    # a denied word says nothing of another it excludes or of an unrelated one
    ("the/DT man/NN refuses/VBZ to/TO eat/VB an/DT apple/NN", "the/DT man/NN is/VBZ eating/VBG a/DT pear/NN",
     "pear", "new", "conflict"),
], ids=["more specific", "more general", "equal", "excluded"])
def test_a_denied_word_conflicts_with_an_equal_or_more_specific_one(premise, hypothesis, word, projected, expected):
    assert link_of(premise, hypothesis, word).projected_class == projected
    assert verdict(premise, hypothesis) == expected


@pytest.mark.parametrize("premise, hypothesis, word, projected", [
    # a premise word asserted, a hypothesis word not: the relation stands
    ("the/DT dog/NN is/VBZ sleeping/VBG", "maybe/RB the/DT dog/NN is/VBZ sleeping/VBG", "dog", EQUAL),
    # neither asserted: the relation stands too
    ("maybe/RB the/DT dog/NN is/VBZ sleeping/VBG", "maybe/RB the/DT dog/NN is/VBZ sleeping/VBG", "dog", EQUAL),
    # the premise's not asserted, the hypothesis's asserted: nothing supported
    ("maybe/RB the/DT dog/NN is/VBZ sleeping/VBG", "the/DT dog/NN is/VBZ sleeping/VBG", "dog", "new"),
], ids=["asserted premise", "neither asserted", "unasserted premise"])
def test_veridicality_of_the_two_words(premise, hypothesis, word, projected):
    assert link_of(premise, hypothesis, word).projected_class == projected


@pytest.mark.parametrize("premise, hypothesis, projected", [
    # a word added under a downward context the premise has too: a restriction it covers
    ("no/DT girl/NN is/VBZ eating/VBG an/DT apple/NN", "no/DT girl/NN is/VBZ eating/VBG a/DT red/JJ apple/NN", GENERAL),
    # added upward, though the premise is downward elsewhere: new
    ("no/DT girl/NN is/VBZ eating/VBG an/DT apple/NN ,/, a/DT dog/NN sleeps/VBZ",
     "no/DT girl/NN is/VBZ eating/VBG an/DT apple/NN ,/, a/DT red/JJ dog/NN sleeps/VBZ", "new"),
    # added under a downward context the premise has not: new
    ("a/DT girl/NN is/VBZ eating/VBG an/DT apple/NN", "no/DT girl/NN is/VBZ eating/VBG a/DT red/JJ apple/NN", "new"),
], ids=["both downward", "added upward", "premise upward"])
def test_an_added_word_under_a_downward_context(premise, hypothesis, projected):
    assert link_of(premise, hypothesis, "red").projected_class == projected


# ---- every operator class of the lexicon decides a verdict ------------------------------------

#: ``(class, key, premise, hypothesis, verdict, plain premise, plain hypothesis, plain verdict)``: the
#: pair with the operator ``key`` of the table ``class``, and with the operator replaced by a word that
#: is no operator or has another signature, whose verdict differs.
LEXICON = [
    ("CLAUSE_NEGATIONS", "not", NOT_FRUIT, NOT_APPLE, "entailed",
     NOT_FRUIT.replace("not/RB ", ""), NOT_APPLE.replace("not/RB ", ""), "new=1"),
    ("CLAUSE_NEGATIONS", "nobody", "nobody/NN eats/VBZ fruit/NN", "nobody/NN eats/VBZ an/DT apple/NN", "entailed",
     "somebody/NN eats/VBZ fruit/NN", "somebody/NN eats/VBZ an/DT apple/NN", "new=1"),
    ("PHRASE_NEGATIONS", "without", "a/DT man/NN walks/VBZ without/IN fruit/NN",
     "a/DT man/NN walks/VBZ without/IN an/DT apple/NN", "entailed",
     "a/DT man/NN walks/VBZ with/IN fruit/NN", "a/DT man/NN walks/VBZ with/IN an/DT apple/NN", "new=1"),
    ("DETERMINERS", "every", "every/DT animal/NN sleeps/VBZ", "every/DT dog/NN sleeps/VBZ", "entailed",
     "the/DT animal/NN sleeps/VBZ", DOG_SLEEPS, "new=1"),
    ("DETERMINERS", "every", "every/DT dog/NN eats/VBZ fruit/NN", "every/DT dog/NN eats/VBZ an/DT apple/NN", "new=1",
     "no/DT dog/NN eats/VBZ fruit/NN", "no/DT dog/NN eats/VBZ an/DT apple/NN", "entailed"),
    ("DETERMINERS", "few", "few/JJ dogs/NNS eat/VBP fruit/NN", "few/JJ dogs/NNS eat/VBP an/DT apple/NN", "entailed",
     "some/DT dogs/NNS eat/VBP fruit/NN", "some/DT dogs/NNS eat/VBP an/DT apple/NN", "new=1"),
    ("DETERMINERS", "some", "some/DT dogs/NNS sleep/VBP", "some/DT animals/NNS sleep/VBP", "entailed",
     "no/DT dogs/NNS sleep/VBP", "no/DT animals/NNS sleep/VBP", "new=1"),
    ("DETERMINERS", "most", "most/JJS dogs/NNS sleep/VBP", "most/JJS animals/NNS sleep/VBP", "new=1",
     "some/DT dogs/NNS sleep/VBP", "some/DT animals/NNS sleep/VBP", "entailed"),
    ("NUMBER_OPERATORS", ("at", "most"), "at/IN most/JJS two/CD animals/NNS sleep/VBP",
     "at/IN most/JJS two/CD dogs/NNS sleep/VBP", "entailed",
     "at/IN least/JJS two/CD animals/NNS sleep/VBP", "at/IN least/JJS two/CD dogs/NNS sleep/VBP", "new=1"),
    ("NUMBER_OPERATORS", ("at", "least"), "at/IN least/JJS two/CD dogs/NNS sleep/VBP",
     "at/IN least/JJS two/CD animals/NNS sleep/VBP", "entailed", "at/IN most/JJS two/CD dogs/NNS sleep/VBP",
     "at/IN most/JJS two/CD animals/NNS sleep/VBP", "new=1"),
    ("NUMBER_OPERATORS", ("exactly",), EXACTLY, EXACTLY.replace("dogs", "animals"), "new=1",
     EXACTLY.replace("exactly/RB", "at/IN least/JJS"), EXACTLY.replace("exactly/RB", "at/IN least/JJS").replace(
         "dogs", "animals"), "entailed"),
    ("CONDITIONALS", "if", "if/IN the/DT dog/NN sleeps/VBZ ,/, the/DT cat/NN eats/VBZ", "the/DT cat/NN eats/VBZ",
     "new=2",
     "because/IN the/DT dog/NN sleeps/VBZ ,/, the/DT cat/NN eats/VBZ", "the/DT cat/NN eats/VBZ", "entailed"),
    ("CONDITIONALS", "unless", "unless/IN an/DT animal/NN sleeps/VBZ ,/, the/DT cat/NN eats/VBZ",
     "unless/IN a/DT dog/NN sleeps/VBZ ,/, the/DT cat/NN eats/VBZ", "new=1",
     "if/IN an/DT animal/NN sleeps/VBZ ,/, the/DT cat/NN eats/VBZ",
     "if/IN a/DT dog/NN sleeps/VBZ ,/, the/DT cat/NN eats/VBZ", "entailed"),
    ("NONVERIDICAL_SUBORDINATORS", "whether", "the/DT man/NN asks/VBZ whether/IN the/DT dog/NN sleeps/VBZ",
     DOG_SLEEPS, "new=2",
     "the/DT man/NN asks/VBZ because/IN the/DT dog/NN sleeps/VBZ", DOG_SLEEPS, "entailed"),
    ("DISJUNCTIONS", "or", "a/DT man/NN sings/VBZ or/CC a/DT dog/NN sleeps/VBZ", "a/DT dog/NN sleeps/VBZ", "new=2",
     "a/DT man/NN sings/VBZ and/CC a/DT dog/NN sleeps/VBZ", "a/DT dog/NN sleeps/VBZ", "entailed"),
    ("NONVERIDICAL_ADVERBS", "maybe", "maybe/RB the/DT dog/NN sleeps/VBZ", DOG_SLEEPS, "new=2",
     "certainly/RB the/DT dog/NN sleeps/VBZ", DOG_SLEEPS, "entailed"),
    ("NONVERIDICAL_ADVERBS", "might", "the/DT dog/NN might/MD be/VB sleeping/VBG", "the/DT dog/NN is/VBZ sleeping/VBG",
     "new=2",
     "the/DT dog/NN will/MD be/VB sleeping/VBG", "the/DT dog/NN is/VBZ sleeping/VBG", "entailed"),
    ("NONVERIDICAL_ADJECTIVES", "possible", "it/PRP is/VBZ possible/JJ that/IN the/DT dog/NN sleeps/VBZ", DOG_SLEEPS,
     "new=2", "it/PRP is/VBZ true/JJ that/IN the/DT dog/NN sleeps/VBZ", DOG_SLEEPS, "entailed"),
    ("VERBS", ("think", ""), "the/DT woman/NN thinks/VBZ the/DT man/NN is/VBZ cooking/VBG", COOKING,
     "new=2", "the/DT woman/NN knows/VBZ the/DT man/NN is/VBZ cooking/VBG", COOKING,
     "entailed"),
    ("VERBS", ("know", ""), "the/DT woman/NN knows/VBZ the/DT man/NN is/VBZ cooking/VBG",
     COOKING, "entailed", "the/DT woman/NN thinks/VBZ the/DT man/NN is/VBZ cooking/VBG",
     COOKING, "new=2"),
    ("VERBS", ("want", "to"), "the/DT man/NN wants/VBZ to/TO eat/VB the/DT apple/NN", EATING_APPLE,
     "new=2", "the/DT man/NN manages/VBZ to/TO eat/VB the/DT apple/NN",
     EATING_APPLE, "entailed"),
    ("ONE_WAY_IMPLICATIVES", "refuse", "the/DT man/NN did/VBD not/RB refuse/VB to/TO eat/VB the/DT apple/NN",
     EATING_APPLE, "new=2", "the/DT man/NN did/VBD not/RB fail/VB to/TO eat/VB the/DT apple/NN", EATING_APPLE,
     "entailed"),
    ("VERBS", ("forget", "to"), "the/DT man/NN forgets/VBZ to/TO eat/VB the/DT apple/NN",
     EATING_APPLE, "conflict_only",
     "the/DT woman/NN forgets/VBZ that/IN the/DT man/NN is/VBZ eating/VBG the/DT apple/NN",
     EATING_APPLE, "entailed"),
]


@pytest.mark.parametrize("name, key, premise, hypothesis, expected, plain_premise, plain_hypothesis, plain",
                         LEXICON, ids=[f"{row[0]}:{row[1]}" for row in LEXICON])
def test_an_operator_of_each_class_decides_a_verdict(name, key, premise, hypothesis, expected, plain_premise,
                                                     plain_hypothesis, plain):
    assert verdict(premise, hypothesis) == expected
    assert verdict(plain_premise, plain_hypothesis) == plain != expected


def test_the_lexicon_pairs_cover_every_operator_class_and_signature():
    tables = {name: value for name, value in vars(operators).items()
              if name.isupper() and isinstance(value, (dict, frozenset))}
    every = {(name, None) for name, table in tables.items() if isinstance(table, frozenset)}
    every |= {(name, signature) for name, table in tables.items() if isinstance(table, dict)
              for signature in table.values()}
    covered = set()
    for name, key, premise, *_ in LEXICON:
        words = [item.rsplit("/", 1)[0] for item in premise.split()]
        if name == "VERBS":  # by lemma, with the complementizer after it
            verb, complementizer = key
            lemmas = [_WordNet().lemma(word) for word in words]
            assert any(lemma == verb and (words[k + 1:k + 2] == ["to"]) == (complementizer == "to")
                       for k, lemma in enumerate(lemmas)), (key, premise)
        else:
            spelled = key if isinstance(key, tuple) else (key,)
            assert any(tuple(words[k:k + len(spelled)]) == spelled for k in range(len(words))), (key, premise)
        table = tables[name]
        assert key in table, (name, key)
        covered.add((name, table[key] if isinstance(table, dict) else None))
    assert covered == every


def test_an_upward_determiner_changes_no_verdict():
    for determiner in ("some/DT", "several/JJ", "many/JJ"):
        assert verdict(f"{determiner} dogs/NNS sleep/VBP", f"{determiner} animals/NNS sleep/VBP") == \
            verdict("the/DT dogs/NNS sleep/VBP", "the/DT animals/NNS sleep/VBP") == "entailed"
