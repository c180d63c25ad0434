"""The hand-written compositional probe set (experiments/probes/compositional_hand_written.jsonl).

Written by hand in SNLI's caption style; these checks keep its shape: enough lines, every category
with both entailed and non-entailed pairs, unique pairIDs and valid gold labels.
"""
from collections import defaultdict

import pytest

from experiments.make_probes import read_probes
from tests.conftest import REPO

PROBES = REPO / "experiments" / "probes" / "compositional_hand_written.jsonl"
CATEGORIES = {"negation_lexical", "downward_monotone", "upward_monotone", "passive", "coordination",
              "relative_clause", "embedded_nonveridical", "embedded_veridical", "role_swap"}
LABELS = {"entailment", "neutral", "contradiction"}


@pytest.fixture(scope="module")
def lines():
    return read_probes(PROBES)


def test_size_ids_and_labels(lines):
    assert len(lines) >= 180
    assert len({line["pairID"] for line in lines}) == len(lines)
    assert len({(line["sentence1"], line["sentence2"]) for line in lines}) == len(lines)
    for line in lines:
        assert line["gold_label"] in LABELS, line["pairID"]
        assert line["category"] in CATEGORIES, line["pairID"]


def test_each_category_has_both_entailed_and_non_entailed_pairs(lines):
    labels = defaultdict(list)
    for line in lines:
        labels[line["category"]].append(line["gold_label"])
    assert set(labels) == CATEGORIES
    for category, gold in labels.items():
        assert len(gold) >= 15, category
        assert "entailment" in gold, category
        assert any(label != "entailment" for label in gold), category
