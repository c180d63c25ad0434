"""Pretrained word vectors (GloVe's text format): fetched, read for a vocabulary, kept as a filtered copy.

GloVe 840B 300d is a 2 GB zip holding one text file, one word a line followed by its 300
numbers (a few of its "words" contain spaces, so the numbers are counted from the end). Reading
it means parsing every line: :func:`cached_word_vectors` does it once per process for the words
asked for, and :func:`write_word_vectors` saves the vectors of the words a model needs, so that
later runs read only that small copy.
"""
from __future__ import annotations

import gzip
import io
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from lexnli.data_home import fetch_file
from lexnli.errors import CorpusFormatError
from lexnli.io import atomic_open, existing_file, open_bytes

GLOVE_URL = "https://nlp.stanford.edu/data/glove.840B.300d.zip"
GLOVE_FILE = "glove.840B.300d.zip"


def fetch_glove(sha256: str, data_home=None, *, url: str = GLOVE_URL, download_if_missing: bool = True,
                progress: bool = True) -> Path:
    """The GloVe 840B 300d zip in the data home, downloaded (checksum-verified, atomically) if missing.

    ``sha256`` is the digest of your copy's zip: the GloVe site publishes none, and none was
    checked from the machines this toolkit was built on (no internet there), so lexnli cannot
    supply one. See :func:`lexnli.data_home.fetch_file` for ``data_home``, ``download_if_missing``
    and ``progress``.
    """
    return fetch_file(GLOVE_FILE, url, sha256, data_home, download_if_missing=download_if_missing, progress=progress)


def _text_lines(path: Path):
    """The lines of a word-vector file: text, gzipped text, or a zip holding one text file."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            members = [m for m in archive.namelist() if not m.endswith("/")]
            if len(members) != 1:
                raise CorpusFormatError(path, None, f"a word-vector zip holds one file, this one {len(members)}")
            with archive.open(members[0]) as member:
                yield from io.TextIOWrapper(member, encoding="utf-8", errors="replace")
        return
    with open_bytes(path) as raw:
        yield from io.TextIOWrapper(raw, encoding="utf-8", errors="replace")


def read_word_vectors(path, words=None) -> dict[str, np.ndarray]:
    """``{word: float32 vector}`` from a GloVe-format file, only for ``words`` if given.

    Raises
    ------
    FileNotFoundError
        ``path`` does not exist.
    CorpusFormatError
        A line is not a word and numbers, or its width differs from the first line's (the
        message names the file and line).
    """
    path = existing_file(path, "word-vector file")
    wanted = None if words is None else set(words)
    vectors, width = {}, None
    for number, line in enumerate(_text_lines(path), 1):
        fields = line.rstrip("\n").rstrip(" ").split(" ")
        if width is None:
            width = len(fields) - 1
            if width < 1:
                raise CorpusFormatError(path, number, "expected a word followed by its vector's numbers")
        word = " ".join(fields[:-width])
        if len(fields) <= width or not word:
            raise CorpusFormatError(path, number, f"expected a word and {width} numbers, got {len(fields)} fields")
        if wanted is not None and word not in wanted:
            continue
        try:
            vectors[word] = np.array(fields[-width:], dtype=np.float32)
        except ValueError:
            raise CorpusFormatError(path, number, f"the {width} fields after {word!r} are not all numbers") from None
    return vectors


@dataclass
class _ReadSoFar:
    """What :func:`cached_word_vectors` has read from one file: the words asked for and those found."""

    file: tuple  # (resolved path, size, modification time): another value means another file
    asked: set = field(default_factory=set)
    vectors: dict = field(default_factory=dict)


_read_so_far: _ReadSoFar | None = None


def cached_word_vectors(path, words) -> dict[str, np.ndarray]:
    """:func:`read_word_vectors` for ``words``, parsing the file again only for words not asked for before.

    A process that fits several models from one file (one per encoder, on subsamples, on another
    corpus) reads it once when the first request covers every word (as :mod:`experiments.neural`'s
    does), else once per request that adds words. What is kept is bounded: one file (the last one
    asked for; a change of its size or modification time drops it) and only the vectors of the
    words asked for. The vectors come in the order read (the file's, for words asked for at
    once); the arrays are the kept ones: copy before changing them.
    """
    global _read_so_far
    path = existing_file(path, "word-vector file")
    stat = path.stat()
    file = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    if _read_so_far is None or _read_so_far.file != file:
        _read_so_far = _ReadSoFar(file)
    words = set(words)
    new = words - _read_so_far.asked
    if new:
        _read_so_far.vectors.update(read_word_vectors(path, new))
        _read_so_far.asked |= new
    return {word: vector for word, vector in _read_so_far.vectors.items() if word in words}


def word_vector_bytes(vectors: dict[str, np.ndarray], gzipped: bool) -> bytes:
    """``vectors`` in GloVe's text format, gzipped (reproducibly: no time stamp) or not."""
    data = "".join(word + " " + " ".join(f"{v:.6g}" for v in vector) + "\n" for word, vector in vectors.items())
    return gzip.compress(data.encode("utf-8"), mtime=0) if gzipped else data.encode("utf-8")


def write_word_vectors(path, vectors: dict[str, np.ndarray]) -> Path:
    """Write ``vectors`` to ``path`` in GloVe's text format (gzipped if the name ends in ``.gz``), atomically."""
    with atomic_open(path, "wb") as out:
        out.write(word_vector_bytes(vectors, str(path).endswith(".gz")))
    return Path(path)
