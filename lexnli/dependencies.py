"""Labelled dependency trees from SNLI's constituency parses (Stanford PCFG bracketings).

:func:`from_parse` reads a bracketed parse with a small reader (no ``nltk.Tree``), finds each
constituent's head child by the rules of :mod:`lexnli.head_rules` (Collins' table with
semantic heads), attaches the head word of every other child to the head child's head word and
labels the arc from the configuration: the parent's category, the head child, the dependent's
category and side, and the words' tags. Coordination is Stanford-basic: the first conjunct
heads, the coordinators and the other conjuncts depend on it.

The labels (:data:`LABELS`):

=============  ===================================================================================
``root``       the sentence's head word (head 0)
``nsubj``      the subject: the NP nearest before a clause's head (first NP of a question), and
               the WH-word of a relative clause without an NP before its VP ("the dog *that* ran")
``nsubjpass``  the subject of a passive VP (a form of *be* or *get* + VBN)
``obj``        an NP after the head verb of a VP (each of two; not after a copula, see ``dep``),
               and the WH-word of a relative clause with a subject ("the cat *that* dogs chase")
``ccomp``      a clausal complement: S, or SBAR without a subordinator (bare, *that*, *whether*,
               a WH-phrase), after a verb
``advcl``      an adverbial clause: SBAR with a subordinator (IN like *when*, *while*,
               *because*, *if*, or WHADVP) modifying a clause or VP, or a subjectless S
               (participial clause) inside a clause
``relcl``      a relative clause: SBAR (WH-phrase, *that* or bare) modifying a noun
``acl``        a reduced relative: VP, RRC or subjectless S modifying a noun ("the boy pushed
               into the pool", "a man wearing a hat")
``conj``       a conjunct other than the first, on the first
``cc``         a coordinator (CC, CONJP), on the first conjunct
``prep``       a prepositional phrase: its preposition, on what it modifies
``pobj``       what follows the preposition in its PP: an NP, or a clause ("after *eating* lunch")
``amod``       an adjective (JJ*, prenominal VBN/VBG, ADJP) modifying a noun
``aux``        an auxiliary: a modal, infinitival *to*, a form of *be*/*have*/*do* (passive *be*
               and *get* included) before the VP it is the auxiliary of
``neg``        a negation: *not*, *n't*, *never* (RB, or an ADVP of one), and *no* as RB or DT
               ("no dogs"; as DT it is ``neg``, not ``det``)
``det``        a determiner (DT, PDT, WDT), *no* excepted
``mark``       a subordinator or complementizer (IN, DT, WHADVP) of an SBAR, on the clause's head
``punct``      punctuation: tags ``. , : `` '' -LRB- -RRB-`` (``$`` and ``#`` head quantities)
``dep``        anything else: the nominal or adjectival predicate of a copula ("is *awake*"),
               adverbs, compounds, numbers, possessives, particles ...
=============  ===================================================================================
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .head_rules import AUXILIARIES, HEAD_RULES
from .text import parse_leaves
from .verb_forms import BE_FORMS, GET_FORMS

#: The dependency labels, see the module docstring.
LABELS = ("root", "nsubj", "nsubjpass", "obj", "ccomp", "advcl", "relcl", "acl", "conj", "cc", "prep", "pobj",
          "amod", "aux", "neg", "det", "mark", "punct", "dep")
#: The punctuation tags of the Stanford parser (never heads; labelled ``punct``).
PUNCTUATION = frozenset({".", ",", ":", "``", "''", "-LRB-", "-RRB-"})
#: Negations, lowercased: ``neg`` when tagged RB (or DT, for *no*).
NEGATIONS = frozenset({"not", "n't", "never", "no"})
#: Complementizers: an SBAR they introduce is a complement (``ccomp``), not an adverbial clause.
COMPLEMENTIZERS = frozenset({"that", "whether"})

_CLAUSES = frozenset({"S", "SQ", "SINV", "SBARQ"})
_NOMINALS = frozenset({"NP", "NX", "NML", "NAC", "WHNP"})
_DETERMINERS = frozenset({"DT", "PDT", "WDT"})
_ADJECTIVES = frozenset({"JJ", "JJR", "JJS", "VBN", "VBG", "ADJP", "WHADJP"})
_TOKEN = re.compile(r"\(|\)|[^\s()]+")


@dataclass(frozen=True)
class DependencyTree:
    """A labelled dependency tree over a sentence's tokens.

    Parameters
    ----------
    tokens, tags : tuple of str
        The words and their PTB tags, as :func:`lexnli.text.parse_leaves` gives them.
    heads : tuple of int
        Each token's head: the 1-based position of its head word, 0 for the root.
    labels : tuple of str
        Each token's arc label, one of :data:`LABELS`.

    Raises
    ------
    ValueError
        If the lengths differ, a label is unknown, or the heads are not a tree with one root
        (labelled ``root``).
    """

    tokens: tuple[str, ...]
    tags: tuple[str, ...]
    heads: tuple[int, ...]
    labels: tuple[str, ...]

    def __post_init__(self):
        n = len(self.tokens)
        if not len(self.tags) == len(self.heads) == len(self.labels) == n:
            raise ValueError(f"tokens, tags, heads and labels differ in length: {n}, {len(self.tags)}, "
                             f"{len(self.heads)}, {len(self.labels)}")
        unknown = set(self.labels) - set(LABELS)
        if unknown:
            raise ValueError(f"unknown labels {sorted(unknown)}")
        roots = [i for i, head in enumerate(self.heads) if head == 0]
        if n and (len(roots) != 1 or self.labels[roots[0]] != "root" or self.labels.count("root") != 1):
            raise ValueError(f"a tree needs exactly one root (head 0, label 'root'), got heads {self.heads}")
        _check_acyclic(self.heads)


def _check_acyclic(heads) -> None:
    """Raise ValueError unless following heads from every token reaches 0."""
    n, reaches_root = len(heads), [False] * (len(heads) + 1)
    reaches_root[0] = True
    for start in range(1, n + 1):
        path, node = [], start
        while not reaches_root[node]:
            if not 0 <= heads[node - 1] <= n or node in path:
                raise ValueError(f"heads {heads} are not a tree (from token {start})")
            path.append(node)
            node = heads[node - 1]
        for node in path:
            reaches_root[node] = True


class _Node:
    """A constituent: ``kids`` is None for a word (its ``head`` is its 1-based position)."""

    __slots__ = ("label", "kids", "head", "passive")

    def __init__(self, label, kids, head):
        self.label, self.kids, self.head, self.passive = label, kids, head, False


_categories: dict[str, str] = {}


def _category(label: str) -> str:
    """A label without function tags (``NP-TMP`` -> ``NP``); ``-LRB-`` and the like kept."""
    category = _categories.get(label)
    if category is None:
        category = _categories[label] = label if label.startswith("-") else re.split("[-=]", label)[0] or label
    return category


def _read_tree(parse: str) -> tuple[_Node, int]:
    """The tree of a bracketed parse and its number of words; ValueError if the brackets are malformed."""
    tokens, stack, top, words, i = _TOKEN.findall(parse), [], None, 0, 0
    n = len(tokens)
    while i < n:
        token = tokens[i]
        if token == ")":
            if not stack:
                raise ValueError(f"malformed parse: a ')' closes no bracket in {parse!r}")
            node = stack.pop()
            if not node.kids:
                raise ValueError(f"malformed parse: ({node.label}) has no children in {parse!r}")
            if stack:
                stack[-1].kids.append(node)
            else:
                top = node
            i += 1
            continue
        if token != "(" or top is not None:
            raise ValueError(f"malformed parse: {token!r} outside a bracket in {parse!r}")
        label = tokens[i + 1] if i + 1 < n else ")"
        if label == ")":
            raise ValueError(f"malformed parse: empty or unclosed brackets in {parse!r}")
        i += 1 if label == "(" else 2  # "( (S ...))": the outer bracket has no label
        label = "ROOT" if label == "(" else _category(label)
        if i + 1 < n and tokens[i] not in ("(", ")") and tokens[i + 1] == ")":
            words += 1
            node = _Node(label, None, words)
            if stack:
                stack[-1].kids.append(node)
            else:
                top = node
            i += 2
        else:
            stack.append(_Node(label, [], 0))
    if stack or top is None:
        raise ValueError(f"malformed parse: {'unclosed brackets' if stack else 'no tree'} in {parse!r}")
    return top, words


def _coarse(label: str) -> str:
    """The part of speech a label heads (N, V, J, R, S) or the label: conjuncts share it."""
    if label.startswith("NN") or label in ("NP", "NX", "NML", "NAC", "PRP", "WHNP", "WP", "EX"):
        return "N"
    if label.startswith("VB") or label in ("VP", "MD"):
        return "V"
    if label.startswith("JJ") or label in ("ADJP", "WHADJP"):
        return "J"
    if label.startswith("RB") or label in ("ADVP", "WHADVP"):
        return "R"
    return "S" if label in _CLAUSES or label == "SBAR" else label


def _by_rules(label: str, kids, candidates) -> int:
    """The position of the head among ``candidates`` (positions in ``kids``) by :data:`HEAD_RULES`."""
    rules = HEAD_RULES.get(label)
    if not rules:
        return candidates[0]
    for direction, wanted in rules:
        order = candidates if direction.startswith("left") else candidates[::-1]
        if direction.endswith("dis"):
            for i in order:
                if kids[i].label in wanted:
                    return i
        else:
            for category in wanted:
                for i in order:
                    if kids[i].label == category:
                        return i
    return candidates[0] if rules[0][0].startswith("left") else candidates[-1]


def _auxiliary_complement(label: str, kids, lower, tags) -> tuple[int, bool] | None:
    """``(position, passive)`` of the VP complement of an auxiliary among ``kids``, or None.

    In a VP an NP between them makes the verb a main verb ("has his knee looked at"); in a
    question (SQ) the subject stands there. The VP is passive when a form of *be* or *get* takes
    it and its head word is a VBN, or when it is passive itself ("will be eaten").
    """
    auxiliary, passive_auxiliary = False, False
    for i, kid in enumerate(kids):
        if kid.kids is None:
            word, tag = lower[kid.head - 1], kid.label
            verb = tag.startswith("VB")
            auxiliary |= tag in ("MD", "TO") or (verb and word in AUXILIARIES)
            passive_auxiliary |= verb and (word in BE_FORMS or word in GET_FORMS)
        elif kid.label == "NP" and label == "VP":
            auxiliary, passive_auxiliary = False, False
        elif kid.label == "VP" and (auxiliary or passive_auxiliary):
            participle = tags[kid.head - 1] == "VBN"
            if auxiliary or participle:
                return i, kid.passive or (passive_auxiliary and participle)
    return None


def _find_head(label: str, kids, lower, tags) -> tuple[int, bool]:
    """``(position of the head child, passive)`` of a constituent with children ``kids``."""
    if label in ("VP", "SQ", "SINV"):
        complement = _auxiliary_complement(label, kids, lower, tags)
        if complement is not None:
            return complement
    candidates = [i for i, kid in enumerate(kids) if kid.label not in PUNCTUATION] or list(range(len(kids)))
    head = _by_rules(label, kids, candidates)
    return head, kids[head].passive


def _conjuncts(label: str, kids, head: int) -> list[tuple[int, int]] | None:
    """The ``(start, end)`` spans of ``kids`` that are conjuncts, or None if there is no coordination.

    Children are split at coordinators and punctuation (when a coordinator stands between two
    children); a span is a conjunct when it holds a child of the head child's part of speech
    (any span, in a UCP). Fewer than two conjuncts is no coordination.
    """
    if not any(kid.label in ("CC", "CONJP") for kid in kids[1:-1]):
        return None
    spans, start = [], None
    for i, kid in enumerate(kids):
        if kid.label in ("CC", "CONJP") or kid.label in PUNCTUATION:
            if start is not None:
                spans.append((start, i))
            start = None
        elif start is None:
            start = i
    if start is not None:
        spans.append((start, len(kids)))
    kind = _coarse(kids[head].label)
    spans = [(a, b) for a, b in spans if label == "UCP" or any(_coarse(kid.label) == kind for kid in kids[a:b])]
    return spans if len(spans) > 1 else None


def _subjectless(clause: _Node) -> bool:
    """Whether a clause has no NP before its first VP (a participial or infinitival clause)."""
    for kid in clause.kids or ():
        if kid.label == "NP":
            return False
        if kid.label == "VP":
            return True
    return False


def _subordinated(sbar: _Node, lower) -> bool:
    """Whether an SBAR is introduced by a subordinator (IN other than a complementizer, or WHADVP)."""
    return any((kid.label == "IN" and lower[kid.head - 1] not in COMPLEMENTIZERS) or kid.label == "WHADVP"
               for kid in sbar.kids if kid.label not in _CLAUSES)


def _label(parent: str, kids, head: int, d: int, lower, tags) -> str:
    """The label of the arc from ``kids[head]``'s head word to ``kids[d]``'s, in a ``parent`` constituent."""
    dep, category, before = kids[d], kids[d].label, d < head
    word, tag = lower[dep.head - 1], tags[dep.head - 1]
    if category in PUNCTUATION:
        return "punct"
    if category in ("CC", "CONJP"):
        return "cc"
    if word in NEGATIONS and tag in ("RB", "DT") and (dep.kids is None or category == "ADVP"):
        return "neg"
    if dep.kids is None:
        if parent == "SBAR" and category in ("IN", "DT"):
            return "mark"
        if category in _DETERMINERS:
            return "det"
        if before and kids[head].label == "VP" and (category in ("MD", "TO") or (
                category.startswith("VB") and (word in AUXILIARIES or word in GET_FORMS))):
            return "aux"
    if category in ("PP", "WHPP"):
        return "prep"
    if parent in ("PP", "WHPP"):
        return "dep" if before else "pobj"
    if parent in _NOMINALS:
        return _nominal_modifier(dep, lower)
    if parent == "SBAR":
        return _sbar_dependent(dep, kids[head])
    if category in ("NP", "WHNP"):
        return _noun_phrase_label(parent, kids, head, d, lower)
    if category == "SBAR":
        return "advcl" if _subordinated(dep, lower) else "ccomp"
    if category == "S":
        if parent == "VP":
            return "ccomp"
        return "advcl" if parent in _CLAUSES and _subjectless(dep) else "dep"
    return "dep"


def _nominal_modifier(dep: _Node, lower) -> str:
    """The label of a (non-determiner) dependent of a noun."""
    category = dep.label
    if category in _ADJECTIVES:
        return "amod"
    if category in ("VP", "RRC") or (category == "S" and _subjectless(dep)):
        return "acl"
    if category == "SBAR":
        return "advcl" if any(kid.label == "IN" and lower[kid.head - 1] not in COMPLEMENTIZERS
                              for kid in dep.kids) else "relcl"
    return "dep"


def _sbar_dependent(dep: _Node, clause: _Node) -> str:
    """The label of a WH-phrase or subordinator in an SBAR headed by ``clause``."""
    if dep.label == "WHADVP":
        return "mark"
    if dep.label == "WHNP" and clause.label in _CLAUSES:
        if _subjectless(clause):
            return "nsubjpass" if clause.passive else "nsubj"
        return "obj"
    return "dep"


def _noun_phrase_label(parent: str, kids, head: int, d: int, lower) -> str:
    """The label of an NP in a clause or VP: subject, object, or the predicate of a copula."""
    head_kid = kids[head]
    if parent in _CLAUSES:
        if d < head and not any(kid.label in ("NP", "WHNP") for kid in kids[d + 1:head]):
            return "nsubjpass" if head_kid.passive else "nsubj"
        if parent in ("SQ", "SINV") and not any(kid.label in ("NP", "WHNP") for kid in kids[:d]):
            return "nsubj"
    if d > head and parent in ("VP", "SQ", "SINV"):
        copula = head_kid.kids is None and lower[head_kid.head - 1] in BE_FORMS
        return "dep" if copula else "obj"
    return "dep"


def _attach(node: _Node, lower, tags, heads: list, labels: list) -> None:
    """Set the head word of ``node`` and attach its children's head words, the children's first."""
    kids = node.kids
    for kid in kids:
        if kid.kids is not None:
            _attach(kid, lower, tags, heads, labels)
    head, node.passive = _find_head(node.label, kids, lower, tags)
    spans = _conjuncts(node.label, kids, head) if len(kids) > 2 else None
    if spans is None:
        node.head = kids[head].head
        _attach_span(node.label, kids, head, range(len(kids)), lower, tags, heads, labels)
        return
    inside = set()
    for n, (start, end) in enumerate(spans):
        span = kids[start:end]
        span_head, passive = _find_head(node.label, span, lower, tags)
        _attach_span(node.label, span, span_head, range(len(span)), lower, tags, heads, labels)
        if n == 0:
            node.head, node.passive, head = span[span_head].head, passive, start + span_head
        else:
            heads[span[span_head].head - 1], labels[span[span_head].head - 1] = node.head, "conj"
        inside.update(range(start, end))
    _attach_span(node.label, kids, head, [i for i in range(len(kids)) if i not in inside], lower, tags, heads,
                 labels)


def _attach_span(parent: str, kids, head: int, positions, lower, tags, heads: list, labels: list) -> None:
    """Attach the head words of ``kids`` at ``positions`` (but ``head``) to ``kids[head]``'s head word."""
    head_word = kids[head].head
    for d in positions:
        if d != head:
            word = kids[d].head - 1
            heads[word], labels[word] = head_word, _label(parent, kids, head, d, lower, tags)
    if not any(kid.label in ("CC", "CONJP") for kid in kids):
        return
    for first, members, joiners in _coordinated_dependents(kids, head, set(positions)):
        first_word = kids[first].head
        for d in members:
            heads[kids[d].head - 1], labels[kids[d].head - 1] = first_word, "conj"
        for d in joiners:
            heads[kids[d].head - 1] = first_word


def _coordinated_dependents(kids, head: int, positions: set):
    """``(first, other members, joiners)`` of each coordination of dependents ("rides a bike and a car").

    Around each coordinator, the children of one part of speech (:func:`_coarse`) separated only
    by commas and coordinators are conjuncts, the first heading, unless one of them is the head
    child (then the constituent itself is the coordination, see :func:`_conjuncts`).
    """
    joiners = ("CC", "CONJP", ",")
    for i in range(1, len(kids) - 1):
        kind = _coarse(kids[i + 1].label)
        if kids[i].label not in ("CC", "CONJP") or kids[i + 1].label in PUNCTUATION or kind in joiners:
            continue
        start = i - 1
        while start > 0 and kids[start].label == ",":
            start -= 1
        if _coarse(kids[start].label) != kind:
            continue
        while start > 1 and kids[start - 1].label in joiners and _coarse(kids[start - 2].label) == kind:
            start -= 2
        span = range(start, i + 2)
        if head in span or not positions.issuperset(span):
            continue
        yield start, [d for d in span[1:] if kids[d].label not in joiners], [
            d for d in span[1:] if kids[d].label in joiners]


def from_parse(parse: str) -> DependencyTree:
    """The labelled dependency tree of a bracketed PTB parse (as SNLI's ``sentence1_parse``).

    Parameters
    ----------
    parse : str
        A Stanford-style bracketing, e.g. ``(ROOT (S (NP (DT A) (NN man)) (VP (VBZ sleeps)) (. .)))``.

    Returns
    -------
    DependencyTree
        Tokens and tags as :func:`lexnli.text.parse_leaves` gives them, heads and labels.

    Raises
    ------
    ValueError
        If the brackets are malformed.

    Examples
    --------
    >>> tree = from_parse("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ sleeps)) (. .)))")
    >>> tree.heads, tree.labels
    ((2, 3, 0, 3), ('det', 'nsubj', 'root', 'punct'))
    """
    top, words = _read_tree(parse)
    tokens, tags = parse_leaves(parse)
    if len(tokens) != words:
        raise ValueError(f"malformed parse: its words are not all (TAG word) leaves in {parse!r}")
    lower = [token.lower() for token in tokens]
    heads, labels = [0] * words, ["dep"] * words
    if top.kids is not None:
        _attach(top, lower, tags, heads, labels)
    heads[top.head - 1], labels[top.head - 1] = 0, "root"
    return DependencyTree(tokens, tags, tuple(heads), tuple(labels))
