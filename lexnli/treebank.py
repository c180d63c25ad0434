"""NLTK's Treebank word tokenizer, ported: the same tokens with less work per sentence, without NLTK.

The patterns and replacement strings below are NLTK's, copied in NLTK's order from NLTK 3.10.4
(Apache License 2.0, https://www.nltk.org): those of ``nltk.tokenize.TreebankWordTokenizer``
(``STARTING_QUOTES``, ``PUNCTUATION``, ``PARENS_BRACKETS``, ``DOUBLE_DASHES``, ``ENDING_QUOTES``)
and its contractions, ``nltk.tokenize.destructive.MacIntyreContractions`` (``CONTRACTIONS2`` and
``CONTRACTIONS3``), a port of Robert MacIntyre's Penn Treebank sed script. ``tokenize`` runs them
as NLTK's ``TreebankWordTokenizer().tokenize`` does (``convert_parentheses=False``), so NLTK is not
imported to tokenize (importing it takes longer than tokenizing thousands of sentences);
``tests/lexnli/test_treebank.py`` fails if NLTK's patterns change.

NLTK compiles its contractions with ``re`` and the other patterns with the ``regex`` engine, under
a timeout (its ReDoS guard, against patterns a caller supplies; these are fixed). Here all are
compiled with ``re``, with one adaptation where the two engines disagree: ``regex``'s ``\\s`` is
Unicode's White_Space, without the separators U+001C to U+001F that ``re`` counts as whitespace,
so ``\\s`` in the ``regex`` patterns is compiled as ``[^\\S\\x1c-\\x1f]``. Left as is: ``\\d`` (in
``([:,])([^\\d])``) follows the Unicode version of each engine, so a decimal digit newer than
Python's Unicode tables, right after a comma or colon, may be split off where NLTK would not.

Every sentence would run about 25 substitutions, though in a typical sentence only a few can match:
:class:`TreebankTokenizer` skips a substitution when the text lacks a character or word the pattern
needs to match, a search for plain substrings. A skipped substitution would have left the text
unchanged, so the tokens are NLTK's.
"""
from __future__ import annotations

import re

#: ``TreebankWordTokenizer.STARTING_QUOTES``: (pattern, replacement), in order.
STARTING_QUOTES = (
    (r"^\"", r"``"),
    (r"(``)", r" \1 "),
    (r"([ \(\[{<])(\"|\'{2})", r"\1 `` "),
)
#: ``TreebankWordTokenizer.PUNCTUATION``: (pattern, replacement), in order.
PUNCTUATION = (
    (r"([:,])([^\d])", r" \1 \2"),
    (r"([:,])$", r" \1 "),
    (r"\.\.\.", r" ... "),
    (r"[;@#$%&]", r" \g<0> "),
    (r'([^\.])(\.)([\]\)}>"\']*)\s*$', r"\1 \2\3 "),
    (r"[?!]", r" \g<0> "),
    (r"([^'])' ", r"\1 ' "),
)
#: ``TreebankWordTokenizer.PARENS_BRACKETS``: (pattern, replacement).
PARENS_BRACKETS = (r"[\]\[\(\)\{\}\<\>]", r" \g<0> ")
#: ``TreebankWordTokenizer.DOUBLE_DASHES``: (pattern, replacement).
DOUBLE_DASHES = (r"--", r" -- ")
#: ``TreebankWordTokenizer.ENDING_QUOTES``: (pattern, replacement), in order, run on the text padded
#: with a space at each end.
ENDING_QUOTES = (
    (r"''", " '' "),
    (r'"', " '' "),
    (r"([^' ])('[sS]|'[mM]|'[dD]|') ", r"\1 \2 "),
    (r"([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", r"\1 \2 "),
)
#: ``MacIntyreContractions.CONTRACTIONS2`` and ``CONTRACTIONS3``: patterns, in order (NLTK does not
#: use ``CONTRACTIONS4``), each replaced by :data:`CONTRACTION_REPLACEMENT`.
CONTRACTIONS2 = (
    r"(?i)\b(can)(?#X)(not)\b",
    r"(?i)\b(d)(?#X)('ye)\b",
    r"(?i)\b(gim)(?#X)(me)\b",
    r"(?i)\b(gon)(?#X)(na)\b",
    r"(?i)\b(got)(?#X)(ta)\b",
    r"(?i)\b(lem)(?#X)(me)\b",
    r"(?i)\b(more)(?#X)('n)\b",
    r"(?i)\b(wan)(?#X)(na)(?=\s)",
)
CONTRACTIONS3 = (r"(?i) ('t)(?#X)(is)\b", r"(?i) ('t)(?#X)(was)\b")
CONTRACTION_REPLACEMENT = r" \1 \2 "

#: For each pattern (by source): the substrings, one of which the text must hold for it to match.
_NEEDS = {
    r"^\"": ('"',), r"(``)": ("``",), r"([ \(\[{<])(\"|\'{2})": ('"', "''"),
    r"([:,])([^\d])": (":", ","), r"([:,])$": (":", ","), r"\.\.\.": ("...",),
    r"[;@#$%&]": tuple(";@#$%&"), r'([^\.])(\.)([\]\)}>"\']*)\s*$': (".",), r"[?!]": ("?", "!"),
    r"([^'])' ": ("' ",), r"[\]\[\(\)\{\}\<\>]": tuple("][(){}<>"), r"--": ("--",),
    r"''": ("''",), r'"': ('"',), r"([^' ])('[sS]|'[mM]|'[dD]|') ": ("' ", "'s", "'S", "'m", "'M", "'d", "'D"),
    r"([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ": ("'ll", "'LL", "'re", "'RE", "'ve", "'VE", "n't", "N'T"),
}
#: The same for the case-insensitive contractions, applied to the lowercased text and only to ASCII
#: text, where lowercasing is exactly what a case-insensitive match sees.
_NEEDS_LOWERCASE = {
    r"(?i)\b(can)(?#X)(not)\b": ("cannot",), r"(?i)\b(d)(?#X)('ye)\b": ("d'ye",),
    r"(?i)\b(gim)(?#X)(me)\b": ("gimme",), r"(?i)\b(gon)(?#X)(na)\b": ("gonna",),
    r"(?i)\b(got)(?#X)(ta)\b": ("gotta",), r"(?i)\b(lem)(?#X)(me)\b": ("lemme",),
    r"(?i)\b(more)(?#X)('n)\b": ("more'n",), r"(?i)\b(wan)(?#X)(na)(?=\s)": ("wanna",),
    r"(?i) ('t)(?#X)(is)\b": ("'tis",), r"(?i) ('t)(?#X)(was)\b": ("'twas",),
}

#: What every contraction pattern needs, lowercased: without one of these, all of them are skipped.
_ANY_CONTRACTION = re.compile("|".join(re.escape(n) for needs in _NEEDS_LOWERCASE.values() for n in needs))


def _guard(needs):
    """A compiled search for any of the substrings ``needs``."""
    return re.compile("|".join(re.escape(n) for n in needs)).search


def _regex_engine_step(pattern, replacement):
    """A step of a pattern NLTK compiles with ``regex``: ``\\s`` as ``regex`` reads it (see the module)."""
    return (re.compile(pattern.replace(r"\s", r"[^\S\x1c-\x1f]")).sub, replacement, _guard(_NEEDS[pattern]), None)


def _contraction_step(pattern):
    return re.compile(pattern).sub, CONTRACTION_REPLACEMENT, None, _guard(_NEEDS_LOWERCASE[pattern])


class TreebankTokenizer:
    """``nltk.tokenize.TreebankWordTokenizer().tokenize(text)``'s tokens, skipping substitutions that
    cannot apply, without NLTK (see the module)."""

    def __init__(self):
        self._before = [_regex_engine_step(p, r) for p, r in
                        (*STARTING_QUOTES, *PUNCTUATION, PARENS_BRACKETS, DOUBLE_DASHES)]
        self._quotes = [_regex_engine_step(p, r) for p, r in ENDING_QUOTES]
        self._contractions = [_contraction_step(p) for p in (*CONTRACTIONS2, *CONTRACTIONS3)]

    @staticmethod
    def _apply(steps, text: str) -> str:
        for sub, replacement, needs, needs_lower in steps:
            if needs is not None and not needs(text):
                continue
            if needs_lower is not None and text.isascii() and not needs_lower(text.lower()):
                continue
            text = sub(replacement, text)
        return text

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text``, as ``TreebankWordTokenizer().tokenize(text)`` gives them."""
        text = self._apply(self._quotes, " " + self._apply(self._before, text) + " ")
        if not text.isascii() or _ANY_CONTRACTION.search(text.lower()):
            text = self._apply(self._contractions, text)
        return text.split()
