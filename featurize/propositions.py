"""Who did what to whom: predicate-argument propositions read from tokens and POS tags alone.

Raw strings have no parse, so this reads short English sentences (SNLI image captions) with a
shallow, left-to-right chunker over the tags and a handful of attachment rules. Tags may be Penn
Treebank tags or the "coarse" tags (their first two letters, so VBZ, VBG and VBN are all ``VB``):
the rules look at the tag's first two letters and tell a verb's form from the word itself
(*-ing*, *-ed*, the irregular participles and be-forms of :mod:`lexnli.verb_forms`); the full PTB tags ``VBN``/``VBD``/
``VBG`` are trusted where they are given.

>>> propositions(("a", "man", "is", "playing", "a", "guitar"), ("DT", "NN", "VB", "VB", "DT", "NN"),
...              ("a", "man", "be", "play", "a", "guitar"))
(Proposition(predicate=3, subjects=(1,), objects=(5,), passive=False),)

Scope rules
-----------
* **Chunks.** A noun phrase is a run of determiners, numbers, adjectives, possessives and nouns;
  its head is its last noun (*a soccer ball* -> *ball*), or a personal pronoun alone. A verb group
  is a run of verbs (adverbs allowed inside); its predicate is its last verb that is not an
  auxiliary (:mod:`lexnli.verb_forms`); a group of be-forms alone is a copula whose predicate is
  the head of the adjective phrase, noun phrase or
  adverb after it (*is wet*, *is a doctor*, *is outside*), or a following preposition, whose noun
  is then its object (*is in the park*: ``in(man, park)``).
* **Arguments.** The noun phrase before a finite verb is its subject, the one right after it its
  object; a prepositional phrase attaches to nothing (*the man near the dog* is *man*) and closes
  the verb's object slot; *by* + noun phrase after a passive is its agent.
* **Passives.** A be- or get-form followed by a past participle (*is pushed*, *is being pushed*)
  is passive: the agent becomes the subject and the grammatical subject the object. *-ing* is
  never passive (*is sitting by the window*).
* **Coordination.** Noun phrases joined by *and*/*or*/*,* share their role; a verb after a
  conjunction with no new subject shares the previous verb's subject (*singing and dancing*); a
  noun phrase after a conjunction followed by a finite verb starts a new clause.
* **Clauses.** A finite verb whose subject is already taken takes the noun phrase right before it
  as its subject, and the previous verb loses that object (*thinks the man is cooking*);
  subordinators (:data:`SUBORDINATORS`, complementizer *that*) and commas start a new clause.
  A relative pronoun after a noun phrase opens a relative clause: with no subject of its own the
  antecedent is its subject (*the man who is following the dog*), else its object (*the man who
  the dog is following*); the clause ends at the next finite verb of the outer clause. A bare
  participle (*a man holding a child*, *there is a man sleeping*) takes the waiting subject, else
  the previous verb's object, else that verb's subject; a past participle with no auxiliary (a
  ``VBN``; with coarse tags, one followed by *by* or by a finite verb) is a reduced passive.
  An infinitive (*trying to fix a car*) takes the previous verb's subject.

What this gets wrong
--------------------
It has no parse, so attachment is guessed by position: a relative clause with *that*/*which*
attaches to the nearest noun phrase (*a man in a red shirt that is torn*), a participle after a
prepositional phrase to the clause subject (*looks at a man playing guitar* -> the looker plays;
*a man with another man, holding a drink* -> the first man holds it), a verb whose subject is
taken to the noun phrase a chain of prepositional phrases hangs from (*behind bars with their
mouths open*, a mistagged *open*, -> the bars open); appositives are read as coordination
(*three children, two boys and one girl* are three subjects);
ditransitives keep only the first object (*gives the boy a ball* -> *boy*), and a passive's
post-verbal noun phrases are dropped (*is given a ball*); phrasal verbs and verb-preposition
objects are not objects (*looks at the dog* has no object); *there is a man* alone makes no
proposition; control is always by the subject (*tells the boy to run*: the subject runs); a
tagging error (a verb tagged as a noun, *a child walks* as NNS, which NLTK's tagger often does, or
a noun as a verb, *a pumpkin dress* as VBP) is read as tagged, except a noun-tagged
*-ing* word right after a noun and before no noun (*a man sleeping*), read as a participle;
nominal predicates inside noun phrases (*a dog's bite*) and negation scope are not read.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from lexical_resources.lists.function_words import NEGATIONS
from lexnli.verb_forms import AUXILIARY_FORMS, BE_FORMS, GET_FORMS, MODALS, PARTICIPLE_FORMS

from .memo_sizes import SENTENCES


class Proposition(NamedTuple):
    """One predicate with the token indices of its arguments (see the module docstring)."""
    predicate: int              # index of the main verb (or of the adjective/noun after a copula)
    subjects: tuple[int, ...]   # head nouns/pronouns of the agent/subject (coordinated: several)
    objects: tuple[int, ...]    # head nouns of the direct object (after passive mapping: the patient)
    passive: bool               # read from a passive ("is pushed by the boy")


#: Words ending in *-ing* that are not *-ing* forms.
NOT_ING_FORMS = frozenset({"bring", "sing", "ring", "swing", "sting", "spring", "string", "cling", "fling",
                           "sling", "wring", "king", "thing", "wing", "ping", "ding"})
#: Pronouns that head a noun phrase alone.
PERSONAL_PRONOUNS = frozenset({"i", "you", "he", "she", "it", "we", "they", "me", "him", "her", "us", "them",
                               "himself", "herself", "itself", "themselves", "myself", "yourself", "ourselves"})
#: Possessive determiners (coarse tags give PRP$ as ``PR``); *her* is one when a noun follows.
POSSESSIVES = frozenset({"my", "your", "his", "her", "its", "our", "their"})
#: Words that open a subordinate clause (not prepositions: *after the game* stays a phrase).
SUBORDINATORS = frozenset({"if", "because", "while", "whilst", "although", "though", "unless", "whereas",
                           "whether", "when", "once", "so"})
#: Relative pronouns, also when tagged otherwise (*that* as DT or IN after a noun).
RELATIVES = frozenset({"who", "whom", "which", "that", "where", "whose"})
#: Relative words that introduce a clause the antecedent is no argument of.
ADVERBIAL_RELATIVES = frozenset({"where", "when", "whose"})
#: Punctuation that ends a sentence or a clause: every reading is closed.
STOPS = frozenset({".", "!", "?", ";", ":"})
#: Particles (RP) read as prepositions: in captions they mostly head a path (*walking down the street*).
PATH_PARTICLES = frozenset({"down", "along", "across", "through", "around", "over", "past"})
#: Coordinating conjunctions.
CONJUNCTIONS = frozenset({"and", "or", "but", "nor", "&", "plus"})

_NP_TAGS = frozenset({"DT", "PD", "CD", "JJ", "NN", "PO"})   # coarse tags inside a noun phrase


def is_ing_form(token: str) -> bool:
    """Whether ``token`` is an *-ing* form.

    >>> [is_ing_form(w) for w in ("playing", "being", "bring", "sing", "ing")]
    [True, True, False, False, False]
    """
    return token.endswith("ing") and len(token) > 4 and token not in NOT_ING_FORMS


def is_participle_form(token: str) -> bool:
    """Whether ``token`` may be a past participle: *-ed* (not *-eed*) or an irregular participle
    (:data:`lexnli.verb_forms.PARTICIPLE_FORMS`): coarse tags do not say VBN (*is thrown*, *is held* are
    passives like *is pushed*).

    >>> [is_participle_form(w) for w in ("pushed", "thrown", "held", "need", "breed", "run")]
    [True, True, True, False, False, False]
    """
    return (token.endswith("ed") and not token.endswith("eed") and len(token) > 3) or token in PARTICIPLE_FORMS


class _Chunk(NamedTuple):
    kind: str                 # np, ap, vg, prep, cc, comma, sub, rel, ex, adv, stop
    start: int                # first token
    end: int                  # one past the last token
    heads: tuple[int, ...] = ()   # np/ap: the head; vg: the predicate (empty for a bare copula)
    form: str = ""            # vg: finite, ing, participle, ed (coarse past or participle), infinitive
    passive: bool = False     # vg: be/get + participle
    copula: bool = False      # vg: be-forms only


def _coarse(tag: str) -> str:
    return tag[:2]


def _is_verb(token: str, tag: str) -> bool:
    return _coarse(tag) in ("VB", "MD")


def _is_noun(tokens, tags, i: int) -> bool:
    """A noun; also a noun-tagged *-ing* word is not one right after a noun before no noun (*a man sleeping*)."""
    return _coarse(tags[i]) == "NN" and not _is_mistagged_participle(tokens, tags, i)


def _is_mistagged_participle(tokens, tags, i: int) -> bool:
    if tags[i] not in ("NN", "NNS") or not is_ing_form(tokens[i]) or i == 0:
        return False
    following = _coarse(tags[i + 1]) if i + 1 < len(tags) else ""
    return _coarse(tags[i - 1]) == "NN" and following not in ("NN", "JJ", "PO")


def _is_possessive(tokens, tags, i: int) -> bool:
    if tags[i] == "PRP$":
        return True
    following = _coarse(tags[i + 1]) if i + 1 < len(tags) else ""
    return tokens[i] in POSSESSIVES and _coarse(tags[i]) == "PR" and (tokens[i] != "her" or following in _NP_TAGS)


def _noun_ahead(tags, j: int) -> bool:
    """Whether a noun follows ``j`` after adjectives, commas and conjunctions only."""
    for tag in tags[j + 1:]:
        if _coarse(tag) == "NN":
            return True
        if _coarse(tag) not in ("JJ", "CC", ","):
            return False
    return False


def _noun_phrase(tokens, tags, i: int) -> _Chunk | None:
    """The noun or adjective phrase starting at ``i``, or None."""
    n = len(tokens)
    if _coarse(tags[i]) == "PR" and not _is_possessive(tokens, tags, i):
        return _Chunk("np", i, i + 1, (i,)) if tokens[i] in PERSONAL_PRONOUNS or tags[i] == "PRP" else None
    j = i
    while j < n:
        tag = _coarse(tags[j])
        if (tag in ("DT", "PD", "CD", "JJ", "PO") or _is_noun(tokens, tags, j)
                or (tag == "PR" and _is_possessive(tokens, tags, j))):
            j += 1
        elif j > i and j + 1 < n and tags[j] in ("``", "''") and _coarse(tags[j + 1]) in ("NN", "JJ", "''"):
            j += 1   # a blue "rams" jersey
        elif j > i and j + 1 < n and (tag == "CC" or tokens[j] == ",") and _coarse(tags[j - 1]) == "JJ" \
                and (_coarse(tags[j + 1]) == "JJ" or (j + 2 < n and _coarse(tags[j + 1]) == "CC"
                                                      and _coarse(tags[j + 2]) == "JJ")) and _noun_ahead(tags, j):
            j += 1   # a blue and yellow uniform, a red, white, and black car
        elif j > i and j + 1 < n and tag in ("VB", "RB") and _coarse(tags[j + 1]) in ("NN", "JJ") \
                and _coarse(tags[j - 1]) in ("DT", "JJ", "PR", "CD", "PD", "RB") \
                and (tag == "RB" or is_ing_form(tokens[j]) or is_participle_form(tokens[j])):
            j += 1   # a very tall man, a running dog, a tattooed man
        else:
            break
    if j == i:
        return None
    nouns = [k for k in range(i, j) if _is_noun(tokens, tags, k)]
    if nouns:
        return _Chunk("np", i, nouns[-1] + 1, (nouns[-1],))
    adjectives = [k for k in range(i, j) if _coarse(tags[k]) == "JJ"]
    if adjectives:
        return _Chunk("ap", i, adjectives[-1] + 1, (adjectives[-1],))
    numbers = [k for k in range(i, j) if _coarse(tags[k]) in ("CD", "DT")]
    if not numbers:
        return None   # a possessive alone ("his or her pajamas")
    return _Chunk("np", i, numbers[-1] + 1, (numbers[-1],))   # "two are ...", "this is ..."


def _verb_group(tokens, tags, lemmas, i: int, infinitive: bool) -> _Chunk:
    """The verb group starting at verb ``i`` (adverbs between verbs and a particle after them included)."""
    n = len(tokens)
    verbs = [i]
    j = i + 1
    while j < n:
        if _is_verb(tokens[j], tags[j]) and tokens[verbs[-1]] in AUXILIARY_FORMS:
            verbs.append(j)
        elif _coarse(tags[j]) == "RB" and j + 1 < n and _is_verb(tokens[j + 1], tags[j + 1]) \
                and tokens[verbs[-1]] in AUXILIARY_FORMS:
            pass
        elif _coarse(tags[j]) == "RP" and tokens[j] not in PATH_PARTICLES:
            pass
        else:
            break
        j += 1
    last = verbs[-1]
    be = [tokens[k] in BE_FORMS or lemmas[k] == "be" for k in verbs]
    if be[-1]:   # is, might be, has been, is being: a copula
        return _Chunk("vg", i, j, (), _form(tokens, tags, verbs, infinitive), copula=True)
    if tokens[last] in MODALS:
        return _Chunk("vg", i, j, (), "modal")   # "he can": nothing to read
    passive = (len(verbs) > 1 and (be[-2] or tokens[verbs[-2]] in GET_FORMS) and not is_ing_form(tokens[last])
               and (tags[last] in ("VBN", "VBD") or is_participle_form(tokens[last])))
    return _Chunk("vg", i, j, (last,), _form(tokens, tags, verbs, infinitive), passive=passive)


def _form(tokens, tags, verbs, infinitive: bool) -> str:
    """finite, ing, participle (VBN), ed (coarse: past or participle) or infinitive (a modal alone: modal)."""
    first = verbs[0]
    if infinitive:
        return "infinitive"
    if is_ing_form(tokens[first]) or tags[first] == "VBG":
        return "ing"
    if len(verbs) == 1 and tags[first] == "VBN":
        return "participle"
    if len(verbs) == 1 and tags[first] == "VB" and is_participle_form(tokens[first]):
        return "ed"
    return "finite"


def chunks(tokens, tags, lemmas) -> list[_Chunk]:
    """The sentence cut into the chunks the reader reads (see :class:`_Chunk`)."""
    found: list[_Chunk] = []
    n, i = len(tokens), 0
    while i < n:
        token, tag = tokens[i], _coarse(tags[i])
        previous = found[-1].kind if found else ""
        chunk = None
        if token in RELATIVES and previous == "np" and (token != "that" or tag in ("WD", "IN", "DT")):
            chunk = _Chunk("rel", i, i + 1)
        elif token == "that" and previous == "vg":
            chunk = _Chunk("sub", i, i + 1)   # complementizer
        elif _is_verb(token, tags[i]) or _is_mistagged_participle(tokens, tags, i):
            chunk = _verb_group(tokens, tags, lemmas, i, infinitive=previous == "to")
            if _is_mistagged_participle(tokens, tags, i):
                chunk = chunk._replace(heads=(i,), form="ing", copula=False, end=i + 1)
        elif tag == "TO" and i + 1 < n and _is_verb(tokens[i + 1], tags[i + 1]):
            found.append(_Chunk("to", i, i + 1))
            i += 1
            continue
        elif token in SUBORDINATORS and tag in ("IN", "WR", "RB"):
            chunk = _Chunk("sub", i, i + 1)
        elif token in CONJUNCTIONS and tag == "CC":
            chunk = _Chunk("cc", i, i + 1)
        elif tag in ("IN", "TO") or (tag == "RP" and token in PATH_PARTICLES):
            chunk = _Chunk("prep", i, i + 1, (i,))
        elif token == ",":
            chunk = _Chunk("comma", i, i + 1)
        elif token in STOPS:
            chunk = _Chunk("stop", i, i + 1)
        elif tag == "EX":
            chunk = _Chunk("ex", i, i + 1)
        elif tag in ("WP", "WD", "WR"):
            chunk = _Chunk("rel" if previous == "np" else "sub", i, i + 1)   # what he should do: a clause
        elif tag == "RB":
            chunk = _Chunk("adv", i, i + 1, (i,))
        else:
            chunk = _noun_phrase(tokens, tags, i)
        if chunk is None:
            i += 1
            continue
        found.append(chunk)
        i = max(chunk.end, i + 1)
    return found


class _Prop:
    """A proposition being read: the grammatical subject, before the passive mapping."""
    __slots__ = ("predicate", "subject", "objects", "passive", "agent")

    def __init__(self, predicate: int, subject, passive: bool = False):
        self.predicate, self.subject, self.objects, self.passive, self.agent = predicate, list(subject), [], passive, []

    def done(self) -> Proposition:
        if self.passive:
            return Proposition(self.predicate, tuple(self.agent), tuple(self.subject), True)
        return Proposition(self.predicate, tuple(self.subject), tuple(self.objects), False)


class _Np(NamedTuple):
    heads: list        # its head (several when coordinated)
    where: list        # the list it was put in (a subject, objects, an agent; a fresh list for a phrase object)
    host: "_Np | None"  # a prepositional phrase's object: the noun phrase right before the preposition


def _host(np: _Np) -> _Np:
    """The noun phrase a chain of prepositional phrases hangs from (*the man* of *the man in the hat*)."""
    while np.host is not None:
        np = np.host
    return np


class _Clause:
    """What a clause has read so far."""
    def __init__(self, antecedent=(), relative: str = ""):
        self.subject: list[int] = []        # the waiting (or taken) subject
        self.taken = False                  # a finite verb took the subject
        self.last: _Prop | None = None      # the last proposition (object slot, coordination)
        self.finite: _Prop | None = None    # the last finite proposition (adjunct participles)
        self.slot = False                   # the last proposition takes an object
        self.copula: _Prop | None = None    # a copula waiting for its predicate (predicate -1)
        self.prep_prop: _Prop | None = None  # a copula + preposition waiting for its noun
        self.antecedent = list(antecedent)  # relative clause: the noun it modifies
        self.relative = relative            # the relative word ("" outside relative clauses)
        self.gap_filled = False             # the antecedent was used as the subject
        self.last_np: _Np | None = None     # the last noun phrase read


class _Reader:
    """Reads :func:`chunks` left to right into propositions (the rules of the module docstring)."""

    def __init__(self, tokens, chunks_):
        self.tokens, self.chunks = tokens, chunks_
        self.props: list[_Prop] = []
        self.stack = [_Clause()]
        self.dangling: list[_Prop] = []

    @property
    def clause(self) -> _Clause:
        return self.stack[-1]

    def read(self) -> tuple[Proposition, ...]:
        for k, chunk in enumerate(self.chunks):
            previous = self.chunks[k - 1] if k else None
            getattr(self, "on_" + chunk.kind)(chunk, previous, self.chunks[k + 1] if k + 1 < len(self.chunks) else None)
        self.close_all()
        return tuple(sorted((p.done() for p in self.props if p.predicate >= 0), key=lambda p: p.predicate))

    def new_prop(self, predicate, subject, passive=False) -> _Prop:
        prop = _Prop(predicate, subject, passive)
        self.props.append(prop)
        return prop

    # noun and adjective phrases
    def on_np(self, chunk, previous, following):
        c, heads = self.clause, list(chunk.heads)
        if previous is not None and previous.kind == "prep":
            k = self.chunks.index(chunk)
            host = c.last_np if k >= 2 and self.chunks[k - 2].kind == "np" else None
            if self.tokens[previous.start] == "by" and c.last is not None and c.last.passive and not c.last.agent:
                c.last.agent.extend(heads)
                c.last_np = _Np(heads, c.last.agent, None)
            elif c.prep_prop is not None:
                c.prep_prop.objects.extend(heads)
                c.last_np = _Np(heads, c.prep_prop.objects, None)
            else:
                c.last_np = _Np(heads, [], host)
            c.prep_prop = None
            return
        c.prep_prop = None
        if previous is not None and previous.kind in ("cc", "comma") and c.last_np is not None \
                and self._previous_np_kind(chunk) == "np" and (previous.kind == "cc" or self._listed(chunk)):
            c.last_np.where.extend(heads)    # coordinated: same role
            c.last_np = _Np(heads, c.last_np.where, c.last_np.host)
            if c.last_np.where is c.subject:
                self.fill_dangling(c.subject)
            return
        if c.copula is not None:
            self.copula_predicate(heads[-1])
            return
        if c.slot and c.last is not None:
            c.last.objects.extend(heads)
            c.last_np = _Np(heads, c.last.objects, None)
            c.slot = False
            return
        c.subject, c.taken = heads, False
        c.last_np = _Np(heads, c.subject, None)
        self.fill_dangling(heads)

    def _listed(self, chunk) -> bool:
        """Whether a conjunction or comma follows ``chunk``: a comma joins noun phrases in lists (*a, b and c*)."""
        k = self.chunks.index(chunk)
        return k + 1 < len(self.chunks) and self.chunks[k + 1].kind in ("cc", "comma")

    def _previous_np_kind(self, chunk) -> str:
        """The kind of the chunk before the conjunction before ``chunk``."""
        k = self.chunks.index(chunk)
        return self.chunks[k - 2].kind if k >= 2 else ""

    def on_ap(self, chunk, previous, following):
        c = self.clause
        c.prep_prop = None
        if c.copula is not None:
            self.copula_predicate(chunk.heads[-1])
        elif previous is not None and previous.kind in ("cc", "comma") and c.last is not None \
                and self._previous_np_kind(chunk) == "ap" and c.last.predicate == self.chunks[
                    self.chunks.index(chunk) - 2].heads[-1]:
            self.new_prop(chunk.heads[-1], c.last.subject)   # is wet and cold

    def copula_predicate(self, index: int):
        c = self.clause
        c.copula.predicate = index
        c.last, c.copula = c.copula, None

    def on_adv(self, chunk, previous, following):
        c = self.clause
        if c.copula is not None and self.tokens[chunk.start] not in NEGATIONS \
                and (following is None or following.kind not in ("np", "ap", "prep", "adv")):
            self.copula_predicate(chunk.start)   # is outside

    def on_prep(self, chunk, previous, following):
        c = self.clause
        c.slot = False
        if c.copula is not None:
            prop = c.copula
            self.copula_predicate(chunk.start)
            c.prep_prop = prop

    # verbs
    def on_vg(self, chunk, previous, following):
        c = self.clause
        c.prep_prop = None
        if chunk.form == "modal":
            return
        if chunk.form == "finite" or (chunk.form == "ed" and not self.reduced(chunk, following)):
            self.finite_verb(chunk, previous)
        elif chunk.form == "infinitive":
            self.infinitive(chunk)
        else:
            self.participle(chunk, previous)

    def reduced(self, chunk, following) -> bool:
        """Whether a coarse-tagged *-ed* verb with no auxiliary is a reduced passive (*a ball kicked by a boy*)."""
        if following is not None and self.tokens[following.start] == "by":
            return True
        if not self.clause.subject or self.clause.taken:
            return False
        k = self.chunks.index(chunk)
        for later in self.chunks[k + 1:]:
            if later.kind in ("stop", "rel", "sub"):
                return False
            if later.kind == "vg" and later.form in ("finite", "ed"):
                return True
        return False

    def finite_verb(self, chunk, previous):
        c = self.clause
        if len(self.stack) > 1 and c.taken and not self.stack[-2].taken:
            self.close_clause()   # the relative clause is over: the outer clause's verb
            c = self.clause
        if not c.taken and c.subject:
            subject = c.subject
        elif not c.taken and c.antecedent and c.relative not in ADVERBIAL_RELATIVES:
            subject, c.gap_filled = c.antecedent, True
        elif previous is not None and previous.kind == "np" and c.last_np is not None:
            heads, where, _ = _host(c.last_np)
            for h in heads:
                if h in where and where is not c.subject:
                    where.remove(h)    # thinks the man is cooking: man is cooking's subject
            subject = heads
        elif c.last is not None:
            subject = c.last.subject   # singing and dancing
        else:
            subject = []
        if self.existential(chunk):
            c.subject, c.taken = [], False   # there is a man sleeping: the man is the subject to come
            return
        self.verb(chunk, subject)
        c.taken = True
        c.subject = list(subject) if subject is not c.subject else c.subject
        c.finite = c.last

    def existential(self, chunk) -> bool:
        k = self.chunks.index(chunk)
        return chunk.copula and k > 0 and self.chunks[k - 1].kind == "ex"

    def verb(self, chunk, subject):
        """A proposition for ``chunk`` (a copula waits for its predicate) with ``subject``; it becomes the last."""
        c = self.clause
        prop = self.new_prop(chunk.heads[0] if chunk.heads else -1, subject, chunk.passive)
        if not subject:
            self.dangling.append(prop)
        if chunk.copula:
            c.copula, c.slot = prop, False
        else:
            c.copula, c.slot = None, not chunk.passive
        c.last = prop
        return prop

    def participle(self, chunk, previous):
        """A bare *-ing* or past participle: its subject by the module docstring's rules."""
        c = self.clause
        if previous is not None and previous.kind in ("cc", "comma") and c.last is not None:
            subject = c.last.subject
        elif c.subject and not c.taken:
            subject = c.subject
        elif previous is not None and previous.kind == "np" and c.last is not None and c.last_np is not None \
                and c.last_np.where is c.last.objects:
            subject = c.last_np.heads
        elif c.finite is not None:
            subject = c.finite.subject
        elif c.antecedent:
            subject = c.antecedent
        else:
            subject = []
        passive = chunk.passive or chunk.form in ("participle", "ed")
        taken, finite = c.taken, c.finite
        self.verb(chunk._replace(passive=passive), subject)
        c.taken, c.finite = taken, finite

    def infinitive(self, chunk):
        c = self.clause
        controller = c.last or c.finite
        subject = controller.subject if controller is not None else c.subject
        taken, finite = c.taken, c.finite
        self.verb(chunk, subject)
        c.taken, c.finite = taken, finite

    def fill_dangling(self, heads):
        for prop in self.dangling:
            if not prop.subject:
                prop.subject.extend(heads)
        self.dangling = []

    # boundaries
    def on_cc(self, chunk, previous, following):
        c = self.clause
        c.slot = c.slot and previous is not None and previous.kind == "np"
        c.copula = None
        c.prep_prop = None

    on_comma = on_cc

    def on_sub(self, chunk, previous, following):
        c = self.clause
        c.subject, c.taken, c.slot, c.copula, c.prep_prop, c.last_np = [], False, False, None, None, None

    def on_rel(self, chunk, previous, following):
        c = self.clause
        antecedent = c.last_np.heads if c.last_np is not None else []
        if self.tokens[chunk.start] == "who" and c.last_np is not None:
            antecedent = _host(c.last_np).heads   # a man in a red shirt who ...: the man, not the shirt
        c.slot, c.copula, c.prep_prop = False, None, None
        self.stack.append(_Clause(antecedent, self.tokens[chunk.start]))

    def on_ex(self, chunk, previous, following):
        pass

    on_to = on_ex

    def on_stop(self, chunk, previous, following):
        self.close_all()
        self.stack = [_Clause()]

    def close_clause(self):
        c = self.stack.pop()
        for prop in self.props:
            if c.antecedent and not c.gap_filled and c.relative not in ADVERBIAL_RELATIVES and prop is c.finite \
                    and not prop.objects and not prop.passive:
                prop.objects.extend(c.antecedent)   # the man who the dog is following
        if c.antecedent and not c.gap_filled and c.finite is not None and c.finite.passive and \
                c.relative not in ADVERBIAL_RELATIVES and not c.finite.subject:
            c.finite.subject.extend(c.antecedent)

    def close_all(self):
        while len(self.stack) > 1:
            self.close_clause()


@lru_cache(maxsize=SENTENCES)
def propositions(tokens: tuple[str, ...], tags: tuple[str, ...], lemmas: tuple[str, ...]) -> tuple[Proposition, ...]:
    """The propositions of a tagged sentence, ordered by predicate index (see the module docstring).

    ``tokens`` are lowercased; ``tags`` PTB or coarse tags; ``lemmas`` WordNet lemmas (the tokens
    themselves will do). Never raises on odd input: a sentence with no verb reads as ``()``.

    >>> propositions((), (), ())
    ()
    >>> [p[:3] for p in propositions(("the", "girl", "is", "pushed", "by", "the", "boy"),
    ...                              ("DT", "NN", "VB", "VB", "IN", "DT", "NN"), ("the",) * 7)]
    [(3, (6,), (1,))]
    """
    if not (len(tokens) == len(tags) == len(lemmas)):
        return ()
    try:
        return _Reader(tokens, chunks(tokens, tags, lemmas)).read()
    except Exception:  # noqa: BLE001 -- a guess that cannot be read is no guess: never raise on odd input
        return ()
