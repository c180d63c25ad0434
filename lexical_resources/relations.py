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


class _Resources:
    """The resources of the :class:`WordRelations` asking (its ``relations``), as the sources read them."""

    __slots__ = ()

    @property
    def wordnet(self):
        return self.relations.wordnet

    @property
    def verbocean(self):
        return self.relations.verbocean

    @property
    def noun_file(self):
        """:meth:`~lexical_resources.wordnet.WordNet.noun_file`: a lemma's most frequent noun sense's file."""
        return self.relations.wordnet.noun_file

    @property
    def verb_file(self):
        """:meth:`~lexical_resources.wordnet.WordNet.verb_file`: a lemma's most frequent verb sense's file."""
        return self.relations.wordnet.verb_file


class Word(_Resources):
    """A word as the relation sources read it, the same in each of its pairs, so made once per token
    and word class: ``token``, ``word_class`` (WordNet's, ``''`` for a closed class), ``lemma`` in
    that class and ``verb``, its lemma read as a verb (both None for a closed class), and
    ``sources``, a bit per source (in the order they are asked) that the word may take part in an
    answer of (:attr:`~lexical_resources.registry.RelationSource.needs`)."""

    __slots__ = ("relations", "token", "word_class", "lemma", "verb", "sources", "_senses")

    def __init__(self, relations: WordRelations, token: str, word_class: str):
        self.relations, self.token, self.word_class = relations, token, word_class
        self.lemma = self.verb = None
        if word_class:
            self.lemma = relations.wordnet.lemma(token, word_class)
            self.verb = relations.wordnet.lemma(token, "v")
        self.sources = 0
        self._senses: dict[str, bool] = {}

    def has_senses(self, pos: str) -> bool:
        """Whether the word has WordNet senses in ``pos`` (:meth:`~lexical_resources.wordnet.WordNet.has_senses`),
        remembered: each of its pairs reads it in two or three classes."""
        found = self._senses.get(pos)
        if found is None:
            found = self._senses[pos] = self.relations.wordnet.has_senses(self.token, pos)
        return found


class Words(_Resources):
    """A premise word and a hypothesis word as the relation sources read them: tokens, tags, word
    classes (WordNet's, ``''`` for a closed class), lemmas in those classes (None unless both words
    have one), the two :class:`Word` and the :class:`WordRelations` asking."""

    __slots__ = ("premise", "premise_tag", "hypothesis", "hypothesis_tag", "premise_class", "hypothesis_class",
                 "premise_lemma", "hypothesis_lemma", "premise_word", "hypothesis_word", "relations")

    def __init__(self, relations: WordRelations, premise: str, premise_tag: str, hypothesis: str,
                 hypothesis_tag: str):
        self.relations = relations
        self.premise, self.premise_tag, self.hypothesis, self.hypothesis_tag = \
            premise, premise_tag, hypothesis, hypothesis_tag
        self.premise_word = p = relations.word(premise, premise_tag)
        self.hypothesis_word = h = relations.word(hypothesis, hypothesis_tag)
        self.premise_class, self.hypothesis_class = p.word_class, h.word_class
        if p.word_class and h.word_class:
            self.premise_lemma, self.hypothesis_lemma = p.lemma, h.lemma
        else:
            self.premise_lemma = self.hypothesis_lemma = None

    @property
    def words(self) -> Words:
        """The words themselves, for a source that reads several of their attributes."""
        return self

    @property
    def premise_verb(self) -> str:
        """The premise word's lemma read as a verb (taggers make nouns of verbs: *sleeps*/NNS)."""
        return self.premise_word.verb

    @property
    def hypothesis_verb(self) -> str:
        """The hypothesis word's lemma read as a verb."""
        return self.hypothesis_word.verb

    @property
    def tagged_classes(self) -> tuple[str, ...]:
        """The classes of the words' tags, the premise's first (see :func:`_readings`)."""
        return _readings(self.premise_class, self.hypothesis_class)[0]

    @property
    def other_classes(self) -> tuple[str, ...]:
        """The other open classes to read both words in (see :func:`_readings`)."""
        return _readings(self.premise_class, self.hypothesis_class)[1]


def _asker(source) -> tuple:
    """How to ask ``source`` about :class:`Words`: its function, a getter of the arguments it
    declared, and whether the getter gives several of them (a tuple to spread)."""
    return source.function, attrgetter(*source.arguments), len(source.arguments) > 1


def _first_answer(askers, words: Words) -> str | None:
    """The first answer of the sources ``askers`` ask, in order (None for ``UNRELATED``)."""
    for function, get, several in askers:
        found = function(*get(words)) if several else function(get(words))
        if found is not None:
            return found if found is not UNRELATED else None
    return None


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
        #: The sources in the order they are asked; source ``i`` is bit ``1 << i`` of a :class:`Word`'s ``sources``.
        self._sources = declared_sources()
        self._askers = tuple(_asker(source) for source in self._sources)
        #: ``(premise class, hypothesis class)`` -> the bits of the sources that read them.
        self._class_sources: dict[tuple[str, str], int] = {}
        #: The bits of the sources a word pair may be asked of -> their askers, in order.
        self._plans: dict[int, tuple] = {}
        #: ``{word class: {token: Word}}``.
        self._words: dict[str, dict[str, Word]] = {}
        self._memo: dict[tuple, str | None] = {}

    def word(self, token: str, tag: str) -> Word:
        """The :class:`Word` of a token with this tag, made on first use."""
        word_class = _word_class(tag)
        by_token = self._words.get(word_class)
        if by_token is None:
            by_token = self._words[word_class] = {}
        word = by_token.get(token)
        if word is None:
            word = by_token[token] = Word(self, token, word_class)
            word.sources = sum(1 << i for i, source in enumerate(self._sources)
                               if source.may_read(word_class) and (source.needs is None or source.needs(word)))
        return word

    def relation(self, premise_token: str, premise_tag: str, hypothesis_token: str, hypothesis_tag: str) -> str | None:
        """The relation of the hypothesis word to the premise word (a key of :data:`RELATION_CLASSES`), or None."""
        key = (premise_token, premise_tag[:1], hypothesis_token, hypothesis_tag[:1])
        found = self._memo.get(key, self._memo)
        if found is self._memo:
            if len(self._memo) > _MEMO_LIMIT:
                self._memo.clear()
                self._words.clear()
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
        """The first answer of the sources that read the words' classes and whose needs both words
        meet (None for ``UNRELATED``): :meth:`reference_relation`'s, as the others answer None."""
        classes = (words.premise_class, words.hypothesis_class)
        readers = self._class_sources.get(classes)
        if readers is None:
            readers = self._class_sources[classes] = sum(1 << i for i, source in enumerate(self._sources)
                                                         if source.reads_classes(*classes))
        asked = readers & words.premise_word.sources & words.hypothesis_word.sources
        askers = self._plans.get(asked)
        if askers is None:
            askers = self._plans[asked] = tuple(ask for i, ask in enumerate(self._askers) if asked >> i & 1)
        return _first_answer(askers, words)

    def reference_relation(self, premise_token: str, premise_tag: str, hypothesis_token: str,
                           hypothesis_tag: str) -> str | None:
        """The relation by definition: the first answer of every source that reads the words'
        classes, in order, whatever it needs of them; not remembered (the tests check :meth:`relation` by it)."""
        words = Words(self, premise_token, premise_tag, hypothesis_token, hypothesis_tag)
        return _first_answer([ask for source, ask in zip(self._sources, self._askers)
                              if source.reads_classes(words.premise_class, words.hypothesis_class)], words)
