"""Polarity marking on hand-tagged sentences: each operator's scope, and their composition.

Tags are written out (Penn Treebank, and the coarse two-letter tags the ``inference`` preset
uses), so these run without NLTK's tagger; ``marks`` shows a sentence's marking as one letter per
token: ``u``/``d``/``n`` for up/down/none, then ``v``/``n``/``a`` for veridical/non-veridical/antiveridical.
"""
import pytest

from featurize.polarity import mark, mark_parse, scopes
from tests.helpers.tiny_wordnet import sentence


def marks(tagged: str, *, coarse: bool = False, lemmas: dict | None = None) -> str:
    s = sentence(tagged)
    tokens = tuple(t.lower() for t in s.tokens)
    tags = tuple(t[:2] for t in s.tags) if coarse else s.tags
    found = mark(tokens, tags, tuple((lemmas or {}).get(t, t) for t in tokens))
    return " ".join(p[0] + v[0] for p, v in zip(found.polarity, found.veridicality))


VERBS = {"thinks": "think", "knows": "know", "refuses": "refuse", "wants": "want", "believes": "believe"}


@pytest.mark.parametrize("coarse", [False, True], ids=["ptb", "coarse"])
@pytest.mark.parametrize("tagged, expected", [
    # negation scopes over the rest of its clause, not the subject
    ("The/DT girl/NN is/VBZ not/RB eating/VBG fruit/NN ./.", "uv uv uv uv dv dv uv"),
    ("The/DT girl/NN is/VBZ n't/RB eating/VBG an/DT apple/NN ./.", "uv uv uv uv dv dv dv uv"),
    ("Nobody/NN is/VBZ eating/VBG an/DT apple/NN", "uv dv dv dv dv"),
    # no: restrictor and body downward
    ("No/DT girl/NN is/VBZ eating/VBG a/DT red/JJ apple/NN ./.", "uv dv dv dv dv dv dv uv"),
    # every: restrictor downward, body upward; the restrictor takes its PP and relative clause
    ("Every/DT young/JJ girl/NN is/VBZ eating/VBG an/DT apple/NN", "uv dv dv uv uv uv uv"),
    ("Every/DT dog/NN in/IN the/DT park/NN is/VBZ running/VBG", "uv dv dv dv dv uv uv"),
    ("Every/DT man/NN who/WP is/VBZ running/VBG is/VBZ sweating/VBG", "uv dv dv dv dv uv uv"),
    # few: downward; most: restrictor non-monotone; at most N: downward
    ("Few/JJ dogs/NNS are/VBP running/VBG", "uv dv dv dv"),
    ("Most/JJS dogs/NNS are/VBP running/VBG", "uv nv uv uv"),
    ("At/IN most/JJS three/CD dogs/NNS are/VBP running/VBG", "uv uv dv dv dv dv"),
    # without: the noun phrase after it only
    ("A/DT man/NN is/VBZ walking/VBG without/IN a/DT hat/NN ./.", "uv uv uv uv uv dv dv uv"),
    # if: the antecedent downward; neither clause asserted
    ("If/IN the/DT boy/NN is/VBZ wet/JJ ,/, the/DT girl/NN is/VBZ laughing/VBG ./.",
     "uv dn dn dn dn un un un un un un"),
    # non-veridical adverbs and modals: their clause
    ("Maybe/RB the/DT dog/NN is/VBZ sleeping/VBG ./.", "uv un un un un uv"),
    ("The/DT dog/NN might/MD be/VB sleeping/VBG", "un un uv un un"),
    ("Certainly/RB the/DT dog/NN is/VBZ sleeping/VBG ./.", "uv uv uv uv uv uv"),
    # or: the clauses it joins, or the noun phrases
    ("A/DT man/NN is/VBZ singing/VBG or/CC a/DT woman/NN is/VBZ dancing/VBG ./.", "un un un un uv un un un un uv"),
    ("A/DT man/NN is/VBZ holding/VBG a/DT cup/NN or/CC a/DT plate/NN", "uv uv uv uv un un uv un un"),
    # two downward operators give upward
    ("Nobody/NN is/VBZ not/RB eating/VBG", "uv dv dv uv"),
    # a negation's clause ends at a clause boundary
    ("The/DT man/NN is/VBZ not/RB wearing/VBG a/DT hat/NN and/CC the/DT woman/NN is/VBZ smiling/VBG",
     "uv uv uv uv dv dv dv uv uv uv uv uv"),
])
def test_scopes_and_composition(tagged, expected, coarse):
    assert marks(tagged, coarse=coarse) == expected


@pytest.mark.parametrize("tagged, expected", [
    # attitude verbs by lemma: think leaves its complement unasserted, know asserts it
    ("The/DT woman/NN thinks/VBZ the/DT man/NN is/VBZ cooking/VBG ./.", "uv uv uv un un un un uv"),
    ("The/DT woman/NN thinks/VBZ that/IN the/DT man/NN is/VBZ cooking/VBG", "uv uv uv uv un un un un"),
    ("The/DT woman/NN knows/VBZ the/DT man/NN is/VBZ cooking/VBG ./.", "uv uv uv uv uv uv uv uv"),
    ("A/DT man/NN wants/VBZ to/TO eat/VB a/DT cake/NN", "uv uv uv uv un un un"),
    ("The/DT child/NN wants/VBZ the/DT dog/NN to/TO fetch/VB the/DT ball/NN", "uv uv uv un un un un un un"),
    # whether: its clause alone
    ("The/DT man/NN is/VBZ not/RB sure/JJ whether/IN the/DT store/NN is/VBZ open/JJ",
     "uv uv uv uv dv dv dn dn dn dn"),
    # a negative implicative denies its complement, and makes it downward
    ("The/DT man/NN refuses/VBZ to/TO eat/VB the/DT cake/NN", "uv uv uv uv da da da"),
    # a verb of the list without a clause after it is no operator
    ("The/DT woman/NN believes/VBZ him/PRP", "uv uv uv uv"),
])
def test_verbs_by_their_complement(tagged, expected):
    assert marks(tagged, lemmas=VERBS) == expected


def test_the_marking_names_the_operators_above_each_token():
    found = mark(*map(tuple, zip(*(w.split("/") for w in "the/DT girl/NN is/VBZ not/RB eating/VBG fruit/NN".split()))))
    assert found.operators == ((), (), (), (), (3,), (3,))
    assert found.downward
    assert not mark(("a", "dog", "runs"), ("DT", "NN", "VBZ")).downward


def test_odd_input_is_marked_without_error():
    assert mark((), ()).polarity == ()
    assert mark(("not",), ("RB",)).polarity == ("up",)
    assert mark(("every",), ("DT",)).polarity == ("up",)
    assert scopes(("or",), ("CC",)) == ()


@pytest.mark.parametrize("parse, expected", [
    ("(ROOT (S (NP (DT The) (NN girl)) (VP (VBZ is) (RB not) (VP (VBG eating) (NP (NN fruit)))) (. .)))",
     "uv uv uv uv dv dv uv"),
    ("(ROOT (S (NP (NN Nobody)) (VP (VBZ is) (VP (VBG eating) (NP (DT an) (NN apple))))))", "uv dv dv dv dv"),
    # the restrictor of every takes its prepositional phrase; the body is upward
    ("(ROOT (S (NP (NP (DT Every) (NN dog)) (PP (IN in) (NP (DT the) (NN park)))) (VP (VBZ is) (VP (VBG running)))))",
     "uv dv dv dv dv uv uv"),
    # no inside a prepositional phrase: its noun phrase only
    ("(ROOT (S (NP (NP (DT A) (NN woman)) (PP (IN with) (NP (DT no) (NN hat)))) (VP (VBZ sits))))",
     "uv uv uv uv dv uv"),
    ("(ROOT (S (SBAR (IN If) (S (NP (DT the) (NN boy)) (VP (VBZ is) (ADJP (JJ wet))))) (, ,) (NP (DT the) (NN girl)) "
     "(VP (VBZ laughs)) (. .)))", "uv dn dn dn dn un un un un un"),
    ("(ROOT (S (ADVP (RB Maybe)) (NP (DT the) (NN dog)) (VP (VBZ sleeps)) (. .)))", "uv un un un un"),
    # a negation last in its phrase governs what follows the phrase
    ("(ROOT (S (NP (NNS people)) (VP (VBP are) (ADVP (RB inside) (CC and) (RB not)) (VP (VBG standing)))))",
     "uv uv uv uv uv dv"),
    # a floating quantifier is no determiner
    ("(ROOT (S (NP (DT The) (NNS boys)) (VP (VBP are) (RB all) (VP (VBG wearing) (ADJP (JJ yellow))))))",
     "uv uv uv uv uv uv"),
])
def test_the_same_scopes_read_from_a_parse(parse, expected):
    found = mark_parse(parse)
    assert " ".join(p[0] + v[0] for p, v in zip(found.polarity, found.veridicality)) == expected


def test_a_parse_marks_verbs_by_their_complement():
    parse = "(ROOT (S (NP (DT The) (NN woman)) (VP (VBZ thinks) (SBAR (S (NP (DT the) (NN man)) (VP (VBZ cooks)))))))"
    found = mark_parse(parse, ("the", "woman", "think", "the", "man", "cook"))
    assert found.veridicality == ("veridical",) * 3 + ("nonveridical",) * 3


@pytest.mark.parametrize("tagged", ["the/DT crew/NN all/DT ate/VBD lunch/NN",
                                    "the/DT women/NNS each/DT have/VBP hats/NNS",
                                    "two/CD men/NNS throw/VBP food/NN at/IN each/DT other/JJ",
                                    "a/DT few/JJ people/NNS are/VBP fishing/VBG"])
def test_words_that_are_no_determiner_here_mark_nothing(tagged):
    assert set(marks(tagged).split()) == {"uv"}


@pytest.mark.parametrize("tagged, expected", [
    # an operator whose clause opens the sentence governs the rest of it, past its commas
    ("Perhaps/RB a/DT woman/NN ,/, smiling/VBG ,/, holds/VBZ a/DT cup/NN", "uv un un un un un un un un"),
    ("It/PRP is/VBZ possible/JJ that/IN a/DT dog/NN ,/, wet/JJ ,/, sleeps/VBZ", "uv uv uv uv un un un un un un"),
    ("The/DT woman/NN thinks/VBZ that/IN the/DT man/NN ,/, tired/JJ ,/, sleeps/VBZ", "uv uv uv uv un un un un un un"),
    # one inside a later clause only to that clause's end
    ("A/DT dog/NN runs/VBZ ,/, and/CC the/DT cat/NN might/MD sleep/VB ,/, a/DT bird/NN sings/VBZ",
     "uv uv uv uv uv un un uv un uv uv uv uv"),
])
def test_an_operator_opening_the_sentence_governs_all_of_it(tagged, expected):
    assert marks(tagged, lemmas=VERBS) == expected


#: Each operator the compositional issue names, in a sentence, with the marking of its last word:
#: monotonicity, then veridicality (``d``/``u``/``n`` and ``v``/``n``/``a``, as in :func:`marks`).
OPERATORS = [
    ("the/DT man/NN is/VBZ not/RB eating/VBG fruit/NN", "dv"),
    ("the/DT man/NN is/VBZ n't/RB eating/VBG fruit/NN", "dv"),
    ("no/DT man/NN is/VBZ eating/VBG fruit/NN", "dv"),
    ("the/DT man/NN never/RB eats/VBZ fruit/NN", "dv"),
    ("nobody/NN eats/VBZ fruit/NN", "dv"),
    ("nothing/NN is/VBZ on/IN the/DT table/NN", "dv"),
    ("none/NN of/IN the/DT men/NNS eat/VBP fruit/NN", "dv"),
    ("a/DT man/NN walks/VBZ without/IN a/DT hat/NN", "dv"),
    ("every/DT man/NN eats/VBZ", "uv"), ("every/DT man/NN", "dv"),
    ("all/DT men/NNS eat/VBP", "uv"), ("all/DT men/NNS", "dv"),
    ("each/DT man/NN eats/VBZ", "uv"), ("each/DT man/NN", "dv"),
    ("some/DT men/NNS eat/VBP fruit/NN", "uv"), ("several/JJ men/NNS eat/VBP fruit/NN", "uv"),
    ("many/JJ men/NNS eat/VBP fruit/NN", "uv"), ("a/DT man/NN eats/VBZ fruit/NN", "uv"),
    ("few/JJ men/NNS eat/VBP fruit/NN", "dv"), ("few/JJ men/NNS", "dv"),
    ("at/IN most/JJS three/CD men/NNS eat/VBP fruit/NN", "dv"),
    ("most/JJS men/NNS", "nv"), ("most/JJS men/NNS eat/VBP fruit/NN", "uv"),
    ("exactly/RB three/CD men/NNS eat/VBP fruit/NN", "nv"),
    ("if/IN the/DT boy/NN is/VBZ wet/JJ ,/, the/DT girl/NN laughs/VBZ", "un"),
    ("if/IN the/DT boy/NN is/VBZ wet/JJ", "dn"),
    ("unless/IN the/DT boy/NN is/VBZ wet/JJ", "nn"),
    ("the/DT man/NN refuses/VBZ to/TO eat/VB fruit/NN", "da"),
    ("the/DT man/NN fails/VBZ to/TO eat/VB fruit/NN", "da"),
    ("a/DT man/NN sings/VBZ or/CC a/DT woman/NN dances/VBZ", "un"),
    ("the/DT woman/NN thinks/VBZ that/IN the/DT man/NN cooks/VBZ", "un"),
    ("the/DT woman/NN believes/VBZ that/IN the/DT man/NN cooks/VBZ", "un"),
    ("the/DT woman/NN hopes/VBZ that/IN the/DT man/NN cooks/VBZ", "un"),
    ("the/DT woman/NN wants/VBZ to/TO cook/VB", "un"),
    ("the/DT woman/NN claims/VBZ that/IN the/DT man/NN cooks/VBZ", "un"),
    ("maybe/RB the/DT dog/NN sleeps/VBZ", "un"), ("perhaps/RB the/DT dog/NN sleeps/VBZ", "un"),
    ("probably/RB the/DT dog/NN sleeps/VBZ", "un"), ("supposedly/RB the/DT dog/NN sleeps/VBZ", "un"),
    ("the/DT dog/NN might/MD sleep/VB", "un"), ("the/DT dog/NN could/MD sleep/VB", "un"),
    ("since/IN the/DT boy/NN is/VBZ wet/JJ ,/, the/DT girl/NN laughs/VBZ", "uv"),
    ("because/IN the/DT boy/NN is/VBZ wet/JJ ,/, the/DT girl/NN laughs/VBZ", "uv"),
    ("the/DT woman/NN knows/VBZ that/IN the/DT man/NN cooks/VBZ", "uv"),
    ("the/DT woman/NN realises/VBZ that/IN the/DT man/NN cooks/VBZ", "uv"),
    ("the/DT woman/NN forgets/VBZ that/IN the/DT man/NN cooks/VBZ", "uv"),
    ("certainly/RB the/DT dog/NN sleeps/VBZ", "uv"), ("clearly/RB the/DT dog/NN sleeps/VBZ", "uv"),
    ("a/DT man/NN sings/VBZ and/CC a/DT woman/NN dances/VBZ", "uv"),
]
LEMMATA = {**VERBS, "refuses": "refuse", "fails": "fail", "hopes": "hope", "claims": "claim", "realises": "realise",
           "forgets": "forget"}


@pytest.mark.parametrize("coarse", [False, True], ids=["ptb", "coarse"])
@pytest.mark.parametrize("tagged, last", OPERATORS, ids=[tagged for tagged, _ in OPERATORS])
def test_every_operator_of_the_lexicon_marks_its_scope(tagged, last, coarse):
    assert marks(tagged, coarse=coarse, lemmas=LEMMATA).split()[-1] == last
