"""lexnli.wordnet_reader: lexnli's own WordNet reader, built from public NLTK calls, without the identity map
of WordNet 3.0 onto itself; NLTK's shared reader is left alone."""
from nltk.corpus.reader.wordnet import WordNetCorpusReader

from lexnli.wordnet_reader import WordNetReader

from tests.conftest import wordnet_or_skip


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


def test_lexnli_loads_its_own_reader_once_and_leaves_nltks_alone():
    import nltk.corpus

    from lexnli.text import load_wordnet

    reader = wordnet_or_skip(load_wordnet)
    assert type(reader) is WordNetReader and load_wordnet() is reader and reader.get_version() == "3.0"
    assert reader.synset("dog.n.01").lemma_names()[0] == "dog"
    assert reader is not nltk.corpus.wordnet and type(nltk.corpus.wordnet) is not WordNetReader
