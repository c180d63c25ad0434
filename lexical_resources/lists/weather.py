"""Words for the weather: a sunny day is not a rainy, snowy, cloudy, foggy or stormy one, and a
rainy day not a snowy one.

Captions name the weather with a handful of adjectives (*on a sunny day*, *a snowy street*), and
swapping one for another is a contradiction to SNLI's annotators; WordNet does not relate them
(*sunny* is filed as *cheery*, *rainy* as similar to *wet*). Clouds go with rain, snow, fog and
storms, and a storm with rain or snow, so only sunshine against the rest, and rain against snow,
conflict. *Clear*, *bright* and *fair* are left out: they mostly say something else.
"""
from __future__ import annotations

from ..registry import CONFLICT, NOMINAL, Relation, relation_source

WEATHER_DIFFERENT = "weather_different"

#: Weather adjectives, by the kind of weather they name.
WEATHER = {"sunny": "sun", "sunlit": "sun", "sunshiny": "sun", "cloudless": "sun",
           "rainy": "rain", "showery": "rain", "drizzly": "rain",
           "snowy": "snow",
           "cloudy": "cloud", "overcast": "cloud",
           "foggy": "fog", "misty": "fog",
           "stormy": "storm"}
#: Pairs of kinds that cannot describe one day at one place.
CONFLICTING = frozenset({frozenset({"sun", other}) for other in ("rain", "snow", "cloud", "fog", "storm")}
                        | {frozenset({"rain", "snow"})})


@relation_source("weather", order=540, reads=NOMINAL, needs=lambda word: word.lemma in WEATHER,
                 relations=(Relation(WEATHER_DIFFERENT, CONFLICT, 70),))
def weather_relation(premise_lemma: str, hypothesis_lemma: str) -> str | None:
    """``'weather_different'`` when the lemmas name kinds of weather that exclude each other, else None.

    >>> weather_relation("sunny", "rainy"), weather_relation("rainy", "cloudy")
    ('weather_different', None)
    """
    kinds = frozenset({WEATHER.get(premise_lemma), WEATHER.get(hypothesis_lemma)})
    return WEATHER_DIFFERENT if kinds in CONFLICTING else None
