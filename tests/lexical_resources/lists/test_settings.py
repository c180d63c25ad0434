"""lexical_resources.lists.settings: indoors and outdoors, read off the module's docstrings and lists."""
import pytest

from lexical_resources.lists.settings import INDOORS, INSIDE, OUTDOORS, OUTSIDE, is_setting_word, setting_relation


@pytest.mark.parametrize("premise, hypothesis, relation", [
    ("street", "outside", "setting_general"), ("classroom", "indoors", "setting_general"),
    ("outside", "street", "setting_specific"), ("indoor", "kitchen", "setting_specific"),
    ("kitchen", "outside", "setting_different"), ("beach", "indoors", "setting_different"),
    ("indoors", "beach", "setting_different"),
    ("inside", "outside", "antonym"), ("indoor", "outdoor", "antonym"),   # opposite settings, however tagged
    ("inside", "indoors", None),   # one setting: left to WordNet
    ("restaurant", "outside", None), ("store", "inside", None), ("pool", "outdoors", None),
    ("stage", "indoors", None), ("building", "outside", None),   # places that may be either
    ("street", "park", None),
])
def test_a_place_says_its_setting(premise, hypothesis, relation):
    assert setting_relation(premise, hypothesis) == relation


def test_setting_words_and_places():
    assert is_setting_word("street", "outside") and is_setting_word("indoor")
    assert not is_setting_word("street", "kitchen") and not is_setting_word()
    assert not OUTDOORS & INDOORS and not (OUTSIDE | INSIDE) & (OUTDOORS | INDOORS)
    assert not {"restaurant", "store", "pool", "stage", "building"} & (OUTDOORS | INDOORS)
