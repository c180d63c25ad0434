"""The relation battery: its pairs, its counting, its CLI, and the categories the lexicon covers whole."""
import csv
import json

import pytest

from experiments.relation_battery import OPPOSITES, WORDS, battery_pairs, coverage, main
from lexnli.errors import ResourceMissingError

TINY = {"categories": {"colour": {"tag": "JJ", "words": ["red", "blue", "green"]}},
        "opposites": [["JJ", "tall", "short"]]}


class Relations:
    """Every pair conflicts but red / green (unrelated) and green -> blue (a synonym, say)."""

    def relation(self, premise, premise_tag, hypothesis, hypothesis_tag):
        assert premise_tag == hypothesis_tag
        return {("red", "green"): None, ("green", "blue"): "synonym"}.get((premise, hypothesis), "antonym")


def test_every_ordered_pair_of_a_category_and_each_opposite_both_ways():
    pairs = battery_pairs(TINY)
    assert sorted(pairs["colour"]) == sorted(("JJ", a, b) for a in ("red", "blue", "green")
                                             for b in ("red", "blue", "green") if a != b)
    assert pairs[OPPOSITES] == [("JJ", "tall", "short"), ("JJ", "short", "tall")]


def test_coverage_lists_the_pairs_that_do_not_conflict():
    missed = coverage(battery_pairs(TINY), Relations())
    assert sorted(missed["colour"]) == [("green", "blue", "synonym"), ("red", "green", None)]
    assert missed[OPPOSITES] == []


def test_a_file_that_is_not_a_word_list_exits_2(tmp_path, capsys):
    bad = tmp_path / "words.json"
    bad.write_text(json.dumps({"colours": []}))
    assert main(["--words", str(bad)]) == 2
    assert str(bad) in capsys.readouterr().err
    assert main(["--words", str(tmp_path / "missing.json")]) == 2


def test_the_shipped_word_list_is_well_formed():
    with open(WORDS, encoding="utf-8") as f:
        words = json.load(f)
    for name, category in words["categories"].items():
        assert category["tag"] in ("JJ", "NN", "NNP", "VBZ")
        assert len(set(category["words"])) == len(category["words"]) > 1
    assert all(len(item) == 3 for item in words["opposites"])


def test_the_real_lexicon_keeps_whole_categories_apart(tmp_path, capsys):
    from featurize.families.alignment import word_relations

    try:
        word_relations()
    except ResourceMissingError as exc:
        pytest.skip(f"needs WordNet and VerbOcean: {exc}")
    out = tmp_path / "battery.csv"
    assert main(["--out", str(out)]) == 0
    with open(out, encoding="utf-8") as f:
        rows = {row["category"]: row for row in csv.DictReader(f)}
    # Colours, peoples, countries, instruments (kinds kept apart), materials, days, months, rooms
    # (structures): every pair conflicts.
    for name in ("colour", "nationality", "country", "instrument", "material", "day", "month", "room"):
        assert rows[name]["conflicting"] == rows[name]["pairs"], name
    assert int(rows["animal"]["conflicting"]) >= 0.9 * int(rows["animal"]["pairs"])  # 264 of 272 (cat / lion: a kind)
    assert int(rows["place"]["conflicting"]) >= 0.9 * int(rows["place"]["pairs"])  # 68 of 72: scenes of different kinds
    assert "total" in capsys.readouterr().out
