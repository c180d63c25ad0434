"""Superlatives of common adjectives, which the syntax model's tagger tags JJS wherever they stand.

SNLI's captions seldom compare: its train subset's parses show *tallest* once, beside *the forest*
135 times and *the contest* 19 times. Refitted on them, the tagger reads *-est* after a determiner
as a noun (*The boy is the tallest.*: *tallest* NN), and a noun compares nothing.

>>> sorted(form for form in SUPERLATIVES if not form.endswith("est"))
[]
>>> "tallest" in SUPERLATIVES, "fastest" in SUPERLATIVES, "forest" in SUPERLATIVES
(True, False, False)
"""
from __future__ import annotations

#: Regular superlatives of gradable adjectives of one or two syllables, each no other word, and none an adverb's
#: form in a caption (not *fastest*, *hardest*, *highest*, *longest*, *latest*, *earliest*, *nearest*, *closest*:
#: *runs the fastest* is RBS).
SUPERLATIVES = frozenset({
    "angriest", "biggest", "bravest", "brightest", "busiest", "calmest", "cheapest", "cleanest", "coldest",
    "coolest", "cutest", "darkest", "deepest", "dirtiest", "driest", "easiest", "fattest", "finest", "funniest",
    "greatest", "happiest", "healthiest", "heaviest", "hottest", "hugest", "hungriest", "kindest", "largest",
    "laziest", "loudest", "luckiest", "messiest", "narrowest", "newest", "nicest", "noisiest", "oldest", "palest",
    "poorest", "prettiest", "proudest", "quickest", "quietest", "richest", "saddest", "safest", "shortest",
    "silliest", "simplest", "slowest", "smallest", "smartest", "softest", "strangest", "strongest", "sweetest",
    "tallest", "thickest", "thinnest", "tiniest", "ugliest", "warmest", "weakest", "wettest", "widest", "wisest",
    "youngest"})
