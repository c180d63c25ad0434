"""lexical_resources.lists.kinds: the kinds of WordNet's hierarchy the WordNet tests read, as data.

The first tests check the tables against what the module says of them (no WordNet needed); the
others check, on WordNet 3.0 (skipped when it is not installed), that the relations the tables
change are the ones the module describes: kinds kept apart, broad categories, scenes, foods,
materials, young animals, compound drinks, plurals that are lemmas of their own."""
import re

import pytest

from lexical_resources.lists.kinds import (ABSTRACTION, ANIMAL_FILE, ARTIFACT_MATERIALS, BROAD_CATEGORIES,
                                           COMPOUND_RANK, COMPOUND_SENSES, FOODS, IRREGULAR_PLURALS,
                                           IRREGULAR_SINGULARS, KINDS_APART, MEALS, PERSON_FILE, PLACE_KINDS,
                                           PLURAL_LEMMAS, SCENES, YOUNG, YOUNG_GLOSS)


# ---- the tables --------------------------------------------------------------------------

#: A noun synset's name: lemma, part of speech, sense number.
SYNSET = re.compile(r"[a-z_]+\.n\.\d\d")


def test_irregular_singulars_are_the_plurals_read_back():
    assert {plural: singular for singular, plural in IRREGULAR_PLURALS.items()} == IRREGULAR_SINGULARS
    assert len(IRREGULAR_SINGULARS) == len(IRREGULAR_PLURALS)  # no two singulars share a plural
    assert IRREGULAR_SINGULARS["men"] == "man" and IRREGULAR_SINGULARS["geese"] == "goose"
    assert "dogs" not in IRREGULAR_SINGULARS  # regular plurals are WordNet's to read


def test_people_is_the_plural_that_is_also_a_lemma_of_its_own():
    assert PLURAL_LEMMAS == {"people": "person"}


def test_every_kind_is_a_noun_synset_name():
    tables = (BROAD_CATEGORIES, KINDS_APART, SCENES, FOODS, MEALS, PLACE_KINDS, ARTIFACT_MATERIALS,
              set(COMPOUND_SENSES.values()), {ABSTRACTION, YOUNG})
    assert all(SYNSET.fullmatch(name) for table in tables for name in table)


def test_natural_formations_and_bodies_of_water_are_both_kinds_apart_and_scenes():
    assert {"geological_formation.n.01", "body_of_water.n.01"} <= KINDS_APART & SCENES
    assert "produce.n.01" in BROAD_CATEGORIES and "beverage.n.01" in BROAD_CATEGORIES


def test_foods_are_two_roots_and_a_meal_is_no_food_of_its_own():
    assert FOODS == {"food.n.01", "food.n.02"} and MEALS == {"meal.n.01"}
    assert (ANIMAL_FILE, PERSON_FILE) == ("noun.animal", "noun.person")


def test_a_compound_drink_is_its_word_with_a_modifier_read_as_its_second_sense():
    for word, synset in COMPOUND_SENSES.items():
        assert synset.split(".")[0].endswith("_" + word), word  # drinking_water, fruit_juice
    assert COMPOUND_RANK == 1  # 0 is the most frequent sense


@pytest.mark.parametrize("gloss, species", [
    ("a young horse", "horse"), ("young domestic cat", "cat"), ("a young male deer", "deer"),
    ("the young of certain carnivorous mammals such as the bear", None),  # no one species: a cub
])
def test_the_gloss_of_a_young_animal_names_its_species(gloss, species):
    match = YOUNG_GLOSS.match(gloss)
    assert (match.group(1) if match else None) == species


# ---- what they change in WordNet's relations ------------------------------------------------

@pytest.mark.parametrize("word1, word2, expected", [
    ("people", "person", "synonym"), ("men", "people", "hypernym"),
    ("people", "teenagers", "hyponym"), ("people", "tourists", "hyponym"),
])
def test_people_is_also_the_plural_of_person(wn, word1, word2, expected):
    assert wn.relation(word1, word2, "NNS") == expected


@pytest.mark.parametrize("word, expected", [
    ("wood", {"wood.n.01"}), ("wooden", {"wood.n.01"}), ("golden", {"gold.n.03"}), ("plastic", {"plastic.n.01"}),
    ("denim", {"denim.n.02"}), ("silk", {"silk.n.01", "silk.n.02"}),  # fabrics (artifacts) and substances
    ("brick", {"brick.n.01"}),  # a building material (an artifact)
    ("dog", set()), ("green", set()), ("garden", set()),  # "garden" is no "gard" + -en
])
def test_materials(wn, word, expected):
    assert wn.materials(word) == expected


@pytest.mark.parametrize("word1, word2, expected", [
    ("coffee", "beer", True), ("wine", "beer", True),   # drinks: beer is 3 links below beverage
    ("wood", "stone", True),                            # materials
    ("kitchen", "garage", True), ("kitchen", "attic", True),  # structures: a room, a building, a floor
    ("house", "building", False),                       # a house is a building
    ("coffee", "drink", False),                         # a hypernym is not a co-hyponym
])
def test_close_cohyponyms_in_broad_categories(wn, word1, word2, expected):
    assert (wn.close_relation(word1, word2, "n") == "cohyponym") is expected


@pytest.mark.parametrize("word1, word2, expected", [
    ("water", "coffee", "cohyponym"), ("juice", "tea", "cohyponym"), ("water", "juice", "cohyponym"),
    ("juices", "wine", "cohyponym"),
    ("water", "beverage", "hypernym"), ("juice", "drink", "hypernym"),   # drinking water and fruit juice are beverages
    ("water", "lake", "hyponym"), ("water", "liquid", "hypernym"),      # its own senses are still read
])
def test_drinks_named_only_by_a_compound(wn, word1, word2, expected):
    assert wn.close_relation(word1, word2, "n") == expected


@pytest.mark.parametrize("word, compound", [("water", "drinking_water.n.01"), ("juice", "fruit_juice.n.01")])
def test_a_compound_drink_is_read_as_the_second_sense(wn, word, compound):
    assert wn._ranks(word, "n")[wn._data.address(compound)[1]] == 1
    assert compound in wn.synsets(word, "n") and compound not in wn.synsets("coffee", "n")


@pytest.mark.parametrize("word1, word2, expected", [
    ("dog", "horse", True), ("cat", "duck", True),        # vertebrates: meet at placental / vertebrate, 3-5 links up
    ("guitar", "saxophone", True),                        # saxophone is 5 links below musical instrument
    ("baseball", "tennis", True), ("truck", "train", True),
    ("white", "beige", True), ("black", "navy", True),    # colours: meet only at color, 2 and 3 links up
    ("dog", "animal", False), ("horse", "pony", False),   # a kind of the other is not a co-hyponym
    ("red", "maroon", False),                             # maroon is a shade of red
    ("doctor", "teacher", False),                         # people are not kinds kept apart
    ("beach", "cliff", True), ("ocean", "river", True),   # natural formations, bodies of water
])
def test_close_cohyponyms_among_kinds_kept_apart(wn, word1, word2, expected):
    assert (wn.close_relation(word1, word2, "n") == "cohyponym") is expected
    assert (wn.close_relation(word2, word1, "n") == "cohyponym") is expected


@pytest.mark.parametrize("word1, word2, expected", [
    ("kitten", "cat", "hypernym"), ("kittens", "cats", "hypernym"), ("foal", "horse", "hypernym"),
    ("cat", "kitten", "hyponym"), ("kitten", "animal", "hypernym"),
    ("kitten", "dog", "cohyponym"),   # a kitten is a cat, so no dog
    ("cub", "bear", None),            # "the young of certain carnivorous mammals such as the bear ...": no one species
])
def test_a_young_animal_is_a_kind_of_its_species_named_in_the_gloss(wn, word1, word2, expected):
    assert wn.close_relation(word1, word2, "NN") == expected


@pytest.mark.parametrize("word1, word2, expected", [
    ("beach", "park", "cohyponym"), ("forest", "lake", "cohyponym"), ("desert", "ocean", "cohyponym"),
    ("mountain", "city", "cohyponym"),            # a formation, a body of water, a biome, vegetation, an area
    ("park", "city", "holonym"),                  # a part of the other is no other scene
    ("beach", "dog", None),                       # only two scenes conflict as scenes
])
def test_words_of_different_kinds_of_scene_are_cohyponyms(wn, word1, word2, expected):
    assert wn.close_relation(word1, word2, "NN") == expected


@pytest.mark.parametrize("word1, word2, expected", [
    ("apple", "carrot", "cohyponym"), ("potato", "apple", "cohyponym"),   # meet at produce, 2 and 3 links up
    ("carrot", "vegetable", "hypernym"), ("apple", "pie", None),
])
def test_fruit_and_vegetables_are_cohyponyms(wn, word1, word2, expected):
    assert wn.close_relation(word1, word2, "NN") == expected


def test_abstractions_pass_on_no_parts(wn):
    # evening is a kind of daytime, and a morning is part of daytime: not part of an evening
    assert wn.relation("morning", "evening", "n") != "holonym"
    assert wn.relation("morning", "afternoon", "n") != "holonym"
    # objects still inherit their kinds' parts: a house is a building, which has rooms
    assert wn.relation("room", "house", "n") == "holonym"
    assert wn.relation("wheel", "car", "n") == "holonym"


@pytest.mark.parametrize("lemma, food", [
    ("champagne", True), ("sandwich", True), ("cheese", True), ("apple", True),
    ("dinner", False), ("meal", False), ("snack", False),   # meals name no one food
    ("fish", False), ("water", False),                       # first an animal, a compound
    ("bench", False), ("quickly", False),                    # no food; no noun at all
])
def test_is_food_reads_the_most_frequent_noun_sense(wn, lemma, food):
    assert wn.is_food(lemma) is food
