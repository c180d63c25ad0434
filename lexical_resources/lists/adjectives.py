"""Adjective classes: what an adjective before a noun says of the thing the noun names.

Most adjectives are *intersective*: a red car is a car and a red thing, so the noun may be made
more general with the adjective kept (*a red car* / *a red vehicle*). Kamp & Partee (1995) name
the others, and these tables list them by lemma, lowercased:

* **subsective** (:data:`SUBSECTIVE`): relative to the noun's class. A small elephant is an
  elephant, but not a small animal; a skilled surgeon is a surgeon, not a skilled person. The
  adjective may be dropped, not kept over a more general noun.
* **privative** (:data:`PRIVATIVE`): a fake gun is not a gun, a former senator not a senator.
* **non-subsective** (:data:`NON_SUBSECTIVE`): an alleged thief may be a thief or not.

Comparatives (*taller than*) are read from the tree (:mod:`featurize.reading`); the comparative
of an adjective and that of its antonym with the two things compared swapped say the same thing
(*Mary is taller than John* / *John is shorter than Mary*): the alignment links them as
:data:`~lexical_resources.names.CONVERSE`. An equative's two sides may trade places (*Mary is as
tall as John* / *John is as tall as Mary*), and an adjective of one degree supports none of another
that compares (*tall* / *as tall as John*, *as tall as John* / *taller than John*).

>>> adjective_class("fake"), adjective_class("alleged"), adjective_class("small"), adjective_class("red")
('privative', 'non_subsective', 'subsective', 'intersective')
>>> SUBSECTIVE & PRIVATIVE, SUBSECTIVE & NON_SUBSECTIVE, PRIVATIVE & NON_SUBSECTIVE
(frozenset(), frozenset(), frozenset())
"""
from __future__ import annotations

INTERSECTIVE, SUBSECTIVE_CLASS, PRIVATIVE_CLASS, NON_SUBSECTIVE_CLASS = (
    "intersective", "subsective", "privative", "non_subsective")

#: Gradable adjectives whose standard is set by the noun's class: size, speed, weight, price and quality
#: or skill. Not age: a young boy is a young child, as SNLI's annotators read it.
SUBSECTIVE = frozenset({
    "small", "little", "tiny", "big", "large", "huge", "giant", "enormous", "tall", "short", "long", "high", "low",
    "wide", "narrow", "thick", "thin", "fat", "heavy", "light", "fast", "quick", "slow", "good", "bad", "great",
    "poor", "excellent", "terrible", "skilled", "skillful", "talented", "expert", "experienced", "strong", "weak",
    "cheap", "expensive",
})
#: Adjectives that deny the noun of what they describe.
PRIVATIVE = frozenset({
    "fake", "artificial", "toy", "former", "imitation", "mock", "pretend", "faux", "fictional", "counterfeit",
    "false", "virtual", "ex", "stuffed", "replica", "fictitious", "phony", "phoney", "simulated",
})
#: Adjectives that leave open whether what they describe is what the noun names.
NON_SUBSECTIVE = frozenset({
    "alleged", "supposed", "so-called", "would-be", "potential", "possible", "apparent", "presumed", "suspected",
    "future", "prospective", "likely", "probable", "putative", "self-proclaimed",
})

def adjective_class(lemma: str) -> str:
    """The class of an adjective given by its lemma: ``privative``, ``non_subsective``, ``subsective``
    or ``intersective`` (any adjective not listed)."""
    if lemma in PRIVATIVE:
        return PRIVATIVE_CLASS
    if lemma in NON_SUBSECTIVE:
        return NON_SUBSECTIVE_CLASS
    return SUBSECTIVE_CLASS if lemma in SUBSECTIVE else INTERSECTIVE
