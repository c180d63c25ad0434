"""Pairs from columns: a pandas DataFrame, a dict of columns, or a Hugging Face ``datasets`` table.

The Hugging Face SNLI layout is ``premise``, ``hypothesis`` and an integer ``label`` (0
entailment, 1 neutral, 2 contradiction, -1 no gold label); labels may also be SNLI's strings.
Sentences are tokenized and tagged in one batch, as :func:`lexnli.text.make_sentences` does for raw text.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..errors import CorpusFormatError
from ..records import LABELS, Pair
from ..text import make_sentences

#: The label ids of the Hugging Face ``datasets`` SNLI layout (-1: no gold label).
HF_SNLI_LABELS = {0: "entailment", 1: "neutral", 2: "contradiction", -1: None}
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


def _label(value, row) -> str | None:
    if isinstance(value, str):
        if value in LABELS or value == "-":
            return None if value == "-" else value
    elif not isinstance(value, (bool, np.bool_)) and pd.notna(value) and float(value).is_integer() \
            and int(value) in HF_SNLI_LABELS:  # True is no class number
        return HF_SNLI_LABELS[int(value)]
    raise CorpusFormatError(SOURCE, None, f"row {row}: label {value!r} is none of {sorted(HF_SNLI_LABELS)} or {LABELS}")


def frame_texts(table, premise: str = "premise", hypothesis: str = "hypothesis") -> list[tuple[str, str]]:
    """The ``(premise, hypothesis)`` strings of each row; a missing column or non-string cell is an error.

    Errors are :class:`CorpusFormatError` naming the row (its position, counted from 0) and column.
    """
    frame = as_frame(table)
    missing = [c for c in (premise, hypothesis) if c not in frame.columns]
    if missing:
        raise CorpusFormatError(SOURCE, None, f"no column {missing[0]!r} (columns: {list(frame.columns)}); "
                                              f"name the premise and hypothesis columns")
    texts = list(zip(frame[premise].tolist(), frame[hypothesis].tolist()))
    for row, pair in enumerate(texts):
        for column, text in zip((premise, hypothesis), pair):
            if not isinstance(text, str):
                raise CorpusFormatError(SOURCE, None, f"row {row}: column {column!r} holds {text!r}, not a string")
    return texts


def read_frame(table, premise: str = "premise", hypothesis: str = "hypothesis",
               label: str | None = "label", keep_unlabeled: bool = False) -> list[Pair]:
    """Pairs (with gold labels when ``label`` names a column) from a DataFrame or the Hugging Face SNLI layout.

    Parameters
    ----------
    table : DataFrame, datasets.Dataset or dict of columns
        One row per pair.
    premise, hypothesis : str
        The columns holding the two sentences.
    label : str or None, default="label"
        The gold-label column (integers of :data:`HF_SNLI_LABELS` or SNLI's label strings);
        ``None`` (or a table without it) reads unlabelled pairs.
    keep_unlabeled : bool, default=False
        Keep rows without a gold label (-1 or "-"); by default they are left out, as the
        SNLI reader leaves out "-" pairs.
    """
    frame = as_frame(table)
    texts = frame_texts(frame, premise, hypothesis)
    labels = [_label(v, row) for row, v in enumerate(frame[label].tolist())] \
        if label is not None and label in frame.columns else [None] * len(texts)
    keep = keep_unlabeled or label is None or label not in frame.columns
    kept = [(pair, y) for pair, y in zip(texts, labels) if keep or y is not None]
    sentences = iter(make_sentences([(text, None) for pair, _ in kept for text in pair]))
    return [Pair(next(sentences), next(sentences), label=y) for _, y in kept]
