"""Fast WordNet lexical relations between two words (synonym, hypernym, antonym, ...).

Relations are read from NLTK's WordNet 3.0 (``python -m nltk.downloader wordnet``): a word's base
forms and senses are looked up in its lemma index (``morphy``, :mod:`lexnli.wordnet_index`), and the
synsets are read from the same data files as small records (:mod:`lexical_resources.wordnet_data`),
much faster than NLTK builds its ``Synset`` objects. Featurization asks about millions of word pairs, so
everything WordNet knows about a ``(word, pos)`` is gathered once, as frozensets of interned
synset names, and a query is then two dict lookups and a few ``set.isdisjoint`` calls.

Relations are named from ``word2``'s point of view: ``relation("dog", "animal") == "hypernym"``
because *animal* is a hypernym of *dog*; ``relation("wheel", "car") == "holonym"`` because a car
has wheels. Every relation holds when it holds for *any* pair of senses of the two words.
"""
from __future__ import annotations

import sys

from lexnli.text import PTB_TO_WORDNET, load_wordnet_index

from .lists.kinds import (ABSTRACTION, ANIMAL_FILE, ARTIFACT_MATERIALS, BROAD_CATEGORIES, COMPOUND_RANK,
                          COMPOUND_SENSES, FOODS, KINDS_APART, MEALS, PERSON_FILE, PLACE_KINDS, PLACE_LINKS,
                          PLURAL_LEMMAS, SCENES, YOUNG, YOUNG_GLOSS)
from .names import ANTONYM, COHYPONYM, HOLONYM, HYPERNYM, HYPONYM, MERONYM, SYNONYM
from .wordnet_data import SynsetRecord, WordNetData

#: What :meth:`WordNet.relation` can return (besides ``None``), in the order it tests them.
RELATIONS = (SYNONYM, HYPERNYM, HYPONYM, ANTONYM, HOLONYM, MERONYM, COHYPONYM)

_WN_POS = {"n": "n", "v": "v", "a": "a", "s": "a", "r": "r"}
#: The parts of speech NLTK's ``synsets`` reads when given none, in its order.
_POS_LIST = ("n", "v", "a", "r")
#: Marks a POS tag with no WordNet counterpart (DT, IN, PRP, ...): such words have no synsets.
_NO_POS = ""
_EMPTY: frozenset = frozenset()


def _frozen(items) -> frozenset:
    """``frozenset(items)``, and :data:`_EMPTY` for no items: most words' antonyms, parts, kinds apart
    and derivations are none, and tens of thousands of remembered empty sets cost the garbage
    collector's full passes time for nothing."""
    return frozenset(items) or _EMPTY


def wordnet_pos(pos: str | None) -> str | None:
    """Map a POS to WordNet's: ``'n'``, ``'v'``, ``'a'``, ``'r'``, ``None`` (any), or ``''`` (none).

    Parameters
    ----------
    pos : str or None
        A WordNet POS (``'n'``, ``'v'``, ``'a'``, ``'s'``, ``'r'``, any case), a Penn Treebank tag
        (``NN*`` -> noun, ``VB*`` -> verb, ``JJ*`` -> adjective, ``RB*``/``RP`` -> adverb), or
        ``None`` for any part of speech.

    Returns
    -------
    str or None
        ``None`` when ``pos`` is ``None``; ``''`` for tags WordNet does not cover (``DT``, ``IN``,
        ``PRP``, punctuation, ...).
    """
    if pos is None:
        return None
    if len(pos) == 1 and pos.lower() in _WN_POS:
        return _WN_POS[pos.lower()]
    return PTB_TO_WORDNET.get(pos[:1].upper(), _NO_POS)


class _WordInfo:
    """Everything a ``(word, pos)`` needs for relation tests, as sets of interned synset names."""

    __slots__ = ("synsets", "hypernyms", "parents", "antonyms", "holonyms", "kinds_apart", "scenes")

    def __init__(self, synsets=_EMPTY, hypernyms=_EMPTY, parents=_EMPTY, antonyms=_EMPTY,
                 holonyms=_EMPTY):
        self.synsets = synsets      # the word's senses
        self.hypernyms = hypernyms  # transitive (instance) hypernyms, up to max_depth levels up
        self.parents = parents      # direct (instance) hypernyms
        self.antonyms = antonyms    # senses of the word's lemma antonyms
        self.holonyms = holonyms    # direct part / member / substance holonyms
        self.kinds_apart = _frozen(hypernyms & KINDS_APART)  # the hypernyms that are kinds apart (see KINDS_APART)
        self.scenes = _frozen((hypernyms | synsets) & SCENES)  # the kinds of scene it is (see SCENES)


_NOTHING = _WordInfo()

#: A :class:`WordNet`'s caches, one policy for all: everything it computes is remembered per
#: word, lemma or synset (bounded by WordNet's size and the words asked about) until
#: :meth:`WordNet.clear_cache`. ``info`` and ``lemma`` are ``{raw pos: {raw word: ...}}`` (nested
#: dicts avoid building a tuple key per query), ``morphy`` ``{pos: {form: base forms}}``.
_CACHES = ("_info_cache", "_lemma_cache", "_morphy_cache", "_closure_cache", "_close_cache", "_place_cache",
           "_material_cache", "_derived_cache", "_rank_cache", "_limit_cache", "_compound_cache", "_depth_cache",
           "_wholes_cache", "_first_cache")


class WordNet:
    """WordNet relations between words, cached per ``(word, pos)`` for speed.

    Parameters
    ----------
    max_depth : int, default=8
        How many hypernym links up :meth:`is_hypernym` looks (1 = direct hypernyms only): 8
        reaches *animal* from *horse* and *object* from *guitar*.
    inherit_parts : bool, default=True
        Let parts be inherited down the hypernym hierarchy: *car* is a holonym of *wheel* because
        a car is (within ``max_depth`` links) a wheeled vehicle, which WordNet says has wheels.
        With False only direct part/member/substance links count. Abstractions (periods of time,
        measures) pass on no parts: *evening* is a kind of *daytime*, which has a *morning*, but an
        evening has no morning.
    antonym_similar_tos : bool, default=True
        Read antonymy between adjective clusters, not just between lemmas: the adjectives
        "similar to" a lemma antonym are antonyms too (*hot* / *frigid* through *cold*), and a
        satellite adjective is opposite to what its cluster's head is opposite to (*tiny*, similar
        to *small*, / *large* and *huge*), and a head to what the heads it says to "also see" are
        opposite to (*happy*, see *glad*, / *sad*). With False only lemma antonyms count (*tiny* /
        *huge* are then unrelated).
    senses : int or None, default=3
        Read a word's hypernyms, parts, antonyms and direct hypernyms (for co-hyponymy) from only
        its ``senses`` most frequent senses per base form (WordNet lists senses by frequency);
        ``None`` reads every sense. The word it is compared with may be in any sense: *guitar*
        -> *instrument* holds through the sixth sense of *instrument*, but the thirteenth sense
        of *hand*, a kind of *foot*, does not make *foot* a hypernym of *hand*.
    index : lexnli.wordnet_index.WordNetIndex, optional
        The WordNet to read; default the one NLTK's data holds (:func:`lexnli.text.load_wordnet_index`).

    Raises
    ------
    ResourceMissingError
        The WordNet data is not installed.

    Examples
    --------
    >>> wn = WordNet()
    >>> wn.relation("dogs", "animal")
    'hypernym'
    >>> wn.relation("hot", "cold", "JJ")
    'antonym'
    """

    def __init__(self, max_depth: int = 8, *, inherit_parts: bool = True,
                 antonym_similar_tos: bool = True, senses: int | None = 3, index=None):
        if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1:
            raise ValueError(f"max_depth must be an int >= 1, got {max_depth!r}")
        if senses is not None and (isinstance(senses, bool) or not isinstance(senses, int) or senses < 1):
            raise ValueError(f"senses must be None or an int >= 1, got {senses!r}")
        self.senses = senses
        self.max_depth = max_depth
        self.inherit_parts = inherit_parts
        self.antonym_similar_tos = antonym_similar_tos
        self._index = load_wordnet_index() if index is None else index
        self._data = WordNetData(self._index)
        self.clear_cache()  # makes the caches

    def read_files(self) -> None:
        """Read WordNet's files now rather than on first use (:meth:`lexnli.wordnet_index.WordNetIndex.read_files`)."""
        self._index.read_files()

    # -- lemmas ------------------------------------------------------------------------------

    def lemma(self, word: str, pos: str | None = None) -> str:
        """Return the WordNet base form (``morphy``) of ``word``, lowercased.

        Parameters
        ----------
        word : str
            A word form (any case; spaces are read as underscores, WordNet's collocation joiner).
        pos : str or None
            A WordNet POS or Penn Treebank tag (see :func:`wordnet_pos`); ``None`` tries noun,
            verb, adjective and adverb in that order.

        Returns
        -------
        str
            The first base form WordNet knows, else the normalized word itself (also for tags
            WordNet does not cover, like ``DT``).
        """
        by_word = self._lemma_cache.get(pos)
        if by_word is None:
            by_word = self._lemma_cache.setdefault(pos, {})
        found = by_word.get(word)
        if found is None:
            form = _normalize(word)
            wn_pos = wordnet_pos(pos)
            base = self._index.morphy(form, wn_pos) if form and wn_pos != _NO_POS else None
            found = by_word[word] = sys.intern(base or form)
        return found

    # -- per-word information ---------------------------------------------------------------

    def _info(self, word: str, pos: str | None) -> _WordInfo:
        by_word = self._info_cache.get(pos)
        if by_word is None:
            by_word = self._info_cache.setdefault(pos, {})
        info = by_word.get(word)
        if info is None:
            info = by_word[word] = self._compute_info(_normalize(word), wordnet_pos(pos))
        return info

    def _compute_info(self, form: str, wn_pos: str | None) -> _WordInfo:
        if not form or wn_pos == _NO_POS:
            return _NOTHING
        senses = self._senses(form, wn_pos)  # as morphy reads it: every base form's senses
        if form in PLURAL_LEMMAS and wn_pos in (None, "n"):
            senses += self._senses(PLURAL_LEMMAS[form], "n")
        if not senses:
            return _NOTHING
        lemma_names = self._base_forms(form, wn_pos)
        # A name's bearer (a river, a city) is a sense of the word only when it is its first (*Paris*,
        # *China*): the Milk River, milk's third sense, makes no milk a body of water.
        synsets = [(offset, synset) for offset, synset in ((offset, self._data.record(pos, offset))
                                                             for pos, offset in senses)
                   if "@i" not in synset.pointers or self._sense_rank(offset, synset, lemma_names) == 0]
        first_noun = next((synset for _, synset in synsets if synset.pos == "n"), None)
        if first_noun is not None and first_noun.lexname == ANIMAL_FILE:
            # An animal's name calls a person names only in insults (*dog*: "informal term for a man",
            # *cat*: "a spiteful woman gossip"): *people* / *dogs* are not people and more of them.
            synsets = [(offset, synset) for offset, synset in synsets if synset.lexname != PERSON_FILE]
        names = frozenset(synset.name for _, synset in synsets)
        if self.senses is not None:
            synsets = [(offset, synset) for offset, synset in synsets
                       if self._sense_rank(offset, synset, lemma_names) < self.senses]
        parents, hypernyms, antonyms, holonyms = set(), set(), set(), set()
        for _, synset in synsets:
            parents.update(self._names(synset.targets("@", "@i")))
            hypernyms |= self._closure(synset)
            if self.antonym_similar_tos and synset.pos == "s":
                # A satellite takes its cluster head's opposites (tiny, similar to small: large, huge).
                antonyms.update(self._opposites((head, lemma) for head in self._records(synset.targets("&"))
                                                for lemma in head.lemmas))
            elif self.antonym_similar_tos and synset.pos == "a":
                # A head takes the opposites of the heads it sends one to ("also see": happy, see
                # glad: sad; healthy, see well: ill, sick).
                antonyms.update(self._opposites((seen, lemma) for seen in self._records(synset.targets("^"))
                                                if seen.pos == "a" for lemma in seen.lemmas))
            holonyms.update(self._names(synset.targets("#p", "#m", "#s")))
            antonyms.update(self._opposites((synset, lemma) for lemma in synset.lemmas
                                            if lemma.lower() in lemma_names))
        return _WordInfo(names, _frozen(hypernyms), _frozen(parents), _frozen(antonyms), _frozen(holonyms))

    def _records(self, targets) -> list[SynsetRecord]:
        return [self._data.record(pos, offset) for pos, offset in targets]

    def _names(self, targets) -> list[str]:
        return [self._data.record(pos, offset).name for pos, offset in targets]

    def _opposites(self, lemmas) -> set[str]:
        """Names of the senses of the lemma antonyms of ``lemmas`` (``(synset, lemma name)``), and
        (``antonym_similar_tos``) of the adjectives similar to them."""
        found = set()
        for synset, lemma in lemmas:
            for pos, offset, _ in synset.lemma_pointers.get((lemma, "!"), ()):
                opposite = self._data.record(pos, offset)
                found.add(opposite.name)
                if self.antonym_similar_tos:
                    found.update(self._names(opposite.targets("&")))
        return found

    def _senses(self, form: str, wn_pos: str | None) -> list[tuple[str, int]]:
        """``(pos, offset)`` of the synsets NLTK's ``synsets(form, wn_pos)`` lists, in its order, read
        as it reads them (its base forms and the lemma index)."""
        index = self._index
        form = form.lower()
        return [(pos, offset) for pos in (_POS_LIST if wn_pos is None else (wn_pos,))
                for base in self._morphy(form, pos) for offset in self._offsets(index.offsets(base, pos), base, pos)]

    def _offsets(self, offsets: tuple[int, ...], base: str, pos: str) -> tuple[int, ...]:
        """A base form's sense ``offsets`` in ``pos``, with the compound's sense
        (:data:`COMPOUND_SENSES`) read in for a drink WordNet names only by a compound."""
        compound = COMPOUND_SENSES.get(base) if pos == "n" else None
        if compound is None:
            return offsets
        _, offset = self._data.address(compound)
        return (*offsets[:COMPOUND_RANK], offset, *offsets[COMPOUND_RANK:])

    def _morphy(self, form: str, pos: str) -> list[str]:
        """Every base form of ``form`` in ``pos`` (``WordNetIndex.base_forms``), remembered per form:
        a word's senses, base forms, sense ranks and close hypernyms each ask for it again."""
        by_form = self._morphy_cache.get(pos)
        if by_form is None:
            by_form = self._morphy_cache.setdefault(pos, {})
        found = by_form.get(form)
        if found is None:
            found = by_form[form] = self._index.base_forms(form, pos)
        return found

    def compound(self, modifier: str, head_lemma: str) -> str | None:
        """The noun WordNet names by ``modifier`` and ``head_lemma`` together (*dining* + *room* ->
        ``'dining_room'``, *hot* + *dog* -> ``'hot_dog'``), or None."""
        key = (modifier, head_lemma)
        found = self._compound_cache.get(key, self._compound_cache)
        if found is self._compound_cache:
            name = f"{_normalize(modifier)}_{head_lemma}"
            found = self._compound_cache[key] = name if self._index.has(name, "n") else None
        return found

    def verb_file(self, lemma: str) -> str | None:
        """The WordNet file (lexname, e.g. ``verb.motion``) of the most frequent verb sense of
        ``lemma``, or None for a word with no verb sense."""
        first = self._first_sense(lemma, "v")
        return first.lexname if first is not None else None

    def noun_file(self, lemma: str) -> str | None:
        """The WordNet file (lexname, e.g. ``noun.person``) of the most frequent noun sense of
        ``lemma``, or None for a word with no noun sense."""
        first = self._first_sense(lemma, "n")
        return first.lexname if first is not None else None

    def is_food(self, lemma: str) -> bool:
        """Whether the most frequent noun sense of ``lemma`` is a kind of food or drink and no meal
        (*champagne*, *cheese*, *sandwich*; not *dinner* or *snack*, nor *fish*, first an animal)."""
        first = self._first_sense(lemma, "n")
        if first is None or first.name in MEALS:
            return False
        hypernyms = self._closure(first)
        return not hypernyms.isdisjoint(FOODS) and hypernyms.isdisjoint(MEALS)

    def is_verb_root(self, lemma: str) -> bool:
        """Whether the most frequent verb sense of ``lemma`` tops WordNet's verb hierarchy (no
        hypernym: *move*, *leave*, *enter*); False for a word with no verb sense."""
        first = self._first_sense(lemma, "v")
        return first is not None and not first.targets("@")

    def _first_sense(self, lemma: str, pos: str) -> SynsetRecord | None:
        """The most frequent synset of ``lemma`` in ``pos``, remembered per lemma: word relations ask
        for the files of many noun and verb pairs (:meth:`noun_file`, :meth:`verb_file`)."""
        key = (lemma, pos)
        found = self._first_cache.get(key, self._first_cache)
        if found is self._first_cache:
            first = self._first_senses(lemma.lower(), pos, 1)
            found = self._first_cache[key] = first[0] if first else None
        return found

    def _first_senses(self, form: str, wn_pos: str | None, count: int | None) -> list[SynsetRecord]:
        """The first ``count`` (None: all) synsets of ``form`` (none for an empty one)."""
        return self._records(self._senses(form, wn_pos)[:count]) if form else []

    def _sense_rank(self, offset: int, synset: SynsetRecord, lemma_names: set[str]) -> int:
        """The best rank (0 = most frequent) of ``synset`` among the senses of a base form it has."""
        return min(ranks[offset] for base in lemma_names if offset in (ranks := self._ranks(base, synset.pos)))

    def _ranks(self, lemma_name: str, pos: str) -> dict[int, int]:
        """``{synset offset: rank}`` of the senses of ``lemma_name`` in ``pos``, most frequent first
        (the order of NLTK's ``synsets(lemma_name, pos)``). An offset names a synset within one
        part of speech's data file, as here."""
        key = (lemma_name, pos)
        found = self._rank_cache.get(key)
        if found is None:
            found = self._rank_cache[key] = {}
            for rank, (_, offset) in enumerate(self._senses(lemma_name, pos)):
                found.setdefault(offset, rank)
        return found

    def _base_forms(self, form: str, wn_pos: str | None) -> set[str]:
        """``form`` and all its ``morphy`` base forms (*saw* -> *saw*, *see* as a verb)."""
        forms = {form}
        if wn_pos in (None, "n") and form in PLURAL_LEMMAS:
            forms.add(PLURAL_LEMMAS[form])
        for p in ("n", "v", "a", "r"):
            if wn_pos is None or wn_pos == p:
                forms.update(self._morphy(form, p))  # all analyses; public morphy gives the first
        return forms

    def _closure(self, synset: SynsetRecord) -> frozenset:
        """Names of the (instance) hypernyms of ``synset`` up to ``max_depth`` links up, and for a
        young animal its species' (:meth:`_species`)."""
        found = self._closure_cache.get(synset.name)
        if found is None:
            found = _frozen(self._ancestors(synset, ("@", "@i"), self.max_depth))
            if YOUNG in found:
                found |= self._species(synset)
            self._closure_cache[synset.name] = found
        return found

    def _named_closure(self, name: str) -> frozenset:
        """:meth:`_closure` of the synset named ``name``, remembered by name (finding the synset by name
        takes longer than the closure: the shared hypernyms of many word pairs ask for theirs)."""
        found = self._closure_cache.get(name)
        return found if found is not None else self._closure(self._data.by_name(name))

    def _species(self, synset: SynsetRecord) -> frozenset:
        """The animal a young animal is young of, with its hypernyms, read from the gloss: WordNet
        files *kitten* ("young domestic cat"), *foal* ("a young horse") and *lamb* ("young sheep")
        under *young mammal* and nowhere under their species, so its hierarchy alone makes a
        kitten no cat; empty when the gloss names no animal that way ("young of domestic cattle")."""
        match = YOUNG_GLOSS.match(self._data.gloss(synset.name))
        species = self._first_senses(match.group(1), "n", 1) if match else []
        if not species or species[0].lexname != "noun.animal":
            return _EMPTY
        return frozenset({species[0].name}) | self._closure(species[0])

    def synsets(self, word: str, pos: str | None = None) -> frozenset:
        """Names of the synsets of ``word`` (all its base forms), e.g. ``{'dog.n.01', ...}``."""
        return self._info(word, pos).synsets

    def has_senses(self, word: str, pos: str | None = None) -> bool:
        """Whether ``word`` has senses in ``pos``: :meth:`relation` and :meth:`close_relation` of it
        and any word are None otherwise."""
        return self._info(word, pos) is not _NOTHING

    # -- relations --------------------------------------------------------------------------

    def relation(self, word1: str, word2: str, pos: str | None = None) -> str | None:
        """Return how ``word2`` relates to ``word1``, or ``None``.

        The first relation that holds, in the order of :data:`RELATIONS`: ``'synonym'``,
        ``'hypernym'`` (word2 is a hypernym of word1), ``'hyponym'``, ``'antonym'``,
        ``'holonym'`` (word2 is a whole word1 is part/member/substance of), ``'meronym'``,
        ``'cohyponym'``.

        Parameters
        ----------
        word1, word2 : str
            Words in any inflection and case (they are lemmatized with ``morphy``).
        pos : str or None
            The POS of both words, a WordNet POS or Penn Treebank tag; ``None`` for any.
        """
        a = self._info(word1, pos)
        b = self._info(word2, pos)
        if a is _NOTHING or b is _NOTHING:
            return None
        return self._relation(a, b)

    def _relation(self, a: _WordInfo, b: _WordInfo) -> str | None:
        """:meth:`relation` of two words that both have senses, from their information."""
        if not a.synsets.isdisjoint(b.synsets):
            return SYNONYM
        if not a.hypernyms.isdisjoint(b.synsets):
            return HYPERNYM
        if not b.hypernyms.isdisjoint(a.synsets):
            return HYPONYM
        if not a.antonyms.isdisjoint(b.synsets) or not b.antonyms.isdisjoint(a.synsets):
            return ANTONYM
        if a.holonyms and self._holonym(a, b):  # most words are part of nothing: no call then
            return HOLONYM
        if b.holonyms and self._holonym(b, a):
            return MERONYM
        if not a.parents.isdisjoint(b.parents):
            return COHYPONYM
        return None

    def close_relation(self, word1: str, word2: str, pos: str | None = None, *, senses: int = 3) -> str | None:
        """:meth:`relation`, with co-hyponyms only when they are siblings under a *close, specific*
        shared hypernym (*dog* / *cat*), whether or not they share a direct one.

        Only the ``senses`` most frequent senses of each word count. A shared hypernym ``s``
        counts when both words reach it within ``k`` links, where ``k = min(3, depth(s) - 3)``
        for nouns and adjectives read as nouns (``depth`` is WordNet's ``min_depth``) and
        ``k = 1`` for verbs: the deeper (more specific) ``s`` is, the further up it may be.
        (Peoples by place, languages, drinks, materials, structures, and fruit and vegetables may
        meet 3 links up whatever their depth (:data:`~lexical_resources.lists.kinds.BROAD_CATEGORIES`);
        two vertebrates, musical instruments, sports, conveyances, colours, natural formations or
        bodies of water are co-hyponyms however far up they meet (``KINDS_APART``), and so are two
        words of different kinds of scene (``SCENES``).) *blue* / *green* meet at *chromatic
        color* one link up, *dog* / *cat* at *carnivore* two links up, *shirt* / *jacket* at
        *garment* (depth 7) three links up; *man* / *runner* meet only at *person* (depth 3), too
        general to make them incompatible, and *cat* / *tree* only near the root. Only the lowest
        shared hypernyms count: *man* / *friend* meet at *person*, and not at *organism* above it,
        though its depth would allow two links. Words that share only a distant direct hypernym
        are unrelated (None). One call looks each word up once, for callers
        (:class:`~lexical_resources.relations.WordRelations`) that ask about many word pairs.
        """
        a = self._info(word1, pos)
        b = self._info(word2, pos)
        if a is _NOTHING or b is _NOTHING:
            return None
        found = self._relation(a, b)
        if found is not None and found != COHYPONYM:
            return found
        return COHYPONYM if self._shares_close_hypernym(word1, word2, pos, senses, a, b) else None

    def is_synonym(self, word1: str, word2: str, pos: str | None = None) -> bool:
        """Whether the words share a synset."""
        return not self._info(word1, pos).synsets.isdisjoint(self._info(word2, pos).synsets)

    def is_hypernym(self, word1: str, word2: str, pos: str | None = None) -> bool:
        """Whether ``word2`` is a hypernym of ``word1`` (*dog* -> *animal*), up to ``max_depth`` up.

        Instance hypernyms count (*Paris* -> *national capital*).
        """
        return not self._info(word1, pos).hypernyms.isdisjoint(self._info(word2, pos).synsets)

    def _shares_close_hypernym(self, word1, word2, pos, senses, a: _WordInfo, b: _WordInfo) -> bool:
        """Whether the words, whose information is ``a`` and ``b``, share a close hypernym (see
        :meth:`close_relation`)."""
        if not a.kinds_apart.isdisjoint(b.kinds_apart) or a.scenes and b.scenes and a.scenes.isdisjoint(b.scenes):
            return True
        up1, up2 = self._close_hypernyms(word1, pos, senses), self._close_hypernyms(word2, pos, senses)
        # Most word pairs share no close hypernym at all: said without building their intersection.
        if up1.keys().isdisjoint(up2):
            return False
        shared = up1.keys() & up2.keys()
        # Only the lowest shared hypernyms say how close the words are: *man* / *friend* meet at
        # *person* (too general), and so not at *organism* above it, however deep that is.
        return any(max(up1[name], up2[name]) <= self._close_limit(name) and not self._above(name, shared)
                   for name in shared)

    def _above(self, name: str, names) -> bool:
        """Whether the synset ``name`` is a hypernym of another of ``names``."""
        return any(name in self._named_closure(other) for other in names if other != name)

    def _close_hypernyms(self, word: str, pos: str | None, senses: int) -> dict[str, int]:
        """``{hypernym name: fewest links up}`` for the first ``senses`` senses of ``word``, 3 links at most."""
        key = (word, pos, senses)
        found = self._close_cache.get(key)
        if found is None:
            found = {}
            form, wn_pos = _normalize(word), wordnet_pos(pos)
            frontier = self._first_senses(form, wn_pos, senses) if wn_pos != _NO_POS else []
            for links in (1, 2, 3):
                frontier = [h for s in frontier for h in self._records(s.targets("@", "@i"))]
                for h in frontier:
                    found.setdefault(h.name, links)
            self._close_cache[key] = found
        return found

    def _close_limit(self, name: str) -> int:
        """How many links up a shared hypernym ``name`` may be for a close co-hyponymy."""
        limit = self._limit_cache.get(name)
        if limit is None:
            synset = self._data.by_name(name)
            limit = self._limit_cache[name] = (3 if name in BROAD_CATEGORIES else 1 if synset.pos == "v"
                                               else min(3, self._min_depth(synset) - 3))
        return limit

    def _min_depth(self, synset: SynsetRecord) -> int:
        """The fewest (instance) hypernym links from ``synset`` up to a root (NLTK's ``min_depth``)."""
        depth = self._depth_cache.get(synset.name)
        if depth is None:
            parents = self._records(synset.targets("@", "@i"))
            depth = self._depth_cache[synset.name] = 1 + min(map(self._min_depth, parents)) if parents else 0
        return depth

    # -- derivations ------------------------------------------------------------------------

    def is_derived(self, word1: str, word2: str) -> bool:
        """Whether one word is derived from the other in WordNet (*grassy* / *grass*, *sleepy* / *sleep*).

        Read from the derivational and "relating to" links of the words' own lemmas in their
        ``senses`` most frequent senses of every part of speech. The link says the two name one concept in
        different parts of speech; callers compare words of different classes with it (*guitarist*
        is derived from *guitar* too, and is no guitar).
        """
        bases1, derived1 = self._derivations(word1)
        bases2, derived2 = self._derivations(word2)
        return not derived1.isdisjoint(bases2) or not derived2.isdisjoint(bases1)

    def _derivations(self, word: str) -> tuple[frozenset, frozenset]:
        """The base forms of ``word`` in every part of speech, and the words derived from them."""
        found = self._derived_cache.get(word)
        if found is None:
            form = _normalize(word)
            bases, names = self._base_forms(form, None), set()
            for base in bases:
                for synset in self._first_senses(base, None, self.senses):
                    for lemma in synset.lemmas:
                        if lemma.lower() in bases:
                            for symbol in ("+", "\\"):  # derivationally related forms, pertainyms
                                names.update(self._data.record(pos, offset).lemmas[k].lower()
                                             for pos, offset, k in synset.lemma_pointers.get((lemma, symbol), ()))
            found = self._derived_cache[word] = (frozenset(bases), _frozen(names - bases))
        return found

    # -- materials --------------------------------------------------------------------------

    def materials(self, word: str) -> frozenset:
        """The materials ``word`` names: its substance, fabric and building-material senses among
        its ``senses`` most frequent noun senses.

        A substance is a noun sense in WordNet's *noun.substance* file (*wood*, *plastic*,
        *leather*, *glass*); a fabric or building material is a kind of *fabric* or *building
        material*, one or two links down (*denim*, *wool*, *silk*, *brick*). Material adjectives
        in *-en* are read as their noun (*wooden* -> *wood*, *golden* -> *gold*). Materials sit
        far apart in WordNet's hierarchy (*wood* is plant material, *metal* a chemical element),
        so two of them are rarely co-hyponyms, yet a thing made of one is not made of the other.
        Empty for other words.
        """
        found = self._material_cache.get(word)
        if found is None:
            form, names = _normalize(word), set()
            for base in (form, form[:-2]) if form.endswith("en") and len(form) > 4 else (form,):
                for synset in self._first_senses(base, "n", self.senses):
                    if synset.lexname == "noun.substance" \
                            or not ARTIFACT_MATERIALS.isdisjoint(self._ancestors(synset, ("@",), 2)):
                        names.add(synset.name)
            found = self._material_cache[word] = _frozen(names)
        return found

    # -- places -----------------------------------------------------------------------------

    def place(self, word: str, *, senses: int | None = None) -> str | None:
        """The place a *place adjective* is about, or a *place name* names: *German* -> ``'germany.n.01'``,
        *Japan* -> ``'japan.n.01'``.

        A place adjective's place is read from the pertainyms (WordNet's "relating to" link) of
        its adjective senses, most frequent first (only the first ``senses`` of them, if given),
        that are places (countries, regions, continents, islands). Nationality words are
        adjectives that WordNet puts in no hierarchy, so two of them (*German* / *French*) relate
        only through the places they pertain to. A word with no such adjective sense is a place
        name when its most frequent noun sense is an *instance* of a place (*Japan*, *Africa*,
        *Paris*; not the common noun *park*, nor *turkey*, a bird first): a country is an instance
        of *Asian country*, a continent of *continent*, so *Japan* / *Africa* meet nowhere close in
        WordNet's hierarchy, yet a scene in one is not in the other. None for other words.
        """
        key = (word, senses)
        if key not in self._place_cache:
            found, form = None, _normalize(word)
            for synset in self._first_senses(form, "a", senses):
                places = [self._named_place(self._data.record(pos, offset), index) for lemma in synset.lemmas
                          for pos, offset, index in synset.lemma_pointers.get((lemma, "\\"), ())]  # pertainyms
                places = [p for p in places if self._is_place(p)]
                if places:
                    found = places[0].name
                    break
            if found is None:
                named = self._first_senses(form, "n", 1)
                if named and named[0].targets("@i") and self._is_place(named[0]):
                    found = named[0].name
            self._place_cache[key] = found
        return self._place_cache[key]

    def _named_place(self, synset: SynsetRecord, index: int) -> SynsetRecord:
        """The place a pertainym's target, ``synset``'s lemma ``index``, is about: ``synset`` when the
        lemma is the synset's first; for another name of it, the most frequent noun sense of that
        name that is a place. WordNet points *Chinese* at *China*, a second name of its *Taiwan*
        synset (the Republic of China), yet *China* names the People's Republic first, in Asia."""
        if index == 0:
            return synset
        for named in self._first_senses(_normalize(synset.lemmas[index]), "n", None):
            if self._is_place(named):
                return named
        return synset

    def _is_place(self, synset: SynsetRecord) -> bool:
        return not PLACE_KINDS.isdisjoint(self._ancestors(synset, ("@", "@i")))

    def is_a(self, name: str, kind: str) -> bool:
        """Whether synset ``name`` is a kind or an instance of synset ``kind``, any number of links up
        (*Germany* is a country: ``is_a("germany.n.01", "country.n.02")``)."""
        return kind in self._ancestors(self._data.by_name(name), ("@", "@i"))

    def is_same_place(self, place: str, other: str) -> bool:
        """Whether synsets ``place`` and ``other`` name one place: the same synset, or two that share
        a name (*Japanese* pertains to Japan the archipelago, *Japan* names Japan the country first)."""
        if place == other:
            return True
        return not {n.lower() for n in self._data.by_name(place).lemmas}.isdisjoint(
            n.lower() for n in self._data.by_name(other).lemmas)

    def is_within(self, place: str, whole: str) -> bool:
        """Whether synset ``place`` is part or member of synset ``whole``, up to 4 links up (*Germany* / *Europe*)."""
        wholes = self._wholes_cache.get(place)
        if wholes is None:
            wholes = self._wholes_cache[place] = frozenset(
                self._ancestors(self._data.by_name(place), ("#p", "#m"), PLACE_LINKS))
        return whole in wholes

    def _ancestors(self, synset: SynsetRecord, symbols, depth: int | None = None) -> set[str]:
        """Names of the synsets above ``synset`` through pointers ``symbols``, up to ``depth`` links
        (None: any number), not ``synset`` itself (NLTK's ``closure``): the hypernym closure, places'
        wholes, a material's kinds."""
        seen, frontier, links = {synset.name}, [synset], 0
        while frontier and (depth is None or links < depth):
            frontier = [s for s in self._records(t for f in frontier for t in f.targets(*symbols))
                        if s.name not in seen]
            seen.update(s.name for s in frontier)
            links += 1
        seen.discard(synset.name)
        return seen

    def _holonym(self, part: _WordInfo, whole: _WordInfo) -> bool:
        """Whether ``whole`` is a whole of ``part``, which has holonyms (the caller checks)."""
        if not part.holonyms.isdisjoint(whole.synsets):
            return True
        return self.inherit_parts and any(ABSTRACTION not in self._named_closure(name)
                                          for name in part.holonyms & whole.hypernyms)

    def clear_cache(self) -> None:
        """Forget every cached word, lemma and synset (to free memory): each cache of :data:`_CACHES` starts empty."""
        for name in _CACHES:
            setattr(self, name, {})

def _normalize(word: str) -> str:
    return word.strip().lower().replace(" ", "_")
