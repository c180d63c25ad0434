"""The silence benchmark: every output line timed as it arrives, the gaps between them ranked."""
import importlib.util
import sys

from tests.conftest import REPO

SPEC = importlib.util.spec_from_file_location("silence_bench", REPO / "benchmarks" / "silence_bench.py")
silence_bench = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(silence_bench)

SCRIPT = ("import sys, time; print('one'); time.sleep(0.6); sys.stderr.write('two\\r'); sys.stderr.flush(); "
          "time.sleep(0.1); print('three')")


def test_lines_of_both_streams_are_timed_as_they_arrive():
    status, lines, end = silence_bench.timed_lines([sys.executable, "-c", SCRIPT])
    assert status == 0 and [text for _, text in lines] == ["one", "two", "three"]  # a bar's \r ends a line
    times = [t for t, _ in lines]
    assert times[1] - times[0] >= 0.5 and times[2] - times[1] < 0.5 and end >= times[2]


def test_gaps_count_the_start_and_the_exit():
    assert silence_bench.gaps([(1.0, "a"), (4.0, "b")], 4.5) == [(1.0, "<start>", "a"), (3.0, "a", "b"),
                                                                  (0.5, "b", "<exit>")]


def test_main_prints_the_longest_gap_first(capsys):
    assert silence_bench.main(["--top", "1", "--", sys.executable, "-c", SCRIPT]) == 0
    out = capsys.readouterr().out
    assert "3 lines, exit status 0" in out and "after: one\n" in out and "before: two" in out


def test_the_log_holds_every_line_with_its_time(tmp_path):
    assert silence_bench.main(["--log", str(tmp_path / "log.txt"), "--", sys.executable, "-c", SCRIPT]) == 0
    logged = (tmp_path / "log.txt").read_text().splitlines()
    assert [line.split()[1] for line in logged] == ["one", "two", "three"]
    assert float(logged[1].split()[0]) >= 0.5
