"""WordNet's lemma index and morphology, read from its files without loading NLTK's reader.

NLTK's ``WordNetCorpusReader`` parses every line of the four index files into a dictionary when it
is built (about 1.5 s, most of what a first pair from the shell waited for). :class:`WordNetIndex`
finds a lemma's line by binary search over the index file, whose lines are sorted by lemma (as
WordNet's own library, ``bin_search``, finds them), and parses only the lines it is asked for. After
:data:`SEARCHES_BEFORE_DICT` searches of one file (a bulk job, not one pair), it keeps that file's
lines by lemma in a dictionary instead (one split of the file, about 60 ms for the four).

What it answers is what NLTK's reader answers, from the same files: the synset offsets of a lemma
in a part of speech, in the index's order (``'s'``, a satellite adjective, being the offsets of
``index.adj`` whose synset in ``data.adj`` is a satellite, as NLTK reads them), and every base form
of a word (NLTK's and WordNet's ``morphy``: the exception list, else one pass of the
:data:`DETACHMENTS` rules, each form kept if the index has it). A test compares both with NLTK's
reader on every part of speech of 820 words.

>>> DETACHMENTS["a"]
(('er', ''), ('est', ''), ('er', 'e'), ('est', 'e'))
"""
from __future__ import annotations

import bisect
import hashlib
import posixpath
import sys
from pathlib import Path

import numpy as np

from .load_cache import cached_arrays
from .nltk_data import ZipEntry

#: The parts of speech whose base forms a word with no part of speech is read in, in order.
POS_ORDER = ("n", "v", "a", "r")
#: The file suffix of each part of speech (``'s'``, the satellite adjectives, live in the adjective files).
FILE_SUFFIXES = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
#: WordNet's rules of detachment (morphy(7WN)): a word ending in the first string may be a form of the
#: word ending in the second instead. Listed in NLTK's order, which decides which base form comes first.
DETACHMENTS = {
    "n": (("s", ""), ("ses", "s"), ("ves", "f"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
DETACHMENTS["s"] = DETACHMENTS["a"]
#: Lookups in one index file answered by binary search (about 7 µs each) before its lines are kept in a
#: dictionary by lemma (:func:`_lines_by_lemma`, about 60 ms for the noun index): a one-pair call
#: makes tens, featurizing a file tens of thousands.
SEARCHES_BEFORE_DICT = 2_000


class WordNetIndex:
    """The lemma index, exception lists and data files of one WordNet, read lazily.

    Parameters
    ----------
    root : str, path-like or lexnli.nltk_data.ZipEntry
        The folder holding WordNet's database files (``index.noun``, ``data.noun``, ``noun.exc``...):
        on disk, or inside a zip file, as :func:`lexnli.nltk_data.wordnet_root` finds it.
    """

    def __init__(self, root):
        self.root = root if isinstance(root, ZipEntry) else Path(root)
        self._files: dict[str, bytes] = {}
        self._indexes: dict[str, _IndexFile] = {}
        self._offsets: dict[tuple[str, str], tuple[int, ...]] = {}  # lemmas the index has: bounded by WordNet
        self._exceptions: dict[str, dict[str, tuple[str, ...]]] = {}

    def file(self, name: str) -> bytes:
        """The bytes of WordNet's file ``name`` (``'data.noun'``), read once: from a zip, through the load
        cache (:func:`_unzipped`)."""
        data = self._files.get(name)
        if data is None:
            path = self.root.joinpath(name)
            data = self._files[name] = _unzipped(path) if isinstance(path, ZipEntry) else path.read_bytes()
        return data

    def read_files(self) -> None:
        """Read every file a lookup may need now (each part of speech's index, data file and exception
        list, and ``lexnames``), not on first use: before a benchmark's clock starts, say."""
        for suffix in dict.fromkeys(FILE_SUFFIXES.values()):
            self._index_line("", suffix)
            self.file(f"data.{suffix}")
            self._exception_list(suffix)
        self.file("lexnames")

    def offsets(self, lemma: str, pos: str) -> tuple[int, ...]:
        """The byte offsets in ``pos``'s data file of ``lemma``'s synsets, most frequent first (the
        order of the index); empty for a lemma the index has not in ``pos``."""
        key = (lemma, pos)
        found = self._offsets.get(key)
        if found is None:
            line = self._index_line(lemma, FILE_SUFFIXES[pos])
            if line is None:
                return ()
            found = _line_offsets(line)
            if pos == "s":
                found = tuple(offset for offset in found if self._is_satellite(offset))
            self._offsets[key] = found
        return found

    def has(self, lemma: str, pos: str) -> bool:
        """Whether the index lists ``lemma`` in ``pos`` (for ``'s'``: in the adjective index, as NLTK's
        map holds a satellite entry, maybe empty, for every adjective)."""
        return self._index_line(lemma, FILE_SUFFIXES[pos]) is not None

    def base_forms(self, form: str, pos: str) -> tuple[str, ...]:
        """Every base form of ``form`` in ``pos`` the index has, ``form`` itself first if it has it
        (NLTK's ``_morphy``): from the exception list if ``form`` is in it, else from one pass of the
        :data:`DETACHMENTS` rules. Not remembered: any word may be asked about, and a caller that asks
        again keeps the answer (:class:`lexical_resources.WordNet` does)."""
        exceptions = self._exception_list(FILE_SUFFIXES[pos])
        if form in exceptions:
            candidates = exceptions[form]
        else:
            candidates = [form[:-len(old)] + new for old, new in DETACHMENTS[pos] if form.endswith(old)]
        return tuple(sys.intern(base) for base in dict.fromkeys((form, *candidates)) if self.has(base, pos))

    def morphy(self, form: str, pos: str | None = None) -> str | None:
        """The first base form of ``form`` in ``pos``, or with ``pos`` None in the first part of speech
        of :data:`POS_ORDER` that has one (NLTK's ``morphy``); None if there is none."""
        for each in (pos,) if pos else POS_ORDER:
            found = self.base_forms(form, each)
            if found:
                return found[0]
        return None

    def lemmatize(self, word: str, pos: str = "n") -> str:
        """``nltk.stem.WordNetLemmatizer().lemmatize(word, pos)``: the shortest base form of ``word`` in
        ``pos``, else ``word``."""
        found = self.base_forms(word, pos)
        return min(found, key=len) if found else word

    # -- the files --------------------------------------------------------------------------

    def _index_line(self, lemma: str, suffix: str) -> bytes | None:
        """``lemma``'s line of ``index.<suffix>``, or None."""
        index = self._indexes.get(suffix)
        if index is None:
            index = self._indexes[suffix] = _IndexFile(self.file(f"index.{suffix}"))
        return index.line(lemma)

    def _is_satellite(self, offset: int) -> bool:
        """Whether the synset at ``offset`` of ``data.adj`` is a satellite (its type field is ``s``)."""
        text = self.file("data.adj")
        return text[offset:text.find(b"\n", offset)].split(b" ", 3)[2] == b"s"

    def _exception_list(self, suffix: str) -> dict[str, tuple[str, ...]]:
        """``{inflected form: its base forms}`` from ``<suffix>.exc`` (``noun.exc``...)."""
        found = self._exceptions.get(suffix)
        if found is None:
            found = self._exceptions[suffix] = {
                fields[0]: tuple(fields[1:]) for fields in
                (line.split() for line in self.file(f"{suffix}.exc").decode("utf-8").splitlines()) if fields}
        return found


def _unzipped(entry: ZipEntry) -> bytes:
    """The bytes of a file of WordNet's zip, kept unzipped in the load cache (:mod:`lexnli.load_cache`), whose
    key is the file's name, CRC-32 and size (:meth:`~lexnli.nltk_data.ZipEntry.fingerprint`): unzipping
    ``data.noun`` alone took about 60 ms at every start."""
    fingerprint = entry.fingerprint()
    digest = hashlib.sha256(fingerprint.encode("utf-8")).hexdigest()
    arrays = cached_arrays(f"wordnet.{posixpath.basename(entry.entry)}", digest,
                           lambda: {"bytes": np.frombuffer(entry.read_bytes(), dtype=np.uint8)})
    return arrays["bytes"].tobytes()


class _IndexFile:
    """The lines of one index file, found by lemma: by binary search (:func:`_search`), then, after
    :data:`SEARCHES_BEFORE_DICT` searches, from a dictionary of every line (:func:`_lines_by_lemma`, the
    reference the search is tested against)."""

    def __init__(self, text: bytes):
        self.text = text
        self._starts: list[int] | None = None
        self._lines: dict[str, bytes] | None = None
        self._searches = 0

    def line(self, lemma: str) -> bytes | None:
        if self._lines is None and self._searches >= SEARCHES_BEFORE_DICT:
            self._lines, self._starts = _lines_by_lemma(self.text), None
        if self._lines is not None:
            return self._lines.get(lemma)
        self._searches += 1
        if self._starts is None:
            self._starts = _line_starts(self.text)
        return _search(self.text, self._starts, lemma)


def _line_starts(text: bytes) -> list[int]:
    """Where each line of ``text`` starts (an empty last line, after the final newline, left out).

    >>> _line_starts(b"ab\\ncd\\n")
    [0, 3]
    """
    ends = np.flatnonzero(np.frombuffer(text, dtype=np.uint8) == ord("\n"))
    return [0, *(ends[ends + 1 < len(text)] + 1).tolist()] if text else []


def _search(text: bytes, starts: list[int], lemma: str) -> bytes | None:
    """The line of the index ``text`` (lines starting at ``starts``, sorted by their first word, the
    licence lines, which begin with a space, first) whose lemma is ``lemma``, or None.

    >>> text = b"  1 licence\\nant n 1 0 1 0 00000001  \\nbee n 1 0 1 0 00000002  \\n"
    >>> _search(text, _line_starts(text), "bee"), _search(text, _line_starts(text), "bat")
    (b'bee n 1 0 1 0 00000002  ', None)
    """
    key = lemma.encode("utf-8")
    if not key or b" " in key or b"\n" in key:
        return None

    def lemma_at(start: int) -> bytes:
        return text[start:text.find(b" ", start)]

    at = bisect.bisect_left(starts, key, key=lemma_at)
    if at == len(starts) or lemma_at(starts[at]) != key:
        return None
    end = text.find(b"\n", starts[at])
    return text[starts[at]:end if end >= 0 else len(text)]


def _lines_by_lemma(text: bytes) -> dict[str, bytes]:
    """The lines of an index file by their lemma, the first word; the licence lines, which begin with
    a space, left out.

    >>> _lines_by_lemma(b"  1 licence\\nant n 1 0 1 0 00000001  \\n")
    {'ant': b'ant n 1 0 1 0 00000001  '}
    """
    return {line[:line.find(b" ")].decode("utf-8"): line for line in text.split(b"\n")
            if line and not line.startswith(b" ")}


def _line_offsets(line: bytes) -> tuple[int, ...]:
    """The synset offsets of an index line (wndb(5WN): lemma, pos, synset_cnt, p_cnt, p_cnt pointer
    symbols, sense_cnt, tagsense_cnt, then synset_cnt offsets).

    >>> _line_offsets(b"dog n 2 1 @ 2 1 02084071 10114209  ")
    (2084071, 10114209)
    """
    fields = line.split()
    count, pointers = int(fields[2]), int(fields[3])
    first = 4 + pointers + 2
    return tuple(int(field) for field in fields[first:first + count])
