"""The compositional rules, rule by rule, on hand-built tagged sentences.

Expectations come from the rules' definitions (classifiers/augmentation/compositional.py) and from what a reader
knows of the operators (*not* and *no* reverse entailment, *maybe* leaves it open), not from the
code's output. The rules that generalize a noun or delete an adjective need NLTK's WordNet (skipped
without it); the embedding and passive rules and ``participle`` do not.
"""
from collections import Counter

import pytest

from classifiers.augmentation.compositional import (COMPARATIVES, LABELS, RULES, STRUCTURAL_RULES, WORDNET_RULES,
                                                    _compared, _doers, _embedded, _matrix_subject, _negated, _passive,
                                                    _predicate, _prepositional, _privative, _quantified, _structural,
                                                    _structural_pairs, _structural_rules, _subordinate,
                                                    compositional_augmentation, compositional_pairs, participle,
                                                    with_trees)
from classifiers.augmentation.substitutions import SubstitutionFinder
from lexnli.records import Pair, Sentence

from tests.conftest import wordnet_or_skip
from tests.helpers.syntax_fixture import tree


def sentence(text: str, tags: str) -> Sentence:
    """A tagged sentence from space-separated tokens and tags (its text joined the corpus's way), with the tree
    the tests' syntax model gives it (a sentence of the fixture treebank: its tree checked by hand)."""
    tokens, tags = tuple(text.split()), tuple(tags.split())
    return Sentence(text=text.replace(" .", ".").replace(" ,", ","), tokens=tokens, tags=tags, tree=tree(tokens, tags))


def texts(made) -> set[tuple[str, str, str]]:
    """``(rule, premise, hypothesis)`` of the pairs a rule function made."""
    return {(m.rule, m.premise.text, m.hypothesis.text) for m in made}


@pytest.fixture(scope="module")
def finder():
    from lexnli.text import load_wordnet

    return wordnet_or_skip(lambda: SubstitutionFinder(load_wordnet()))


def test_every_rule_has_a_label_and_the_reverse_orders_are_neutral():
    assert set(LABELS.values()) == {"entailment", "neutral", "contradiction"}
    assert all(LABELS[rule] == "neutral" for rule in RULES if rule.endswith("_reverse"))
    assert WORDNET_RULES == {rule for rule in RULES if rule.startswith(("negated", "no_", "every"))}
    assert not WORDNET_RULES & STRUCTURAL_RULES


# ---- rules that need WordNet ------------------------------------------------------------------

def test_negated_hypernym_the_general_negation_entails_the_specific(finder):
    made = texts(_negated(sentence("The girl is eating an orange .", "DT NN VBZ VBG DT NN ."), finder))
    general, specific = "The girl is not eating a fruit.", "The girl is not eating an orange."
    assert made == {("negated_hypernym", general, specific), ("negated_hypernym_reverse", specific, general)}


def test_negated_modifier_the_negation_without_the_adjective_entails_the_one_with_it(finder):
    made = texts(_negated(sentence("A man is wearing a red hat .", "DT NN VBZ VBG DT JJ NN ."), finder))
    assert ("negated_modifier", "A man is not wearing a hat.", "A man is not wearing a red hat.") in made
    assert ("negated_modifier_reverse", "A man is not wearing a red hat.", "A man is not wearing a hat.") in made


def test_negated_rules_leave_the_subject_alone(finder):
    # "A small dog is not running" entails "A dog is not running": the subject is outside the negation
    assert _negated(sentence("A small dog is sleeping .", "DT JJ NN VBZ VBG ."), finder) == []


@pytest.mark.parametrize("text, tags", [
    ("The girl is eating the orange .", "DT NN VBZ VBG DT NN ."),          # a definite object
    ("The girl is eating two oranges .", "DT NN VBZ VBG CD NNS ."),        # a number
    ("A man is throwing a water balloon .", "DT NN VBZ VBG DT NN NN ."),   # the head of a compound
    ("A man is eating a hot dog .", "DT NN VBZ VBG DT JJ NN ."),           # a WordNet collocation
    ("A boy is holding a fake gun .", "DT NN VBZ VBG DT JJ NN ."),         # a privative adjective
    ("A woman is wearing a pink and white blouse .", "DT NN VBZ VBG DT JJ CC JJ NN ."),  # not the first modifier
    ("A man is not eating an orange .", "DT NN VBZ RB VBG DT NN ."),       # a negation already
    ("A man is eating oranges without a fork .", "DT NN VBZ VBG NNS IN DT NN ."),  # a non-monotone word
    ("A cart of oranges is being pulled .", "DT NN IN NNS VBZ VBG VBN ."),  # a passive
    ("A man is sitting , eating an orange .", "DT NN VBZ VBG , VBG DT NN ."),  # another clause
])
def test_no_negated_pairs(finder, text, tags):
    assert _negated(sentence(text, tags), finder) == []


def test_no_subject_is_downward_in_the_restrictor_and_the_body(finder):
    made = texts(_quantified(sentence("A small dog is eating an orange .", "DT JJ NN VBZ VBG DT NN ."), finder))
    assert {(rule, p, h) for rule, p, h in made if rule.startswith("no_")} == {
        ("no_subject", "No dog is eating an orange.", "No small dog is eating an orange."),
        ("no_subject_reverse", "No small dog is eating an orange.", "No dog is eating an orange."),
        ("no_subject", "No small dog is eating a fruit.", "No small dog is eating an orange."),
        ("no_subject_reverse", "No small dog is eating an orange.", "No small dog is eating a fruit.")}


def test_every_is_downward_in_the_restrictor_and_upward_in_the_body(finder):
    made = texts(_quantified(sentence("The small dog is eating an orange .", "DT JJ NN VBZ VBG DT NN ."), finder))
    assert {(rule, p, h) for rule, p, h in made if rule.startswith("every")} == {
        ("every_restrictor", "Every dog is eating an orange.", "Every small dog is eating an orange."),
        ("every_restrictor_reverse", "Every small dog is eating an orange.", "Every dog is eating an orange."),
        ("every_body", "Every small dog is eating an orange.", "Every small dog is eating a fruit."),
        ("every_body_reverse", "Every small dog is eating a fruit.", "Every small dog is eating an orange.")}


def test_negation_scopes_over_an_infinitive_of_its_verb(finder):
    # the tree puts "a red ball" in the clause of "jumping" through "to catch": not jumping to catch any ball
    made = texts(_negated(sentence("The dog is jumping to catch a red ball .", "DT NN VBZ VBG TO VB DT JJ NN ."),
                          finder))
    assert ("negated_modifier", "The dog is not jumping to catch a ball.",
            "The dog is not jumping to catch a red ball.") in made


def test_a_number_on_the_head_of_a_compound_is_no_indefinite(finder):
    # "small" modifies "apartment buildings", whose "two" is not monotone the simple way
    assert _negated(sentence("A dog is sleeping near two small apartment buildings .",
                             "DT NN VBZ VBG IN CD JJ NN NNS ."), finder) == []


def test_every_restrictor_of_a_passive_subject(finder):
    held = sentence("A small dog is held by a woman in a hat .", "DT JJ NN VBZ VBN IN DT NN IN DT NN .")
    general, specific = "Every dog is held by a woman in a hat.", "Every small dog is held by a woman in a hat."
    assert ("every_restrictor", general, specific) in texts(_quantified(held, finder))


@pytest.mark.parametrize("text, tags", [
    ("Two dogs are eating an orange .", "CD NNS VBP VBG DT NN ."),       # no singular subject with a determiner
    ("A small dog in a park is eating .", "DT JJ NN IN DT NN VBZ VBG ."),  # the subject goes on past the noun
    ("Some small dog is eating .", "DT JJ NN VBZ VBG ."),                # a quantifier already
])
def test_no_quantified_pairs(finder, text, tags):
    assert _quantified(sentence(text, tags), finder) == []


# ---- rules that need no WordNet ---------------------------------------------------------------

DOG = sentence("A dog is running .", "DT NN VBZ VBG .")
MAN = sentence("The man sleeps .", "DT NN VBZ .")


def test_embedded_one_clause_operators():
    made = texts(_embedded(DOG, None))
    assert ("embedded_nonveridical", "Maybe a dog is running.", "A dog is running.") in made
    assert ("embedded_nonveridical", "It is possible that a dog is running.", "A dog is running.") in made
    assert ("embedded_nonveridical", "Someone thinks that a dog is running.", "A dog is running.") in made
    assert ("embedded_veridical", "Clearly a dog is running.", "A dog is running.") in made
    assert ("embedded_veridical", "Someone knows that a dog is running.", "A dog is running.") in made
    assert not any(" if " in p.lower() or " and " in p for _, p, _ in made)  # no other premise: no two clauses
    maybe = next(m.premise for m in _embedded(DOG, None) if m.premise.text.startswith("Maybe"))
    assert maybe.tokens == ("Maybe", "a", "dog", "is", "running", ".") and maybe.tags == ("RB",) + DOG.tags


def test_embedded_two_clause_operators_take_either_clause_for_hypothesis():
    made = texts(_embedded(DOG, MAN))
    for hypothesis in (DOG.text, MAN.text):
        assert ("embedded_nonveridical", "If a dog is running, the man sleeps.", hypothesis) in made
        assert ("embedded_nonveridical", "A dog is running or the man sleeps.", hypothesis) in made
        assert ("embedded_veridical", "Because a dog is running, the man sleeps.", hypothesis) in made
        assert ("embedded_veridical", "A dog is running and the man sleeps.", hypothesis) in made
    assert all(m.partner == (m.hypothesis is MAN) for m in _embedded(DOG, MAN))


def test_embedded_keeps_a_proper_noun_capitalized():
    made = texts(_embedded(sentence("John is running .", "NNP VBZ VBG ."), None))
    assert ("embedded_nonveridical", "Perhaps John is running.", "John is running.") in made


@pytest.mark.parametrize("text, tags", [
    ("A dog running in a park .", "DT NN VBG IN DT NN ."),                # no finite verb
    ("A dog who is running .", "DT NN WP VBZ VBG ."),                     # its one finite verb is a relative's
    ("A dog runs . A cat sleeps .", "DT NN VBZ . DT NN VBZ ."),           # two sentences
])
def test_no_embedding_of_what_is_no_sentence(text, tags):
    assert _embedded(sentence(text, tags), MAN) == []


def test_a_relative_clause_before_the_main_verb_leaves_a_sentence():
    # the tree's root is the sentence's own finite verb, whatever comes before it
    made = texts(_embedded(sentence("A dog who is running sits .", "DT NN WP VBZ VBG VBZ ."), None))
    assert ("embedded_nonveridical", "Maybe a dog who is running sits.", "A dog who is running sits.") in made


def test_passive_and_role_swapped_passive_of_people():
    made = texts(_passive(sentence("A man is carrying a small child .", "DT NN VBZ VBG DT JJ NN .")))
    assert made == {("passive", "A man is carrying a small child.", "A small child is being carried by a man."),
                    ("passive_role_swap", "A man is carrying a small child.",
                     "A man is being carried by a small child."),
                    # the same swap read from the passive
                    ("passive_role_swap_active", "A small child is being carried by a man.",
                     "A small child is carrying a man.")}


def test_passive_agrees_with_its_new_subject():
    made = texts(_passive(sentence("The boys are throwing a ball across the room .",
                                   "DT NNS VBP VBG DT NN IN DT NN .")))
    assert made == {("passive", "The boys are throwing a ball across the room.",
                     "A ball is being thrown by the boys across the room.")}  # no role swap: a ball is no person
    made = texts(_passive(sentence("A woman is reading the books .", "DT NN VBZ VBG DT NNS .")))
    assert made == {("passive", "A woman is reading the books.", "The books are being read by a woman.")}


def test_passive_tags():
    (passive,) = _passive(sentence("A dog is biting a bone .", "DT NN VBZ VBG DT NN ."))
    assert passive.hypothesis.tokens == ("A", "bone", "is", "being", "bitten", "by", "a", "dog", ".")
    assert passive.hypothesis.tags == ("DT", "NN", "VBZ", "VBG", "VBN", "IN", "DT", "NN", ".")


def test_no_role_swap_for_what_people_do_to_each_other():
    made = _passive(sentence("A man is hugging a woman .", "DT NN VBZ VBG DT NN ."))
    assert [m.rule for m in made] == ["passive"]


def test_a_role_swap_keeps_what_follows_the_object_after_it():
    # "A baby is being held by a man in a pink dress" would dress the man: no passive
    made = texts(_passive(sentence("A woman in a coat is holding a baby in a pink dress .",
                                   "DT NN IN DT NN VBZ VBG DT NN IN DT JJ NN .")))
    assert made == {("passive_role_swap", "A woman in a coat is holding a baby in a pink dress.",
                     "A woman in a coat is being held by a baby in a pink dress.")}


@pytest.mark.parametrize("text, tags", [
    ("A man is having a drink .", "DT NN VBZ VBG DT NN ."),                   # no safe passive
    ("A man is holding a ball in a pink bag .", "DT NN VBZ VBG DT NN IN DT JJ NN ."),  # "in": whose bag?
    ("A man is picking up a ball .", "DT NN VBZ VBG RP DT NN ."),             # a particle
    ("A man is playing his guitar .", "DT NN VBZ VBG PRP$ NN ."),             # no article
    ("A man is playing a guitar and a drum .", "DT NN VBZ VBG DT NN CC DT NN ."),
    ("A man is kicking a ball , a dog is running .", "DT NN VBZ VBG DT NN , DT NN VBZ VBG ."),  # another clause
])
def test_no_passive(text, tags):
    assert _passive(sentence(text, tags)) == []


@pytest.mark.parametrize("form, done", [
    ("eating", "eaten"), ("riding", "ridden"), ("hugging", "hugged"), ("chasing", "chased"), ("carrying", "carried"),
    ("playing", "played"), ("frying", "fried"), ("agreeing", "agreed"), ("kicking", "kicked"), ("paying", "paid"),
    ("ing", None), ("sing", None), ("run", None),
])
def test_participle(form, done):
    assert participle(form) == done


def test_compositional_pairs_use_each_premise_once_and_share_the_rules():
    premises = [sentence(f"A {person} is carrying a {other} .", "DT NN VBZ VBG DT NN .")
                for person, other in (("man", "child"), ("woman", "boy"), ("girl", "baby"), ("boy", "girl"))]
    premises += [sentence(f"The {animal} sleeps .", "DT NN VBZ .") for animal in ("cat", "dog", "cow", "pig")]
    per_rule = {"passive": 2, "passive_role_swap": 2, "embedded_veridical": 9, "embedded_nonveridical": 9}
    made = compositional_pairs(premises, per_rule=per_rule)  # no WordNet rule asked for: no WordNet read
    counts = Counter(rule for _, rule in made)
    assert counts["passive"] + counts["passive_role_swap"] <= 4 and max(counts.values()) <= 9
    for pair, rule in made:
        assert isinstance(pair, Pair) and pair.label == LABELS[rule] and pair.pair_id.startswith(rule + "-")
        assert len(pair.premise.tokens) == len(pair.premise.tags)
    # every premise at most once: as the premise made over, or as the other clause of an embedding
    used = [p for pair, _ in made for p in premises if p.text[:-2] in pair.premise.text]
    assert len(used) == len(set(used)) and len(made) < len(premises)
    assert made == compositional_pairs(premises, per_rule=per_rule)  # deterministic
    assert compositional_pairs(premises, per_rule=per_rule, limit=2) == made[:2]


def test_premises_without_a_tree_are_read_by_the_syntax_model_with_its_tags():
    bare = Sentence("A dog is running.", ("A", "dog", "is", "running", "."), ("DT", "NN", "NN", "NN", "."))
    read, kept = with_trees([bare, DOG])
    assert read.tree is not None and read.tags == read.tree.tags == ("DT", "NN", "VBZ", "VBG", ".")
    assert kept is DOG  # a premise with its tree is taken as it is
    assert texts(_embedded(read, None)) == texts(_embedded(DOG, None))


def test_a_rule_refuses_a_premise_without_a_tree():
    with pytest.raises(ValueError, match="dependency tree"):
        _passive(Sentence("A man is carrying a child.", ("A", "man", "is", "carrying", "a", "child", "."),
                          ("DT", "NN", "VBZ", "VBG", "DT", "NN", ".")))


def test_compositional_augmentation_shares_n_among_the_rules(finder):
    subjects = ("man", "woman", "girl", "boy", "child", "lady")
    train = [Pair(sentence(f"A {s} is carrying a small {o} .", "DT NN VBZ VBG DT JJ NN ."),
                  sentence("Someone is here .", "NN VBZ RB ."), label="neutral") for s in subjects for o in subjects]
    made = compositional_augmentation(train + train[:3], 28, reader=finder.wn)
    assert 0 < len(made) <= 28 and len({pair.premise.text for pair in made}) == len(made)
    counts = Counter(pair.pair_id.rsplit("-", 1)[0] for pair in made)
    assert max(counts.values()) <= 2 and set(counts) <= set(RULES)
    assert compositional_augmentation(train, 0) == []


# ---- structural rules: two premises, the words of the hypothesis all in the premise ------------

CARRY = sentence("A man is carrying a small girl on the beach .", "DT NN VBZ VBG DT JJ NN IN DT NN .")
SING = sentence("A woman is singing loudly .", "DT NN VBZ VBG RB .")
BALL = sentence("A man is kicking a ball across the park .", "DT NN VBZ VBG DT NN IN DT NN .")


def test_structural_relative_clauses_and_prepositions():
    made = texts(_structural(CARRY, SING))
    relative = "The small girl that the man is carrying is singing loudly."
    assert ("relative_object", relative, "The man is singing loudly.") in made
    assert ("relative_object_head", relative, "The small girl is singing loudly.") in made
    assert ("relative_object_clause", relative, "The man is carrying the small girl.") in made
    who = "The man who is carrying the small girl is singing loudly."
    assert ("relative_subject", who, "The small girl is singing loudly.") in made
    assert ("relative_subject_head", who, "The man is singing loudly.") in made
    assert all(m.donor and LABELS[m.rule] in ("neutral", "entailment") for m in _structural(CARRY, SING))


def test_structural_prepositions_take_any_premise_with_a_subject_and_the_donor_s_subject():
    # the woman near the man sings; the man need not
    made = texts(_prepositional(SING, CARRY))
    assert ("prepositional_piece", "The woman next to the man is singing loudly.", "The man is singing loudly.") \
        in made
    assert ("prepositional_head", "The woman behind the man is singing loudly.", "The woman is singing loudly.") \
        in made
    near = next(m.premise for m in _prepositional(SING, CARRY) if m.premise.text.startswith("The woman next"))
    assert near.tokens[2:4] == ("next", "to") and near.tags[2:4] == ("JJ", "TO")
    assert all(m.donor and LABELS[m.rule] in ("neutral", "entailment") for m in _prepositional(SING, CARRY))
    # a donor whose subject cannot do what the premise says of a person's kind, or is the same kind of one: none
    assert _prepositional(SING, sentence("The woman is sleeping .", "DT NN VBZ VBG .")) == []


def test_structural_coordination_agrees_and_its_swap_is_not_said():
    made = texts(_structural(CARRY, SING))
    both = "The man and the woman are carrying the small girl on the beach."
    assert ("coordination", both, "The woman is carrying the small girl on the beach.") in made
    assert ("coordination_swap", both, "The woman is carrying the man.") in made


def test_structural_an_object_no_person_only_coordination():
    made = texts(_structural(BALL, SING))
    assert made == {("coordination", "The man and the woman are kicking the ball across the park.",
                     "The woman is kicking the ball across the park.")}


def test_structural_empty_rest_and_a_preposition_in_the_subject():
    holding = sentence("A woman in a hat is holding a boy .", "DT NN IN DT NN VBZ VBG DT NN .")
    made = texts(_structural(holding, sentence("The man is sleeping .", "DT NN VBZ VBG .")))
    assert ("relative_object", "The boy that the woman in a hat is holding is sleeping.",
            "The woman in a hat is sleeping.") in made
    # the woman first, "the woman in a hat and the man" is no woman with both
    assert ("coordination", "The man and the woman in a hat are holding the boy.",
            "The man is holding the boy.") in made


def test_structural_no_coordination_of_one_with_itself():
    # only the predicate of "A man is singing" is taken: its man may be the man of the relatives
    rules = {m.rule for m in _structural(CARRY, sentence("A man is singing .", "DT NN VBZ VBG ."))}
    assert "relative_object" in rules and not {"coordination", "coordination_swap"} & rules


@pytest.mark.parametrize("premise, donor", [
    (CARRY, sentence("A woman is singing with her son .", "DT NN VBZ VBG IN PRP$ NN .")),  # tied to its subject
    (CARRY, sentence("A guitar is lying on a bed .", "DT NN VBZ VBG IN DT NN .")),  # no person
    (sentence("The men are carrying a girl .", "DT NNS VBP VBG DT NN ."), SING),  # a plural subject
    (sentence("A dog is running .", "DT NN VBZ VBG ."), SING),                    # intransitive
])
def test_no_structural_pairs(premise, donor):
    assert _structural(premise, donor) == []


@pytest.mark.parametrize("premise", [
    CARRY, SING, BALL, sentence("A woman in a hat is holding a boy .", "DT NN IN DT NN VBZ VBG DT NN ."),
    sentence("A dog is chasing a cat .", "DT NN VBZ VBG DT NN ."),
    sentence("The men are carrying a girl .", "DT NNS VBP VBG DT NN ."),
])
def test_a_donor_gives_the_structural_rules_its_subject_s_head_allows(premise):
    """compositional_pairs seeks donors by the head of their subject alone (_structural_rules)."""
    donors = [SING, sentence("The tall woman is sleeping on a bench .", "DT JJ NN VBZ VBG IN DT NN ."),
              sentence("A man is singing .", "DT NN VBZ VBG ."), sentence("The man is sleeping .", "DT NN VBZ VBG ."),
              sentence("A dog is running .", "DT NN VBZ VBG ."), sentence("A baby is crying .", "DT NN VBZ VBG ."),
              sentence("A small boy is eating a cake .", "DT JJ NN VBZ VBG DT NN .")]
    own = _predicate(premise)
    for donor in donors:
        rules = _structural_rules(_doers(premise), own and own[0][-1][0].lower(), _predicate(donor)[0][-1][0].lower())
        assert {m.rule for m in _structural_pairs(premise, donor)} == rules


def test_the_passive_role_swap_of_animals_too():
    made = texts(_passive(sentence("A girl is feeding a horse .", "DT NN VBZ VBG DT NN .")))
    assert ("passive_role_swap_active", "A horse is being fed by a girl.", "A horse is feeding a girl.") in made
    assert LABELS["passive_role_swap_active"] == "contradiction"
    assert texts(_passive(sentence("A dog is feeding a dog .", "DT NN VBZ VBG DT NN ."))) == {
        ("passive", "A dog is feeding a dog.", "A dog is being fed by a dog.")}  # no swap of one noun


def test_the_matrix_subject_does_not_do_what_the_embedded_subject_does():
    made = texts(_matrix_subject(SING))
    assert ("embedded_subject", "The man thinks that a woman is singing loudly.", "The man is singing loudly.") in made
    assert not any(premise.startswith("The woman knows") for _, premise, _ in made)  # one woman may be the other
    assert LABELS["embedded_subject"] == "neutral"
    assert _matrix_subject(sentence("A dog is running .", "DT NN VBZ VBG .")) == []  # a person's predicate only


def test_the_matrix_clause_without_that_and_its_verb_not_said_of_the_embedded_subject():
    made = texts(_matrix_subject(SING))
    assert ("embedded_subject", "The man thinks a woman is singing loudly.", "The man is singing loudly.") in made
    assert ("embedded_object", "The man thinks a woman is singing loudly.", "The man thinks the woman.") in made
    assert LABELS["embedded_object"] == "neutral"


def test_a_subordinate_clause_without_a_comma_says_the_main_clause_not_its_subject_as_an_object():
    running = sentence("A man is running .", "DT NN VBZ VBG .")
    barking = sentence("A dog is barking .", "DT NN VBZ VBG .")
    made = _subordinate(running, barking)
    assert {m.rule for m in made} == {"subordinate_main", "subordinate_object"} and all(m.partner for m in made)
    joined = made[0].premise.text
    assert joined.endswith(" the man is running the dog is barking.") and "," not in joined
    assert {(m.rule, m.hypothesis.text) for m in made} == {("subordinate_main", "The dog is barking."),
                                                           ("subordinate_object", "The man is running the dog.")}
    assert (LABELS["subordinate_main"], LABELS["subordinate_object"]) == ("entailment", "neutral")
    # the clause ends at the verb, whatever the premise says after it: its garden path
    carrying = {(m.rule, m.premise.text.split(" ", 1)[1], m.hypothesis.text)
                for m in _subordinate(sentence("A man is carrying a child .", "DT NN VBZ VBG DT NN ."), barking)}
    joined = "the man is carrying the dog is barking."
    assert carrying == {("subordinate_main", joined, "The dog is barking."),
                        ("subordinate_object", joined, "The man is carrying the dog.")}
    # a progressive premise, and a partner with a subject to misread
    assert _subordinate(sentence("A man runs .", "DT NN VBZ ."), barking) == []
    assert _subordinate(running, sentence("Two dogs run .", "CD NNS VBP .")) == []


def test_a_passive_progressive_gives_no_predicate():
    # "is being held": the tree's predicate is "held", with its subject for object; "is being" is no predicate
    held = sentence("A man is being held by a woman .", "DT NN VBZ VBG VBN IN DT NN .")
    assert _predicate(held) is None
    assert _subordinate(held, sentence("A dog is barking .", "DT NN VBZ VBG .")) == []


def test_a_reduced_relative_says_its_head_does_what_the_sentence_says_not_its_agent():
    made = texts(_structural(sentence("A man is carrying a girl .", "DT NN VBZ VBG DT NN ."),
                             sentence("A woman is singing .", "DT NN VBZ VBG .")))
    reduced = "The girl carried by the man is singing."
    assert {("reduced_relative_head", reduced, "The girl is singing."),
            ("reduced_relative_piece", reduced, "The man is singing.")} <= made


def test_a_privative_adjective_before_the_object_denies_it():
    made = texts(_privative(sentence("A man is holding an umbrella .", "DT NN VBZ VBG DT NN .")))
    assert made == {("privative", "A man is holding a fake umbrella.", "A man is holding an umbrella.")}
    assert texts(_privative(sentence("A girl is riding a horse .", "DT NN VBZ VBG DT NN ."))) == {
        ("privative", "A girl is riding a toy horse.", "A girl is riding a horse.")}
    assert LABELS["privative"] == "contradiction"
    assert _privative(sentence("A man is carrying a child .", "DT NN VBZ VBG DT NN .")) == []  # no toy child
    assert _privative(sentence("A man is holding a red umbrella .", "DT NN VBZ VBG DT JJ NN .")) == []


def test_two_things_compared_trade_places_under_the_antonym_and_not_otherwise():
    made = _compared(sentence("A man is carrying a box .", "DT NN VBZ VBG DT NN ."))
    premise = made[0].premise.text
    more, less, positive = next(c for c in COMPARATIVES if f" is {c[0]} than " in premise)
    assert premise == f"The man is {more} than the woman."  # the first of COMPARED_WITH apart from a man
    assert {(m.rule, m.hypothesis.text) for m in made} == {
        ("comparative_swap", f"The woman is {more} than the man."),
        ("comparative_converse", f"The woman is {less} than the man."),
        ("comparative_positive", f"The man is {positive}.")}
    assert [LABELS[m.rule] for m in made] == ["contradiction", "entailment", "neutral"]
    assert _compared(sentence("A dog is chasing a cat .", "DT NN VBZ VBG DT NN ."))[0].premise.text.endswith(
        " than the man.")
    assert _compared(sentence("A box is falling .", "DT NN VBZ VBG .")) == []  # a box compared with whom?
