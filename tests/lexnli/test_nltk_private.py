"""NLTK's private WordNet names still behave as lexnli relies on (lexnli.wordnet_reader's docstring says where
they are read): a failure here means the installed NLTK changed them, not that lexnli did."""
import inspect

import nltk
from nltk.corpus.reader.wordnet import WordNetCorpusReader

from lexnli.wordnet_reader import NLTK_REQUIREMENT

from tests.conftest import wordnet_or_skip
from tests.helpers.pins import check_pin

CHANGED = f"NLTK {nltk.__version__} changed WordNetCorpusReader's private names lexnli reads: "


def test_the_installed_nltk_is_one_the_private_names_were_checked_on():
    check_pin(NLTK_REQUIREMENT, nltk.__version__, "lexnli/wordnet_reader.py", "its private WordNet names",
              "tests/lexnli/test_nltk_private.py")


def test_morphy_and_the_lemma_index_are_where_lexnli_reads_them():
    parameters = list(inspect.signature(WordNetCorpusReader._morphy).parameters)
    assert parameters[:3] == ["self", "form", "pos"], CHANGED + f"_morphy takes {parameters}"
    assert callable(getattr(WordNetCorpusReader, "_load_lemma_pos_offset_map", None)), (
        CHANGED + "no _load_lemma_pos_offset_map, which fills _lemma_pos_offset_map")


def test_they_give_every_base_form_and_the_offsets():
    from lexnli.text import load_wordnet

    wordnet = wordnet_or_skip(load_wordnet)
    assert sorted(wordnet._morphy("leaves", "n")) == ["leaf", "leave"], CHANGED + "_morphy"
    offsets = wordnet._lemma_pos_offset_map["dog"]["n"]
    assert offsets and all(isinstance(o, int) for o in offsets), CHANGED + "_lemma_pos_offset_map"
    assert wordnet.synset_from_pos_and_offset("n", offsets[0]).name() == "dog.n.01", CHANGED + "the lemma index"
