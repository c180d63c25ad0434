"""Tokens and POS tags for a sentence: from its PTB parse when there is one, else tokenized and tagged.

Parse leaves are read with a regular expression (much faster than building a tree) and PTB
bracket escapes (``-LRB-`` ...) are undone. Raw text is tokenized with NLTK's
``TreebankWordTokenizer`` (it needs no downloaded model) and tagged with NLTK's averaged
perceptron tagger (``python -m nltk.downloader averaged_perceptron_tagger_eng``).
"""
from __future__ import annotations

import os
import re
import sys
import zipfile
from functools import lru_cache

from .errors import ResourceMissingError, damaged_nltk_zip_error
from .records import Sentence

#: PTB escapes for brackets, as they appear in the leaves of Stanford parses.
PTB_UNESCAPES = {
    "-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}",
}
_LEAF = re.compile(r"\(([^\s()]+) ([^\s()]+)\)")
#: Matches a letter or digit: a token without one is punctuation.
WORD_CHARACTER = re.compile(r"[^\W_]")
#: WordNet POS of a Penn Treebank tag, by its first letter (NN* noun, VB* verb, JJ* adjective, RB*/RP adverb).
PTB_TO_WORDNET = {"N": "n", "V": "v", "J": "a", "R": "r"}


def ptb_to_wordnet(tag: str, default: str = "") -> str:
    """WordNet POS (``'n'``, ``'v'``, ``'a'``, ``'r'``) of a PTB tag, ``default`` for tags WordNet lacks."""
    return PTB_TO_WORDNET.get(tag[:1], default)


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


def ensure_nltk_data(package: str, path: str, what: str) -> None:
    """Make sure NLTK data ``package`` (found at ``path``) is installed, downloading it once if not.

    NLTK's downloader verifies each package against the checksum in its index. Set
    ``LEXNLI_NO_DOWNLOAD=1`` to forbid the download. If the data is still missing, raise
    :class:`ResourceMissingError` saying how to install it or point ``NLTK_DATA`` at it.
    """
    import nltk

    try:
        nltk.data.find(path)
        return
    except LookupError:
        pass
    except zipfile.BadZipFile as exc:
        raise damaged_nltk_zip_error(path, package, exc) from exc
    if not os.environ.get("LEXNLI_NO_DOWNLOAD"):
        try:
            nltk.download(package, quiet=True, raise_on_error=True)
            nltk.data.find(path)
            return
        except (LookupError, ValueError, OSError):
            pass
    raise ResourceMissingError(
        f"{what} is not installed and could not be downloaded: run `python -m nltk.downloader {package}`, "
        f"or set NLTK_DATA to a folder that has {path}.")


@lru_cache(maxsize=1)
def _tagger():
    from nltk.tag import PerceptronTagger

    ensure_nltk_data("averaged_perceptron_tagger_eng", "taggers/averaged_perceptron_tagger_eng/", "NLTK's POS tagger")
    return PerceptronTagger()


def tokenize_and_tag(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Tokenize raw text (Treebank conventions) and POS-tag it (PTB tagset)."""
    tokens = _tokenizer().tokenize(text)
    if not tokens:
        return (), ()
    tagged = _tagger().tag(tokens)
    return (tuple(sys.intern(w) for w, _ in tagged), tuple(sys.intern(t) for _, t in tagged))


def load_wordnet():
    """NLTK's WordNet reader, loaded (downloaded first if missing, see :func:`ensure_nltk_data`)."""
    from nltk.corpus import wordnet

    ensure_nltk_data("wordnet", "corpora/wordnet/", "WordNet")
    wordnet.ensure_loaded()
    return wordnet


@lru_cache(maxsize=1)
def _lemmatizer():
    from nltk.stem import WordNetLemmatizer

    load_wordnet()
    return WordNetLemmatizer()


def lemmatize(tokens, tags) -> tuple[str, ...]:
    """WordNet lemmas (``morphy``) of tokens, using the PTB tag to pick the WordNet POS."""
    lemmatizer = _lemmatizer()
    return tuple(
        sys.intern(lemmatizer.lemmatize(tok.lower(), ptb_to_wordnet(tag, "n"))) for tok, tag in zip(tokens, tags)
    )


def make_sentence(text: str, parse: str | None = None, *, lemmas: bool = False) -> Sentence:
    """Build a :class:`Sentence`: tokens/tags from ``parse`` if given, else from ``text``.

    Tokens keep their case: lowercasing is the featurizer's (``PairFeaturizer(lowercase=...)``).

    Parameters
    ----------
    text : str
        The raw sentence.
    parse : str or None
        A bracketed PTB parse of ``text`` (SNLI's ``sentence1_parse``); ``None`` to tokenize and tag.
    lemmas : bool, default=False
        Also compute WordNet lemmas (needs the WordNet data).
    """
    if parse:
        tokens, tags = parse_leaves(parse)
    else:
        tokens, tags = tokenize_and_tag(text)
    lemma_tuple = lemmatize(tokens, tags) if lemmas else None
    return Sentence(text=text, tokens=tokens, tags=tags, parse=parse or None, lemmas=lemma_tuple)
