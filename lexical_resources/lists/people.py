"""Words for people of an age, a gender or an occupation: a child (*boy*, *girl*) is no adult
(*man*, *woman*), a woman (*lady*, *mother*) no man (*gentleman*, *father*), and a doctor no teacher.

Swapping one for the other is how many NLI contradictions are made (*A boy is running* / *A man
is running*, *Two men are kicking* / *Two ladies are kicking*), and WordNet does not keep them
apart: it files *girl* under *woman* ("a young woman") and *boy*'s second sense ("a friendly
informal reference to a grown man") under *man*, so a hypothesis that turns a boy into a man
reads as more general; and it relates *man* to *woman* (antonyms) but not to *lady*.
The lists hold the common words, as noun lemmas (singular). Relational words (*son*, *mother*)
say a gender but not an age, so they are in the gender lists only; words now used of either
gender (*actor*, *waiter*) are in neither.

Occupations are swapped for one another the same way (*A doctor examines a patient* / *A teacher
examines a patient*), and WordNet relates few of them: *doctor* reaches *professional* three
links up and *teacher* two, so they are not close co-hyponyms, and *farmer* (a creator) and
*chef* (a skilled worker) meet only at *person*. :data:`OCCUPATIONS` lists common trades whose
holders are, in a photograph's caption, different people; words for what someone happens to be
doing (*player*, *driver*, *vendor*, *performer*) and broad or ambiguous ones (*worker*,
*officer*, *artist*) are left out, since one person can be both. WordNet's own relations between
two of them (*surgeon* -> *doctor*, *fireman* = *firefighter*) come first
(:mod:`~lexical_resources.relations`).

A person is no animal: *A man is working on a computer* / *A bear is working on a computer*, *Various
people shop* / *Various cats shop* are contradictions SNLI's annotators often wrote, and WordNet files
people and animals under *organism*, far too general for the two to be close co-hyponyms
(:func:`being_relation`).

People named by a plain word (*man*, *women*, *people*: :data:`PERSONS`) and called a kind of
person in the hypothesis (*farmer*, *tourists*, *husband*, *friends*: a noun WordNet files among
its nouns for people) are said to be more than the premise says (:func:`person_relation`).
"""
from __future__ import annotations

from collections.abc import Callable

from ..registry import CONFLICT, GENERAL, NOMINAL, NOUN, SPECIFIC, Relation, relation_source
from .kinds import ANIMAL_FILE, IRREGULAR_SINGULARS, PERSON_FILE

AGE_DIFFERENT, GENDER_DIFFERENT = "age_different", "gender_different"
OCCUPATION_DIFFERENT, BEING_DIFFERENT = "occupation_different", "being_different"
#: A kind of person for a plain word for people (*man* -> *farmer*), and the reverse.
PERSON_SPECIFIC, PERSON_GENERAL = "person_specific", "person_general"

CHILDREN = frozenset({"boy", "girl", "child", "kid", "toddler", "baby", "infant", "youngster", "schoolboy",
                      "schoolgirl", "preschooler"})
ADULTS = frozenset({"man", "woman", "lady", "gentleman", "guy", "adult", "grownup"})
FEMALES = frozenset({"woman", "girl", "lady", "female", "mother", "mom", "mum", "grandmother", "grandma",
                     "sister", "daughter", "granddaughter", "wife", "bride", "girlfriend", "aunt", "niece",
                     "queen", "princess", "nun", "schoolgirl", "cowgirl", "policewoman", "businesswoman",
                     "gal", "madam", "widow"})
MALES = frozenset({"man", "boy", "guy", "gentleman", "male", "father", "dad", "daddy", "grandfather", "grandpa",
                   "brother", "son", "grandson", "husband", "groom", "bridegroom", "boyfriend", "uncle",
                   "nephew", "king", "prince", "monk", "schoolboy", "cowboy", "policeman", "businessman",
                   "fireman", "fisherman", "lad", "dude", "widower"})

#: Words for people that say nothing more of them than an age group or a gender.
PERSONS = CHILDREN | ADULTS | frozenset({"person", "people", "individual", "human", "someone", "somebody",
                                         "teenager", "teen", "youth", "male", "female", "dude", "fellow", "chap",
                                         "lad", "gal", "bloke"})
#: Common trades whose holders are different people in a caption (see above).
OCCUPATIONS = frozenset({"doctor", "nurse", "dentist", "surgeon", "teacher", "professor", "student", "lawyer",
                         "judge", "farmer", "chef", "cook", "baker", "butcher", "waiter", "waitress", "bartender",
                         "pilot", "soldier", "sailor", "policeman", "policewoman", "cop", "firefighter", "fireman",
                         "mechanic", "carpenter", "plumber", "electrician", "scientist", "priest", "nun",
                         "astronaut", "miner", "janitor", "mailman", "postman", "librarian", "cashier", "barber",
                         "hairdresser", "fisherman"})


def _singular(lemma: str) -> str:
    """WordNet's lemma of *men* is *men* (a lemma of its own: a group): irregular plurals are read here."""
    return IRREGULAR_SINGULARS.get(lemma, lemma)


def _apart(premise_lemma: str, hypothesis_lemma: str, one: frozenset, other: frozenset) -> bool:
    p, h = _singular(premise_lemma), _singular(hypothesis_lemma)
    return p in one and h in other or p in other and h in one


def _in(words: frozenset) -> Callable:
    """What a source that reads only ``words`` (singular noun lemmas) needs of a word: to be one of them."""
    return lambda word: _singular(word.lemma) in words


def _is_person(word) -> bool:
    """Whether the word is a plain word for people or a noun filed among people: what :func:`person_relation` needs."""
    lemma = _singular(word.lemma)
    return lemma in PERSONS or word.noun_file(lemma) == PERSON_FILE


def _is_being(word) -> bool:
    """Whether the word is a person or an animal as :func:`being_relation` reads it."""
    lemma = _singular(word.lemma)
    return lemma in PERSONS or word.noun_file(lemma) in (PERSON_FILE, ANIMAL_FILE)


@relation_source("age groups", order=500, reads=NOUN, needs=_in(CHILDREN | ADULTS),
                 relations=(Relation(AGE_DIFFERENT, CONFLICT, 30),))
def age_relation(premise_lemma: str, hypothesis_lemma: str) -> str | None:
    """``'age_different'`` when one noun lemma names a child and the other an adult, else None."""
    return AGE_DIFFERENT if _apart(premise_lemma, hypothesis_lemma, CHILDREN, ADULTS) else None


@relation_source("genders", order=510, reads=NOMINAL, needs=_in(FEMALES | MALES),
                 relations=(Relation(GENDER_DIFFERENT, CONFLICT, 40),))
def gender_relation(premise_lemma: str, hypothesis_lemma: str) -> str | None:
    """``'gender_different'`` when one lemma names a woman or girl and the other a man or boy, else None."""
    return GENDER_DIFFERENT if _apart(premise_lemma, hypothesis_lemma, FEMALES, MALES) else None


@relation_source("occupations", order=800, reads=NOUN, needs=_in(OCCUPATIONS),
                 relations=(Relation(OCCUPATION_DIFFERENT, CONFLICT, 50),))
def occupation_relation(premise_lemma: str, hypothesis_lemma: str) -> str | None:
    """``'occupation_different'`` when the noun lemmas name two different occupations, else None.

    >>> occupation_relation("doctor", "teacher"), occupation_relation("doctor", "man")
    ('occupation_different', None)
    """
    p, h = _singular(premise_lemma), _singular(hypothesis_lemma)
    return OCCUPATION_DIFFERENT if p != h and p in OCCUPATIONS and h in OCCUPATIONS else None


@relation_source("people", order=520, reads=NOUN, arguments=("premise_lemma", "hypothesis_lemma", "noun_file"),
                 needs=_is_person,
                 relations=(Relation(PERSON_SPECIFIC, SPECIFIC, 10, inverse=PERSON_GENERAL),
                            Relation(PERSON_GENERAL, GENERAL, 30, inverse=PERSON_SPECIFIC)))
def person_relation(premise_lemma: str, hypothesis_lemma: str, noun_file: Callable[[str], str | None]) -> str | None:
    """``'person_specific'`` when the premise noun lemma is a plain word for people (:data:`PERSONS`)
    and the hypothesis calls them a kind of person (a word outside :data:`PERSONS` whose most frequent
    noun sense ``noun_file(lemma)`` files under :data:`PERSON_FILE`), else None.

    *man* -> *farmer*, *people* -> *tourists*, *boy* -> *son*, *women* -> *friends*: what the
    people do, are or are to one another is new information (SNLI's annotators mostly answer
    neutral). WordNet makes some of these co-hyponyms through a rare sense of *man* (*man* /
    *farmer*), hypernyms (*man* -> *worker*) or synonyms (*boy* / *son*).

    >>> files = {"farmer": "noun.person", "dog": "noun.animal"}.get
    >>> person_relation("man", "farmer", files), person_relation("farmer", "man", files)
    ('person_specific', None)
    >>> person_relation("man", "dog", files) is None
    True
    """
    p, h = _singular(premise_lemma), _singular(hypothesis_lemma)
    return PERSON_SPECIFIC if p in PERSONS and h not in PERSONS and noun_file(h) == PERSON_FILE else None


@relation_source("people and animals (WordNet's files)", order=810, reads=NOUN, needs=_is_being,
                 arguments=("premise_lemma", "hypothesis_lemma", "noun_file"),
                 relations=(Relation(BEING_DIFFERENT, CONFLICT, 60),))
def being_relation(premise_lemma: str, hypothesis_lemma: str, noun_file: Callable[[str], str | None]) -> str | None:
    """``'being_different'`` when one noun lemma names a person and the other an animal, else None.

    A person is a word of :data:`PERSONS` or one whose most frequent noun sense ``noun_file(lemma)``
    files under :data:`PERSON_FILE`; an animal is any other word whose most frequent noun sense files
    under :data:`ANIMAL_FILE`. Only the most frequent sense counts, since rarer ones cross over both
    ways (*dog*: "a dull unattractive person", *head*: a head of cattle), and the words of
    :data:`PERSONS` are people whatever their first sense (WordNet's *female* is first "an animal
    that produces gametes").

    >>> files = {"man": "noun.person", "bear": "noun.animal", "female": "noun.animal"}.get
    >>> being_relation("man", "bear", files), being_relation("bear", "man", files)
    ('being_different', 'being_different')
    >>> being_relation("female", "bear", files), being_relation("female", "man", files)
    ('being_different', None)
    """
    kinds = {PERSON_FILE if lemma in PERSONS else noun_file(lemma)
             for lemma in (_singular(premise_lemma), _singular(hypothesis_lemma))}
    return BEING_DIFFERENT if kinds == {PERSON_FILE, ANIMAL_FILE} else None
