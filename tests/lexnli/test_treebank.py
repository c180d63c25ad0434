"""lexnli.treebank: the fast tokenizer gives NLTK's Treebank tokens, token for token."""
from lexnli.treebank import TreebankTokenizer

from tests.helpers.raw_text import HAND_WRITTEN


def test_hand_written_sentences_get_nltks_tokens():
    from nltk.tokenize import TreebankWordTokenizer

    nltk_tokenizer = TreebankWordTokenizer()
    fast = TreebankTokenizer(nltk_tokenizer)
    assert [fast.tokenize(s) for s in HAND_WRITTEN] == [nltk_tokenizer.tokenize(s) for s in HAND_WRITTEN]
