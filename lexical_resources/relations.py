"""How a hypothesis word relates to a premise word, from every resource lexnli has.

:meth:`WordRelations.relation` asks the relation sources of the registry
(:mod:`lexical_resources.registry`: the token, numbers, the hand lists of
:mod:`lexical_resources.lists`, WordNet, VerbOcean, ...) in their order, and the first answer
wins; ``python -m lexical_resources --list`` prints each source with the word classes it reads and
the relations it gives.

Each relation falls in one of four classes that say what it does to entailment when the
hypothesis word takes the premise word's place (:data:`RELATION_CLASSES`): ``equal`` and
``general`` keep it, ``specific`` adds information (neutral), ``conflict`` contradicts.
"""
from __future__ import annotations

from functools import lru_cache
from operator import attrgetter

from . import lists, sources  # noqa: F401  (their modules declare the relation sources)
from .registry import UNRELATED, relations_table
from .registry import sources as declared_sources
from .wordnet import wordnet_pos

_TABLE = relations_table()
#: Relation -> what substituting the hypothesis word for the premise word does to entailment.
RELATION_CLASSES = _TABLE.classes
#: Relations in order of preference when a hypothesis word could align to several premise words.
RELATION_ORDER = _TABLE.order
RELATION_RANK = {relation: rank for rank, relation in enumerate(RELATION_ORDER)}
#: Relation of word b to word a -> relation of word a to word b (*animal* is a hypernym of *dog*,
#: so *dog* is a hyponym of *animal*); the relations not named here are symmetric.
INVERSE_RELATIONS = _TABLE.inverses
#: The resource behind each relation, for explanations.
RELATION_SOURCES = _TABLE.sources

#: How many word pairs a :class:`WordRelations` remembers before it (and its WordNet) start again.
_MEMO_LIMIT = 1_000_000
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


class Words:
    """A premise word and a hypothesis word as the relation sources read them: tokens, tags, word
    classes (WordNet's, ``''`` for a closed class), lemmas in those classes (None unless both words
    have one), and the :class:`WordRelations` asking."""

    __slots__ = ("premise", "premise_tag", "hypothesis", "hypothesis_tag", "premise_class", "hypothesis_class",
                 "premise_lemma", "hypothesis_lemma", "relations")

    def __init__(self, relations: WordRelations, premise: str, premise_tag: str, hypothesis: str,
                 hypothesis_tag: str):
        self.relations = relations
        self.premise, self.premise_tag, self.hypothesis, self.hypothesis_tag = \
            premise, premise_tag, hypothesis, hypothesis_tag
        self.premise_class, self.hypothesis_class = _word_class(premise_tag), _word_class(hypothesis_tag)
        self.premise_lemma = self.hypothesis_lemma = None
        if self.premise_class and self.hypothesis_class:
            wn = relations.wordnet
            self.premise_lemma = wn.lemma(premise, self.premise_class)
            self.hypothesis_lemma = wn.lemma(hypothesis, self.hypothesis_class)

    @property
    def words(self) -> Words:
        """The words themselves, for a source that reads several of their attributes."""
        return self

    @property
    def wordnet(self):
        return self.relations.wordnet

    @property
    def noun_file(self):
        """:meth:`~lexical_resources.wordnet.WordNet.noun_file`: a lemma's most frequent noun sense's file."""
        return self.relations.wordnet.noun_file

    @property
    def verb_file(self):
        """:meth:`~lexical_resources.wordnet.WordNet.verb_file`: a lemma's most frequent verb sense's file."""
        return self.relations.wordnet.verb_file

    @property
    def premise_verb(self) -> str:
        """The premise word's lemma read as a verb (taggers make nouns of verbs: *sleeps*/NNS)."""
        return self.relations.wordnet.lemma(self.premise, "v")

    @property
    def hypothesis_verb(self) -> str:
        """The hypothesis word's lemma read as a verb."""
        return self.relations.wordnet.lemma(self.hypothesis, "v")

    @property
    def tagged_classes(self) -> tuple[str, ...]:
        """The classes of the words' tags, the premise's first (see :func:`_readings`)."""
        return _readings(self.premise_class, self.hypothesis_class)[0]

    @property
    def other_classes(self) -> tuple[str, ...]:
        """The other open classes to read both words in (see :func:`_readings`)."""
        return _readings(self.premise_class, self.hypothesis_class)[1]


def _asker(source):
    """A function of :class:`Words` that asks ``source`` about them with the arguments it declared."""
    get, function = attrgetter(*source.arguments), source.function
    if len(source.arguments) == 1:
        return lambda words: function(get(words))
    return lambda words: function(*get(words))


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
        #: The sources in the order they are asked: the word classes each reads, and how to ask it.
        self._sources = tuple((source, _asker(source)) for source in declared_sources())
        #: ``(premise class, hypothesis class)`` -> the askers of the sources that read them, in order.
        self._askers: dict[tuple[str, str], tuple] = {}
        self._memo: dict[tuple, str | None] = {}

    def relation(self, premise_token: str, premise_tag: str, hypothesis_token: str, hypothesis_tag: str) -> str | None:
        """The relation of the hypothesis word to the premise word (a key of :data:`RELATION_CLASSES`), or None."""
        key = (premise_token, premise_tag[:1], hypothesis_token, hypothesis_tag[:1])
        found = self._memo.get(key, self._memo)
        if found is self._memo:
            if len(self._memo) > _MEMO_LIMIT:
                self._memo.clear()
                self.wordnet.clear_cache()
            found = self._memo[key] = self._relation(Words(self, premise_token, premise_tag, hypothesis_token,
                                                           hypothesis_tag))
        return found

    def relation_back(self, hypothesis_token: str, hypothesis_tag: str, premise_token: str,
                      premise_tag: str) -> str | None:
        """The relation of the premise word to the hypothesis word, for reading a pair the other way
        round: the inverse (:data:`INVERSE_RELATIONS`) of :meth:`relation`, whose memo it shares."""
        found = self.relation(premise_token, premise_tag, hypothesis_token, hypothesis_tag)
        return INVERSE_RELATIONS.get(found, found)

    def _relation(self, words: Words) -> str | None:
        """The first answer of the sources that read the words' classes (None for ``UNRELATED``)."""
        classes = (words.premise_class, words.hypothesis_class)
        askers = self._askers.get(classes)
        if askers is None:
            askers = self._askers[classes] = tuple(ask for source, ask in self._sources
                                                   if source.reads_classes(*classes))
        for ask in askers:
            found = ask(words)
            if found is not None:
                return found if found is not UNRELATED else None
        return None
