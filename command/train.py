"""``lexnli train``: (being written)."""
from lexnli.cli import UsageError

HELP = "train"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    raise UsageError("lexnli train: not written yet")
