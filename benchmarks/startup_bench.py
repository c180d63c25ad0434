#!/usr/bin/env python
"""Start-up of the ``lexnli`` command: ``--help``, ``--version`` and, with ``--model``, one pair,
beside a bare Python and a bare scikit-learn import, in one run.

Each row runs its command ``--repeats`` times in a fresh process (this checkout's ``command``
package, as ``python -m command``) and prints the fastest wall time and its ratio to
``python -c "import sklearn.linear_model"``, the floor of any command that fits or loads a model.
With ``--model FILE`` a row predicts one pair with that model on one core
(``lexnli predict --model FILE --n-jobs 1 PREMISE HYPOTHESIS``), and the stages of that call are
timed in one more fresh process and printed after the table (``stage,seconds``): the imports, loading
the model, the first pair (which loads what the families read: the tagger, WordNet, VerbOcean, the
syntax model) and a second pair. The model is loaded as the command loads it, through the load cache in
the data home (:mod:`classifiers.model_cache`: skops's time on the first run only); ``LEXNLI_MODEL_CACHE=0``
times skops on every run. Compare the rows of one run only.

    python benchmarks/startup_bench.py [--repeats 5] [--model inference.skops]
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


#: One pair, for the ``--model`` row.
PAIR = ("A man sleeps.", "A man is awake.")
#: What the stages process runs: each stage's wall seconds, one ``stage,seconds`` line each.
STAGES = """
import sys, time
start = time.perf_counter()
def lap(name):
    global start
    now = time.perf_counter()
    print(f"{name},{now - start:.3f}")
    start = now
from classifiers.persistence import load_model
lap("imports")
model = load_model(sys.argv[1], n_jobs=1)
lap("load the model")
model.predict_proba([(sys.argv[2], sys.argv[3])])
lap("first pair (loads the resources)")
model.predict_proba([(sys.argv[3], sys.argv[2])])
lap("second pair")
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs of each command; the fastest is kept")
    parser.add_argument("--model", type=Path, default=None, help="a saved model: time one pair with it, by stage")
    args = parser.parse_args(argv)
    rows = list(ROWS)
    if args.model is not None:
        rows.append(("one pair (--model)", ["-m", "command", "predict", "--model", str(args.model.resolve()),
                                            "--n-jobs", "1", *PAIR]))
    seconds = {name: fastest(command, args.repeats) for name, command in rows}
    floor = seconds["import sklearn.linear_model"]
    print("command,seconds,vs_sklearn_import")
    for name, _ in rows:
        print(f"{name},{seconds[name]:.3f},{seconds[name] / floor:.2f}")
    if args.model is not None:
        done = subprocess.run([sys.executable, "-c", STAGES, str(args.model.resolve()), *PAIR], cwd=REPO, check=True,
                              capture_output=True, text=True)
        print("stage,seconds")
        print(done.stdout, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
