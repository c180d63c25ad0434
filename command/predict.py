"""``lexnli predict``: (being written)."""
from lexnli.cli import UsageError

HELP = "predict"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    raise UsageError("lexnli predict: not written yet")
