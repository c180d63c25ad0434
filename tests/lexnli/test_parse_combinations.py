"""Parses put together from simple ones: each construction converts to the arcs it is made to teach."""
import random

import pytest

from lexnli.dependencies import from_parse
from lexnli.parse_combinations import (COMPLEMENT_VERBS, bare_complement, combined_parses, progressive_verb,
                                       simple_parts, simple_tense, subject_relative, subordinate_first)
from lexnli.text import parse_leaves

from tests.helpers.parses import PARSES

GIRL_LEFT = simple_parts("(ROOT (S (NP (DT The) (NN girl)) (VP (VBD left) (NP (DT the) (NN dog))) (. .)))")
DOG_BARKED = simple_parts("(ROOT (S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .)))")


def arcs(parse):
    """``{(dependent, label, head)}`` of a parse's converted tree, as words."""
    tree = from_parse(parse)
    words = ("ROOT",) + tree.tokens
    return {(words[i + 1], label, words[head]) for i, (head, label) in enumerate(zip(tree.heads, tree.labels))}


@pytest.mark.parametrize("seed", range(12))
def test_a_subordinate_clause_first_is_an_adverbial_clause_of_the_main_verb(seed):
    parse = subordinate_first(random.Random(seed), GIRL_LEFT, DOG_BARKED)
    tokens, _ = parse_leaves(parse)
    assert tokens[1:] == ("the", "girl", "left", "the", "dog", "the", "dog", "barked", ".")
    got = arcs(parse)
    assert {("left", "advcl", "barked"), ("barked", "root", "ROOT"), ("girl", "nsubj", "left"),
            ("dog", "obj", "left"), ("dog", "nsubj", "barked"), (tokens[0], "mark", "left")} <= got


@pytest.mark.parametrize("seed", range(12))
def test_a_clause_as_object_is_a_complement_with_its_own_subject(seed):
    parse = bare_complement(random.Random(seed), GIRL_LEFT, DOG_BARKED)
    tokens, tags = parse_leaves(parse)
    verb = tokens[2]
    assert tags[2] in ("VBD", "VBZ") and tokens[3] in ("the", "that")
    got = arcs(parse)
    assert {("girl", "nsubj", verb), ("barked", "ccomp", verb), ("dog", "nsubj", "barked")} <= got
    assert ("that" in tokens) == (("that", "mark", "barked") in got)


def test_a_relative_clause_on_the_subject_gaps_its_subject_or_its_object():
    made = {subject_relative(random.Random(seed), GIRL_LEFT, DOG_BARKED) for seed in range(20)}
    subject_gap = [p for p in made if "(DT the) (NN girl)" not in p]
    object_gap = [p for p in made if "(DT the) (NN girl)" in p]
    assert subject_gap and object_gap
    for parse in subject_gap:
        got = arcs(parse)
        assert {("left", "relcl", "dog"), ("dog", "nsubj", "barked"), ("barked", "root", "ROOT")} <= got
        assert ("that", "nsubj", "left") in got or ("who", "nsubj", "left") in got
    for parse in object_gap:
        got = arcs(parse)
        assert {("left", "relcl", "dog"), ("girl", "nsubj", "left"), ("dog", "nsubj", "barked")} <= got
        assert ("that", "obj", "left") in got or ("who", "obj", "left") in got


def test_combined_parses_come_in_equal_shares_and_are_reproducible():
    made = combined_parses(PARSES, 30, seed=3)
    assert len(made) == 30 and made == combined_parses(PARSES, 30, seed=3)
    assert made != combined_parses(PARSES, 30, seed=4)
    root_kids = []
    for parse in made:
        tree = from_parse(parse)
        root = tree.heads.index(0) + 1
        root_kids.append({label for head, label in zip(tree.heads, tree.labels) if head == root})
    assert [sum(label in kids for kids in root_kids[k::3]) for k, label in enumerate(("advcl", "ccomp"))] == [10, 10]
    assert all(kids & {"nsubj", "nsubjpass"} for kids in root_kids[2::3])
    assert all(tree_has("relcl", parse) for parse in made[2::3])


def test_a_relative_verb_agrees_with_its_head_noun():
    for parse in combined_parses(PARSES, 200):
        tree = from_parse(parse)
        for i, (head, label) in enumerate(zip(tree.heads, tree.labels)):
            verb = tree.tags[i]
            if label == "relcl" and verb in ("VBZ", "VBP") and "nsubj" in {
                    tree.labels[j] for j, h in enumerate(tree.heads) if h == i + 1 and tree.tags[j] == "WDT"}:
                noun = tree.tags[head - 1]
                assert (verb == "VBP") == (noun in ("NNS", "NNPS")), parse


DOGS_RUNNING = simple_parts("(ROOT (S (NP (DT The) (NNS dogs)) (VP (VBP are) (VP (VBG running) (PP (IN in) "
                            "(NP (DT the) (NN park))))) (. .)))")
MAN_SLEEPING = simple_parts("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG sleeping))) (. .)))")


@pytest.mark.parametrize("part, present, past", [(DOGS_RUNNING, ("VBP", "run"), ("VBD", "ran")),
                                                 (MAN_SLEEPING, ("VBZ", "sleeps"), ("VBD", "slept"))])
def test_a_progressive_said_in_the_simple_present_or_past_is_the_root_verb(part, present, past):
    be, base = progressive_verb(part, {"run", "sleep"})
    made = {simple_tense(random.Random(seed), part, be, base) for seed in range(12)}
    assert len(made) == 2
    for parse in made:
        tokens, tags = parse_leaves(parse)
        assert tags[2:3] + tokens[2:3] in (present, past) and "is" not in tokens and "are" not in tokens
        subject = tokens[1]
        assert {(subject, "nsubj", tokens[2]), (tokens[2], "root", "ROOT")} <= arcs(parse)


def test_no_simple_tense_without_the_verbs_plain_form():
    assert progressive_verb(DOGS_RUNNING, {"walk", "sleep"}) is None
    assert progressive_verb(GIRL_LEFT, {"leave"}) is None  # no progressive


def test_combined_parses_say_a_progressive_in_a_simple_tense_in_equal_share():
    parses = [*PARSES,
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG sleeping))) (. .)))",
        "(ROOT (S (NP (DT The) (NNS men)) (VP (VBP sleep)) (. .)))"]
    made = combined_parses(parses, 40, seed=1)
    said = [" ".join(parse_leaves(parse)[0]) for parse in made[3::4]]
    assert len(said) == 10 and set(said) == {"A man slept .", "A man sleeps ."}


def test_no_past_tense_the_parses_show_as_a_participle():
    parses = [*PARSES,
              "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG sleeping))) (. .)))",
              "(ROOT (S (NP (DT The) (NNS men)) (VP (VBP sleep)) (. .)))",
              "(ROOT (S (NP (DT The) (NN bed)) (VP (VBZ was) (VP (VBN slept) (PP (IN in)))) (. .)))"]
    said = {" ".join(parse_leaves(parse)[0]) for parse in combined_parses(parses, 40, seed=1)[3::4]}
    assert said == {"A man sleeps ."}


def test_without_simple_sentences_none_are_made():
    assert combined_parses(["(ROOT (NP (DT A) (NN man)))", "(ROOT (S (VP (VB Run)) (. !)))"], 10) == []


def tree_has(label, parse):
    return label in from_parse(parse).labels



def test_the_clause_taking_verbs_are_the_operator_lexicons():
    from lexical_resources.lists.operators import VERBS

    finite = {lemma for lemma, complementizer in VERBS if complementizer == ""}
    assert {plural for _, _, plural in COMPLEMENT_VERBS} == finite | {"hear", "feel"}
    for past, singular, plural in COMPLEMENT_VERBS:
        assert singular.startswith(plural[:3]) and singular.endswith("s") and past[0] == plural[0]
