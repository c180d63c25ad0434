"""The cores benchmark: two models timed at the same settings, alternating, with their ratio; outputs compared.

``lexnli predict`` is replaced by a fake that writes a chosen output and reports a chosen time."""
import importlib.util
from pathlib import Path

from tests.conftest import REPO

SPEC = importlib.util.spec_from_file_location("cores_bench", REPO / "benchmarks" / "cores_bench.py")
cores_bench = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(cores_bench)


def fake_predict(monkeypatch, seconds, outputs=None):
    """``run`` replaced: model M with ``--n-jobs N`` takes ``seconds[M.name][N]`` (one value per call, in turn)
    and writes ``outputs[M.name][N]`` (default: the model's name); returns the calls made."""
    calls = []

    def run(model, source, output, n_jobs):
        calls.append((model.name, n_jobs))
        output.write_text((outputs or {}).get(model.name, {}).get(n_jobs, model.name), encoding="utf-8")
        return seconds[model.name][n_jobs].pop(0)
    monkeypatch.setattr(cores_bench, "run", run)
    return calls


def test_the_runs_alternate_between_the_models_and_the_fastest_is_kept(monkeypatch, tmp_path):
    calls = fake_predict(monkeypatch, {"a": {1: [4.0, 3.0], 2: [2.0, 2.5]}, "b": {1: [2.0, 2.0], 2: [1.0, 1.5]}})
    seconds, outputs = cores_bench.measure([Path("a"), Path("b")], tmp_path / "in.jsonl", (1, 2), 2, tmp_path)
    assert calls == [("a", 1), ("b", 1), ("a", 2), ("b", 2)] * 2
    assert seconds == {(0, 1): 3.0, (1, 1): 2.0, (0, 2): 2.0, (1, 2): 1.0}
    assert outputs[1, 2].read_text(encoding="utf-8") == "b"


def test_against_prints_each_models_times_and_their_ratio_at_each_setting(monkeypatch, tmp_path, capsys):
    fake_predict(monkeypatch, {"a": {1: [4.0], 3: [3.0]}, "b": {1: [2.0], 3: [1.0]}})
    source = tmp_path / "in.jsonl"
    source.write_text('{"sentence1": "x", "sentence2": "y"}\n' * 5, encoding="utf-8")
    assert cores_bench.main(["--model", "a", "--against", "b", "--input", str(source), "--n-jobs", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "a --n-jobs 1: 4.00 s, 1 pairs/s (5 pairs)"
    assert "b: ratio --n-jobs 3 / --n-jobs 1: 0.50 (speed-up 2.00x); outputs identical" in lines
    assert lines[-2:] == ["--n-jobs 1: a / b: 2.00", "--n-jobs 3: a / b: 3.00"]


def test_a_model_whose_outputs_differ_between_the_settings_fails(monkeypatch, tmp_path, capsys):
    fake_predict(monkeypatch, {"a": {1: [1.0], 2: [1.0]}, "b": {1: [1.0], 2: [1.0]}},
                 outputs={"b": {1: "entailment", 2: "neutral"}})
    source = tmp_path / "in.jsonl"
    source.write_text("x\ty\n", encoding="utf-8")
    assert cores_bench.main(["--model", "a", "--against", "b", "--input", str(source), "--n-jobs", "2"]) == 1
    assert capsys.readouterr().err == "FAIL: b: --n-jobs 2 wrote other predictions than --n-jobs 1\n"
