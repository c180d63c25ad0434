"""The end-to-end benchmark: each experiment's command line, and a child's wall time and peak memory."""
import argparse
import importlib.util
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

SPEC = importlib.util.spec_from_file_location("experiment_bench", REPO / "benchmarks" / "experiment_bench.py")
experiment_bench = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(experiment_bench)


def test_both_experiments_read_the_same_files_with_the_same_n_jobs():
    args = argparse.Namespace(train=Path("t"), dev=Path("d"), test=Path("e"), sick=Path("s"), no_sick=False, n_jobs=2)
    lexicalized = experiment_bench.command("lexicalized", args, Path("out"), Path("lexicalized.json"))
    inference = experiment_bench.command("inference", args, Path("out"), Path("inference.json"))
    assert lexicalized[1:] == [str(experiment_bench.PHASE_TIMER), "lexicalized.json", "-m", "experiments.lexicalized",
                               "--train", "t", "--dev", "d", "--test", "e", "--out", "out", "--n-jobs", "2"]
    assert inference[2:4] == ["inference.json", "-m"]
    assert inference[4:] == ["experiments.inference", *lexicalized[5:], "--sick", "s"]
    args.no_sick, args.n_jobs = True, None
    assert experiment_bench.command("inference", args, Path("out"), Path("p.json"))[-2:] == ["out", "--no-sick"]


def test_a_child_is_timed_and_its_peak_memory_read():
    seconds, peak = experiment_bench.measure([sys.executable, "-c", "import time; x = bytearray(300 * 2**20); "
                                              "x[::4096] = b'1' * len(x[::4096]); time.sleep(0.2)"])
    assert seconds >= 0.2 and 300 <= peak < 1000


def test_a_failing_child_stops_the_benchmark_with_its_errors():
    with pytest.raises(SystemExit, match="boom"):
        experiment_bench.measure([sys.executable, "-c", "raise SystemExit('boom')"])


def test_missing_files_are_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        experiment_bench.main(["--train", str(tmp_path / "none.jsonl"), "--no-sick"])
    assert stopped.value.code == 2 and "none.jsonl: no such file" in capsys.readouterr().err
