"""``lexnli``: predict, evaluate and train natural language inference models from the shell.

    lexnli predict "A man sleeps." "A man is awake."     # one pair, with the default model
    lexnli predict -  < pairs.jsonl                       # JSON lines or premise<TAB>hypothesis lines
    lexnli evaluate challenge.jsonl --by category         # accuracy, per class, per category
    lexnli train [--preset inference|lexicalized]         # fetch SNLI, train, install the default model
    lexnli fetch                                          # SNLI, NLTK's tagger and WordNet, VerbOcean

Each subcommand is a module of this package with ``HELP`` (one line), ``add_arguments(parser)``
and ``run(args) -> int``; a data or usage error, or an output that cannot be written, is one
``error:`` line and exit status 2; a closed standard output (``| head -1``) ends it quietly.
"""
from __future__ import annotations

import logging
import sys

from experiments.runner import USER_ERRORS
from lexnli.cli import ArgumentParser, exit_on_signals, os_error_status
from lexnli.version import __version__

from . import evaluate, fetch, predict, train

#: The subcommands, in the order ``lexnli --help`` lists them.
SUBCOMMANDS = {"predict": predict, "evaluate": evaluate, "train": train, "fetch": fetch}


def parser() -> ArgumentParser:
    """The ``lexnli`` parser, one subparser per :data:`SUBCOMMANDS` entry."""
    top = ArgumentParser(prog="lexnli", description=__doc__.split("\n\n")[0])
    top.add_argument("--version", action="version", version=f"lexnli {__version__}")
    subparsers = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module in SUBCOMMANDS.items():
        sub = subparsers.add_parser(name, help=module.HELP, description=module.__doc__.split("\n\n")[0])
        sub.prog = f"lexnli {name}"
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return top


def main(argv=None) -> int:
    """Run ``lexnli``; return its exit status (0; 2 after a usage or data error)."""
    exit_on_signals()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    try:
        args = parser().parse_args(argv)
        status = args.run(args)
        sys.stdout.flush()  # a failed write of standard output is reported here, not by Python as it exits
        return status
    except USER_ERRORS as exc:  # the experiments' own: one error: line, exit status 2
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a full disk, /dev/full, a closed pipe, an unreadable file
        return os_error_status(exc)


if __name__ == "__main__":
    sys.exit(main())
