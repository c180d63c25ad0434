"""WordNet's lemma index and morphology, looked up in its files as WordNet's own library looks them up.

NLTK's ``WordNetCorpusReader`` reads every line of the four index files into a dictionary when it
is built (about 1.5 s, most of what a first pair from the shell waited for). The index files are
sorted by lemma, byte by byte, so WordNet's C library (``bin_search`` in ``binsrch.c``) finds a
lemma by binary search instead; :class:`WordNetIndex` does the same on each file's bytes, read on
first use (a few milliseconds), and parses only the lines it finds.

What it answers is what NLTK's reader answers, from the same files: the synset offsets of a lemma
in a part of speech, in the index's order (``'s'``, a satellite adjective, being the offsets of
``index.adj`` whose synset in ``data.adj`` is a satellite, as NLTK reads them), and every base form
of a word (NLTK's and WordNet's ``morphy``: the exception list, else one pass of the
:data:`DETACHMENTS` rules, each form kept if the index has it). A test compares both with NLTK's
reader on every word of a sample.

>>> DETACHMENTS["a"]
(('er', ''), ('est', ''), ('er', 'e'), ('est', 'e'))
"""
from __future__ import annotations

import sys

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


class WordNetIndex:
    """The lemma index, exception lists and data files of one WordNet, read lazily.

    Parameters
    ----------
    root : nltk.data.PathPointer
        The folder holding WordNet's database files (``index.noun``, ``data.noun``, ``noun.exc``...),
        in a directory or a zip file, as :func:`lexnli.wordnet_reader.wordnet_root` finds it.
    """

    def __init__(self, root):
        self.root = root
        self._files: dict[str, bytes] = {}
        self._starts: dict[str, int] = {}
        self._offsets: dict[tuple[str, str], tuple[int, ...]] = {}  # lemmas the index has: bounded by WordNet
        self._exceptions: dict[str, dict[str, tuple[str, ...]]] = {}

    def file(self, name: str) -> bytes:
        """The bytes of WordNet's file ``name`` (``'data.noun'``), read once."""
        data = self._files.get(name)
        if data is None:
            with self.root.join(name).open() as stream:
                data = self._files[name] = stream.read()
        return data

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
        exceptions = self._exception_list(pos)
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
        """``lemma``'s line of ``index.<suffix>``, found by binary search, or None."""
        name = f"index.{suffix}"
        text = self.file(name)
        start = self._starts.get(name)
        if start is None:
            start = self._starts[name] = _first_entry(text)
        return _search(text, lemma.encode("utf-8"), start, len(text))

    def _is_satellite(self, offset: int) -> bool:
        """Whether the synset at ``offset`` of ``data.adj`` is a satellite (its type field is ``s``)."""
        text = self.file("data.adj")
        return text[offset:text.find(b"\n", offset)].split(b" ", 3)[2] == b"s"

    def _exception_list(self, pos: str) -> dict[str, tuple[str, ...]]:
        """``{inflected form: its base forms}`` from ``<pos>.exc``."""
        suffix = FILE_SUFFIXES[pos]
        found = self._exceptions.get(suffix)
        if found is None:
            found = self._exceptions[suffix] = {
                fields[0]: tuple(fields[1:]) for fields in
                (line.split() for line in self.file(f"{suffix}.exc").decode("utf-8").splitlines()) if fields}
        return found


def _first_entry(text: bytes) -> int:
    """Where the entries of an index file start: after the licence lines, which begin with a space."""
    position = 0
    while text.startswith(b" ", position):
        position = text.index(b"\n", position) + 1
    return position


def _search(text: bytes, key: bytes, low: int, high: int) -> bytes | None:
    """The line of ``text[low:high]`` (whole lines, sorted by their first word) whose first word is
    ``key``, or None.

    >>> _search(b"ant 1\\nbee 2\\ncat 3\\n", b"bee", 0, 18)
    b'bee 2'
    >>> _search(b"ant 1\\nbee 2\\ncat 3\\n", b"bat", 0, 18) is None
    True
    """
    while low < high:
        start = max(text.rfind(b"\n", low, (low + high) // 2) + 1, low)
        end = text.find(b"\n", start, high)
        end = high if end < 0 else end
        word_end = text.find(b" ", start, end)
        word = text[start:end if word_end < 0 else word_end]
        if word == key:
            return text[start:end]
        if word < key:
            low = end + 1
        else:
            high = start
    return None


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
