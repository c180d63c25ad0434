"""The peer benchmark: the cs224u-style peer's features, its side run in a fresh process, the table and its ratio."""
import argparse
import importlib.util
import json

from tests.conftest import REPO

SPEC = importlib.util.spec_from_file_location("peer_bench", REPO / "benchmarks" / "peer_bench.py")
peer_bench = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(peer_bench)


def test_the_peer_features_are_word_cross_products_and_overlaps_lowercased():
    features = peer_bench.peer_features(["The", "dog", "runs", "."], ["A", "dog", "."])
    assert features["cross:the|a"] == 1 and features["cross:dog|dog"] == 1 and features["cross:.|."] == 1
    assert sum(v for k, v in features.items() if k.startswith("cross:")) == 4 * 3
    assert {k for k in features if k.startswith("overlap:")} == {"overlap:dog", "overlap:."}
    repeated = peer_bench.peer_features(["dog", "Dog"], ["dog", "dog"])
    assert repeated == {"cross:dog|dog": 4, "overlap:dog": 1}


def test_the_peer_side_runs_in_a_fresh_process(template_files):
    args = argparse.Namespace(train=template_files["train"], dev=template_files["dev"], test=template_files["test"],
                              limit=50, n_jobs=None, C_grid=[0.1])
    row = peer_bench.measure("peer", args)
    assert row["side"] == "peer" and row["train_pairs"] == 50 and row["seconds"] > 0 and row["columns"] > 0
    assert 0 <= row["test_accuracy"] <= 1


def test_the_table_gives_each_side_against_the_peer_and_a_last_line_of_json(tmp_path, capsys):
    rows = [{"side": "peer", "train_pairs": 100, "seconds": 2.0, "test_accuracy": 0.5, "columns": 9},
            {"side": "ours", "train_pairs": 100, "seconds": 3.0, "test_accuracy": 0.75, "C": 0.1}]
    peer_bench.report(rows, tmp_path / "figures.csv")
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["peer", "100", "2.00", "0.5000", "1.00"]
    assert lines[2].split() == ["ours", "100", "3.00", "0.7500", "1.50"]
    assert lines[-1].startswith("RESULT ")
    assert json.loads(lines[-1][7:]) == {"train_pairs": 100, "peer_seconds": 2.0, "ours_seconds": 3.0, "ratio": 1.5,
                                        "peer_accuracy": 0.5, "ours_accuracy": 0.75}
    assert (tmp_path / "figures.csv").read_text(encoding="utf-8").splitlines() == [
        "side,train_pairs,seconds,test_accuracy,vs_peer", "peer,100,2.0,0.5,1.0", "ours,100,3.0,0.75,1.5"]


def test_a_missing_file_is_a_usage_error(tmp_path, capsys):
    assert peer_bench.main(["--train", str(tmp_path / "none.jsonl")]) == 2
    assert "none.jsonl: no such file" in capsys.readouterr().err
