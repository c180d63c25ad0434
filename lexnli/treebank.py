"""NLTK's Treebank word tokenizer, the same tokens with less work per sentence.

``TreebankWordTokenizer.tokenize`` runs about 25 regular-expression substitutions on every
sentence, most through NLTK's ReDoS guard (the ``regex`` engine under a timeout), though in a
typical sentence only a few can match. :class:`TreebankTokenizer` runs the very same compiled
patterns, in the same order, taken from NLTK's tokenizer (without the timeout wrapper: the
patterns are NLTK's own, not a caller's), and skips a substitution when the text lacks a
character or word the pattern needs to match, a search for plain substrings. A skipped
substitution would have left the text unchanged, so the tokens are NLTK's.
"""
from __future__ import annotations

import re

#: For each of NLTK's patterns (by source): the substrings, one of which the text must hold for it
#: to match. Word guards (for the case-insensitive contractions) apply to the lowercased text and
#: only to ASCII text, where lowercasing is exactly what a case-insensitive match sees.
_NEEDS = {
    r"^\"": ('"',), r"(``)": ("``",), r"([ \(\[{<])(\"|\'{2})": ('"', "''"),
    r"([:,])([^\d])": (":", ","), r"([:,])$": (":", ","), r"\.\.\.": ("...",),
    r"[;@#$%&]": tuple(";@#$%&"), r'([^\.])(\.)([\]\)}>"\']*)\s*$': (".",), r"[?!]": ("?", "!"),
    r"([^'])' ": ("' ",), r"[\]\[\(\)\{\}\<\>]": tuple("][(){}<>"), r"--": ("--",),
    r"''": ("''",), r'"': ('"',), r"([^' ])('[sS]|'[mM]|'[dD]|') ": ("' ", "'s", "'S", "'m", "'M", "'d", "'D"),
    r"([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ": ("'ll", "'LL", "'re", "'RE", "'ve", "'VE", "n't", "N'T"),
}
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
    """A compiled search for any of the substrings ``needs`` (None: no guard, always run the step)."""
    return None if needs is None else re.compile("|".join(re.escape(n) for n in needs)).search


class TreebankTokenizer:
    """``TreebankWordTokenizer().tokenize(text)``'s tokens, skipping substitutions that cannot apply.

    Parameters
    ----------
    tokenizer : nltk.tokenize.TreebankWordTokenizer
        Where the patterns and their order come from; a pattern this module has no guard for
        is always run.
    """

    def __init__(self, tokenizer):
        def step(pattern, replacement):
            compiled = getattr(pattern, "_rx", pattern)  # NLTK's ReDoS wrapper holds the compiled pattern
            return (compiled.sub, replacement, _guard(_NEEDS.get(compiled.pattern)),
                    _guard(_NEEDS_LOWERCASE.get(compiled.pattern)))

        t = tokenizer
        self._before = [step(p, r) for p, r in
                        (*t.STARTING_QUOTES, *t.PUNCTUATION, t.PARENS_BRACKETS, t.DOUBLE_DASHES)]
        self._quotes = [step(p, r) for p, r in t.ENDING_QUOTES]
        self._contractions = [step(p, r" \1 \2 ") for p in (*t.CONTRACTIONS2, *t.CONTRACTIONS3)]

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
