"""lexical_resources.relations: how ``WordRelations`` relates two tagged words, asking the registered sources in
order (hand lists before WordNet where WordNet files words apart from what NLI needs).

The first tests use the stand-in WordNet of :mod:`tests.helpers.tiny_wordnet`; the others the real WordNet
(skipped when it is not installed)."""
import pytest

from lexical_resources.relations import INVERSE_RELATIONS, RELATION_CLASSES, RELATION_ORDER, WordRelations

from tests.conftest import wordnet_or_skip
from tests.helpers.tiny_wordnet import TinyWordNet

RELATIONS = WordRelations(TinyWordNet())


def test_relation_back_inverts_the_relation():
    # animal is a hypernym of dog, so dog is a hyponym of animal; symmetric relations stay as they are
    assert RELATIONS.relation("dog", "NN", "animal", "NN") == "hypernym"
    assert RELATIONS.relation_back("animal", "NN", "dog", "NN") == "hyponym"
    assert RELATIONS.relation_back("dog", "NN", "animal", "NN") == "hypernym"
    assert RELATIONS.relation_back("short", "JJ", "tall", "JJ") == "antonym"
    assert RELATIONS.relation_back("sofa", "NN", "dog", "NN") is None


def test_relation_tables_agree():
    assert set(RELATION_ORDER) == set(RELATION_CLASSES)
    # read back, a relation turns into its inverse, of the opposite class; twice, into itself
    assert set(INVERSE_RELATIONS) <= set(RELATION_CLASSES)
    for relation, inverse in INVERSE_RELATIONS.items():
        assert INVERSE_RELATIONS[inverse] == relation
        assert {RELATION_CLASSES[relation], RELATION_CLASSES[inverse]} == {"general", "specific"}


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("blue", "green", "cohyponym"), ("dog", "cat", "cohyponym"), ("tall", "short", "antonym"),
    ("dog", "animal", "hypernym"), ("animal", "dog", "hyponym"), ("german", "italian", "cohyponym"),
    ("man", "woman", "gender_different"), ("car", "automobile", "synonym"), ("man", "runner", "person_specific"),
    ("german", "french", "cohyponym"), ("japanese", "russian", "cohyponym"),  # nationalities, by their countries
    ("german", "european", "holonym"), ("european", "german", "meronym"), ("coffee", "beer", "cohyponym")])
def test_real_wordnet_relations(real_relations, premise, hypothesis, relation):
    tag = "JJ" if premise in ("blue", "tall", "german", "japanese", "european") else "NN"
    assert real_relations.relation(premise, tag, hypothesis, tag) == relation


@pytest.mark.parametrize("premise, hypothesis", [
    ("boy", "man"), ("girls", "women"), ("men", "boys"), ("children", "adults")])
def test_ages_come_before_wordnet_which_files_a_girl_under_woman(real_relations, premise, hypothesis):
    assert real_relations.relation(premise, "NNS", hypothesis, "NNS") == "age_different"


@pytest.mark.parametrize("premise, premise_tag, hypothesis, hypothesis_tag", [
    ("men", "NNS", "ladies", "NNS"),   # WordNet relates man to woman, not to lady
    ("husband", "NN", "woman", "NN"), ("girl", "NN", "male", "JJ"), ("female", "NN", "man", "NN")])
def test_genders_differ_where_wordnet_does_not_say(real_relations, premise, premise_tag, hypothesis, hypothesis_tag):
    assert real_relations.relation(premise, premise_tag, hypothesis, hypothesis_tag) == "gender_different"
    assert real_relations.relation("man", "NN", "male", "JJ") != "gender_different"


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("boy", "son", "person_specific"),   # WordNet: synonyms (a son is "a male human offspring", as is a boy)
    ("man", "farmer", "person_specific"),   # WordNet: co-hyponyms, through a rare sense of man
    ("man", "worker", "person_specific"),   # WordNet: a hypernym
    ("person", "father", "person_specific"), ("man", "wife", "gender_different"), ("man", "someone", "hypernym"),
    ("man", "person", "hypernym")])
def test_kinds_of_person_are_more_specific_than_people(real_relations, premise, hypothesis, relation):
    assert real_relations.relation(premise, "NN", hypothesis, "NN") == relation


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("doctor", "teacher", "occupation_different"), ("doctor", "lawyer", "occupation_different"),
    ("doctor", "surgeon", "hyponym"), ("fireman", "firefighter", "synonym"),  # WordNet's relations come first
    ("nurse", "teacher", "cohyponym"), ("man", "doctor", "person_specific")])
def test_occupations_differ_where_wordnet_does_not_say(real_relations, premise, hypothesis, relation):
    assert real_relations.relation(premise, "NN", hypothesis, "NN") == relation


@pytest.mark.parametrize("premise, premise_tag, hypothesis, hypothesis_tag", [
    ("runs", "VBZ", "sleeps", "VBZ"), ("eating", "VBG", "napping", "VBG"),
    ("runs", "VBZ", "sleeps", "NNS"),   # the word in the other's slot tagged as a noun, as raw text's tagger does
    ("sleeping", "VBG", "singing", "VBG"),
    ("sleeping", "VBG", "awake", "JJ"),   # WordNet: awake is the antonym of asleep, not of sleeping
    ("sitting", "VBG", "sleeping", "VBG"), ("looking", "VBG", "sleeping", "VBG")])   # a caption's sitter is awake
def test_sleeping_conflicts_with_an_action(real_relations, premise, premise_tag, hypothesis, hypothesis_tag):
    assert real_relations.relation(premise, premise_tag, hypothesis, hypothesis_tag) == "sleep_action"


@pytest.mark.parametrize("premise, hypothesis", [
    ("lying", "sleeping"), ("resting", "sleeping"), ("sleeping", "napping")])
def test_sleeping_is_no_conflict_with_what_a_sleeper_may_do(real_relations, premise, hypothesis):
    # one sleeps lying down or resting; napping is a kind of sleeping
    assert real_relations.relation(premise, "VBG", hypothesis, "VBG") != "sleep_action"


def test_nationalities_tagged_as_proper_nouns_are_compared_as_places(real_relations):
    assert real_relations.relation("german", "NNP", "french", "JJ") == "cohyponym"


@pytest.mark.parametrize("premise, premise_tag, hypothesis, hypothesis_tag, relation", [
    ("front", "NN", "outside", "RB", None), ("top", "NN", "outside", "NN", None),   # WordNet: siblings, regions
    ("inside", "RB", "outside", "RB", "antonym"), ("street", "NN", "outside", "RB", "setting_general")])
def test_outside_is_no_sibling_of_the_regions_of_a_thing(real_relations, premise, premise_tag, hypothesis,
                                                          hypothesis_tag, relation):
    assert real_relations.relation(premise, premise_tag, hypothesis, hypothesis_tag) == relation


@pytest.mark.parametrize("premise, hypothesis", [
    ("japanese", "japan"),   # WordNet: Japanese pertains to Japan the archipelago, Japan names the country first
    ("german", "germany"), ("french", "france"), ("american", "america")])
def test_a_place_adjective_and_the_name_of_its_place_are_one_place(real_relations, premise, hypothesis):
    assert real_relations.relation(premise, "JJ", hypothesis, "NNP") == "derivation"
    assert real_relations.relation(hypothesis, "NNP", premise, "JJ") == "derivation"


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("japan", "africa", "cohyponym"),   # a country and a continent it is not in: WordNet's hierarchy never meets
    ("japan", "china", "cohyponym"),
    ("paris", "france", "holonym"), ("france", "paris", "meronym"),  # a place within the other
])
def test_place_names_are_compared_as_places(real_relations, premise, hypothesis, relation):
    assert real_relations.relation(premise, "NNP", hypothesis, "NNP") == relation


@pytest.mark.parametrize("premise, premise_tag, hypothesis, hypothesis_tag, relation", [
    ("old", "NNP", "young", "NNP", "antonym"),    # sentence-initial "Old" / "Young" tagged as names
    ("wet", "NN", "dry", "JJ", "antonym"),        # adjectives read as adjectives whatever their tags
    ("standing", "NN", "lying", "VBG", "antonym"),
    ("plastic", "JJ", "metal", "NN", "cohyponym"),  # materials, far apart in WordNet's hierarchy
    ("wooden", "JJ", "concrete", "JJ", "cohyponym"), ("leather", "NN", "denim", "NN", "cohyponym"),
    ("plastic", "JJ", "brick", "NN", "cohyponym"),  # a substance and a building material
    ("wooden", "JJ", "wood", "NN", "synonym"),
    ("grassy", "JJ", "grass", "NN", "derivation"), ("muddy", "JJ", "mud", "NN", "derivation"),
    ("dancing", "VBG", "dancer", "NN", "derivation"), ("guitar", "NN", "guitarist", "NN", None),
])
def test_words_the_tagger_misread_are_also_compared_in_the_other_open_classes(
        real_relations, premise, premise_tag, hypothesis, hypothesis_tag, relation):
    assert real_relations.relation(premise, premise_tag, hypothesis, hypothesis_tag) == relation


def test_other_readings_come_after_the_tagged_one():
    from lexical_resources.relations import _readings

    assert _readings("n", "n") == (("n",), ("a", "v"))
    assert _readings("v", "n") == (("v", "n"), ("a",))
    assert _readings("r", "r") == (("r",), ("a",))  # adverbs are read as adjectives too (fast / slow), never as nouns


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("running", "walking", "manner_different"), ("walking", "running", "manner_different"),   # two verbs of motion
    ("sitting", "resting", "vo_weaker"),   # a strength between verbs of other kinds stays one
    ("moving", "leaving", "vo_stronger"),   # roots of WordNet's verbs: no way of moving
])
def test_a_strength_between_verbs_of_motion_is_a_different_manner(premise, hypothesis, relation):
    from lexical_resources import get_wordnet
    from lexical_resources.verbocean import VerbOcean

    # lines VerbOcean has: run [stronger-than] walk, rest [stronger-than] sit, move [can-result-in] leave
    verbocean = VerbOcean({("run", "walk"): (("stronger-than", 10.0),), ("rest", "sit"): (("stronger-than", 10.0),),
                           ("move", "leave"): (("can-result-in", 10.0),)})
    relations = wordnet_or_skip(lambda: WordRelations(get_wordnet(), verbocean))
    assert relations.relation(premise, "VBG", hypothesis, "VBG") == relation


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("long-sleeved", "short-sleeved", "antonym"), ("green-shirted", "blue-shirted", "cohyponym"),
    ("left-handed", "right-handed", "antonym"),
    ("5-year-old", "7-year-old", "number_different"),   # a number leading it: the numbers, as before
    ("red-haired", "red-headed", None),                 # the second parts differ: no such reading
])
def test_hyphenated_modifiers_with_the_same_second_part_compare_as_their_first_parts(real_relations, premise,
                                                                                       hypothesis, relation):
    assert real_relations.relation(premise, "JJ", hypothesis, "JJ") == relation


@pytest.mark.parametrize("premise, premise_tag, hypothesis, hypothesis_tag, relation", [
    ("man", "NN", "dog", "NN", "being_different"), ("kitten", "NN", "baby", "NN", "being_different"),
    ("women", "NNS", "horses", "NNS", "being_different"),
    ("female", "NN", "woman", "NN", None),    # WordNet's first female is an animal; a word for people is a person
    ("young", "JJ", "guy", "NN", None),       # an adjective read as a noun (young: offspring) is no animal
    ("chicken", "NN", "man", "NN", None),     # its most frequent sense is the meat
    ("dog", "NN", "puppy", "NN", "hyponym"), ("dog", "NN", "animal", "NN", "hypernym"),
])
def test_a_person_and_an_animal_differ(real_relations, premise, premise_tag, hypothesis, hypothesis_tag, relation):
    assert real_relations.relation(premise, premise_tag, hypothesis, hypothesis_tag) == relation


@pytest.mark.parametrize("premise, premise_tag, hypothesis, hypothesis_tag, relation", [
    ("sandwiches", "NNS", "cheese", "NN", "cohyponym"),   # a dish and a solid food: WordNet's two food roots
    ("bread", "NN", "meat", "NN", "cohyponym"), ("champagne", "NN", "tea", "NN", "cohyponym"),  # 4 links to beverage
    ("pizza", "NN", "food", "NN", "hypernym"),            # WordNet's own relation first
    ("fish", "NN", "bread", "NN", None),                  # most frequently an animal
    ("sandwich", "NN", "eats", "VBZ", None),              # a verb is read as a noun only for WordNet's relations
    ("indoors", "NNS", "outdoors", "NNS", "antonym"), ("inside", "JJ", "outdoors", "NN", "antonym"),
    ("night", "NN", "noon", "NN", "time_different"), ("sunrise", "NN", "sunset", "NN", "time_different"),
    ("night", "NN", "evening", "NN", "meronym"),          # overlapping times: WordNet's relation (part of a night)
])
def test_two_foods_two_opposite_settings_or_two_times_of_day_conflict(real_relations, premise, premise_tag, hypothesis,
                                                                    hypothesis_tag, relation):
    assert real_relations.relation(premise, premise_tag, hypothesis, hypothesis_tag) == relation
