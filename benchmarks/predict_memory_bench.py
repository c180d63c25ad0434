"""Peak memory of ``lexnli predict`` as the input grows: streaming keeps it flat.

Each case runs ``python -m command predict --model M - --json`` in a fresh process, its standard
input fed N parsed pairs as they are made (no file on disk: the premise of one SNLI dev pair and
the hypothesis of another, so that the pairs are distinct) and its output discarded; the peak
resident memory is the process's own (``wait4``'s ``ru_maxrss``). The model is a lexicalized one
fitted on dev pairs (or ``--model``).

    python benchmarks/predict_memory_bench.py [--dev snli_1.0_dev.jsonl.gz] [--pairs 10000 1000000] [--model M]

Goal (issue: the lexnli command): 1,000,000 pairs within 1.2x the peak of 10,000.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DEV = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data")) / "snli_1.0" / \
    "snli_1.0_dev.jsonl.gz"


def dev_sentences(path: Path) -> tuple[list[dict], list[dict]]:
    """The premises and hypotheses of the dev file, with their parses, as output fields."""
    with gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz" else open(path, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    return ([{"sentence1": r["sentence1"], "sentence1_parse": r["sentence1_parse"]} for r in lines],
            [{"sentence2": r["sentence2"], "sentence2_parse": r["sentence2_parse"]} for r in lines])


def feed(stream, premises, hypotheses, n_pairs: int) -> None:
    """Write ``n_pairs`` distinct JSON lines to ``stream``: premise ``k``, hypothesis ``k + k // n`` (mod n)."""
    n = len(premises)
    try:
        for k in range(n_pairs):
            line = {**premises[k % n], **hypotheses[(k + k // n) % n], "pairID": str(k)}
            stream.write((json.dumps(line) + "\n").encode("utf-8"))
    except BrokenPipeError:
        pass
    finally:
        stream.close()


def run_case(model: Path, premises, hypotheses, n_pairs: int) -> dict:
    """Predict ``n_pairs`` fed pairs in a fresh process; its seconds and peak RSS (MiB)."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "command", "predict", "--model", str(model), "--json", "-"],
                               cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    writer = threading.Thread(target=feed, args=(process.stdin, premises, hypotheses, n_pairs))
    writer.start()
    stderr = process.stderr.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(process.pid, 0)
    writer.join()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"predict failed on {n_pairs} pairs (exit {process.returncode}): {stderr}")
    return {"pairs": n_pairs, "seconds": time.perf_counter() - start, "peak_mib": usage.ru_maxrss / 1024}


def fit_model(dev: Path, folder: Path, n_pairs: int = 5000) -> Path:
    """A lexicalized model fitted on the first ``n_pairs`` dev pairs, saved in ``folder``."""
    sys.path.insert(0, str(REPO))
    from classifiers.logistic import make_model
    from classifiers.persistence import save_model
    from lexnli.corpora.snli import read_snli

    pairs = read_snli(dev).pairs[:n_pairs]
    return save_model(make_model("lexicalized").fit(pairs, [p.label for p in pairs]), folder / "lexicalized.skops")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, default=DEFAULT_DEV, help="SNLI dev with parses (default: %(default)s)")
    parser.add_argument("--pairs", type=int, nargs="+", default=[10_000, 1_000_000])
    parser.add_argument("--model", type=Path, default=None, help="a saved model (default: fit a lexicalized one)")
    args = parser.parse_args(argv)
    premises, hypotheses = dev_sentences(args.dev)
    with tempfile.TemporaryDirectory() as folder:
        model = args.model or fit_model(args.dev, Path(folder))
        rows = [run_case(model, premises, hypotheses, n) for n in args.pairs]
    print(f"model: {args.model or 'lexicalized, fitted on 5,000 dev pairs'}")
    print("| pairs | seconds | pairs/s | peak RSS (MiB) | peak / first row's |")
    print("|---:|---:|---:|---:|---:|")
    for row in rows:
        print(f"| {row['pairs']:,} | {row['seconds']:.1f} | {row['pairs'] / row['seconds']:,.0f} | "
              f"{row['peak_mib']:.0f} | {row['peak_mib'] / rows[0]['peak_mib']:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
