"""One reading of a sentence's structure from its dependency tree: who did what to whom, which
clause embeds which, which are asserted and which are negated.

:func:`read` takes a labelled tree (:class:`lexnli.dependencies.DependencyTree`, from a corpus
parse or from :mod:`lexnli.syntax`) and gives a :class:`Reading`: its :class:`Proposition` s (a
predicate's index, its subjects, its objects, whether it was read from a passive), with per
proposition whether the sentence asserts it, whether it is negated, which proposition embeds it
and how. :func:`explain` writes a reading out. It is the one reader of roles: the alignment and
tree families (:mod:`featurize.families`) and the compositional rewrites
(:mod:`classifiers.augmentation.compositional`) read it.

>>> from lexnli.dependencies import from_parse
>>> tree = from_parse("(ROOT (S (NP (DT The) (NN lawyer)) (VP (VBD knew) (SBAR (S (NP (DT the) (NNS doctors)) "
...                   "(VP (VBD admired) (NP (DT the) (NN actor)))))) (. .)))")
>>> reading = read(tree, ("the", "lawyer", "know", "the", "doctor", "admire", "the", "actor", "."))
>>> reading.propositions
(Proposition(predicate=2, subjects=(1,), objects=(), passive=False), \
Proposition(predicate=5, subjects=(4,), objects=(7,), passive=False))
>>> reading.asserted, reading.embedding, reading.relations
((True, True), (None, 0), ('root', 'ccomp'))
>>> explain(reading, ("the", "lawyer", "know", "the", "doctor", "admire", "the", "actor", "."))
'know(lawyer; admire(doctor; actor))'

Rules
-----
* **Predicates.** A verb (a ``VB*`` tag) is a predicate unless it is an auxiliary, a noun's
  adjective (``amod``), a preposition (*including*), an argument (a verb-headed NP a parse
  mislabels) or a ``dep`` of a word that is no verb (*a skate park*). A form of *be* is a copula:
  its predicate is its complement after it, an adjective or noun (``dep``: *is awake* ->
  ``awake(man)``), else a prepositional phrase, whose preposition is the predicate and its noun
  the object (*is in the park* -> ``in(man; park)``), else an adverb or particle (*is outside*,
  *are (ADJP (IN out) ...)*); a complement's
  conjuncts are predicates too (*is wet and cold*). With *there* as its subject it is existential
  and says nothing itself (*there is a man sleeping*: ``sleep(man)`` only), as the tag reader.
* **Subjects** are a clause's ``nsubj``/``nsubjpass`` dependents with their conjuncts (``conj``):
  conjoined arguments share their own predicate and no other. A clause without one takes it from
  above: a conjoined verb from its first conjunct (*sings and dances*), a complement, adverbial or
  prepositional clause from the nearest predicate above it (control by the subject: *tries to
  fix*, *while wearing*), a reduced relative (``acl``) from its noun, a clause hanging from a noun
  (*a man after eating*) from that noun. A subordinator is no argument, whatever its tag (*looks at
  the camera (NN while) trimming*: the clause takes its subject from above).
* **Objects** are ``obj`` dependents with their conjuncts (every one: *gives the boy a ball* has
  two). A modifier's noun (the ``pobj`` of a ``prep`` on an argument: *the woman beside the men*)
  is no argument of the predicate. A comparative's objects are what it is compared with (the
  ``pobj`` of its *than*: *Mary is taller than John* -> ``tall(Mary; John)``, *runs faster than
  a dog* -> ``run(man; dog)``), so that two things compared trade places as roles do. An equative's
  two sides are both its subjects (*Mary is as tall as John* -> ``tall(Mary, John)``, *the same height
  as his father*, *wears the same shirt as the woman*), so that they may trade places, unless it is
  negated (*is not as big as the horse* -> ``big(dog; horse)``: a comparison one way).
* **Passives.** A verb with a ``nsubjpass``, or a ``VBN`` with a *be*/*get* auxiliary, is passive
  (never an *-ing* form, whatever its tag: *is (VBN diving)*):
  its grammatical subject becomes its object and the ``pobj`` of its *by* its subject (an object
  of its own is dropped, as the tag reader does); so is a ``VBN`` a copula takes as its
  complement (*is (ADJP reunited)*, *is tired*: as the tag reader). A bare past participle (no auxiliary, no subject)
  is a reduced passive: *the boy pushed into the pool* -> ``push(; boy)``; a conjoined one is
  passive as its first conjunct when that has auxiliaries, else when the coordination is not a
  finite clause (*wearing a hat and dressed in black*); so is a caption's participle after its
  subject, with no auxiliary and no object (*gymnast (VBN photographed) in mid flip*), when the
  word looks like a participle (:func:`is_participle_form`: not *run*).
* **Relative clauses** (``relcl``): the relative word standing as ``nsubj``/``nsubjpass``/``obj``
  is the antecedent noun (with its conjuncts; *whose* is the noun it determines: *whose dog*); a
  relative clause with no relative word and no ``mark`` (*the cat the dog chased*) takes the
  antecedent as its object when it has none. *where*/*when* (``mark``) make the antecedent no
  argument.
* **Embedding.** A proposition's ``embedding`` is the nearest proposition above its clause in the
  tree (for a relative clause: above its noun), its ``relation`` the label its clause hangs by
  (``root``, ``ccomp``, ``advcl``, ``relcl``, ``acl``, ``pobj``, ``dep``, ``conj`` for a verb
  conjoined to a noun); a conjoined predicate has its first conjunct's embedding and relation.
* **Asserted.** A proposition is asserted unless a rule here says not, and never when what embeds
  it is not (a conjoined predicate: when its first conjunct is not):

  - a complement (``ccomp``) of a verb listed in
    :data:`~lexical_resources.lists.operators.VERBS` under ``(lemma, "to")`` for an infinitive,
    ``(lemma, "")`` else (*that* or bare), is asserted only when the verb is ``veridical``
    (*knows*, *manages to*; not *thinks*, *wants to*, *refuses to*); of an unlisted verb, a finite
    or bare complement or a participle is asserted (*watches the man cook*, *sits reading*), an
    infinitive is not (*goes to eat*, *stands to watch*: a purpose or a plan); a complement of a
    negated verb is not, but a finite complement of a veridical one (*does not know that*); a
    complement of :data:`~lexical_resources.lists.operators.NONVERIDICAL_ADJECTIVES` (*possible
    that*) is not; with a ``mark`` in
    :data:`~lexical_resources.lists.operators.NONVERIDICAL_SUBORDINATORS` (*whether*) it is not;
  - an adverbial clause (``advcl``) with a ``mark`` in
    :data:`~lexical_resources.lists.operators.CONDITIONALS` or ``NONVERIDICAL_SUBORDINATORS``
    (*if*, *unless*, *whether*) is not, and a conditional's governing proposition is not either
    (the sentence is non-veridical: *if the boy is wet, the girl laughs*), unless that is a verb
    of asking (:data:`QUESTION_VERBS`: *asks if*); other subordinators (*when*, *while*, *because*,
    *before*) keep the clause asserted;
  - a clause after a preposition of :data:`~lexical_resources.lists.operators.PHRASE_NEGATIONS`
    (*without looking*) is not;
  - a predicate with a dependent in
    :data:`~lexical_resources.lists.operators.NONVERIDICAL_ADVERBS` tagged ``RB*``/``MD``
    (*maybe*, *might*; on the copula too) is not;
  - predicates coordinated by a disjunction (a ``cc`` in
    :data:`~lexical_resources.lists.operators.DISJUNCTIONS` on the first conjunct: *sings or
    dances*) are not, nor a proposition with a disjoined argument (*a man or a woman sings*:
    neither is said to; what it embeds keeps its own reading);
  - relative clauses and reduced relatives are asserted when their embedding is (*the dog that
    chased the cats slept* says the dog chased them).
* **Negated**: the predicate (or its copula) has a ``neg`` dependent (*not*, *n't*, *never*), or
  an argument does (*no dog*) or is a negation itself (*nobody*, *nothing*). Negation does not
  change ``asserted``: *the man is not sleeping* asserts ``sleep(man)`` negated.

Known limits
------------
The reading is as good as the tree: a mis-attached clause or phrase is read as attached (a
participle the parse hangs on the verb controls the verb's subject; a subject a ``FRAG`` parse
labels ``dep`` is lost). Control is always by the subject (*tells the boy to run*: the subject
runs). A perception verb with a clause (*watches the man cook*) has the clause, not *the man*, as
its argument. Nominal predicates inside noun phrases (*a dog's bite*), free relatives (*what he
eats*), questions and the scope of quantifiers are not read; negation of an embedding predicate
is only used for the complements above.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from lexical_resources.lists.function_words import SUBORDINATORS
from lexical_resources.lists.operators import (CLAUSE_NEGATIONS, CONDITIONALS, DISJUNCTIONS, NONVERIDICAL_ADJECTIVES,
                                               NONVERIDICAL_ADVERBS, NONVERIDICAL_SUBORDINATORS, PHRASE_NEGATIONS,
                                               VERBS, VERIDICAL)
from lexnli.dependencies import DependencyTree
from lexnli.verb_forms import BE_FORMS, GET_FORMS, is_ing_form, is_participle_form

from .memo_sizes import SENTENCES


class Proposition(NamedTuple):
    """One predicate with the token indices of its arguments (see the module docstring)."""
    predicate: int              # index of the main verb (or of the adjective/noun after a copula)
    subjects: tuple[int, ...]   # head nouns/pronouns of the agent/subject (coordinated: several)
    objects: tuple[int, ...]    # head nouns of the direct object (after passive mapping: the patient)
    passive: bool               # read from a passive ("is pushed by the boy")


#: Particles (RP) that head a path (*walking down the street*): the noun after them is no object.
PATH_PARTICLES = frozenset({"down", "along", "across", "through", "around", "over", "past"})


#: Verbs (lemmas) whose *if* clause is an embedded question, not a condition on them: *asks if*.
QUESTION_VERBS = frozenset({"ask", "wonder", "see", "check", "test", "decide", "know", "tell", "look", "find",
                            "figure", "determine", "question", "inquire"})
#: Labels a verb never heads a clause with.
_NOT_CLAUSES = frozenset({"aux", "amod", "nsubj", "nsubjpass", "obj", "det", "mark", "cc", "neg", "punct", "prep"})
#: Relative pronouns (tagged WP or WDT, or *that* as a relative clause's subject or object).
_RELATIVES = frozenset({"who", "whom", "which", "that"})
#: The labels of a relative word standing as an argument.
_ARGUMENT_LABELS = frozenset({"nsubj", "nsubjpass", "obj"})
#: First two tag letters of a copula's predicate complement (an adjective, a noun, a pronoun, a number,
#: an adjectival participle).
_COMPLEMENT_TAGS = frozenset({"JJ", "NN", "PR", "CD", "VB"})
#: The tags of comparatives (*taller*, *faster*, *more* before an adjective).
_COMPARATIVE_TAGS = frozenset({"JJR", "RBR"})
#: First two tag letters of nouns (what a clause hanging from a word takes as its subject).
_NOMINAL_TAGS = frozenset({"NN", "PR", "CD", "EX", "WP", "DT"})


class Reading(NamedTuple):
    """A sentence's propositions (ordered by predicate index) and, one per proposition, what :func:`read` says
    of it (see the module docstring)."""

    propositions: tuple[Proposition, ...]
    #: Whether the sentence asserts it.
    asserted: tuple[bool, ...]
    #: Whether it is negated (its predicate, copula or an argument).
    negated: tuple[bool, ...]
    #: The index (in ``propositions``) of the proposition that embeds it, or None.
    embedding: tuple[int | None, ...]
    #: How its clause hangs from the embedding: ``root``, ``ccomp``, ``advcl``, ``relcl``, ``acl``, ``pobj``,
    #: ``dep`` or ``conj``.
    relations: tuple[str, ...]


class _Prop:
    """A proposition being read: its predicate and the token its clause hangs by (the copula for *is wet*)."""

    __slots__ = ("predicate", "clause")

    def __init__(self, predicate: int, clause: int):
        self.predicate, self.clause = predicate, clause


class _Reader:
    """Reads one tree (0-based heads, -1 for the root) by the rules of the module docstring."""

    def __init__(self, tree: DependencyTree, lemmas):
        n = len(tree.tokens)
        self.lower = tuple(token.lower() for token in tree.tokens)
        self.tags, self.labels, self.lemmas = tree.tags, tree.labels, tuple(lemmas)
        self.heads = tuple(head - 1 for head in tree.heads)
        self.kids: list[list[int]] = [[] for _ in range(n)]
        for i, head in enumerate(self.heads):
            if head >= 0:
                self.kids[head].append(i)
        self.props: list[_Prop] = []
        self.at: dict[int, int] = {}   # predicate and clause tokens -> their proposition
        self._subjects: dict[int, tuple[int, ...]] = {}
        self._passive: dict[int, bool] = {}
        self._asserted: dict[int, bool] = {}
        self._attachment: dict[int, tuple[str, int | None]] = {}
        self._find_predicates()

    # the tree
    def kids_of(self, i: int, *labels: str) -> list[int]:
        return [k for k in self.kids[i] if self.labels[k] in labels]

    def tag(self, i: int) -> str:
        return self.tags[i][:2]

    def is_be(self, i: int) -> bool:
        return self.lower[i] in BE_FORMS or self.lemmas[i] == "be"

    # predicates
    def _find_predicates(self) -> None:
        for i, label in enumerate(self.labels):
            if self.tag(i) != "VB" or label in _NOT_CLAUSES or i in self.at:
                continue
            head = self.heads[i]
            if label == "dep" and (head < 0 or (i < head and self.tag(head) in _NOMINAL_TAGS)):
                continue   # a skate park
            if not self.is_be(i):
                self._add(i, i)
                continue
            if any(self.tag(k) == "EX" for k in self.kids_of(i, "nsubj")):
                continue   # there is a man: existential
            complement = self._complement(i)
            if complement is None:
                continue
            self._add(complement, i)
            for k in self._conjuncts(complement):
                if self.tag(k) != "VB":
                    self._add(k, k)

    def _add(self, predicate: int, clause: int) -> None:
        self.at[clause] = self.at[predicate] = len(self.props)
        self.props.append(_Prop(predicate, clause))

    def _complement(self, be: int) -> int | None:
        """The predicate of a copula: an adjective or noun after it, else a preposition, else an adverb."""
        after = [k for k in self.kids[be] if k > be]
        for k in after:
            if self.labels[k] == "dep" and self.tag(k) in _COMPLEMENT_TAGS:
                return k
        for k in after:
            if self.labels[k] == "prep":
                return k
        for k in after:
            if self.labels[k] == "dep" and self.tag(k) in ("RB", "IN", "RP") \
                    and self.lower[k] not in NONVERIDICAL_ADVERBS:
                return k
        return None

    def _conjuncts(self, i: int) -> list[int]:
        """The conjuncts of ``i`` (its ``conj`` dependents, theirs, ...), in order."""
        found, stack = [], list(self.kids_of(i, "conj"))
        while stack:
            k = stack.pop()
            found.append(k)
            stack.extend(self.kids_of(k, "conj"))
        return sorted(found)

    # arguments
    def arguments(self, words, clause: int, relatives: bool = True) -> tuple[int, ...]:
        """``words`` with their (non-verb) conjuncts, a relative word read as its antecedent (once: an antecedent
        that is itself a relative word, in a bad tree, is read as it stands); a subordinator is none."""
        found: set[int] = set()
        for word in words:
            if self.tag(word) == "EX" or self.lower[word] in SUBORDINATORS:
                continue
            if self.lower[word] == "whose" or self.tags[word] == "WP$":
                found.update(k for k in self.kids[word] if self.tag(k) == "NN")
                continue
            if relatives and self.labels[word] in _ARGUMENT_LABELS and (
                    self.tags[word] in ("WP", "WDT") or self.lower[word] in _RELATIVES):
                antecedent = self.antecedent(clause)
                if antecedent is not None:
                    found.update(self.arguments([antecedent], clause, relatives=False))
                    continue
            found.add(word)
            found.update(k for k in self._conjuncts(word) if self.tag(k) != "VB")
        return tuple(sorted(found))

    def first_conjunct(self, i: int) -> int:
        while self.labels[i] == "conj" and self.heads[i] >= 0 and self.heads[i] in self.at:
            i = self.heads[i]
        return i

    def antecedent(self, clause: int) -> int | None:
        """The noun a relative clause holding ``clause`` modifies, or None."""
        first = self.first_conjunct(clause)
        return self.heads[first] if self.labels[first] == "relcl" else None

    def grammatical_subjects(self, k: int) -> tuple[int, ...]:
        """The subjects of proposition ``k`` before the passive mapping (its own, else from above)."""
        if k in self._subjects:
            return self._subjects[k]
        clause = self.props[k].clause
        own = self.kids_of(clause, "nsubj", "nsubjpass")
        if own:
            found = self.arguments(own, clause)
        else:
            found = ()
            j = self.heads[clause]
            if j >= 0 and j not in self.at and self.tag(j) in _NOMINAL_TAGS and self.tags[j] not in ("WP", "WDT") \
                    and not self.infinitive(clause):
                found = self.arguments([j], clause)   # a man wearing a hat, the boy pushed into the pool
                if found:  # else a subordinator a tagger took for a noun (*the camera while trimming*)
                    j = -1
            while j >= 0:
                if j in self.at:
                    found = self.grammatical_subjects(self.at[j])
                    break
                subjects = self.kids_of(j, "nsubj", "nsubjpass")
                if subjects:
                    found = self.arguments(subjects, j)
                    break
                j = self.heads[j]
        self._subjects[k] = found
        return found

    def infinitive(self, clause: int) -> bool:
        return any(self.tags[a] == "TO" or self.lower[a] == "to" for a in self.kids_of(clause, "aux"))

    def passive(self, k: int) -> bool:
        if k in self._passive:
            return self._passive[k]
        prop = self.props[k]
        c = prop.clause
        found = False
        if prop.predicate != c and self.tags[prop.predicate] == "VBN" and self.is_be(c):
            found = True   # is (ADJP tired): a participle after a copula, as after an auxiliary
        elif prop.predicate == c and not self.is_be(c) and not is_ing_form(self.lower[c]):
            auxiliaries = self.kids_of(c, "aux")
            participle = self.tags[c] == "VBN" or (self.tags[c] == "VBD" and self.labels[c] in ("acl", "advcl"))
            if self.kids_of(c, "nsubjpass"):
                found = True
            elif auxiliaries:
                found = self.tags[c] == "VBN" and any(self.lower[a] in BE_FORMS or self.lower[a] in GET_FORMS
                                                      for a in auxiliaries)
            elif participle and not self.kids_of(c, "nsubj"):
                found = True
                if self.labels[c] == "conj" and self.heads[c] in self.at:
                    first = self.at[self.first_conjunct(c)]
                    head = self.at[self.heads[c]]
                    found = self.passive(head) if (self.kids_of(self.props[head].clause, "aux") or self.labels[
                        self.props[first].clause] in ("root", "relcl", "ccomp")) else True
            elif self.tags[c] == "VBN" and self.labels[c] != "relcl" and not self.kids_of(c, "obj") \
                    and is_participle_form(self.lower[c]):
                found = True   # a caption's subject and participle: gymnast photographed in mid flip
        self._passive[k] = found
        return found

    def proposition(self, k: int) -> Proposition:
        prop = self.props[k]
        c, p = prop.clause, prop.predicate
        subjects = self.grammatical_subjects(k)
        if self.passive(k):
            phrases = self.kids_of(c, "prep") + (self.kids_of(p, "prep") if p != c else [])
            agents = [pobj for by in phrases if self.lower[by] == "by" for pobj in self.kids_of(by, "pobj")]
            return Proposition(p, self.arguments(agents, c), subjects, True)
        if p != c:
            objects = self.arguments(self.kids_of(p, "pobj") if self.labels[p] == "prep" else self._compared(p), c)
        elif self.is_be(c):
            objects = ()
        else:
            objects = self.arguments(self._objects(c) + self._compared(c), c)
            if not objects and self.labels[c] == "relcl" and self.kids_of(c, "nsubj") and not any(
                    self.labels[w] != "mark" and (self.tags[w] in ("WP", "WDT", "WP$") or self.lower[w] in _RELATIVES)
                    or self.labels[w] == "mark" and self.lower[w] not in _RELATIVES for w in self.kids[c]):
                objects = self.arguments([self.heads[c]], c)   # the cat (that) the dog chased
        equated = self._equated(p, c)
        if equated and (self.kids_of(p, "neg") or self.kids_of(c, "neg")):
            objects = tuple(sorted(set(objects) | set(equated)))   # not as tall as John: a comparison one way
        elif equated:
            subjects = tuple(sorted(set(subjects) | set(equated)))   # as tall as John: either side may come first
        return Proposition(p, subjects, objects, False)

    def _objects(self, c: int) -> list[int]:
        """The ``obj`` dependents of verb ``c`` that are nouns, and not after a particle of a path (*walks down
        the street*)."""
        found = []
        for k in self.kids[c]:
            if self.labels[k] == "dep" and self.tags[k] == "RP" and self.lower[k] in PATH_PARTICLES:
                break
            if self.labels[k] == "obj" and self.tag(k) not in ("JJ", "RB", "VB", "IN"):
                found.append(k)
        return found

    def _compared(self, p: int) -> list[int]:
        """What a comparative predicate is compared with: the ``pobj`` of a *than* on it or on its comparative
        (*taller than John*, *runs faster than a dog*, *more careful than the boy*). A predicate is a comparative
        when it is tagged ``JJR``/``RBR`` or has a dependent that is."""
        comparatives = [k for k in self.kids_of(p, "dep") if self.tags[k] in _COMPARATIVE_TAGS]
        if self.tags[p] not in _COMPARATIVE_TAGS and not comparatives:
            return []
        return [k for word in [p, *comparatives] for than in self.kids_of(word, "prep") if self.lower[than] == "than"
                for k in self.kids_of(than, "pobj") if self.tag(k) in _NOMINAL_TAGS]

    def _equated(self, p: int, c: int) -> tuple[int, ...]:
        """What an equative predicate equates its subject with: the ``pobj`` of the second *as* of *as ... as*, on
        the predicate or on a dependent of it that has the first *as* (*is as tall as John*, *runs as fast as a
        dog*), or of an *as* after a predicate noun or object that *same* modifies (*is the same height as his
        father*, *wears the same shirt as the woman*)."""
        words = [w for w in [p, *self.kids_of(p, "dep", "obj")] if any(
            k < w and self.lower[k] == "as" or self.labels[k] == "amod" and self.lower[k] == "same"
            for k in self.kids[w])]
        if not words or p != c and self.labels[p] == "prep":
            return ()
        first = min(words)
        return self.arguments([k for word in {p, *words} for as_ in self.kids_of(word, "prep")
                               if as_ > first and self.lower[as_] == "as"
                               for k in self.kids_of(as_, "pobj") if self.tag(k) in _NOMINAL_TAGS], c)

    # embedding
    def attachment(self, k: int) -> tuple[str, int | None]:
        """``(relation, embedding)`` of proposition ``k``."""
        if k in self._attachment:
            return self._attachment[k]
        c = self.props[k].clause
        head = self.heads[c]
        if head < 0:
            found: tuple[str, int | None] = ("root", None)
        elif self.labels[c] == "conj" and head in self.at:
            found = self.attachment(self.at[head])
        else:
            j = head
            while j >= 0 and j not in self.at:
                j = self.heads[j]
            found = (self.labels[c], self.at[j] if j >= 0 else None)
        self._attachment[k] = found
        return found

    # assertion and negation
    def negated(self, k: int, proposition: Proposition) -> bool:
        prop = self.props[k]
        if self.kids_of(prop.clause, "neg") or self.kids_of(prop.predicate, "neg"):
            return True
        return any(self.kids_of(i, "neg") or self.lower[i] in CLAUSE_NEGATIONS
                   for i in proposition.subjects + proposition.objects)

    def _disjoined(self, i: int) -> bool:
        return bool(self.kids_of(i, "conj")) and any(self.lower[cc] in DISJUNCTIONS for cc in self.kids_of(i, "cc"))

    def _local(self, k: int) -> bool:
        """Whether nothing on the clause itself leaves it unasserted (adverb, disjunction, conditional)."""
        prop = self.props[k]
        c, p = prop.clause, prop.predicate
        for i in {c, p}:
            if any(self.lower[d] in NONVERIDICAL_ADVERBS and self.tag(d) in ("RB", "MD") for d in self.kids[i]):
                return False
            if self._disjoined(i):
                return False
            if self.lemmas[i] not in QUESTION_VERBS and any(
                    self.lower[m] in CONDITIONALS for a in self.kids_of(i, "advcl") for m in self.kids_of(a, "mark")):
                return False
        return not (self.labels[c] == "conj" and self.heads[c] >= 0 and self._disjoined(self.heads[c]))

    def asserted(self, k: int, propositions: list[Proposition]) -> bool:
        """Whether proposition ``k`` is asserted: its clause is (:meth:`carried`) and no argument is disjoined."""
        proposition = propositions[k]
        return self.carried(k, propositions) and not any(
            self._disjoined(i) for i in set(proposition.subjects + proposition.objects))

    def carried(self, k: int, propositions: list[Proposition]) -> bool:
        """Whether the clause of proposition ``k`` is asserted, what the clauses it embeds inherit (a disjoined
        argument is not: *gives him a toy or a bottle while smiling* says she smiles)."""
        if k in self._asserted:
            return self._asserted[k]
        self._asserted[k] = True   # a guard: the tree has no cycles, but a bad tree should not recurse forever
        found = self._local(k) and self._embedded_asserted(k, propositions)
        self._asserted[k] = found
        return found

    def _embedded_asserted(self, k: int, propositions: list[Proposition]) -> bool:
        c = self.props[k].clause
        head, label = self.heads[c], self.labels[c]
        if head < 0:
            return True
        if label == "conj" and head in self.at:
            return self.carried(self.at[head], propositions)
        relation, embedding = self.attachment(k)
        above = embedding is None or self.carried(embedding, propositions)
        marks = [self.lower[m] for m in self.kids_of(c, "mark")]
        if any(m in NONVERIDICAL_SUBORDINATORS for m in marks):
            return False
        if label == "ccomp" or self.infinitive(c):
            return above and self._complement_asserted(c, head, embedding, propositions)
        if label == "advcl" and any(m in CONDITIONALS for m in marks):
            return False
        if label == "pobj" and self.lower[head] in PHRASE_NEGATIONS:
            return False
        return above

    def _complement_asserted(self, c: int, governor: int, embedding, propositions) -> bool:
        infinitive = self.infinitive(c)
        complementizer = "to" if infinitive else ""
        if self.tag(governor) == "JJ" and not infinitive:
            return self.lemmas[governor] not in NONVERIDICAL_ADJECTIVES
        if self.tag(governor) != "VB":
            return not infinitive   # ready to clean, a chance to win
        signature = VERBS.get((self.lemmas[governor], complementizer))
        veridical = signature == VERIDICAL if signature is not None else not infinitive
        if embedding is not None and self.negated(embedding, propositions[embedding]) \
                and not (signature == VERIDICAL and not infinitive and self.tags[c] != "VB"):
            return False
        return veridical

    def read(self) -> Reading:
        order = sorted(range(len(self.props)), key=lambda k: (self.props[k].predicate, self.props[k].clause))
        rank = {k: r for r, k in enumerate(order)}
        propositions = [self.proposition(k) for k in range(len(self.props))]
        attachments = [self.attachment(k) for k in range(len(self.props))]
        return Reading(
            tuple(propositions[k] for k in order),
            tuple(self.asserted(k, propositions) for k in order),
            tuple(self.negated(k, propositions[k]) for k in order),
            tuple(None if attachments[k][1] is None else rank[attachments[k][1]] for k in order),
            tuple(attachments[k][0] for k in order))


@lru_cache(maxsize=SENTENCES)
def read(tree: DependencyTree, lemmas: tuple[str, ...]) -> Reading:
    """The reading of a sentence's dependency tree (see the module docstring).

    Parameters
    ----------
    tree : DependencyTree
        The sentence's labelled tree (:func:`lexnli.dependencies.from_parse`, :mod:`lexnli.syntax`).
    lemmas : tuple of str
        One per token: WordNet lemmas, for the verbs of
        :data:`~lexical_resources.lists.operators.VERBS` (lowercased tokens will do elsewhere).

    Returns
    -------
    Reading
        Its propositions ordered by predicate index, and what is said of each.

    Raises
    ------
    ValueError
        If there are not as many lemmas as tokens.

    Examples
    --------
    >>> from lexnli.dependencies import from_parse
    >>> tree = from_parse("(ROOT (S (NP (DT The) (NN girl)) (VP (VBZ is) (VP (VBN pushed) "
    ...                   "(PP (IN by) (NP (DT the) (NN boy))))) (. .)))")
    >>> read(tree, ("the", "girl", "be", "push", "by", "the", "boy", ".")).propositions
    (Proposition(predicate=3, subjects=(6,), objects=(1,), passive=True),)
    """
    if len(lemmas) != len(tree.tokens):
        raise ValueError(f"{len(lemmas)} lemmas for {len(tree.tokens)} tokens")
    return _Reader(tree, lemmas).read()


def explain(reading: Reading, words) -> str:
    """A reading written out: ``predicate(subjects; objects)`` per proposition, ``&`` between those no
    complement holds, each complement clause (``ccomp``) inside its embedding's objects, ``?`` before
    an unasserted proposition and ``not`` before a negated one.

    Parameters
    ----------
    reading : Reading
        What :func:`read` gave.
    words : sequence of str
        The sentence's lemmas (or tokens): what predicates and arguments are written as.

    Returns
    -------
    str
        E.g. ``know(lawyer; admire(doctor; actor))``, ``think(woman; ?cook(man))``, ``not sleep(man)``;
        ``""`` for a reading with no proposition.

    Examples
    --------
    >>> explain(Reading((Proposition(1, (0,), (3,), False),), (False,), (True,), (None,), ("root",)),
    ...         ("dogs", "chase", "no", "cats"))
    '?not chase(dogs; cats)'
    """
    nested = {k for k, (relation, embedding) in enumerate(zip(reading.relations, reading.embedding))
              if relation == "ccomp" and embedding is not None}

    def written(k: int) -> str:
        proposition = reading.propositions[k]
        subjects = ", ".join(words[i] for i in proposition.subjects)
        objects = [words[i] for i in proposition.objects]
        objects += [written(j) for j in sorted(nested) if reading.embedding[j] == k]
        arguments = f"{subjects}; {', '.join(objects)}" if objects else subjects
        prefix = ("" if reading.asserted[k] else "?") + ("not " if reading.negated[k] else "")
        return f"{prefix}{words[proposition.predicate]}({arguments})"

    return " & ".join(written(k) for k in range(len(reading.propositions)) if k not in nested)
