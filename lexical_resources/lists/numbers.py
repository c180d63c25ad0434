"""Cardinal and ordinal numbers written as digits or words: "3", "three", "3rd", "third".

Numbers are how many NLI contradictions are made ("two dogs" / "three dogs"), and WordNet does
not know that *two* and *3* differ or that *2* and *two* are the same, so they are read here.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..registry import CONFLICT, EQUAL, Relation, relation_source

NUMBER_SAME, NUMBER_DIFFERENT = "number_same", "number_different"
ORDINAL_SAME, ORDINAL_DIFFERENT = "ordinal_same", "ordinal_different"
#: Not a relation of two words: the alignment gives it to a number that several premise mentions
#: add up to (*A man and a woman* / *Two people*).
NUMBER_TOTAL = "number_total"

_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
          "nineteen")
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_ORDINAL_UNITS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                  "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
                  "sixteenth", "seventeenth", "eighteenth", "nineteenth")
_ORDINAL_TENS = {"twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60,
                 "seventieth": 70, "eightieth": 80, "ninetieth": 90}

CARDINAL_WORDS: dict[str, int] = {w: i for i, w in enumerate(_UNITS)} | _TENS | {
    "hundred": 100, "thousand": 1000, "dozen": 12, "million": 10**6}
ORDINAL_WORDS: dict[str, int] = {w: i for i, w in enumerate(_ORDINAL_UNITS)} | _ORDINAL_TENS | {
    "hundredth": 100, "thousandth": 1000}

_DIGITS = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
_DIGIT_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th)")


@lru_cache(maxsize=2**16)
def cardinal(token: str) -> float | None:
    """The value of a cardinal number token (``"3"``, ``"three"``, ``"1,000"``, ``"twenty-one"``), else None."""
    word = token.lower()
    if word in CARDINAL_WORDS:
        return float(CARDINAL_WORDS[word])
    if _DIGITS.fullmatch(word):
        return float(word.replace(",", ""))
    tens, dash, unit = word.partition("-")
    if dash and tens in _TENS and unit in CARDINAL_WORDS and CARDINAL_WORDS[unit] < 10:
        return float(_TENS[tens] + CARDINAL_WORDS[unit])
    return None


@lru_cache(maxsize=2**16)
def ordinal(token: str) -> int | None:
    """The value of an ordinal token (``"3rd"``, ``"third"``, ``"twenty-first"``), else None."""
    word = token.lower()
    if word in ORDINAL_WORDS:
        return ORDINAL_WORDS[word]
    match = _DIGIT_ORDINAL.fullmatch(word)
    if match:
        return int(match.group(1))
    tens, dash, unit = word.partition("-")
    if dash and tens in _TENS and unit in ORDINAL_WORDS and ORDINAL_WORDS[unit] < 10:
        return _TENS[tens] + ORDINAL_WORDS[unit]
    return None


#: How :func:`number_relation` reads two tokens, in order: the reader, and the relation
#: when both tokens read as the same number, and when as different ones.
_READINGS = ((cardinal, NUMBER_SAME, NUMBER_DIFFERENT), (ordinal, ORDINAL_SAME, ORDINAL_DIFFERENT))


def _is_number(word) -> bool:
    """Whether the word's token reads as a cardinal, an ordinal or a compound led by one: what
    :func:`number_relation` needs of each token."""
    return cardinal(word.token) is not None or ordinal(word.token) is not None or _counted(word.token) is not None


@relation_source("numbers", order=200, reads=None, arguments=("premise", "hypothesis"), needs=_is_number,
                 relations=(Relation(NUMBER_SAME, EQUAL, 20), Relation(NUMBER_TOTAL, EQUAL, 30),
                            Relation(ORDINAL_SAME, EQUAL, 40), Relation(NUMBER_DIFFERENT, CONFLICT, 10),
                            Relation(ORDINAL_DIFFERENT, CONFLICT, 20)))
def number_relation(premise_token: str, hypothesis_token: str) -> str | None:
    """``"number_same"`` / ``"number_different"`` for two cardinals, ``"ordinal_same"`` /
    ``"ordinal_different"`` for two ordinals, else None (not both numbers of one kind). Two
    compounds that differ only in the number leading them compare as those numbers.

    >>> number_relation("2", "two"), number_relation("two", "three"), number_relation("1st", "second")
    ('number_same', 'number_different', 'ordinal_different')
    >>> number_relation("5-year-old", "7-year-old"), number_relation("3-year-old", "three-year-old")
    ('number_different', 'number_same')
    """
    for read, same, different in _READINGS:
        a = read(premise_token)
        b = read(hypothesis_token) if a is not None else None  # most words are no numbers: read one
        if b is not None:
            return same if a == b else different
    a = _counted(premise_token)
    b = _counted(hypothesis_token) if a is not None else None
    if b is not None and a[1] == b[1]:
        return number_relation(a[0], b[0])
    return None


def _counted(token: str) -> tuple[str, str] | None:
    """A compound led by a number (``"5-year-old"``, ``"two-story"``): the number and the rest, else None."""
    head, dash, rest = token.lower().partition("-")
    if dash and rest and (cardinal(head) is not None or ordinal(head) is not None):
        return head, rest
    return None
