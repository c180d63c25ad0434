"""``lexnli fetch``: (being written)."""
from lexnli.cli import UsageError

HELP = "fetch"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    raise UsageError("lexnli fetch: not written yet")
