"""The stage benchmark: every stage of an ``inference`` pass timed against the budget, and its usage errors."""
import importlib.util

import pytest

from tests.conftest import REPO

SPEC = importlib.util.spec_from_file_location("stage_bench", REPO / "benchmarks" / "stage_bench.py")
stage_bench = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(stage_bench)


def test_every_stage_is_timed_against_twice_the_lexicalized_pass(wordnet, tiny_verbocean, noisy_snli_files):
    rows = stage_bench.measure(noisy_snli_files["dev"])
    names = [row["stage"] for row in rows]
    assert names == ["lexicalized", "budget", "inference", "alignment: sentence analysis", "alignment: links forward",
                     "alignment: links back", "alignment: readings", "alignment: whole family",
                     *stage_bench.OWN_FAMILIES]
    by_name = {row["stage"]: row for row in rows}
    assert by_name["budget"]["seconds"] == pytest.approx(2 * by_name["lexicalized"]["seconds"], abs=1e-3)
    assert by_name["budget"]["vs_budget"] == 1.0 and by_name["lexicalized"]["vs_budget"] == 0.5
    assert all(row["pairs"] == 90 and row["seconds"] > 0 for row in rows)


def test_a_missing_dev_file_is_a_usage_error(tmp_path, capsys):
    assert stage_bench.main(["--dev", str(tmp_path / "none.jsonl")]) == 2
    assert "none.jsonl: no such file" in capsys.readouterr().err


def test_the_rows_are_printed_and_written_as_csv(tmp_path, capsys):
    rows = [{"stage": "lexicalized", "seconds": 0.5}, {"stage": "budget", "seconds": 1.0}]
    stage_bench.report(rows, tmp_path / "stages.csv")
    assert capsys.readouterr().out == "stage,seconds\nlexicalized,0.5\nbudget,1.0\n"
    assert (tmp_path / "stages.csv").read_text(encoding="utf-8").splitlines() == ["stage,seconds", "lexicalized,0.5",
                                                                                 "budget,1.0"]
    assert [p.name for p in tmp_path.iterdir()] == ["stages.csv"]
