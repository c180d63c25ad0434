"""Corpus readers: SNLI, SICK and RTE-3 as :class:`~lexnli.records.Pair` records."""
from .lines import ReadReport
from .rte import read_rte3
from .sick import iter_sick, read_sick
from .snli import SNLICorpus, iter_snli, read_snli

__all__ = ["ReadReport", "SNLICorpus", "iter_sick", "iter_snli", "read_rte3", "read_sick", "read_snli"]
