"""The relation sources over the resources: the token, WordNet (lemmas, relations, places, foods,
derivations, materials) and VerbOcean.

Each is declared with :func:`~lexical_resources.registry.relation_source`; the hand lists declare
theirs in :mod:`lexical_resources.lists`. A source is given the words it names (:class:`Words`
attributes); ``order`` says when it is asked (``python -m lexical_resources --list`` shows all of
them in order).
"""
from __future__ import annotations

from .lists.settings import is_setting_word
from .names import ANTONYM, COHYPONYM, CONVERSE, DERIVATION, EXACT, HOLONYM, HYPERNYM, HYPONYM, LEMMA, MERONYM, SYNONYM
from .registry import (ANY_CLASS, CONFLICT, EQUAL, GENERAL, NOMINAL, NOUN, SPECIFIC, UNRELATED, VERB, Relation,
                       relation_source)

#: VerbOcean's verb relations, and a manner of moving against another.
VO_SIMILAR, VO_STRONGER, VO_WEAKER, VO_OPPOSITE = "vo_similar", "vo_stronger", "vo_weaker", "vo_opposite"
MANNER_DIFFERENT = "manner_different"
#: VerbOcean's links (:meth:`~lexical_resources.verbocean.VerbOcean.link`) as relations; *happens
#: before* says nothing here.
_VERBOCEAN_RELATIONS = {"similar": VO_SIMILAR, "stronger": VO_STRONGER, "can_result_in": VO_STRONGER,
                        "weaker": VO_WEAKER, "opposite": VO_OPPOSITE}
#: VerbOcean's strengths, which between two verbs of motion are manners that exclude each other.
_STRENGTHS = frozenset({VO_STRONGER, VO_WEAKER})
#: WordNet's verb file of motion (*walk*, *run*, *ride*, *swim*).
_MOTION = "verb.motion"


@relation_source("token", order=100, reads=None, arguments=("premise", "hypothesis"),
                 relations=(Relation(EXACT, EQUAL, 0),))
def same_token(premise: str, hypothesis: str) -> str | None:
    """The same token."""
    return EXACT if premise == hypothesis else None


def _parts(token: str) -> tuple[str, str] | None:
    """A hyphenated token's first part and the rest (``"long-sleeved"``: ``("long", "sleeved")``), else None."""
    first, dash, rest = token.partition("-")
    return (first, rest) if dash and first and rest else None


@relation_source("hyphenated modifiers", order=300, reads=None, arguments=("premise", "hypothesis", "relations"),
                 needs=lambda word: _parts(word.token) is not None)
def hyphenated(premise: str, hypothesis: str, relations):
    """Two hyphenated modifiers with the same second part relate as their first parts.

    *long-sleeved* / *short-sleeved*, *blond-haired* / *dark-haired*: the relation of *long* to
    *short* read as adjectives; when they have none, the words are unrelated.
    """
    p_parts = _parts(premise)
    if p_parts is not None:
        h_parts = _parts(hypothesis)
        if h_parts is not None and h_parts[1] == p_parts[1]:
            return relations.relation(p_parts[0], "JJ", h_parts[0], "JJ") or UNRELATED
    return None


@relation_source("WordNet lemmas", order=400, reads=ANY_CLASS,
                 relations=(Relation(LEMMA, EQUAL, 10, source="WordNet"),))
def same_lemma(premise_lemma: str, hypothesis_lemma: str) -> str | None:
    """The same WordNet lemma in the words' tagged classes (*dogs* / *dog*)."""
    return LEMMA if premise_lemma == hypothesis_lemma else None


@relation_source("places", order=600, reads=NOMINAL, arguments=("premise", "hypothesis", "wordnet"),
                 needs=lambda word: word.wordnet.place(word.token) is not None)
def places(premise: str, hypothesis: str, wordnet) -> str | None:
    """Places named by nationality adjectives or place names, compared as places, whatever the tag.

    ``cohyponym`` for two different places (*German* / *French*, *Japan* / *Africa*), ``holonym``
    when the hypothesis place contains the premise's (*German* -> *European*), ``meronym`` the
    reverse, ``derivation`` for one place (*Japanese* / *Japan*); None unless both words are
    place adjectives or place names (:meth:`~lexical_resources.wordnet.WordNet.place`).
    """
    p_place = wordnet.place(premise)
    if p_place is None:
        return None
    h_place = wordnet.place(hypothesis)
    if h_place is None:
        return None
    if wordnet.is_same_place(p_place, h_place):
        return DERIVATION
    if wordnet.is_within(p_place, h_place):
        return HOLONYM
    if wordnet.is_within(h_place, p_place):
        return MERONYM
    return COHYPONYM


@relation_source("WordNet", order=700, reads=ANY_CLASS, arguments=("words",),
                 relations=(Relation(SYNONYM, EQUAL, 50), Relation(HYPERNYM, GENERAL, 0, inverse=HYPONYM),
                            Relation(HOLONYM, GENERAL, 10, inverse=MERONYM), Relation(ANTONYM, CONFLICT, 0),
                            Relation(COHYPONYM, CONFLICT, 130), Relation(HYPONYM, SPECIFIC, 0),
                            Relation(MERONYM, SPECIFIC, 30), Relation(CONVERSE, EQUAL, 80, source="WordNet antonyms")))
def wordnet_tagged(words) -> str | None:
    """WordNet's relations with the words read in their tagged classes, co-hyponyms if close.

    Synonym, hypernym (the hypothesis word is more general: *dog* -> *animal*), hyponym, antonym,
    holonym, meronym and close co-hyponym
    (:meth:`~lexical_resources.wordnet.WordNet.close_relation`). A co-hyponym of a word that says
    only a setting (*outside*) is none: WordNet's *outside* is a region of a thing, a sibling of
    *front* and *top*.
    """
    found = _read_as(words, words.tagged_classes)
    if found == COHYPONYM and is_setting_word(words.premise_lemma, words.hypothesis_lemma):
        return None
    return found


@relation_source("VerbOcean", order=710, reads=VERB, arguments=("premise_verb", "hypothesis_verb", "relations"),
                 needs=lambda word: word.verbocean is not None and word.verbocean.has_verb(word.verb),
                 relations=(Relation(VO_SIMILAR, EQUAL, 70), Relation(VO_STRONGER, GENERAL, 20, inverse=VO_WEAKER),
                            Relation(VO_OPPOSITE, CONFLICT, 120), Relation(VO_WEAKER, SPECIFIC, 40),
                            Relation(MANNER_DIFFERENT, CONFLICT, 110, source="VerbOcean, WordNet verb files")))
def verbocean(premise_verb: str, hypothesis_verb: str, relations) -> str | None:
    """VerbOcean's relation of two verbs; two ways of moving differ.

    ``manner_different`` for a strength between two ways of moving (verbs of motion by their most
    frequent senses, neither a root of WordNet's verb hierarchy: *move*, *leave* and *enter* name
    no way of moving): VerbOcean has *run* stronger than *walk*, but one who runs is not walking,
    and SNLI's annotators call the swap a contradiction.
    """
    if relations.verbocean is None:
        return None
    found = _VERBOCEAN_RELATIONS.get(relations.verbocean.link(premise_verb, hypothesis_verb))
    wn = relations.wordnet
    if found in _STRENGTHS and wn.verb_file(premise_verb) == _MOTION == wn.verb_file(hypothesis_verb) \
            and not wn.is_verb_root(premise_verb) and not wn.is_verb_root(hypothesis_verb):
        return MANNER_DIFFERENT
    return found


@relation_source("foods", order=820, reads=NOUN, arguments=("premise_lemma", "hypothesis_lemma", "wordnet"),
                 needs=lambda word: word.wordnet.is_food(word.lemma))
def foods(premise_lemma: str, hypothesis_lemma: str, wordnet) -> str | None:
    """Two foods or drinks are co-hyponyms (*sandwich* / *cheese*, *champagne* / *tea*).

    By their most frequent noun senses (:meth:`~lexical_resources.wordnet.WordNet.is_food`):
    WordNet's two roots of food meet only at *matter*.
    """
    return COHYPONYM if wordnet.is_food(premise_lemma) and wordnet.is_food(hypothesis_lemma) else None


@relation_source("WordNet derivations", order=1000, reads=ANY_CLASS, arguments=("words",),
                 relations=(Relation(DERIVATION, EQUAL, 60, source="WordNet"),))
def derivation(words) -> str | None:
    """Words of different classes derived from one another: one concept (*grassy* / *grass*)."""
    if words.premise_class != words.hypothesis_class and words.wordnet.is_derived(words.premise, words.hypothesis):
        return DERIVATION
    return None


@relation_source("WordNet, other classes", order=1100, reads=ANY_CLASS, arguments=("words",))
def wordnet_other_classes(words) -> str | None:
    """WordNet's relations with both words read in the other open classes.

    Taggers confuse the open classes, most of all on near copies of a sentence, where a word
    stands in another's slot (*Old* as NNP at the start of a sentence, *standing* as NN,
    *plastic* as JJ beside *metal* as NN); two adverbs are read as adjectives (*fast* / *slow*).
    """
    return _read_as(words, words.other_classes)


@relation_source("materials", order=1200, reads=ANY_CLASS, arguments=("premise", "hypothesis", "wordnet"),
                 needs=lambda word: bool(word.wordnet.materials(word.token)))
def materials(premise: str, hypothesis: str, wordnet) -> str | None:
    """Words that name materials: different ones are co-hyponyms (*wooden* / *metal*), one a synonym.

    Whatever WordNet's hierarchy says (:meth:`~lexical_resources.wordnet.WordNet.materials`:
    *leather* / *denim* co-hyponyms, *wooden* / *wood* synonyms).
    """
    p_materials = wordnet.materials(premise)
    if not p_materials:
        return None
    h_materials = wordnet.materials(hypothesis)
    if not h_materials:
        return None
    return COHYPONYM if p_materials.isdisjoint(h_materials) else SYNONYM


def _read_as(words, classes) -> str | None:
    """The first relation WordNet gives the words read as each of ``classes``; only the classes
    both words have senses in are read, since WordNet relates a word in no other."""
    premise, hypothesis = words.premise_word, words.hypothesis_word
    for pos in classes:
        if premise.has_senses(pos) and hypothesis.has_senses(pos):
            found = words.wordnet.close_relation(words.premise, words.hypothesis, pos)
            if found is not None:
                return found
    return None
