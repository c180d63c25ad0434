"""lexical_resources.lists.activities: sleeping against acting, read off the module's docstrings and lists.

WordNet's verb files are given as a dict's ``get`` (as the doctests do), so no WordNet data is needed."""
import pytest

from lexical_resources.lists.activities import ACTIONS, RESTING, SLEEPING, WAKING, activity_relation

FILES = {"run": "verb.motion", "win": "verb.competition", "eat": "verb.consumption", "make": "verb.creation",
         "talk": "verb.communication", "hold": "verb.contact", "watch": "verb.perception", "smile": "verb.body",
         "read": "verb.cognition", "be": "verb.stative", "have": "verb.possession", "change": "verb.change",
         "relax": "verb.body", "cuddle": "verb.contact", "snore": "verb.body", "dream": "verb.cognition",
         "seem": "verb.perception", "sleep": "verb.body", "nap": "verb.body"}.get


@pytest.mark.parametrize("other", ["run", "win", "eat", "make", "talk", "hold", "watch", "smile", "read"])
def test_sleeping_against_a_verb_of_acting_either_way(other):
    assert activity_relation("sleep", other, FILES) == activity_relation(other, "doze", FILES) == "sleep_action"


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("sleep", "wake", "sleep_action"), ("awaken", "snooze", "sleep_action"), ("slumber", "waken", "sleep_action"),
    ("sleep", "nap", None),   # two ways of sleeping
    ("sleep", "be", None), ("sleep", "have", None), ("sleep", "change", None),   # being, having, changing
    ("sleep", "relax", None), ("cuddle", "sleep", None), ("sleep", "snore", None), ("dream", "nap", None),
    ("sleep", "seem", None),   # resting and seeming, though filed among the actions' files
    ("sleep", "xyzzy", None),   # a verb WordNet does not file
    ("run", "eat", None), ("wake", "run", None),   # no sleeping
])
def test_what_a_sleeper_may_do_is_no_conflict(premise, hypothesis, relation):
    assert activity_relation(premise, hypothesis, FILES) == relation


def test_the_lists_are_apart():
    assert not SLEEPING & WAKING and not SLEEPING & RESTING and not WAKING & RESTING
    assert not {"verb.stative", "verb.possession", "verb.change"} & ACTIONS
