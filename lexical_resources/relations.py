"""How a hypothesis word relates to a premise word, from every resource lexnli has.

One call, :meth:`WordRelations.relation`, answers with a relation and the resource that gave it, in
a fixed order of precedence: the same token; numbers (cardinals and ordinals, digits or words); two
hyphenated modifiers with the same second part as their first parts (*long-sleeved* /
*short-sleeved*: antonyms); the same lemma; people's ages and genders
(:mod:`~lexical_resources.people`: *boy* / *man* and *man* / *lady* differ, which WordNet does not
know), and people called a kind of person (*man* -> *farmer*, *boy* -> *son*: more specific,
whatever WordNet's rarer senses say); places outdoors or indoors against words that say only that,
and two such words apart (:mod:`~lexical_resources.settings`: *street* -> *outside*, *kitchen* /
*outside*, *indoors* / *outdoors*); kinds of weather (:mod:`~lexical_resources.weather`: *sunny* /
*rainy*); times of day (:mod:`~lexical_resources.times`: *night* / *noon*); places (nationality and
other place adjectives compared through the places they pertain to, and place names through the
places they name, :meth:`~lexical_resources.wordnet.WordNet.place`: *German* / *French* and *Japan*
/ *Africa* are co-hyponyms, two places apart; *German* -> *European* a holonym, Germany is part of
Europe; the reverse a meronym; *Japanese* / *Japan* one place, a derivation); WordNet synonym,
hypernym (the hypothesis word is more general: *dog* -> *animal*), hyponym (more specific), antonym,
holonym/meronym and close co-hyponym
(:meth:`~lexical_resources.wordnet.WordNet.is_close_cohyponym`), and VerbOcean for two verbs, with
the words read in their tagged classes; for two nouns WordNet does not relate, two occupations or a
person and an animal (:mod:`~lexical_resources.people`: *doctor* / *teacher*, *man* / *bear*), or
two foods (:meth:`~lexical_resources.wordnet.WordNet.is_food`: *sandwich* / *cheese*); for two verbs
no resource relates, sleeping against an action or being awake
(:mod:`~lexical_resources.activities`: *run* / *sleep*); then ``derivation`` for words of different
classes derived from one another (*grassy* / *grass*); then WordNet again with the words read in the
other open classes (taggers confuse them: *Old* as NNP, *standing* as NN); last, words that name
materials are co-hyponyms (*wooden* / *metal*) whatever WordNet's hierarchy says.

Each relation falls in one of four classes that say what it does to entailment when the
hypothesis word takes the premise word's place: ``equal`` and ``general`` keep it, ``specific``
adds information (neutral), ``conflict`` contradicts.
"""
from __future__ import annotations

from functools import lru_cache, partial

from .activities import activity_relation
from .numbers import number_relation
from .people import age_relation, being_relation, gender_relation, occupation_relation, person_relation
from .settings import is_setting_word, setting_relation
from .times import time_relation
from .weather import weather_relation
from .wordnet import wordnet_pos

#: Relation -> what substituting the hypothesis word for the premise word does to entailment.
#: ``number_total`` is not a relation of two words: the alignment family gives it to a number that
#: several premise mentions add up to (*A man and a woman* / *Two people*).
RELATION_CLASSES = {
    "exact": "equal", "lemma": "equal", "synonym": "equal", "derivation": "equal", "number_same": "equal",
    "number_total": "equal", "ordinal_same": "equal", "vo_similar": "equal",
    "hypernym": "general", "holonym": "general", "vo_stronger": "general", "person_general": "general",
    "setting_general": "general",
    "hyponym": "specific", "meronym": "specific", "vo_weaker": "specific", "person_specific": "specific",
    "setting_specific": "specific",
    "antonym": "conflict", "cohyponym": "conflict", "number_different": "conflict",
    "ordinal_different": "conflict", "vo_opposite": "conflict", "age_different": "conflict",
    "gender_different": "conflict", "sleep_action": "conflict", "manner_different": "conflict",
    "occupation_different": "conflict", "being_different": "conflict", "weather_different": "conflict",
    "setting_different": "conflict", "time_different": "conflict",
}
#: Relations in order of preference when a hypothesis word could align to several premise words.
RELATION_ORDER = ("exact", "lemma", "number_same", "number_total", "ordinal_same", "synonym", "derivation",
                  "vo_similar", "hypernym", "holonym", "vo_stronger", "person_general", "setting_general",
                  "antonym", "number_different", "ordinal_different", "age_different", "gender_different",
                  "occupation_different", "being_different", "weather_different", "time_different",
                  "setting_different", "sleep_action", "manner_different", "vo_opposite", "cohyponym", "hyponym",
                  "person_specific", "setting_specific", "meronym", "vo_weaker")
RELATION_RANK = {relation: rank for rank, relation in enumerate(RELATION_ORDER)}
#: Relation of word b to word a -> relation of word a to word b (*animal* is a hypernym of *dog*,
#: so *dog* is a hyponym of *animal*); the relations not named here are symmetric.
INVERSE_RELATIONS = {"hypernym": "hyponym", "hyponym": "hypernym", "holonym": "meronym", "meronym": "holonym",
                     "vo_stronger": "vo_weaker", "vo_weaker": "vo_stronger",
                     "person_specific": "person_general", "person_general": "person_specific",
                     "setting_specific": "setting_general", "setting_general": "setting_specific"}
#: The resource behind each relation, for explanations.
SOURCES = {"exact": "token", "number_same": "numbers", "number_total": "numbers",
           "number_different": "numbers", "ordinal_same": "numbers", "ordinal_different": "numbers",
           "age_different": "age groups",
           "gender_different": "genders", "occupation_different": "occupations",
           "being_different": "people and animals (WordNet's files)",
           "person_specific": "people", "person_general": "people",
           "weather_different": "weather", "time_different": "times of day", "sleep_action": "activities",
           **{r: "settings" for r in ("setting_general", "setting_specific", "setting_different")},
           "manner_different": "VerbOcean, WordNet verb files",
           **{r: "VerbOcean" for r in RELATION_CLASSES if r.startswith("vo_")}}

_MEMO_LIMIT = 1_000_000
#: VerbOcean's links (:meth:`~lexical_resources.verbocean.VerbOcean.link`) as relations; *happens before* says nothing here.
_VERBOCEAN_RELATIONS = {"similar": "vo_similar", "stronger": "vo_stronger", "can_result_in": "vo_stronger",
                        "weaker": "vo_weaker", "opposite": "vo_opposite"}
#: VerbOcean's strengths, which between two verbs of motion are manners that exclude each other.
_STRENGTHS = frozenset({"vo_stronger", "vo_weaker"})
#: WordNet's verb file of motion (*walk*, *run*, *ride*, *swim*).
_MOTION = "verb.motion"
#: The parts of speech a place adjective may be tagged with (*German*: JJ, or NNP).
_PLACE_POS = frozenset({"a", "n"})
#: The parts of speech of words for people of a gender (*woman*, and *female* as a noun or an adjective).
_PEOPLE_POS = _PLACE_POS
#: The parts of speech a weather adjective may be tagged with (*sunny*: JJ, or NN before *day*).
_WEATHER_POS = _PLACE_POS
#: Ages and kinds of person are read between nouns; *outside* and *indoors* whatever their tags
#: (adverbs, adjectives or nouns).
_NOUN = frozenset({"n"})
_ANY_CLASS = frozenset({"a", "n", "v", "r"})
#: Open word classes, in the order both words are read in when their tags give no relation.
_OPEN_CLASSES = ("a", "n", "v")
#: :func:`~lexical_resources.wordnet.wordnet_pos`, remembered per tag (a pair's relation reads two).
_word_class = lru_cache(maxsize=1024)(wordnet_pos)


@lru_cache(maxsize=64)
def _readings(p_pos: str, h_pos: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The parts of speech to compare two words as: their tags' classes, then the other open classes.

    Taggers confuse the open classes, most of all on near-copies of a sentence, where a word
    stands in another's slot (*Old* as NNP at the start of a sentence, *standing* as NN, *plastic*
    as JJ beside *metal* as NN): a relation is looked for in the tagged reading first, then in
    the others (*old* / *young* are antonyms as adjectives whatever their tags). Two adverbs are
    also read as adjectives (*fast* / *slow*), never as nouns or verbs.
    """
    tagged = tuple(dict.fromkeys((p_pos, h_pos)))
    if p_pos == "r" and h_pos == "r":
        return tagged, ("a",)
    return tagged, tuple(pos for pos in _OPEN_CLASSES if pos not in tagged)


class WordRelations:
    """Relations between a premise word and a hypothesis word, remembered per word pair.

    Parameters
    ----------
    wordnet : lexical_resources.WordNet
        Lemmas and WordNet relations.
    verbocean : lexical_resources.VerbOcean or None
        Verb relations; None leaves them out.
    """

    def __init__(self, wordnet, verbocean=None):
        self.wordnet = wordnet
        self.verbocean = verbocean
        # lexnli's own word lists, read before WordNet, in this order, each for words of the given classes.
        self._lists = ((age_relation, _NOUN), (gender_relation, _PEOPLE_POS),
                       (partial(person_relation, noun_file=wordnet.noun_file), _NOUN),
                       (setting_relation, _ANY_CLASS), (weather_relation, _WEATHER_POS),
                       (time_relation, _ANY_CLASS))
        self._memo: dict[tuple, str | None] = {}

    def relation(self, premise_token: str, premise_tag: str, hypothesis_token: str, hypothesis_tag: str) -> str | None:
        """The relation of the hypothesis word to the premise word (a key of :data:`RELATION_CLASSES`), or None."""
        key = (premise_token, premise_tag[:1], hypothesis_token, hypothesis_tag[:1])
        found = self._memo.get(key, self._memo)
        if found is self._memo:
            if len(self._memo) > _MEMO_LIMIT:
                self._memo.clear()
            found = self._memo[key] = self._relation(premise_token, premise_tag, hypothesis_token, hypothesis_tag)
        return found

    def relation_back(self, hypothesis_token: str, hypothesis_tag: str, premise_token: str,
                      premise_tag: str) -> str | None:
        """The relation of the premise word to the hypothesis word, for reading a pair the other way
        round: the inverse (:data:`INVERSE_RELATIONS`) of :meth:`relation`, whose memo it shares."""
        found = self.relation(premise_token, premise_tag, hypothesis_token, hypothesis_tag)
        return INVERSE_RELATIONS.get(found, found)

    def _relation(self, p: str, p_tag: str, h: str, h_tag: str) -> str | None:
        if p == h:
            return "exact"
        numbers = number_relation(p, h)
        if numbers is not None:
            return numbers
        p_first, dash, p_rest = p.partition("-")
        if dash and p_first and p_rest:
            h_first, dash, h_rest = h.partition("-")
            if dash and h_rest == p_rest and h_first:
                # One hyphenated modifier for another with the same second part (*long-sleeved* /
                # *short-sleeved*, *blond-haired* / *dark-haired*): their first parts differ.
                return self.relation(p_first, "JJ", h_first, "JJ")
        p_pos, h_pos = _word_class(p_tag), _word_class(h_tag)
        if not p_pos or not h_pos:
            return None
        wn = self.wordnet
        p_lemma, h_lemma = wn.lemma(p, p_pos), wn.lemma(h, h_pos)
        if p_lemma == h_lemma:
            return "lemma"
        for listed, classes in self._lists:
            if p_pos in classes and h_pos in classes:
                found = listed(p_lemma, h_lemma)
                if found is not None:
                    return found
        if p_pos in _PLACE_POS and h_pos in _PLACE_POS:
            # Taggers read nationalities as JJ or NNP: compare them as places whatever the tag.
            found = self._places(p, h)
            if found is not None:
                return found
        tagged, others = _readings(p_pos, h_pos)
        found = self._read_as(p, h, tagged, p_pos == h_pos == "v")
        if found == "cohyponym" and is_setting_word(p_lemma, h_lemma):
            # WordNet's outside is a region of a thing, a sibling of front and top: no conflict.
            found = None
        if found is None and p_pos == h_pos == "n":
            # WordNet's relations between two occupations (*surgeon* -> *doctor*) come first; a person
            # and an animal meet in WordNet only at *organism*, too far up to be close co-hyponyms,
            # and two foods (*sandwich* / *cheese*, *champagne* / *tea*) may meet only at *food*.
            found = occupation_relation(p_lemma, h_lemma) or being_relation(p_lemma, h_lemma, wn.noun_file) \
                or ("cohyponym" if wn.is_food(p_lemma) and wn.is_food(h_lemma) else None)
        if found is None and "v" in (p_pos, h_pos):
            # both read as verbs: a tagger often makes a noun of the word in the other's slot (*sleeps*/NNS)
            found = activity_relation(wn.lemma(p, "v"), wn.lemma(h, "v"), wn.verb_file)
        if found is None and p_pos != h_pos and wn.is_derived(p, h):
            # One concept in two parts of speech: "a grassy field" / "the grass".
            found = "derivation"
        return found or self._read_as(p, h, others) or self._materials(p, h)

    def _read_as(self, p: str, h: str, classes, verbs: bool = False) -> str | None:
        """The first relation the words have read as each of ``classes`` (VerbOcean's too, for two verbs)."""
        for pos in classes:
            found = self.wordnet.close_relation(p, h, pos)
            if found is None and pos == "v" and verbs and self.verbocean is not None:
                found = self._verbocean(self.wordnet.lemma(p, "v"), self.wordnet.lemma(h, "v"))
            if found is not None:
                return found
        return None

    def _verbocean(self, p_lemma: str, h_lemma: str) -> str | None:
        """VerbOcean's relation of two verb lemmas; ``manner_different`` for a strength between two
        ways of moving (verbs of motion, :data:`_MOTION`, by their most frequent senses, neither a
        root of WordNet's verb hierarchy: *move*, *leave* and *enter* name no way of moving):
        VerbOcean has *run* stronger than *walk*, but one who runs is not walking, and SNLI's
        annotators call the swap a contradiction."""
        found = _VERBOCEAN_RELATIONS.get(self.verbocean.link(p_lemma, h_lemma))
        wn = self.wordnet
        if found in _STRENGTHS and wn.verb_file(p_lemma) == _MOTION == wn.verb_file(h_lemma) \
                and not wn.is_verb_root(p_lemma) and not wn.is_verb_root(h_lemma):
            return "manner_different"
        return found

    def _materials(self, p: str, h: str) -> str | None:
        """``cohyponym`` for two words that name different materials (*wooden* / *metal*,
        *leather* / *denim*: :meth:`~lexical_resources.wordnet.WordNet.materials`), ``synonym``
        for one material (*wooden* / *wood*), else None."""
        p_materials = self.wordnet.materials(p)
        if not p_materials:
            return None
        h_materials = self.wordnet.materials(h)
        if not h_materials:
            return None
        return "cohyponym" if p_materials.isdisjoint(h_materials) else "synonym"

    def _places(self, p: str, h: str) -> str | None:
        """``cohyponym`` for two different places (*German* / *French*), ``holonym`` when the
        hypothesis place contains the premise's (*German* -> *European*), ``meronym`` the
        reverse, ``derivation`` for one place (*Japanese* / *Japan*); None unless both words are
        place adjectives or place names."""
        p_place = self.wordnet.place(p)
        if p_place is None:
            return None
        h_place = self.wordnet.place(h)
        if h_place is None:
            return None
        if self.wordnet.is_same_place(p_place, h_place):
            # One place named by an adjective and a noun (*Japanese* / *Japan*), or by two names.
            return "derivation"
        if self.wordnet.is_within(p_place, h_place):
            return "holonym"
        if self.wordnet.is_within(h_place, p_place):
            return "meronym"
        return "cohyponym"
