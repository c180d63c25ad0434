"""Rules that rewrite a premise into pairs needing compositional inference: negation, quantifiers,
embedding operators and the passive voice, which SNLI's pairs seldom test.

A premise of the form a rule asks for becomes a new premise and hypothesis, the label following
from the form alone. The rules find a premise's parts in its dependency tree (the syntax model's,
:func:`with_trees`) as :func:`featurize.reading.read` reads it: the main clause's predicate, its
subject and object, the phrase each heads and the words in its clause.

============================  =========================================================  =============
rule                          premise / hypothesis                                       label
============================  =========================================================  =============
``negated_hypernym``          *not* after *is*/*are* before a verb in -ing in both, a     entailment
                              noun after the verb more general in the premise (*The
                              girl is not eating fruit.* / *The girl is not eating an
                              apple.*): what is not done to any fruit is not done to
                              an apple
``negated_hypernym_reverse``  the same two sentences the other way round                  neutral
``negated_modifier``          under the same negation, an adjective before a noun after   entailment
                              the verb deleted in the premise (*is not wearing a hat* /
                              *is not wearing a red hat*)
``negated_modifier_reverse``  the other way round                                         neutral
``no_subject``                *No* for the subject's determiner in both, and a noun more  entailment
                              general or an adjective deleted in the premise, in the
                              subject or after *is*: *no* is downward in its restrictor
                              and its body (*No dog is eating fruit.* / *No small dog is
                              eating an apple.*)
``no_subject_reverse``        the other way round                                         neutral
``every_restrictor``          *Every* for the subject's determiner in both, the subject   entailment
                              more general in the premise: *every* is downward in its
                              restrictor (*Every dog is running.* / *Every small dog is
                              running.*)
``every_restrictor_reverse``  the other way round                                         neutral
``every_body``                *Every* in both, a noun after *is* more general in the      entailment
                              hypothesis: *every* is upward in its body (*Every dog is
                              eating an apple.* / *Every dog is eating fruit.*)
``every_body_reverse``        the other way round                                         neutral
``embedded_veridical``        the premise under *Certainly*, *Clearly*, *someone knows    entailment
                              (realizes) that*, or joined to another premise by *since*,
                              *because* or *and* / the premise or the other clause: these
                              operators assert or presuppose what they embed
``embedded_nonveridical``     the premise under *Maybe*, *Perhaps*, *Probably*, *It is    neutral
                              possible that*, *someone thinks (believes, hopes, claims)
                              that*, or joined to another premise by *if* or *or* / the
                              premise or the other clause: these operators leave open
                              whether what they embed is true
``embedded_subject``          the premise (*A man is surfing.*) under *The woman knows    neutral
                              that* (*thinks*, *realizes*, *believes*) / the matrix's
                              subject doing what the premise's does (*The woman is
                              surfing.*): every word is there, not that proposition
``passive``                   a transitive progressive (*A man is playing a guitar.*) /   entailment
                              its passive (*A guitar is being played by a man.*): the
                              same event
``passive_role_swap``         the same, both nouns for people or animals / the passive    contradiction
                              with subject and object traded (*A man is carrying a child.*
                              / *A man is being carried by a child.*), as the ``role_swap``
                              rule of :mod:`classifiers.augmentation.substitutions` labels a role swap
``passive_role_swap_active``  the passive / the active with subject and object traded     contradiction
                              (*A child is being carried by a man.* / *A child is carrying
                              a man.*): the same swap read from the passive
``relative_object``           a transitive premise (*A man is carrying a girl.*) and      neutral
                              another's predicate (*A woman is singing.*): *The girl
                              that the man is carrying is singing.* / *The man is
                              singing.*: a piece of the premise, not what it says
``relative_object_head``      the same / *The girl is singing.*: the head's predicate     entailment
``relative_object_clause``    the same / *The man is carrying the girl.*: the relative    entailment
                              clause holds of its head
``relative_subject``          *The man who is carrying the girl is singing.* / *The       neutral
                              girl is singing.*
``relative_subject_head``     the same / *The man is singing.*                            entailment
``prepositional_piece``       *The man near (behind, beside, next to) the girl is         neutral
                              singing.* / *The girl is singing.*
``prepositional_head``        the same / *The man is singing.*                            entailment
``coordination``              the other's subject joined: *The man and the woman are      entailment
                              carrying the girl.* / *The woman is carrying the girl.*:
                              what both do each does
``coordination_swap``         the same / *The woman is carrying the man.*: not said       neutral
============================  =========================================================  =============

The monotonicity rules (negated, *no*, *every*) take hypernyms from
:class:`~classifiers.augmentation.substitutions.SubstitutionFinder` (so they need WordNet) and change a noun
after the verb only when it has *a*/*an* or no determiner and stands in the verb's clause (the tree
hangs it from the verb through objects, prepositions and infinitives, no conjunct nor other clause):
definites and numbers are not monotone the simple way, and a clause of its own is out of the
operator's scope. Premises with a negation,
a quantifier or a word that reverses monotonicity (*without*, *avoiding*) are skipped; a deleted
adjective is never privative (*fake*, *toy*) nor part of a WordNet collocation (*hot dog*). The
embedding rules take finite sentences only (the tree's root a finite verb: not a noun phrase with a
relative clause), and the other clause is another premise of the set.
The passive rules leave out verbs without a safe passive (*having a drink*, *sitting*) and verbs
of things people do to each other (*hugging*, *playing*), where a role swap may hold too.
The structural rules (all of the hypothesis's words in the premise, not its proposition) take a
transitive progressive of the passive rules' form with singular nouns for people or animals (*the*
for every determiner) and another premise of the set, *<article> <adjectives and nouns> is <verb>-ing
...*, for its predicate: only nouns of one kind (people, babies or animals; what is said of a baby or an
animal may be said of a person) that cannot name the same one (*man* and *woman*, not *man* and
*doctor*), and no sentence with a pronoun or *together*. ``P or Q`` / ``P`` is an
``embedded_nonveridical`` pair already.
Used for the compositional probe set (:mod:`experiments.make_probes`, from dev premises) and to
augment training data (from train premises).
"""
from __future__ import annotations

import bisect
import random
import zlib
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from lexical_resources.lists.adjectives import NON_SUBSECTIVE, PRIVATIVE
from lexical_resources.lists.function_words import NEGATIONS, QUANTIFIERS
from lexical_resources.lists.kinds import IRREGULAR_PLURALS
from lexical_resources.lists.people import ADULTS, CHILDREN, FEMALES, MALES, OCCUPATIONS, PERSONS
from lexnli.progress import bar
from lexnli.records import Pair, Sentence
from lexnli.text import load_wordnet
from featurize.memo_sizes import SENTENCES
from featurize.reading import Proposition, read
from lexnli.verb_forms import IRREGULAR_PARTICIPLES, is_ing_form, regular_past

from .substitutions import (_ADJECTIVE_STOPLIST, Substitution, SubstitutionFinder, _with_article, apply, as_sentence,
                            distinct_premises)

#: Each rule's label.
LABELS = {"negated_hypernym": "entailment", "negated_hypernym_reverse": "neutral",
          "negated_modifier": "entailment", "negated_modifier_reverse": "neutral",
          "no_subject": "entailment", "no_subject_reverse": "neutral",
          "every_restrictor": "entailment", "every_restrictor_reverse": "neutral",
          "every_body": "entailment", "every_body_reverse": "neutral",
          "embedded_veridical": "entailment", "embedded_nonveridical": "neutral", "embedded_subject": "neutral",
          "passive": "entailment", "passive_role_swap": "contradiction", "passive_role_swap_active": "contradiction",
          "relative_object": "neutral", "relative_object_head": "entailment", "relative_object_clause": "entailment",
          "relative_subject": "neutral", "relative_subject_head": "entailment",
          "prepositional_piece": "neutral", "prepositional_head": "entailment",
          "coordination": "entailment", "coordination_swap": "neutral",
          "embedded_object": "neutral", "subordinate_object": "neutral", "subordinate_main": "entailment",
          "reduced_relative_head": "entailment", "reduced_relative_piece": "neutral",
          "privative": "contradiction", "comparative_swap": "contradiction", "comparative_converse": "entailment",
          "comparative_positive": "neutral"}
RULES = tuple(LABELS)
#: The rules that read WordNet (hypernyms, collocations); the others need no lexical data.
WORDNET_RULES = frozenset(rule for rule in RULES if rule.startswith(("negated", "no_", "every")))
#: The rules that take a premise's predicate for another subject (see :func:`_structural`).
STRUCTURAL_RULES = frozenset(rule for rule in RULES
                             if rule.startswith(("relative", "prepositional", "coordination", "reduced")))

_NOUNS = frozenset({"NN", "NNS"})
#: Words under which a more general noun no longer says less, or says more (*without a hat*).
_NON_MONOTONE = frozenset({"without", "avoiding", "missing", "lacking", "refusing", "ignoring", "denying",
                           "preventing", "stopping", "except", "than", "almost", "nearly", "barely"})
#: Adjectives whose noun phrase names no kind of the noun (a *toy* gun is no gun).
#: Adjectives that deny their noun, or leave it open (*a toy dog* is no dog): never deleted, nor made a subject.
_PRIVATIVE = PRIVATIVE | NON_SUBSECTIVE
_SUBJECT_DETERMINERS = frozenset({"a", "an", "the", "one"})
#: Tags before an adjective that is not its noun's first modifier, or that modify it.
_BEFORE_MODIFIER = frozenset({"JJ", "JJR", "JJS", "CC", ",", "RB", "RBR", "RBS"})


class _Made(NamedTuple):
    """A pair a rule makes; ``partner`` says whether it used the other premise (an embedding's other clause),
    ``donor`` whether it used the premise giving a structural rule its predicate."""

    rule: str
    premise: Sentence
    hypothesis: Sentence
    partner: bool = False
    donor: bool = False


class _Analysis:
    """What the rules read of a premise: its dependency tree (:attr:`lexnli.records.Sentence.tree`) and its
    reading (:func:`featurize.reading.read`): the root clause's predicate with its subject and object, the span
    of each phrase, which words stand in which clause."""

    __slots__ = ("tokens", "tags", "heads", "labels", "kids", "reading", "root")

    def __init__(self, sentence: Sentence):
        tree = sentence.tree
        self.tokens, self.tags = tuple(t.lower() for t in sentence.tokens), sentence.tags
        self.heads, self.labels = tuple(head - 1 for head in tree.heads), tree.labels
        self.kids: list[list[int]] = [[] for _ in self.tokens]
        for i, head in enumerate(self.heads):
            if head >= 0:
                self.kids[head].append(i)
        self.reading = read(tree, self.tokens)
        self.root = self.heads.index(-1)

    def kids_of(self, i: int, *labels: str) -> list[int]:
        return [k for k in self.kids[i] if self.labels[k] in labels]

    def span(self, i: int) -> tuple[int, int]:
        """``[start, end)`` of the phrase word ``i`` heads (its subtree)."""
        start = end = i
        stack = [i]
        while stack:
            k = stack.pop()
            start, end = min(start, k), max(end, k)
            stack.extend(self.kids[k])
        return start, end + 1

    def main(self) -> Proposition | None:
        """The root clause's proposition, when the sentence asserts it and does not negate it."""
        reading = self.reading
        return next((proposition for proposition, relation, asserted, negated
                     in zip(reading.propositions, reading.relations, reading.asserted, reading.negated)
                     if relation == "root" and asserted and not negated), None)

    def finite(self) -> bool:
        """Whether the root has a finite auxiliary (*is about to*), or none and is a finite verb itself (not an
        -ing form its tagger took for one: *a splash encircling/VBD him*; nor a participle after *being*): a
        clause, not a noun phrase."""
        root, auxiliaries = self.root, self.kids_of(self.root, "aux")
        if auxiliaries:
            return any(self.tags[k] in _FINITE for k in auxiliaries)
        return self.tags[root] in _FINITE and not is_ing_form(self.tokens[root])

    def in_clause(self, i: int, top: int) -> bool:
        """Whether word ``i`` stands after ``top`` in ``top``'s own clause: its path up to ``top`` goes through
        objects, prepositions, modifiers and infinitives (*is trying to catch a ball*), no other verb, no
        conjunct and no finite or participial clause."""
        if i <= top:
            return False
        while i != top:
            if not (self.labels[i] in _IN_CLAUSE and not self.tags[i].startswith("VB") or self.infinitive(i)):
                return False
            i = self.heads[i]
            if i < 0:
                return False
        return True

    def infinitive(self, i: int) -> bool:
        """Whether word ``i`` is a bare verb with *to* that complements the verb above it."""
        return self.tags[i] == "VB" and self.labels[i] in ("ccomp", "advcl") \
            and any(self.tokens[k] == "to" for k in self.kids_of(i, "aux"))

    def indefinite(self, i: int) -> bool:
        """Whether the noun ``i`` (or the noun it is a part of: *apartment* in *two apartment buildings*) has
        *a*/*an* or no determiner: no other determiner, number or possessive."""
        while self.labels[i] == "dep" and self.heads[i] > i and self.tags[self.heads[i]] in _NOUNS:
            i = self.heads[i]
        return not any(self.tags[k] in ("DT", "PDT") and self.tokens[k] not in ("a", "an")
                       or self.tags[k] in ("PRP$", "CD", "WP$") or any(self.tags[j] == "POS" for j in self.kids[k])
                       for k in self.kids[i] if k < i)

    def progressive(self) -> tuple[int, int, Proposition] | None:
        """``(be, verb, proposition)`` of the main proposition (:meth:`main`) when it is active and its verb
        an -ing form right after an auxiliary *is*/*are*, or None."""
        proposition = self.main()
        if proposition is None or proposition.passive:
            return None
        verb = proposition.predicate
        be = verb - 1
        if self.tags[verb] != "VBG" or be not in self.kids_of(verb, "aux") or self.tokens[be] not in ("is", "are"):
            return None
        return be, verb, proposition

    def subject(self, proposition: Proposition, be: int) -> int | None:
        """The (first) grammatical subject of ``proposition`` (a passive's object in active roles) when its
        phrase, its conjuncts in it, is all that stands before ``be``, else None."""
        subjects = proposition.objects if proposition.passive else proposition.subjects
        if not subjects:
            return None
        subject = subjects[0]
        return subject if self.span(subject) == (0, be) else None


#: The labels of the words on the way from a noun up to the verb of its own clause (see :meth:`_Analysis.in_clause`).
_IN_CLAUSE = frozenset({"obj", "prep", "pobj", "dep"})


@lru_cache(maxsize=SENTENCES)
def _analysis(sentence: Sentence) -> _Analysis | None:
    """The premise's :class:`_Analysis`; None for a sentence with no token.

    Raises
    ------
    ValueError
        When a sentence with tokens has no dependency tree (:func:`compositional_pairs` gives each one).
    """
    if not sentence.tokens:
        return None
    if sentence.tree is None:
        raise ValueError(f"the compositional rules read each premise's dependency tree, and {sentence.text!r:.60} "
                         "has none: compositional_pairs reads the premises with the syntax model")
    return _Analysis(sentence)


def _progressive(sentence: Sentence) -> tuple[_Analysis, int, int, Proposition] | None:
    """``(analysis, be, verb, proposition)`` of a sentence whose main proposition is an active progressive
    (:meth:`_Analysis.progressive`), else None."""
    analysis = _analysis(sentence)
    found = None if analysis is None else analysis.progressive()
    return None if found is None else (analysis, *found)


def _without(sentence: Sentence, j: int) -> Sentence:
    """The sentence without its word ``j``, a preceding *a*/*an* agreeing with the word after it."""
    tokens, tags = list(sentence.tokens), list(sentence.tags)
    del tokens[j], tags[j]
    _with_article(tokens, j, tokens[j])
    return as_sentence(tokens, tags)


def _generalizations(premise: Sentence, finder: SubstitutionFinder) -> list[tuple[int, str, Sentence]]:
    """``(noun index, kind, sentence)``: the premise with a noun more general (kind ``hypernym``), not the
    head or a part of a compound (a *water balloon* is no aircraft, a *laundry/JJ room* no structure), or
    with an adjective (a WordNet one) before a noun deleted (``modifier``), the noun's first modifier (*a
    pink and white blouse*, *a very tall man*, *a light blue shirt* lose no word); none for a premise with
    a negation, a quantifier or a non-monotone word."""
    tokens, tags = [t.lower() for t in premise.tokens], premise.tags
    if any(t in NEGATIONS or t in QUANTIFIERS or t in _NON_MONOTONE for t in tokens):
        return []
    def adjective(j):  # tagged JJ and an adjective in WordNet: "laundry/JJ room" is a compound
        return tags[j] == "JJ" and bool(finder.wn.synsets(tokens[j], "a"))

    out = [(c.index, "hypernym", apply(premise, c)) for c in finder.candidates(tokens, tags)
           if c.rule == "hypernym" and not tags[c.index - 1].startswith("NN")
           and (tags[c.index - 1] != "JJ" or adjective(c.index - 1))
           and (c.index + 1 == len(tags) or tags[c.index + 1] != "VBN")]  # a *cross shaped* pole
    out += [(j + 1, "modifier", _without(premise, j)) for j in range(1, len(tokens) - 1)
            if adjective(j) and tags[j + 1] in _NOUNS and tags[j - 1] not in _BEFORE_MODIFIER
            and tokens[j] not in _ADJECTIVE_STOPLIST | _PRIVATIVE
            and not finder.collocation(tokens[j], tokens[j + 1])]
    return out


def _negated(premise: Sentence, finder: SubstitutionFinder) -> list[_Made]:
    """The ``negated_*`` pairs: a change after the main verb in -ing (:meth:`_Analysis.progressive`) in its own
    clause, *not* before the verb in both."""
    found = _progressive(premise)
    if found is None:
        return []
    analysis, be, verb, _ = found
    negation = Substitution(be, analysis.tokens[be], "not", "negation")
    out = []
    for index, kind, general in _generalizations(premise, finder):
        if analysis.in_clause(index, verb) and analysis.indefinite(index):
            specific, general = apply(premise, negation), apply(general, negation)
            out += [_Made(f"negated_{kind}", general, specific), _Made(f"negated_{kind}_reverse", specific, general)]
    return out


def _determined(sentence: Sentence, word: str) -> Sentence:
    """The sentence with ``word`` (a determiner) for its first word."""
    return as_sentence((word,) + sentence.tokens[1:], ("DT",) + sentence.tags[1:])


def _quantified(premise: Sentence, finder: SubstitutionFinder) -> list[_Made]:
    """The ``no_subject`` and ``every_*`` pairs, for a premise whose main clause's subject is a determiner,
    adjectives and nouns ending in a singular noun, then *is* (its copula or auxiliary); the body's noun stands
    in that clause."""
    analysis = _analysis(premise)
    if analysis is None:
        return []
    tokens, tags, root = analysis.tokens, analysis.tags, analysis.root
    main = analysis.main()
    be = root if tokens[root] == "is" else next((k for k in analysis.kids_of(root, "aux") if tokens[k] == "is"), None)
    if main is None or be is None or be < 2 or tokens[0] not in _SUBJECT_DETERMINERS \
            or analysis.subject(main, be) != be - 1 or tags[be - 1] != "NN" \
            or any(tag not in ("JJ", "NN") for tag in tags[1:be]):
        return []
    out = []
    for index, _, general in _generalizations(premise, finder):
        restrictor = index < be
        if not restrictor and not (analysis.in_clause(index, root) and analysis.indefinite(index)):
            continue
        no = _determined(general, "No"), _determined(premise, "No")  # the entailing order: general first
        every = _determined(general, "Every"), _determined(premise, "Every")
        rule, (first, second) = ("every_restrictor", every) if restrictor else ("every_body", every[::-1])
        out += [_Made("no_subject", *no), _Made("no_subject_reverse", *no[::-1]),
                _Made(rule, first, second), _Made(f"{rule}_reverse", second, first)]
    return out


#: The embedding operators, by rule, as ``word/TAG`` templates: ``...`` is the premise, ``+`` another premise.
OPERATORS = {
    "embedded_veridical": ("Certainly/RB ...", "Clearly/RB ...", "Someone/NN knows/VBZ that/IN ...",
                           "The/DT photographer/NN realizes/VBZ that/IN ...", "Since/IN ... ,/, +",
                           "Because/IN ... ,/, +", "... and/CC +"),
    "embedded_nonveridical": ("Maybe/RB ...", "Perhaps/RB ...", "Probably/RB ...",
                              "It/PRP is/VBZ possible/JJ that/IN ...", "Someone/NN thinks/VBZ that/IN ...",
                              "A/DT friend/NN believes/VBZ that/IN ...", "The/DT photographer/NN hopes/VBZ that/IN ...",
                              "A/DT witness/NN claims/VBZ that/IN ...", "If/IN ... ,/, +", "... or/CC +"),
}
_FINITE = frozenset({"VBZ", "VBP", "VBD", "MD"})
#: The rules that join the premise to another premise of the set (its partner).
_PARTNER_RULES = frozenset(OPERATORS) | {"subordinate_main", "subordinate_object"}


def _clause(sentence: Sentence, *, initial: bool) -> tuple[list[str], list[str]] | None:
    """The sentence's tokens and tags to embed, its final stop dropped and its first word lowercased (unless
    ``initial`` or a proper noun); None unless it is one sentence whose root is a finite clause
    (:meth:`_Analysis.finite`: not a noun phrase, *A dog who is running.*)."""
    analysis = _analysis(sentence)
    tokens, tags = list(sentence.tokens), list(sentence.tags)
    if tags and tags[-1] == ".":
        del tokens[-1], tags[-1]
    if analysis is None or not analysis.finite() or "." in tags:
        return None
    if not initial and tags[0] not in ("NNP", "NNPS") and tokens[0] != "I":
        tokens[0] = tokens[0].lower()
    return tokens, tags


def _embedded(premise: Sentence, partner: Sentence | None) -> list[_Made]:
    """The ``embedded_*`` pairs: the premise under each operator (joined to ``partner`` by the two-clause ones),
    with the premise or the partner for hypothesis."""
    if _clause(premise, initial=True) is None:
        return []
    out = []
    for rule, templates in OPERATORS.items():
        for template in templates:
            if "+" in template and partner is None:
                continue
            tokens, tags = [], []
            for item in template.split():
                if item in ("...", "+"):
                    words, word_tags = _clause(premise if item == "..." else partner, initial=not tokens)
                else:
                    word, tag = item.rsplit("/", 1)
                    words, word_tags = [word], [tag]
                tokens += words
                tags += word_tags
            made = as_sentence(tokens + ["."], tags + ["."])
            out.append(_Made(rule, made, premise))
            if "+" in template:
                out.append(_Made(rule, made, partner, partner=True))
    return out


#: Verbs in -ing left active: no object to make a subject of (*sitting*, *standing*), or one that makes
#: an odd passive (*having a drink*, *taking a break*, *getting a haircut*).
_ACTIVE_ONLY = frozenset({"having", "getting", "taking", "doing", "going", "being", "becoming", "standing",
                          "sitting", "lying", "sleeping", "facing", "leaving", "entering", "attending", "costing"})
#: What may follow the object in a premise made passive: the end, or a word that goes with the verb, not the
#: object (*in*, *on*, *with* go with either: *holding a baby in a pink dress*).
_AFTER_OBJECT = frozenset({".", "at", "into", "onto", "through", "across", "along", "around", "during", "while",
                           "toward", "towards"})
#: Verbs whose role swap may hold too: what one does to the other, the other often does to the one.
_MUTUAL = frozenset({"hugging", "kissing", "embracing", "meeting", "marrying", "fighting", "wrestling", "battling",
                     "greeting", "playing", "racing", "touching", "watching", "seeing", "observing", "facing",
                     "helping", "chasing"})
#: Nouns for people (singular and plural): a role swap is only made between two of them, where the
#: swapped sentence describes another scene (*A man is being carried by a child*), not an absurd one (*A
#: woman is being held by a tray*).
_PEOPLE = frozenset(word for person in PERSONS | FEMALES | MALES | OCCUPATIONS
                     for word in (person, IRREGULAR_PLURALS.get(person, person + "s")))
_SUBJECT_TAGS = frozenset({"DT", "JJ", "JJR", "JJS", "NN", "NNS", "NNP", "NNPS", "IN", "CC", "CD", "PRP$"})
_ARTICLES = frozenset({"a", "an", "the"})


def participle(form: str) -> str | None:
    """The past participle of a verb given in -ing: from :data:`lexnli.verb_forms.IRREGULAR_PARTICIPLES`, else
    :func:`lexnli.verb_forms.regular_past` (None if ``form`` is no -ing form of a stem of two letters or more).

    >>> [participle(v) for v in ("eating", "hugging", "chasing", "carrying", "playing", "agreeing", "tying")]
    ['eaten', 'hugged', 'chased', 'carried', 'played', 'agreed', 'tied']
    >>> participle("king") is None
    True
    """
    return IRREGULAR_PARTICIPLES.get(form) or regular_past(form)


class _Transitive(NamedTuple):
    """Where the parts of a transitive progressive stand: the subject is ``[0, be)`` with its (first) head
    ``subject``, the verb ``verb``, the object (its article first) ``[verb + 1, end)`` and the rest ``[end, len)``;
    ``tied``: the rest's first word hangs from the object (*a cup of coffee*)."""

    be: int
    verb: int
    end: int
    subject: int
    tied: bool


def _transitive(premise: Sentence) -> _Transitive | None:
    """The parts of a premise whose main clause (:meth:`_Analysis.progressive`) is *<article> <noun phrase>
    is/are <verb>-ing <article> <adjectives and nouns>*, its subject and object (one noun, its head last) read
    from the tree, then its end or a preposition and no other finite verb; or None."""
    found = _progressive(premise)
    if found is None:
        return None
    analysis, be, verb, proposition = found
    tokens, tags = analysis.tokens, analysis.tags
    subject = analysis.subject(proposition, be)
    if subject is None or be < 2 or tokens[0] not in _ARTICLES or tags[subject] not in _NOUNS \
            or any(tag not in _SUBJECT_TAGS for tag in tags[:be]) or len(proposition.objects) != 1:
        return None
    obj, end = proposition.objects[0], proposition.objects[0] + 1
    if analysis.heads[obj] != verb or analysis.labels[obj] != "obj" or analysis.span(obj)[0] != verb + 1 \
            or tokens[verb + 1] not in _ARTICLES or tags[obj] not in _NOUNS \
            or any(tag not in ("JJ", "NN", "NNS") for tag in tags[verb + 2:obj]) \
            or _FINITE & set(tags[end:]) or (end < len(tokens) and tags[end] not in ("IN", ".")):
        return None
    return _Transitive(be, verb, end, subject, end < len(tokens) and analysis.heads[end] == obj)


def _passive(premise: Sentence) -> list[_Made]:
    """The ``passive`` and ``passive_role_swap`` pairs, for a premise of :func:`_transitive`'s form; the
    passive only if the object is followed by the end or a word of :data:`_AFTER_OBJECT` that the tree does not
    hang from the object, the role swap
    only between two nouns for people."""
    tokens, tags = [t.lower() for t in premise.tokens], premise.tags
    parts = _transitive(premise)
    if parts is None:
        return []
    be, verb, end, _, tied = parts
    done = None if tokens[verb] in _ACTIVE_ONLY else participle(tokens[verb])
    if done is None:
        return []
    subject, subject_tags = [tokens[0]] + list(premise.tokens[1:be]), list(tags[:be])
    obj, obj_tags = list(premise.tokens[verb + 1:end]), list(tags[verb + 1:end])
    rest, rest_tags = list(premise.tokens[end:]), list(tags[end:])
    agreement = ("is", "VBZ") if tags[end - 1] == "NN" else ("are", "VBP")

    def passive(first, first_tags, be_word, be_tag, second, second_tags):
        words = [first[0].capitalize()] + first[1:] + [be_word, "being", done, "by", second[0].lower()] + second[1:]
        return as_sentence(words + rest, first_tags + [be_tag, "VBG", "VBN", "IN"] + second_tags + rest_tags)

    made, ends = [], end == len(tokens) or tokens[end] in _AFTER_OBJECT and not tied
    if ends:
        made.append(_Made("passive", premise, passive(obj, obj_tags, *agreement, subject, subject_tags)))
    # the object goes on before the rest, so what follows it may go with it: no need of _AFTER_OBJECT
    doers = tokens[parts.subject], tokens[end - 1]
    if tokens[verb] not in _MUTUAL and doers[0] != doers[1] and all(w in _PEOPLE or w in _ANIMALS for w in doers):
        made.append(_Made("passive_role_swap", premise, passive(subject, subject_tags, tokens[be], tags[be], obj,
                                                                obj_tags)))
        if ends:
            swapped = [obj[0].capitalize()] + obj[1:] + [agreement[0], premise.tokens[verb], subject[0].lower()]
            made.append(_Made("passive_role_swap_active", passive(obj, obj_tags, *agreement, subject, subject_tags),
                              as_sentence(swapped + subject[1:] + rest, obj_tags + [agreement[1], tags[verb]]
                                          + subject_tags + rest_tags)))
    return made


#: The privative adjective put before an animal's noun, and before a thing's.
PRIVATIVES = {"animal": "toy", "thing": "fake"}


def _privative(premise: Sentence) -> list[_Made]:
    """The ``privative`` pair, for a premise of :func:`_transitive`'s form whose object is an article and one
    noun, not a person's: the premise with a privative adjective before the object (:data:`PRIVATIVES`) /
    the premise (*A man is holding a fake gun.* / *A man is holding a gun.*): a fake gun is no gun."""
    tokens, tags = [t.lower() for t in premise.tokens], premise.tags
    parts = _transitive(premise)
    if parts is None or parts.end != parts.verb + 3 or tags[parts.end - 1] != "NN" or tokens[parts.end - 1] in _PEOPLE:
        return []
    noun = parts.end - 1
    adjective = PRIVATIVES["animal" if tokens[noun] in _ANIMALS else "thing"]
    words, word_tags = list(premise.tokens), list(tags)
    words.insert(noun, adjective)
    word_tags.insert(noun, "JJ")
    _with_article(words, noun, adjective)
    return [_Made("privative", as_sentence(words, word_tags), premise)]


#: Comparatives of gradable adjectives, each with its antonym's and its positive.
COMPARATIVES = (("taller", "shorter", "tall"), ("faster", "slower", "fast"), ("bigger", "smaller", "big"),
                ("stronger", "weaker", "strong"), ("heavier", "lighter", "heavy"), ("happier", "sadder", "happy"),
                ("louder", "quieter", "loud"), ("older", "younger", "old"))


#: What a premise's subject is compared with, by its kind (:func:`_kind`): the first apart from it.
COMPARED_WITH = {"person": ("man", "woman", "boy", "girl"), "baby": ("dog", "cat"), "animal": ("man", "dog", "cat")}


def _compared(premise: Sentence) -> list[_Made]:
    """The ``comparative_*`` pairs, for a premise of :func:`_predicate`'s form whose subject (``N1``) is a person, a
    baby or an animal: *N1 is <A-er> than N2.*, ``N2`` the first of :data:`COMPARED_WITH` apart from ``N1`` and the
    comparatives of :data:`COMPARATIVES` chosen by the premise (a checksum of its text) / the two traded
    (``comparative_swap``), traded under the antonym's comparative (``comparative_converse``: *N2 is <B-er> than
    N1.*), or *N1 is <A>.* (``comparative_positive``: taller than someone is not tall)."""
    own = _predicate(premise)
    head = None if own is None else own[0][-1][0].lower()
    other = None if head is None else next((n for n in COMPARED_WITH[_kind(head)] if _apart(head, n)), None)
    if other is None:
        return []
    more, less, positive = COMPARATIVES[zlib.crc32(premise.text.encode("utf-8")) % len(COMPARATIVES)]
    n1, n2, is_ = own[0], [("the", "DT"), (other, "NN")], _items("is/VBZ")

    def than(first, comparative, second):  # each noun phrase begins with *the*, lowercased
        return _said(first, is_, [(comparative, "JJR"), ("than", "IN")], second)

    compared = than(n1, more, n2)
    return [_Made("comparative_swap", compared, than(n2, more, n1)),
            _Made("comparative_converse", compared, than(n2, less, n1)),
            _Made("comparative_positive", compared, _said(n1, is_, [(positive, "JJ")]))]


#: Nouns for animals, by species: two from one species (*dog*, *puppy*) may name the same animal.
_ANIMALS = {"dog": "dog", "puppy": "dog", "cat": "cat", "kitten": "cat", "horse": "horse", "pony": "horse",
            "cow": "cow", "calf": "cow", "bull": "cow", "ox": "cow", "sheep": "sheep", "lamb": "sheep", "goat": "goat",
            "pig": "pig", "bird": "bird", "duck": "bird", "chicken": "bird", "camel": "camel", "elephant": "elephant",
            "monkey": "monkey", "bear": "bear", "deer": "deer", "donkey": "donkey"}
#: Words for people that name a group or any one (*people*, *someone*): no subject of the structural rules.
_NOT_ONE = frozenset({"people", "couple", "group", "crowd", "team", "family", "pair", "someone", "somebody"})
_BABIES = frozenset({"baby", "infant", "toddler", "newborn"})
#: Nouns for one person (singular, not a group): the people :func:`_kind` knows.
_ONE_PERSON = (PERSONS | FEMALES | MALES | OCCUPATIONS) - set(IRREGULAR_PLURALS.values()) - _NOT_ONE
#: Verbs whose object is each doer's own (*wearing a hat*, *having a drink*): no coordination of doers.
_OWN_OBJECT = frozenset({"wearing", "having", "getting", "taking"})
#: Words or tags that tie a sentence to its subject (*his*, *together*): no sentence the structural rules take.
_TIED = frozenset({"PRP", "PRP$", "together", "other", "another", "both", "themselves"})
#: The prepositions of the ``prepositional_*`` rules, as ``word/TAG`` items.
PREPOSITIONS = ("near/IN", "behind/IN", "beside/IN", "next/JJ to/TO")


def _kind(word: str) -> str | None:
    """``"animal"``, ``"baby"`` (what a baby does few others do) or ``"person"`` for a singular noun for one
    person or animal, else None."""
    if word in _ANIMALS:
        return "animal"
    return "baby" if word in _BABIES else "person" if word in _ONE_PERSON else None


def _fits(said_of: str | None, subject: str) -> bool:
    """Whether a predicate said of one of kind ``said_of`` fits a subject of noun ``subject``: the same kind,
    or a person for what is said of a baby or an animal (*is running*; not a baby for what a man does)."""
    kind = _kind(subject)
    return kind is not None and said_of is not None and (kind == said_of or kind == "person")


def _apart(one: str, other: str) -> bool:
    """Whether two nouns of :func:`_kind` cannot name the same one: two kinds, animals of two species, or
    people of two genders or age groups (*man*, *woman*, *boy*; not *man* and *doctor*, *girl* and *child*)."""
    if _kind(one) != _kind(other) or one in _ANIMALS:
        return _kind(one) != _kind(other) or _ANIMALS[one] != _ANIMALS[other]
    def gender(word):
        return "female" if word in FEMALES - MALES else "male" if word in MALES - FEMALES else None

    def age(word):
        return "child" if word in CHILDREN else "adult" if word in ADULTS else None

    return any(f(one) and f(other) and f(one) != f(other) for f in (gender, age))


def _untied(items) -> bool:
    """Whether no ``(word, tag)`` item is in :data:`_TIED`."""
    return not any(word.lower() in _TIED or tag in _TIED for word, tag in items)


def _predicate(sentence: Sentence) -> tuple[list, list] | None:
    """``(subject, predicate)`` as ``(word, tag)`` lists, for a sentence whose main clause
    (:meth:`_Analysis.progressive`) is *<article> <adjectives and nouns> is <verb>-ing ...*, its subject (read
    from the tree) ending in its head, a noun of :func:`_kind` (its article made *the*), with no other finite
    verb and nothing tied to its subject; the predicate runs from *is* to the final stop."""
    found = _progressive(sentence)
    if found is None:
        return None
    analysis, be, _, proposition = found
    tokens, tags = analysis.tokens, analysis.tags
    if be < 2 or tokens[be] != "is" or tokens[0] not in _ARTICLES or analysis.subject(proposition, be) != be - 1 \
            or tags[be - 1] != "NN" or _kind(tokens[be - 1]) is None \
            or any(tag not in ("JJ", "NN") for tag in tags[1:be]) \
            or _FINITE & set(tags[be + 1:]) or "." in tags[:-1] or not _untied(zip(sentence.tokens, tags)):
        return None
    items = list(zip(sentence.tokens, sentence.tags))
    return [("the", "DT")] + items[1:be], items[be:] + ([] if tags[-1] == "." else [(".", ".")])


def _said(*parts) -> Sentence:
    """A sentence of ``(word, tag)`` lists, its first word capitalized and a final stop added if none."""
    items = [item for part in parts for item in part]
    items[0] = (items[0][0].capitalize(), items[0][1])
    if items[-1][1] != ".":
        items.append((".", "."))
    return as_sentence([word for word, _ in items], [tag for _, tag in items])


def _items(template: str) -> list[tuple[str, str]]:
    return [tuple(item.rsplit("/", 1)) for item in template.split()]


class _Doers(NamedTuple):
    """The parts of a premise for the structural rules, as ``(word, tag)`` lists with *the*: its subject
    ``n1``, *is* and verb ``doing``, object ``n2`` and ``rest``; the heads ``first`` and ``second``."""

    n1: list
    doing: list
    n2: list
    rest: list
    first: str
    second: str


def _doers(premise: Sentence) -> _Doers | None:
    """The parts of a premise of :func:`_transitive`'s form with *is*, a singular object and a subject of
    :func:`_kind`, nothing tied to its subject before the rest and nothing privative (a *toy* dog is no
    dog); ``second`` is empty for a privative object; or None."""
    tokens, tags = [t.lower() for t in premise.tokens], premise.tags
    parts = _transitive(premise)
    if parts is None or tokens[parts.be] != "is" or tokens[parts.verb] == "being" or tags[parts.end - 1] != "NN" \
            or _kind(tokens[parts.subject]) is None or _PRIVATIVE & set(tokens[:parts.be]) \
            or not _untied(zip(tokens[:parts.end], tags)):
        return None
    (be, verb, end, subject, _), items, the = parts, list(zip(premise.tokens, premise.tags)), [("the", "DT")]
    second = "" if _PRIVATIVE & set(tokens[verb:end]) else tokens[end - 1]
    return _Doers(the + items[1:be], items[be:verb + 1], the + items[verb + 2:end], items[end:], tokens[subject],
                  second)


def _others(doers: _Doers) -> bool:
    """Whether the object of :func:`_doers`'s parts is a person or an animal apart from the subject, as
    the structural rules but ``coordination`` ask."""
    return _kind(doers.second) is not None and _apart(doers.second, doers.first)


_RELATIVE_RULES = ("relative_object", "relative_object_head", "relative_object_clause", "relative_subject",
                   "relative_subject_head", "reduced_relative_head", "reduced_relative_piece")


def _structural_rules(doers: _Doers | None, subject: str | None, third: str) -> set[str]:
    """The rules of :data:`STRUCTURAL_RULES` that make pairs of a premise and a donor of :func:`_predicate`'s
    form whose subject's head is ``third`` (what :func:`_structural` and :func:`_prepositional` ask):
    ``doers`` are the premise's parts (:func:`_doers`, or None), ``subject`` the head of its subject if it is
    of :func:`_predicate`'s form, else None. Of the donor only that head matters: donors are sought by it."""
    rules = set()
    if doers is not None:
        first, second = doers.first, doers.second
        if _fits(_kind(first), third) and _apart(first, third) and third != second and _untied(doers.rest) \
                and doers.doing[-1][0].lower() not in _OWN_OBJECT:
            rules.add("coordination")
            if _kind(second) is not None and _apart(second, first) and _apart(second, third):
                rules.add("coordination_swap")
        if _others(doers) and _fits(_kind(third), first) and _fits(_kind(third), second):
            rules.update(_RELATIVE_RULES)
    if subject is not None and _fits(_kind(subject), third) and _apart(subject, third):
        rules.update(("prepositional_piece", "prepositional_head"))
    return rules


def _structural(premise: Sentence, donor: Sentence | None) -> list[_Made]:
    """The structural pairs, for a premise of :func:`_doers`'s form whose subject and object are ``N1`` and
    ``N2`` and a ``donor`` of :func:`_predicate`'s form whose subject is ``N3``: the ``coordination`` pairs
    if ``N1`` and ``N3`` are of one kind and apart, ``N3`` no ``N2`` and the verb no :data:`_OWN_OBJECT`
    (``N3`` first if ``N1`` has a preposition: *the woman with a hat and the man* may be a woman with
    both), the swap and the others if ``N2`` is of that kind too and apart from both."""
    doers, given = _doers(premise), None if donor is None else _predicate(donor)
    if doers is None or given is None:
        return []
    (n1, doing, n2, rest, first, _), (n3, said) = doers, given
    rules = _structural_rules(doers, None, n3[-1][0].lower())
    made = []
    if "coordination" in rules:
        both = (n3, _items("and/CC"), n1) if any(tag == "IN" for _, tag in n1) else (n1, _items("and/CC"), n3)
        coordinated = _said(*both, _items("are/VBP"), doing[1:], n2, rest)
        made.append(_Made("coordination", coordinated, _said(n3, doing, n2, rest), donor=True))
        if "coordination_swap" in rules:
            made.append(_Made("coordination_swap", coordinated, _said(n3, doing, n1), donor=True))
    if "relative_object" not in rules:
        return made
    relative = _said(n2, _items("that/WDT"), n1, doing, said)
    made += [_Made("relative_object", relative, _said(n1, said), donor=True),
             _Made("relative_object_head", relative, _said(n2, said), donor=True),
             _Made("relative_object_clause", relative, _said(n1, doing, n2), donor=True)]
    relative = _said(n1, _items("that/WDT" if _kind(first) == "animal" else "who/WP"), doing, n2, said)
    made += [_Made("relative_subject", relative, _said(n2, said), donor=True),
             _Made("relative_subject_head", relative, _said(n1, said), donor=True)]
    verb = doing[-1][0].lower()
    done = None if verb in _ACTIVE_ONLY else participle(verb)
    if done is not None:
        reduced = _said(n2, [(done, "VBN"), ("by", "IN")], n1, said)
        made += [_Made("reduced_relative_head", reduced, _said(n2, said), donor=True),
                 _Made("reduced_relative_piece", reduced, _said(n1, said), donor=True)]
    return made


def _prepositional(premise: Sentence, donor: Sentence | None) -> list[_Made]:
    """The ``prepositional_*`` pairs, for a premise of :func:`_predicate`'s form whose subject is ``N1``
    and a ``donor`` of that form whose subject ``N3`` is apart from ``N1`` and fits what the premise
    says of it: *the N1 near the N3* does what the premise says, the N3 need not."""
    own, given = _predicate(premise), None if donor is None else _predicate(donor)
    if own is None or given is None:
        return []
    (n1, said), (n3, _) = own, given
    if not _structural_rules(None, n1[-1][0].lower(), n3[-1][0].lower()):
        return []
    made = []
    for preposition in PREPOSITIONS:
        near = _said(n1, _items(preposition), n3, said)
        made += [_Made("prepositional_piece", near, _said(n3, said), donor=True),
                 _Made("prepositional_head", near, _said(n1, said), donor=True)]
    return made


#: The matrix clauses of the ``embedded_subject`` rule, as ``word/TAG`` templates.
MATRIX_CLAUSES = ("The/DT woman/NN knows/VBZ that/IN", "The/DT man/NN thinks/VBZ that/IN",
                  "The/DT girl/NN realizes/VBZ that/IN", "The/DT boy/NN believes/VBZ that/IN")


def _matrix_subject(premise: Sentence) -> list[_Made]:
    """The ``embedded_subject`` pairs, for a premise of :func:`_predicate`'s form whose subject is a person:
    the premise under each clause of :data:`MATRIX_CLAUSES` whose subject is apart from the premise's, and
    that subject doing what the premise says of its own (*the woman knows that a man is surfing* / *the
    woman is surfing*)."""
    own, clause = _predicate(premise), _clause(premise, initial=False)
    if own is None or clause is None or _kind(own[0][-1][0].lower()) != "person":
        return []
    made = []
    for template in MATRIX_CLAUSES:
        matrix = _items(template)
        if _apart(matrix[1][0], own[0][-1][0].lower()):
            for words in (matrix, matrix[:-1]):   # with *that* and without
                embedded = as_sentence([w for w, _ in words] + clause[0] + ["."],
                                       [t for _, t in words] + clause[1] + ["."])
                made.append(_Made("embedded_subject", embedded, _said(matrix[:2], own[1])))
            made.append(_Made("embedded_object", embedded, _said(matrix[:3], own[0])))
    return made


#: The subordinators of the ``subordinate_*`` rules: each says its clause and the main one.
SUBORDINATORS = ("While/IN", "When/WRB", "As/IN", "Because/IN")


def _subordinate(premise: Sentence, partner: Sentence | None) -> list[_Made]:
    """The ``subordinate_*`` pairs, for a premise and a ``partner`` of :func:`_predicate`'s form: a subordinate
    clause of the premise's subject, *is* and its verb in -ing (what the premise says, or less: *The man is
    running down the road.* -> *the man is running*) with no comma before the partner, the subordinator of
    :data:`SUBORDINATORS` chosen by the premise (a checksum of its text) / the partner (``subordinate_main``),
    or the clause with the partner's subject for its object (``subordinate_object``: *While the man is running
    the dog is barking.* / *The man is running the dog.*, the reading that leaves out the clause's end)."""
    own, given = _predicate(premise), None if partner is None else _predicate(partner)
    if own is None or given is None or own[1][1][1] != "VBG":
        return []
    subordinator = _items(SUBORDINATORS[zlib.crc32(premise.text.encode("utf-8")) % len(SUBORDINATORS)])
    (subject, said), (other, other_said) = own, given
    doing = said[:2]  # is, the verb: the subject begins with *the*, lowercased, as the partner's does
    joined = _said(subordinator, subject, doing, other, other_said)
    return [_Made("subordinate_main", joined, _said(other, other_said), partner=True),
            _Made("subordinate_object", joined, _said(subject, doing, other), partner=True)]


def _structural_pairs(premise: Sentence, donor: Sentence | None) -> list[_Made]:
    """The structural rules' pairs: :func:`_structural` and :func:`_prepositional`."""
    return _structural(premise, donor) + _prepositional(premise, donor)


def _candidates(premise: Sentence, partner: Sentence | None, donor: Sentence | None,
                finder: SubstitutionFinder | None, rules: set[str]) -> list[_Made]:
    """The premise's pairs of ``rules``; the embeddings and the rules reading WordNet, the slowest to apply,
    only if one of their rules is among them."""
    found = (_embedded(premise, partner) if rules & OPERATORS.keys() else []) + _matrix_subject(premise) \
        + _subordinate(premise, partner) + _passive(premise) + _privative(premise) + _compared(premise) \
        + _structural_pairs(premise, donor)
    if finder is not None and rules & WORDNET_RULES:
        found += _negated(premise, finder) + _quantified(premise, finder)
    return [made for made in found if made.rule in rules]


def with_trees(premises, syntax=None) -> list[Sentence]:
    """The premises, each with its dependency tree and the tree's tags: its own, else the one the syntax model at
    ``syntax`` (default: :func:`lexnli.syntax.default_syntax_path`) reads its tokens into, all in one batch (its
    tagger's tags, not the ones given: the corpus's tagger reads *A boy plays* as a noun)."""
    premises = list(premises)
    missing = [p for p in premises if p.tree is None and p.tokens]
    trees = {}
    if missing:
        from lexnli.syntax import load_syntax  # the parser's modules, only when premises need trees

        distinct = list(dict.fromkeys(p.tokens for p in missing))
        trees = dict(zip(distinct, load_syntax(syntax).read(distinct)))
    found = []
    for p in premises:
        tree = p.tree if p.tree is not None else trees.get(p.tokens)
        found.append(p if tree is None or (p.tree is tree and p.tags == tree.tags) else
                     replace(p, tags=tree.tags, tree=tree))
    return found


def compositional_pairs(premises, *, seed: int = 0, per_rule: dict | None = None, limit: int | None = None,
                        reader=None, syntax=None, progress: bool | None = None) -> list[tuple[Pair, str]]:
    """``(pair, rule)`` for distinct premises, each used at most once (as a premise or as the other clause
    of an embedding): a rule chosen so that rare rules get their share, its pair drawn at random (seeded);
    at most ``per_rule[rule]`` pairs of a rule and ``limit`` in all. ``reader`` is a NLTK WordNet reader
    (default: the installed WordNet), read only when a rule of :data:`WORDNET_RULES` is asked for; the rules
    find a premise's parts in its dependency tree (:func:`with_trees`, the syntax model at ``syntax`` reading
    those with none). ``progress``: a bar over the pairs made (:func:`lexnli.progress.bar`)."""
    premises = with_trees(premises, syntax)
    rng = random.Random(seed)
    order = list(range(len(premises)))
    rng.shuffle(order)
    counts = {rule: 0 for rule in RULES if per_rule is None or per_rule.get(rule, 0) > 0}
    finder = SubstitutionFinder(reader if reader is not None else load_wordnet()) if WORDNET_RULES & set(counts) \
        else None
    used, out = set(), []
    # The positions (in order) of the premises that may be an embedding's other clause, and of those that may
    # give a structural rule its predicate, by their subject's head: the rules a donor allows depend on no
    # other word of it (_structural_rules), so the first donor of each head is the only one to try.
    clauses = [p for p, k in enumerate(order) if _clause(premises[k], initial=False)]
    givers = {}
    for p, k in enumerate(order if STRUCTURAL_RULES & set(counts) else ()):
        if given := _predicate(premises[k]):
            givers.setdefault(given[0][-1][0].lower(), []).append(p)

    def open_rule(rule):  # a rule asked for and not at its cap
        return rule in counts and (per_rule is None or counts[rule] < per_rule[rule])

    def first_unused(positions, position):  # the first of the positions after position whose premise is not used
        start = bisect.bisect_right(positions, position)
        return next((positions[i] for i in range(start, len(positions)) if order[positions[i]] not in used), None)

    def donor_of(premise, position, rules):  # the first premise after position giving the premise a pair of rules
        doers, own = _doers(premise), _predicate(premise)
        if doers is None and own is None or not rules & STRUCTURAL_RULES:
            return None
        subject = None if own is None else own[0][-1][0].lower()
        firsts = sorted((p, head) for head, positions in givers.items()
                        if (p := first_unused(positions, position)) is not None)
        return next((order[p] for p, head in firsts if rules & _structural_rules(doers, subject, head)), None)

    tally = bar(desc=f"composing pairs from {len(premises):,} premises", total=limit, unit="pairs", progress=progress,
                announce=True)
    for position, k in enumerate(order):
        if limit is not None and len(out) >= limit:
            break
        if k in used:
            continue
        rules = {rule for rule in counts if open_rule(rule)}
        at = first_unused(clauses, position) if rules & _PARTNER_RULES else None
        partner = None if at is None else order[at]
        donor = donor_of(premises[k], position, rules) if givers else None
        candidates = _candidates(premises[k], None if partner is None else premises[partner],
                                 None if donor is None else premises[donor], finder, rules)
        if not candidates:
            continue
        rule = min({c.rule for c in candidates}, key=lambda r: (counts[r], RULES.index(r)))
        made = rng.choice([c for c in candidates if c.rule == rule])
        counts[rule] += 1
        used.update([k] + [partner] * made.partner + [donor] * made.donor)
        out.append((Pair(made.premise, made.hypothesis, label=LABELS[rule], pair_id=f"{rule}-{k}"), rule))
        tally.update()
    tally.close()
    return out


def compositional_augmentation(train_pairs, n: int, *, seed: int = 0, reader=None, syntax=None,
                               progress: bool | None = None) -> list[Pair]:
    """``n`` compositional pairs (fewer if the premises run out) made from the distinct premises of
    ``train_pairs``, each rule at most an even share of ``n``, to add to a model's training data;
    ``reader`` is a NLTK WordNet reader (default: the installed WordNet); ``syntax`` and ``progress`` as
    :func:`compositional_pairs`."""
    if n <= 0:
        return []
    share = -(-n // len(RULES))
    return [pair for pair, _ in compositional_pairs(distinct_premises(train_pairs), seed=seed,
                                                   per_rule=dict.fromkeys(RULES, share), limit=n, reader=reader,
                                                   syntax=syntax, progress=progress)]
