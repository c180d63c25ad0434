"""lexical_resources.lists.times: times of day, read off the module's docstrings and table."""
import pytest

from lexical_resources.lists.times import TIMES, time_relation


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("dawn", "afternoon", "time_different"), ("midnight", "noon", "time_different"),
    ("midnight", "dawn", "time_different"), ("morning", "evening", "time_different"),
    ("night", "dawn", "time_different"), ("daytime", "night", "time_different"),   # spans that only touch
    ("noon", "midday", None), ("sunset", "dusk", None), ("morning", "noon", None), ("tonight", "evening", None),
    ("nighttime", "midnight", None), ("daylight", "afternoon", None),
    ("day", "night", None),   # a whole day too: left out
    ("twilight", "dawn", None),   # at either end of the day: left out
])
def test_times_of_day_whose_spans_do_not_overlap(premise, hypothesis, relation):
    assert time_relation(premise, hypothesis) == relation


def test_every_time_is_a_span_of_the_clock():
    assert all(0 <= start < end <= start + 24 for start, end in TIMES.values())
    assert "day" not in TIMES and "twilight" not in TIMES
    assert TIMES["night"][1] > 24   # past midnight, into the next morning
