"""lexnli.wordnet_reader: NLTK's WordNet reader without the identity map of WordNet 3.0 onto itself."""
from nltk.corpus.reader import CorpusReader
from nltk.corpus.reader.wordnet import WordNetCorpusReader
from nltk.corpus.util import LazyCorpusLoader

from lexnli.wordnet_reader import WordNetReader, read_with_this_class


def reader_of_version(version, monkeypatch):
    """A reader (not loaded: no data needed) that says it reads WordNet ``version``."""
    reader = WordNetReader.__new__(WordNetReader)
    monkeypatch.setattr(WordNetReader, "get_version", lambda self: version)
    monkeypatch.setattr(WordNetCorpusReader, "map_to_one", lambda self, version="wordnet": {"mapped": version})
    return reader


def test_no_map_is_built_from_wordnet_30_to_itself(monkeypatch):
    assert reader_of_version("3.0", monkeypatch).map_wn() is None


def test_another_version_is_mapped_as_nltk_maps_it(monkeypatch):
    assert reader_of_version("3.1", monkeypatch).map_wn() == {"mapped": "wordnet"}
    assert reader_of_version("3.0", monkeypatch).map_wn("wordnet31") == {"mapped": "wordnet31"}


def test_the_lazy_loader_builds_this_reader():
    loader = LazyCorpusLoader("wordnet", WordNetCorpusReader)
    read_with_this_class(loader)
    assert loader._LazyCorpusLoader__reader_cls is WordNetReader
    other = LazyCorpusLoader("rte", CorpusReader)  # another corpus: left as it is
    read_with_this_class(other)
    assert other._LazyCorpusLoader__reader_cls is CorpusReader
