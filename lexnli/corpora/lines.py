"""The line-reading loop and read report shared by the corpus readers."""
from __future__ import annotations

import gzip
import logging
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice

from ..errors import CorpusFormatError
from ..text import make_sentences

logger = logging.getLogger("lexnli.corpora")
#: Pairs whose sentences are built together by :func:`build_pairs` (raw ones tagged in one batch).
PAIR_BATCH = 4096
#: The longest line :func:`parse_lines` reads by default, in bytes, its line ending not counted (1 MiB):
#: a longer one is refused having read no more than this, so that one line never fills memory.
MAX_LINE_BYTES = 1 << 20


@dataclass
class ReadReport:
    """What a reader kept and left out of one file; filled while reading.

    ``n_unlabeled`` counts pairs whose gold label is "-" (no annotator majority), excluded
    unless asked for; ``skipped`` holds one :class:`CorpusFormatError` per bad line skipped
    when the caller chose ``on_error="skip"``; ``fields`` the name of every field a line read had.
    """

    source: str
    n_read: int = 0
    n_unlabeled: int = 0
    skipped: list[CorpusFormatError] = field(default_factory=list)
    fields: set[str] = field(default_factory=set)

    def log(self) -> None:
        """Log the counts at INFO (WARNING when lines were skipped)."""
        msg = (f"{self.source}: {self.n_read:,} pairs read, {self.n_unlabeled:,} with gold label '-' "
               f"excluded" if self.n_unlabeled else f"{self.source}: {self.n_read:,} pairs read")
        if self.skipped:
            logger.warning("%s; %s malformed lines skipped (first: %s)", msg, f"{len(self.skipped):,}",
                           self.skipped[0])
        else:
            logger.info(msg)


def _undecodable(raw: bytes, exc: UnicodeDecodeError, surrogate_field) -> str:
    """What is wrong with a line of bytes that is not UTF-8."""
    try:
        line = raw.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return f"not valid UTF-8 (byte {exc.start}: {raw[exc.start:exc.start + 1]!r})"
    field = surrogate_field(line) if surrogate_field is not None else None
    return f"{f'field {field!r}' if field else 'the line'} holds a lone surrogate (not a character)"


def _bounded_lines(stream, limit: int):
    """Yield each line of the byte ``stream``, or None for a line longer than ``limit`` bytes (its line
    ending not counted), of which at most ``limit + 2`` bytes are read. Only when the caller goes on
    after a None is the rest of that line read, in pieces of ``limit`` bytes, and dropped."""
    while raw := stream.readline(limit + 2):
        if len(raw.rstrip(b"\r\n")) <= limit:
            yield raw
            continue
        yield None
        while raw and not raw.endswith(b"\n"):
            raw = stream.readline(limit)


def parse_lines(name: str, stream, parse_line, *, on_error: str, report: ReadReport, surrogate_field=None,
                max_line_bytes: int = MAX_LINE_BYTES):
    """Yield ``parse_line(lineno, line)`` for every UTF-8 line of the byte ``stream`` (None results are dropped).

    A line longer than ``max_line_bytes`` (its line ending not counted) is an error, raised having
    read at most ``max_line_bytes + 2`` bytes of it: a line with no end in sight never fills memory.

    A line that would be UTF-8 but for an encoded lone surrogate (not a character) is refused as
    holding one, in the field ``surrogate_field(line)`` names when given (``line`` decoded with
    its surrogates; the function returns a field name or None), as JSON's escaped ones are.

    A UTF-8 byte order mark before the first line is dropped. A :class:`CorpusFormatError`
    (bytes that are not UTF-8 included) is raised, or, with ``on_error="skip"`` and unless it
    is fatal, recorded in ``report.skipped``. A damaged stream (truncated gzip, bad zip member)
    always raises: it is not a short corpus. So does a stream with no pair at all (empty, or a
    header row only): it is never what the caller meant to read.
    """
    if on_error not in ("raise", "skip"):
        raise ValueError(f"on_error must be 'raise' or 'skip', not {on_error!r}")
    if max_line_bytes < 1:
        raise ValueError(f"max_line_bytes must be at least 1, not {max_line_bytes!r}")
    lineno = n_pairs = 0
    with stream:
        try:
            for lineno, raw in enumerate(_bounded_lines(stream, max_line_bytes), start=1):
                try:
                    if raw is None:
                        raise CorpusFormatError(name, lineno, f"longer than {max_line_bytes:,} bytes (the most a "
                                                              f"line may have; it was not read further)")
                    try:
                        line = raw.decode("utf-8")
                    except UnicodeDecodeError as exc:
                        raise CorpusFormatError(name, lineno, _undecodable(raw, exc, surrogate_field)) from None
                    if lineno == 1:
                        line = line.removeprefix("\ufeff")
                    result = parse_line(lineno, line)
                except CorpusFormatError as exc:
                    if on_error == "raise" or exc.fatal:
                        raise
                    report.skipped.append(exc)
                    continue
                if result is not None:
                    n_pairs += 1
                    yield result
        except (EOFError, zlib.error, gzip.BadGzipFile, zipfile.BadZipFile) as exc:
            raise CorpusFormatError(name, lineno + 1, f"damaged or truncated file ({exc})") from exc
    if n_pairs == 0 and not report.skipped:
        raise CorpusFormatError(name, None, "no pairs: the file is empty or has only a header row", fatal=True)


def build_pairs(pending, *, lemmas: bool = False, tagger: str | Callable = "fast", batch_size: int = PAIR_BATCH):
    """Yield ``finish(premise, hypothesis)`` for each ``(premise_item, hypothesis_item, finish)`` of ``pending``.

    The items are ``(text, parse or None)`` as :func:`lexnli.text.make_sentences` takes them (with
    ``lemmas`` and ``tagger``); the sentences of ``batch_size`` pairs are built together, so raw
    text is tagged in batches while the pairs still stream in order.
    """
    pending = iter(pending)
    while batch := list(islice(pending, batch_size)):
        sentences = make_sentences([item for premise, hypothesis, _ in batch for item in (premise, hypothesis)],
                                   lemmas=lemmas, tagger=tagger)
        for i, (_, _, finish) in enumerate(batch):
            yield finish(sentences[2 * i], sentences[2 * i + 1])
