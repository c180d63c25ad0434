"""Names of the relations several sources give or the features test for.

A relation only one source gives is named in that source's module
(:mod:`lexical_resources.lists`); every relation's class, rank and inverse are declared with its
source (:mod:`lexical_resources.registry`).
"""
from __future__ import annotations

#: The same token, and the same lemma.
EXACT, LEMMA = "exact", "lemma"
#: WordNet's relations, named from the hypothesis word's point of view: *animal* is a hypernym of
#: *dog* (more general), *car* a holonym of *wheel* (a whole it is part of).
SYNONYM, HYPERNYM, HYPONYM, ANTONYM = "synonym", "hypernym", "hyponym", "antonym"
HOLONYM, MERONYM, COHYPONYM = "holonym", "meronym", "cohyponym"
#: Words of different classes derived from one another (*grassy* / *grass*).
DERIVATION = "derivation"
#: What the alignment makes of an antonym's comparative with the two things compared traded (*Mary is
#: taller than John* / *John is shorter than Mary*): an equal (:mod:`featurize.families.alignment`).
CONVERSE = "converse"
