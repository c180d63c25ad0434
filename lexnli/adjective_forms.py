"""Superlatives of common adjectives, which the syntax model's tagger tags JJS wherever they stand.

SNLI's captions seldom compare: its train subset's parses show *tallest* once, beside *the forest*
135 times and *the contest* 19 times. Refitted on them, the tagger reads *-est* after a determiner
as a noun (*The boy is the tallest.*: *tallest* NN), and a noun compares nothing. Each form here is
a regular superlative (:func:`superlative`) of an adjective of :data:`GRADABLE`, and no other word.

>>> superlative("tall"), superlative("big"), superlative("large"), superlative("happy"), superlative("grey")
('tallest', 'biggest', 'largest', 'happiest', 'greyest')
>>> sorted(form for form in SUPERLATIVES if not form.endswith("est"))
[]
"""
from __future__ import annotations

#: Gradable adjectives of one or two syllables, compared by *-er*/*-est*, whose superlative is no adverb in a
#: caption (not *fast*, *hard*, *high*, *long*, *late*, *early*, *near*, *close*: *runs the fastest* is RBS).
GRADABLE = (
    "angry", "big", "bright", "brave", "busy", "calm", "cheap", "clean", "cold", "cool", "cute", "dark", "deep",
    "dirty", "dry", "easy", "fat", "fine", "funny", "great", "happy", "healthy", "heavy", "hot", "huge", "hungry",
    "kind", "large", "lazy", "loud", "lucky", "messy", "narrow", "new", "nice", "noisy", "old", "pale", "poor",
    "pretty", "proud", "quick", "quiet", "rich", "sad", "safe", "short", "silly", "simple", "slow", "small", "smart",
    "soft", "strange", "strong", "sweet", "tall", "thick", "thin", "tiny", "ugly", "warm", "weak", "wet", "wide",
    "wise", "young")

_VOWELS = frozenset("aeiou")


def superlative(adjective: str) -> str:
    """The regular superlative of an adjective: *-st* after *e*, *-iest* for a consonant and *y*, the last
    consonant doubled after one short vowel (*big*, *thin*; not *w*, *x* or *y*), else *-est*."""
    if adjective.endswith("e"):
        return adjective + "st"
    if adjective.endswith("y") and adjective[-2] not in _VOWELS:
        return adjective[:-1] + "iest"
    last3 = adjective[-3:]
    if (len(last3) == 3 and last3[0] not in _VOWELS and last3[1] in _VOWELS and last3[2] not in _VOWELS | set("wxy")
            and sum(c in _VOWELS for c in adjective) == 1):
        return adjective + adjective[-1] + "est"
    return adjective + "est"


#: The superlatives of :data:`GRADABLE`.
SUPERLATIVES = frozenset(superlative(adjective) for adjective in GRADABLE)
