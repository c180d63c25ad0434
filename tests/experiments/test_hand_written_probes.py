"""The hand-written probe set (experiments/probes/hand_written.jsonl): every line is one edit of a premise.

The set was written by hand (not by the substitution rules); these checks keep it what its
README entry says it is: one replacement of ``old`` by ``new`` per line, a gold label per line,
and, with the shared data, premises that are SNLI dev premises.
"""
import gzip
import json
import os
from pathlib import Path

import pytest

from tests.conftest import REPO

PROBES = REPO / "experiments" / "probes" / "hand_written.jsonl"
CATEGORIES = {"colour", "cardinal", "ordinal", "nationality", "adj_antonym", "verb_antonym", "noun_cohyponym",
              "material", "synonym", "hypernym", "neutral_hyponym"}


@pytest.fixture(scope="module")
def lines():
    return [json.loads(line) for line in PROBES.read_text(encoding="utf-8").splitlines()]


def test_each_hypothesis_is_its_premise_with_one_word_replaced(lines):
    assert len(lines) == 243 and len({line["pairID"] for line in lines}) == 243
    for line in lines:
        premise, hypothesis, old, new = line["sentence1"], line["sentence2"], line["old"], line["new"]
        assert old != new and old in premise
        starts = [i for i in range(len(premise)) if premise.startswith(old, i)]
        assert any(premise[:i] + new + premise[i + len(old):] == hypothesis for i in starts), line["pairID"]


def test_labels_and_categories(lines):
    assert {line["category"] for line in lines} == CATEGORIES
    assert {line["gold_label"] for line in lines} == {"entailment", "neutral", "contradiction"}
    for line in lines:
        if line["category"] in ("colour", "adj_antonym", "material"):  # nationality has an Asian -> Chinese control
            assert line["gold_label"] == "contradiction", line["pairID"]
        if line["category"] == "neutral_hyponym":
            assert line["gold_label"] == "neutral", line["pairID"]


def test_premises_are_snli_dev_premises(lines):
    dev = Path(os.environ.get("LEXNLI_SHARED_DATA", "../shared/data")) / "snli_1.0" / "snli_1.0_dev.jsonl.gz"
    if not dev.exists():
        pytest.skip(f"SNLI dev is not at {dev} (set LEXNLI_SHARED_DATA)")
    with gzip.open(dev, "rt", encoding="utf-8") as f:
        premises = {record["pairID"]: record["sentence1"] for record in map(json.loads, f)}
    for line in lines:
        assert premises[line["premise_id"]] == line["sentence1"], line["pairID"]
