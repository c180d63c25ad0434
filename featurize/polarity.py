"""Polarity marking: each token's monotonicity and veridicality, from the operators whose scope holds it.

The operators and their signatures are data (:mod:`lexical_resources.lists.operators`); this
module finds each operator's scope in a tagged sentence and composes them. A token is ``up``
when the operators above it keep the direction of a word relation, ``down`` when they reverse
it (an odd number of downward operators: two give ``up`` again), ``none`` when a non-monotone
operator is above it; and ``veridical`` when its clause is asserted, ``nonveridical`` when an
operator leaves it unasserted, ``antiveridical`` when a negative implicative denies it (an odd
number of denials: a clause negation that meets a negative implicative counts as one, so *did not
fail to lock* asserts *lock*).

Scopes are read from tokens and tags alone (Penn Treebank or coarse two-letter tags), so raw
strings are marked the same way as parsed corpus lines. The rules:

* a *clause* runs between punctuation (``, ; : .``), *but*, the subordinators that open a new
  clause (*if*, *because*, *since*, *when*, ...), and an *and* / *or* followed by a subject and
  a verb (:func:`_clause`);
* a *noun phrase* runs over determiners, adjectives, numbers and nouns to its last noun, then
  over a prepositional phrase and a relative clause (*every man in a hat who is running*:
  :func:`_noun_phrase_end`);
* a clause negation (*not*, *n't*, *never*, *nobody*, ...) scopes over the rest of its clause,
  downward; *without* over the noun phrase after it;
* a determiner (*every*, *no*, *few*, *most*, *at most N*, ...) has its restrictor (its noun
  phrase) and its body (the rest of the clause) with the monotonicity of its signature;
* *if* makes its antecedent downward; *if*, *unless* and *or* make every clause they join
  non-veridical (the disjuncts of a noun phrase *or*: only those noun phrases); a non-veridical
  adverb or modal (*maybe*, *might*) its clause; a verb its complement clause (*thinks (that)
  ...*, *wants to ...*), by :data:`~lexical_resources.lists.operators.VERBS`; an adverb, an
  adjective (*it is possible that*) or a verb whose clause opens the sentence, the rest of the
  sentence, commas and all (:func:`_embedded_end`).

What these rules get wrong, as a parse would not: a negation inside a relative clause scopes to
the end of the whole clause (*the man who is not smiling is running*: *running* is marked
down); a clause joined by *and* without a subject of its own stays in the clause before it;
a complement clause ends at the first clause boundary (*thinks the man cooks and the boy eats*:
*the boy eats* is read as asserted); a noun phrase's prepositional phrase is one phrase deep.

>>> marking = mark(("the", "girl", "is", "not", "eating", "fruit", "."), ("DT", "NN", "VBZ", "RB", "VBG", "NN", "."))
>>> marking.polarity
('up', 'up', 'up', 'up', 'down', 'down', 'up')
>>> mark(("maybe", "the", "dog", "sleeps"), ("RB", "DT", "NN", "VBZ")).veridicality[1:]
('nonveridical', 'nonveridical', 'nonveridical')
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from lexical_resources.lists.function_words import SUBORDINATORS
from lexical_resources.lists.operators import (ANTIVERIDICAL, CLAUSE_NEGATIONS, CONDITIONALS, DETERMINERS,
                                               DISJUNCTIONS, DOWN, NONE, NONVERIDICAL, NONVERIDICAL_ADJECTIVES,
                                               NONVERIDICAL_ADVERBS, NONVERIDICAL_SUBORDINATORS, NUMBER_OPERATORS,
                                               ONE_WAY_IMPLICATIVES, PHRASE_NEGATIONS, UP, VERBS, VERIDICAL)
from lexnli.text import parse_leaves
from lexnli.verb_forms import BE_FORMS, DO_FORMS, HAVE_FORMS, MODALS

from .memo_sizes import SENTENCES

#: Tokens that end a clause.
_BOUNDARIES = frozenset({",", ";", ":", ".", "!", "?", "but", "--"})
_CLAUSE_CONJUNCTIONS = frozenset({"and", "or"})
_RELATIVE_PRONOUNS = frozenset({"who", "which", "that", "whom"})
#: Words between a determiner and its noun (first two tag letters), and the heads of a noun phrase.
_NOUN_PHRASE_TAGS = frozenset({"DT", "JJ", "CD", "NN", "PR", "PO", "HY", "VB"})
_HEAD_TAGS = frozenset({"NN", "PR", "CD"})
#: Tags a determiner of :data:`~lexical_resources.lists.operators.DETERMINERS` has (*few*, *most*: adjectives).
_DETERMINER_TAGS = frozenset({"DT", "PD", "JJ", "IN"})
#: Tags of a verb group's words (first two letters): verbs, modals, adverbs between them.
_VERB_TAGS = frozenset({"VB", "MD"})
#: The forms of *be*, *have*, *do* and the modals: a verb group's words before its verb.
_AUXILIARY_FORMS = BE_FORMS | HAVE_FORMS | DO_FORMS | MODALS


class Scope(NamedTuple):
    """One operator and the tokens ``start:stop`` it governs, with what it does to them."""

    operator: int
    start: int
    stop: int
    #: ``up``, ``down`` or ``none``.
    monotonicity: str
    #: ``veridical``, ``nonveridical`` or ``antiveridical``.
    veridicality: str


class Marking(NamedTuple):
    """A sentence's polarity marking: per token, and the scopes it was composed from."""

    polarity: tuple[str, ...]
    veridicality: tuple[str, ...]
    #: The indices of the operators whose scope holds each token that changes its reading.
    operators: tuple[tuple[int, ...], ...]
    scopes: tuple[Scope, ...]

    @property
    def downward(self) -> bool:
        """Whether some token is marked ``down``."""
        return DOWN in self.polarity


def _tag(tags, i: int) -> str:
    return tags[i][:2]


def _is_verb(tokens, tags, i: int) -> bool:
    return _tag(tags, i) in _VERB_TAGS or (tokens[i].endswith("ing") and _tag(tags, i) in ("JJ", "NN"))


def _has_clause(tokens, tags, start: int, stop: int) -> bool:
    """Whether ``start:stop`` opens with a subject (a noun phrase) with a verb right after it."""
    if start >= stop or _tag(tags, start) not in _NOUN_PHRASE_TAGS or _is_verb(tokens, tags, start):
        return False
    end = _noun_phrase_end(tokens, tags, start)
    return start < end < stop and _is_verb(tokens, tags, end)


def _clause_break(tokens, tags, k: int) -> bool:
    """Whether a clause ends before token ``k``."""
    token = tokens[k]
    if token in _BOUNDARIES or token in SUBORDINATORS:
        return True
    return token in _CLAUSE_CONJUNCTIONS and _has_clause(tokens, tags, k + 1, _next_break(tokens, tags, k + 1))


def _next_break(tokens, tags, start: int) -> int:
    """The first punctuation, *but* or subordinator at or after ``start`` (or the end)."""
    return next((k for k in range(start, len(tokens)) if tokens[k] in _BOUNDARIES or tokens[k] in SUBORDINATORS),
                len(tokens))


def _clause(tokens, tags, i: int) -> tuple[int, int]:
    """The clause holding token ``i``: ``(start, stop)``."""
    start = i
    while start > 0 and not _clause_break(tokens, tags, start - 1) and not (
            tokens[start] in SUBORDINATORS and start < i):
        start -= 1
    if tokens[start] in _BOUNDARIES or (tokens[start] in _CLAUSE_CONJUNCTIONS and start < i):
        start += 1
    return start, _clause_end(tokens, tags, i + 1)


def _clause_end(tokens, tags, start: int) -> int:
    """Where the clause going on at ``start`` ends."""
    return next((k for k in range(start, len(tokens)) if _clause_break(tokens, tags, k)), len(tokens))


def _verb_group_end(tokens, tags, i: int) -> int:
    """The end of the verb group at ``i``: auxiliaries, adverbs and one verb (*is not running*)."""
    k = i
    while k < len(tokens) and (_is_verb(tokens, tags, k) or (_tag(tags, k) == "RB" and k > i)):
        k += 1
        if tokens[k - 1] not in _AUXILIARY_FORMS and _tag(tags, k - 1) != "RB":
            break
    return k


def _participle(tokens, tags, k: int) -> bool:
    """Whether the verb at ``k`` is a participle: so tagged, or, with coarse tags, so spelt."""
    return tags[k] in ("VBG", "VBN") or (tags[k] == "VB" and tokens[k].endswith(("ing", "ed", "en")))


def _noun_phrase_end(tokens, tags, i: int, *, modifiers: bool = True) -> int:
    """The end of the noun phrase starting at ``i``: to its last noun, then (if ``modifiers``) a
    prepositional phrase and a relative clause after it."""
    k, end = i, i
    while k < len(tokens) and (_tag(tags, k) in _NOUN_PHRASE_TAGS or tokens[k] == "of"):
        if _tag(tags, k) == "VB" and not (_participle(tokens, tags, k) and k + 1 < len(tokens)
                                           and _tag(tags, k + 1) in ("NN", "JJ")):
            break  # a verb, not a participle before a noun (*a running dog*)
        if _tag(tags, k) in _HEAD_TAGS or tokens[k] in DETERMINERS:
            end = k + 1
        k += 1
    if not modifiers or end == i:
        return end
    if end < len(tokens) and _tag(tags, end) == "IN" and tokens[end] not in SUBORDINATORS:
        end = _noun_phrase_end(tokens, tags, end + 1, modifiers=False) or end
    if end < len(tokens) and tokens[end] in _RELATIVE_PRONOUNS:
        k = end + 1
        if k < len(tokens) and not _is_verb(tokens, tags, k):
            k = _noun_phrase_end(tokens, tags, k, modifiers=False)
        verb_end = _verb_group_end(tokens, tags, k)
        if verb_end > k:
            end = max(verb_end, _noun_phrase_end(tokens, tags, verb_end, modifiers=False))
    return end


#: The words a determiner or number operator starts with: :func:`_signature` finds none at another word.
_OPERATOR_WORDS = frozenset(DETERMINERS) | {words[0] for words in NUMBER_OPERATORS}


def _signature(tokens, tags, i: int) -> tuple[tuple[str, str] | None, int]:
    """The signature of the determiner or number operator at ``i`` and where its noun phrase starts;
    None for a determiner whose restrictor and body are both upward, or for no determiner: a word
    tagged otherwise (*are all wearing*), one after its noun (*the crew all ate*), *each other*, *a
    few*, the *most* of *at most*."""
    if tokens[i] not in _OPERATOR_WORDS:
        return None, i + 1
    signature, first = DETERMINERS.get(tokens[i]), i + 1
    for words, found in NUMBER_OPERATORS.items():
        if tuple(tokens[i:i + len(words)]) == words:
            return found, i + len(words)
    following, before = tokens[first] if first < len(tokens) else "", tokens[i - 1] if i else ""
    floating = tokens[i] in ("all", "each") and i and _tag(tags, i - 1) in ("NN", "PR")  # *the crew all ate*
    if signature == (UP, UP) or _tag(tags, i) not in _DETERMINER_TAGS or following == "other" or floating \
            or (before, tokens[i]) in (("a", "few"), ("at", "most")):
        return None, first
    return signature, first + (tokens[i] == "all" and following == "of")


def _phrase_negation_end(tokens, tags, start: int) -> int:
    """The end of what *without* at ``start - 1`` governs: a noun phrase, or a gerund's clause
    (*without even noticing the crowd*)."""
    k = start
    while k < len(tokens) and _tag(tags, k) == "RB":
        k += 1
    if k < len(tokens) and tokens[k].endswith("ing") and _is_verb(tokens, tags, k):
        return _clause_end(tokens, tags, k)
    return _noun_phrase_end(tokens, tags, start)


def _determiner_scopes(tokens, tags, i: int) -> list[Scope]:
    """The restrictor and body of a determiner or number operator at ``i`` (:func:`_signature`); a
    determiner inside a prepositional phrase has no body (*a woman with no hat sits*)."""
    signature, first = _signature(tokens, tags, i)
    if signature is None:
        return []
    stop = _noun_phrase_end(tokens, tags, first)
    clause_stop = stop if i and _tag(tags, i - 1) in ("IN", "TO") else _clause_end(tokens, tags, stop)
    restrictor, body = signature
    return [Scope(i, first, stop, restrictor, VERIDICAL), Scope(i, stop, clause_stop, body, VERIDICAL)]


def _verb_scope(tokens, tags, lemmas, i: int) -> Scope | None:
    """The complement clause of an attitude or implicative verb at ``i``, if it has one listed: a
    finite clause, an infinitive, or an object and its infinitive (*wants the dog to fetch*)."""
    following = tokens[i + 1] if i + 1 < len(tokens) else ""
    object_end = _noun_phrase_end(tokens, tags, i + 1, modifiers=False) if following not in ("that", "to") else i + 1
    if object_end > i + 1 and object_end < len(tokens) and tokens[object_end] == "to" \
            and (signature := VERBS.get((lemmas[i], "to"))) is not None:
        return Scope(i, i + 1, _clause_end(tokens, tags, object_end + 1), DOWN if signature == ANTIVERIDICAL else UP,
                     signature)
    complementizer = "to" if following == "to" else ""
    start = i + 2 if following in ("that", "to") else i + 1
    signature = VERBS.get((lemmas[i], complementizer))
    if signature is None or (following != "to" and following != "that"
                             and not _has_clause(tokens, tags, start, _clause_end(tokens, tags, start))):
        return None
    stop = _embedded_end(tokens, tags, i, start)
    return Scope(i, start, stop, DOWN if signature == ANTIVERIDICAL else UP, signature)


def _embedded_end(tokens, tags, i: int, start: int) -> int:
    """Where what the operator at ``i`` embeds, going on at ``start``, ends: the end of the sentence
    when the operator's clause opens it (*Perhaps a woman, smiling, holds a cup*; *It is possible
    that ...*; *Someone thinks that ...*), else the end of the clause."""
    if _clause(tokens, tags, i)[0] != 0:
        return _clause_end(tokens, tags, start)
    return len(tokens) - 1 if tokens and tokens[-1] in _BOUNDARIES else len(tokens)


def _disjunction_scope(tokens, tags, i: int) -> Scope:
    """The disjuncts an *or* at ``i`` joins: the clauses around it, or the noun phrases around it."""
    if _has_clause(tokens, tags, i + 1, _next_break(tokens, tags, i + 1)):
        return Scope(i, _clause(tokens, tags, i - 1)[0] if i else 0, _clause_end(tokens, tags, i + 1), UP,
                     NONVERIDICAL)
    if _is_verb(tokens, tags, i - 1) or _tag(tags, i - 1) in ("JJ", "RB"):  # *setting or rising*, *red or blue*
        return Scope(i, i - 1, _verb_group_end(tokens, tags, i + 1) if _is_verb(tokens, tags, i + 1) else i + 2, UP,
                     NONVERIDICAL)
    start = i  # back to the determiner of the noun phrase before
    while start > 0 and _tag(tags, start - 1) in _NOUN_PHRASE_TAGS - {"VB"}:
        start -= 1
        if _tag(tags, start) == "DT":
            break
    return Scope(i, start, max(_noun_phrase_end(tokens, tags, i + 1, modifiers=False), i + 1), UP, NONVERIDICAL)


def scopes(tokens, tags, lemmas=None) -> tuple[Scope, ...]:
    """Every operator's scope in a sentence (``tokens`` lowercased; ``lemmas`` for the verbs, default the tokens)."""
    tokens, tags = tuple(tokens), tuple(tags)
    lemmas = tuple(lemmas) if lemmas is not None else tokens
    found = []
    n = len(tokens)
    for i, token in enumerate(tokens):
        if token in CLAUSE_NEGATIONS:
            found.append(Scope(i, i + 1, _clause_end(tokens, tags, i + 1), DOWN, VERIDICAL))
        elif token in PHRASE_NEGATIONS:
            found.append(Scope(i, i + 1, _phrase_negation_end(tokens, tags, i + 1), DOWN, VERIDICAL))
        elif token in CONDITIONALS:
            found.append(Scope(i, i + 1, _clause_end(tokens, tags, i + 1), CONDITIONALS[token], NONVERIDICAL))
            found.append(Scope(i, 0, n, UP, NONVERIDICAL))
        elif token in DISJUNCTIONS and 0 < i < n - 1:
            found.append(_disjunction_scope(tokens, tags, i))
        elif token in NONVERIDICAL_SUBORDINATORS:
            found.append(Scope(i, i + 1, _clause_end(tokens, tags, i + 1), UP, NONVERIDICAL))
        elif token in NONVERIDICAL_ADVERBS and _tag(tags, i) in ("RB", "MD"):
            start, _ = _clause(tokens, tags, i)
            after = i + 2 if i + 1 < n and tokens[i + 1] == "," and start == i else i + 1
            found.append(Scope(i, start, _embedded_end(tokens, tags, i, after), UP, NONVERIDICAL))
        elif token in NONVERIDICAL_ADJECTIVES and i + 1 < n and tokens[i + 1] == "that":
            found.append(Scope(i, i + 2, _embedded_end(tokens, tags, i, i + 2), UP, NONVERIDICAL))
        elif _tag(tags, i) == "VB" and (scope := _verb_scope(tokens, tags, lemmas, i)) is not None:
            found.append(scope)
        else:
            found.extend(_determiner_scopes(tokens, tags, i))
    return _denials(tokens, lemmas, tuple(scope for scope in found if scope.start < scope.stop))


def _denials(tokens, lemmas, found: tuple[Scope, ...]) -> tuple[Scope, ...]:
    """``found`` with each clause negation that meets a negative implicative (its scope holds the
    implicative, or the implicative's holds it: *did not fail to lock*, *refuses to not eat*) made
    antiveridical: a denial of a denial, so the two cancel in :func:`_compose` as their downward
    monotonicities do (*did not fail to lock the door* says the door was locked). A negation that
    meets none stays veridical, its clause read through its polarity. A one-way implicative
    (:data:`~lexical_resources.lists.operators.ONE_WAY_IMPLICATIVES`) under an odd number of denials
    says nothing of its clause, which is then non-veridical (*did not refuse to eat*, *fails to refuse to
    eat*); under an even number it still denies it (*fails to not refuse to eat*)."""
    implicatives = [scope for scope in found if scope.veridicality == ANTIVERIDICAL]
    if not implicatives:
        return found
    found = tuple(scope._replace(veridicality=ANTIVERIDICAL) if tokens[scope.operator] in CLAUSE_NEGATIONS and any(
        scope.start <= other.operator < scope.stop or other.start <= scope.operator < other.stop
        for other in implicatives) else scope for scope in found)
    words = lemmas if lemmas is not None else tokens
    return tuple(scope._replace(veridicality=NONVERIDICAL) if scope.veridicality == ANTIVERIDICAL
                 and words[scope.operator] in ONE_WAY_IMPLICATIVES
                 and sum(other is not scope and other.veridicality == ANTIVERIDICAL
                         and other.start <= scope.operator < other.stop for other in found) % 2
                 else scope for scope in found)


@lru_cache(maxsize=SENTENCES)
def mark(tokens: tuple, tags: tuple, lemmas: tuple | None = None) -> Marking:
    """The polarity marking of a sentence: :func:`scopes` composed, token by token (an operator is
    not in its own scope). Remembered per distinct sentence."""
    return _compose(len(tokens), scopes(tokens, tags, lemmas))


def _compose(n: int, found: tuple[Scope, ...]) -> Marking:
    """The marking of ``n`` tokens under the scopes ``found``."""
    if not found:  # most sentences: every token upward and asserted, under no operator
        return Marking((UP,) * n, (VERIDICAL,) * n, ((),) * n, found)
    polarity, veridicality, operators = [], [], []
    for k in range(n):
        over = [scope for scope in found if scope.start <= k < scope.stop and scope.operator != k]
        monotonicities = [scope.monotonicity for scope in over]
        polarity.append(NONE if NONE in monotonicities else DOWN if monotonicities.count(DOWN) % 2 else UP)
        kinds = [scope.veridicality for scope in over]
        veridicality.append(NONVERIDICAL if NONVERIDICAL in kinds else
                            ANTIVERIDICAL if kinds.count(ANTIVERIDICAL) % 2 else VERIDICAL)
        operators.append(tuple(sorted({scope.operator for scope in over
                                       if scope.monotonicity != UP or scope.veridicality != VERIDICAL})))
    return Marking(tuple(polarity), tuple(veridicality), tuple(operators), found)


# ---- the same scopes from a parse ----------------------------------------------------------


class _Node(NamedTuple):
    """A constituent of a parse: its label, its leaves ``start:stop``, its parent's index (-1 for the root)."""

    label: str
    start: int
    stop: int
    parent: int


def _nodes(parse: str) -> tuple[list[_Node], dict[int, int]]:
    """The constituents of a bracketed parse, and each leaf's preterminal (by leaf index)."""
    from nltk import Tree

    nodes, preterminals = [], {}

    def visit(tree, parent: int, start: int) -> int:
        index = len(nodes)
        nodes.append(None)
        stop = start
        for child in tree:
            if isinstance(child, Tree):
                stop = visit(child, index, stop)
            else:
                preterminals[stop] = index
                stop += 1
        nodes[index] = _Node(tree.label(), start, stop, parent)
        return stop

    visit(Tree.fromstring(parse), -1, 0)
    return nodes, preterminals


def parse_scopes(parse: str, lemmas=None) -> tuple[Scope, ...]:
    """:func:`scopes` read from a bracketed Penn Treebank parse: an operator governs the constituents
    after it inside its parent (*not* and *without* their phrase), a determiner the rest of its
    largest noun phrase (the restrictor, prepositional phrases and relative clauses included) and
    what follows that noun phrase in its parent (the body); *if* its clause, the sentence being
    non-veridical; *or* its coordination; a non-veridical adverb or modal its smallest clause; a
    verb of :data:`~lexical_resources.lists.operators.VERBS` its complement clause. The reference
    the tag-based rules are measured against (``python -m experiments.polarity_agreement``)."""
    tokens, tags = parse_leaves(parse)
    tokens = tuple(t.lower() for t in tokens)
    lemmas = tuple(lemmas) if lemmas is not None else tokens
    nodes, preterminals = _nodes(parse)
    found = []
    for i, token in enumerate(tokens):
        leaf = preterminals[i]
        parent = nodes[nodes[leaf].parent]
        if token in CLAUSE_NEGATIONS:
            phrase = _largest(nodes, leaf, "NP") if tags[i][:2] == "NN" else nodes[leaf]
            while phrase.parent >= 0 and nodes[phrase.parent].stop == phrase.stop and nodes[phrase.parent].parent >= 0:
                phrase = nodes[phrase.parent]  # last in its phrase (*inside and not*): what follows the phrase
            holder = nodes[phrase.parent] if phrase.parent >= 0 else phrase
            found.append(Scope(i, phrase.stop, holder.stop, DOWN, VERIDICAL))
        elif token in PHRASE_NEGATIONS:
            found.append(Scope(i, i + 1, parent.stop, DOWN, VERIDICAL))
        elif token in CONDITIONALS:
            found.append(Scope(i, i + 1, parent.stop, CONDITIONALS[token], NONVERIDICAL))
            found.append(Scope(i, 0, len(tokens), UP, NONVERIDICAL))
        elif token in DISJUNCTIONS:
            found.append(Scope(i, parent.start, parent.stop, UP, NONVERIDICAL))
        elif token in NONVERIDICAL_SUBORDINATORS:
            found.append(Scope(i, i + 1, parent.stop, UP, NONVERIDICAL))
        elif token in NONVERIDICAL_ADVERBS and tags[i][:2] in ("RB", "MD"):
            clause = _smallest(nodes, leaf, ("S", "SINV", "SQ"))
            found.append(Scope(i, clause.start, clause.stop, UP, NONVERIDICAL))
        elif token in NONVERIDICAL_ADJECTIVES and i + 1 < len(tokens) and tokens[i + 1] == "that":
            found.append(Scope(i, i + 2, _smallest(nodes, leaf, ("ADJP", "VP", "S")).stop, UP, NONVERIDICAL))
        elif tags[i][:2] == "VB" and (scope := _parse_verb_scope(tokens, lemmas, nodes, leaf, i)) is not None:
            found.append(scope)
        else:
            found.extend(_parse_determiner_scopes(tokens, tags, nodes, leaf, i))
    return _denials(tokens, lemmas, tuple(scope for scope in found if scope.start < scope.stop))


def mark_parse(parse: str, lemmas=None) -> Marking:
    """The polarity marking of a parsed sentence: :func:`parse_scopes` composed as :func:`mark` composes."""
    found = parse_scopes(parse, lemmas)
    return _compose(len(parse_leaves(parse)[0]), found)


def _largest(nodes, index: int, label: str) -> _Node:
    """The largest constituent labelled ``label`` that node ``index`` begins or heads, climbing while
    the parent has that label too (an NP inside an NP with its PP), else the node itself."""
    node = nodes[index]
    while node.parent >= 0 and nodes[node.parent].label == label:
        node = nodes[node.parent]
    return node


def _smallest(nodes, index: int, labels) -> _Node:
    """The nearest ancestor of node ``index`` with one of ``labels`` (the root when none)."""
    node = nodes[index]
    while node.parent >= 0 and node.label not in labels:
        node = nodes[node.parent]
    return node


def _parse_determiner_scopes(tokens, tags, nodes, leaf: int, i: int) -> list[Scope]:
    signature, first = _signature(tokens, tags, i)
    if signature is None:
        return []
    phrase = _largest(nodes, nodes[leaf].parent, "NP")
    holder = nodes[phrase.parent] if phrase.parent >= 0 else phrase
    restrictor, body = signature
    return [Scope(i, first, phrase.stop, restrictor, VERIDICAL), Scope(i, phrase.stop, holder.stop, body, VERIDICAL)]


def _parse_verb_scope(tokens, lemmas, nodes, leaf: int, i: int) -> Scope | None:
    following = tokens[i + 1] if i + 1 < len(tokens) else ""
    signature = VERBS.get((lemmas[i], "to" if following == "to" else ""))
    clause = next((node for node in nodes if node.parent == nodes[leaf].parent and node.start == i + 1
                   and (node.label in ("SBAR", "S") or following == "to")), None)
    if signature is None or clause is None:
        return None
    start = i + 2 if following in ("that", "to") else i + 1
    return Scope(i, start, clause.stop, DOWN if signature == ANTIVERIDICAL else UP, signature)
