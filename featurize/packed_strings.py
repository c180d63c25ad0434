"""A list of strings as one UTF-8 byte string and an array of their lengths, for saving.

A saved vocabulary names hundreds of thousands of features. skops (:mod:`classifiers.persistence`)
writes a list of strings node by node into its JSON schema, a hundred-odd bytes of schema per
string, and reads it back node by node: most of a model file's size and loading time. Bytes and
an integer array are each one member of its archive, read whole.

>>> text, lengths = pack(["hyp_unigrams:dog", "über", ""])
>>> unpack(text, lengths)
['hyp_unigrams:dog', 'über', '']
"""
from __future__ import annotations

from itertools import accumulate

import numpy as np


def pack(strings) -> tuple[bytes, np.ndarray]:
    """``strings`` as their UTF-8 text laid end to end and each one's length in characters (in the smallest
    unsigned integer type that holds the longest)."""
    strings = list(strings)
    lengths = np.fromiter(map(len, strings), dtype=np.int64, count=len(strings))
    return "".join(strings).encode("utf-8"), lengths.astype(np.min_scalar_type(lengths.max(initial=0)))


def unpack(text: bytes, lengths: np.ndarray) -> list[str]:
    """The strings :func:`pack` packed into ``text`` and ``lengths``."""
    joined = text.decode("utf-8")
    lengths = np.asarray(lengths).tolist()
    if sum(lengths) != len(joined):
        raise ValueError(f"packed strings: lengths add up to {sum(lengths)} characters, the text has {len(joined)}")
    ends = list(accumulate(lengths))
    return [joined[end - n:end] for n, end in zip(lengths, ends)]
