"""lexnli.dependencies: constituency parses to labelled dependency trees (hand-checked trees, validity, errors)."""
import gzip
import json

import pytest

from lexnli.dependencies import LABELS, DependencyTree, from_parse
from lexnli.text import parse_leaves

from tests.conftest import shared_file


def arcs(parse):
    """``(head, label)`` of each token of ``parse``'s tree."""
    tree = from_parse(parse)
    return list(zip(tree.heads, tree.labels))


def test_a_transitive_clause():
    parse = "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ eats) (NP (DT an) (NN apple))) (. .)))"
    assert arcs(parse) == [(2, "det"), (3, "nsubj"), (0, "root"), (5, "det"), (3, "obj"), (3, "punct")]


def test_bad_brackets_are_a_value_error():
    for parse in ("", "(ROOT (S (NP (DT A) (NN man))", "(ROOT (NN man)))", "(ROOT ())", "man", "(NN man) (NN dog)"):
        with pytest.raises(ValueError, match="malformed parse"):
            from_parse(parse)


def test_every_dev_parse_is_a_tree():
    path = shared_file("snli_1.0/snli_1.0_dev.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        parses = [p for line in lines for p in map(json.loads(line).get, ("sentence1_parse", "sentence2_parse")) if p]
    assert len(parses) == 20_000
    for parse in parses:
        tree = from_parse(parse)
        assert isinstance(tree, DependencyTree) and (tree.tokens, tree.tags) == parse_leaves(parse)
        assert set(tree.labels) <= set(LABELS)
