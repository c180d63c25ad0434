"""What every experiment script shares: data options, loading the splits, atomic result files."""
from __future__ import annotations

import argparse
import logging
import random
from pathlib import Path

from lexnli.io import atomic_open
from lexnli.data_home import fetch_snli
from lexnli.corpora.snli import SNLICorpus, read_snli

SPLITS = ("train", "dev", "test")


def add_data_arguments(parser: argparse.ArgumentParser) -> None:
    """``--data-dir``, ``--train/--dev/--test``, ``--max-train``, ``--seed``, ``--n-jobs``."""
    group = parser.add_argument_group("data")
    group.add_argument("--data-dir", type=Path, default=None,
                       help="folder holding snli_1.0.zip or snli_1.0/ (default: LEXNLI_DATA, then the "
                            "per-user cache, downloading the official zip if absent)")
    for split in SPLITS:
        group.add_argument(f"--{split}", type=Path, default=None,
                           help=f"an SNLI {split} file (.jsonl, .txt, optionally .gz); overrides --data-dir")
    group.add_argument("--max-train", type=int, default=None, help="use a random subsample of N training pairs")
    group.add_argument("--seed", type=int, default=0, help="random seed for subsampling (default: 0)")
    group.add_argument("--n-jobs", type=int, default=None, help="processes for featurization (default: 1)")


def load_splits(args) -> dict[str, SNLICorpus]:
    """Read train, dev and test as the options say; subsample train if ``--max-train`` is given."""
    missing = [s for s in SPLITS if getattr(args, s) is None]
    archive = fetch_snli(args.data_dir) if missing else None
    corpora = {}
    for split in SPLITS:
        path = getattr(args, split)
        corpora[split] = read_snli(path) if path is not None else read_snli(archive, split)
        logging.getLogger("lexnli").info("%s: %d labelled pairs from %s", split, len(corpora[split]),
                                         corpora[split].report.source)
    if args.max_train is not None and args.max_train < len(corpora["train"]):
        train = corpora["train"]
        picked = sorted(random.Random(args.seed).sample(range(len(train)), args.max_train))
        corpora["train"] = SNLICorpus([train[i] for i in picked], train.report)
    return corpora


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: never a half-written file."""
    with atomic_open(path, "w", encoding="utf-8") as f:
        f.write(text)


def write_results(out: Path, files: dict[str, str]) -> None:
    """Write each ``{file name: text}`` into the folder ``out``, atomically, and say where."""
    for name, text in files.items():
        write_atomically(out / name, text)
    print(f"results written to {out}/")


def setup_logging() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")


def percent(frame, columns, digits: int = 1):
    """A copy of ``frame`` with the fraction ``columns`` shown as percentages (strings), for markdown tables."""
    shown = frame.copy()
    for column in columns:
        shown[column] = (100 * shown[column]).map(lambda v: "" if v != v else f"{v:.{digits}f}")
    return shown


def add_featurizer_arguments(parser: argparse.ArgumentParser) -> None:
    """``--min-df``, ``--tag-set`` and ``--dense-bins``: override the classifier's featurizer defaults (``FEATURIZER_DEFAULTS``)."""
    group = parser.add_argument_group("features")
    group.add_argument("--min-df", type=int, default=None,
                       help="keep indicator features seen in at least N training pairs (default: the "
                            "classifier's, min_df=2; 1 is the paper's definition)")
    group.add_argument("--tag-set", choices=("ptb", "coarse"), default=None,
                       help="POS tags matched by the cross features (default: the classifier's, coarse; "
                            "ptb is the paper's definition)")
    group.add_argument("--dense-bins", type=int, default=None,
                       help="also give each real-valued feature as N equal-frequency bin indicators "
                            "(default: the classifier's, 5; 0 keeps real values only, the paper's definition)")


def featurizer_params(args) -> dict:
    """The featurizer overrides given by :func:`add_featurizer_arguments`' options (empty: the defaults)."""
    params = {k: v for k, v in {"min_df": args.min_df, "tag_set": args.tag_set}.items() if v is not None}
    if args.dense_bins is not None:
        params["dense_bins"] = args.dense_bins or None
    return params


def features_text(params=None) -> str:
    """A short description of the featurizer settings in force, for table captions."""
    from classifiers.logistic import FEATURIZER_DEFAULTS

    settings = {**FEATURIZER_DEFAULTS, **(params or {})}
    return ", ".join(f"{k}={v}" for k, v in settings.items() if k in ("min_df", "tag_set", "dense_bins"))
