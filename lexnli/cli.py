"""What every command line shares: one-line usage errors, option types that check their range,
and output paths checked before any work is done (so a bad path never costs a training run)."""
from __future__ import annotations

import argparse
import os
from pathlib import Path


class UsageError(ValueError):
    """A bad option value or output path; a CLI reports it as one ``error:`` line and exit status 2."""


class ArgumentParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` whose errors raise :class:`UsageError`, so that a CLI reports
    them as it reports data errors: one line on stderr and exit status 2 (``main`` returns 2)."""

    def error(self, message):
        raise UsageError(f"{message} (see {self.prog} --help)")


def at_least(minimum, kind=int):
    """An argparse ``type``: a ``kind`` (int or float) value that is at least ``minimum``."""
    def convert(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {'an integer' if kind is int else 'a number'}, got {text!r}") from None
        if not value >= minimum:  # also refuses NaN
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {text}")
        return value
    convert.__name__ = f"{kind.__name__} >= {minimum}"
    return convert


def positive_number(text: str) -> float:
    """An argparse ``type``: a finite number greater than 0 (a regularization strength C)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a finite number greater than 0, got {text}")
    return value


def n_jobs(text: str) -> int:
    """An argparse ``type``: a number of processes as joblib takes it (N >= 1, or -1 for all cores)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value == 0 or value < -1:
        raise argparse.ArgumentTypeError(f"must be at least 1, or -1 for all cores, got {value}")
    return value


def _writable_parent(path: Path, option: str) -> None:
    """Raise :class:`UsageError` unless the nearest existing ancestor of ``path`` is a writable folder."""
    existing = path.parent if str(path.parent) else Path(".")
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {path}: {existing} is not a writable folder")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def check_output_file(path, option: str, inputs=()) -> None:
    """Raise :class:`UsageError` unless ``path`` can be written as a file and is none of ``inputs``.

    Parameters
    ----------
    path : path
        The output file an option names.
    option : str
        The option's name, for the message (``"--output"``).
    inputs : iterable of (str, path or None)
        ``(option, path)`` of the command's inputs; writing over one of them is refused.
    """
    path = Path(path)
    if path.is_dir():
        raise UsageError(f"{option} {path}: is a folder, expected a file name")
    for input_option, input_path in inputs:
        if input_path is not None and _same_file(path, Path(input_path)):
            raise UsageError(f"{option} {path}: is the {input_option} file; choose another output")
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f"{option} {path}: not writable")
    _writable_parent(path, option)


def check_output_folder(out, option: str = "--out") -> None:
    """Raise :class:`UsageError` unless ``out`` is (or can be created as) a writable folder."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"{option} {out}: exists and is not a folder")
    if out.is_dir():
        if not os.access(out, os.W_OK | os.X_OK):
            raise UsageError(f"{option} {out}: is not a writable folder")
        return
    _writable_parent(out, option)
