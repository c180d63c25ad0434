"""Reader for SICK (Marelli et al. 2014), the SemEval-2014 task 1 corpus, as :class:`Pair` records.

``SICK.txt`` is tab-separated with a header row (and CRLF line ends in the official file)::

    pair_ID  sentence_A  sentence_B  entailment_label  relatedness_score  ...  SemEval_set

``entailment_label`` is ``ENTAILMENT``, ``NEUTRAL`` or ``CONTRADICTION`` (lowercased here, so
the labels are SNLI's); ``SemEval_set`` is ``TRAIN``, ``TRIAL`` or ``TEST``. SICK has no parses:
tokens and tags come from :func:`lexnli.text.make_sentences` (NLTK's tokenizer, NLTK's tags, in batches).
sentence_A is the premise, sentence_B the hypothesis (SICK's A -> B direction).

The file is located as: the ``path`` argument, else ``$LEXNLI_SICK``, else ``SICK.txt`` or
``SICK.txt.gz`` in the data home or ``$LEXNLI_SHARED_DATA``, or their ``sick/`` folder (see
:func:`lexnli.data_home.find_data`). There is no download: the official zip is not
reliably available, get ``SICK.txt`` from the SICK / SemEval-2014 task 1 distribution
(https://marcobaroni.org/composes/sick.html, or the SemEval-2014 task 1 page).
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from functools import partial
from pathlib import Path

from ..data_home import data_folders, find_data, get_data_home
from ..errors import CorpusFormatError, DataNotFoundError
from ..io import existing_file, open_bytes
from ..progress import bar
from ..records import Pair
from .lines import ReadReport, build_pairs, parse_lines

SPLITS = ("TRAIN", "TRIAL", "TEST")
LABELS = {"ENTAILMENT": "entailment", "NEUTRAL": "neutral", "CONTRADICTION": "contradiction"}
#: SHA-256 of the official, uncompressed ``SICK.txt``.
SICK_SHA256 = "1539c2d059809b5bd40694e26d8121cc85b6b496f91c7b40f2fc83bbd7dcd957"
#: Environment variable naming the SICK file (``.txt`` or ``.txt.gz``).
ENV_VAR = "LEXNLI_SICK"
#: Where SICK is looked for in a data folder (:func:`locate_sick`).
SICK_NAMES = ("SICK.txt", "SICK.txt.gz", "sick/SICK.txt", "sick/SICK.txt.gz")
_REQUIRED = ("pair_ID", "sentence_A", "sentence_B", "entailment_label", "SemEval_set")
_WHERE = ("SICK.txt is distributed by the SICK authors / SemEval-2014 task 1 "
          "(https://marcobaroni.org/composes/sick.html; uncompressed sha256 " + SICK_SHA256 + ")")


def locate_sick(path=None, data_home=None) -> Path:
    """The SICK file to read: ``path``, else ``$LEXNLI_SICK``, else :data:`SICK_NAMES` in a data folder.

    Raises
    ------
    DataNotFoundError
        No file was given and none is in the data home (the message says where to get it).
    FileNotFoundError
        The given path (or ``$LEXNLI_SICK``) does not exist.
    """
    given = path if path is not None else os.environ.get(ENV_VAR) or None
    if given is not None:
        return existing_file(Path(given).expanduser(), "SICK file")
    found = find_data(SICK_NAMES, data_home)
    if found is not None:
        return found
    home = get_data_home(data_home)
    raise DataNotFoundError(
        f"SICK not found: no path given, ${ENV_VAR} unset, and none of {', '.join(SICK_NAMES)} is in "
        f"{' or '.join(str(folder) for folder in data_folders(data_home))}. {_WHERE}; pass its path (the experiments' "
        f"--sick FILE; Python: read_sick(FILE)), set {ENV_VAR}=FILE, or put it in the data home {home} "
        "(LEXNLI_DATA).")


def _check_split(split: str | None) -> str | None:
    if split is None:
        return None
    if not isinstance(split, str) or split.upper() not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS} (any case) or None, not {split!r}")
    return split.upper()


def iter_sick(path=None, split: str | None = None, *, lemmas: bool = False,
              on_error: str = "raise", report: ReadReport | None = None,
              verify: bool = False, data_home=None, tagger: str = "fast") -> Iterator[Pair]:
    """Yield the pairs of SICK (one SemEval split, or all when ``split`` is None).

    Parameters
    ----------
    path : str or path-like, optional
        ``SICK.txt`` or ``SICK.txt.gz``; default: see :func:`locate_sick`.
    split : {"TRAIN", "TRIAL", "TEST"} or None
        The ``SemEval_set`` to keep (any case); None keeps every pair.
    lemmas : bool, default=False
        Passed to :func:`lexnli.text.make_sentences`.
    on_error : {"raise", "skip"}, default="raise"
        On a malformed line (field count, empty sentence, unknown label or set, bad UTF-8) raise
        :class:`CorpusFormatError` naming the file and line, or skip it into ``report.skipped``.
    verify : bool, default=False
        Check the uncompressed content against the official SHA-256 first (a
        :class:`CorpusFormatError` when it differs).
    tagger : {"fast", "nltk"}, default="fast"
        How the sentences are tagged (:data:`lexnli.text.TAGGERS`): the same tags, NLTK's own
        tagger being the slow reference.
    """
    split = _check_split(split)
    path = locate_sick(path, data_home)
    name = str(path)
    report = report if report is not None else ReadReport(name)
    report.source = name
    if verify:
        verify_sick(path)
    header = None

    def parse_line(lineno, line):
        nonlocal header
        line = line.rstrip("\r\n")
        if header is None:
            header = line.lstrip("\ufeff").split("\t")
            missing = [c for c in _REQUIRED if c not in header]
            if missing:
                raise CorpusFormatError(name, lineno, f"the header row lacks column(s) {missing}", fatal=True)
            return None
        if not line.strip():
            return None
        values = line.split("\t")
        if len(values) != len(header):
            raise CorpusFormatError(name, lineno, f"expected {len(header)} tab-separated fields, found {len(values)}")
        record = dict(zip(header, values))
        label = LABELS.get(record["entailment_label"].strip().upper())
        if label is None:
            raise CorpusFormatError(name, lineno, f"unknown entailment_label {record['entailment_label']!r} "
                                                  f"(expected one of {tuple(LABELS)})")
        semeval_set = record["SemEval_set"].strip().upper()
        if semeval_set not in SPLITS:
            raise CorpusFormatError(name, lineno, f"unknown SemEval_set {record['SemEval_set']!r} "
                                                  f"(expected one of {SPLITS})")
        for column in ("sentence_A", "sentence_B"):
            if not record[column].strip():
                raise CorpusFormatError(name, lineno, f"empty {column}")
        if split is not None and semeval_set != split:
            return None
        return ((record["sentence_A"].strip(), None), (record["sentence_B"].strip(), None),
                partial(Pair, label=label, pair_id=record["pair_ID"].strip() or None))

    pending = parse_lines(name, open_bytes(path), parse_line, on_error=on_error, report=report)
    for pair in build_pairs(pending, lemmas=lemmas, tagger=tagger):
        report.n_read += 1
        yield pair
    if header is None:
        raise CorpusFormatError(name, None, "empty file: no header row")


def read_sick(path=None, split: str | None = None, *, progress: bool | None = None, **options) -> list[Pair]:
    """Read SICK pairs into a list; see :func:`iter_sick` (``read_sick(path, "TEST")``).

    The counts are logged; pass ``report=ReadReport(...)`` to keep them. ``progress`` draws a bar
    over the pairs read, as :func:`~lexnli.corpora.snli.read_snli` does.
    """
    report = options.pop("report", None) or ReadReport(str(path))
    pairs = list(bar(iter_sick(path, split, report=report, **options),
                     f"reading SICK {split or 'pairs'}", unit="pairs", progress=progress, announce=True))
    report.log()
    return pairs


def verify_sick(path) -> None:
    """Raise :class:`CorpusFormatError` unless the uncompressed file is the official SICK.txt."""
    digest = hashlib.sha256()
    with open_bytes(path) as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    if digest.hexdigest() != SICK_SHA256:
        raise CorpusFormatError(str(path), None, f"not the official SICK.txt: sha256 {digest.hexdigest()} "
                                                 f"!= {SICK_SHA256}")
