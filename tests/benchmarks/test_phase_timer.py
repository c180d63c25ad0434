"""The phase timer: wall time inside wrapped methods, counted once across nesting and threads."""
import importlib.util
import json
import threading
import time

from tests.conftest import REPO

SPEC = importlib.util.spec_from_file_location("phase_timer", REPO / "benchmarks" / "phase_timer.py")
phase_timer = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(phase_timer)


class Sleeper:
    def outer(self, seconds):
        self.inner(seconds)
        return "done"

    def inner(self, seconds):
        time.sleep(seconds)


def test_a_nested_call_is_counted_once_and_the_result_passed_on():
    phase = phase_timer.Phase()
    phase.wrap(Sleeper, "outer")
    phase.wrap(Sleeper, "inner")
    assert Sleeper().outer(0.2) == "done"
    assert 0.2 <= phase.seconds < 0.35
    phase.unwrap()
    Sleeper().outer(0.1)
    assert phase.seconds < 0.35 and not hasattr(Sleeper.outer, "__wrapped__")


def test_calls_at_once_in_threads_count_their_overlap_once():
    class Threaded(Sleeper):
        pass
    phase = phase_timer.Phase()
    phase.wrap(Threaded, "inner")
    threads = [threading.Thread(target=Threaded().inner, args=(0.3,)) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert 0.3 <= phase.seconds < 0.5
    phase.unwrap()
    assert "inner" not in Threaded.__dict__


def test_the_split_is_written_when_the_module_exits(tmp_path, monkeypatch):
    from sklearn.linear_model import LogisticRegression

    from featurize import PairFeaturizer
    methods = PairFeaturizer.transform, PairFeaturizer.fit, LogisticRegression.fit
    module = tmp_path / "exits.py"
    module.write_text("import time\ntime.sleep(0.1)\nraise SystemExit(3)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    out = tmp_path / "split.json"
    assert phase_timer.main([str(out), "-m", "exits"]) == 3
    split = json.loads(out.read_text())
    assert split["wall"] >= 0.1 and split["features"] == 0 and split["fits"] == 0
    assert (PairFeaturizer.transform, PairFeaturizer.fit, LogisticRegression.fit) == methods  # given back


def test_a_command_line_without_a_module_is_a_usage_error(capsys):
    assert phase_timer.main(["out.json", "experiments.inference"]) == 2
    assert "phase_timer.py OUT.json -m" in capsys.readouterr().err
