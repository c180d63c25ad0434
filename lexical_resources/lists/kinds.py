"""The kinds of WordNet's hierarchy lexnli's WordNet tests read, as data.

WordNet files many words that exclude one another in a sentence's slot far apart (a dog and a
horse, a beach and a park), names some drinks only by a compound, and keeps some plurals as
lemmas of their own; :class:`~lexical_resources.wordnet.WordNet` reads these tables to know it.

>>> IRREGULAR_SINGULARS["men"], PLURAL_LEMMAS["people"]
('man', 'person')
>>> "vertebrate.n.01" in KINDS_APART, "food.n.02" in FOODS
(True, True)
"""
from __future__ import annotations

import re

#: Irregular English noun plurals, singular -> plural.
IRREGULAR_PLURALS = {"man": "men", "woman": "women", "child": "children", "person": "people", "foot": "feet",
                     "tooth": "teeth", "mouse": "mice", "goose": "geese"}
#: The same, plural -> singular (*men* -> *man*: WordNet keeps *men* as a lemma of its own).
IRREGULAR_SINGULARS = {plural: singular for singular, plural in IRREGULAR_PLURALS.items()}
#: Plurals that WordNet's exception lists lack because the plural is a lemma of its own (a
#: group): *people* is also the plural of *person*.
PLURAL_LEMMAS = {IRREGULAR_PLURALS[singular]: singular for singular in ("person",)}

#: Shallow hypernyms whose members are still mutually exclusive in a sentence's slot: peoples by
#: place (*German* / *Japanese* meet at *inhabitant*, depth 4, via *European* and *Asian*),
#: natural languages, drinks (*coffee* / *beer* meet at *beverage*, depth 5, 1 and 3 links up),
#: materials (*wood* / *stone*), structures (*kitchen* / *garage* meet at *structure*, depth 5,
#: through *room* and *building*, 3 links up each) and fruit and vegetables (*apple* / *carrot* meet
#: at *produce*, depth 5, 2 and 3 links up). Co-hyponyms may meet there up to 3 links up.
BROAD_CATEGORIES = frozenset({"inhabitant.n.01", "natural_language.n.01", "beverage.n.01", "material.n.01",
                              "structure.n.01", "produce.n.01"})
#: Kinds whose members exclude one another in a sentence's slot however deep WordNet files them:
#: *dog* / *horse* meet only at *placental* (3 and 4 links up), *guitar* / *saxophone* at
#: *musical instrument* (2 and 5), *baseball* / *tennis* at *sport* (5 and 3), *truck* / *train*
#: at *conveyance* (5 and 2), *white* / *beige* at *color* (2 and 3), *beach* / *cliff* at *geological
#: formation*, *ocean* / *river* at *body of water*. Two words that are both such a kind (and
#: neither a kind of the other) are co-hyponyms.
KINDS_APART = frozenset({"vertebrate.n.01", "musical_instrument.n.01", "sport.n.01", "conveyance.n.03", "color.n.01",
                         "geological_formation.n.01", "body_of_water.n.01"})
#: Kinds of scene: natural formations (*beach*, *mountain*), bodies of water (*ocean*, *lake*),
#: biomes (*desert*), vegetation (*forest*) and geographical areas (*city*, *park*, *field*). WordNet
#: files them in five hierarchies that meet only near the root, yet a scene is of one kind, not
#: another: a word of one kind and a word of another (*beach* / *park*, *forest* / *lake*) are
#: co-hyponyms, unless one is a kind or a part of the other (*park* / *city*: a meronym).
SCENES = frozenset({"geological_formation.n.01", "body_of_water.n.01", "biome.n.01", "vegetation.n.01",
                    "geographical_area.n.01"})
#: WordNet's two roots of things eaten or drunk: food as nutrient (drinks, dishes, foodstuffs) and
#: solid food (produce, baked goods, cheese); they meet only at *matter*. Meals are foods that name
#: no one food (*pizza* for *dinner*).
FOODS, MEALS = frozenset({"food.n.01", "food.n.02"}), frozenset({"meal.n.01"})
#: Abstractions inherit no parts (see ``inherit_parts``).
ABSTRACTION = "abstraction.n.06"
#: A synset is a *place* when it is a kind (or an instance) of one of these: countries, regions
#: and continents are locations; islands and peninsulas are land.
PLACE_KINDS = frozenset({"location.n.01", "land.n.04"})
#: WordNet's files of nouns for animals and for people.
ANIMAL_FILE, PERSON_FILE = "noun.animal", "noun.person"
#: Young animals (*kitten*, *foal*) are kinds of this, and their species is named in the gloss.
YOUNG = "young.n.01"
YOUNG_GLOSS = re.compile(r"(?:an? )?young (?:(?:male|female|domestic) )*([a-z]+)\b")
#: Fabrics and building materials are artifacts in WordNet, not substances: a kind of either is
#: a material too (*denim*, *brick*).
ARTIFACT_MATERIALS = frozenset({"fabric.n.01", "building_material.n.01"})
#: How many part / member links up :meth:`WordNet.is_within` looks (Germany -> Europe -> Eurasia).
PLACE_LINKS = 4
#: Drinks WordNet names only by a compound: its *water* is a compound or a body of water, its
#: *juice* the liquid in a plant, and only *drinking water* and *fruit juice* are beverages. In a
#: drink's slot (*drinks water*, *a glass of juice*) the bare word is the compound, so the compound
#: is read as the word's second sense: *water* / *coffee* are co-hyponyms, *water* -> *beverage* a
#: hypernym.
COMPOUND_SENSES = {"water": "drinking_water.n.01", "juice": "fruit_juice.n.01"}
#: Where in a word's senses the compound's sense is read (0 = most frequent).
COMPOUND_RANK = 1
