"""Tokens and POS tags for a sentence: from its PTB parse when there is one, else tokenized and tagged.

Parse leaves are read with a regular expression (much faster than building a tree) and PTB
bracket escapes (``-LRB-`` ...) are undone. Raw text is tokenized as NLTK's
``TreebankWordTokenizer`` does (it needs no downloaded model) and tagged with NLTK's averaged
perceptron tagger's weights (``python -m nltk.downloader averaged_perceptron_tagger_eng``): by
default with NLTK's tokens and tags computed faster (:mod:`lexnli.treebank`, a port of NLTK's
tokenizer, and :class:`lexnli.tagging.BatchPerceptronTagger` in batches) with repeated sentences
remembered, or by NLTK itself one sentence at a time (``tagger="nltk"``, the reference).
"""
from __future__ import annotations

import io
import os
import re
import sys
import zipfile
from collections.abc import Callable
from functools import lru_cache

from .data_home import NO_DOWNLOAD_ENV_VAR, downloads_forbidden
from .errors import ResourceMissingError, damaged_nltk_zip_error
from .nltk_data import find as find_nltk_data
from .records import Sentence

#: PTB escapes for brackets, as they appear in the leaves of Stanford parses.
PTB_UNESCAPES = {
    "-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}",
}
_LEAF = re.compile(r"\(([^\s()]+) ([^\s()]+)\)")
#: Matches a letter or digit: a token without one is punctuation.
WORD_CHARACTER = re.compile(r"[^\W_]")
#: Matches a lone surrogate: a ``str`` may hold one, but it is no character and no UTF-8 text.
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
#: WordNet POS of a Penn Treebank tag, by its first letter (NN* noun, VB* verb, JJ* adjective, RB*/RP adverb).
PTB_TO_WORDNET = {"N": "n", "V": "v", "J": "a", "R": "r"}


def ptb_to_wordnet(tag: str, default: str = "") -> str:
    """WordNet POS (``'n'``, ``'v'``, ``'a'``, ``'r'``) of a PTB tag, ``default`` for tags WordNet lacks."""
    return PTB_TO_WORDNET.get(tag[:1], default)


def parse_leaves(parse: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return ``(tokens, tags)`` from the leaves of a bracketed PTB parse, escapes undone."""
    leaves = _LEAF.findall(parse)
    unescape, intern = PTB_UNESCAPES.get, sys.intern
    tags = tuple([intern(tag) for tag, _ in leaves])
    tokens = tuple([intern(unescape(word, word)) for _, word in leaves])
    return tokens, tags


@lru_cache(maxsize=1)
def _tokenizer():
    from nltk.tokenize import TreebankWordTokenizer

    return TreebankWordTokenizer()


#: The NLTK data lexnli uses, by name: (NLTK package, resource path, what it is), for :func:`ensure_nltk_data`.
NLTK_PACKAGES = {"tagger": ("averaged_perceptron_tagger_eng", "taggers/averaged_perceptron_tagger_eng/",
                            "NLTK's POS tagger"),
                 "wordnet": ("wordnet", "corpora/wordnet/", "WordNet")}


def ensure_nltk_data(package: str, path: str, what: str) -> None:
    """Make sure NLTK data ``package`` (found at ``path``) is installed, downloading it once if not.

    It is looked for as NLTK looks (:func:`lexnli.nltk_data.find`), without importing NLTK when it
    is there. NLTK's downloader verifies each package against the checksum in its index; what it
    prints on an error (``[nltk_data] Error loading ...``) is kept out of the terminal and becomes
    part of the one message raised. Set ``LEXNLI_NO_DOWNLOAD=1`` to forbid the download. If the data
    is still missing, raise :class:`ResourceMissingError` saying how to install it or point
    ``NLTK_DATA`` at it.
    """
    try:
        find_nltk_data(path)
        return
    except LookupError:
        pass
    except zipfile.BadZipFile as exc:
        raise damaged_nltk_zip_error(path, package, exc) from exc
    if downloads_forbidden():
        reason = f"downloading is disabled ({NO_DOWNLOAD_ENV_VAR}={os.environ[NO_DOWNLOAD_ENV_VAR]})"
    else:
        import nltk

        printed = io.StringIO()
        try:
            nltk.download(package, quiet=True, raise_on_error=True, print_error_to=printed)
            find_nltk_data(path)
            return
        except (LookupError, ValueError, OSError) as exc:
            reason = f"downloading it failed: {' '.join(str(exc).split())}"
    raise ResourceMissingError(
        f"{what} is not installed, and {reason}: run `python -m nltk.downloader {package}` (or `lexnli fetch`), "
        f"or set NLTK_DATA to a folder that has {path}.")


@lru_cache(maxsize=1)
def nltk_tagger():
    from nltk.tag import PerceptronTagger

    ensure_nltk_data(*NLTK_PACKAGES["tagger"])
    return PerceptronTagger()


#: The taggers of raw text: ``"fast"`` (:class:`lexnli.tagging.BatchPerceptronTagger`, NLTK's tags
#: in batches, memoized) and ``"nltk"`` (``PerceptronTagger.tag`` one sentence at a time, the reference).
TAGGERS = ("fast", "nltk")
#: How many distinct sentences :func:`tokenize_and_tag_many` remembers (oldest forgotten first).
MEMO_SIZE = 100_000


@lru_cache(maxsize=1)
def _fast_tokenizer():
    from .treebank import TreebankTokenizer

    return TreebankTokenizer()


@lru_cache(maxsize=1)
def _batch_tagger():
    from .tagging import BatchPerceptronTagger

    return BatchPerceptronTagger(nltk_tagger())


def load_tagger() -> None:
    """Load the fast tokenizer and tagger (NLTK's weights) now rather than at the first raw sentence:
    before forking worker processes, say, which then share them instead of each loading its own."""
    _fast_tokenizer(), _batch_tagger()


_memo: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _interned(tokens, tags) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(map(sys.intern, tokens)), tuple(map(sys.intern, tags))


def nltk_tokenize_and_tag(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Tokenize raw text (Treebank conventions) and POS-tag it with NLTK's tagger, one sentence: the reference."""
    tokens = _tokenizer().tokenize(text)
    if not tokens:
        return (), ()
    return _interned(tokens, (tag for _, tag in nltk_tagger().tag(tokens)))


def tokenize_many(texts) -> list[tuple[str, ...]]:
    """The Treebank tokens of each raw text, as :func:`tokenize_and_tag_many` cuts them (no tags)."""
    tokenize = _fast_tokenizer().tokenize
    return [tuple(map(sys.intern, tokenize(text))) for text in texts]


def tokenize_and_tag_many(texts, tagger: str | Callable = "fast") -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """``(tokens, tags)`` of each raw text: Treebank tokens, PTB tags equal to NLTK's tagger's.

    With ``tagger="fast"`` the distinct texts not seen recently are tokenized by
    :class:`lexnli.treebank.TreebankTokenizer`, tagged in one batch by
    :class:`lexnli.tagging.BatchPerceptronTagger` and remembered (at most :data:`MEMO_SIZE`
    texts), so a premise repeated across pairs or calls is tokenized and tagged once;
    ``tagger="nltk"`` runs :func:`nltk_tokenize_and_tag` on each text. A function ``tagger`` (such as
    a syntax model's :meth:`~lexnli.syntax.SyntaxModel.tag`) is given the distinct token lists at once
    and returns their tags: NLTK's tagger is then neither loaded nor run.
    """
    if not callable(tagger) and tagger not in TAGGERS:
        raise ValueError(f"tagger must be one of {TAGGERS} or a function of token lists, got {tagger!r}")
    texts = list(texts)
    if callable(tagger):
        token_lists = tokenize_many(texts)
        distinct = list(dict.fromkeys(token_lists))
        tags = dict(zip(distinct, tagger(distinct))) if distinct else {}
        return [_interned(tokens, tags[tokens]) for tokens in token_lists]
    if tagger == "nltk":
        return [nltk_tokenize_and_tag(text) for text in texts]
    new = [text for text in dict.fromkeys(texts) if text not in _memo]
    tokenize = _fast_tokenizer().tokenize
    token_lists = [tokenize(text) for text in new]
    tagged = _batch_tagger().tag_sents(token_lists) if token_lists else []  # parsed input needs no tagger
    fresh = dict(zip(new, (_interned(tokens, tags) for tokens, tags in zip(token_lists, tagged))))
    results = [fresh.get(text) or _memo[text] for text in texts]
    overflow = len(_memo) + len(fresh) - MEMO_SIZE
    for old in list(_memo)[:max(overflow, 0)]:
        del _memo[old]
    _memo.update(list(fresh.items())[-MEMO_SIZE:])
    return results


@lru_cache(maxsize=1)
def load_wordnet():
    """lexnli's WordNet reader (:func:`lexnli.wordnet_reader.read_wordnet`), loaded once (downloaded first if
    missing, see :func:`ensure_nltk_data`). NLTK's shared ``nltk.corpus.wordnet`` is not touched."""
    from .wordnet_reader import read_wordnet

    ensure_nltk_data(*NLTK_PACKAGES["wordnet"])
    return read_wordnet()  # half as long to load as NLTK's (see lexnli.wordnet_reader)


@lru_cache(maxsize=1)
def load_wordnet_index():
    """WordNet's lemma index and data files as lexnli reads them (:class:`lexnli.wordnet_index.WordNetIndex`),
    from the WordNet NLTK's data holds (downloaded first if missing), without loading NLTK's reader."""
    from .nltk_data import wordnet_root
    from .wordnet_index import WordNetIndex

    ensure_nltk_data(*NLTK_PACKAGES["wordnet"])
    return WordNetIndex(wordnet_root())


def lemmatize(tokens, tags) -> tuple[str, ...]:
    """WordNet lemmas (``morphy``) of tokens, using the PTB tag to pick the WordNet POS."""
    lemmatize_word = load_wordnet_index().lemmatize
    return tuple(
        sys.intern(lemmatize_word(tok.lower(), ptb_to_wordnet(tag, "n"))) for tok, tag in zip(tokens, tags)
    )


def make_sentences(items, *, lemmas: bool = False, tagger: str | Callable = "fast") -> list[Sentence]:
    """Build a :class:`Sentence` for each ``(text, parse)``: from the parse if there is one, else from the text.

    The texts without a parse are tokenized and tagged together (:func:`tokenize_and_tag_many`),
    which is what makes raw text fast: pass a whole batch, not one sentence at a time.
    Tokens keep their case: lowercasing is the featurizer's (``PairFeaturizer(lowercase=...)``).

    Parameters
    ----------
    items : iterable of (str, str or None)
        The raw sentence and a bracketed PTB parse of it (SNLI's ``sentence1_parse``), or ``None``
        (or ``""``) to tokenize and tag the text.
    lemmas : bool, default=False
        Also compute WordNet lemmas (needs the WordNet data).
    tagger : {"fast", "nltk"} or callable, default="fast"
        How raw text is tagged, see :data:`TAGGERS`; both give NLTK's tags. A function of token lists
        gives its own tags (see :func:`tokenize_and_tag_many`).
    """
    items = list(items)
    raw = tokenize_and_tag_many([text for text, parse in items if not parse], tagger)[::-1]
    sentences = []
    for text, parse in items:
        tokens, tags = parse_leaves(parse) if parse else raw.pop()
        lemma_tuple = lemmatize(tokens, tags) if lemmas else None
        sentences.append(Sentence(text=text, tokens=tokens, tags=tags, parse=parse or None, lemmas=lemma_tuple))
    return sentences


def make_sentence(text: str, parse: str | None = None, *, lemmas: bool = False, tagger: str = "fast") -> Sentence:
    """Build one :class:`Sentence` from ``parse`` if given, else from ``text``; see :func:`make_sentences`."""
    return make_sentences([(text, parse)], lemmas=lemmas, tagger=tagger)[0]
