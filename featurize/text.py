"""Tokens and POS tags for a sentence: from its PTB parse when there is one, else tokenized and tagged.

Parse leaves are read with a regular expression (much faster than building a tree) and PTB
bracket escapes (``-LRB-`` ...) are undone. Raw text is tokenized with NLTK's
``TreebankWordTokenizer`` (it needs no downloaded model) and tagged with NLTK's averaged
perceptron tagger (``python -m nltk.downloader averaged_perceptron_tagger_eng``).
"""
from __future__ import annotations

import re
import sys
from functools import lru_cache

from .records import Sentence

#: PTB escapes for brackets, as they appear in the leaves of Stanford parses.
PTB_UNESCAPES = {
    "-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}",
}
_LEAF = re.compile(r"\(([^\s()]+) ([^\s()]+)\)")


class ResourceMissingError(LookupError):
    """An NLTK data package the toolkit needs is not installed."""


def parse_leaves(parse: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return ``(tokens, tags)`` from the leaves of a bracketed PTB parse, escapes undone."""
    leaves = _LEAF.findall(parse)
    tags = tuple(sys.intern(tag) for tag, _ in leaves)
    tokens = tuple(sys.intern(PTB_UNESCAPES.get(word, word)) for _, word in leaves)
    return tokens, tags


@lru_cache(maxsize=1)
def _tokenizer():
    from nltk.tokenize import TreebankWordTokenizer

    return TreebankWordTokenizer()


@lru_cache(maxsize=1)
def _tagger():
    from nltk.tag import PerceptronTagger

    try:
        return PerceptronTagger()
    except LookupError as exc:
        raise ResourceMissingError(
            "NLTK's POS tagger is not installed: run "
            "`python -m nltk.downloader averaged_perceptron_tagger_eng`, or set NLTK_DATA to a "
            "folder that has taggers/averaged_perceptron_tagger_eng "
            "(on the project machines: NLTK_DATA=../shared/data/nltk_data)."
        ) from exc


def tokenize_and_tag(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Tokenize raw text (Treebank conventions) and POS-tag it (PTB tagset)."""
    tokens = _tokenizer().tokenize(text)
    if not tokens:
        return (), ()
    tagged = _tagger().tag(tokens)
    return (tuple(sys.intern(w) for w, _ in tagged), tuple(sys.intern(t) for _, t in tagged))


def load_wordnet():
    """NLTK's WordNet reader, loaded; a clear :class:`ResourceMissingError` when the data is absent."""
    from nltk.corpus import wordnet

    try:
        wordnet.ensure_loaded()
    except LookupError as exc:
        raise ResourceMissingError(
            "WordNet is not installed: run `python -m nltk.downloader wordnet`, or set NLTK_DATA "
            "to a folder that has corpora/wordnet.zip "
            "(on the project machines: NLTK_DATA=../shared/data/nltk_data)."
        ) from exc
    return wordnet


@lru_cache(maxsize=1)
def _lemmatizer():
    from nltk.stem import WordNetLemmatizer

    load_wordnet()
    return WordNetLemmatizer()


def _wordnet_pos(tag: str) -> str:
    return {"N": "n", "V": "v", "J": "a", "R": "r"}.get(tag[:1], "n")


def lemmatize(tokens, tags) -> tuple[str, ...]:
    """WordNet lemmas (``morphy``) of tokens, using the PTB tag to pick the WordNet POS."""
    lemmatizer = _lemmatizer()
    return tuple(
        sys.intern(lemmatizer.lemmatize(tok.lower(), _wordnet_pos(tag))) for tok, tag in zip(tokens, tags)
    )


def make_sentence(text: str, parse: str | None = None, *, lowercase: bool = False,
                  lemmas: bool = False) -> Sentence:
    """Build a :class:`Sentence`: tokens/tags from ``parse`` if given, else from ``text``.

    Parameters
    ----------
    text : str
        The raw sentence.
    parse : str or None
        A bracketed PTB parse of ``text`` (SNLI's ``sentence1_parse``); ``None`` to tokenize and tag.
    lowercase : bool, default=False
        Lowercase the tokens (tags are unchanged).
    lemmas : bool, default=False
        Also compute WordNet lemmas (needs the WordNet data).
    """
    if parse:
        tokens, tags = parse_leaves(parse)
    else:
        tokens, tags = tokenize_and_tag(text)
    lemma_tuple = lemmatize(tokens, tags) if lemmas else None
    if lowercase:
        tokens = tuple(sys.intern(t.lower()) for t in tokens)
    return Sentence(text=text, tokens=tokens, tags=tags, parse=parse or None, lemmas=lemma_tuple)
