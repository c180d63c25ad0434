"""lexnli's own WordNet reader: NLTK's, built from public calls and without the map of WordNet 3.0 onto itself.

On loading, NLTK's ``WordNetCorpusReader`` maps the synsets of its ``wordnet`` package (WordNet
3.0) onto those of the WordNet it reads, for its multilingual (OMW) functions: it reads both sense
indexes and matches their 200,000 sense keys, about half the time loading takes. When the WordNet
read is 3.0 itself the map is the identity, which leaving it out (``map30 = None``, NLTK's own value
for "no mapping needed") says as well.

:func:`read_wordnet` builds a :class:`WordNetReader` as NLTK's lazy loader ``nltk.corpus.wordnet``
builds its reader (``nltk/corpus/util.py`` and ``nltk/corpus/__init__.py``): from the ``wordnet``
package NLTK's data holds, folder or zip (:func:`lexnli.nltk_data.wordnet_root`), with Open
Multilingual WordNet's reader, loaded when first asked. NLTK's shared ``nltk.corpus.wordnet`` is left
as the caller has it; :func:`lexnli.text.load_wordnet` builds lexnli's reader once.

Featurizing reads none of it: :class:`lexnli.wordnet_index.WordNetIndex` looks words up in the same
files without loading the reader. The reader serves what reads WordNet whole (the training-data
rewrites of :mod:`classifiers.augmentation`).
"""
from __future__ import annotations

from nltk.corpus.reader import CorpusReader
from nltk.corpus.reader.wordnet import WordNetCorpusReader
from nltk.corpus.util import LazyCorpusLoader
from nltk.data import FileSystemPathPointer, ZipFilePathPointer

from .nltk_data import ZipEntry, wordnet_root

#: The version of WordNet NLTK's ``wordnet`` package holds, which NLTK maps other versions from.
MAPPED_FROM = "3.0"


class WordNetReader(WordNetCorpusReader):
    """A ``WordNetCorpusReader`` that builds no map from WordNet 3.0 when it reads WordNet 3.0."""

    def map_wn(self, version="wordnet"):
        """NLTK's map from WordNet ``version`` to this one, or None when the two are the same WordNet 3.0."""
        if version == "wordnet" and self.get_version() == MAPPED_FROM:
            return None
        return super().map_wn(version)


def read_wordnet() -> WordNetReader:
    """A :class:`WordNetReader` of the WordNet NLTK finds, loaded now, with NLTK's OMW reader, loaded
    when first asked, as ``nltk.corpus.wordnet`` has them."""
    omw = LazyCorpusLoader("omw-2.0", CorpusReader, r".*/wn-data-.*\.tab", encoding="utf8")
    root = wordnet_root()
    pointer = (ZipFilePathPointer(str(root.archive), root.entry) if isinstance(root, ZipEntry)
               else FileSystemPathPointer(str(root)))
    return WordNetReader(pointer, omw)
