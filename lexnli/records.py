"""Typed records for sentence pairs: what the corpus readers yield and what featurizers consume."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .dependencies import DependencyTree

#: The three SNLI classes, in the column order every model and table uses.
LABELS = ("entailment", "contradiction", "neutral")
#: The two classes of the two-class task (RTE's; SNLI's neutral and contradiction collapse into the second).
ENTAILMENT = "entailment"
NON_ENTAILMENT = "non-entailment"
TWO_CLASS_LABELS = (ENTAILMENT, NON_ENTAILMENT)
#: The spellings of the second two-class label that challenge sets and RTE use (GLUE's ``not_entailment``).
NON_ENTAILMENT_SPELLINGS = (NON_ENTAILMENT, "not_entailment", "non_entailment")
#: SNLI's splits.
SNLI_SPLITS = ("train", "dev", "test")


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence: its raw text, tokens and POS tags (aligned), and the parse it came from.

    ``tokens`` and ``tags`` always have the same length. ``parse`` is the bracketed Stanford
    PCFG parse when the corpus provides one, else ``None``. ``lemmas`` is filled only when the
    reader is asked for lemmas. ``tree`` is the sentence's dependency tree when it was read by the
    syntax model (:mod:`lexnli.syntax`; its tokens keep their case), else ``None``.
    """

    text: str
    tokens: tuple[str, ...]
    tags: tuple[str, ...]
    parse: str | None = None
    lemmas: tuple[str, ...] | None = None
    tree: DependencyTree | None = None

    def __post_init__(self):
        if len(self.tokens) != len(self.tags):
            raise ValueError(
                f"tokens and tags differ in length ({len(self.tokens)} != {len(self.tags)}) "
                f"for sentence {self.text!r}"
            )
        if self.lemmas is not None and len(self.lemmas) != len(self.tokens):
            raise ValueError(f"lemmas and tokens differ in length for sentence {self.text!r}")
        if self.tree is not None and len(self.tree.tokens) != len(self.tokens):
            raise ValueError(f"the tree and the tokens differ in length for sentence {self.text!r}")


@dataclass(frozen=True, slots=True)
class Pair:
    """A premise/hypothesis pair with its gold label (``None`` when unknown or "-")."""

    premise: Sentence
    hypothesis: Sentence
    label: str | None = None
    pair_id: str | None = None
    caption_id: str | None = None
    annotator_labels: tuple[str, ...] = field(default_factory=tuple)
