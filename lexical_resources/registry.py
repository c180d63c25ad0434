"""The relation registry: every source of word relations declares, next to its data, what it gives.

A *relation source* is a function that reads a premise word and a hypothesis word and answers with
the relation of the hypothesis word to the premise word, or None. It is declared with
:func:`relation_source`, which records

* its name (shown in explanations), and its ``order``: sources are asked in increasing order,
  and the first answer wins;
* the word classes it reads (``reads``, WordNet's ``'n'``, ``'v'``, ``'a'``, ``'r'``): it is
  asked only when both words' tags are of those classes (``both=False``: either word's), or
  about any two tokens, tagged or not, with ``reads=None``;
* the words it is given (``arguments``: names of
  :class:`~lexical_resources.relations.Words` attributes, the two lemmas by default);
* optionally what it ``needs`` of each word alone (a function of a
  :class:`~lexical_resources.relations.Word`, true when the word could take part in one of its
  answers: it is in the source's list, it names a place, ...): a necessary condition read off the
  source's code, the source answering None about two words unless both meet it. It is worked out
  once per word, and a pair is asked only of the sources both its words meet the needs of; the
  tests check each against its source;
* the relations it introduces (:class:`Relation`): each with its class (what substituting the
  hypothesis word for the premise word does to entailment: :data:`EQUAL` and :data:`GENERAL`
  keep it, :data:`SPECIFIC` adds information, :data:`CONFLICT` contradicts), its rank among the
  relations of that class (lower is preferred when a hypothesis word could align to several
  premise words) and its inverse (the relation read the other way round; none for a symmetric
  relation). A source may also answer with a relation another source introduced (*cohyponym*).

:func:`relations_table` builds every table the features read (classes, order, inverses, sources)
from the declarations, and :class:`~lexical_resources.relations.WordRelations` asks the sources in
order. ``python -m lexical_resources --list`` prints them.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

#: The classes of relations, in the order the alignment prefers them.
EQUAL, GENERAL, CONFLICT, SPECIFIC = "equal", "general", "conflict", "specific"
CLASSES = (EQUAL, GENERAL, CONFLICT, SPECIFIC)

#: Word classes (WordNet's parts of speech) a source may read.
NOUN = frozenset("n")
VERB = frozenset("v")
NOMINAL = frozenset("an")  # nouns and adjectives: a nationality is tagged JJ or NNP
ANY_CLASS = frozenset("anvr")


class _Unrelated:
    """What a source answers when it has decided that the words are unrelated: no later source is asked."""

    def __repr__(self) -> str:
        return "UNRELATED"


UNRELATED = _Unrelated()


class Relation(NamedTuple):
    """One relation a source introduces: its name, class, rank within the class, inverse and source.

    ``source`` names the resource in explanations when it is not the declaring source's name.
    """

    name: str
    relation_class: str
    rank: int
    inverse: str | None = None
    source: str | None = None


class RelationSource(NamedTuple):
    """A declared source: see :func:`relation_source`."""

    name: str
    order: int
    function: Callable
    reads: frozenset | None
    both: bool
    arguments: tuple[str, ...]
    relations: tuple[Relation, ...]
    needs: Callable | None = None

    def reads_classes(self, premise_class: str, hypothesis_class: str) -> bool:
        """Whether the source is asked about two words of these classes."""
        if self.reads is None:
            return True
        if not premise_class or not hypothesis_class:  # a closed class (a determiner, a preposition)
            return False
        if self.both:
            return premise_class in self.reads and hypothesis_class in self.reads
        return premise_class in self.reads or hypothesis_class in self.reads

    def may_read(self, word_class: str) -> bool:
        """Whether the source may be asked about a word of this class (with a word of some class)."""
        if self.reads is None:
            return True
        return bool(word_class) and (word_class in self.reads or not self.both)

    @property
    def description(self) -> str:
        """The first paragraph of the source function's docstring, on one line."""
        return " ".join((self.function.__doc__ or "").strip().split("\n\n")[0].split())


#: Every declared source, in the order of declaration (see :func:`sources`).
_DECLARED: list[RelationSource] = []


def relation_source(name: str, *, order: int, reads: frozenset | None, relations=(), both: bool = True,
                    arguments=("premise_lemma", "hypothesis_lemma"), needs: Callable | None = None):
    """Declare the decorated function a relation source (see the module docstring); it is returned unchanged.

    >>> from lexical_resources.registry import CONFLICT, NOUN, Relation, relation_source, sources
    >>> @relation_source("sky", order=1, reads=NOUN, relations=(Relation("sky_different", CONFLICT, 1),))
    ... def sky(premise_lemma, hypothesis_lemma):
    ...     '''A clear sky is no cloudy one.'''
    ...     return "sky_different" if {premise_lemma, hypothesis_lemma} == {"clear", "cloudy"} else None
    >>> [s.name for s in sources()].count("sky")
    1
    >>> _forget("sky")
    """
    if reads is not None and not reads <= ANY_CLASS:
        raise ValueError(f"relation source {name!r}: reads {sorted(reads)}, not word classes of {sorted(ANY_CLASS)}")
    for relation in relations:
        if relation.relation_class not in CLASSES:
            raise ValueError(f"relation {relation.name!r} of source {name!r}: class {relation.relation_class!r} "
                             f"is not one of {CLASSES}")

    def declare(function: Callable) -> Callable:
        _DECLARED.append(RelationSource(name, order, function, reads, both, tuple(arguments), tuple(relations),
                                        needs))
        return function
    return declare


def _forget(name: str) -> None:
    """Drop the sources called ``name`` (for examples and tests that declare one)."""
    _DECLARED[:] = [source for source in _DECLARED if source.name != name]


def sources() -> tuple[RelationSource, ...]:
    """The declared sources in the order they are asked; two sources of one order are an error."""
    ordered = tuple(sorted(_DECLARED, key=lambda source: source.order))
    for first, second in zip(ordered, ordered[1:]):
        if first.order == second.order:
            raise ValueError(f"relation sources {first.name!r} and {second.name!r} have the same order {first.order}")
    return ordered


class RelationsTable(NamedTuple):
    """The tables built from the declarations (see :func:`relations_table`)."""

    classes: dict[str, str]
    order: tuple[str, ...]
    inverses: dict[str, str]
    sources: dict[str, str]


def relations_table(declared=None) -> RelationsTable:
    """Each relation's class, the order of preference (by class, then rank), the inverses (both
    ways) and the resource behind each relation, from the declared sources (or ``declared``).

    Raises ValueError when a relation is declared twice, two relations of one class share a rank,
    or an inverse is no declared relation or names another inverse.
    """
    relations: dict[str, Relation] = {}
    resource: dict[str, str] = {}
    for source in sources() if declared is None else declared:
        for relation in source.relations:
            if relation.name in relations:
                raise ValueError(f"relation {relation.name!r} is declared twice (source {source.name!r})")
            relations[relation.name] = relation
            resource[relation.name] = relation.source or source.name
    ranked = sorted(relations.values(), key=lambda r: (CLASSES.index(r.relation_class), r.rank))
    for first, second in zip(ranked, ranked[1:]):
        if (first.relation_class, first.rank) == (second.relation_class, second.rank):
            raise ValueError(f"relations {first.name!r} and {second.name!r} share rank {first.rank} "
                             f"in class {first.relation_class!r}")
    inverses = {}
    for relation in relations.values():
        if relation.inverse is None:
            continue
        other = relations.get(relation.inverse)
        if other is None or other.inverse not in (None, relation.name):
            raise ValueError(f"relation {relation.name!r}: inverse {relation.inverse!r} is not a relation "
                             f"whose inverse it is")
        inverses[relation.name], inverses[other.name] = other.name, relation.name
    return RelationsTable({r.name: r.relation_class for r in ranked}, tuple(r.name for r in ranked), inverses,
                          resource)
