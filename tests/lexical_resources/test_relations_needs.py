"""lexical_resources.relations: asking a word pair only of the sources whose needs both words meet gives the answer
of asking every source (``WordRelations.reference_relation``), on a word list that every source answers about.

The words are the hand lists' own, numbers, hyphenated modifiers and WordNet words (places, materials, foods,
people, animals, verbs of motion), read with their own tags, a third of them also with another class's (taggers
confuse them)."""
import itertools

import pytest

from lexical_resources.lists import activities, numbers, people, settings, times, weather
from lexical_resources.registry import sources

from tests.conftest import wordnet_or_skip


def _some(words, count: int = 5) -> list[str]:
    return sorted(words)[:count]


#: Tokens and their own tags.
WORDS = [(word, "NN") for word in sorted({*_some(people.CHILDREN), *_some(people.ADULTS), *_some(people.FEMALES),
                                          *_some(people.MALES), *_some(people.PERSONS), *_some(people.OCCUPATIONS),
                                          *_some(settings.OUTDOORS), *_some(settings.INDOORS), *_some(times.TIMES),
                                          "men", "women", "children", "person", "farmer", "tourist", "dog", "horse",
                                          "cat", "animal", "puppy", "sandwich", "cheese", "pizza", "food", "tea",
                                          "coffee", "wood", "metal", "leather", "denim", "brick", "japan", "africa",
                                          "france", "paris", "beach", "park", "forest", "lake", "car", "automobile",
                                          "wheel", "guitar", "guitarist", "grass", "mud", "evening", "top", "front",
                                          "day", "hat", "shirt", "jacket", "water", "ball"})]
WORDS += [(word, "JJ") for word in sorted({*_some(settings.OUTSIDE), *_some(settings.INSIDE), *_some(weather.WEATHER),
                                           "german", "french", "japanese", "european", "wooden", "plastic", "grassy",
                                           "muddy", "old", "young", "hot", "cold", "tall", "short", "wet", "dry",
                                           "blue", "green", "long-sleeved", "short-sleeved", "5-year-old",
                                           "7-year-old", "three-year-old", "left-handed", "right-handed"})]
WORDS += [(word, "VBG") for word in sorted({*_some(activities.SLEEPING), *_some(activities.WAKING),
                                            *_some(activities.RESTING), "running", "walking", "sitting", "eating",
                                            "singing", "moving", "leaving", "dancing", "standing", "lying", "buying"})]
WORDS += [(word, "CD") for word in (*_some(numbers.CARDINAL_WORDS, 6), "2", "3", "1,000")]
WORDS += [(word, "JJ") for word in (*_some(numbers.ORDINAL_WORDS, 4), "1st", "3rd")]
WORDS += [("fast", "RB"), ("slow", "RB"), ("indoors", "RB"), ("outdoors", "RB"), ("the", "DT"), ("on", "IN")]
#: A word's tag -> another class's, to read some words in.
OTHER_TAG = {"NN": "VBZ", "JJ": "NNP", "VBG": "NN", "CD": "JJ", "RB": "JJ", "DT": "RB", "IN": "RB"}
TAGGED = WORDS + [(word, OTHER_TAG[tag]) for word, tag in WORDS[::3]]


@pytest.fixture(scope="module")
def relations():
    from lexical_resources import get_wordnet
    from lexical_resources.relations import WordRelations
    from lexical_resources.verbocean import VerbOcean

    verbocean = VerbOcean({("run", "walk"): (("stronger-than", 10.0),), ("buy", "purchase"): (("similar", 9.0),),
                           ("sit", "stand"): (("opposite-of", 4.0),), ("move", "leave"): (("can-result-in", 3.0),),
                           ("sleep", "eat"): (("happens-before", 2.0),)})
    return wordnet_or_skip(lambda: WordRelations(get_wordnet(), verbocean))


def test_the_words_are_answered_about_by_every_source(relations):
    from lexical_resources.relations import Words, _asker

    answered = set()
    for source in sources():
        function, get, several = _asker(source)
        for p, h in itertools.product(WORDS, repeat=2):
            words = Words(relations, *p, *h)
            if source.reads_classes(words.premise_class, words.hypothesis_class) \
                    and (function(*get(words)) if several else function(get(words))) is not None:
                answered.add(source.name)
                break
    assert answered == {source.name for source in sources()}


def test_a_source_answers_none_about_words_that_do_not_both_meet_its_needs(relations):
    from lexical_resources.relations import Words, _asker

    for source in sources():
        if source.needs is None:
            continue
        function, get, several = _asker(source)
        for p, h in itertools.product(WORDS, repeat=2):
            words = Words(relations, *p, *h)
            if source.reads_classes(words.premise_class, words.hypothesis_class) \
                    and not (source.needs(words.premise_word) and source.needs(words.hypothesis_word)):
                assert (function(*get(words)) if several else function(get(words))) is None, (source.name, p, h)


def test_wordnet_relates_no_word_in_a_class_it_has_no_senses_in(relations):
    wn = relations.wordnet
    for pos in "anrv":
        for (p, _), (h, _) in itertools.product(WORDS, repeat=2):
            if not (wn.has_senses(p, pos) and wn.has_senses(h, pos)):
                assert wn.close_relation(p, h, pos) is None, (p, h, pos)


def test_asking_the_sources_words_need_gives_the_answer_of_asking_them_all(relations):
    differ = [(p, h) for p, h in itertools.product(TAGGED, repeat=2)
              if relations.relation(*p, *h) != relations.reference_relation(*p, *h)]
    assert not differ
