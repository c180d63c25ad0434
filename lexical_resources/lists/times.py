"""Times of day: a scene at night is not one at noon, and a sunrise is no sunset.

Captions say when a scene is (*at night*, *in the morning*, *at sunset*), and swapping one time
for another is a contradiction to SNLI's annotators; WordNet relates few of them (*night* is a
time period and *noon* an hour, which meet only at *measure*). Each word here names a span of
the clock: two words whose spans do not overlap conflict, and overlapping ones (*evening* /
*night*, *sunset* / *dusk*) are left to WordNet. *Day* is left out, since it is also a whole day
(*on a sunny day*; WordNet opposes it to *night*), and so is *twilight*, which may be at either end.
"""
from __future__ import annotations

from ..registry import ANY_CLASS, CONFLICT, Relation, relation_source

TIME_DIFFERENT = "time_different"

#: Times of day as spans of hours on a 24-hour clock; a span past 24 runs into the next morning.
TIMES = {"dawn": (5, 7), "daybreak": (5, 7), "sunrise": (5, 7), "morning": (5, 12),
         "noon": (11.5, 13), "noontime": (11.5, 13), "midday": (11, 14), "afternoon": (12, 18),
         "dusk": (17, 21), "sunset": (17, 21), "sundown": (17, 21), "evening": (17, 23),
         "night": (19, 29), "nighttime": (19, 29), "tonight": (19, 29), "midnight": (23.5, 24.5),
         "daytime": (6, 19), "daylight": (6, 19)}
_DAY = 24


@relation_source("times of day", order=550, reads=ANY_CLASS, needs=lambda word: word.lemma in TIMES,
                 relations=(Relation(TIME_DIFFERENT, CONFLICT, 80),))
def time_relation(premise_lemma: str, hypothesis_lemma: str) -> str | None:
    """``'time_different'`` when the lemmas name times of day whose spans do not overlap, else None.

    >>> time_relation("night", "noon"), time_relation("sunrise", "sunset"), time_relation("morning", "night")
    ('time_different', 'time_different', 'time_different')
    >>> time_relation("evening", "night"), time_relation("midnight", "night"), time_relation("night", "bench")
    (None, None, None)
    """
    premise, hypothesis = TIMES.get(premise_lemma), TIMES.get(hypothesis_lemma)
    if premise is None or hypothesis is None:
        return None
    overlap = any(p_start < h_end and h_start < p_end
                  for p_start, p_end in (premise, (premise[0] + _DAY, premise[1] + _DAY))
                  for h_start, h_end in (hypothesis, (hypothesis[0] + _DAY, hypothesis[1] + _DAY)))
    return None if overlap else TIME_DIFFERENT
