"""``lexnli predict`` on a file with every core against one, of one model or two: wall times and ratios from one run.

Each setting runs ``python -m command predict --model M --input F --output OUT --n-jobs N`` in a
fresh process (N: 1, then every core, :func:`lexnli.cli.available_cores`, as ``lexnli predict``
uses by default, or ``--n-jobs``); a model's two outputs must be byte for byte the same, or the
benchmark fails. The wall time includes start-up and loading the model, as a user waits for them.

With ``--against MODEL`` a second model predicts the same file at the same two settings, and the
ratio of the first model's time to the second's is printed for each setting (the first model's
slowdown against the second). The runs alternate between the models, setting by setting, and with
``--repeats`` the fastest of each is kept, so that a slow spell of the machine falls on both.

    python benchmarks/cores_bench.py --model M [--against M2] [--input snli_1.0_test.jsonl] [--n-jobs N]
        [--repeats 1]

Goals (issue 53): files on every core, the output identical to one core's; a 10k-pair file
through the ``inference`` model at most 2.0x the lexicalized model's time (``--model`` the
inference model, ``--against`` the lexicalized one).
"""
from __future__ import annotations

import argparse
import gzip
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from lexnli.cli import available_cores  # noqa: E402  (the repository, as the command runs it)

SNLI = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data")) / "snli_1.0"
#: SNLI test, as extracted or gzipped.
DEFAULT_INPUT = next((path for path in (SNLI / "snli_1.0_test.jsonl", SNLI / "snli_1.0_test.jsonl.gz")
                      if path.exists()), SNLI / "snli_1.0_test.jsonl")


def run(model: Path, source: Path, output: Path, n_jobs: int) -> float:
    """Seconds of one ``lexnli predict`` of ``source`` into ``output`` with ``n_jobs`` processes."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "command", "predict", "--model", str(model), "--input", str(source),
                    "--output", str(output), "--n-jobs", str(n_jobs)], cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(models: list[Path], source: Path, settings: tuple[int, ...], repeats: int, folder: Path):
    """``(seconds, outputs)``: by ``(place in models, setting)``, the fastest of ``repeats`` runs of each
    model at each ``--n-jobs`` of ``settings``, and the file it wrote in ``folder``; the runs alternate
    between the models."""
    seconds, outputs = {}, {}
    for _ in range(repeats):
        for setting in settings:
            for at, model in enumerate(models):
                outputs[at, setting] = folder / f"out{at}-{setting}.jsonl"
                taken = run(model, source, outputs[at, setting], setting)
                seconds[at, setting] = min(taken, seconds.get((at, setting), taken))
    return seconds, outputs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, required=True, help="a model file lexnli predict reads")
    parser.add_argument("--against", type=Path, default=None, metavar="MODEL",
                        help="a second model timed on the same file; the ratios are --model's time over its")
    parser.add_argument("--input", type=Path, default=DEFAULT_INPUT, help="the pairs (default: SNLI test)")
    parser.add_argument("--n-jobs", type=int, default=available_cores(), help="the processes against one "
                                                                              "(default: every core)")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each setting; the fastest is kept")
    args = parser.parse_args(argv)
    models = [args.model] + ([args.against] if args.against is not None else [])
    with (gzip.open if args.input.suffix == ".gz" else open)(args.input, "rt", encoding="utf-8") as lines:
        n_pairs = sum(1 for line in lines if line.strip())
    settings = tuple(dict.fromkeys((1, args.n_jobs)))
    with tempfile.TemporaryDirectory() as folder:
        seconds, outputs = measure(models, args.input, settings, args.repeats, Path(folder))
        for at, model in enumerate(models):
            if outputs[at, 1].read_bytes() != outputs[at, args.n_jobs].read_bytes():
                print(f"FAIL: {model}: --n-jobs {args.n_jobs} wrote other predictions than --n-jobs 1", file=sys.stderr)
                return 1
    for at, model in enumerate(models):
        for n in settings:
            print(f"{model} --n-jobs {n}: {seconds[at, n]:.2f} s, {n_pairs / seconds[at, n]:,.0f} pairs/s "
                  f"({n_pairs:,} pairs)")
        print(f"{model}: ratio --n-jobs {args.n_jobs} / --n-jobs 1: {seconds[at, args.n_jobs] / seconds[at, 1]:.2f} "
              f"(speed-up {seconds[at, 1] / seconds[at, args.n_jobs]:.2f}x); outputs identical")
    if args.against is not None:
        for n in settings:
            print(f"--n-jobs {n}: {args.model} / {args.against}: {seconds[0, n] / seconds[1, n]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
