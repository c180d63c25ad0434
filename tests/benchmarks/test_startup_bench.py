"""benchmarks/startup_bench.py prints one row per command, each with its ratio to the scikit-learn import."""
import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "startup_bench.py"


def test_it_prints_every_row_against_the_sklearn_import(capsys):
    spec = importlib.util.spec_from_file_location("startup_bench", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.main(["--repeats", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "command,seconds,vs_sklearn_import"
    rows = {line.split(",")[0]: [float(x) for x in line.split(",")[1:]] for line in lines[1:]}
    assert set(rows) == {name for name, _ in bench.ROWS} and rows["import sklearn.linear_model"][1] == 1.0


def test_with_a_model_it_times_one_pair_and_its_stages(readme_pipeline, tagger, tmp_path, capsys):
    from classifiers.persistence import save_model

    spec = importlib.util.spec_from_file_location("startup_bench", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    model = save_model(readme_pipeline, tmp_path / "m.skops")
    assert bench.main(["--repeats", "1", "--model", str(model)]) == 0
    lines = capsys.readouterr().out.splitlines()
    table, stages = lines[:lines.index("stage,seconds")], lines[lines.index("stage,seconds") + 1:]
    assert table[-1].startswith("one pair (--model),")
    assert [line.split(",")[0] for line in stages] == ["imports", "load the model", "first pair (loads the resources)",
                                                       "second pair"]
    assert all(float(line.split(",")[1]) >= 0 for line in stages)
