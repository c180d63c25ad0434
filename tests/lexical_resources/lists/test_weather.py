"""lexical_resources.lists.weather: words for the weather, read off the module's docstrings and table."""
import pytest

from lexical_resources.lists.weather import CONFLICTING, WEATHER, weather_relation


@pytest.mark.parametrize("premise, hypothesis, relation", [
    *(("sunny", other, "weather_different") for other in ("rainy", "snowy", "cloudy", "foggy", "stormy")),
    *((other, "sunny", "weather_different") for other in ("rainy", "snowy", "cloudy", "foggy", "stormy")),
    ("rainy", "snowy", "weather_different"), ("overcast", "sunshiny", "weather_different"),
    ("cloudless", "drizzly", "weather_different"),
    # clouds go with rain, snow, fog and storms, a storm with rain or snow
    ("cloudy", "foggy", None), ("snowy", "stormy", None), ("rainy", "stormy", None), ("misty", "drizzly", None),
    ("sunlit", "sunny", None), ("sunny", "sunny", None),
    ("clear", "rainy", None), ("bright", "snowy", None), ("fair", "stormy", None),   # left out
    ("sunny", "dog", None),
])
def test_weathers_that_cannot_describe_one_day(premise, hypothesis, relation):
    assert weather_relation(premise, hypothesis) == relation


def test_the_kinds_of_weather():
    assert set(WEATHER.values()) == {"sun", "rain", "snow", "cloud", "fog", "storm"}
    assert len(CONFLICTING) == 6 and all(len(pair) == 2 for pair in CONFLICTING)
