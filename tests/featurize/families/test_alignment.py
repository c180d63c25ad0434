"""The alignment family's specification, on hand-written tagged pairs.

The unit tests use the stand-in WordNet of :mod:`tests.helpers.tiny_wordnet`, whose relations are
written out, so they run without NLTK data; the last tests align pairs with the real WordNet
(skipped when it is not installed). How two words relate is tested in
``tests/lexical_resources/test_relations.py``.
"""
import dataclasses
from collections import Counter

import pytest

from featurize.families.alignment import _FEATURES, _ROWS, Link, _Word, align, alignment_features, describe
from lexical_resources.relations import WordRelations
from lexnli.dependencies import from_parse
from lexnli.records import Sentence

from tests.helpers.tiny_wordnet import TinyWordNet, sentence

RELATIONS = WordRelations(TinyWordNet())


def features(premise: str, hypothesis: str) -> Counter:
    return alignment_features(sentence(premise), sentence(hypothesis), RELATIONS)


GIRL_BLUE = "a/DT girl/NN in/IN a/DT blue/JJ dress/NN sings/VBZ ./."


def test_cohyponym_swap_in_a_copied_sentence_is_a_lone_conflict():
    found = features(GIRL_BLUE, GIRL_BLUE.replace("blue", "green"))
    assert found["alignment:swap:cohyponym"] == 1
    assert found["alignment:verdict:conflict_only"] == 1
    assert found["alignment:copy:conflict_only"] == 1
    assert "alignment:verdict:entailed" not in found


def test_a_near_copy_with_one_swap_names_what_the_swap_does():
    def copy_swaps(found):
        return sorted(name for name in found if name.startswith("alignment:copy_swap:"))
    assert copy_swaps(features(GIRL_BLUE, GIRL_BLUE.replace("blue", "green"))) == ["alignment:copy_swap:conflict"]
    dog = "a/DT dog/NN in/IN a/DT blue/JJ coat/NN sleeps/VBZ ./."
    assert copy_swaps(features(dog, dog.replace("dog/NN", "animal/NN"))) == ["alignment:copy_swap:general"]
    assert copy_swaps(features(dog.replace("dog/NN", "animal/NN"), dog)) == ["alignment:copy_swap:specific"]
    assert copy_swaps(features(dog, dog.replace("sleeps", "dances"))) == ["alignment:copy_swap:unrelated"]
    # two swaps, or no near copy: no such feature
    long = "a/DT girl/NN in/IN a/DT blue/JJ dress/NN sings/VBZ on/IN the/DT big/JJ stage/NN ./."
    two = features(long, long.replace("blue", "green").replace("girl", "robot"))
    assert two["alignment:copy:conflict"] == 1 and copy_swaps(two) == []
    assert copy_swaps(features(GIRL_BLUE, "a/DT green/JJ dress/NN ./.")) == []


def test_identical_sentences_are_entailed_with_no_substitution():
    found = features(GIRL_BLUE, GIRL_BLUE)
    assert found["alignment:verdict:entailed"] == 1 and found["alignment:copy:entailed"] == 1
    assert not [name for name in found if name.startswith(("alignment:subst", "alignment:swap"))]


def test_swap_with_no_known_relation_is_unrelated():
    found = features(GIRL_BLUE, GIRL_BLUE.replace("blue", "red"))
    assert {name: found[name] for name in ("alignment:swap:unrelated", "alignment:subst:unrelated",
                                           "alignment:word:unrelated", "alignment:pair:blue|red")} == \
        dict.fromkeys(("alignment:swap:unrelated", "alignment:subst:unrelated", "alignment:word:unrelated",
                       "alignment:pair:blue|red"), 1)
    assert "alignment:word:new" not in found  # a swapped word is not new information


def test_antonym_swap():
    found = features("a/DT tall/JJ man/NN stands/VBZ ./.", "a/DT short/JJ man/NN stands/VBZ ./.")
    assert found["alignment:swap:antonym"] == 1 and found["alignment:verdict:conflict_only"] == 1


@pytest.mark.parametrize("premise_number, hypothesis_number, relation", [
    ("two", "three", "number_different"), ("2", "two", "number_same"), ("two", "3", "number_different")])
def test_number_swaps_in_digits_and_words(premise_number, hypothesis_number, relation):
    found = features(f"{premise_number}/CD dogs/NNS run/VBP ./.", f"{hypothesis_number}/CD dogs/NNS run/VBP ./.")
    assert found[f"alignment:swap:{relation}"] == 1
    expected = "conflict_only" if relation == "number_different" else "entailed"
    assert found[f"alignment:verdict:{expected}"] == 1


@pytest.mark.parametrize("premise_person, hypothesis_person", [
    ("boy/NN", "man/NN"), ("man/NN", "boy/NN"), ("girl/NN", "woman/NN"), ("kid/NN", "lady/NN")])
def test_a_child_swapped_for_an_adult_conflicts(premise_person, hypothesis_person):
    # TinyWordNet relates none of these: the age groups are lexnli's own
    found = features(f"a/DT {premise_person} runs/VBZ ./.", f"a/DT {hypothesis_person} runs/VBZ ./.")
    assert found["alignment:swap:age_different"] == 1 and found["alignment:verdict:conflict_only"] == 1


def test_people_of_one_age_do_not_conflict_by_age():
    found = features("two/CD men/NNS run/VBP ./.", "two/CD guys/NNS run/VBP ./.")
    assert not [name for name in found if "age_different" in name]
    found = features("a/DT boy/NN runs/VBZ ./.", "a/DT child/NN runs/VBZ ./.")
    assert not [name for name in found if "age_different" in name]


@pytest.mark.parametrize("premise_person, hypothesis_person", [
    ("doctor/NN", "teacher/NN"), ("farmer/NN", "chef/NN"), ("waiter/NN", "pilot/NN")])
def test_an_occupation_swapped_for_another_conflicts(premise_person, hypothesis_person):
    # TinyWordNet relates none of these: the occupations are lexnli's own
    found = features(f"a/DT {premise_person} examines/VBZ a/DT patient/NN ./.",
                     f"a/DT {hypothesis_person} examines/VBZ a/DT patient/NN ./.")
    assert found["alignment:swap:occupation_different"] == 1 and found["alignment:verdict:conflict_only"] == 1


@pytest.mark.parametrize("premise_being, hypothesis_being, relation", [
    ("man/NN", "dog/NN", "being_different"), ("dog/NN", "farmer/NN", "being_different"),   # a person's word or file
    ("man/NN", "farmer/NN", "person_specific"),   # two people: no conflict
    ("dog/NN", "cat/NN", "cohyponym"),            # two animals: what WordNet says
])
def test_a_person_swapped_for_an_animal_conflicts(premise_being, hypothesis_being, relation):
    found = features(f"a/DT {premise_being} sits/VBZ on/IN a/DT bench/NN ./.",
                     f"a/DT {hypothesis_being} sits/VBZ on/IN a/DT bench/NN ./.")
    assert found[f"alignment:swap:{relation}"] == 1


@pytest.mark.parametrize("premise_food, hypothesis_food, relation", [
    ("sandwich/NN", "cheese/NN", "cohyponym"), ("cheese/NN", "soup/NN", "cohyponym"),   # two foods
    ("sandwich/NN", "bench/NN", None),                                                   # a food and a thing
])
def test_a_food_swapped_for_another_conflicts(premise_food, hypothesis_food, relation):
    # TinyWordNet relates no two of these: they are foods only by is_food
    found = features(f"a/DT woman/NN eats/VBZ a/DT {premise_food} ./.",
                     f"a/DT woman/NN eats/VBZ a/DT {hypothesis_food} ./.")
    assert found[f"alignment:swap:{relation or 'unrelated'}"] == 1
    assert found["alignment:verdict:conflict_only"] == (relation is not None)


def test_two_words_for_opposite_settings_are_antonyms_however_tagged():
    for premise, hypothesis in (("indoors/NNS", "outdoors/NNS"), ("outside/NN", "indoors/JJ"),
                                ("inside/JJ", "outdoors/RB")):
        found = features(f"a/DT boy/NN sits/VBZ {premise} ./.", f"a/DT boy/NN sits/VBZ {hypothesis} ./.")
        assert found["alignment:swap:antonym"] == 1, (premise, hypothesis)
        assert found["alignment:verdict:conflict_only"] == 1, (premise, hypothesis)
    found = features("a/DT boy/NN sits/VBZ outside/RB ./.", "a/DT boy/NN sits/VBZ outdoors/RB ./.")
    assert found["alignment:verdict:conflict_only"] == 0   # one setting: no conflict


def test_a_particle_swapped_for_its_opposite_conflicts_when_one_is_tagged_an_adjective():
    for premise_tag, hypothesis_tag in (("JJ", "IN"), ("IN", "JJ"), ("JJ", "RP")):
        found = features(f"a/DT woman/NN sits/VBZ outside/{premise_tag} weaving/VBG ./.",
                         f"a/DT woman/NN sits/VBZ inside/{hypothesis_tag} weaving/VBG ./.")
        assert found["alignment:swap:antonym"] == 1 and found["alignment:verdict:conflict_only"] == 1


def test_hyphenated_modifiers_swapped_compare_as_their_first_parts():
    found = features("a/DT tall-masted/JJ boat/NN ./.", "a/DT short-masted/JJ boat/NN ./.")
    assert found["alignment:swap:antonym"] == 1 and found["alignment:verdict:conflict_only"] == 1
    assert RELATIONS.relation("tall-masted", "JJ", "tall-sailed", "JJ") is None   # second parts differ


class TinyWordNetWithRooms(TinyWordNet):
    """TinyWordNet naming one two-word noun, a co-hyponym of *bedroom*."""

    COHYPONYMS = TinyWordNet.COHYPONYMS | {frozenset(("living_room", "bedroom"))}

    def compound(self, modifier, head_lemma):
        return "living_room" if (modifier, head_lemma) == ("living", "room") else None


def test_a_two_word_noun_swapped_for_one_word_is_one_swap():
    relations = WordRelations(TinyWordNetWithRooms())
    playing = "children/NNS play/VBP a/DT game/NN on/IN the/DT floor/NN of/IN the/DT "   # a near copy either way
    found = alignment_features(sentence(playing + "living/VBG room/NN ./."), sentence(playing + "bedroom/NN ./."),
                               relations)
    assert found["alignment:swap:cohyponym"] == 1 and found["alignment:copy_swap:conflict"] == 1
    found = alignment_features(sentence(playing + "bedroom/NN ./."), sentence(playing + "living/VBG room/NN ./."),
                               relations)
    assert found["alignment:swap:cohyponym"] == 1 and found["alignment:copy_swap:conflict"] == 1


def test_a_person_and_an_occupation_do_not_conflict_by_occupation():
    found = features("a/DT man/NN examines/VBZ a/DT patient/NN ./.", "a/DT doctor/NN examines/VBZ a/DT patient/NN ./.")
    assert not [name for name in found if "occupation_different" in name]


@pytest.mark.parametrize("premise_person, hypothesis_person", [
    ("man/NN", "husband/NN"), ("boy/NN", "son/NN"), ("woman/NN", "friend/NN"), ("man/NN", "farmer/NN")])
def test_people_called_a_kind_of_person_is_new_information(premise_person, hypothesis_person):
    found = features(f"a/DT {premise_person} runs/VBZ ./.", f"a/DT {hypothesis_person} runs/VBZ ./.")
    assert found["alignment:swap:person_specific"] == 1 and found["alignment:verdict:new=1"] == 1
    back = features(f"a/DT {hypothesis_person} runs/VBZ ./.", f"a/DT {premise_person} runs/VBZ ./.")
    # the relation goes one way: a farmer called a man is not read as more specific, nor as more general
    assert not [name for name in back if "person_" in name and not name.startswith("alignment:pair:")]


def test_people_called_an_animal_or_a_plain_word_for_people_is_no_kind_of_person():
    for hypothesis in ("dog/NN", "person/NN", "guy/NN"):
        found = features("a/DT man/NN runs/VBZ ./.", f"a/DT {hypothesis} runs/VBZ ./.")
        assert not [name for name in found if "person_specific" in name]


WEATHER_DAY, AT_TIME = "a/DT dog/NN runs/VBZ on/IN a/DT {} day/NN ./.", "a/DT dog/NN runs/VBZ at/IN {}/NN ./."


@pytest.mark.parametrize("frame, premise_word, hypothesis_word, relation, conflict", [
    (WEATHER_DAY, "sunny/JJ", "rainy/JJ", "weather_different", True),
    (WEATHER_DAY, "snowy/JJ", "sunny/NN", "weather_different", True),
    (WEATHER_DAY, "rainy/JJ", "snowy/JJ", "weather_different", True),
    (WEATHER_DAY, "rainy/JJ", "cloudy/JJ", "weather_different", False),
    (WEATHER_DAY, "snowy/JJ", "stormy/JJ", "weather_different", False),
    (AT_TIME, "night", "noon", "time_different", True), (AT_TIME, "sunrise", "sunset", "time_different", True),
    (AT_TIME, "morning", "night", "time_different", True), (AT_TIME, "dawn", "afternoon", "time_different", True),
    (AT_TIME, "evening", "night", "time_different", False),     # times of day whose spans overlap
    (AT_TIME, "midnight", "night", "time_different", False), (AT_TIME, "sunset", "dusk", "time_different", False),
])
def test_kinds_of_weather_or_times_of_day_that_exclude_each_other_conflict(frame, premise_word, hypothesis_word,
                                                                            relation, conflict):
    found = features(frame.format(premise_word), frame.format(hypothesis_word))
    assert (found[f"alignment:swap:{relation}"] == 1) is conflict
    assert (found["alignment:verdict:conflict_only"] == 1) is conflict


def test_an_adjective_of_the_same_noun_found_elsewhere_takes_the_premise_adjectives_place():
    found = features("a/DT tall/JJ man/NN runs/VBZ ./.", "the/DT man/NN is/VBZ short/JJ ./.")
    assert found["alignment:attribute:conflict"] == 1 and found["alignment:subst:antonym"] == 1
    assert found["alignment:verdict:conflict_only"] == 1
    before = features("a/DT tall/JJ man/NN runs/VBZ ./.", "a/DT short/JJ ,/, thin/JJ man/NN runs/VBZ ./.")
    assert before["alignment:subst:antonym"] == 1   # a swap in place, as before


@pytest.mark.parametrize("premise, hypothesis", [
    # the adjectives describe different nouns: the dog is short, the man tall
    ("a/DT tall/JJ man/NN walks/VBZ a/DT dog/NN ./.", "the/DT dog/NN is/VBZ short/JJ ./."),
    # an added garment of another colour: the dress stays blue, the shoes are green
    ("a/DT woman/NN in/IN a/DT blue/JJ dress/NN sings/VBZ ./.",
     "a/DT woman/NN in/IN a/DT blue/JJ dress/NN and/CC green/JJ shoes/NNS sings/VBZ ./.")])
def test_an_adjective_of_another_noun_is_no_attribute_swap(premise, hypothesis):
    found = features(premise, hypothesis)
    assert not [name for name in found if name.startswith("alignment:attribute:")]


@pytest.mark.parametrize("place, setting, relation", [
    ("street/NN", "outside/RB", "setting_general"), ("kitchen/NN", "indoors/RB", "setting_general"),
    ("kitchen/NN", "outside/RB", "setting_different"), ("beach/NN", "indoors/RB", "setting_different")])
def test_a_place_says_whether_a_scene_is_outdoors_or_indoors(place, setting, relation):
    found = features(f"a/DT man/NN sits/VBZ in/IN a/DT {place} ./.", f"a/DT man/NN sits/VBZ {setting} ./.")
    assert found[f"alignment:word:{relation}"] == 1
    expected = "entailed" if relation == "setting_general" else "conflict_only"
    assert found[f"alignment:verdict:{expected}"] == 1


def test_outdoors_is_new_where_the_premise_names_no_place():
    found = features("a/DT man/NN sits/VBZ ./.", "a/DT man/NN sits/VBZ outside/RB ./.")
    assert found["alignment:word:new"] == 1 and found["alignment:verdict:new=1"] == 1
    found = features("a/DT man/NN sits/VBZ in/IN a/DT store/NN ./.", "a/DT man/NN sits/VBZ outside/RB ./.")
    assert not [name for name in found if "setting_" in name]   # a store may be stood in front of


def test_material_swap_is_a_conflict_and_the_same_material_is_equal():
    bench = "a/DT man/NN sits/VBZ on/IN a/DT wooden/JJ bench/NN ./."
    found = features(bench, bench.replace("wooden/JJ", "metal/NN"))
    assert found["alignment:swap:cohyponym"] == 1 and found["alignment:verdict:conflict_only"] == 1
    same = features(bench, bench.replace("wooden/JJ", "wood/NN"))
    assert same["alignment:swap:synonym"] == 1 and same["alignment:verdict:entailed"] == 1


def test_a_word_derived_from_a_premise_word_of_another_class_is_equal():
    found = features("a/DT dog/NN runs/VBZ on/IN a/DT grassy/JJ field/NN ./.",
                     "a/DT dog/NN runs/VBZ on/IN the/DT grass/NN ./.")
    assert found["alignment:word:derivation"] == 1 and found["alignment:verdict:entailed"] == 1
    # the same two words tagged alike are not compared by derivation (guitar / guitarist)
    assert RELATIONS.relation("grassy", "NN", "grass", "NN") is None


def test_ordinal_swap():
    found = features("the/DT first/JJ runner/NN wins/VBZ", "the/DT second/JJ runner/NN wins/VBZ")
    assert found["alignment:swap:ordinal_different"] == 1


def test_article_reads_as_one_against_a_number():
    found = features("a/DT dog/NN runs/VBZ", "two/CD dogs/NNS run/VBP")
    assert found["alignment:subst:number_different"] == 1


def test_a_number_swap_that_changes_the_agreement_is_one_swap():
    """*a dog runs* / *two dogs run*: the words around the number are the same lemmas, so the
    number is swapped alone and the rest is in place, as in *two dogs* / *three dogs*."""
    premise = "a/DT dog/NN runs/VBZ on/IN the/DT beach/NN ./."
    links, _ = align(sentence(premise), sentence("two/CD dogs/NNS run/VBP on/IN the/DT beach/NN ./."), RELATIONS)
    assert links == [Link(0, 0, "number_different", "swap"), Link(1, 1, "lemma", "in_place"),
                     Link(2, 2, "lemma", "in_place"), Link(5, 5, "exact", "in_place")]
    found = features(premise, "two/CD dogs/NNS run/VBP on/IN the/DT beach/NN ./.")
    assert found["alignment:swap:number_different"] == 1 and found["alignment:verdict:conflict_only"] == 1
    assert found["alignment:copy_swap:conflict"] == 1
    # two words changed besides the agreement: a block of substitutions, as before
    two_changes = align(sentence(premise), sentence("two/CD cats/NNS run/VBP on/IN the/DT beach/NN ./."), RELATIONS)[0]
    assert two_changes[0] == Link(0, 0, "number_different", "substitution")
    assert "swap" not in [link.kind for link in two_changes] and two_changes[1].kind != "in_place"


def test_mentions_adding_up_to_a_number_are_its_total():
    """*A man and a man* / *Two men*, *a man and a dog* / *two animals*: not the number one but two
    mentions of what the number counts (or of something more specific), adding up to it."""
    premise = "a/DT man/NN and/CC a/DT man/NN sing/VBP"
    links, _ = align(sentence(premise), sentence("two/CD men/NNS sing/VBP"), RELATIONS)
    assert links[0] == Link(0, 1, "number_total", "substitution")
    found = features(premise, "two/CD men/NNS sing/VBP")
    assert found["alignment:subst:number_total"] == 1 and found["alignment:subst:number_different"] == 0
    assert found["alignment:verdict:entailed"] == 1
    # counted by the more general noun
    assert features(premise, "two/CD persons/NNS sing/VBP")["alignment:subst:number_total"] == 1
    # a total the mentions do not reach, or a mention not counted by that noun, is a different number
    for hypothesis in ("three/CD men/NNS sing/VBP", "two/CD dogs/NNS sing/VBP"):
        found = features(premise, hypothesis)
        assert found["alignment:subst:number_total"] == 0 and found["alignment:subst:number_different"] == 1
    # a plural without a number counts an unknown number of things: no total
    unknown = features("men/NNS and/CC a/DT man/NN sing/VBP", "two/CD men/NNS sing/VBP")
    assert unknown["alignment:subst:number_total"] == 0
    # so too with the features' coarse tags (NNS read NN): the plural is read from the tree's tags
    plural = coarse(sentence("men/NNS and/CC a/DT man/NN sing/VBP"))
    links, _ = align(plural, coarse(sentence("two/CD men/NNS sing/VBP")), RELATIONS)
    assert "number_total" not in [link.relation for link in links]


def test_numbers_adding_up_read_back_to_their_total():
    """*8 dogs and 4 dogs* / *12 dogs*: read back, each premise number is part of the total, not a conflict."""
    premise, hypothesis = "8/CD dogs/NNS and/CC 4/CD dogs/NNS run/VBP", "12/CD dogs/NNS run/VBP"
    assert align(sentence(premise), sentence(hypothesis), RELATIONS)[0][0] == Link(0, 1, "number_total", "substitution")
    found = features(premise, hypothesis)
    assert found["alignment:reverse:entailed"] == 1 and found["alignment:reverse:conflict"] == 0
    lines = describe(sentence(premise), sentence(hypothesis), RELATIONS)
    assert "read back: 8 -> 12: number_total (numbers), substitution" in lines
    assert features(premise, "13/CD dogs/NNS run/VBP")["alignment:reverse:conflict_only"] == 1


def test_compounds_led_by_numbers_compare_as_the_numbers():
    found = features("a/DT 5-year-old/JJ girl/NN sings/VBZ", "a/DT 7-year-old/JJ girl/NN sings/VBZ")
    assert found["alignment:swap:number_different"] == 1 and found["alignment:verdict:conflict_only"] == 1


def test_hypernym_swap_keeps_entailment_and_hyponym_adds_information():
    up = features("a/DT dog/NN runs/VBZ ./.", "an/DT animal/NN runs/VBZ ./.")
    assert up["alignment:swap:hypernym"] == 1 and up["alignment:verdict:entailed"] == 1
    down = features("an/DT animal/NN runs/VBZ ./.", "a/DT dog/NN runs/VBZ ./.")
    assert down["alignment:swap:hyponym"] == 1 and down["alignment:verdict:new=1"] == 1


def test_subject_object_swap_is_a_role_swap_not_a_substitution():
    found = features("a/DT dog/NN bit/VBD a/DT man/NN ./.", "a/DT man/NN bit/VBD a/DT dog/NN ./.")
    assert found["alignment:role_swap"] == 1
    # every word is in the premise, only the roles changed: the verdict is given only conjoined with the swap
    assert found["alignment:role_swap:entailed"] == 1
    assert not [name for name in found if name.startswith(("alignment:verdict:", "alignment:copy:"))]
    same = features("a/DT dog/NN bit/VBD a/DT man/NN ./.", "a/DT dog/NN bit/VBD a/DT man/NN ./.")
    assert not [name for name in same if name.startswith("alignment:role_swap")]
    # only the premise's subject became the object (a new subject took its place): no swap of roles
    half = features("a/DT dog/NN bit/VBD a/DT man/NN ./.", "a/DT cat/NN bit/VBD a/DT dog/NN ./.")
    assert not [name for name in half if name.startswith("alignment:role_swap")]
    # read the other way round the words are all there too, which says as little: no reverse verdict
    assert not [name for name in found if name.startswith("alignment:reverse:")]


def reverse_verdict(premise: str, hypothesis: str) -> list[str]:
    return [name for name in features(premise, hypothesis) if name.startswith("alignment:reverse:")]


@pytest.mark.parametrize("premise, hypothesis, forward, reverse", [
    # a paraphrase says all the premise says, both ways
    ("a/DT man/NN sleeps/VBZ ./.", "a/DT man/NN sleeps/VBZ ./.", "entailed", "entailed"),
    # a more general word: entailed, but the premise's dog is more specific than the animal
    ("a/DT dog/NN runs/VBZ ./.", "an/DT animal/NN runs/VBZ ./.", "entailed", "new=1"),
    # a more specific word: new information, while everything the premise says is said
    ("an/DT animal/NN runs/VBZ ./.", "a/DT dog/NN runs/VBZ ./.", "new=1", "entailed"),
    # the hypothesis leaves out a premise word: reading it back, the premise's sofa is new
    ("a/DT man/NN sleeps/VBZ on/IN a/DT sofa/NN ./.", "a/DT man/NN sleeps/VBZ ./.", "entailed", "new=1"),
    # a conflict is one both ways
    ("a/DT tall/JJ man/NN sleeps/VBZ ./.", "a/DT short/JJ man/NN sleeps/VBZ ./.", "conflict_only", "conflict_only"),
    # two dogs -> a dog: read back, the number is left unsaid (new), not contradicted by "a"
    ("two/CD dogs/NNS run/VBP ./.", "a/DT dog/NN runs/VBZ ./.", "entailed", "new=1"),
    # a dog -> two dogs: a conflict read forward (the premise's "a" is one); read back, every word is said
    ("a/DT dog/NN runs/VBZ ./.", "two/CD dogs/NNS run/VBP ./.", "conflict_only", "entailed"),
], ids=["paraphrase", "more general", "more specific", "shorter", "antonym", "fewer", "more"])
def test_the_pair_read_the_other_way_round(premise, hypothesis, forward, reverse):
    assert features(premise, hypothesis)[f"alignment:verdict:{forward}"] == 1
    assert reverse_verdict(premise, hypothesis) == [f"alignment:reverse:{reverse}"]


def test_unaligned_content_word_is_new_information():
    found = features("a/DT man/NN sleeps/VBZ ./.", "a/DT man/NN sleeps/VBZ on/IN a/DT sofa/NN ./.")
    assert found["alignment:word:new"] == 1 and found["alignment:word:new:n"] == 1
    assert found["alignment:pair:|sofa"] == 1  # a word with no premise counterpart pairs with nothing
    assert found["alignment:verdict:new=1"] == 1


def test_substituted_words_are_paired_as_lemmas():
    # "runs" -> "sleeps" and "run" -> "sleeps" share one feature: what is learnt of one form holds for the other
    found = features("a/DT dog/NN runs/VBZ ./.", "a/DT dog/NN sleeps/VBZ ./.")
    assert found["alignment:pair:run|sleeps"] == 1
    assert "alignment:pair:runs|sleeps" not in found
    plural = features("two/CD men/NNS sing/VBP ./.", "two/CD dogs/NNS sing/VBP ./.")
    assert plural["alignment:pair:man|dog"] == 1


def test_a_swap_of_opposite_particles_conflicts():
    # "on" / "off", "up" / "down" are not content words, but swapping one for its opposite contradicts
    RELATIONS_WITH_PARTICLES = WordRelations(type("Particles", (TinyWordNet,), {"RELATIONS": {
        ("on", "off"): "antonym", ("off", "on"): "antonym", ("in", "on"): None}})())
    def particle_features(premise, hypothesis):
        return alignment_features(sentence(premise), sentence(hypothesis), RELATIONS_WITH_PARTICLES)
    found = particle_features("a/DT lamp/NN is/VBZ turned/VBN on/RP ./.", "a/DT lamp/NN is/VBZ turned/VBN off/RP ./.")
    assert found["alignment:swap:antonym"] == 1 and found["alignment:word:conflict:particle"] == 1
    assert found["alignment:verdict:conflict_only"] == 1
    # the tagger may make one of the two an adverb (a content word) and the other a particle
    for mixed in ("a/DT skier/NN moved/VBD on/RB ./.", "a/DT skier/NN moved/VBD on/IN ./."):
        found = particle_features(mixed, "a/DT skier/NN moved/VBD off/RP ./.")
        assert found["alignment:swap:antonym"] == 1 and found["alignment:verdict:conflict_only"] == 1
    found = particle_features("a/DT skier/NN moved/VBD on/IN ./.", "a/DT skier/NN moved/VBD off/RB ./.")
    assert found["alignment:swap:antonym"] == 1 and found["alignment:verdict:conflict_only"] == 1
    other = particle_features("a/DT cat/NN in/IN a/DT box/NN ./.", "a/DT cat/NN on/IN a/DT box/NN ./.")
    assert not [name for name in other if "antonym" in name or "conflict" in name]
    assert other["alignment:verdict:entailed"] == 1


def test_negation_is_a_cue_not_a_new_word():
    found = features("a/DT man/NN is/VBZ sleeping/VBG ./.", "a/DT man/NN is/VBZ not/RB sleeping/VBG ./.")
    assert found["alignment:negation:hypothesis_only"] == 1
    assert found["alignment:negation:hypothesis_only:entailed"] == 1  # the cue conjoined with the verdict
    assert found["alignment:verdict:entailed"] == 1


def test_quantifier_in_hypothesis_only():
    found = features("a/DT man/NN sleeps/VBZ", "some/DT man/NN sleeps/VBZ")
    assert found["alignment:quantifier:some:new"] == 1


def test_moved_word_is_aligned_elsewhere():
    links, share = align(sentence("a/DT dog/NN bit/VBD a/DT man/NN"), sentence("a/DT man/NN bit/VBD a/DT dog/NN"),
                         RELATIONS)
    assert {link.kind for link in links} >= {"moved"}
    assert 0 < share < 1


def test_describe_names_the_words_the_relation_and_its_source():
    lines = describe(sentence(GIRL_BLUE), sentence(GIRL_BLUE.replace("blue", "green")), RELATIONS)
    assert "green <- blue: cohyponym (WordNet), swap" in lines
    assert "girl <- girl: exact (token), in_place" in lines


def test_active_to_passive_is_a_voice_change_not_a_role_swap():
    found = features("a/DT dog/NN bit/VBD a/DT man/NN ./.", "a/DT man/NN was/VBD bitten/VBN by/IN a/DT dog/NN ./.")
    assert found["alignment:voice_change"] == 1
    assert "alignment:role_swap" not in found


# ---- content words, counts, negation, roles (each test states the rule it checks) --------------

def test_forms_of_be_and_particles_are_not_content_words():
    # content words of "a dog is big": dog and big; "is" (be) is not aligned at all, and both
    # words are in the premise, so nothing is new.
    links, _ = align(sentence("a/DT big/JJ dog/NN"), sentence("a/DT dog/NN is/VBZ big/JJ"), RELATIONS)
    assert [link.hypothesis_index for link in links] == [1, 3]
    assert features("a/DT big/JJ dog/NN", "a/DT dog/NN is/VBZ big/JJ")["alignment:verdict:entailed"] == 1
    # a particle (RP) is no content word either: "gets up" adds no new word to "gets"
    found = features("a/DT man/NN gets/VBZ ./.", "a/DT man/NN gets/VBZ up/RP ./.")
    assert found["alignment:verdict:entailed"] == 1 and "alignment:word:new" not in found


def test_unsupported_words_are_counted_up_to_three_plus():
    # tall, eats, red, apples: four hypothesis words with no premise counterpart
    four = features("a/DT man/NN sleeps/VBZ", "a/DT tall/JJ man/NN eats/VBZ red/JJ apples/NNS")
    assert [name for name in four if name.startswith("alignment:verdict:")] == ["alignment:verdict:new=3+"]
    three = features("a/DT man/NN sleeps/VBZ", "a/DT tall/JJ man/NN eats/VBZ red/JJ")
    assert [name for name in three if name.startswith("alignment:verdict:")] == ["alignment:verdict:new=3+"]
    two = features("a/DT man/NN sleeps/VBZ", "a/DT tall/JJ man/NN eats/VBZ")
    assert [name for name in two if name.startswith("alignment:verdict:")] == ["alignment:verdict:new=2"]


def test_no_role_swap_when_the_premise_has_no_subject():
    # "look at the dog": no subject, object dog; "the dog looks": subject dog, no object. One noun
    # changing role with nothing in the other role is no swap of subject and object.
    found = features("look/VB at/IN the/DT dog/NN", "the/DT dog/NN looks/VBZ")
    assert not [name for name in found if name.startswith("alignment:role_swap")]


def test_exact_and_lemma_links_name_no_word_pair():
    # the words themselves are features only for relations other than exact / lemma
    same = features(GIRL_BLUE, GIRL_BLUE)
    assert not [name for name in same if name.startswith("alignment:pair:")]
    lemma = features("the/DT dogs/NNS bark/VBP ./.", "the/DT dog/NN bark/VBP ./.")
    assert lemma["alignment:subst:lemma"] == 1
    assert not [name for name in lemma if name.startswith("alignment:pair:")]


def test_word_relations_are_shared_until_the_resources_change():
    import lexical_resources
    from featurize.families.alignment import word_relations
    from lexical_resources import VerbOcean

    first_wn, second_wn, verbocean = TinyWordNet(), TinyWordNet(), VerbOcean({})
    try:
        lexical_resources.set_resources(wordnet=first_wn, verbocean=verbocean)
        relations = word_relations()
        assert (relations.wordnet, relations.verbocean) == (first_wn, verbocean)
        assert word_relations() is relations
        lexical_resources.set_resources(wordnet=second_wn)
        assert word_relations().wordnet is second_wn and word_relations().verbocean is verbocean
    finally:
        lexical_resources.reset_resources()


def test_a_token_repeated_in_a_long_sentence_still_aligns():
    # difflib ignores tokens frequent in a sequence of 200+ unless autojunk is off: "!" x 199 of
    # the premise must still match 199 of the hypothesis's 200.
    premise, hypothesis = " ".join(["wow/UH"] + ["!/."] * 199), " ".join(["!/."] * 200)
    assert align(sentence(premise), sentence(hypothesis), RELATIONS)[1] == 199 / 200
    assert features(premise, hypothesis)["alignment:copy:entailed"] == 1


def negation_features(premise: str, hypothesis: str) -> list[str]:
    return [name for name in features(premise, hypothesis) if name.startswith("alignment:negation:")]


def test_negation_on_both_sides_or_in_the_premise_only():
    both = features("a/DT man/NN is/VBZ not/RB sleeping/VBG", "a/DT man/NN is/VBZ not/RB awake/JJ")
    assert [name for name in both if name.startswith("alignment:negation:")] == [
        "alignment:negation:both", "alignment:negation:both:reverse:new=1"]  # sleeping: unrelated to awake
    # Negation reverses entailment: no animal sleeps, so no dog sleeps; no dog does not say no animal.
    # The relations are projected through "no" on both readings: the verdict says so, and the
    # reverse one that the hypothesis does not say all the premise says.
    down = features("no/DT animal/NN is/VBZ sleeping/VBG", "no/DT dog/NN is/VBZ sleeping/VBG")
    assert [name for name in down if name.startswith(("alignment:negation:", "alignment:verdict:"))] == [
        "alignment:verdict:entailed", "alignment:negation:both", "alignment:negation:both:reverse:new=1"]
    up = features("no/DT dog/NN is/VBZ sleeping/VBG", "no/DT animal/NN is/VBZ sleeping/VBG")
    assert [name for name in up if name.startswith(("alignment:negation:", "alignment:verdict:"))] == [
        "alignment:verdict:new=1", "alignment:negation:both", "alignment:negation:both:reverse:entailed"]
    premise_only = features("a/DT man/NN is/VBZ not/RB sleeping/VBG", "a/DT man/NN is/VBZ sleeping/VBG")
    assert [name for name in premise_only if name.startswith("alignment:negation:")] == [
        "alignment:negation:premise_only", "alignment:negation:premise_only:reverse:entailed"]


@pytest.mark.parametrize("premise, hypothesis, reverse", [
    # the hypothesis says all the premise denies, and more: read the other way, every word is in it
    ("there/EX is/VBZ no/DT puppy/NN rolling/VBG",
     "a/DT puppy/NN is/VBZ rolling/VBG on/IN its/PRP$ back/NN", "entailed"),
    # a more specific word in the hypothesis is still what the premise denies: dog -> animal, read back
    ("no/DT animal/NN is/VBZ sleeping/VBG", "a/DT dog/NN is/VBZ sleeping/VBG", "entailed"),
    # the premise denies a dog sleeping; an animal sleeping need not be one (dog, read back, is more specific)
    ("no/DT dog/NN is/VBZ sleeping/VBG", "an/DT animal/NN is/VBZ sleeping/VBG", "new=1"),
    # the premise denies a cat sleeping; a dog sleeping does not say it
    ("no/DT cat/NN is/VBZ sleeping/VBG", "a/DT dog/NN is/VBZ sleeping/VBG", "conflict_only"),
], ids=["more words", "more specific", "less specific", "other animal"])
def test_a_negated_premise_is_read_against_the_hypothesis(premise, hypothesis, reverse):
    # Read forward, the first pair's hypothesis has new words (on its back); what decides is whether
    # the hypothesis says everything the premise denies.
    assert negation_features(premise, hypothesis) == [
        "alignment:negation:premise_only", f"alignment:negation:premise_only:reverse:{reverse}"]


def test_a_negated_hypothesis_keeps_the_forward_verdict():
    assert negation_features("a/DT dog/NN is/VBZ sleeping/VBG", "no/DT animal/NN is/VBZ sleeping/VBG") == [
        "alignment:negation:hypothesis_only", "alignment:negation:hypothesis_only:entailed"]


def test_describe_a_new_word():
    assert describe(sentence("a/DT man/NN sleeps/VBZ"), sentence("a/DT man/NN sleeps/VBZ on/IN a/DT sofa/NN"),
                    RELATIONS)[-1] == "sofa: new"


def test_describe_reads_the_pair_back():
    # the premise's sofa is left unsaid, and its dog is said by a more general word
    lines = describe(sentence("a/DT dog/NN sleeps/VBZ on/IN a/DT sofa/NN"), sentence("an/DT animal/NN sleeps/VBZ"),
                     RELATIONS)
    assert lines == ["animal <- dog: hypernym (WordNet), swap", "sleeps <- sleeps: exact (token), in_place",
                     "read back: dog -> animal: hyponym (WordNet), swap", "read back: sofa: unsaid"]


@pytest.mark.parametrize("premise, hypothesis", [
    # one content noun, so only the roles (subject it, object ball -> subject ball, object it) show the swap
    ("it/PRP hits/VBZ the/DT ball/NN", "the/DT ball/NN hits/VBZ it/PRP"),
    # the verb tagged as a noun, as raw text's tagger tags it: the nouns still trade sides of it
    ("a/DT dog/NN bit/NN a/DT man/NN", "a/DT man/NN bit/NN a/DT dog/NN"),
    # the verb between them found by its lemma
    ("the/DT dogs/NNS chase/VBP the/DT men/NNS", "the/DT men/NNS chased/VBD the/DT dogs/NNS"),
    # the swapped sentence tagged badly (nose as an adjective), read by the premise's tags
    ("a/DT dog/NN licks/VBZ his/PRP$ nose/NN", "a/DT nose/JJ licks/VBZ his/PRP$ dog/NN"),
    # an auxiliary verb between them (do is no content word, but a verb other than be)
    ("a/DT man/NN is/VBZ doing/VBG a/DT trick/NN", "a/DT trick/NN is/VBZ doing/VBG a/DT man/NN"),
], ids=["pronoun roles", "noun-tagged verb", "verb by lemma", "badly tagged swap", "auxiliary verb"])
def test_role_swap_found_by_roles_or_by_nouns_trading_sides(premise, hypothesis):
    found = features(premise, hypothesis)
    # the verdict is given only conjoined with the swap
    assert found["alignment:role_swap"] == 1 and not [name for name in found if name.startswith("alignment:verdict:")]
    assert len([name for name in found if name.startswith("alignment:role_swap:")]) == 1


@pytest.mark.parametrize("premise, hypothesis", [
    # a coordination reordered
    ("men/NNS and/CC dogs/NNS play/VBP", "a/DT dog/NN and/CC a/DT man/NN play/VBP"),
    # nouns reordered around their own verbs: each stays on its side of its verb
    ("a/DT man/NN carrying/VBG a/DT hat/NN is/VBZ running/VBG down/RP the/DT street/NN",
     "a/DT man/NN running/VBG down/RP the/DT street/NN is/VBZ carrying/VBG a/DT hat/NN"),
    # the nouns trade sides of walk, but one is in a prepositional phrase, no object of it
    ("a/DT man/NN holding/VBG a/DT child/NN walks/VBZ with/IN a/DT woman/NN",
     "a/DT man/NN and/CC a/DT woman/NN walk/VBP carrying/VBG a/DT child/NN"),
    # across be and a preposition: no verb of which they are subject and object
    ("a/DT woman/NN is/VBZ next/JJ to/TO a/DT man/NN", "a/DT man/NN is/VBZ next/JJ to/TO a/DT woman/NN"),
], ids=["coordination", "own verbs", "prepositional phrase", "be"])
def test_nouns_merely_reordered_are_no_role_swap(premise, hypothesis):
    found = features(premise, hypothesis)
    assert not [name for name in found if name.startswith("alignment:role_swap")]


def test_a_role_swap_read_from_the_words_needs_the_nouns_near_the_verb_and_said_once():
    from featurize.families.alignment import _ROLE_GAP, _analyse, _crossed

    def crossed(premise, hypothesis):
        p, h = sentence(premise), sentence(hypothesis)
        return _crossed(_analyse(p.tokens, p.tags, p.tree, RELATIONS), _analyse(h.tokens, h.tags, h.tree, RELATIONS))

    def swapped(between):
        words = "".join(f" {w}/JJ" for w in between)
        return crossed(f"a/DT man/NN chases/VBZ a/DT{words} dog/NN", f"a/DT dog/NN chases/VBZ a/DT{words} man/NN")
    # the article and _ROLE_GAP - 1 adjectives: _ROLE_GAP words between verb and noun, still a swap
    near = ["big", "old", "brown", "wet", "tired", "happy"][:_ROLE_GAP - 1]
    assert swapped(near) and not swapped(near + ["small"])
    # a noun said twice in a sentence could be either: no swap read from the words
    assert crossed("a/DT man/NN chases/VBZ a/DT dog/NN", "a/DT dog/NN chases/VBZ a/DT man/NN")
    assert not crossed("a/DT man/NN chases/VBZ a/DT dog/NN near/IN a/DT dog/NN",
                       "a/DT dog/NN chases/VBZ a/DT man/NN near/IN a/DT dog/NN")
    assert not crossed("a/DT man/NN chases/VBZ a/DT dog/NN near/IN a/DT dog/NN", "a/DT dog/NN chases/VBZ a/DT man/NN")


@pytest.mark.parametrize("extra, link", [
    ("on/IN a/DT sofa/NN", Link(5, None, None, "new")),  # no premise counterpart
    ("near/IN an/DT animal/NN", Link(5, 1, "hypernym", "elsewhere")),  # related, outside any replaced block
])
def test_an_added_word_is_new_or_related_elsewhere(extra, link):
    links, share = align(sentence("a/DT dog/NN sleeps/VBZ"), sentence(f"a/DT dog/NN sleeps/VBZ {extra}"), RELATIONS)
    assert links[-1] == link
    assert share == 3 / 6  # "a dog sleeps" of six tokens


# ---- the real WordNet ----------------------------------------------------------------------

def test_a_man_and_a_woman_are_two_people_with_the_real_wordnet(real_relations):
    premise = sentence("a/DT man/NN and/CC a/DT woman/NN are/VBP drinking/VBG at/IN a/DT bar/NN ./.")
    links, _ = align(premise, sentence("two/CD people/NNS are/VBP drinking/VBG ./."), real_relations)
    assert links[0] == Link(0, 1, "number_total", "substitution")
    assert align(premise, sentence("three/CD people/NNS are/VBP drinking/VBG ./."), real_relations)[0][0].relation \
        == "number_different"


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("a/DT man/NN is/VBZ working/VBG on/IN a/DT computer/NN", "a/DT bear/NN is/VBZ working/VBG on/IN a/DT computer/NN",
     "being_different"),
    ("people/NNS are/VBP at/IN a/DT conference/NN", "dogs/NNS are/VBP at/IN a/DT conference/NN", "being_different"),
    ("a/DT boy/NN eats/VBZ an/DT apple/NN in/IN the/DT park/NN",
     "a/DT boy/NN eats/VBZ a/DT carrot/NN in/IN the/DT park/NN", "cohyponym"),
])
def test_a_person_for_an_animal_or_a_fruit_for_a_vegetable_is_a_lone_conflict(real_relations, premise, hypothesis,
                                                                                relation):
    found = alignment_features(sentence(premise), sentence(hypothesis), real_relations)
    assert found[f"alignment:swap:{relation}"] == 1 and found["alignment:verdict:conflict_only"] == 1


@pytest.mark.parametrize("old, new", [
    ("living/VBG room/NN", "bedroom/NN"), ("kitchen/NN", "dining/VBG room/NN"),
    ("living/VBG room/NN", "dining/VBG room/NN"),
])
def test_a_two_word_noun_swapped_in_a_near_copy_is_one_swap(real_relations, old, new):
    playing = "children/NNS play/VBP a/DT board/NN game/NN on/IN the/DT floor/NN of/IN the/DT "
    found = alignment_features(sentence(playing + old), sentence(playing + new), real_relations)
    assert found["alignment:swap:cohyponym"] == 1 and found["alignment:copy_swap:conflict"] == 1
    assert not [name for name in found if name.startswith("alignment:subst:") and not name.endswith("cohyponym")]


def test_a_two_word_noun_in_a_slot_is_read_whole(real_relations):
    def relations(premise, hypothesis):
        links, _ = align(sentence(premise), sentence(hypothesis), real_relations)
        return {link.hypothesis_index: link.relation for link in links if link.relation != "exact"}

    # kitchen / dining room: co-hyponyms, though room alone is more general than kitchen
    cooking = "a/DT woman/NN cooks/VBZ in/IN the/DT "
    assert relations(cooking + "kitchen/NN", cooking + "dining/VBG room/NN") == {5: "cohyponym", 6: "cohyponym"}
    assert relations(cooking + "living/VBG room/NN", cooking + "dining/VBG room/NN") == {5: "cohyponym"}
    # truck / engine: co-hyponyms, yet a fire truck is a fire engine
    assert relations("a/DT fire/NN truck/NN", "a/DT fire/NN engine/NN") == {2: "synonym"}
    # the words' own relation stays when they are equal (store / shop) or say what the whole says (tennis / basketball)
    assert relations("a/DT grocery/NN store/NN", "a/DT grocery/NN shop/NN") == {2: "synonym"}
    assert relations("a/DT tennis/NN court/NN", "a/DT basketball/NN court/NN") == {1: "cohyponym"}
    assert real_relations.wordnet.compound("basketball", "court") == "basketball_court"
    # an adjective does not start a two-word noun: WordNet's young woman is a girl, yet a young girl is no young woman
    assert relations("a/DT young/JJ girl/NN jumps/VBZ", "a/DT young/JJ woman/NN jumps/VBZ") == {2: "age_different"}


def verdicts(premise: str, hypothesis: str) -> list[str]:
    return sorted(name for name in features(premise, hypothesis)
                  if name.startswith(("alignment:verdict:", "alignment:projected:", "alignment:reverse:")))


NOT_FRUIT = "the/DT girl/NN is/VBZ not/RB eating/VBG fruit/NN ./."
NOT_APPLE = "the/DT girl/NN is/VBZ not/RB eating/VBG an/DT apple/NN ./."


def test_relations_under_a_negation_are_projected():
    # not fruit says not an apple: the more specific word is entailed under the negation, not the reverse
    assert verdicts(NOT_FRUIT, NOT_APPLE) == ["alignment:projected:specific>general", "alignment:verdict:entailed"]
    assert verdicts(NOT_APPLE, NOT_FRUIT) == ["alignment:projected:general>specific", "alignment:verdict:new=1"]
    # two words that exclude each other say nothing of each other when both are denied
    assert verdicts(NOT_APPLE, NOT_APPLE.replace("apple", "pear")) == [
        "alignment:projected:conflict>new", "alignment:verdict:new=1"]
    # without the negation, the relations are their own
    assert verdicts(NOT_FRUIT.replace("not/RB ", ""), NOT_APPLE.replace("not/RB ", "")) == [
        "alignment:reverse:entailed", "alignment:verdict:new=1"]


def test_a_modifier_dropped_or_added_under_no_is_projected():
    red = "no/DT girl/NN is/VBZ eating/VBG a/DT red/JJ apple/NN ./."
    plain = "no/DT girl/NN is/VBZ eating/VBG an/DT apple/NN ./."
    assert verdicts(red, plain) == ["alignment:verdict:new=1"]  # the premise's "red", dropped: a restriction lost
    assert verdicts(plain, red) == ["alignment:projected:new>general", "alignment:verdict:entailed"]
    # upward, dropping it is entailed and adding it is not
    assert verdicts(red.replace("no/DT", "a/DT"), plain.replace("no/DT", "a/DT")) == [
        "alignment:reverse:new=1", "alignment:verdict:entailed"]


def test_a_clause_the_premise_does_not_assert_supports_nothing():
    dog = "the/DT dog/NN is/VBZ sleeping/VBG ./."
    assert "alignment:verdict:new=2" in verdicts("maybe/RB " + dog, dog)
    assert "alignment:verdict:entailed" in verdicts("certainly/RB " + dog, dog)
    thinks = "the/DT woman/NN thinks/VBZ the/DT man/NN is/VBZ cooking/VBG ./."
    assert "alignment:verdict:new=2" in verdicts(thinks, "the/DT man/NN is/VBZ cooking/VBG ./.")
    assert "alignment:verdict:entailed" in verdicts(thinks.replace("thinks", "knows"),
                                                    "the/DT man/NN is/VBZ cooking/VBG ./.")
    # a word swapped in for one the premise does not assert is not read as what the two words are to each other
    tall = "the/DT man/NN is/VBZ tall/JJ ./."
    unsaid = features("maybe/RB " + tall, tall.replace("tall", "short"))
    assert unsaid["alignment:projected:conflict>new"] == 1
    assert not [name for name in unsaid if name.startswith(("alignment:swap:", "alignment:subst:"))]
    assert features(tall, tall.replace("tall", "short"))["alignment:swap:antonym"] == 1
    # what a negative implicative denies, a hypothesis saying it contradicts
    assert "alignment:verdict:conflict_only" in verdicts("the/DT man/NN refuses/VBZ to/TO eat/VB the/DT apple/NN",
                                                         "the/DT man/NN is/VBZ eating/VBG the/DT apple/NN")


def test_describe_says_what_a_relation_was_projected_through():
    lines = describe(sentence(NOT_FRUIT), sentence(NOT_APPLE), RELATIONS)
    assert 'apple <- fruit: hyponym (WordNet), substitution; under "not": projected more general' in lines
    assert 'read back: fruit -> apple: hypernym (WordNet), substitution; under "not": projected more specific' in lines


RELATIVE = "the/DT man/NN who/WP the/DT dog/NN is/VBZ following/VBG is/VBZ running/VBG ./."


@pytest.mark.parametrize("premise, hypothesis, roles", [
    # a relative clause: the dog follows, the man runs
    (RELATIVE, "the/DT dog/NN is/VBZ running/VBG ./.", "unsupported"),
    (RELATIVE, "the/DT man/NN is/VBZ running/VBG ./.", "supported"),
    (RELATIVE, "the/DT dog/NN is/VBZ following/VBG the/DT man/NN ./.", "supported"),
    # a prepositional phrase attached to the subject
    ("the/DT man/NN near/IN the/DT dog/NN is/VBZ running/VBG ./.", "the/DT dog/NN is/VBZ running/VBG ./.",
     "unsupported"),
    # a passive read in its active roles
    ("the/DT girl/NN is/VBZ pushed/VBN by/IN the/DT boy/NN ./.", "the/DT girl/NN is/VBZ pushing/VBG the/DT boy/NN ./.",
     "swapped"),
    ("the/DT girl/NN is/VBZ pushed/VBN by/IN the/DT boy/NN ./.", "the/DT boy/NN is/VBZ pushing/VBG the/DT girl/NN ./.",
     "supported"),
    # coordinated subjects share the object
    ("the/DT woman/NN and/CC the/DT child/NN are/VBP watching/VBG the/DT dog/NN ./.",
     "the/DT child/NN is/VBZ watching/VBG the/DT woman/NN ./.", "swapped"),
    ("the/DT woman/NN and/CC the/DT child/NN are/VBP watching/VBG the/DT dog/NN ./.",
     "the/DT child/NN is/VBZ watching/VBG the/DT dog/NN ./.", "supported"),
    # a modifier's noun is no argument of the verb
    ("the/DT woman/NN beside/IN the/DT men/NNS ate/VBD ./.", "the/DT men/NNS ate/VBD ./.", "unsupported"),
    # an agentless passive against its active is no swap: a swap needs both roles on both sides
    ("people/NNS are/VBP gathered/VBN around/IN a/DT table/NN ./.", "people/NNS gathered/VBD ./.", "supported"),
    # the subject of a bare participle is the clause's subject too, whatever the reading makes of it
    # (the reading gives "rides" the subject "shirts" here)
    ("a/DT man/NN wearing/VBG a/DT black/JJ helmet/NN ,/, blue/JJ jacket/NN ,/, and/CC khaki/JJ shirts/NNS "
     "rides/VBZ his/PRP$ bike/NN ./.", "the/DT man/NN rides/VBZ a/DT bike/NN ./.", "supported"),
])
def test_roles_say_whether_the_premise_says_the_hypothesis_propositions(premise, hypothesis, roles):
    found = features(premise, hypothesis)
    assert [name for name in found if name.startswith("alignment:roles:")][0] == f"alignment:roles:{roles}"
    # a swapped or unsupported proposition stands in for the verdict, conjoined with it
    assert ("alignment:verdict:entailed" in found) == (roles == "supported")
    assert ("alignment:roles:{}:entailed".format(roles) in found) == (roles != "supported")


def parsed(parse: str) -> Sentence:
    """A sentence with the tree of a hand-written parse (not the tests' syntax model's)."""
    tree = from_parse(parse)
    return Sentence(text=" ".join(tree.tokens), tokens=tree.tokens, tags=tree.tags, tree=tree)


def roles_of(premise: str, hypothesis: str) -> str:
    found = alignment_features(parsed(premise), parsed(hypothesis), RELATIONS)
    return [name for name in found if name.startswith("alignment:roles:")][0]


WALKS = "(ROOT (S (NP (DT The) (NN guy)) (VP (VBZ walks)) (. .)))"
LOOKS = ("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG looking) (PP (IN into) (NP (DT a) (NN microscope))))) "
         "(. .)))")


@pytest.mark.parametrize("premise, hypothesis, roles", [
    # a personal pronoun may be anyone in its sentence
    ("(ROOT (S (NP (DT A) (NN guy)) (VP (VBZ is) (VP (VBG smiling) (SBAR (IN as) (S (NP (PRP he)) "
     "(VP (VBZ walks)))))) (. .)))", WALKS, "supported"),
    ("(ROOT (S (NP (DT A) (NN guy)) (VP (VBZ is) (VP (VBG smiling) (SBAR (IN as) (S (NP (DT a) (NN girl)) "
     "(VP (VBZ walks)))))) (. .)))", WALKS, "unsupported"),
    # a participle hung on a thing in a prepositional phrase may be the clause subject's, not on an animal
    ("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (PP (IN in) (NP (NP (DT a) (NN lab)) (VP (VBG looking) "
     "(PP (IN into) (NP (DT a) (NN microscope))))))) (. .)))", LOOKS, "supported"),
    ("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (PP (IN near) (NP (NP (DT a) (NN dog)) (VP (VBG looking) "
     "(PP (IN into) (NP (DT a) (NN microscope))))))) (. .)))", LOOKS, "unsupported"),
])
def test_a_subject_the_reading_cannot_be_sure_of_leaves_the_roles_supported(premise, hypothesis, roles):
    assert roles_of(premise, hypothesis) == f"alignment:roles:{roles}"


def test_describe_shows_the_propositions_behind_the_roles():
    lines = describe(sentence(RELATIVE), sentence("the/DT dog/NN is/VBZ running/VBG ./."), RELATIONS)
    assert lines[-1] == "roles: unsupported; premise: follow(dog; man) & run(man); hypothesis: run(dog)"


def test_the_family_reads_the_first_tokens_of_a_long_sentence_only():
    from featurize.families.lexicalized import CROSS_MAX_TOKENS

    long = " ".join(["a/DT dog/NN runs/VBZ"] * 400)  # 1,200 tokens: aligning it whole would take seconds
    cut = " ".join(long.split()[:CROSS_MAX_TOKENS])
    assert features(long, long.replace("dog", "cat")) == features(cut, cut.replace("dog", "cat"))


def test_each_feature_name_is_its_template_filled_from_the_reading():
    word = _Word(relation="hyponym", relation_class="general", projected_class="specific", pos="n",
                 kind="swap", premise_lemma="dog", lemma="animal", unsaid=False)
    for (each, template, _), (_, name, _) in zip(_FEATURES, _ROWS):
        if each == "word":
            assert name.format(*word) == "alignment:" + template.format_map(word._asdict())


# ---- adjectives and comparatives ----------------------------------------------------------------

TALLER = "mary/NNP is/VBZ taller/JJR than/IN john/NNP ./."


def test_two_things_compared_that_trade_places_are_a_role_swap():
    found = features(TALLER, "john/NNP is/VBZ taller/JJR than/IN mary/NNP ./.")
    assert found["alignment:roles:swapped"] == 1 and found["alignment:role_swap"] == 1
    assert not [name for name in found if name.startswith("alignment:verdict:")]


def test_an_antonyms_comparative_with_the_things_compared_traded_is_the_same_comparison():
    found = features(TALLER, "john/NNP is/VBZ shorter/JJR than/IN mary/NNP ./.")
    assert found["alignment:word:converse"] == 1 and found["alignment:verdict:entailed"] == 1
    assert found["alignment:roles:supported"] == 1
    assert not [name for name in found if name.startswith(("alignment:role_swap", "alignment:word:antonym"))]
    # the antonym's comparative of the same two things in the same places conflicts
    same = features(TALLER, "mary/NNP is/VBZ shorter/JJR than/IN john/NNP ./.")
    assert same["alignment:word:antonym"] == 1 and same["alignment:verdict:conflict_only"] == 1


def test_a_comparative_does_not_support_its_positive():
    found = features(TALLER, "mary/NNP is/VBZ tall/JJ ./.")
    assert found["alignment:projected:equal>new"] == 1 and found["alignment:verdict:new=1"] == 1


def equative(first: str, second: str, adjective: str = "(RB as) (JJ tall) (PP (IN as)", negation: str = "") -> str:
    return f"(ROOT (S (NP (NNP {first})) (VP (VBZ is) {negation}(ADJP {adjective} (NP (NNP {second}))))) (. .)))"


def test_an_equatives_two_sides_may_trade_places():
    found = alignment_features(parsed(equative("Mary", "John")), parsed(equative("John", "Mary")), RELATIONS)
    assert found["alignment:verdict:entailed"] == 1 and found["alignment:roles:supported"] == 1
    assert found["alignment:moved:n"] and not [name for name in found if "role_swap" in name or "swap:" in name]
    lines = describe(parsed(equative("Mary", "John")), parsed(equative("John", "Mary")), RELATIONS)
    assert "John <- John: exact (token), moved" in lines and "Mary <- Mary: exact (token), moved" in lines
    # a comparison's sides may not, nor a negated equative's (not as tall as: shorter)
    taller = "(JJR taller) (PP (IN than)"
    assert "alignment:verdict:entailed" not in alignment_features(
        parsed(equative("Mary", "John", taller)), parsed(equative("John", "Mary", taller)), RELATIONS)
    negated = alignment_features(parsed(equative("Mary", "John", negation="(RB not) ")),
                                 parsed(equative("John", "Mary", negation="(RB not) ")), RELATIONS)
    assert negated["alignment:roles:swapped"] == 1 and "alignment:verdict:entailed" not in negated


def test_an_adjective_supports_none_of_another_degree_that_compares():
    tall = parsed("(ROOT (S (NP (NNP Mary)) (VP (VBZ is) (ADJP (JJ tall))) (. .)))")
    as_tall, taller = parsed(equative("Mary", "John")), parsed(equative("Mary", "John", "(JJR taller) (PP (IN than)"))
    tallest = parsed("(ROOT (S (NP (NNP Mary)) (VP (VBZ is) (NP (DT the) (JJS tallest))) (. .)))")
    for premise, hypothesis in ((as_tall, tall), (tall, as_tall), (tall, taller), (tallest, tall)):
        found = alignment_features(premise, hypothesis, RELATIONS)
        assert found["alignment:projected:equal>new"] == 1, (premise.text, hypothesis.text)
    # as tall as John, Mary is no taller than he is
    for premise, hypothesis in ((as_tall, taller), (taller, as_tall)):
        found = alignment_features(premise, hypothesis, RELATIONS)
        assert found["alignment:projected:equal>conflict"] == 1, (premise.text, hypothesis.text)
    lines = describe(tall, taller, RELATIONS)
    assert any(line.endswith("comparative against positive: projected unsupported") for line in lines)
    # a comparative that compares nothing said may stand for its positive (an older man is old)
    bare = parsed("(ROOT (S (NP (NNP Mary)) (VP (VBZ is) (ADJP (JJR taller))) (. .)))")
    assert "alignment:projected:equal>new" not in alignment_features(tall, bare, RELATIONS)


def coarse(sentence: Sentence) -> Sentence:
    """``sentence`` with the features' coarse tags (the ``recommended`` preset's), its tree's kept."""
    return dataclasses.replace(sentence, tags=tuple(tag[:2] for tag in sentence.tags))


def test_degrees_are_read_from_the_trees_tags_whatever_the_features_tag_set():
    tall = coarse(parsed("(ROOT (S (NP (NNP Mary)) (VP (VBZ is) (ADJP (JJ tall))) (. .)))"))
    taller = coarse(parsed(equative("Mary", "John", "(JJR taller) (PP (IN than)")))
    assert taller.tags[2] == "JJ" and alignment_features(taller, tall, RELATIONS)["alignment:projected:equal>new"] == 1
    shorter = coarse(parsed(equative("John", "Mary", "(JJR shorter) (PP (IN than)")))
    assert alignment_features(taller, shorter, RELATIONS)["alignment:word:converse"] == 1


def test_a_comparative_the_other_way_round_with_the_things_compared_traded_is_the_same_comparison():
    def careful(degree, first, second):
        return parsed(f"(ROOT (S (NP (DT the) (NN {first})) (VP (VBZ is) (ADJP (RBR {degree}) (JJ careful) "
                      f"(PP (IN than) (NP (DT the) (NN {second}))))) (. .)))")
    found = alignment_features(careful("more", "girl", "boy"), careful("less", "boy", "girl"), RELATIONS)
    assert found["alignment:word:converse"] == 1 and found["alignment:roles:supported"] == 1
    assert "alignment:roles:swapped" not in found and not [name for name in found if "role_swap" in name]
    swapped = alignment_features(careful("more", "girl", "boy"), careful("more", "boy", "girl"), RELATIONS)
    assert swapped["alignment:roles:swapped"] == 1 and "alignment:word:converse" not in swapped


GUN = "a/DT man/NN holds/VBZ a/DT gun/NN ./."


@pytest.mark.parametrize("modified", ["a/DT man/NN holds/VBZ a/DT fake/JJ gun/NN ./.",
                                      "a/DT man/NN holds/VBZ a/DT toy/NN gun/NN ./."])
def test_a_privative_modifier_on_one_noun_makes_it_conflict_with_the_other(modified):
    for premise, hypothesis in ((modified, GUN), (GUN, modified)):
        found = features(premise, hypothesis)
        assert found["alignment:projected:equal>conflict"] == 1, (premise, hypothesis)
    assert features(modified, modified)["alignment:verdict:entailed"] == 1
    weapon = features(modified, "a/DT man/NN holds/VBZ a/DT weapon/NN ./.")
    assert weapon["alignment:projected:general>conflict"] == 1


def test_an_intersective_adjective_dropped_leaves_the_noun_entailed():
    assert features("a/DT man/NN holds/VBZ a/DT black/JJ gun/NN ./.", GUN)["alignment:verdict:entailed"] == 1


def test_a_non_subsective_adjective_leaves_the_noun_unsupported():
    found = features("an/DT alleged/JJ thief/NN runs/VBZ ./.", "a/DT thief/NN runs/VBZ ./.")
    assert found["alignment:projected:equal>new"] == 1 and found["alignment:verdict:new=1"] == 1


def test_a_subsective_adjective_is_not_kept_over_a_more_general_noun():
    small = features("a/DT small/JJ dog/NN runs/VBZ ./.", "a/DT small/JJ animal/NN runs/VBZ ./.")
    assert small["alignment:projected:equal>new"] == 1 and small["alignment:verdict:new=1"] == 1
    assert "alignment:copy_swap:general" not in small  # the swap alone does not decide the label
    black = features("a/DT black/JJ dog/NN runs/VBZ ./.", "a/DT black/JJ animal/NN runs/VBZ ./.")
    assert black["alignment:verdict:entailed"] == 1 and black["alignment:copy_swap:general"] == 1
    assert "alignment:projected:equal>new" not in black


def test_describe_names_what_changed_a_nouns_or_an_adjectives_relation():
    lines = describe(sentence("a/DT man/NN holds/VBZ a/DT fake/JJ gun/NN ./."), sentence(GUN), RELATIONS)
    assert 'gun <- gun: exact (token), in_place; modified by "fake": projected conflict' in lines
    lines = describe(sentence("a/DT small/JJ dog/NN runs/VBZ ./."), sentence("a/DT small/JJ animal/NN runs/VBZ ./."),
                     RELATIONS)
    assert "small <- small: exact (token), in_place; over a more general noun: projected unsupported" in lines
    lines = describe(sentence(TALLER), sentence("mary/NNP is/VBZ tall/JJ ./."), RELATIONS)
    assert any(line.startswith("tall <- taller")
               and line.endswith("positive against comparative: projected unsupported") for line in lines)


def test_more_and_less_make_a_comparative_that_does_not_support_its_positive():
    found = features("the/DT girl/NN is/VBZ more/RBR careful/JJ than/IN the/DT boy/NN ./.",
                     "the/DT girl/NN is/VBZ careful/JJ ./.")
    assert found["alignment:projected:equal>new"] == 1
    same = features("the/DT girl/NN is/VBZ more/RBR careful/JJ than/IN the/DT boy/NN ./.",
                    "the/DT boy/NN is/VBZ less/RBR careful/JJ than/IN the/DT girl/NN ./.")
    assert "alignment:projected:equal>new" not in same
