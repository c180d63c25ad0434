"""WordNet's synsets read straight from its data files, as small records.

:class:`~lexical_resources.wordnet.WordNet` gathers what it knows of a word from the word's
senses and the synsets they point to. NLTK builds a full ``Synset`` for each (gloss, examples,
verb frames, ``Lemma`` objects, sense keys, which for a satellite adjective means loading its
head too), most of which the relation tests never read: loading synsets was most of the time
spent on a word the first time it is seen. A :class:`SynsetRecord` keeps only what the tests
read -- name, part of speech, lexicographer file, lemma names and pointers -- and is parsed from
the synset's line in a few microseconds.

Records are addressed as NLTK addresses synsets, by part of speech and byte offset in the data
file (``'a'`` and ``'s'`` share ``data.adj``), and named as NLTK names them: the first lemma,
lowercased, the part of speech (``'s'`` for a satellite adjective) and the synset's position
among that lemma's senses in the lemma index (``dog.n.01``). The data files are read into memory
by the lemma index (:class:`lexnli.wordnet_index.WordNetIndex`), one file on first use.
"""
from __future__ import annotations

import re
import sys

#: The data file of each part of speech, as NLTK's reader names them.
_FILES = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
#: The pointers a record keeps (the others, hyponyms, meronyms, domains..., are skipped): hypernyms
#: ``@``, instance hypernyms ``@i``, part / member / substance holonyms ``#p`` ``#m`` ``#s``,
#: similar adjectives ``&``, adjectives to "also see" ``^``, and between lemmas antonyms ``!``,
#: derivations ``+`` and pertainyms ``\\``.
POINTERS = frozenset({"@", "@i", "#p", "#m", "#s", "&", "^", "!", "+", "\\"})
#: How NLTK parses a lemma in a data file line: the name, then maybe a syntactic marker (``small(a)``).
_LEMMA = re.compile(r"(.*?)(\([^()]*\))?$")


class SynsetRecord:
    """One synset: ``name``, ``pos`` (``'s'`` for a satellite adjective), ``lexname`` (its
    lexicographer file, e.g. ``noun.substance``), ``lemmas`` (names as in WordNet, without a
    syntactic marker), ``pointers`` (symbol -> ``(pos, offset)`` of the synsets it points to,
    e.g. ``'@'`` hypernyms) and ``lemma_pointers`` (``(lemma, symbol)`` -> ``(pos, offset, lemma
    index)`` of the lemmas it points to, e.g. ``'!'`` antonyms); only the :data:`POINTERS`.
    The pointers are tuples, not lists: a cold featurization parses tens of thousands of records,
    and tuples of strings and numbers are left out of the garbage collector's full passes."""

    __slots__ = ("name", "pos", "lexname", "lemmas", "pointers", "lemma_pointers")

    def __init__(self, name, pos, lexname, lemmas, pointers, lemma_pointers):
        self.name, self.pos, self.lexname = name, pos, lexname
        self.lemmas, self.pointers, self.lemma_pointers = lemmas, pointers, lemma_pointers

    def targets(self, *symbols) -> tuple[tuple[str, int], ...]:
        """``(pos, offset)`` of the synsets this one points to with any of ``symbols`` (for one
        symbol, the record's own tuple: most of a synset's symbols point nowhere)."""
        found = ()
        for symbol in symbols:
            found += self.pointers.get(symbol, ())
        return found


class WordNetData:
    """Synset records of the WordNet behind an NLTK ``WordNetCorpusReader``, parsed once each.

    Parameters
    ----------
    index : lexnli.wordnet_index.WordNetIndex
        Reads the data files; its lemma index (what NLTK's ``synset`` and ``synsets`` read)
        numbers the senses that name synsets.
    """

    def __init__(self, index):
        self._index = index
        self._records: dict[tuple[str, int], SynsetRecord] = {}
        self._lexnames: list[str] | None = None

    def record(self, pos: str, offset: int) -> SynsetRecord:
        """The synset at byte ``offset`` of ``pos``'s data file."""
        file = _FILES[pos]
        found = self._records.get((file, offset))
        if found is None:
            found = self._records[(file, offset)] = self._parse(self._line(file, offset))
        return found

    def by_name(self, name: str) -> SynsetRecord:
        """The synset named ``name`` (``'dog.n.01'``), found through the lemma index as NLTK finds it."""
        return self.record(*self.address(name))

    def gloss(self, name: str) -> str:
        """The gloss of the synset named ``name``: its definition, then any examples (``'young domestic cat'``)."""
        pos, offset = self.address(name)
        line = self._line(_FILES[pos], offset)
        return line[line.index(b"|") + 1:].decode("utf-8").strip()

    def address(self, name: str) -> tuple[str, int]:
        """``(pos, offset)`` of the synset named ``name``, found through the lemma index as NLTK finds it;
        NLTK's ``WordNetError`` (NLTK imported only then) when there is none."""
        lemma, pos, number = name.lower().rsplit(".", 2)
        try:
            return pos, self._index.offsets(lemma, pos)[int(number) - 1]
        except (KeyError, IndexError, ValueError) as exc:
            from nltk.corpus.reader.wordnet import WordNetError

            raise WordNetError(f"no synset named {name!r}") from exc

    def _line(self, file: str, offset: int) -> bytes:
        text = self._index.file(f"data.{file}")
        end = text.find(b"\n", offset)
        return text[offset:end if end >= 0 else len(text)]

    def _parse(self, line: bytes) -> SynsetRecord:
        fields = line[:line.index(b"|")].decode("utf-8").split()  # the gloss follows the "|"
        offset, pos = int(fields[0]), fields[2]
        n_lemmas = int(fields[3], 16)
        lemmas = tuple(_LEMMA.match(field).group(1) if field.endswith(")") else field  # a marker ends in ")"
                       for field in fields[4: 4 + 2 * n_lemmas: 2])
        at = 4 + 2 * n_lemmas
        pointers: dict[str, dict] = {}  # symbol -> {target: None}: NLTK keeps a set, in the file's order here
        lemma_pointers: dict[tuple[str, str], list] = {}
        listed = fields[at + 1: at + 1 + 4 * int(fields[at])]
        for symbol, target, target_pos, source_target in zip(listed[::4], listed[1::4], listed[2::4], listed[3::4]):
            if symbol not in POINTERS:
                continue
            if source_target == "0000":
                pointers.setdefault(symbol, {})[(target_pos, int(target))] = None
            else:
                source = lemmas[int(source_target[:2], 16) - 1]
                lemma_pointers.setdefault((source, symbol), []).append(
                    (target_pos, int(target), int(source_target[2:], 16) - 1))
        first = lemmas[0].lower()
        number = self._index.offsets(first, pos).index(offset) + 1
        name = sys.intern(f"{first}.{pos}.{number:02d}")
        return SynsetRecord(name, pos, self.lexname(int(fields[1])), lemmas,
                            {symbol: tuple(found) for symbol, found in pointers.items()},
                            {key: tuple(found) for key, found in lemma_pointers.items()})

    def lexname(self, index: int) -> str:
        """The name of lexicographer file ``index`` (``'noun.substance'``), from WordNet's ``lexnames``."""
        if self._lexnames is None:
            lines = self._index.file("lexnames").decode("utf-8").splitlines()
            self._lexnames = [line.split()[1] for line in lines if line.strip()]
        return self._lexnames[index]
