"""Corpus readers: SNLI, SICK, RTE-3 and tables of pairs (DataFrames, Hugging Face datasets) as
:class:`~lexnli.records.Pair` records."""
from .frames import HF_SNLI_LABELS, read_frame
from .lines import ReadReport
from .rte import read_rte3
from .sick import iter_sick, read_sick
from .snli import SNLICorpus, iter_parses, iter_snli, read_snli

__all__ = ["HF_SNLI_LABELS", "ReadReport", "SNLICorpus", "iter_parses", "iter_sick", "iter_snli", "read_frame",
           "read_rte3", "read_sick", "read_snli"]
