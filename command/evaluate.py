"""``lexnli evaluate``: (being written)."""
from lexnli.cli import UsageError

HELP = "evaluate"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    raise UsageError("lexnli evaluate: not written yet")
