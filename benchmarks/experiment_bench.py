#!/usr/bin/env python
"""End-to-end time and peak memory of ``experiments.inference`` against ``experiments.lexicalized``, in one run.

Each experiment runs as its own child process on the same SNLI files (the train subset, dev and
test; ``experiments.inference`` with SICK unless ``--no-sick``, and its probe sets), with the same
``--n-jobs``; the wall time and the child's peak resident memory are read from the operating
system (``os.wait4``), and the child's time spent featurizing and fitting by
``benchmarks/phase_timer.py``, which runs it. The experiments run one after the other,
``--repeats`` times each, alternating, so that a slow spell of the machine falls on both.

    python benchmarks/experiment_bench.py [--train F --dev F --test F --sick F] [--n-jobs N]
        [--repeats R] [--out figures.csv] [--keep DIR]
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))
SNLI = SHARED / "snli_1.0"
EXPERIMENTS = ("lexicalized", "inference")
PHASE_TIMER = REPO / "benchmarks" / "phase_timer.py"


def command(experiment: str, args, out: Path, phases: Path) -> list[str]:
    """The command line that runs ``experiment`` on the benchmark's files, its outputs in ``out`` and
    its time split (:mod:`phase_timer`) in ``phases``."""
    found = [sys.executable, str(PHASE_TIMER), str(phases), "-m", f"experiments.{experiment}", "--train",
             str(args.train), "--dev", str(args.dev), "--test", str(args.test), "--out", str(out)]
    if args.n_jobs is not None:
        found += ["--n-jobs", str(args.n_jobs)]
    if experiment == "inference":
        found += ["--no-sick"] if args.no_sick else ["--sick", str(args.sick)]
    return found


def measure(argv: list[str]) -> tuple[float, int]:
    """Run ``argv`` in the repository; its wall seconds and peak resident MiB (an error if it fails)."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    errors = child.stderr.read()  # read while it runs: a full pipe would stop the child
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{errors[-2000:]}")
    return seconds, round(usage.ru_maxrss / 1024)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=Path, default=SNLI / "snli_1.0_train_subset.jsonl.gz")
    parser.add_argument("--dev", type=Path, default=SNLI / "snli_1.0_dev.jsonl.gz")
    parser.add_argument("--test", type=Path, default=SNLI / "snli_1.0_test.jsonl.gz")
    parser.add_argument("--sick", type=Path, default=SHARED / "sick" / "SICK.txt.gz")
    parser.add_argument("--no-sick", action="store_true", help="run experiments.inference without its SICK rows")
    parser.add_argument("--n-jobs", type=int, default=1,
                        help="passed to both experiments (default: 1, as docs/RESULTS.md measured them; theirs is "
                             "every core)")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each experiment (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=None, help="write the figures as CSV here")
    parser.add_argument("--keep", type=Path, default=None, metavar="DIR",
                        help="keep the experiments' own outputs here, one folder per run (default: deleted)")
    args = parser.parse_args(argv)
    for path in (args.train, args.dev, args.test) + (() if args.no_sick else (args.sick,)):
        if not path.is_file():
            parser.error(f"{path}: no such file")
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        outputs = args.keep or Path(scratch)
        for repeat in range(args.repeats):
            for experiment in EXPERIMENTS:
                phases = Path(scratch) / f"{experiment}-{repeat}.json"
                seconds, peak = measure(command(experiment, args, outputs / f"{experiment}-{repeat}", phases))
                split = json.loads(phases.read_text())
                rows.append({"repeat": repeat, "experiment": experiment, "n_jobs": args.n_jobs,
                             "seconds": round(seconds, 1), "peak_rss_mib": peak,
                             "features_s": round(split["features"], 1), "fits_s": round(split["fits"], 1),
                             "other_s": round(seconds - split["features"] - split["fits"], 1)})
                print(rows[-1], flush=True)
    for row in rows:
        baseline = next(r for r in rows if r["repeat"] == row["repeat"] and r["experiment"] == "lexicalized")
        row["time_vs_lexicalized"] = round(row["seconds"] / baseline["seconds"], 2)
    print(f"{'experiment':12} {'repeat':>6} {'seconds':>8} {'features':>9} {'fits':>7} {'other':>7} "
          f"{'peak MiB':>9} {'x lexicalized':>14}")
    for row in rows:
        print(f"{row['experiment']:12} {row['repeat']:>6} {row['seconds']:>8} {row['features_s']:>9} "
              f"{row['fits_s']:>7} {row['other_s']:>7} {row['peak_rss_mib']:>9} {row['time_vs_lexicalized']:>14}")
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        partial = args.out.with_name(args.out.name + ".partial")
        with open(partial, "w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        os.replace(partial, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
