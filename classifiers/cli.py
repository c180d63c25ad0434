"""The command-line pieces the ``lexnli`` command and the experiments' runner share: the SNLI data
options and the splits they name, read and checked before any featurizing; the fit options; the
input files no output may be written over; and the errors a command reports as one line.
"""
from __future__ import annotations

import argparse
import logging
import random
from pathlib import Path

from lexnli.cli import UsageError, add_n_jobs_argument, at_least, positive_number
from lexnli.corpora.snli import SNLICorpus, corpus_files, read_snli
from lexnli.data_home import fetch_snli, get_data_home
from lexnli.errors import ChecksumError, CorpusFormatError, ResourceMissingError
from lexnli.records import SNLI_SPLITS

from .logistic import C_GRID
from .persistence import ModelFileError

logger = logging.getLogger("lexnli")

#: What a CLI reports as one line and exit status 2, instead of a traceback.
USER_ERRORS = (UsageError, FileNotFoundError, CorpusFormatError, ResourceMissingError, ModelFileError, ChecksumError)


def add_data_arguments(parser: argparse.ArgumentParser, splits=SNLI_SPLITS) -> None:
    """``--data-dir``, one option per split of ``splits`` (``--train/--dev/--test``), ``--max-train``,
    ``--seed``, ``--n-jobs`` (every core unless given: :func:`lexnli.cli.resolve_n_jobs`)."""
    group = parser.add_argument_group("data")
    group.add_argument("--data-dir", type=Path, default=None,
                       help="the data home: a folder holding snli_1.0/ (snli_1.0_{train,dev,test}.jsonl or .txt, "
                            "optionally .gz) or snli_1.0.zip (default: LEXNLI_DATA, then the per-user cache; then "
                            "LEXNLI_SHARED_DATA; else the official zip is downloaded)")
    for split in splits:
        group.add_argument(f"--{split}", type=Path, default=None,
                           help=f"an SNLI {split} file (.jsonl, .txt, .tsv, .csv, optionally .gz); overrides "
                                "--data-dir")
    group.add_argument("--max-train", type=at_least(1), default=None, metavar="N",
                       help="use a random subsample of N training pairs")
    group.add_argument("--seed", type=int, default=0, help="random seed for subsampling (default: %(default)s)")
    add_n_jobs_argument(group, "for featurization, threads for the fits of C")


def load_splits(args, splits=SNLI_SPLITS) -> dict[str, SNLICorpus]:
    """Read the ``splits`` (train, dev and test; train among them) as the options say (SNLI is
    fetched only when one has no file option); subsample train if ``--max-train`` is given.

    What no model can be fitted or scored on is refused here, before any featurizing: a split
    with no labelled pair (every gold label "-") and a train split, or sample, of one class.
    """
    missing = [s for s in splits if getattr(args, s) is None]
    archive = fetch_snli(args.data_dir) if missing else None
    corpora, progress = {}, getattr(args, "progress", None)
    for split in splits:
        path = getattr(args, split)
        corpus = corpora[split] = read_snli(path, progress=progress) if path is not None else \
            read_snli(archive, split, progress=progress)
        logger.info("%s: %s labelled pairs from %s", split, f"{len(corpus):,}", corpus.report.source)
        if not corpus:
            raise CorpusFormatError(corpus.report.source, None, f"no labelled pairs (the gold label of all "
                                                                f"{corpus.report.n_unlabeled:,} is '-'): nothing to "
                                                                f"{'train on' if split == 'train' else 'score'}")
        if split == "train" and len(set(corpus.labels)) < 2:
            raise CorpusFormatError(corpus.report.source, None, f"one class only (all {len(corpus):,} labelled pairs "
                                                                f"are {corpus.labels[0]!r}): a model needs two or more")
    _warn_overlaps(corpora)
    if args.max_train is not None and args.max_train < len(corpora["train"]):
        train = corpora["train"]
        picked = sorted(random.Random(args.seed).sample(range(len(train)), args.max_train))
        corpora["train"] = SNLICorpus([train[i] for i in picked], train.report)
        if len(set(corpora["train"].labels)) < 2:
            raise UsageError(f"--max-train {args.max_train}: the training pairs sampled are all of one class "
                             f"({corpora['train'].labels[0]!r}); a model needs two or more: sample more")
    return corpora


def _warn_overlaps(corpora: dict[str, SNLICorpus]) -> None:
    """Log a warning for each evaluation split sharing pairs (premise and hypothesis text) with train:
    the same file given twice, say, where the figures would not be what they claim."""
    seen = {(p.premise.text, p.hypothesis.text) for p in corpora["train"].pairs}
    for split in [name for name in corpora if name != "train"]:
        shared = sum((p.premise.text, p.hypothesis.text) in seen for p in corpora[split].pairs)
        if shared:
            logger.warning("%s of the %s %s pairs are also training pairs (%s and %s)", f"{shared:,}",
                           f"{len(corpora[split]):,}", split, corpora["train"].report.source,
                           corpora[split].report.source)


def add_fit_arguments(parser: argparse.ArgumentParser, what: str = "") -> None:
    """``--C-grid`` (the C values tried on dev) and ``--progress/--no-progress`` (progress bars, see
    :mod:`lexnli.progress`)."""
    parser.add_argument("--C-grid", type=positive_number, nargs="+", default=list(C_GRID),
                        help=f"C values tried on dev{what} (default: %(default)s)")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bars while reading, featurizing and fitting: --progress draws them even "
                             "when stderr is not a terminal, --no-progress never (default: on a terminal only; "
                             "without bars, progress is logged)")


def input_files(args, names) -> list[tuple[str, Path]]:
    """``(option, path)`` of each input file the options of ``names`` name, and of the corpus files
    ``--data-dir`` (or the data home) holds: what no output may be written over."""
    inputs = [(f"--{name.replace('_', '-')}", getattr(args, name)) for name in names
              if getattr(args, name, None) is not None]
    if hasattr(args, "data_dir"):
        inputs += [("--data-dir", path) for path in corpus_files(get_data_home(args.data_dir))]
    return inputs
