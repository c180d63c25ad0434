"""The fields of a pair as every reader takes them: the two sentences and the gold label under either
of their names, and integer labels in the Hugging Face SNLI/MNLI convention.

A line (JSON, or a row of a ``.tsv``/``.csv`` file with a header) or a table row holds the sentences
as ``sentence1`` and ``sentence2`` (SNLI's names) or ``premise`` and ``hypothesis`` (Hugging Face's),
and its gold label as ``gold_label`` or ``label``: a label name, ``-`` (no gold label), or an
integer, 0 entailment, 1 neutral, 2 contradiction and -1 no gold label.
"""
from __future__ import annotations

import math
import numbers
import re


#: The names the two sentences may have, SNLI's first.
SENTENCE_FIELDS = (("sentence1", "sentence2"), ("premise", "hypothesis"))
#: The names the gold label may have, SNLI's first.
LABEL_FIELDS = ("gold_label", "label")
#: Every name :func:`is_header` recognizes a header row by.
KNOWN_FIELDS = frozenset(name for names in SENTENCE_FIELDS for name in names) | set(LABEL_FIELDS)
#: The integer labels of the Hugging Face SNLI and MNLI tables (-1: no gold label, SNLI's "-").
INTEGER_LABELS = {0: "entailment", 1: "neutral", 2: "contradiction", -1: None}
#: SNLI's gold label of a pair whose annotators agreed on none.
UNLABELED = "-"
#: What a message says the sentence fields may be named.
ACCEPTED_SENTENCES = "sentence1 and sentence2, or premise and hypothesis"
#: What a message says the label field may be named.
ACCEPTED_LABELS = "gold_label or label"
#: How a message says what an integer label means.
INTEGER_CONVENTION = "0 entailment, 1 neutral, 2 contradiction, -1 none"
_INTEGER = re.compile(r"-?[0-9]+")


def sentence_fields(names) -> tuple[str, str] | None:
    """The names of the premise and hypothesis among ``names`` (SNLI's first), or None.

    >>> sentence_fields(["label", "premise", "hypothesis"]), sentence_fields(["sentence1"])
    (('premise', 'hypothesis'), None)
    """
    return next((pair for pair in SENTENCE_FIELDS if all(name in names for name in pair)), None)


def label_field(names) -> str | None:
    """The name of the gold label among ``names`` (``gold_label`` first), or None."""
    return next((name for name in LABEL_FIELDS if name in names), None)


def is_header(values) -> bool:
    """Whether the first row of a delimited file is a header: it holds a field name lexnli knows.

    >>> is_header(["premise", "hypothesis"]), is_header(["A man sleeps.", "A man is awake."])
    (True, False)
    """
    return any(value.strip() in KNOWN_FIELDS for value in values)


def missing_sentences(present) -> str:
    """The message for a record or table without the sentence fields; ``present``: the names it has."""
    shown = ", ".join(map(str, present)) or "none"
    return (f"no sentence fields: expected {ACCEPTED_SENTENCES} (fields found: {shown}); in Python, "
            f"columns=(PREMISE, HYPOTHESIS) names others")


def gold_label(value) -> str:
    """A gold label as SNLI writes it: a label name as is, :data:`UNLABELED` for none (``-``, empty,
    missing, NaN), an integer of :data:`INTEGER_LABELS` (or its digits, as a ``.tsv`` holds it) as its
    name. Anything else (a boolean, another number, another type) is a ValueError; a name is not
    checked here.

    >>> gold_label(0), gold_label("2"), gold_label(-1), gold_label(1.0), gold_label("neutral")
    ('entailment', 'contradiction', '-', 'neutral', 'neutral')
    """
    if value is None or value == "" or (isinstance(value, float) and math.isnan(value)):
        return UNLABELED
    if isinstance(value, str):
        if not _INTEGER.fullmatch(value):
            return value
        value = int(value)
    integral = isinstance(value, numbers.Integral) or (isinstance(value, float) and value.is_integer())
    if isinstance(value, bool) or not integral or int(value) not in INTEGER_LABELS:  # True is no class number
        raise ValueError(f"{value!r} is not a label (a name, '-', or an integer: {INTEGER_CONVENTION})")
    label = INTEGER_LABELS[int(value)]
    return UNLABELED if label is None else label
