"""Pairs from columns: a pandas DataFrame, a dict of columns, or a Hugging Face ``datasets`` table.

The columns are named as a pair file's fields are (:mod:`lexnli.corpora.fields`): ``premise`` and
``hypothesis`` (the Hugging Face SNLI and MNLI layout) or ``sentence1`` and ``sentence2``, the gold
label ``label`` (0 entailment, 1 neutral, 2 contradiction, -1 no gold label) or ``gold_label``
(SNLI's strings); ``columns=`` names other sentence columns. Each row is checked as a line of a pair
file is (:func:`lexnli.corpora.snli.pending_pair`), and the sentences are tokenized and tagged in
batches, as :func:`lexnli.text.make_sentences` does for raw text.
"""
from __future__ import annotations

import pandas as pd

from ..errors import CorpusFormatError
from ..records import Pair
from .fields import INTEGER_LABELS, LABEL_FIELDS, label_field, missing_sentences, sentence_fields
from .lines import build_pairs
from .snli import pending_pair

#: The label ids of the Hugging Face ``datasets`` SNLI and MNLI layout (-1: no gold label).
HF_SNLI_LABELS = INTEGER_LABELS
#: Where the pairs come from, in error messages.
SOURCE = "DataFrame"


def as_frame(table) -> pd.DataFrame:
    """``table`` as a DataFrame: a DataFrame as is, a ``datasets.Dataset`` through ``to_pandas``, a dict of columns."""
    if isinstance(table, pd.DataFrame):
        return table
    if hasattr(table, "to_pandas"):
        return table.to_pandas()
    if isinstance(table, dict):
        return pd.DataFrame(table)
    raise TypeError(f"expected a DataFrame, a datasets.Dataset or a dict of columns, got {type(table).__name__}")


def text_columns(frame: pd.DataFrame, columns=None) -> tuple[str, str]:
    """The premise and hypothesis columns of ``frame``: ``columns`` when given, else ``sentence1`` and
    ``sentence2`` or ``premise`` and ``hypothesis``; a :class:`CorpusFormatError` names what is missing."""
    if columns is None:
        found = sentence_fields(frame.columns)
        if found is None:
            raise CorpusFormatError(SOURCE, None, missing_sentences(list(frame.columns)))
        return found
    premise, hypothesis = columns
    missing = [c for c in (premise, hypothesis) if c not in frame.columns]
    if missing:
        raise CorpusFormatError(SOURCE, None, f"no column {missing[0]!r} (columns: {list(frame.columns)}); "
                                              f"columns=(PREMISE, HYPOTHESIS) names the sentence columns")
    return premise, hypothesis


def frame_texts(table, columns=None) -> list[tuple[str, str]]:
    """The ``(premise, hypothesis)`` strings of each row (:func:`text_columns` says which columns); a
    non-string cell is a :class:`CorpusFormatError` naming its row (its position, counted from 0) and column."""
    frame = as_frame(table)
    names = text_columns(frame, columns)
    texts = list(zip(frame[names[0]].tolist(), frame[names[1]].tolist()))
    for row, pair in enumerate(texts):
        for column, text in zip(names, pair):
            if not isinstance(text, str):
                raise CorpusFormatError(SOURCE, row, f"column {column!r} holds {text!r}, not a string", unit="row")
    return texts


def read_frame(table, columns=None, label: str | None = None, keep_unlabeled: bool = False) -> list[Pair]:
    """Pairs, with their gold labels, from a DataFrame or the Hugging Face SNLI layout.

    Parameters
    ----------
    table : DataFrame, datasets.Dataset or dict of columns
        One row per pair.
    columns : (str, str) or None, default=None
        The columns holding the two sentences; ``None``: ``sentence1`` and ``sentence2``, or
        ``premise`` and ``hypothesis``.
    label : str or None, default=None
        The gold-label column (integers of :data:`HF_SNLI_LABELS` or SNLI's label strings);
        ``None``: ``gold_label`` or ``label``, and unlabelled pairs when the table has neither.
    keep_unlabeled : bool, default=False
        Keep rows without a gold label (-1 or "-"); by default they are left out, as the
        SNLI reader leaves out "-" pairs.
    """
    frame = as_frame(table)
    premise, hypothesis = text_columns(frame, columns)
    label = label if label is not None else label_field(frame.columns)
    if label is not None and label not in frame.columns:
        raise CorpusFormatError(SOURCE, None, f"no label column {label!r} (columns: {list(frame.columns)})")
    # each row as a record under the columns' own names where a pair file would have them
    names = (premise, hypothesis) if sentence_fields([premise, hypothesis]) else ("premise", "hypothesis")
    names += (label if label in LABEL_FIELDS else "label",)
    labels = frame[label].tolist() if label is not None else [None] * len(frame)
    rows = zip(frame[premise].tolist(), frame[hypothesis].tolist(), labels)
    pending = (pending_pair(dict(zip(names, row)), SOURCE, position, unit="row") for position, row in enumerate(rows))
    pairs = build_pairs(pending)
    return [pair for pair in pairs if keep_unlabeled or pair.label is not None]
