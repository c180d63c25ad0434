"""Reader for SNLI 1.0 in every form it is distributed or kept in.

Accepted sources: ``snli_1.0.zip`` (with ``split``), a folder holding the extracted
``snli_1.0_{split}.{jsonl,txt}`` files (with ``split``), one file: ``.jsonl``, ``.txt``
(tab-separated with a header row), either optionally gzipped (``.gz``), or ``-``, standard input:
JSON lines, or *premise<TAB>hypothesis[<TAB>gold label]* lines without a header (the first line
that is not blank tells which). Lines may lack parses (tokens are then produced by
:func:`lexnli.text.make_sentences`, in batches).
"""
from __future__ import annotations

import gzip
import json
import math
import re
import sys
import zipfile
from collections.abc import Iterator, Sequence
from functools import cached_property, partial
from pathlib import Path

from ..data_home import SNLI_SUFFIXES
from ..errors import CorpusFormatError
from ..io import STDOUT, existing_file
from ..progress import bar
from ..records import LABELS, SNLI_SPLITS, Pair
from ..text import LONE_SURROGATE
from .lines import MAX_LINE_BYTES, ReadReport, build_pairs, parse_lines

UNLABELED = "-"
_LEAF = re.compile(r"\([^\s()]+ [^\s()]+\)")
_TXT_LABEL_COLUMNS = ("label1", "label2", "label3", "label4", "label5")
#: How deep arrays and objects may nest in a JSON line (an SNLI line: 2 levels). A deeper line is refused: it
#: would exhaust the recursion of the JSON decoder, or later of the writer of its predictions.
MAX_JSON_DEPTH = 100
#: How standard input is named in messages; ``-`` names it as a source.
STDIN_NAME = "<stdin>"
STDIN = STDOUT


def corpus_files(source) -> list[Path]:
    """The files an SNLI ``source`` may be read from: the file itself, or, for a folder (an SNLI folder
    or a data home), every split file and zip in it: what a command must never write over.

    >>> corpus_files("dev.jsonl")
    [PosixPath('dev.jsonl')]
    """
    source = Path(source)
    if not source.is_dir():
        return [source]
    folders = (source, source / "snli_1.0")
    found = [folder / f"snli_1.0_{split}{suffix}" for folder in folders for split in SNLI_SPLITS
             for suffix in SNLI_SUFFIXES]
    return [path for path in found + [source / "snli_1.0.zip"] if path.exists()]


def _open_lines(path: Path, split: str | None) -> tuple[str, Iterator[bytes]]:
    """Return a display name and an iterator over the raw byte lines of one SNLI file."""
    if str(path) == STDIN:
        return STDIN_NAME, sys.stdin.buffer
    if path.is_dir():
        if split is None:
            raise CorpusFormatError(path, None, f"a folder: name the split to read, one of {SNLI_SPLITS}")
        for suffix in SNLI_SUFFIXES:
            candidate = path / f"snli_1.0_{split}{suffix}"
            if candidate.exists():
                return _open_lines(candidate, None)
        raise FileNotFoundError(f"no snli_1.0_{split}.jsonl[.gz] or .txt[.gz] in {path}")
    path = existing_file(path, "SNLI file")
    if path.suffix == ".zip" and not zipfile.is_zipfile(path):
        raise CorpusFormatError(path, None, "not a readable zip archive (damaged or truncated?): replace it with a "
                                            "good copy of snli_1.0.zip")
    if zipfile.is_zipfile(path):
        if split is None:
            raise CorpusFormatError(path, None, f"a zip archive: name the split to read, one of {SNLI_SPLITS}")
        archive = zipfile.ZipFile(path)
        names = [f"snli_1.0/snli_1.0_{split}.jsonl", f"snli_1.0/snli_1.0_{split}.txt"]
        member = next((n for n in names if n in archive.namelist()), None)
        if member is None:
            raise FileNotFoundError(f"{path} holds neither of {names}")
        return f"{path}:{member}", archive.open(member)
    if path.suffix == ".gz":
        return str(path), gzip.open(path, "rb")
    return str(path), open(path, "rb")


def _format_of(name: str) -> str:
    stem = name[:-3] if name.endswith(".gz") else name
    if stem.endswith(".jsonl"):
        return "jsonl"
    if stem.endswith(".txt"):
        return "txt"
    raise CorpusFormatError(name, None, "unknown SNLI file type (expected .jsonl or .txt, optionally .gz)")


def _deeper_than(value, limit: int) -> bool:
    """Whether lists and dicts nest more than ``limit`` levels deep in ``value`` (a dict: 1 level).

    >>> _deeper_than({"a": [1, [2]]}, 2), _deeper_than({"a": [1, [2]]}, 3)
    (True, False)
    """
    stack = [(value, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return True
        stack += [(item, depth + 1) for item in (value.values() if isinstance(value, dict) else value)
                  if isinstance(item, (dict, list))]
    return False


class _NotJSON(ValueError):
    """A number Python's decoder reads but JSON has not (``NaN``, ``Infinity``, ``1e999``)."""


def _no_constant(name: str):
    raise _NotJSON(f"{name}, which is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotJSON(f"{text}, a number beyond a float's range")
    return value


def _jsonl_fields(line: str, source: str, lineno: int) -> dict:
    """The fields of a JSON line: strict JSON, whose numbers stay finite (its fields are written back
    out as JSON by the commands that predict), nested at most :data:`MAX_JSON_DEPTH` levels deep."""
    too_deep = f"nested too deeply (arrays or objects more than {MAX_JSON_DEPTH} levels deep)"
    try:
        record = json.loads(line, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise CorpusFormatError(source, lineno, f"invalid JSON ({exc.msg} at column {exc.colno})") from None
    except _NotJSON as exc:
        raise CorpusFormatError(source, lineno, f"holds {exc}") from None
    except RecursionError:
        raise CorpusFormatError(source, lineno, too_deep) from None
    except ValueError as exc:  # an integer of more digits than Python converts (sys.get_int_max_str_digits)
        raise CorpusFormatError(source, lineno, f"not readable JSON ({str(exc).split(':')[0].lower()})") from None
    if not isinstance(record, dict):
        raise CorpusFormatError(source, lineno, "a line must be a JSON object")
    if _deeper_than(record, MAX_JSON_DEPTH):
        raise CorpusFormatError(source, lineno, too_deep)
    if "\\ud" in line.lower():  # an escaped surrogate: only a pair of them is a character
        name = _lone_surrogate_field(record)
        if name is not None:
            raise CorpusFormatError(source, lineno, f"field {name!r} holds a lone surrogate (not a character)")
    return record


def _lone_surrogate_field(record: dict) -> str | None:
    """The name of the first field of ``record`` whose string holds a lone surrogate, if any."""
    return next((name for name, value in record.items()
                 if isinstance(value, str) and LONE_SURROGATE.search(value)), None)


def _nested(parse: str) -> bool:
    """Whether the brackets of ``parse`` nest as one tree: no ``)`` closes more than was opened, and
    only the last closes the first (*(A) (B)* is two trees; *) (* is no tree).

    >>> _nested("(ROOT (S (NN dogs)))"), _nested("(A))((B)"), _nested("(A) (B)")
    (True, False, False)
    """
    depth = 0
    for k, character in enumerate(parse):
        if character in "()":
            depth += 1 if character == "(" else -1
            if depth < 0 or (depth == 0 and k != len(parse) - 1):
                return False
    return depth == 0


def _check_parse(parse, text: str, name: str, source: str, lineno: int) -> None:
    """Raise :class:`CorpusFormatError` unless ``parse`` is a bracketed parse with balanced brackets
    and (for a sentence with words) at least one ``(TAG word)`` leaf; a string missing them
    would silently give no tokens, or tokens cut from a damaged tree."""
    if parse is None or parse == "":
        return
    if not isinstance(parse, str):
        raise CorpusFormatError(source, lineno, f"{name} is not a string")
    stripped = parse.strip()
    if not (stripped.startswith("(") and stripped.endswith(")")) or not _nested(stripped):
        raise CorpusFormatError(source, lineno,
                                f"{name} is not a bracketed parse with balanced brackets: {parse!r:.80}")
    if text.strip() and not _LEAF.search(parse):
        raise CorpusFormatError(source, lineno, f"{name} has no (TAG word) leaf: {parse!r:.80}")


def _txt_fields(line: str, header: list[str], source: str, lineno: int) -> dict:
    values = line.rstrip("\r\n").split("\t")
    if len(values) != len(header):
        raise CorpusFormatError(source, lineno, f"expected {len(header)} tab-separated fields, found {len(values)}")
    record = dict(zip(header, values))
    record["annotator_labels"] = [record.pop(c) for c in _TXT_LABEL_COLUMNS if record.get(c)]
    return record


def _pairs_fields(line: str, source: str, lineno: int) -> dict:
    """A headerless *premise<TAB>hypothesis[<TAB>gold label]* line as SNLI's fields."""
    values = line.rstrip("\r\n").split("\t")
    if len(values) not in (2, 3):
        raise CorpusFormatError(source, lineno, f"expected premise<TAB>hypothesis[<TAB>gold label], found "
                                                f"{len(values)} tab-separated fields")
    return dict(zip(("sentence1", "sentence2", "gold_label"), values))


def _pending_pair(record: dict, source: str, lineno: int, require_label: bool, gold_labels: tuple,
                  with_fields: bool, allow_blank: bool = True) -> tuple:
    """The validated line as ``(premise (text, parse), hypothesis (text, parse), finish)`` for
    :func:`build_pairs`; with ``with_fields``, ``finish`` gives ``(pair, record)``."""
    fields = record
    if not require_label and record.get("gold_label") in (None, ""):
        record = {**record, "gold_label": UNLABELED}
    for name in ("gold_label", "sentence1", "sentence2"):
        if not isinstance(record.get(name), str):
            raise CorpusFormatError(source, lineno, f"missing or non-string field {name!r}")
    for name in () if allow_blank else ("sentence1", "sentence2"):
        if not record[name].strip():
            raise CorpusFormatError(source, lineno, f"field {name!r} is {'blank' if record[name] else 'empty'}: "
                                                    f"not a sentence")
    label = record["gold_label"]
    if label not in gold_labels and label != UNLABELED:
        raise CorpusFormatError(source, lineno, f"unknown gold_label {label!r} (expected one of {gold_labels} or '-')")
    annotator_labels = record.get("annotator_labels") or []
    if not isinstance(annotator_labels, list) or any(l not in LABELS + ("",) for l in annotator_labels):
        raise CorpusFormatError(source, lineno, f"bad annotator_labels {annotator_labels!r}")
    annotator_labels = [l for l in annotator_labels if l]  # "" marks a missing annotation in SNLI
    for side in ("1", "2"):
        _check_parse(record.get(f"sentence{side}_parse"), record[f"sentence{side}"], f"sentence{side}_parse",
                     source, lineno)
    finish = partial(Pair, label=None if label == UNLABELED else label, pair_id=record.get("pairID") or None,
                     caption_id=record.get("captionID") or None, annotator_labels=tuple(annotator_labels))
    if with_fields:
        finish = partial(_with_record, finish, fields)
    return ((record["sentence1"], record.get("sentence1_parse")), (record["sentence2"], record.get("sentence2_parse")),
            finish)


def _with_record(finish, record: dict, premise, hypothesis) -> tuple[Pair, dict]:
    return finish(premise, hypothesis), record


def iter_snli(source, split: str | None = None, *, keep_unlabeled: bool = False, lemmas: bool = False,
              on_error: str = "raise", report: ReadReport | None = None,
              require_label: bool = True, tagger: str = "fast", gold_labels: tuple[str, ...] = LABELS,
              with_fields: bool = False, max_line_bytes: int = MAX_LINE_BYTES,
              allow_blank: bool = True) -> Iterator[Pair]:
    """Yield the pairs of one SNLI file as :class:`~lexnli.records.Pair` records.

    Parameters
    ----------
    source : str or path
        A zip, a folder of extracted files, a ``.jsonl``/``.txt`` file (optionally ``.gz``), or
        ``-`` (standard input: JSON lines or headerless *premise<TAB>hypothesis[<TAB>gold label]* lines).
    split : {"train", "dev", "test"} or None
        Which split to read from a zip or folder; ignored for a single file.
    keep_unlabeled : bool, default=False
        Keep pairs whose gold label is "-" (their ``label`` is ``None``); by default they are
        excluded and counted in ``report.n_unlabeled``.
    lemmas : bool, default=False
        Passed to :func:`lexnli.text.make_sentences` (lines without parses are tokenized and
        tagged in batches of :data:`~lexnli.corpora.lines.PAIR_BATCH` pairs).
    tagger : {"fast", "nltk"}, default="fast"
        How lines without parses are tagged (:data:`lexnli.text.TAGGERS`): the same tags, NLTK's
        own tagger being the slow reference.
    on_error : {"raise", "skip"}, default="raise"
        On a malformed line (bad JSON or field count, missing field, unknown label, bytes that
        are not UTF-8) raise :class:`CorpusFormatError`, or skip it and record it in
        ``report.skipped``. A damaged archive (e.g. a truncated gzip) always raises.
    report : ReadReport, optional
        Filled with the counts while reading.
    require_label : bool, default=True
        A line without ``gold_label`` is an error; ``False`` reads it as unlabeled (for
        prediction inputs, with ``keep_unlabeled=True``).
    gold_labels : tuple of str, default=LABELS
        The gold labels a line may have besides "-" (for a two-class set, add
        :data:`~lexnli.records.NON_ENTAILMENT_SPELLINGS`); any other is a format error.
    with_fields : bool, default=False
        Yield ``(pair, fields)``, where ``fields`` is the line's own dict of fields (a ``.txt``
        line's annotator labels as one list, ``annotator_labels``), instead of the pair alone.
    max_line_bytes : int, default=MAX_LINE_BYTES
        A longer line (its line ending not counted) is a format error, raised having read at most
        this much of it (:func:`~lexnli.corpora.lines.parse_lines`); skipped, it is read in pieces.
    allow_blank : bool, default=True
        ``False`` makes an empty or blank (whitespace only) ``sentence1`` or ``sentence2`` a format
        error, as the commands that predict and evaluate read their inputs. By default such a
        sentence is read (with no tokens), so that one odd line never stops a training corpus;
        SNLI 1.0's dev and test files hold none.
    """
    report = report if report is not None else ReadReport(str(source))
    pending = _pending_pairs(source, split, on_error=on_error, report=report, require_label=require_label,
                             gold_labels=gold_labels, with_fields=with_fields, max_line_bytes=max_line_bytes,
                             allow_blank=allow_blank)
    for item in build_pairs(pending, lemmas=lemmas, tagger=tagger):
        pair = item[0] if with_fields else item
        if pair.label is None:
            report.n_unlabeled += 1
            if not keep_unlabeled:
                continue
        report.n_read += 1
        yield item


def iter_parses(source, split: str | None = None) -> Iterator[tuple[str, str]]:
    """Yield ``(text, parse)`` of every sentence of an SNLI file that carries a parse, in file order.

    Lines are validated as :func:`iter_snli` validates them (a malformed line raises
    :class:`CorpusFormatError` naming the file and line); a line without a gold label or without
    parses is read, and gives only the parses it has. Nothing is tokenized or tagged.
    """
    pending = _pending_pairs(source, split, on_error="raise", report=ReadReport(str(source)), require_label=False,
                             gold_labels=LABELS, with_fields=False)
    for premise, hypothesis, _ in pending:
        for text, parse in (premise, hypothesis):
            if parse:
                yield text, parse


def check_snli(source, split: str | None = None, *, require_label: bool = True,
               gold_labels: tuple[str, ...] = LABELS, max_line_bytes: int = MAX_LINE_BYTES,
               allow_blank: bool = True) -> int:
    """Check every line of an SNLI source as :func:`iter_snli` reads it, without building its
    sentences (no tagging: a fraction of the reading time), and return the number of pairs;
    a bad line raises :class:`CorpusFormatError` naming the file and line, before any long work.

    Standard input (``-``) is not checked: it can be read only once.
    """
    if str(source) == STDIN:
        raise ValueError("standard input can be read only once, so it is not checked ahead")
    pending = _pending_pairs(source, split, on_error="raise", report=ReadReport(str(source)),
                             require_label=require_label, gold_labels=gold_labels, with_fields=False,
                             max_line_bytes=max_line_bytes, allow_blank=allow_blank)
    return sum(1 for _ in pending)


def _pending_pairs(source, split, *, on_error, report, require_label, gold_labels, with_fields,
                   max_line_bytes=MAX_LINE_BYTES, allow_blank=True):
    """The validated lines of ``source`` as :func:`build_pairs` takes them (see :func:`iter_snli`)."""
    name, lines = _open_lines(Path(source), split)
    kind = None if name == STDIN_NAME else _format_of(name)  # standard input: told by its first line
    report.source = name
    header = None

    def parse_line(lineno, line):
        nonlocal header, kind
        if kind == "txt" and header is None:
            header = line.rstrip("\r\n").split("\t")
            missing = [column for column in ("gold_label", "sentence1", "sentence2") if column not in header
                       and (require_label or column != "gold_label")]
            if missing:
                raise CorpusFormatError(name, lineno, f"the header row of a .txt file must name {', '.join(missing)}",
                                        fatal=True)
            return None
        if not line.strip():
            return None
        if kind is None:
            kind = "jsonl" if line.lstrip().startswith("{") else "pairs"
        if kind == "jsonl":
            record = _jsonl_fields(line, name, lineno)
        else:
            record = _pairs_fields(line, name, lineno) if kind == "pairs" else _txt_fields(line, header, name, lineno)
        return _pending_pair(record, name, lineno, require_label, gold_labels, with_fields, allow_blank)

    def surrogate_field(line):
        """The field of a line (decoded with its encoded lone surrogates) holding one, for the error."""
        try:
            if kind == "jsonl" or (kind is None and line.lstrip().startswith("{")):
                record = json.loads(line)
            else:
                names = header or ("sentence1", "sentence2", "gold_label")
                record = dict(zip(names, line.rstrip("\r\n").split("\t")))
        except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
            return None
        return _lone_surrogate_field(record) if isinstance(record, dict) else None

    return parse_lines(name, lines, parse_line, on_error=on_error, report=report, surrogate_field=surrogate_field,
                       max_line_bytes=max_line_bytes)


class SNLICorpus(Sequence):
    """The pairs of one SNLI split in memory, with the read report and a DataFrame view."""

    def __init__(self, pairs: list[Pair], report: ReadReport):
        self.pairs, self.report = pairs, report

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, index):
        return self.pairs[index]

    def __repr__(self):
        return f"SNLICorpus({self.report.source!r}, {len(self)} pairs, {self.report.n_unlabeled} unlabeled excluded)"

    @cached_property
    def labels(self) -> list[str | None]:
        """Gold labels, aligned with the pairs (computed once)."""
        return [p.label for p in self.pairs]


def read_snli(source, split: str | None = None, *, progress: bool | None = None, **options) -> SNLICorpus:
    """Read one SNLI split into memory; see :func:`iter_snli` for the options.

    The counts (pairs kept, "-" pairs excluded, malformed lines skipped) are logged and kept in
    ``corpus.report``. ``progress`` draws a bar over the pairs read (:func:`lexnli.progress.bar`:
    ``None`` on a terminal only; without a bar, a log line every few seconds).
    """
    report = ReadReport(str(source))
    pairs = list(bar(iter_snli(source, split, report=report, **options), f"reading {source}"
                     + (f" ({split})" if split else ""), unit="pairs", progress=progress, announce=True))
    report.log()
    return SNLICorpus(pairs, report)
