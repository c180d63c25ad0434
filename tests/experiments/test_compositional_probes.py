"""The hand-written compositional probe set (experiments/probes/compositional_hand_written.jsonl).

Written by hand in SNLI's caption style; these checks keep its shape: enough lines, every category
with both entailed and non-entailed pairs, unique pairIDs and valid gold labels; the structural
categories (clause subjects, subordinate and reduced relative clauses, adjectives, comparatives) with
two labels of at least six pairs each, so that no one label answers a category.
"""
from collections import Counter, defaultdict

import pytest

from experiments.make_probes import read_probes
from tests.conftest import REPO

PROBES = REPO / "experiments" / "probes" / "compositional_hand_written.jsonl"
STRUCTURAL = {"clause_subject", "subordinate_clause", "reduced_relative", "adjective", "comparative"}
CATEGORIES = {"negation_lexical", "downward_monotone", "upward_monotone", "passive", "coordination",
              "relative_clause", "embedded_nonveridical", "embedded_veridical", "role_swap"} | STRUCTURAL
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


def test_structural_categories_are_not_one_label(lines):
    labels = defaultdict(Counter)
    for line in lines:
        labels[line["category"]][line["gold_label"]] += 1
    for category in STRUCTURAL:
        counts = sorted(labels[category].values(), reverse=True)
        assert sum(counts) >= 24, category
        assert len(counts) >= 2 and counts[1] >= 6, (category, labels[category])
