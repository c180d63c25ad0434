"""The ``alignment`` family: how each hypothesis word relates to the premise, and what changed.

The paper's error analysis (and ours) finds lexical models answering from how much the two
sentences overlap, not from how their words relate: a premise copied whole with one colour,
number or noun swapped keeps nearly all its overlap, BLEU and matching cross features. This
family aligns the hypothesis to the premise and describes the *differences*:

1. The two token sequences are aligned monotonically (the longest matching blocks, as
   ``difflib.SequenceMatcher`` finds them: :func:`featurize.opcodes.opcodes`). Hypothesis words
   inside matching blocks are aligned ``in_place`` (:func:`_in_place`).
2. A block of the hypothesis that replaces a block of the premise, with the rest aligned around it,
   is a *substitution* slot (:func:`_substitutions`): each hypothesis content word there is linked
   to the premise word of that slot it relates to best (the relations of
   :mod:`lexical_resources.relations`, best by :data:`~lexical_resources.relations.RELATION_ORDER`;
   ``python -m lexical_resources --list``); a two-word noun WordNet names is read whole there
   (*kitchen* / *dining room* are co-hyponyms: :func:`_two_word_nouns`). A preposition or particle
   replaced by its opposite (*turned on* / *turned off*, *up* / *down* the stairs, read as adverbs)
   is a swap too, an antonym (:func:`_particle_swap`). A replaced block whose words are the
   premise's word for word as lemmas but one (*a dog runs* / *two dogs run*: a number swap that
   changed the agreement) is cut into words: the lemmas aligned ``in_place``, the one word a swap
   (:func:`_refined`).
3. Hypothesis content words still unlinked are looked up anywhere in the premise
   (:func:`_elsewhere`): the same word elsewhere is ``moved`` (word order changed), a related
   word ``elsewhere``, none ``new``. A related adjective found elsewhere is an ``attribute`` when
   it describes the noun the premise's adjective describes (*a black dog* / *the dog is white*:
   :func:`_attributes`).
4. A hypothesis number that two or more premise mentions add up to, each named by the noun it
   counts or a more specific one (*A man and a woman* / *Two people*, *8 players and 4 players*
   / *12 players*), is linked to them as ``number_total``, an equal, whatever step 2 or 3 found
   (the article read as one); read back, each premise number among them is linked to the total
   (:func:`_totals`, :func:`_number_totals`).

:func:`_links` is these steps in turn. Features (indicators; ``<class>`` is ``equal``, ``general``,
``specific``, ``conflict`` or ``new``, see :data:`~lexical_resources.relations.RELATION_CLASSES`),
each a row of the table :data:`_FEATURES`, in this order:

* ``word:<relation>`` and ``word:<class>:<POS>`` for each hypothesis content word, and
  ``pair:<premise lemma>|<hypothesis lemma>`` for each not linked to the same word (``|<lemma>``
  when it is linked to none), to learn relations no resource has (*beach* / *surf*);
* ``subst:<relation>`` for each substitution, and ``swap:<relation>`` when one word replaces
  one word (a two-word noun WordNet names is one word); an adjective that describes the noun
  the premise's adjective describes is a substitution too (``attribute:<class>`` besides:
  *a black dog* / *the dog is white*); neither for a premise word a context leaves unsaid (*thinks
  the exam is easy* / *the exam is hard*), which ``projected:<class>>new`` names;
* ``verdict:...``: ``conflict`` when some word conflicts with its premise word, ``conflict_only``
  when besides that everything is equal or more general (the one-word swap that must flip the
  label to contradiction), ``entailed`` when every word is equal or more general, ``new=<n>``
  (1, 2, 3+) otherwise; ``copy:<verdict>`` repeats it when the hypothesis is most of the
  premise word for word, where overlap features say least about the label, and
  ``copy_swap:<class>`` names the class of the one word swapped in such a near copy
  (``unrelated`` when no resource relates the two words; a two-word noun WordNet names is one
  word here: *living room* / *bedroom*);
* ``reverse:<verdict>``: the verdict of the pair read the other way round, the premise's words
  aligned to the hypothesis (relations inverted: :meth:`WordRelations.relation_back`), which says
  whether the hypothesis also says all the premise says; not for a role swap, nor a negated
  premise, which has its own;
* ``negation:<hypothesis_only|premise_only|both>``, also conjoined with the verdict; when the
  premise is negated, with the *reverse* verdict (``negation:<premise_only|both>:reverse:<verdict>``:
  the premise's words aligned to the hypothesis, since a negated premise is contradicted by a
  hypothesis that says all it denies, and entails a negated one only downward: *no animal* /
  *no dog*); and ``quantifier:<word>:<in_premise|new>``;
* ``role_swap``: the subject and object of the premise trade places in the hypothesis
  (*A dog bit a man* / *A man bit a dog*: read from the roles, or two nouns trading sides of one
  verb), unless one sentence is passive and the other not
  (*A man is bitten by a dog*), which is ``voice_change``; ``role_swap:<verdict>`` conjoins it
  with the verdict, and then stands in for ``verdict:...`` and ``copy:...`` (the words all
  being in the premise says nothing when their roles changed); ``moved:<POS>`` for each moved word.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from lexical_resources import get_verbocean, get_wordnet, resources_version
from lexical_resources.lists.adjectives import NON_SUBSECTIVE_CLASS, PRIVATIVE_CLASS, SUBSECTIVE_CLASS, adjective_class
from lexical_resources.lists.function_words import AUXILIARIES, NEGATIONS, PERSONAL_PRONOUNS, QUANTIFIERS
from lexical_resources.lists.kinds import ANIMAL_FILE, PERSON_FILE
from lexical_resources.lists.numbers import NUMBER_TOTAL, cardinal, ordinal
from lexical_resources.lists.operators import ANTIVERIDICAL, DOWN, UP, VERIDICAL
from lexical_resources.names import ANTONYM, CONVERSE, EXACT, LEMMA
from lexical_resources.registry import CONFLICT, EQUAL, GENERAL, SPECIFIC
from lexical_resources.relations import RELATION_CLASSES, RELATION_RANK, RELATION_SOURCES, WordRelations
from lexnli.text import WORD_CHARACTER, ptb_to_wordnet
from lexnli.verb_forms import BE_FORMS

from ..memo_sizes import SENTENCES
from ..opcodes import opcodes
from ..polarity import mark
from ..reading import explain, read
from .lexical import has_negation
from .lexicalized import CROSS_MAX_TOKENS
from .registry import family

#: A hypothesis this much (or more) made of premise words in order is a near copy.
COPY_SHARE = 0.8
_ONE = frozenset({"a", "an"})
#: Prepositions and particles: not content words, but a swap of two opposite ones (*on* / *off*) conflicts.
_PARTICLE_TAGS = frozenset({"IN", "RP"})
#: Tags a swapped *up* / *down* may have: taggers split such words between the three, and make an
#: adjective of one now and then (*sitting outside*/JJ / *sitting inside*/IN).
_SWAPPED_PARTICLE_TAGS = _PARTICLE_TAGS | {"RB", "JJ"}
#: Words a subject or object may stand from its verb for a role swap read from the words (:func:`_crossed`).
_ROLE_GAP = 4
#: Tags (their first two letters, in either tag set) that end a subject or object before its verb is reached:
#: prepositions, conjunctions, wh-words.
_CLAUSE_TAGS = frozenset({"IN", "CC", "TO", "WD", "WP", "WR"})
#: How many words after an adjective the noun it describes may stand, and the tags of the words
#: that may stand between them (*a small, brown and white dog*).
_DESCRIBED_GAP = 3
_MODIFIER_GAP_TAGS = frozenset({",", "CC", "HYPH", "VBG", "VBN"})
#: Words that count the singular noun after them as one (*a man*, *another man*).
_SINGLE = frozenset({"a", "an", "one", "another"})
#: Tags of the words between a number and the noun it counts (*two young blond girls*, *2 soccer players*).
_NOUN_PHRASE_TAGS = frozenset({"JJ", "JJR", "JJS", "CD", "VBG", "VBN", "NN", "NNS", "NNP", "NNPS", "HYPH"})
#: Classes (first tag letters) of the first word of a two-word noun: *dining* (NN or VBG) *room*,
#: *baseball* (NN) *cap*. Not adjectives: WordNet's *young woman* is a girl, its *young man* a
#: boyfriend, and such readings would undo *young girl* / *young woman*, an age that differs.
_MODIFIER_CLASSES = frozenset("NV")
#: The relations of a word to the same word: the same token, or the same lemma.
_SAME_WORD = frozenset({EXACT, LEMMA})

#: The family's features, in the order of the list above: ``(for each, name template, when)``. A row
#: ``for each`` ``word`` is read for each hypothesis content word's link (a :class:`_Word`), a row
#: ``once`` for the pair (the :class:`_Pair`), the ``quantifier`` row for each quantifier the
#: hypothesis says (a :class:`_Quantifier`): the feature ``alignment:<name>`` is set to 1 for each
#: reading ``when`` holds of, its name the template filled from the reading's fields.
_FEATURES = (
    ("word", "word:{relation}", lambda word: True),
    ("word", "word:{relation_class}:{pos}", lambda word: True),
    # The words themselves, as lemmas, so that "runs" / "sleeps" and "running" / "sleeping" share what is learnt.
    ("word", "pair:{premise_lemma}|{lemma}", lambda word: word.relation not in _SAME_WORD),
    # What a word swapped in is to the one it replaces, unless a context leaves the premise's word unsaid
    # (*thinks the exam is easy* / *the exam is hard*: the projected row says that).
    ("word", "subst:{relation}", lambda word: word.kind in ("swap", "substitution", "attribute")
     and not word.unsaid),
    ("word", "swap:{relation}", lambda word: word.kind == "swap" and not word.unsaid),
    ("word", "attribute:{relation_class}", lambda word: word.kind == "attribute"),
    # A relation the contexts above its words turn into another (*apple* <- *fruit* under *not*).
    ("word", "projected:{relation_class}>{projected_class}", lambda word: word.projected_class != word.relation_class),
    # The same words in crossed roles: what the verdict says of the words, the roles undo, so the
    # verdict is given only conjoined with the swap (a near copy's overlap and an "entailed" verdict
    # would otherwise outweigh it).
    ("once", "verdict:{verdict}", lambda pair: pair.verdict_stands),
    ("once", "copy:{verdict}", lambda pair: pair.copy),
    # A near copy with one word swapped: what the swap does decides the label.
    ("once", "copy_swap:{swapped}", lambda pair: pair.copy and pair.swapped is not None),
    # Whether the hypothesis also says all the premise says (a paraphrase) or leaves some out; with
    # a negated premise, it is conjoined with the negation instead.
    ("once", "reverse:{reverse}", lambda pair: not pair.crossed and not pair.premise_negated),
    ("once", "negation:{negation}", lambda pair: pair.negation is not None),
    # A negation in the hypothesis alone turns what its words say around.
    ("once", "negation:{negation}:{verdict}", lambda pair: pair.negation == "hypothesis_only"),
    # "There is no puppy rolling" / "A puppy is rolling on its back": what the premise denies is
    # contradicted when the hypothesis says all of it, whatever it adds; and "No animal sleeps"
    # entails "No dog sleeps", not the reverse. Either way the verdict that counts is the reverse one.
    ("once", "negation:{negation}:reverse:{reverse}", lambda pair: pair.premise_negated),
    ("quantifier", "quantifier:{word}:{where}", lambda quantifier: True),
    ("once", "role_swap", lambda pair: pair.crossed),
    ("once", "voice_change", lambda pair: pair.voice_change),
    ("once", "role_swap:{verdict}", lambda pair: pair.crossed),
    # Who did what to whom: whether the premise says each hypothesis proposition with the same
    # roles; when it does not, that stands in for the verdict as a role swap does.
    ("once", "roles:{roles}", lambda pair: pair.roles is not None),
    ("once", "roles:{roles}:{verdict}", lambda pair: pair.roles in _ROLES_UNDONE),
    ("word", "moved:{pos}", lambda word: word.kind == "moved"),
)


class Link(NamedTuple):
    """One hypothesis content word (or a particle swapped for its opposite) and the premise word it is aligned to.

    ``kind`` is ``in_place``, ``swap`` (one word replaced by one word, a two-word noun WordNet names
    counting as one), ``substitution`` (a word in a replaced block), ``moved``, ``attribute`` (an
    adjective found elsewhere that describes the noun the premise's adjective describes: *a black
    dog* / *the dog is white*), ``elsewhere`` or ``new`` (then ``premise_index`` and ``relation``
    are None). A named tuple: a few are made per pair.
    """

    hypothesis_index: int
    premise_index: int | None
    relation: str | None
    kind: str
    #: The class the relation projects to through the operators above the two words
    #: (:func:`_project`); None when it is the relation's own.
    projected: str | None = None

    @property
    def relation_class(self) -> str:
        return RELATION_CLASSES[self.relation] if self.relation is not None else "new"

    @property
    def projected_class(self) -> str:
        """What the link says of the pair: the relation's class as the contexts project it."""
        return self.projected if self.projected is not None else self.relation_class

    @property
    def unsaid(self) -> bool:
        """Whether a context or a modifier undoes the relation: it projects to ``new`` (*thinks the exam is
        easy* / *the exam is hard*, *a large puppy* / *a large dog*)."""
        return self.projected_class == "new" != self.relation_class


def _is_content(token: str, tag: str) -> bool:
    """A noun, verb (not be/have/do: checked by the caller), adjective, adverb or number; not a
    negation or quantifier word (those have features of their own), nor a particle (*up*)."""
    if not WORD_CHARACTER.search(token) or token in NEGATIONS or token in QUANTIFIERS or tag == "RP":
        return False
    return bool(ptb_to_wordnet(tag)) or cardinal(token) is not None or ordinal(token) is not None


@lru_cache(maxsize=2**18)
def _token(token: str, tag: str, wn) -> tuple[str, bool]:
    """The lemma of a tagged token and whether it is a content word (:func:`_is_content`, and not a
    form of be/have/do), remembered per distinct ``(token, tag)``: sentences share most of their words."""
    lemma = wn.lemma(token, ptb_to_wordnet(tag) or None)
    return lemma, _is_content(token, tag) and not (tag[:1] == "V" and lemma in AUXILIARIES)


class _Analysis:
    """What alignment needs of one sentence, computed once per distinct sentence (see :func:`_analyse`)."""

    __slots__ = ("also_subjects", "as_number", "compound_tags", "compounds", "content", "content_order", "counts",
                 "degrees", "described", "lemmas", "marking", "matchable", "mentions", "modified", "modifier_classes",
                 "negated", "once", "passive", "propositions", "reading", "roles", "tags", "tokens", "words")

    def __init__(self, tokens, tags, tree, wn):
        self.tokens, self.tags = tokens, tags
        known = [_token(t, g, wn) for t, g in zip(tokens, tags)]
        # Tuples made from lists, which is cheaper than from generators (once per distinct sentence).
        self.lemmas = tuple([lemma for lemma, _ in known])
        self.marking = mark(tokens, tags, self.lemmas)
        # The reading of the whole tree (for :func:`describe`); the propositions of the words aligned.
        self.words = self.lemmas + tuple(token.lower() for token in tree.tokens[len(tokens):]) if tree else ()
        self.reading = read(tree, self.words) if tree is not None else None
        self.propositions = () if tree is None else tuple(
            p for p in self.reading.propositions if max((p.predicate,) + p.subjects + p.objects) < len(tokens))
        self.also_subjects = {} if tree is None else _also_subjects(self, tree.labels, wn)
        # What tells *men* from *man* or *taller* from *tall* reads the tree's tags, Penn Treebank tags whatever the
        # features' tag set (the recommended preset's are coarse: NNS and JJR read NN and JJ).
        ptb = tags if tree is None else tree.tags[:len(tokens)]
        self.degrees = _degrees(tokens, ptb)
        self.content_order = tuple([i for i, (_, content) in enumerate(known) if content])
        self.content = frozenset(self.content_order)
        # "an" read as "a", so that "a dog" / "an animal" differ in one word, not two.
        self.matchable = tuple(["a" if t == "an" else t for t in tokens])
        # The articles read as the number one, for "a dog" / "two dogs".
        self.as_number = tuple(["one" if t in _ONE else t for t in tokens])
        self.negated = has_negation(tokens)
        # A passive with its agent (*is played by a man*): its roles were read back to the active ones.
        self.passive = any(p.passive and p.subjects for p in self.propositions)
        # The subject and object (lemmas) of the first proposition that has both, for :func:`_role_swap`.
        main = next((p for p in self.propositions if p.subjects and p.objects), None)
        self.roles = (None, None) if main is None else (self.lemmas[main.subjects[0]], self.lemmas[main.objects[0]])
        self.mentions = tuple([_mention(tokens, ptb, i) for i, tag in enumerate(tags)
                               if tag[:1] == "N" and (i + 1 == len(tags) or tags[i + 1][:1] != "N")])
        # Each lemma or token said once in the sentence, with its place (for :func:`_crossed`).
        first, repeated = {}, set()
        for i, (t, lemma) in enumerate(zip(tokens, self.lemmas)):
            for key in (t,) if t == lemma else (t, lemma):
                if key in first:
                    repeated.add(key)
                else:
                    first[key] = i
        self.once = {key: i for key, i in first.items() if key not in repeated}
        # Each word of a two-word noun WordNet names (*dining room*, *ice cream*) read as that noun, with
        # its head's tag; the other words as themselves.
        compounds, compound_tags = list(self.as_number), list(tags)
        for i in range(len(tokens) - 1):
            if tags[i][:1] in _MODIFIER_CLASSES and tags[i + 1][:1] == "N" and compounds[i] == tokens[i] \
                    and (name := wn.compound(tokens[i], self.lemmas[i + 1])) is not None:
                compounds[i] = compounds[i + 1] = name
                compound_tags[i] = tags[i + 1]
        self.compounds, self.compound_tags = tuple(compounds), tuple(compound_tags)
        # The noun each adjective describes (see :func:`_described`).
        self.described = {i: k for i, tag in enumerate(tags) if tag[:2] == "JJ"
                          and (k := _described(tokens, ptb, i)) is not None}
        # From the tree: the noun each word before it modifies (*small elephant*, *toy gun*), and the classes of
        # each noun's modifiers (:func:`_modifiers`).
        self.modified, self.modifier_classes = _modifiers(tree, self.lemmas)
        # The numbers of two or more (*two young children*): each with its value and the noun it counts.
        self.counts = tuple([(j, value, k) for j, t in enumerate(tokens)
                             if (value := cardinal(t)) is not None and value >= 2
                             and (k := _counted_noun(tokens, ptb, j)) is not None])


def _described(tokens, tags, i: int) -> int | None:
    """The index of the noun the adjective at ``i`` describes, or None: the first noun after it past
    other modifiers, commas and conjunctions (*a black dog*, *a small, brown and white dog*), else,
    for an adjective after a form of *be*, the last noun before that (*the dog is white*)."""
    for k in range(i + 1, min(i + 1 + _DESCRIBED_GAP, len(tags))):
        if tags[k][:2] == "NN":
            return k
        if tags[k][:2] != "JJ" and tags[k] not in _MODIFIER_GAP_TAGS:
            break
    if i and tokens[i - 1] in BE_FORMS:
        return next((k for k in range(i - 2, -1, -1) if tags[k][:2] == "NN"), None)
    return None


#: The degrees of adjectives and adverbs other than the positive (:func:`_degrees`): each with its Penn Treebank
#: tags (*taller*, *tallest*) and the words that make one of the word after them (*more careful*, *most careful*).
_DEGREES = {"comparative": ({"JJR", "RBR"}, {"more", "less"}), "superlative": ({"JJS", "RBS"}, {"most", "least"})}
#: Words that make a comparative the other way round (*less careful*: more careless).
_LESS = frozenset({"less", "fewer"})
#: The labels and tag classes (first letters) of a noun's modifiers before it in the tree: adjectives and
#: participles (``amod``), nouns (``dep``: *toy gun*).
_MODIFIER_LABELS = frozenset({"amod", "dep"})
_MODIFIER_TAG_CLASSES = frozenset("JNV")


def _modifiers(tree, lemmas) -> tuple[dict[int, int], dict[int, frozenset]]:
    """The words before a noun that modify it, from the tree, each with the noun (*small* -> *elephant*), and
    each noun's modifiers' :func:`~lexical_resources.lists.adjectives.adjective_class` es; only the first
    ``len(lemmas)`` words."""
    modified, classes = {}, {}
    if tree is None:
        return modified, {}
    for i, (head, label, tag) in enumerate(zip(tree.heads[:len(lemmas)], tree.labels, tree.tags)):
        if label in _MODIFIER_LABELS and tag[:1] in _MODIFIER_TAG_CLASSES and i < head - 1 < len(lemmas) \
                and tree.tags[head - 1][:2] == "NN":
            modified[i] = head - 1
            classes.setdefault(head - 1, set()).add(adjective_class(lemmas[i]))
    return modified, {noun: frozenset(found) for noun, found in classes.items()}


def _mention(tokens, tags, i: int) -> tuple[int, float | None, int | None]:
    """The head noun at ``i``, how many things it counts and the index of the number saying so: the
    number before it in its noun phrase (*two blond girls*, *8 players*), else one for a singular
    noun (*a man*, *another man*), else None (a plural noun without a number: *men*)."""
    k = i - 1
    while k >= 0 and tags[k] in _NOUN_PHRASE_TAGS:
        value = cardinal(tokens[k])
        if value is not None:
            return i, value, k
        k -= 1
    return i, (None if tags[i] in ("NNS", "NNPS") else 1.0), None


def _counted_noun(tokens, tags, j: int) -> int | None:
    """The head noun a number at ``j`` counts (*children* in *two young children*), or None."""
    for k in range(j + 1, len(tokens)):
        if tags[k][:1] == "N" and (k + 1 == len(tags) or tags[k + 1][:1] != "N"):
            return k
        if tags[k] not in _NOUN_PHRASE_TAGS:
            return None
    return None


def _also_subjects(sentence: _Analysis, labels, wn) -> dict[int, frozenset[int]]:
    """Who else may be the subject of a proposition, by its predicate's index, where the reading cannot be sure:
    any word for a personal pronoun (*a guy is smiling as he walks* / *the man is walking*), and the subjects of the
    proposition above for a participle the tree hangs on a thing in a prepositional phrase (*a man is in a lab
    looking into a microscope*: the man looks, not the lab), though not on a person or an animal (*a man next to a
    woman wearing a hat*: the woman wears it)."""
    reading, found = sentence.reading, {}
    for k, proposition in enumerate(reading.propositions):
        subjects = proposition.subjects
        if not subjects or proposition.passive or proposition not in sentence.propositions:
            continue
        if all(sentence.tokens[i].lower() in PERSONAL_PRONOUNS for i in subjects):
            found[proposition.predicate] = frozenset(range(len(sentence.tokens)))
        elif reading.relations[k] == "acl" and (above := reading.embedding[k]) is not None and all(
                labels[i] == "pobj" and wn.noun_file(sentence.lemmas[i]) not in (PERSON_FILE, ANIMAL_FILE)
                for i in subjects):
            found[proposition.predicate] = frozenset(reading.propositions[above].subjects)
    return found


@lru_cache(maxsize=SENTENCES)
def _analyse(tokens: tuple, tags: tuple, tree, relations: WordRelations) -> _Analysis:
    return _Analysis(tokens, tags, tree, relations.wordnet)


def _best(relate, p_tokens, p_tags, h_token, h_tag, candidates):
    """The premise index among ``candidates`` whose relation to the hypothesis word ranks best."""
    best, best_rank, best_relation = None, len(RELATION_RANK), None
    for i in candidates:
        relation = relate(p_tokens[i], p_tags[i], h_token, h_tag)
        if relation is not None and (rank := RELATION_RANK[relation]) < best_rank:
            best, best_rank, best_relation = i, rank, relation
    return best, best_relation


def align(premise, hypothesis, relations: WordRelations) -> tuple[list[Link], float]:
    """Links of the hypothesis content words to the premise, and the share of hypothesis tokens
    inside matching blocks. ``premise``/``hypothesis`` are :class:`~lexnli.records.Sentence` s with their trees."""
    p, h = _analysed(premise, relations, limit=None), _analysed(hypothesis, relations, limit=None)
    return _links_forward(p, h, relations)


def _links_forward(p: _Analysis, h: _Analysis, relations: WordRelations) -> tuple[list[Link], float]:
    """:func:`_links` of the hypothesis to the premise, a number that premise mentions add up to
    linked as ``number_total`` to the first of them (*A man and a woman* / *Two people*: not the
    number one, but two mentions adding up to two)."""
    totals = {j: counted[0][0] for j, counted in _totals(p, h, relations.relation)}
    return _links(p, h, relations.relation, totals)


def _links_back(p: _Analysis, h: _Analysis, relations: WordRelations) -> list[Link]:
    """The pair read the other way round: links of the premise's content words to the hypothesis
    (a link's ``hypothesis_index`` is then the premise word's). The hypothesis's articles are not
    read as one: going down from a number to *a* (*Two dogs run* / *A dog runs*) leaves the number
    unsaid, it does not conflict with it. A premise number that the hypothesis gives the total of
    (*8 players and 4 players* / *12 players*) is linked to that total as ``number_total``."""
    totals = {number: j for j, counted in _totals(p, h, relations.relation) for _, _, number in counted
              if number is not None}
    return _links(h, p, relations.relation_back, totals, articles_as_one=False)[0]


def _links(p: _Analysis, h: _Analysis, relate, totals: dict[int, int], *,
           articles_as_one: bool = True) -> tuple[list[Link], float]:
    """:func:`align`'s links and share, by the module's four steps, with ``relate(premise_token,
    premise_tag, hypothesis_token, hypothesis_tag)`` giving the relation of a hypothesis word to a
    premise word, ``totals`` the words step 4 links to a number total (:func:`_number_totals`), and
    the premise's *a*/*an* read as the number one if ``articles_as_one`` (*a dog* / *two dogs*)."""
    blocks = tuple(_refined(opcodes(p.matchable, h.matchable), p, h))
    links = _in_place(p, h, blocks) | _substitutions(p, h, relate, blocks, articles_as_one)
    links |= _elsewhere(p, h, relate, links)
    links |= _attributes(p, h, links)
    links |= _same_role(p, h, links)
    matched = sum(j2 - j1 for op, _, _, j1, j2 in blocks if op == "equal")
    share = matched / len(h.tokens) if h.tokens else 0.0
    links = [_project(link, p, h) for link in _number_totals([links[j] for j in sorted(links)], totals)]
    return _converses(p, h, _subsective(p, h, links)), share


def _refined(blocks, p: _Analysis, h: _Analysis):
    """difflib's opcodes, with a replaced block whose words are word for word the same lemmas but
    one (*a dog runs* / *two dogs run*: the number swap changed the agreement) cut into pieces:
    the same lemmas as ``equal``, the one word left as a one-word ``replace``."""
    for op, i1, i2, j1, j2 in blocks:
        if op == "replace" and i2 - i1 == j2 - j1 > 1:
            differ = [k for k in range(i2 - i1) if p.matchable[i1 + k] != h.matchable[j1 + k]
                      and p.lemmas[i1 + k] != h.lemmas[j1 + k]]
            if len(differ) == 1:
                k = differ[0]
                if k:
                    yield "equal", i1, i1 + k, j1, j1 + k
                yield "replace", i1 + k, i1 + k + 1, j1 + k, j1 + k + 1
                if k + 1 < i2 - i1:
                    yield "equal", i1 + k + 1, i2, j1 + k + 1, j2
                continue
        yield op, i1, i2, j1, j2


def _in_place(p: _Analysis, h: _Analysis, blocks) -> dict[int, Link]:
    """Step 1: each hypothesis content word in a matching block, aligned ``in_place`` to the premise
    word across from it, as ``exact`` (or ``lemma``: :func:`_refined` matches lemmas too)."""
    links = {}
    for op, i1, _, j1, j2 in blocks:
        if op == "equal":
            for j in range(j1, j2):
                if j in h.content:
                    i = i1 + j - j1
                    links[j] = Link(j, i, EXACT if p.matchable[i] == h.matchable[j] else LEMMA, "in_place")
    return links


def _substitutions(p: _Analysis, h: _Analysis, relate, blocks, articles_as_one: bool) -> dict[int, Link]:
    """Step 2: the links of the hypothesis words of each replaced block (:func:`_slot`)."""
    links = {}
    for op, i1, i2, j1, j2 in blocks:
        if op == "replace":
            links |= _slot(p, h, relate, i1, i2, j1, j2, articles_as_one)
    return links


def _slot(p: _Analysis, h: _Analysis, relate, i1: int, i2: int, j1: int, j2: int,
          articles_as_one: bool) -> dict[int, Link]:
    """The links of the hypothesis words ``j1:j2`` that replace the premise words ``i1:i2``: a
    particle swapped for its opposite (:func:`_particle_swap`), else each content word linked to
    the premise word of the slot (its content words, and *a*/*an* if ``articles_as_one``) it
    relates to best, two-word nouns read whole (:func:`_two_word_nouns`). The links are ``swap``
    when one word replaces one word, a two-word noun WordNet names counting as one (*living room* /
    *bedroom*), and then a word related to none is a swap too (``unrelated``); else ``substitution``."""
    swap = _particle_swap(p, h, relate, i1, i2, j1, j2)
    if swap is not None:
        return {j1: swap}
    slot = [i for i in range(i1, i2) if i in p.content or articles_as_one and p.tokens[i] in _ONE]
    one_for_one = _one_word(p, i1, i2) and _one_word(h, j1, j2)
    compound_in_slot = any(p.compounds[k] != p.as_number[k] for k in slot)
    p_tokens = p.as_number if articles_as_one else p.tokens
    links = {}
    for j in range(j1, j2):
        if j in h.content:
            i, relation = _best(relate, p_tokens, p.tags, h.tokens[j], h.tags[j], slot)
            if compound_in_slot or h.compounds[j] != h.as_number[j]:
                i, relation = _two_word_nouns(p, h, relate, j, slot, (i, relation))
            if relation is not None:
                links[j] = Link(j, i, relation, "swap" if one_for_one else "substitution")
            elif one_for_one and slot:
                links[j] = Link(j, i1, None, "swap")
    return links


def _particle_swap(p: _Analysis, h: _Analysis, relate, i1: int, i2: int, j1: int, j2: int) -> Link | None:
    """The swap of one word for its opposite as adverbs, an antonym (*a lamp turned on* / *turned
    off*, *moved down the slope* / *up*), whichever of preposition, particle, adverb or adjective the
    tagger made of each (two adjectives are content words, related by :func:`_slot`); else None."""
    tags = (p.tags[i1], h.tags[j1])
    if i2 - i1 == 1 and j2 - j1 == 1 and _SWAPPED_PARTICLE_TAGS.issuperset(tags) and tags != ("JJ", "JJ"):
        relation = relate(p.tokens[i1], "RB", h.tokens[j1], "RB")
        if relation == ANTONYM:
            return Link(j1, i1, relation, "swap")
    return None


def _two_word_nouns(p: _Analysis, h: _Analysis, relate, j: int, slot, found: tuple) -> tuple:
    """For a two-word noun WordNet names in the slot or at hypothesis word ``j``: the best premise
    index and relation of the nouns read whole (*kitchen* / *dining room*: co-hyponyms, not *room*
    more general than *kitchen*; *fire truck* / *fire engine*: synonyms), unless their words are
    equal (*grocery store* / *grocery shop*) or say what the whole says (*tennis court* / *basketball
    court*: co-hyponyms, as the sports are); then ``found``, the best of the words (:func:`_best`)."""
    whole = _best(relate, p.compounds, p.compound_tags, h.compounds[j], h.compound_tags[j], slot)
    relation = found[1]
    if whole[1] is not None and (relation is None or RELATION_CLASSES[relation] not in
                                 (EQUAL, RELATION_CLASSES[whole[1]])):
        return whole
    return found


def _one_word(sentence: _Analysis, start: int, stop: int) -> bool:
    """Whether ``tokens[start:stop]`` is one word: one token, or the two words of a two-word noun."""
    return stop - start == 1 or (stop - start == 2 and sentence.compounds[start] == sentence.compounds[start + 1]
                                 != sentence.as_number[start])


def _elsewhere(p: _Analysis, h: _Analysis, relate, links: dict[int, Link]) -> dict[int, Link]:
    """Step 3: each hypothesis content word ``links`` leaves out, looked up among all the premise's
    content words: ``moved`` when the same word is there, ``elsewhere`` when a related one is, else ``new``."""
    found = {}
    for j in sorted(h.content - links.keys()):
        i, relation = _best(relate, p.tokens, p.tags, h.tokens[j], h.tags[j], p.content_order)
        if relation is None:
            found[j] = Link(j, None, None, "new")
        else:
            found[j] = Link(j, i, relation, "moved" if relation in _SAME_WORD else "elsewhere")
    return found


def _attributes(p: _Analysis, h: _Analysis, links: dict[int, Link]) -> dict[int, Link]:
    """Step 3's adjectives: each linked ``elsewhere`` that describes the noun the premise's adjective
    describes takes that adjective's place, as an ``attribute`` (*a black dog* / *the dog is white* is
    a swap of colours); the nouns linked to each other, as anything but a conflict or new."""
    found = {}
    for j, i in h.described.items():
        link = links.get(j)
        if link is not None and link.kind == "elsewhere" and (k := p.described.get(link.premise_index)) is not None:
            noun = links.get(i)
            if noun is not None and noun.premise_index == k and noun.relation_class not in (CONFLICT, "new"):
                found[j] = link._replace(kind="attribute")
    return found


def _same_role(p: _Analysis, h: _Analysis, links: dict[int, Link]) -> dict[int, Link]:
    """The steps' swaps of one argument for another of the same role: each hypothesis word swapped for a premise word
    though the premise says it once, among the subjects (or the objects) of the same predicate as the hypothesis
    word's, linked to it as ``moved`` (*Mary is as tall as John* / *John is as tall as Mary*: an equative's sides are
    both its subjects, :mod:`featurize.reading`)."""
    found = {}
    for proposition in h.propositions:
        predicate = links.get(proposition.predicate)
        if predicate is None or predicate.relation_class != EQUAL:
            continue
        premise = next((q for q in p.propositions if q.predicate == predicate.premise_index), None)
        if premise is None:
            continue
        for own, theirs in ((proposition.subjects, premise.subjects), (proposition.objects, premise.objects)):
            for j in own:
                i = p.once.get(h.lemmas[j], p.once.get(h.tokens[j]))
                if len(theirs) > 1 and i in theirs and (link := links.get(j)) is not None and link.kind == "swap" \
                        and link.premise_index != i:
                    found[j] = Link(j, i, EXACT if p.matchable[i] == h.matchable[j] else LEMMA, "moved")
    return found


@lru_cache(maxsize=64)
def _totals(p: _Analysis, h: _Analysis, relate) -> tuple[tuple[int, tuple], ...]:
    """Step 4's numbers: the hypothesis numbers that two or more premise mentions add up to, each with
    those mentions (:func:`_mention`), each named by the noun the number counts or a more specific
    one (*A man and a woman* / *Two people*, *8 yellow players and 4 black players* / *12 players*).
    Remembered for the last pairs: a pair's links and its links read back both ask for them."""
    totals = []
    for j, value, k in h.counts:
        counted = tuple(mention for mention in p.mentions if RELATION_CLASSES.get(
            relate(p.tokens[mention[0]], p.tags[mention[0]], h.tokens[k], h.tags[k])) in (EQUAL, GENERAL))
        if len(counted) >= 2 and None not in (count for _, count, _ in counted) \
                and sum(count for _, count, _ in counted) == value:
            totals.append((j, counted))
    return tuple(totals)


def _number_totals(links: list[Link], totals: dict[int, int]) -> list[Link]:
    """Step 4: ``links`` with each word that ``totals`` maps to a counterpart (a number and the mentions
    adding up to it) linked to it as ``number_total``, unless it is already linked as an equal."""
    return [Link(link.hypothesis_index, totals[link.hypothesis_index], NUMBER_TOTAL, link.kind)
            if link.hypothesis_index in totals and link.relation_class != EQUAL else link for link in links]


#: How a relation's class projects through a downward context (natural logic's projection of
#: negation: MacCartney & Manning 2009): *fruit* is more general than *apple*, so *not fruit* is
#: more specific than *not apple*; two words that exclude each other (*apple* / *pear*) no
#: longer do under a negation (*not an apple* / *not a pear*), and say nothing of each other.
DOWNWARD_PROJECTION = {EQUAL: EQUAL, GENERAL: SPECIFIC, SPECIFIC: GENERAL, CONFLICT: "new", "new": "new"}
#: ... and through a non-monotone one (*exactly two dogs* / *exactly two animals*): only equals hold.
NON_MONOTONE_PROJECTION = {EQUAL: EQUAL, GENERAL: "new", SPECIFIC: "new", CONFLICT: CONFLICT, "new": "new"}


def _project(link: Link, p: _Analysis, h: _Analysis) -> Link:
    """``link`` with the class its relation projects to through the operators above its two words
    (:mod:`featurize.polarity`), where that differs from the relation's own:

    * a premise word its sentence does not assert (under *maybe*, *thinks*, *if*, *or*) supports
      no asserted hypothesis word: ``new``; one it denies (*refuses to eat* / *is eating*) conflicts
      with an equal or more specific one (*refuses to eat fruit* / *is eating an apple*; denying
      *an apple* says nothing of *fruit*);
    * when both words are under the same kind of context, :data:`DOWNWARD_PROJECTION` or
      :data:`NON_MONOTONE_PROJECTION` (contexts that differ are left to the negation features);
    * a hypothesis word linked to none, added under a downward context the premise has too, is a
      restriction the premise's operator already covers (*no girl eats an apple* / *no girl eats
      a red apple*): ``general``;
    * an adjective or adverb supports none of another degree (:func:`_degrees`) but a positive that compares
      nothing (*taller than his sister* / *tall*, *the tallest* / *tall*, *tall* / *taller than his sister*:
      ``new``; not *an old man* / *an older man*); an equative and a comparison conflict (*as tall as* /
      *taller than*, both asserted and not negated); the nouns' modifiers may change their relation
      (:func:`_modified`: *a fake gun* / *a gun*).
    """
    i, j, found = link.premise_index, link.hypothesis_index, link.relation_class
    premise, hypothesis = p.marking, h.marking
    if i is None:
        added = link.kind == "new" and hypothesis.polarity[j] == DOWN and premise.downward
        return link._replace(projected=GENERAL) if added else link
    if premise.veridicality[i] != VERIDICAL and hypothesis.veridicality[j] == VERIDICAL:
        denied = premise.veridicality[i] == ANTIVERIDICAL and found in (EQUAL, SPECIFIC)
        return link._replace(projected=CONFLICT if denied else "new")
    if found == EQUAL and (degree := p.degrees[i]) != (other := h.degrees[j]) \
            and (degree != "positive" or other == "equative" or "than" in h.tokens[j + 1:j + 3]):
        # taller than his sister / tall; tall / taller than his sister; as tall as / taller than
        equal = {degree, other} == {"equative", "comparative"} and premise.polarity[i] == hypothesis.polarity[j] == UP
        found = CONFLICT if equal else "new"
    found = _modified(found, p.modifier_classes.get(i, ()), h.modifier_classes.get(j, ()))
    polarity = premise.polarity[i]
    if polarity == hypothesis.polarity[j] != UP:
        found = (DOWNWARD_PROJECTION if polarity == DOWN else NON_MONOTONE_PROJECTION)[found]
    return link._replace(projected=found) if found != link.relation_class else link


def _modified(found: str, premise_classes, hypothesis_classes) -> str:
    """The class of two nouns' relation as their modifiers' classes make it (:mod:`lexical_resources.lists.adjectives`):
    a privative modifier on one of them and not the other makes a conflict of an equal, more general or more
    specific noun (*a fake gun* / *a gun*, *a toy horse* / *an animal*), a non-subsective one on the premise's
    noun alone makes it unsupported (*an alleged thief* / *a thief*)."""
    if found not in (EQUAL, GENERAL, SPECIFIC):
        return found
    if (PRIVATIVE_CLASS in premise_classes) != (PRIVATIVE_CLASS in hypothesis_classes):
        return CONFLICT
    if NON_SUBSECTIVE_CLASS in premise_classes and NON_SUBSECTIVE_CLASS not in hypothesis_classes:
        return "new"
    return found


def _subsective(p: _Analysis, h: _Analysis, links: list[Link]) -> list[Link]:
    """``links`` with each subsective adjective (:data:`~lexical_resources.lists.adjectives.SUBSECTIVE`) that
    modifies a noun linked to a more specific one, the premise's same adjective modifying that, unsupported: a
    small elephant is no small animal, though it is small for an elephant and an animal."""
    by_word = {link.hypothesis_index: link for link in links}
    found = []
    for link in links:
        j, i = link.hypothesis_index, link.premise_index
        noun = by_word.get(h.modified.get(j))
        if noun is not None and i is not None and link.projected_class == EQUAL \
                and adjective_class(h.lemmas[j]) == SUBSECTIVE_CLASS and noun.projected_class == GENERAL \
                and p.modified.get(i) == noun.premise_index is not None:
            link = link._replace(projected="new")
        found.append(link)
    return found


def _degrees(tokens, tags) -> tuple[str, ...]:
    """Each word's degree, from Penn Treebank ``tags``: ``comparative`` or ``superlative`` (tagged so, or after a
    word of :data:`_DEGREES`: *more careful*), ``equative`` (between the two *as* of *as tall as*) or ``positive``.

    >>> _degrees(("taller", "more", "careful", "as", "tall", "as", "tallest"), ("JJR", "RBR", "JJ", "RB", "JJ", "IN",
    ...                                                                          "JJS"))
    ('comparative', 'comparative', 'comparative', 'positive', 'equative', 'positive', 'superlative')
    """
    found = []
    for k, (token, tag) in enumerate(zip(tokens, tags)):
        before = tokens[k - 1] if k else ""
        degree = next((name for name, (own, words) in _DEGREES.items() if tag in own or before in words and
                       token not in words), None)
        found.append(degree or ("equative" if before == "as" and tokens[k + 1:k + 2] == ("as",) else "positive"))
    return tuple(found)


def _comparative(sentence: _Analysis, proposition) -> bool:
    """Whether a proposition is a comparison of two things (:mod:`featurize.reading`: *Mary is taller than John*)."""
    return sentence.degrees[proposition.predicate] == "comparative" and bool(proposition.subjects and
                                                                               proposition.objects)


def _converses(p: _Analysis, h: _Analysis, links: list[Link]) -> list[Link]:
    """``links`` with each comparative predicate linked to its antonym's comparative, or to the same word's comparative
    the other way round (:data:`_LESS`), the two things compared having traded places, linked as
    :data:`~lexical_resources.names.CONVERSE`, an equal: *John is shorter than Mary* says what *Mary is taller than
    John* says, *the puppy is more active than the dog* what *the dog is less active than the puppy* says."""
    compared = [proposition for proposition in h.propositions if _comparative(h, proposition)]
    if not compared:  # most pairs
        return links
    arguments = _arguments_linked(p, h, links)
    by_word = {link.hypothesis_index: link for link in links}
    for proposition in compared:
        link = by_word.get(proposition.predicate)
        if link is None or link.premise_index is None:
            continue
        reversed_ = _less(p, link.premise_index) != _less(h, proposition.predicate)
        if not (link.relation == ANTONYM and not reversed_ or link.relation_class == EQUAL and reversed_):
            continue
        premise = next((q for q in p.propositions if q.predicate == link.premise_index and _comparative(p, q)), None)
        if premise is not None and {arguments.get(j) for j in proposition.subjects} <= set(premise.objects) \
                and {arguments.get(j) for j in proposition.objects} <= set(premise.subjects):
            by_word[proposition.predicate] = Link(link.hypothesis_index, link.premise_index, CONVERSE, link.kind)
    return [by_word[j] for j in sorted(by_word)]


def _less(sentence: _Analysis, k: int) -> bool:
    """Whether word ``k`` is a comparative the other way round (*less careful*)."""
    return k > 0 and sentence.tokens[k - 1] in _LESS


def _dropped(p: _Analysis, h: _Analysis, links: list[Link]) -> int:
    """How many premise content words under a downward context the hypothesis leaves out, when it
    has a downward context too: each makes the hypothesis more specific there (*no girl eats a red
    apple* / *no girl eats an apple*), where upward it would make it more general (and entailed)."""
    if not h.marking.downward:
        return 0
    said = {link.premise_index for link in links}
    return sum(1 for i in p.content_order if i not in said and p.marking.polarity[i] == DOWN)


def _verdict(links, dropped: int = 0) -> str:
    """``conflict``, ``conflict_only``, ``entailed`` or ``new=<n>`` from the links' projected classes
    and the ``dropped`` premise words (each unsupported)."""
    classes = [link.projected_class for link in links] + [SPECIFIC] * dropped
    unsupported = classes.count("new") + classes.count(SPECIFIC)
    if CONFLICT in classes:
        return "conflict" if unsupported else "conflict_only"
    return "entailed" if not unsupported else f"new={min(unsupported, 3)}{'+' if unsupported >= 3 else ''}"


#: What :func:`_roles` finds, from worst to best; the first two undo what the words say.
ROLES = ("unsupported", "swapped", "supported")
_ROLES_UNDONE = frozenset(ROLES[:2])


def _roles(p: _Analysis, h: _Analysis, links: list[Link]) -> str | None:
    """Whether the premise says each hypothesis proposition (:mod:`featurize.reading`) with its
    roles: for each whose predicate is the same lemma as an asserted premise proposition's
    predicate (else is linked to one, as an equal or more general word), ``swapped`` when a subject
    or object is linked to that proposition's other role, both having both (*the girl is pushed by
    the boy* / *the girl is pushing the boy*; not *people gather* / *people are gathered*),
    ``unsupported`` when one is linked to a word that has another place in the premise
    (:func:`_elsewhere_in`: *the man who the dog is following is running* / *the dog is running*)
    and may not be that proposition's subject (:func:`_also_subjects`), else ``supported``. The worst over the
    hypothesis's propositions; None when none is found so."""
    linked = _arguments_linked(p, h, links)
    converse = {link.hypothesis_index for link in links if link.relation == CONVERSE}
    found = []
    for proposition in h.propositions:
        candidates = [premise for premise in p.propositions if p.lemmas[premise.predicate] ==
                      h.lemmas[proposition.predicate] and p.marking.veridicality[premise.predicate] == VERIDICAL] \
            or [premise for premise in p.propositions if premise.predicate == linked.get(proposition.predicate)]
        if proposition.predicate in converse:
            candidates = [premise._replace(subjects=premise.objects, objects=premise.subjects)
                          for premise in candidates]
        if candidates:
            found.append(max((_role_support(p, proposition, premise, linked) for premise in candidates),
                             key=ROLES.index))
    return min(found, key=ROLES.index) if found else None


def _arguments_linked(p: _Analysis, h: _Analysis, links: list[Link]) -> dict[int, int]:
    """The premise word each hypothesis word stands for, for reading roles: the word it is linked to as an equal or
    more general one, else the same word said once in the premise (which the alignment may have set across from
    another word: *Mary is taller than John* / *John is taller than Mary*)."""
    linked = {}
    for link in links:
        j = link.hypothesis_index
        if link.premise_index is not None and link.projected_class in (EQUAL, GENERAL):
            linked[j] = link.premise_index
        elif (i := p.once.get(h.lemmas[j], p.once.get(h.tokens[j]))) is not None:
            linked[j] = i
    return linked


def _role_support(p: _Analysis, hypothesis, premise, linked: dict[int, int]) -> str:
    """:func:`_roles` of one hypothesis proposition against one premise proposition."""
    subjects = [linked[j] for j in hypothesis.subjects if j in linked]
    objects = [linked[j] for j in hypothesis.objects if j in linked]
    both = all((hypothesis.subjects, hypothesis.objects, premise.subjects, premise.objects))
    if both and (set(subjects) & set(premise.objects) - set(premise.subjects)
                 or set(objects) & set(premise.subjects) - set(premise.objects)):
        return "swapped"
    also = p.also_subjects.get(premise.predicate, ())
    if any(i not in also and _elsewhere_in(p, premise, i, premise.subjects) for i in subjects) \
            or any(_elsewhere_in(p, premise, i, premise.objects) for i in objects):
        return "unsupported"
    return "supported"


def _elsewhere_in(p: _Analysis, premise, i: int, role: tuple[int, ...]) -> bool:
    """Whether premise word ``i``, not in ``role`` of the premise proposition, has a place of its own:
    a role in another premise proposition (*the man who the dog is following*; not the subject of a
    bare participle, which the reading often takes for another clause: *a man wearing a helmet
    rides a bike*), or the noun of a
    prepositional phrase right after a word of ``role`` (*the man near the dog*; not *of*: *a group
    of children* are the children). When the reading finds neither, a role it left empty or misread
    is not taken for a proposition the premise does not say."""
    if i in role or not role:
        return False
    if any(i in other.objects or i in other.subjects and not _bare_participle(p, other.predicate)
           for other in p.propositions if other is not premise):
        return True
    return any(k < i <= k + _ROLE_GAP and any(p.tags[m] in _PARTICLE_TAGS and p.tokens[m] != "of"
                                               for m in range(k + 1, i)) for k in role)


def _bare_participle(sentence: _Analysis, k: int) -> bool:
    """Whether the predicate at ``k`` is a participle with no auxiliary before it (*a man wearing*, *a
    woman seated*)."""
    return sentence.tokens[k].endswith(("ing", "ed")) and (k == 0 or sentence.lemmas[k - 1] not in AUXILIARIES)


def _role_swap(p: _Analysis, h: _Analysis) -> bool:
    """The premise's subject and object trade places in the hypothesis (read from the tags)."""
    (p_subject, p_object), (h_subject, h_object) = p.roles, h.roles
    return (None not in (p_subject, p_object) and p_subject != p_object
            and h_subject == p_object and h_object == p_subject)


def _crossed(p: _Analysis, h: _Analysis) -> bool:
    """Subject and object traded around one word, read from the words: two nouns next to a third
    word (a verb other than *be*, or a content word no tag reads as an adjective or adverb), one
    before it and one after, on the other sides in the hypothesis (*A dog chases men* / *A man
    chases dogs*, *A man is doing a trick* / *A trick is doing a man*). Each of the three is said
    once in each sentence (by lemma or token) and, in both, at most :data:`_ROLE_GAP` words stand
    between a noun and that word, none a preposition, conjunction, wh-word or punctuation: nouns
    reordered around their own verbs, in a coordination or in prepositional phrases (*A man
    holding a child walks with a woman* / *A man and a woman walk carrying a child*) are no swap.
    Tags from either sentence count: a sentence whose roles were swapped is often tagged badly
    (*A nose/JJ licks his dog*), and raw text's tagger reads *bit* in *A dog bit a man* as a noun."""
    nouns, pivots = [], []
    for i, (token, lemma, tag) in enumerate(zip(p.tokens, p.lemmas, p.tags)):
        if p.once.get(lemma) == i and (j := h.once.get(lemma, h.once.get(token))) is not None:
            tags = tag[:1] + h.tags[j][:1]
            if "N" in tags:
                nouns.append((i, j))
            if token not in BE_FORMS and ("V" in tags or (i in p.content or j in h.content)
                                           and "J" not in tags and "R" not in tags):
                pivots.append((i, j))
    for i, j in pivots:
        # A noun after the pivot in the premise and before it in the hypothesis, and one the other way round.
        after = [(i1, j1) for i1, j1 in nouns if i1 > i and j1 < j]
        if after and any(_close(p, i2, i, i1) and _close(h, j1, j, j2) for i2, j2 in nouns if i2 < i and j2 > j
                         for i1, j1 in after):
            return True
    return False


def _close(sentence: _Analysis, before: int, word: int, after: int) -> bool:
    """At most :data:`_ROLE_GAP` words between ``before`` and ``word`` and between ``word`` and
    ``after``, none of them a preposition, conjunction, wh-word or punctuation."""
    return (word - before <= _ROLE_GAP + 1 and after - word <= _ROLE_GAP + 1
            and not any(sentence.tags[k][:2] in _CLAUSE_TAGS or not WORD_CHARACTER.search(sentence.tokens[k])
                        for k in range(before + 1, after) if k != word))


class _Word(NamedTuple):
    """What the ``word`` rows of :data:`_FEATURES` read of one link."""

    #: The link's relation; for a word linked to none, ``unrelated`` in a swap, else ``new``.
    relation: str
    relation_class: str
    #: The class as the contexts project it (:func:`_project`).
    projected_class: str
    #: The hypothesis word's WordNet POS letter, ``particle`` or ``num``.
    pos: str
    kind: str
    #: The linked premise word's lemma ("" for none) and the hypothesis word's.
    premise_lemma: str
    lemma: str
    #: :attr:`Link.unsaid`.
    unsaid: bool


class _Pair(NamedTuple):
    """What the ``once`` rows of :data:`_FEATURES` read of the pair."""

    #: :func:`_verdict` of the links.
    verdict: str
    #: The roles traded places, in the same voice (active <-> passive trades the nouns' places
    #: without changing their roles).
    crossed: bool
    #: A near copy (:data:`COPY_SHARE` of the hypothesis in matching blocks), the roles as they were.
    copy: bool
    #: The class of the one word swapped in (``unrelated`` when no resource relates the two), None
    #: unless exactly one is and no other word's relation is undone (:func:`_swapped`); the words of a
    #: two-word noun (*living room* / *dining room*) are one.
    swapped: str | None
    #: The verdict of the links read back (:func:`_links_back`); None when the roles crossed and the
    #: premise is not negated.
    reverse: str | None
    #: ``hypothesis_only``, ``premise_only``, ``both`` or None: which sentences are negated.
    negation: str | None
    premise_negated: bool
    #: One sentence is passive and the other not.
    voice_change: bool
    #: :func:`_roles`: ``supported``, ``swapped``, ``unsupported``, or None.
    roles: str | None

    @property
    def verdict_stands(self) -> bool:
        """Whether the verdict says what the words say of the pair: not when their roles changed."""
        return not self.crossed and self.roles not in _ROLES_UNDONE


class _Quantifier(NamedTuple):
    """What the ``quantifier`` row of :data:`_FEATURES` reads of a quantifier the hypothesis says."""

    word: str
    #: ``in_premise`` or ``new``.
    where: str


def _readings(p: _Analysis, h: _Analysis, relations: WordRelations) -> dict[str, list]:
    """The pair's readings, by what the rows of :data:`_FEATURES` are for: a :class:`_Word` for each
    link, the :class:`_Pair`, and a :class:`_Quantifier` for each quantifier the hypothesis says."""
    links, share = _links_forward(p, h, relations)
    return {"word": [_read_word(p, h, link) for link in links], "once": [_read_pair(p, h, links, share, relations)],
            "quantifier": [_Quantifier(q, "in_premise" if q in p.tokens else "new")
                           for q in QUANTIFIERS.intersection(h.tokens)]}


def _read_word(p: _Analysis, h: _Analysis, link: Link) -> _Word:
    """What the ``word`` rows read of ``link``."""
    tag = h.tags[link.hypothesis_index]
    return _Word(relation=link.relation or ("unrelated" if link.kind == "swap" else "new"),
                 relation_class=link.relation_class, projected_class=link.projected_class,
                 pos="particle" if tag in _PARTICLE_TAGS else ptb_to_wordnet(tag) or "num",
                 kind=link.kind,
                 premise_lemma=p.lemmas[link.premise_index] if link.premise_index is not None else "",
                 lemma=h.lemmas[link.hypothesis_index], unsaid=link.unsaid)


def _read_pair(p: _Analysis, h: _Analysis, links: list[Link], share: float, relations: WordRelations) -> _Pair:
    """What the ``once`` rows read of the pair, given its ``links`` and ``share`` (:func:`_links_forward`)."""
    # Two things compared that trade places under an antonym say the same (:func:`_converses`).
    crossed = p.passive == h.passive and not any(link.relation == CONVERSE for link in links) \
        and (_role_swap(p, h) or _crossed(p, h))
    roles = _roles(p, h, links)
    negation = "both" if p.negated and h.negated else "hypothesis_only" if h.negated else \
        "premise_only" if p.negated else None
    return _Pair(verdict=_verdict(links, _dropped(p, h, links)), crossed=crossed, roles=roles,
                 copy=share >= COPY_SHARE and not crossed and roles not in _ROLES_UNDONE, swapped=_swapped(h, links),
                 reverse=None if crossed and not p.negated else _reverse_verdict(p, h, relations),
                 negation=negation, premise_negated=p.negated, voice_change=p.passive != h.passive)


def _reverse_verdict(p: _Analysis, h: _Analysis, relations: WordRelations) -> str:
    """:func:`_verdict` of the pair read back (:func:`_links_back`), with its dropped words."""
    back = _links_back(p, h, relations)
    return _verdict(back, _dropped(h, p, back))


def _swapped(h: _Analysis, links: list[Link]) -> str | None:
    """The class of the one word swapped in, if one is and it alone changes what the words say (:attr:`_Pair.swapped`):
    not when a context or a modifier leaves another word unsupported (*a large puppy* / *a large dog*: a large dog is
    no large puppy)."""
    swaps = [link for link in links if link.kind == "swap"]
    if len({h.compounds[j] if h.compounds[j] != h.as_number[j] else j
            for j in (link.hypothesis_index for link in swaps)}) != 1 \
            or any(link.kind != "swap" and link.unsaid for link in links):
        return None
    return swaps[0].projected_class if swaps[0].relation else "unrelated"


def _analysed(sentence, relations: WordRelations, limit: int | None = CROSS_MAX_TOKENS) -> _Analysis:
    """The :class:`_Analysis` of a sentence's first ``limit`` tokens (all for None): aligning two sentences takes
    time that grows with the product of their lengths, so the family, like the cross families, reads no more
    than :data:`~featurize.families.lexicalized.CROSS_MAX_TOKENS` of either (no SNLI sentence is that long).

    Raises
    ------
    ValueError
        When a sentence with tokens has no dependency tree: the family reads roles from it.
    """
    tree = sentence.tree
    if tree is None and sentence.tokens:
        raise ValueError(f"the alignment family reads each sentence's dependency tree, and {sentence.text!r:.60} has "
                         "none: featurize with PairFeaturizer, which reads the sentences with its syntax model")
    return _analyse(tuple(sentence.tokens[:limit]), tuple(sentence.tags[:limit]), tree, relations)


def _positional(template: str, fields: tuple[str, ...]) -> str:
    """``template`` with each ``{field}`` made the field's place (``{0}``), to fill from a named tuple
    unpacked: cheaper than a dict of its fields per reading."""
    for k, field in enumerate(fields):
        template = template.replace("{" + field + "}", "{" + str(k) + "}")
    return template


#: The named tuple each kind of row of :data:`_FEATURES` reads.
_READING_TYPES = {"word": _Word, "once": _Pair, "quantifier": _Quantifier}
#: :data:`_FEATURES` with each template read positionally from its reading and named in full.
_ROWS = tuple((each, "alignment:" + _positional(template, _READING_TYPES[each]._fields), when)
              for each, template, when in _FEATURES)


def alignment_features(premise, hypothesis, relations: WordRelations) -> Counter:
    """The family's features for one pair of sentences (``tokens``/``tags``, lowercased): the rows of
    :data:`_FEATURES`, each for the readings of the pair it is for."""
    p, h = _analysed(premise, relations), _analysed(hypothesis, relations)
    readings = _readings(p, h, relations)
    features = Counter()
    for each, name, when in _ROWS:
        for reading in filter(when, readings[each]):
            features[name.format(*reading)] = 1
    return features


def describe(premise, hypothesis, relations: WordRelations) -> list[str]:
    """The alignment as readable lines: ``"green <- blue: cohyponym (WordNet), substitution"``, one
    per hypothesis content word, with the operators a relation was projected through (``apple <-
    fruit: hyponym (WordNet), substitution; under "not": projected more general``); then, read
    back (the ``reverse`` verdict's links), each premise content word the hypothesis does not say
    word for word: ``"read back: sofa: unsaid"``, ``"read back: woman -> man: antonym (WordNet),
    elsewhere"``; then, when :func:`_roles` undoes the verdict, the two readings behind it
    (:func:`featurize.reading.explain`): ``"roles: unsupported; premise: follow(dog; man) & run(man);
    hypothesis: run(dog)"``."""
    p, h = _analysed(premise, relations), _analysed(hypothesis, relations)
    links = _links_forward(p, h, relations)[0]
    lines = [_describe_link(link, h, p, "<-", "new") for link in links]
    lines += ["read back: " + _describe_link(link, p, h, "->", "unsaid")
              for link in _links_back(p, h, relations) if link.relation not in _SAME_WORD]
    if (roles := _roles(p, h, links)) in _ROLES_UNDONE:
        lines.append(f"roles: {roles}; premise: {explain(p.reading, p.words)}; "
                     f"hypothesis: {explain(h.reading, h.words)}")
    return lines


def _describe_link(link: Link, sentence: _Analysis, other: _Analysis, arrow: str, unlinked: str) -> str:
    """One line of :func:`describe`: ``sentence`` holds the linked words, ``other`` the words they are
    linked to. A projected relation says the operators it was projected through."""
    word = sentence.tokens[link.hypothesis_index]
    if link.premise_index is None:
        line = f"{word}: {unlinked}"
    else:
        relation = link.relation or "unrelated"
        source = RELATION_SOURCES.get(relation, "WordNet")
        line = f"{word} {arrow} {other.tokens[link.premise_index]}: {relation} ({source}), {link.kind}"
    if link.projected is not None:
        where = (other.marking.operators[link.premise_index] if link.premise_index is not None else ()) \
            or sentence.marking.operators[link.hypothesis_index]
        words = " ".join(f'"{other.tokens[k] if link.premise_index is not None else sentence.tokens[k]}"'
                         for k in where)
        modifiers = " ".join(f'"{each.tokens[k]}"' for each, noun in ((other, link.premise_index),
                                                                      (sentence, link.hypothesis_index))
                             for k, head in each.modified.items() if head == noun
                             and adjective_class(each.lemmas[k]) in (PRIVATIVE_CLASS, NON_SUBSECTIVE_CLASS))
        degrees = (other.degrees[link.premise_index], sentence.degrees[link.hypothesis_index]) \
            if link.premise_index is not None else ()
        subsective = adjective_class(sentence.lemmas[link.hypothesis_index]) == SUBSECTIVE_CLASS
        line += f"; under {words}" if words else f"; modified by {modifiers}" if modifiers else \
            f"; {degrees[1]} against {degrees[0]}" if len(set(degrees)) == 2 else \
            "; over a more general noun" if subsective else ""
        line += f": projected {_CLASS_NAMES.get(link.projected, link.projected)}"
    return line


#: How :func:`describe` names a projected class.
_CLASS_NAMES = {GENERAL: "more general", SPECIFIC: "more specific", "new": "unsupported"}


# ---- the family ----------------------------------------------------------------------------

_RELATIONS: dict[int, WordRelations] = {}


def word_relations() -> WordRelations:
    """A :class:`WordRelations` over the shared WordNet and VerbOcean, made again when they change."""
    version = resources_version()
    found = _RELATIONS.get(version)
    if found is None:
        _RELATIONS.clear()
        found = _RELATIONS[version] = WordRelations(get_wordnet(), get_verbocean())
    return found


@family("alignment", groups=("inference",), trees=True)
def alignment(pair) -> Counter:
    """Alignment of the hypothesis to the premise: word relations, substitutions, verdict, cues."""
    return alignment_features(pair.premise, pair.hypothesis, word_relations())
