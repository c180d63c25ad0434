"""NLTK's WordNet reader, without the map of WordNet 3.0 onto itself that NLTK builds on loading.

On loading, NLTK's ``WordNetCorpusReader`` maps the synsets of its ``wordnet`` package (WordNet
3.0) onto those of the WordNet it reads, for its multilingual (OMW) functions: it reads both sense
indexes and matches their 200,000 sense keys, about half the time loading takes. When the WordNet
read is 3.0 itself the map is the identity, which leaving it out (``map30 = None``, NLTK's own value
for "no mapping needed") says as well. :func:`lexnli.text.load_wordnet` loads NLTK's shared reader
with this class.
"""
from __future__ import annotations

from nltk.corpus.reader.wordnet import WordNetCorpusReader

#: The version of WordNet NLTK's ``wordnet`` package holds, which NLTK maps other versions from.
MAPPED_FROM = "3.0"


class WordNetReader(WordNetCorpusReader):
    """A ``WordNetCorpusReader`` that builds no map from WordNet 3.0 when it reads WordNet 3.0."""

    def map_wn(self, version="wordnet"):
        """NLTK's map from WordNet ``version`` to this one, or None when the two are the same WordNet 3.0."""
        if version == "wordnet" and self.get_version() == MAPPED_FROM:
            return None
        return super().map_wn(version)


def read_with_this_class(loader) -> None:
    """Make NLTK's lazy loader ``loader`` (``nltk.corpus.wordnet``) build a :class:`WordNetReader` when it
    loads (nothing to do once it has loaded: it then is the reader itself)."""
    if type(loader).__name__ == "LazyCorpusLoader" and loader._LazyCorpusLoader__reader_cls is WordNetCorpusReader:
        loader._LazyCorpusLoader__reader_cls = WordNetReader
