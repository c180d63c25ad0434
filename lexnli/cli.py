"""What every command line shares: one-line usage errors, help without reST markup, option types that
check their range, and output paths checked before any work is done (so a bad path never costs a
training run)."""
from __future__ import annotations

import argparse
import os
import re
import signal
import stat
import sys
import tempfile
from pathlib import Path

from .io import STDOUT, STDOUT_NAME, WRITE_ERRNOS, OutputError, is_stream


class UsageError(ValueError):
    """A bad option value or output path; a CLI reports it as one ``error:`` line and exit status 2."""


#: A reST role (``:func:`~a.b.c```, ``:mod:`a.b```, ``:class:`title <a.B>```) and a literal (````x````).
_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`([^`]*)`")
_LITERAL = re.compile(r"``(.+?)``", re.DOTALL)


def plain_text(text: str) -> str:
    """``text`` (a docstring shown as help) without its reST markup: a literal's text, a role's target as
    Sphinx shows it (its last name after ``~``, its title when it has one).

    >>> plain_text("``lexnli predict``: read by :func:`~lexnli.corpora.snli.iter_snli`, see :mod:`featurize`")
    'lexnli predict: read by iter_snli, see featurize'
    >>> plain_text(":class:`the featurizer <featurize.PairFeaturizer>` reads ``.jsonl``")
    'the featurizer reads .jsonl'
    """
    def shown(role: re.Match) -> str:
        target = role[1]
        if (titled := re.fullmatch(r"(.*?)\s*<[^<>]*>", target, re.DOTALL)) is not None:
            return titled[1]
        return target[1:].rsplit(".", 1)[-1] if target.startswith("~") else target
    return _LITERAL.sub(r"\1", _ROLE.sub(shown, text))


class ArgumentParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` whose errors raise :class:`UsageError`, so that a CLI reports
    them as it reports data errors: one line on stderr and exit status 2 (``main`` returns 2); and
    whose help is plain text, the reST markup of the docstrings it shows taken out (:func:`plain_text`)."""

    def error(self, message):
        raise UsageError(f"{message} (see {self.prog} --help)")

    def format_help(self) -> str:
        return plain_text(super().format_help())


def checked(kind, accept, requirement: str):
    """An argparse ``type``: a ``kind`` (int or float) value for which ``accept(value)`` holds.

    Anything else is refused with "must be ``requirement``" (NaN fails every comparison, so a
    range check refuses it).
    """
    def convert(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {'an integer' if kind is int else 'a number'}, "
                                             f"got {text!r}") from None
        if not accept(value):
            raise argparse.ArgumentTypeError(f"must be {requirement}, got {text}")
        return value
    convert.__name__ = kind.__name__  # argparse names the type in some messages
    return convert


def at_least(minimum, kind=int):
    """An argparse ``type``: a ``kind`` value that is at least ``minimum``."""
    return checked(kind, lambda value: value >= minimum, f"at least {minimum}")


#: An argparse ``type``: a finite number greater than 0 (a regularization strength C).
positive_number = checked(float, lambda value: 0 < value < float("inf"), "a finite number greater than 0")
#: An argparse ``type``: a number of processes as joblib takes it (N >= 1, or -1 for all cores).
n_jobs = checked(int, lambda value: value >= 1 or value == -1, "at least 1, or -1 for all cores")


def available_cores() -> int:
    """The number of cores this process may run on: ``os.process_cpu_count()`` (Python 3.13 and
    later), else the CPUs of its affinity mask where the system keeps one (Linux), else ``os.cpu_count()``."""
    if hasattr(os, "process_cpu_count"):
        return os.process_cpu_count() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def resolve_n_jobs(value) -> int:
    """The processes a command runs with its ``--n-jobs`` ``value``: every core
    (:func:`available_cores`) for None (the option not given) or -1, else ``value``.

    >>> resolve_n_jobs(3)
    3
    >>> resolve_n_jobs(None) == resolve_n_jobs(-1) == available_cores()
    True
    """
    return available_cores() if value is None or value == -1 else value


def add_n_jobs_argument(parser, what: str) -> None:
    """``--n-jobs N`` (``what``: what the processes do), resolved by :func:`resolve_n_jobs`."""
    parser.add_argument("--n-jobs", type=n_jobs, default=None, metavar="N",
                        help=f"processes {what} (default: every core; 1: this process only)")


def _writable_parent(path: Path, option: str) -> None:
    """Raise :class:`UsageError` unless the nearest existing ancestor of ``path`` is a writable folder."""
    existing = path.parent if str(path.parent) else Path(".")
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {path}: {existing} is not a writable folder")
    _probe(existing, f"{option} {path}")


def _probe(folder: Path, what: str) -> None:
    """Raise :class:`UsageError` (``what``: the option and its value) unless a file can be created in
    ``folder`` and removed: ``os.access`` does not see a full disk, and root passes it everywhere."""
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".lexnli-probe.")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise UsageError(f"{what}: cannot write in {folder}: {exc.strerror or exc}") from None


def _standard_input_stat():
    """``os.fstat`` of standard input when it is a file or a FIFO (what writing could destroy or loop
    into; a terminal or /dev/null is not), else None (no standard input, or a device)."""
    try:
        found = os.fstat(0)
    except OSError:
        return None
    return found if stat.S_ISREG(found.st_mode) or stat.S_ISFIFO(found.st_mode) else None


def _is_standard_input(path: Path) -> bool:
    """Whether ``path`` is the file or FIFO standard input reads (device and inode): ``f`` with ``< f``,
    ``/dev/stdin``, ``/dev/fd/0``."""
    stdin = _standard_input_stat()
    if stdin is None:
        return False
    try:
        found = path.stat()
    except OSError:
        return False
    return (found.st_dev, found.st_ino) == (stdin.st_dev, stdin.st_ino)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def check_output_file(path, option: str, inputs=()) -> None:
    """Raise :class:`UsageError` unless ``path`` can be written as a file and is none of ``inputs``.

    ``-`` (standard output), a character device and a FIFO are streams, written to as they are
    (:func:`lexnli.io.atomic_open`); a block device or a socket is refused, and so is a name
    ending in a path separator (a folder), and the file or FIFO standard input reads (``< f``,
    ``/dev/stdin``), whether or not it is among ``inputs``. A file is written beside its name, so
    a file must be creatable there (tried: :func:`_probe`).

    Parameters
    ----------
    path : path
        The output file an option names.
    option : str
        The option's name, for the message (``"--output"``).
    inputs : iterable of (str, path or None)
        ``(option, path)`` of the command's inputs; writing over one of them is refused.
    """
    if str(path) == STDOUT:
        return
    if str(path).endswith(os.sep):
        raise UsageError(f"{option} {path}: names a folder, expected a file name")
    path = Path(path)
    if path.is_dir():
        raise UsageError(f"{option} {path}: is a folder, expected a file name")
    if _is_standard_input(path):
        raise UsageError(f"{option} {path}: is standard input; choose another output")
    if is_stream(path):  # a character device or FIFO: written to, never replaced
        if not os.access(path, os.W_OK):
            raise UsageError(f"{option} {path}: not writable")
        return
    if path.exists() and not path.is_file():
        raise UsageError(f"{option} {path}: is a block device or a socket, not a file; choose another output")
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
        _probe(out, f"{option} {out}")
        return
    _writable_parent(out, option)


def exit_on_signals() -> None:
    """Turn SIGTERM into ``SystemExit(143)`` and SIGINT (Ctrl-C) into ``interrupted`` on stderr and
    ``SystemExit(130)``, so that a killed or interrupted CLI unwinds without a traceback: the atomic
    writers (:func:`lexnli.io.atomic_open`) then remove their temporary files instead of leaving them."""
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    signal.signal(signal.SIGINT, _interrupted)


def _interrupted(signum, frame):
    print("interrupted", file=sys.stderr)
    sys.exit(128 + signum)


#: The exit status of a CLI whose standard output was closed by its reader: that of a command
#: SIGPIPE killed, as coreutils' (``lexnli predict ... | head -1``).
CLOSED_PIPE = 128 + signal.SIGPIPE


def os_error_status(exc: OSError) -> int:
    """Report the OSError that ended a CLI and return its exit status.

    - standard output's reader is gone (BrokenPipeError): nothing said, :data:`CLOSED_PIPE`, as
      coreutils do;
    - an output that could not be written (:class:`lexnli.io.OutputError`: a full disk, a
      read-only folder, ``/dev/full``), or a failed write of standard output (a write error
      names no file, and every other output is written by :func:`lexnli.io.atomic_open`, which
      names it): one ``error:`` line, 2;
    - any other (a file that cannot be read): one ``error:`` line naming the file, 2.

    When standard output is what failed, it is pointed at /dev/null, as the Python documentation
    advises for SIGPIPE, so that the flush at exit fails no more (no second report, no status 120).
    """
    if isinstance(exc, BrokenPipeError):
        _discard_standard_output()
        return CLOSED_PIPE
    if isinstance(exc, OutputError):
        message = str(exc)
        if exc.target == STDOUT_NAME:
            _discard_standard_output()
    elif exc.filename is None and exc.errno in WRITE_ERRNOS:
        message = str(OutputError(STDOUT_NAME, exc))
        _discard_standard_output()
    elif exc.filename is not None:
        message = f"{exc.filename}: {exc.strerror}"
    else:
        message = str(exc)
    print(f"error: {message}", file=sys.stderr)
    return 2


def _discard_standard_output() -> None:
    """Point the file descriptor of standard output at /dev/null; nothing to do when ``sys.stdout`` has
    none (replaced, as tests replace it)."""
    try:
        fileno = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fileno)
    finally:
        os.close(devnull)
