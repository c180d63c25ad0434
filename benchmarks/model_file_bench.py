#!/usr/bin/env python
"""Size and loading time of a model's ``.skops`` file against a joblib pickle of the same model, in one run.

The model given (or, without ``--model``, a small lexicalized one trained here on templated
pairs) is loaded and saved again as a pickle and as ``.skops`` in a temporary folder. Each
file's load (``classifiers.persistence.load_model``, timed from after the import of
``classifiers.persistence``, so that skops' own import counts for ``.skops``) is timed in a
fresh process, best of ``--repeats``; so is predicting one pair from the shell, the whole
``python -m classifiers.predict --model M --input one.jsonl --output out.jsonl`` (imports,
loading, the lexical resources and featurizing). ``.skops`` is timed with the load cache off
(``LEXNLI_MODEL_CACHE=0``: skops every time) and, as ``skops cached``, with it on and warmed by one load
(:mod:`classifiers.model_cache`, in a temporary data home). The ratios are over pickle.

    python benchmarks/model_file_bench.py [--model M.skops] [--repeats 3] [--pair FILE]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))
ONE_PAIR = {"pairID": "bench", "sentence1": "A man in a blue shirt is sleeping on a bench.",
            "sentence2": "A man is resting outside."}


def load_seconds(path: str) -> float:
    """Seconds ``load_model(path)`` takes (run in a child process)."""
    sys.path.insert(0, str(REPO))
    from classifiers.persistence import is_safe_format, load_model

    start = time.perf_counter()
    load_model(path, trusted=not is_safe_format(path))
    return time.perf_counter() - start


def best_of(repeats: int, command: list[str], env: dict) -> float:
    """The shortest wall time of ``repeats`` runs of ``command`` (in the repository, each a fresh process, in
    the environment ``env``)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, cwd=REPO, capture_output=True, env=env)
        times.append(time.perf_counter() - start)
    return min(times)


def best_load(repeats: int, path: Path, env: dict) -> float:
    """The shortest load time of ``repeats`` fresh processes loading ``path`` (in the environment ``env``)."""
    return min(float(subprocess.run([sys.executable, __file__, "--child-load", str(path)], check=True, cwd=REPO,
                                    capture_output=True, text=True, env=env).stdout.split()[-1])
               for _ in range(repeats))


def small_model(folder: Path) -> Path:
    """A small lexicalized model trained on templated pairs, saved as ``.skops`` in ``folder``."""
    sys.path.insert(0, str(REPO))
    from classifiers.logistic import make_model
    from classifiers.persistence import save_model
    from tests.helpers.templates import templated_pairs

    pairs = templated_pairs(120)
    model = make_model("lexicalized", C=1.0).fit([(p, h) for p, h, _ in pairs], [label for _, _, label in pairs])
    return save_model(model, folder / "small.skops", C=1.0)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, default=None, help="a saved model (default: train a small one)")
    parser.add_argument("--repeats", type=int, default=3, help="fresh processes per measure (the best is kept)")
    parser.add_argument("--pair", type=Path, default=None,
                        help="a JSON lines file of one pair to predict (default: a pair written here)")
    parser.add_argument("--child-load", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_load:
        print(f"{load_seconds(args.child_load):.4f}")
        return 0
    if args.model is not None and not args.model.is_file():
        print(f"error: {args.model}: model file not found", file=sys.stderr)
        return 2
    sys.path.insert(0, str(REPO))
    from classifiers.model_cache import CACHE_ENV
    from classifiers.persistence import is_safe_format, load_model, save_model

    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        source = args.model if args.model is not None else small_model(folder)
        model = load_model(source, trusted=not is_safe_format(source), cache=False)
        metadata = model.lexnli_info_["metadata"]
        files = {"skops": save_model(model, folder / "model.skops", **metadata),
                 "pickle": save_model(model, folder / "model.joblib", **metadata)}
        del model
        pair = args.pair
        if pair is None:
            pair = folder / "one.jsonl"
            pair.write_text(json.dumps(ONE_PAIR) + "\n", encoding="utf-8")
        uncached = {**os.environ, CACHE_ENV: "0"}
        cached = {**os.environ, CACHE_ENV: "1", "LEXNLI_DATA": str(folder / "home")}
        subprocess.run([sys.executable, __file__, "--child-load", str(files["skops"])], check=True, cwd=REPO,
                       capture_output=True, env=cached)  # warms the cache
        rows = []
        for name, path, env in (("skops", files["skops"], uncached), ("skops cached", files["skops"], cached),
                                ("pickle", files["pickle"], uncached)):
            predict = [sys.executable, "-m", "classifiers.predict", "--model", str(path), "--input", str(pair),
                       "--output", str(folder / "out.jsonl")] + (["--trust-pickle"] if name == "pickle" else [])
            rows.append({"format": name, "megabytes": round(path.stat().st_size / 1e6, 2),
                         "load_seconds": round(best_load(args.repeats, path, env), 3),
                         "one_pair_seconds": round(best_of(args.repeats, predict, env), 2)})
    pickle = rows[-1]
    rows += [{"format": f"{row['format']}/pickle", **{k: round(row[k] / pickle[k], 2) for k in list(row)[1:]}}
             for row in rows[:2]]
    columns = list(rows[0])
    print(",".join(columns))
    for row in rows:
        print(",".join(str(row[c]) for c in columns))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
