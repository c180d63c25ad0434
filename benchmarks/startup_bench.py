#!/usr/bin/env python
"""Start-up of the ``lexnli`` command: ``--help`` and ``--version`` beside a bare Python and a bare
scikit-learn import, in one run.

Each row runs its command ``--repeats`` times in a fresh process (this checkout's ``command``
package, as ``python -m command``) and prints the fastest wall time and its ratio to
``python -c "import sklearn.linear_model"``, the floor of any command that fits or loads a model.
Compare the rows of one run only.

    python benchmarks/startup_bench.py [--repeats 5]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: The rows: (name, the command after ``python``).
ROWS = (("python -c pass", ["-c", "pass"]),
        ("import sklearn.linear_model", ["-c", "import sklearn.linear_model"]),
        ("lexnli --version", ["-m", "command", "--version"]),
        ("lexnli --help", ["-m", "command", "--help"]))


def fastest(args: list[str], repeats: int) -> float:
    """The fastest of ``repeats`` wall times of ``python args`` run from the checkout."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([sys.executable, *args], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs of each command; the fastest is kept")
    args = parser.parse_args(argv)
    seconds = {name: fastest(command, args.repeats) for name, command in ROWS}
    floor = seconds["import sklearn.linear_model"]
    print("command,seconds,vs_sklearn_import")
    for name, _ in ROWS:
        print(f"{name},{seconds[name]:.3f},{seconds[name] / floor:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
