"""The reader of pair files: SNLI 1.0 in every form it is distributed or kept in, and pairs of one's own.

Accepted sources: ``snli_1.0.zip`` (with ``split``), a folder holding the extracted
``snli_1.0_{split}.{jsonl,txt}`` files (with ``split``), one file, or ``-``, standard input.

A file's format (:data:`FORMATS`) is told by its name, ``.gz`` (gzip) aside: ``.jsonl`` (one JSON
object a line), ``.txt`` or ``.tsv`` (tab-separated, SNLI's ``.txt``), ``.csv`` (comma-separated,
one pair a line). Standard input is read as a file is; its format is told by its first line that
is not blank: JSON (``{``), else tab-separated when it holds a tab, else comma-separated when it is
a header row. ``format`` names the format instead.

A delimited file's first row is a header when it holds a field name of
:mod:`lexnli.corpora.fields`; without one, each line is *premise, hypothesis[, gold label]*. The
sentences are ``sentence1``/``sentence2`` or ``premise``/``hypothesis``, the gold label
``gold_label`` or ``label`` (a name, ``-``, or an integer: 0 entailment, 1 neutral, 2 contradiction,
-1 none). Lines may lack parses (tokens are then produced by :func:`lexnli.text.make_sentences`,
in batches).
"""
from __future__ import annotations

import csv
import gzip
import json
import math
import re
import sys
import zipfile
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property, partial
from pathlib import Path

from ..data_home import SNLI_SUFFIXES
from ..errors import CorpusFormatError
from ..io import STDOUT, existing_file
from ..progress import bar
from ..records import LABELS, SNLI_SPLITS, Pair
from ..text import LONE_SURROGATE
from .fields import (ACCEPTED_LABELS, ACCEPTED_SENTENCES, INTEGER_CONVENTION, LABEL_FIELDS, SENTENCE_FIELDS, UNLABELED,
                     gold_label, is_header, label_field, missing_sentences, sentence_fields)
from .lines import MAX_LINE_BYTES, ReadReport, build_pairs, parse_lines

#: The formats of a pair file, by name: each one's field separator (None: JSON lines), and its file suffixes.
FORMATS = {"jsonl": (None, (".jsonl",)), "tsv": ("\t", (".tsv", ".txt")), "csv": (",", (".csv",))}
#: The fields of a line without a header row, in order (the gold label may be left out).
HEADERLESS = SENTENCE_FIELDS[0] + LABEL_FIELDS[:1]
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


def format_of(name) -> str:
    """The format of the file ``name`` (a key of :data:`FORMATS`) by its suffix, ``.gz`` aside.

    >>> format_of("pairs.tsv.gz"), format_of("snli_1.0_dev.txt")
    ('tsv', 'tsv')
    """
    stem = str(name).removesuffix(".gz")
    found = next((kind for kind, (_, suffixes) in FORMATS.items() if stem.endswith(suffixes)), None)
    if found is None:
        raise CorpusFormatError(name, None, "unknown type of pair file: expected .jsonl, .txt, .tsv or .csv, "
                                            "optionally .gz (or name the format: --format)", fatal=True)
    return found


def sniffed_format(line: str) -> str:
    """The format of standard input, told by its first line that is not blank (see the module docstring).

    >>> sniffed_format('{"premise": "A"}'), sniffed_format("A man.\\tA person."), sniffed_format("premise,hypothesis")
    ('jsonl', 'tsv', 'csv')
    """
    if line.lstrip().startswith("{"):
        return "jsonl"
    if "\t" not in line:
        try:
            if is_header(_split(line, ",", STDIN_NAME, 1)):
                return "csv"
        except CorpusFormatError:  # not comma-separated either: refused as a tab-separated line
            pass
    return "tsv"


def _split(line: str, delimiter: str, source: str, lineno: int) -> list[str]:
    """The fields of one line of a delimited file (a ``.csv`` field may be quoted, not span lines)."""
    line = line.rstrip("\r\n")
    if delimiter == "\t":
        return line.split("\t")
    try:
        return next(csv.reader([line], strict=True))
    except csv.Error as exc:
        raise CorpusFormatError(source, lineno, f"not a comma-separated line ({exc}; a quoted field may not span "
                                                f"lines)") from None


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


def _delimited_fields(values: list[str], header, delimiter: str, source: str, lineno: int) -> dict:
    """A row of a delimited file as its fields: named by the ``header`` row, or (None) :data:`HEADERLESS`."""
    separated = "tab-separated" if delimiter == "\t" else "comma-separated"
    if header is None:
        if len(values) not in (2, 3):
            raise CorpusFormatError(source, lineno, f"expected premise, hypothesis[, gold label] ({separated}, no "
                                                    f"header row), found {len(values)} field(s); a header row names "
                                                    f"the fields ({ACCEPTED_SENTENCES}; {ACCEPTED_LABELS})")
        return dict(zip(HEADERLESS, values))
    if len(values) != len(header):
        raise CorpusFormatError(source, lineno, f"expected {len(header)} {separated} fields, found {len(values)}")
    record = dict(zip(header, values))
    record["annotator_labels"] = [record.pop(c) for c in _TXT_LABEL_COLUMNS if record.get(c)]
    return record


def _checked_header(values: list[str], source: str, lineno: int, require_label: bool) -> list[str]:
    """The header row's field names, refused (fatally) unless they name the sentences and, with
    ``require_label``, the gold label."""
    header = [value.strip() for value in values]
    if sentence_fields(header) is None:
        raise CorpusFormatError(source, lineno, f"the header row names no sentence fields: expected "
                                                f"{ACCEPTED_SENTENCES} (found {', '.join(header)})", fatal=True)
    if require_label and label_field(header) is None:
        raise CorpusFormatError(source, lineno, f"the header row must name the gold label: {ACCEPTED_LABELS} "
                                                f"(found {', '.join(header)})", fatal=True)
    return header


def pending_pair(record: dict, source: str, lineno: int, require_label: bool = False, gold_labels: tuple = LABELS,
                 with_fields: bool = False, allow_blank: bool = True, unit: str = "line") -> tuple:
    """The validated ``record`` (a line's or a table row's fields, see :mod:`lexnli.corpora.fields`) as
    ``(premise (text, parse), hypothesis (text, parse), finish)`` for :func:`build_pairs`; with
    ``with_fields``, ``finish`` gives ``(pair, record)``. A problem is a :class:`CorpusFormatError`
    naming ``source`` and the ``unit`` (line, row) ``lineno``."""
    def error(problem):
        return CorpusFormatError(source, lineno, problem, unit=unit)

    names = sentence_fields(record)
    if names is None:
        raise error(missing_sentences(list(record)))
    for name in names:
        if not isinstance(record[name], str):
            raise error(f"field {name!r} is not a string: {record[name]!r:.80}")
        if not allow_blank and not record[name].strip():
            raise error(f"field {name!r} is {'blank' if record[name] else 'empty'}: not a sentence")
    labelled = label_field(record)
    if labelled is None and require_label:
        raise error(f"no gold label: expected a field {ACCEPTED_LABELS}")
    try:
        label = gold_label(record[labelled]) if labelled is not None else UNLABELED
    except ValueError as exc:
        raise error(f"field {labelled!r}: {exc}") from None
    if require_label and record[labelled] in (None, ""):
        raise error(f"field {labelled!r} is empty: expected a gold label, or '-' for none")
    if label not in gold_labels and label != UNLABELED:
        raise error(f"unknown {labelled} {label!r} (expected one of {gold_labels}, '-', or an integer: "
                    f"{INTEGER_CONVENTION})")
    annotator_labels = record.get("annotator_labels") or []
    if not isinstance(annotator_labels, list) or any(l not in LABELS + ("",) for l in annotator_labels):
        raise error(f"bad annotator_labels {annotator_labels!r}")
    annotator_labels = [l for l in annotator_labels if l]  # "" marks a missing annotation in SNLI
    for side in ("1", "2"):
        _check_parse(record.get(f"sentence{side}_parse"), record[names[int(side) - 1]], f"sentence{side}_parse",
                     source, lineno)
    finish = partial(Pair, label=None if label == UNLABELED else label, pair_id=record.get("pairID") or None,
                     caption_id=record.get("captionID") or None, annotator_labels=tuple(annotator_labels))
    if with_fields:
        finish = partial(_with_record, finish, record)
    return ((record[names[0]], record.get("sentence1_parse")), (record[names[1]], record.get("sentence2_parse")),
            finish)


def _with_record(finish, record: dict, premise, hypothesis) -> tuple[Pair, dict]:
    return finish(premise, hypothesis), record


def iter_snli(source, split: str | None = None, *, keep_unlabeled: bool = False, lemmas: bool = False,
              on_error: str = "raise", report: ReadReport | None = None,
              require_label: bool = True, tagger: str | Callable = "fast", gold_labels: tuple[str, ...] = LABELS,
              with_fields: bool = False, max_line_bytes: int = MAX_LINE_BYTES,
              allow_blank: bool = True, format: str | None = None) -> Iterator[Pair]:
    """Yield the pairs of one pair file (SNLI's, or one's own) as :class:`~lexnli.records.Pair` records.

    Parameters
    ----------
    source : str or path
        A zip, a folder of extracted files, a ``.jsonl``, ``.txt``, ``.tsv`` or ``.csv`` file
        (optionally ``.gz``), or ``-`` (standard input); see the module docstring for the formats
        and the field names.
    split : {"train", "dev", "test"} or None
        Which split to read from a zip or folder; ignored for a single file.
    format : {"jsonl", "tsv", "csv"} or None, default=None
        The file's format (:data:`FORMATS`); ``None``: told by the file name, or for standard
        input by its first line.
    keep_unlabeled : bool, default=False
        Keep pairs whose gold label is "-" (their ``label`` is ``None``); by default they are
        excluded and counted in ``report.n_unlabeled``.
    lemmas : bool, default=False
        Passed to :func:`lexnli.text.make_sentences` (lines without parses are tokenized and
        tagged in batches of :data:`~lexnli.corpora.lines.PAIR_BATCH` pairs).
    tagger : {"fast", "nltk"} or callable, default="fast"
        How lines without parses are tagged (:data:`lexnli.text.TAGGERS`): the same tags, NLTK's
        own tagger being the slow reference; or a function of token lists, such as the syntax
        model's tagger of a model that retags every sentence (:func:`lexnli.text.tokenize_and_tag_many`).
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
                             allow_blank=allow_blank, format=format)
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
               allow_blank: bool = True, format: str | None = None, report: ReadReport | None = None) -> int:
    """Check every line of an SNLI source as :func:`iter_snli` reads it, without building its
    sentences (no tagging: a fraction of the reading time), and return the number of pairs;
    a bad line raises :class:`CorpusFormatError` naming the file and line, before any long work.
    ``report`` gets the names of the fields the lines have (``report.fields``).

    Standard input (``-``) is not checked: it can be read only once.
    """
    if str(source) == STDIN:
        raise ValueError("standard input can be read only once, so it is not checked ahead")
    report = report if report is not None else ReadReport(str(source))
    pending = _pending_pairs(source, split, on_error="raise", report=report,
                             require_label=require_label, gold_labels=gold_labels, with_fields=False,
                             max_line_bytes=max_line_bytes, allow_blank=allow_blank, format=format)
    return sum(1 for _ in pending)


def _pending_pairs(source, split, *, on_error, report, require_label, gold_labels, with_fields,
                   max_line_bytes=MAX_LINE_BYTES, allow_blank=True, format=None):
    """The validated lines of ``source`` as :func:`build_pairs` takes them (see :func:`iter_snli`)."""
    if format is not None and format not in FORMATS:
        raise ValueError(f"format must be one of {tuple(FORMATS)} or None, not {format!r}")
    name, lines = _open_lines(Path(source), split)
    kind = format or (None if name == STDIN_NAME else format_of(name))  # standard input: told by its first line
    report.source = name
    header, started = None, False

    def parse_line(lineno, line):
        nonlocal header, kind, started
        if not line.strip():
            return None
        if kind is None:
            kind = sniffed_format(line)
        delimiter = FORMATS[kind][0]
        if delimiter is None:
            record = _jsonl_fields(line, name, lineno)
        else:
            values = _split(line, delimiter, name, lineno)
            if not started:
                started = True
                if is_header(values):
                    header = _checked_header(values, name, lineno, require_label)
                    return None
            record = _delimited_fields(values, header, delimiter, name, lineno)
        report.fields.update(record)
        return pending_pair(record, name, lineno, require_label, gold_labels, with_fields, allow_blank)

    def surrogate_field(line):
        """The field of a line (decoded with its encoded lone surrogates) holding one, for the error."""
        try:
            if (kind or sniffed_format(line)) == "jsonl":
                record = json.loads(line)
            else:
                names = header or HEADERLESS
                record = dict(zip(names, line.rstrip("\r\n").split(FORMATS[kind or "tsv"][0])))
        except (ValueError, RecursionError, CorpusFormatError):  # JSONDecodeError is a ValueError
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
