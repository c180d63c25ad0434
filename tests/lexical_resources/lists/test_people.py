"""lexical_resources.lists.people: ages, genders, occupations, kinds of person, people and animals.

Expected values are read off the module's docstrings and lists; WordNet's noun files are given as a
dict's ``get`` (as the doctests do), so no WordNet data is needed."""
import pytest

from lexical_resources.lists.people import (ADULTS, CHILDREN, FEMALES, MALES, OCCUPATIONS, PERSONS, age_relation,
                                            being_relation, gender_relation, occupation_relation, person_relation)


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("boy", "man", "age_different"), ("woman", "girl", "age_different"), ("kid", "lady", "age_different"),
    ("men", "children", "age_different"),   # WordNet's lemma of men is men: read as man
    ("boy", "girl", None), ("man", "guy", None),   # one age group
    ("boy", "son", None),   # a relational word says a gender, not an age
    ("man", "dog", None),
])
def test_a_child_and_an_adult_differ_in_age(premise, hypothesis, relation):
    assert age_relation(premise, hypothesis) == relation


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("man", "woman", "gender_different"), ("lady", "gentleman", "gender_different"),
    ("mother", "father", "gender_different"), ("husband", "wife", "gender_different"),
    ("men", "women", "gender_different"), ("female", "male", "gender_different"),
    ("man", "boy", None), ("girl", "mother", None),   # one gender
    ("waiter", "man", None), ("actor", "woman", None),   # words used of either gender are in neither list
])
def test_a_woman_and_a_man_differ_in_gender(premise, hypothesis, relation):
    assert gender_relation(premise, hypothesis) == relation


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("farmer", "chef", "occupation_different"), ("teacher", "doctor", "occupation_different"),
    ("fireman", "firefighter", "occupation_different"),   # WordNet's synonym comes first (relations)
    ("doctor", "doctor", None),
    ("worker", "doctor", None), ("player", "driver", None),   # broad, or what someone happens to do
])
def test_two_occupations_differ(premise, hypothesis, relation):
    assert occupation_relation(premise, hypothesis) == relation


FILES = {"farmer": "noun.person", "tourist": "noun.person", "friend": "noun.person", "son": "noun.person",
         "dog": "noun.animal", "bear": "noun.animal", "cat": "noun.animal", "bench": "noun.artifact"}.get


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("man", "farmer", "person_specific"), ("people", "tourist", "person_specific"),
    ("women", "friend", "person_specific"), ("boy", "son", "person_specific"),
    ("farmer", "man", None),   # one way only
    ("man", "guy", None), ("man", "boy", None),   # a plain word for people is no kind of person
    ("man", "dog", None), ("man", "xyzzy", None),
])
def test_people_called_a_kind_of_person(premise, hypothesis, relation):
    assert person_relation(premise, hypothesis, FILES) == relation


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("man", "bear", "being_different"), ("dog", "farmer", "being_different"),   # a person by the list or by the file
    ("women", "cat", "being_different"),
    ("dog", "cat", None), ("farmer", "man", None),   # two animals, two people
    ("man", "bench", None),
])
def test_a_person_and_an_animal_differ(premise, hypothesis, relation):
    assert being_relation(premise, hypothesis, FILES) == relation


def test_the_lists_keep_apart_what_they_say():
    assert not CHILDREN & ADULTS and not FEMALES & MALES
    assert CHILDREN | ADULTS <= PERSONS
    # relational words say a gender, not an age; words now used of either gender are in neither list
    assert {"son", "mother"} <= FEMALES | MALES and not {"son", "mother"} & (CHILDREN | ADULTS)
    assert not {"actor", "waiter"} & (FEMALES | MALES)
    assert not {"player", "driver", "vendor", "performer", "worker", "officer", "artist"} & OCCUPATIONS
