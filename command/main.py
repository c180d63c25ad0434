"""``lexnli``: predict, evaluate and train natural language inference models from the shell.

    lexnli predict "A man sleeps." "A man is awake."     # one pair, with the default model
    lexnli predict -  < pairs.jsonl                       # JSON lines or premise<TAB>hypothesis lines
    lexnli evaluate challenge.jsonl --by category         # accuracy, per class, per category
    lexnli train [--preset inference|lexicalized]         # fetch SNLI, train, install the default model
    lexnli fetch                                          # SNLI, NLTK's tagger and WordNet, VerbOcean

Each subcommand is a module of this package with ``add_arguments(parser)`` and ``run(args) -> int``,
its one-line help in :data:`SUBCOMMANDS`; a data or usage error, or an output that cannot be written,
is one ``error:`` line and exit status 2; a closed standard output (``| head -1``) ends it quietly.
"""
from __future__ import annotations

import importlib
import logging
import sys

from lexnli.cli import ArgumentParser, UsageError, exit_on_signals, os_error_status
from lexnli.errors import WorkerLostError
from lexnli.version import __version__

#: The subcommands, in the order ``lexnli --help`` lists them: each one's module and one-line help. A
#: subcommand's module, and what it imports (scikit-learn, the experiments), is loaded only when the
#: command line names it: ``lexnli --help`` and ``--version`` load none.
SUBCOMMANDS = {
    "predict": ("command.predict", "predict the label of a pair, or of every pair of a file or of standard input"),
    "evaluate": ("command.evaluate",
                 "score a model on a labelled file: accuracy, per class, per field, against a second model"),
    "train": ("command.train", "train a model on SNLI and install it as the default (or save it with --model)"),
    "fetch": ("command.fetch",
              "download (or, with LEXNLI_NO_DOWNLOAD=1, check) SNLI, NLTK's tagger and WordNet, VerbOcean, "
              "and build the syntax model"),
}


def parser(argv=None) -> ArgumentParser:
    """The ``lexnli`` parser, one subparser per :data:`SUBCOMMANDS` entry. Given the command line
    ``argv``, only the subcommand it names gets its arguments (its module is imported), the others
    their help line; without, every one does."""
    top = ArgumentParser(prog="lexnli", description=__doc__.split("\n\n")[0])
    top.add_argument("--version", action="version", version=f"lexnli {__version__}")
    subparsers = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    named = None if argv is None else next((arg for arg in argv if not arg.startswith("-")), "")
    for name, (module_name, help_line) in SUBCOMMANDS.items():
        if named is not None and name != named:
            subparsers.add_parser(name, help=help_line)
            continue
        module = importlib.import_module(module_name)
        sub = subparsers.add_parser(name, help=help_line, description=module.__doc__.split("\n\n")[0])
        sub.prog = f"lexnli {name}"
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return top


def _user_errors() -> tuple[type[Exception], ...]:
    """What a CLI reports as one ``error:`` line (:data:`classifiers.cli.USER_ERRORS`), imported when one
    is raised."""
    from classifiers.cli import USER_ERRORS

    return USER_ERRORS


def main(argv=None) -> int:
    """Run ``lexnli``; return its exit status (0; 2 after a usage or data error)."""
    exit_on_signals()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = parser(argv).parse_args(argv)
        status = args.run(args)
        sys.stdout.flush()  # a failed write of standard output is reported here, not by Python as it exits
        return status
    except SystemExit:  # --help, --version: argparse's own exit, before any import
        raise
    except UsageError as exc:  # a command line argparse refuses, before any import
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except _user_errors() as exc:  # the library's own: one error: line, exit status 2
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a full disk, /dev/full, a closed pipe, an unreadable file
        return os_error_status(exc)
    except WorkerLostError as exc:  # not the input's fault: status 1
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
