"""Errors and read reports shared by the corpus readers."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

logger = logging.getLogger("lexnli.corpora")


class CorpusFormatError(ValueError):
    """A corpus line is malformed; the message names the file, the line number and the problem."""

    def __init__(self, source: str, line: int | None, problem: str):
        self.source, self.line, self.problem = str(source), line, problem
        where = f"{source}, line {line}" if line is not None else str(source)
        super().__init__(f"{where}: {problem}")


@dataclass
class ReadReport:
    """What a reader kept and left out of one file; filled while reading.

    ``n_unlabeled`` counts pairs whose gold label is "-" (no annotator majority), excluded
    unless asked for; ``skipped`` holds one :class:`CorpusFormatError` per bad line skipped
    when the caller chose ``on_error="skip"``.
    """

    source: str
    n_read: int = 0
    n_unlabeled: int = 0
    skipped: list[CorpusFormatError] = field(default_factory=list)

    def log(self) -> None:
        """Log the counts at INFO (WARNING when lines were skipped)."""
        msg = (f"{self.source}: {self.n_read} pairs read, {self.n_unlabeled} with gold label '-' "
               f"excluded" if self.n_unlabeled else f"{self.source}: {self.n_read} pairs read")
        if self.skipped:
            logger.warning("%s; %d malformed lines skipped (first: %s)", msg, len(self.skipped),
                           self.skipped[0])
        else:
            logger.info(msg)
