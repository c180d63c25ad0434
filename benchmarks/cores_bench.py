"""``lexnli predict`` on a file with every core against one: the wall times and their ratio, from one run.

Each setting runs ``python -m command predict --model M --input F --output OUT --n-jobs N`` in a
fresh process (N: 1, then every core, :func:`lexnli.cli.available_cores`, or ``--n-jobs``); the two
outputs must be byte for byte the same, or the benchmark fails. The wall time includes start-up and
loading the model, as a user waits for them.

    python benchmarks/cores_bench.py --model M [--input snli_1.0_test.jsonl] [--n-jobs N] [--repeats 1]

Goal (issue 53): files on every core, the output identical to one core's.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lexnli.cli import available_cores  # noqa: E402  (the repository, as the command runs it)

DEFAULT_INPUT = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data")) / "snli_1.0" / \
    "snli_1.0_test.jsonl"


def run(model: Path, source: Path, output: Path, n_jobs: int) -> float:
    """Seconds of one ``lexnli predict`` of ``source`` into ``output`` with ``n_jobs`` processes."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "command", "predict", "--model", str(model), "--input", str(source),
                    "--output", str(output), "--n-jobs", str(n_jobs)], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, required=True, help="a model file lexnli predict reads")
    parser.add_argument("--input", type=Path, default=DEFAULT_INPUT, help="the pairs (default: SNLI test)")
    parser.add_argument("--n-jobs", type=int, default=available_cores(), help="the processes against one "
                                                                              "(default: every core)")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each setting; the fastest is kept")
    args = parser.parse_args(argv)
    n_pairs = sum(1 for line in args.input.open(encoding="utf-8") if line.strip())
    with tempfile.TemporaryDirectory() as folder:
        outputs = {n: Path(folder) / f"out{n}.jsonl" for n in (1, args.n_jobs)}
        seconds = {n: min(run(args.model, args.input, outputs[n], n) for _ in range(args.repeats)) for n in outputs}
        if outputs[1].read_bytes() != outputs[args.n_jobs].read_bytes():
            print(f"FAIL: --n-jobs {args.n_jobs} wrote other predictions than --n-jobs 1", file=sys.stderr)
            return 1
    for n, s in seconds.items():
        print(f"--n-jobs {n}: {s:.2f} s, {n_pairs / s:,.0f} pairs/s ({n_pairs:,} pairs)")
    print(f"ratio --n-jobs {args.n_jobs} / --n-jobs 1: {seconds[args.n_jobs] / seconds[1]:.2f} "
          f"(speed-up {seconds[1] / seconds[args.n_jobs]:.2f}x); outputs identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
