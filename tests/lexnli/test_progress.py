"""lexnli.progress: log lines where no bar is drawn, at most one per interval; a tqdm bar on a terminal."""
import io
import logging
import os

import pytest
from tqdm.auto import tqdm

from lexnli import progress
from lexnli.progress import LogLines, bar, bars_shown, heartbeat, logging_above_bars, step


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.fixture
def clock(monkeypatch):
    """A clock the test moves: ``clock.now`` seconds."""
    class Clock:
        now = 0.0
    monkeypatch.setattr(progress.time, "perf_counter", lambda: Clock.now)
    return Clock


def lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "lexnli"]


def test_step_logs_its_start_and_its_time(caplog, clock):
    caplog.set_level(logging.INFO, "lexnli")
    with step("saving the model"):
        clock.now = 2.5
    assert lines(caplog) == ["saving the model ...", "saving the model: done in 2.5 s"]


def test_a_step_left_by_an_error_logs_no_time(caplog):
    caplog.set_level(logging.INFO, "lexnli")
    with pytest.raises(KeyError), step("fitting"):
        raise KeyError("x")
    assert lines(caplog) == ["fitting ..."]


def test_bars_follow_the_terminal_unless_told(monkeypatch):
    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert (bars_shown(), bars_shown(True), bars_shown(False)) == (False, True, False)
    monkeypatch.setattr("sys.stderr", Terminal())
    assert (bars_shown(), bars_shown(True), bars_shown(False)) == (True, True, False)


def test_off_a_terminal_the_bar_logs_and_draws_nothing(monkeypatch, caplog):
    caplog.set_level(logging.INFO, "lexnli")
    stderr = io.StringIO()
    monkeypatch.setattr("sys.stderr", stderr)
    counted = bar(range(3), "counting", unit="pairs")
    assert isinstance(counted, LogLines) and list(counted) == [0, 1, 2]
    (line,) = lines(caplog)
    assert line.startswith("counting: 3/3 pairs in ") and stderr.getvalue() == ""


def test_on_a_terminal_the_bar_is_tqdms(monkeypatch, caplog):
    caplog.set_level(logging.INFO, "lexnli")
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    counted = bar(range(3), "counting")
    assert isinstance(counted, tqdm) and not counted.disable and list(counted) == [0, 1, 2]
    assert "counting" in terminal.getvalue() and lines(caplog) == []
    assert isinstance(bar(range(3), "counting", progress=False), LogLines)


def test_no_bar_for_fewer_than_a_hundred_pairs(monkeypatch, caplog):
    """99 pairs log lines on a terminal too, 100 get a bar; a loop of another unit gets one however short. Of a
    loop of unknown length, the first 100 pairs go without a bar: one that ends before gets none."""
    caplog.set_level(logging.INFO, "lexnli")
    monkeypatch.setattr("sys.stderr", Terminal())
    assert isinstance(bar(range(99), "featurizing", unit="pairs"), LogLines)
    assert isinstance(bar(desc="featurizing", total=99, unit="pairs"), LogLines)
    assert isinstance(bar(range(100), "featurizing", unit="pairs"), tqdm)
    assert isinstance(bar(range(2), "fitting", unit="fits"), tqdm)
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert list(bar(iter(range(99)), "reading", unit="pairs")) == list(range(99))
    assert terminal.getvalue() == "" and lines(caplog) == [lines(caplog)[0]]
    assert lines(caplog)[0].startswith("reading: 99 pairs in ")
    assert list(bar(iter(range(150)), "reading", unit="pairs")) == list(range(150))
    assert "reading: 100" in terminal.getvalue()  # the bar counts on from the first 100
    assert len(lines(caplog)) == 1  # the bar took over from the log lines: no line for the longer loop


def test_a_terminal_of_no_columns_gets_log_lines(monkeypatch):
    """A terminal that reports 0 columns (some consoles, CI runners) would show invisible bars: it gets log
    lines, even with progress=True; one that reports its width, or none, gets bars."""
    class SizedTerminal(Terminal):
        def fileno(self):
            return 2

    monkeypatch.setattr("sys.stderr", SizedTerminal())
    for columns, shown in ((0, False), (80, True)):
        monkeypatch.setattr(progress.os, "get_terminal_size", lambda fd, n=columns: os.terminal_size((n, 24)))
        assert (bars_shown(), bars_shown(True), bars_shown(False)) == (shown, shown, False)
        assert isinstance(bar(range(3), "counting"), tqdm if shown else LogLines)

    def no_size(fd):
        raise OSError("not a terminal")
    monkeypatch.setattr(progress.os, "get_terminal_size", no_size)
    assert bars_shown()


def test_log_lines_come_at_most_once_per_interval_and_at_the_end(caplog, clock):
    caplog.set_level(logging.INFO, "lexnli")
    for _ in bar(range(7), "featurizing", progress=False, interval=10):
        clock.now += 4  # an item every 4 s: a line after the 3rd (12 s) and the 6th (24 s), the last at 28 s
    assert lines(caplog) == ["featurizing: 3/7 it in 12.0 s", "featurizing: 6/7 it in 24.0 s",
                             "featurizing: 7/7 it in 28.0 s"]


def test_interval_zero_logs_every_item_once(caplog, clock):
    caplog.set_level(logging.INFO, "lexnli")
    with bar(desc="fitting", total=2, unit="fits", progress=False, interval=0) as fits:
        for _ in range(2):
            clock.now += 1
            fits.update()
    assert lines(caplog) == ["fitting: 1/2 fits in 1.0 s", "fitting: 2/2 fits in 2.0 s"]


def test_without_a_total_the_count_stands_alone_and_an_error_ends_the_lines(caplog):
    caplog.set_level(logging.INFO, "lexnli")
    list(bar(iter("abcd"), "reading", unit="pairs", progress=False, announce=True))
    assert lines(caplog)[0] == "reading ..." and lines(caplog)[1].startswith("reading: 4 pairs in ")
    with pytest.raises(ValueError), bar(desc="tagging", progress=False) as tagged:
        tagged.update(5)
        raise ValueError
    assert len(lines(caplog)) == 2


def test_logging_goes_above_the_bars_only_when_both_print_to_the_console(monkeypatch):
    handler = logging.StreamHandler(io.StringIO())  # not the console
    monkeypatch.setattr(logging.root, "handlers", [handler])
    with logging_above_bars(True):
        assert logging.root.handlers == [handler]
    console = logging.StreamHandler()  # sys.stderr
    monkeypatch.setattr(logging.root, "handlers", [console])
    with logging_above_bars(False):
        assert logging.root.handlers == [console]
    with logging_above_bars(True):
        assert logging.root.handlers != [console]
    assert logging.root.handlers == [console]


def test_heartbeat_logs_while_a_long_block_runs_and_not_for_a_short_one(caplog):
    import threading

    caplog.set_level(logging.INFO, "lexnli")
    with heartbeat("fitting", interval=60):
        pass
    assert lines(caplog) == []
    beat = threading.Event()
    caplog.handler.emit = lambda record, emit=caplog.handler.emit: (emit(record), beat.set())
    with heartbeat("fitting", interval=0.01):
        assert beat.wait(5)  # the block outlasts the interval: a line comes while it runs
    n = len(lines(caplog))
    assert n >= 1 and lines(caplog)[0].startswith("fitting: still running after ")
    assert not any(t.name == "lexnli-heartbeat" for t in threading.enumerate())  # the thread ended with the block
    assert len(lines(caplog)) == n
