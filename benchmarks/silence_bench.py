#!/usr/bin/env python
"""Benchmark silence: the longest stretches an experiment command prints nothing.

Runs a command in a subprocess (stdout and stderr merged, Python's output unbuffered),
timestamps every line as it arrives and prints the ``--top`` longest gaps between consecutive
lines (counting the start and the exit as lines), each with the line before and the line after,
then the command's exit status and total wall time. A line is one ended by a newline or a
carriage return (a progress bar's redraw counts), so the gaps are what a user watching the
terminal would wait.

    python benchmarks/silence_bench.py [--top N] [--log FILE] [-- COMMAND ...]

The default command is ``python -m experiments.lexicalized`` on the shared SNLI train
subset, dev and test (``$LEXNLI_SHARED_DATA/snli_1.0``). The command runs in the current folder:
run the benchmark from the repository root (or from another checkout, to time that one).
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))
SNLI = SHARED / "snli_1.0"
DEFAULT_COMMAND = [sys.executable, "-m", "experiments.lexicalized",
                   "--train", str(SNLI / "snli_1.0_train_subset.jsonl.gz"),
                   "--dev", str(SNLI / "snli_1.0_dev.jsonl.gz"), "--test", str(SNLI / "snli_1.0_test.jsonl.gz")]
_LINE_END = re.compile(rb"[\r\n]")


def timed_lines(command, cwd=None, log=None):
    """Run ``command`` in folder ``cwd`` (default: the current one); return its exit status, its output
    lines as (seconds since the start, text) and its wall time. Each line is also written to the text
    file ``log`` (if given) as it arrives."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    lines, pending = [], b""

    def add(now, raw):
        lines.append((now, raw.decode("utf-8", "replace")))
        if log is not None:
            log.write(f"{now:8.1f}  {lines[-1][1]}\n")
            log.flush()

    while chunk := os.read(process.stdout.fileno(), 65536):
        now = time.monotonic() - start
        *complete, pending = _LINE_END.split(pending + chunk)
        for raw in complete:
            if raw.strip():
                add(now, raw)
    status = process.wait()
    end = time.monotonic() - start
    if pending.strip():
        add(end, pending)
    return status, lines, end


def gaps(lines, end: float) -> list[tuple[float, str, str]]:
    """Every gap between consecutive lines, the start and the exit included: (seconds, before, after)."""
    marks = [(0.0, "<start>"), *lines, (end, "<exit>")]
    return [(b[0] - a[0], a[1], b[1]) for a, b in zip(marks, marks[1:])]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=5, help="gaps shown (default: %(default)s)")
    parser.add_argument("--log", type=Path, default=None,
                        help="also write every line with its time here, as it arrives")
    parser.add_argument("command", nargs=argparse.REMAINDER,
                        help="the command after --, run in the current folder (default: the lexicalized "
                             "experiment on the shared train subset, dev and test)")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    command = command or DEFAULT_COMMAND
    print("command:", " ".join(command), flush=True)
    if args.log is None:
        status, lines, end = timed_lines(command)
    else:
        with open(args.log, "w", encoding="utf-8") as log:
            status, lines, end = timed_lines(command, log=log)
    print(f"{len(lines)} lines, exit status {status}, total {end:.1f} s; longest silences:")
    for seconds, before, after in sorted(gaps(lines, end), key=lambda gap: -gap[0])[:args.top]:
        print(f"{seconds:7.1f} s  after: {before.strip()[:110]}\n{'':11}before: {after.strip()[:110]}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
