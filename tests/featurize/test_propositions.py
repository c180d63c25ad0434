"""featurize.propositions: who did what to whom, read from hand-tagged sentences with Penn Treebank tags and
with the coarse tags (their first two letters) the main model uses; a few raw texts go through the tagger."""
import pytest

from featurize.propositions import Proposition, is_ing_form, is_participle_form, propositions
from lexnli.verb_forms import PARTICIPLE_FORMS


def tagged(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``"a/DT man/NN"`` as tokens and PTB tags."""
    pairs = [item.rsplit("/", 1) for item in text.split()]
    return tuple(w for w, _ in pairs), tuple(t for _, t in pairs)


def read(text: str, tag_set: str) -> tuple[Proposition, ...]:
    tokens, tags = tagged(text)
    if tag_set == "coarse":
        tags = tuple(t[:2] for t in tags)
    return propositions(tokens, tags, tokens)


def P(predicate, subjects=(), objects=(), passive=False):
    return Proposition(predicate, tuple(subjects), tuple(objects), passive)


#: (hand-tagged sentence, expected propositions), by the rule each shows.
CASES = {
    # simple clauses
    "transitive": ("a/DT man/NN is/VBZ playing/VBG a/DT guitar/NN ./.", [P(3, (1,), (5,))]),
    "intransitive": ("a/DT dog/NN is/VBZ running/VBG ./.", [P(3, (1,))]),
    "present tense": ("two/CD dogs/NNS chase/VBP a/DT cat/NN", [P(2, (1,), (4,))]),
    # noun phrase heads
    "adjective and compound": ("a/DT young/JJ boy/NN kicks/VBZ a/DT soccer/NN ball/NN", [P(3, (2,), (6,))]),
    "phrase after the subject": ("the/DT man/NN near/IN the/DT dog/NN is/VBZ running/VBG ./.", [P(6, (1,))]),
    "phrases everywhere": ("a/DT man/NN in/IN a/DT red/JJ shirt/NN plays/VBZ a/DT guitar/NN on/IN the/DT street/NN",
                           [P(6, (1,), (8,))]),
    "no object after a preposition": ("a/DT man/NN is/VBZ sitting/VBG on/IN a/DT bench/NN", [P(3, (1,))]),
    "pronouns": ("she/PRP is/VBZ hugging/VBG him/PRP", [P(2, (0,), (3,))]),
    "possessive her": ("she/PRP holds/VBZ her/PRP$ baby/NN", [P(1, (0,), (3,))]),
    "coordinated adjectives": ("a/DT player/NN in/IN a/DT blue/JJ and/CC yellow/JJ uniform/NN runs/VBZ",
                               [P(8, (1,))]),
    # passives
    "passive": ("the/DT girl/NN is/VBZ pushed/VBN by/IN the/DT boy/NN ./.", [P(3, (6,), (1,), True)]),
    "progressive passive": ("the/DT girl/NN is/VBZ being/VBG pushed/VBN by/IN the/DT boy/NN ./.",
                            [P(4, (7,), (1,), True)]),
    "irregular participle": ("the/DT ball/NN is/VBZ thrown/VBN by/IN a/DT boy/NN", [P(3, (6,), (1,), True)]),
    "by without a passive": ("a/DT man/NN is/VBZ sitting/VBG by/IN the/DT window/NN", [P(3, (1,))]),
    "agentless passive": ("the/DT girl/NN is/VBZ pushed/VBN ./.", [P(3, (), (1,), True)]),
    "perfect is not passive": ("the/DT boy/NN has/VBZ pushed/VBN the/DT girl/NN", [P(3, (1,), (5,))]),
    "reduced passive": ("a/DT ball/NN kicked/VBN by/IN a/DT boy/NN flies/VBZ", [P(2, (5,), (1,), True), P(6, (1,))]),
    # coordination
    "coordinated subjects": ("the/DT woman/NN and/CC the/DT child/NN are/VBP watching/VBG the/DT dog/NN ./.",
                             [P(6, (1, 4), (8,))]),
    "coordinated objects": ("a/DT man/NN is/VBZ holding/VBG a/DT cup/NN and/CC a/DT plate/NN ./.",
                            [P(3, (1,), (5, 8))]),
    "listed subjects": ("a/DT man/NN ,/, a/DT woman/NN and/CC a/DT child/NN sit/VBP",
                        [P(8, (1, 4, 7))]),
    "coordinated verbs": ("a/DT man/NN is/VBZ singing/VBG and/CC dancing/VBG", [P(3, (1,)), P(5, (1,))]),
    "coordinated clauses": ("a/DT man/NN is/VBZ singing/VBG and/CC a/DT woman/NN is/VBZ dancing/VBG",
                            [P(3, (1,)), P(8, (6,))]),
    "disjoined clauses": ("a/DT man/NN is/VBZ singing/VBG or/CC a/DT woman/NN is/VBZ dancing/VBG",
                          [P(3, (1,)), P(8, (6,))]),
    "object then a new clause": ("a/DT man/NN holds/VBZ a/DT cup/NN and/CC a/DT woman/NN smiles/VBZ",
                                 [P(2, (1,), (4,)), P(8, (7,))]),
    "coordinated adjective predicates": ("the/DT boy/NN is/VBZ wet/JJ and/CC cold/JJ", [P(3, (1,)), P(5, (1,))]),
    # relative clauses
    "object relative": ("the/DT man/NN who/WP the/DT dog/NN is/VBZ following/VBG is/VBZ running/VBG ./.",
                        [P(6, (4,), (1,)), P(8, (1,))]),
    "subject relative": ("the/DT man/NN who/WP is/VBZ following/VBG the/DT dog/NN is/VBZ running/VBG ./.",
                         [P(4, (1,), (6,)), P(8, (1,))]),
    "that": ("the/DT man/NN that/WDT is/VBZ following/VBG the/DT dog/NN is/VBZ running/VBG",
             [P(4, (1,), (6,)), P(8, (1,))]),
    "which, object": ("the/DT dog/NN which/WDT the/DT man/NN is/VBZ following/VBG is/VBZ running/VBG",
                      [P(6, (4,), (1,)), P(8, (1,))]),
    "who after a phrase": ("a/DT man/NN in/IN a/DT red/JJ shirt/NN who/WP is/VBZ smiling/VBG",
                           [P(8, (1,))]),
    "relative on the object": ("a/DT man/NN holds/VBZ a/DT child/NN who/WP is/VBZ crying/VBG",
                               [P(2, (1,), (4,)), P(7, (4,))]),
    "reduced participle": ("a/DT man/NN holding/VBG a/DT child/NN walks/VBZ", [P(2, (1,), (4,)), P(5, (1,))]),
    "participle fragment": ("a/DT man/NN walking/VBG down/IN the/DT street/NN ./.", [P(2, (1,))]),
    "participle on the object": ("a/DT woman/NN watches/VBZ a/DT man/NN playing/VBG guitar/NN",
                                 [P(2, (1,), (4,)), P(5, (4,), (6,))]),
    "adjunct participle": ("a/DT man/NN sits/VBZ on/IN a/DT bench/NN reading/VBG a/DT book/NN",
                           [P(2, (1,)), P(6, (1,), (8,))]),
    "dangling participle": ("walking/VBG down/IN the/DT street/NN ,/, a/DT man/NN talks/VBZ",
                            [P(0, (6,)), P(7, (6,))]),
    # embedded and subordinate clauses
    "bare complement": ("the/DT woman/NN thinks/VBZ the/DT man/NN is/VBZ cooking/VBG ./.",
                        [P(2, (1,)), P(6, (4,))]),
    "that complement": ("the/DT woman/NN thinks/VBZ that/IN the/DT man/NN is/VBZ cooking/VBG ./.",
                        [P(2, (1,)), P(7, (5,))]),
    "if": ("if/IN the/DT boy/NN is/VBZ wet/JJ ,/, the/DT girl/NN is/VBZ laughing/VBG ./.",
           [P(4, (2,)), P(9, (7,))]),
    "while": ("a/DT child/NN rides/VBZ a/DT unicycle/NN while/IN a/DT crowd/NN watches/VBZ ./.",
              [P(2, (1,), (4,)), P(8, (7,))]),
    "adverb first": ("maybe/RB the/DT dog/NN is/VBZ sleeping/VBG ./.", [P(4, (2,))]),
    "infinitive": ("a/DT man/NN is/VBZ trying/VBG to/TO fix/VB a/DT car/NN", [P(3, (1,)), P(5, (1,), (7,))]),
    # copula and auxiliaries
    "adjective predicate": ("the/DT boy/NN is/VBZ wet/JJ ./.", [P(3, (1,))]),
    "noun predicate": ("the/DT man/NN is/VBZ a/DT doctor/NN", [P(4, (1,))]),
    "adverb inside": ("the/DT boy/NN is/VBZ not/RB very/RB wet/JJ", [P(5, (1,))]),
    "prepositional predicate": ("a/DT man/NN is/VBZ in/IN the/DT park/NN", [P(3, (1,), (5,))]),
    "adverb predicate": ("a/DT man/NN is/VBZ outside/RB", [P(3, (1,))]),
    "existential": ("there/EX is/VBZ a/DT man/NN sleeping/VBG", [P(4, (3,))]),
    "existential, noun-tagged participle": ("there/EX is/VBZ a/DT man/NN sleeping/NN ./.", [P(4, (3,))]),
    "existential alone": ("there/EX is/VBZ a/DT man/NN ./.", []),
    "modal": ("a/DT dog/NN might/MD be/VB sleeping/VBG", [P(4, (1,))]),
    "have as the main verb": ("a/DT man/NN has/VBZ a/DT dog/NN", [P(2, (1,), (4,))]),
    "do support": ("the/DT man/NN does/VBZ not/RB like/VB the/DT dog/NN", [P(4, (1,), (6,))]),
    "perfect progressive": ("the/DT man/NN has/VBZ been/VBN sleeping/VBG", [P(4, (1,))]),
    "modal copula": ("the/DT dog/NN might/MD be/VB wet/JJ", [P(4, (1,))]),
    "perfect copula": ("the/DT dog/NN has/VBZ been/VBN wet/JJ", [P(4, (1,))]),
    "will": ("the/DT dog/NN will/MD eat/VB the/DT food/NN", [P(3, (1,), (5,))]),
    "can alone": ("he/PRP can/MD ./.", []),
    # odd input
    "empty": ("", []),
    "punctuation": ("./. ,/, !/.", []),
    "no verb": ("a/DT dog/NN in/IN the/DT snow/NN ./.", []),
}


@pytest.mark.parametrize("tag_set", ["ptb", "coarse"])
@pytest.mark.parametrize("name", list(CASES))
def test_rule(name, tag_set):
    text, expected = CASES[name]
    assert read(text, tag_set) == tuple(expected)


def test_the_tag_sets_part_on_a_past_tense_after_a_noun():
    """VBD is a finite past with PTB tags; with coarse tags a bare -ed verb is a reduced passive only before
    *by* or a finite verb."""
    assert read("a/DT man/NN kicked/VBD a/DT ball/NN", "ptb") == (P(2, (1,), (4,)),)
    assert read("a/DT man/NN kicked/VBD a/DT ball/NN", "coarse") == (P(2, (1,), (4,)),)
    assert read("a/DT man/NN dressed/VBN in/IN black/JJ walks/VBZ", "coarse") == (P(2, (), (1,), True), P(5, (1,)))


def test_ordered_by_predicate():
    props = read("the/DT man/NN who/WP the/DT dog/NN is/VBZ following/VBG is/VBZ running/VBG", "ptb")
    assert [p.predicate for p in props] == sorted(p.predicate for p in props)


def test_word_forms():
    assert [is_ing_form(w) for w in ("playing", "being", "bring", "sing")] == [True, True, False, False]
    assert [is_participle_form(w) for w in ("pushed", "held", "need", "play")] == [True, True, False, False]
    assert all(is_participle_form(w) for w in PARTICIPLE_FORMS)


def test_never_raises_on_odd_input():
    odd = [((), (), ()), (("a",), ("DT",), ("a",)), (("is",), ("VBZ",), ("be",)),
           (("his", "or"), ("PRP$", "CC"), ("his", "or")),
           (("who", "that", "by"), ("WP", "WDT", "IN"), ("who", "that", "by")), (("a", "b"), ("DT",), ("a",)),
           (("a", "man", "and", ",", "and"), ("DT", "NN", "CC", ",", "CC"), ("a", "man", "and", ",", "and"))]
    for tokens, tags, lemmas in odd:
        assert isinstance(propositions(tokens, tags, lemmas), tuple)


def test_cached():
    sentence = tagged("a/DT dog/NN is/VBZ running/VBG")
    first = propositions(*sentence, sentence[0])
    assert propositions(*sentence, sentence[0]) is first


@pytest.mark.parametrize("tag_set", ["ptb", "coarse"])
@pytest.mark.parametrize("text,expected", [
    ("A man is playing a guitar.", [("playing", ("man",), ("guitar",), False)]),
    ("The girl is being pushed by the boy.", [("pushed", ("boy",), ("girl",), True)]),
    ("The woman and the child are watching the dog.", [("watching", ("woman", "child"), ("dog",), False)]),
    ("The man who is following the dog is running.",
     [("following", ("man",), ("dog",), False), ("running", ("man",), (), False)]),
    ("If the boy is wet, the girl is laughing.", [("wet", ("boy",), (), False), ("laughing", ("girl",), (), False)]),
])
def test_raw_text(tagger, text, expected, tag_set):
    """Raw text through lexnli.text's tagger (skipped where NLTK's tagger data is missing)."""
    from featurize.inputs import normalize
    from lexnli.text import tokenize_and_tag_many

    tokens, tags = normalize(*tokenize_and_tag_many([text])[0], tag_set=tag_set)
    found = [(tokens[p.predicate], tuple(tokens[i] for i in p.subjects), tuple(tokens[i] for i in p.objects),
              p.passive) for p in propositions(tokens, tags, tokens)]
    assert found == expected
