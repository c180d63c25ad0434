"""File input and output: atomic writes (temporary file, then rename) and reading maybe-gzipped files."""
from __future__ import annotations

import errno
import glob
import gzip
import os
import stat
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

#: A temporary file of :func:`atomic_open` untouched this long (seconds) was left by a killed run.
STALE_AFTER = 3600


def remove_stale_temporaries(path, suffix: str = ".tmp") -> None:
    """Remove the temporary files a killed writer of ``path`` left beside it (untouched for
    :data:`STALE_AFTER` seconds: a live writer touches its file as it writes)."""
    path = Path(path)
    cutoff = time.time() - STALE_AFTER
    for candidate in path.parent.glob(f".{glob.escape(path.name)}.*{suffix}"):
        try:
            if candidate.stat().st_mtime < cutoff:
                candidate.unlink()
        except OSError:  # another process removed it first, or it is not ours to remove: left
            pass


#: The output name that means standard output.
STDOUT = "-"


def is_stream(path) -> bool:
    """Whether ``path`` is standard output (``-``), or an existing character device or FIFO (``/dev/stdout``,
    a pipe): an output written as it goes, never replaced."""
    if str(path) == STDOUT:
        return True
    try:
        mode = Path(path).stat().st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


class OutputError(OSError):
    """An output that could not be written (a full disk, a read-only folder, ``/dev/full``); the message
    names it (``cannot write out.jsonl: No space left on device``) and ``errno`` is the system's. A CLI
    reports it as one ``error:`` line (:func:`lexnli.cli.os_error_status`)."""

    def __init__(self, target, cause: OSError):
        super().__init__(f"cannot write {target}: {cause.strerror or cause}")
        self.errno, self.target = cause.errno, str(target)


#: The name :class:`OutputError` gives standard output.
STDOUT_NAME = "standard output"
#: The errors of a write that failed for want of room or of a writable file system (a write error
#: carries no file name, so these are what mark a failed write of the output among the OSErrors a
#: writer's own code may raise).
WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS})


def is_write_failure(exc: BaseException) -> bool:
    """Whether ``exc`` is a failed write of an open file (no room, read-only file system), not an error
    of opening or reading one (those name their file) nor a closed pipe."""
    return (isinstance(exc, OSError) and not isinstance(exc, (OutputError, BrokenPipeError))
            and exc.filename is None and exc.errno in WRITE_ERRNOS)


@contextmanager
def _writing(target, everything: bool):
    """Raise any OSError of the block (``everything``: opening, renaming, syncing the output), or only a
    failed write (:func:`is_write_failure`: the caller's code, which may raise its own), as an
    :class:`OutputError` naming ``target``; a closed pipe stays a BrokenPipeError."""
    try:
        yield
    except OSError as exc:
        if isinstance(exc, (OutputError, BrokenPipeError)) or not (everything or is_write_failure(exc)):
            raise
        raise OutputError(target, exc) from exc


def _close_quietly(f) -> None:
    """Close ``f`` after an error, which is the error to report (the file descriptor is closed anyway)."""
    try:
        f.close()
    except OSError:
        pass


@contextmanager
def atomic_open(path, mode: str = "w", *, suffix: str = ".tmp", **kwargs):
    """Open a temporary file for writing; on success it replaces ``path``, on any error it is removed.

    A symbolic link is written through, to its target; a stream (:func:`is_stream`: ``-``, a
    character device, a FIFO) is written directly, as there is nothing there to replace.

    An interrupted run therefore never leaves a half-written ``path`` (a CLI turns SIGTERM into
    an exception, :func:`lexnli.cli.exit_on_signals`, so it is removed then too). The temporary
    file sits beside ``path`` (same file system, so the rename is atomic) and ends in
    ``suffix``; those a killed run left (SIGKILL, power loss) are removed by the next write of
    ``path`` once stale (:func:`remove_stale_temporaries`). A file replaced keeps its permissions
    (and its owner and group, where the process may set them); a new file gets the permissions
    the umask gives a new file (``mkstemp`` alone would make it 0600).

    A write that fails (a full disk, a read-only folder, ``/dev/full``) raises :class:`OutputError`
    naming the output, ``path`` left as it was; a closed pipe stays a BrokenPipeError.
    """
    if str(path) == STDOUT:
        with _writing(STDOUT_NAME, everything=False):
            yield sys.stdout.buffer if "b" in mode else sys.stdout
        with _writing(STDOUT_NAME, everything=True):
            sys.stdout.flush()
        return
    path = Path(path)
    if path.is_symlink():
        path = path.resolve()
    if is_stream(path):
        with _writing(path, everything=True):
            f = open(path, mode, **kwargs)
        try:
            with _writing(path, everything=False):
                yield f
            with _writing(path, everything=True):
                f.close()
        except BaseException:
            _close_quietly(f)
            raise
        return
    with _writing(path, everything=True):
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(path, suffix)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=suffix)
    f = None
    try:
        f = os.fdopen(fd, mode, **kwargs)
        with _writing(path, everything=False):
            yield f
        with _writing(path, everything=True):
            f.flush()
            _set_permissions(f.fileno(), path)
            os.fsync(f.fileno())
            f.close()
            os.replace(tmp, path)
    except BaseException:
        if f is None:
            os.close(fd)
        else:
            _close_quietly(f)
        Path(tmp).unlink(missing_ok=True)
        raise


def _set_permissions(fd: int, path: Path) -> None:
    """Give the file open as ``fd`` the mode of the file ``path`` it replaces, and its owner and group
    where the process may (each is tried: a user may give a file a group of theirs, not another
    owner); with no regular file at ``path``, the mode the umask gives a new file."""
    try:
        replaced = os.stat(path)
    except OSError:
        replaced = None
    if replaced is None or not stat.S_ISREG(replaced.st_mode):
        os.fchmod(fd, 0o666 & ~current_umask())
        return
    mine = os.fstat(fd)
    if (mine.st_uid, mine.st_gid) != (replaced.st_uid, replaced.st_gid):
        for uid in (replaced.st_uid, -1):
            try:
                os.fchown(fd, uid, replaced.st_gid)
                break
            except PermissionError:
                pass
    os.fchmod(fd, stat.S_IMODE(replaced.st_mode))  # after chown, which may clear set-id bits


def current_umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux), else set and restored."""
    try:
        with open("/proc/self/status") as f:
            return int(next(line for line in f if line.startswith("Umask:")).split()[1], 8)
    except (OSError, StopIteration, ValueError):
        mask = os.umask(0o022)
        os.umask(mask)
        return mask


def write_files_atomically(folder, files: dict) -> None:
    """Write ``{file name: str or bytes}`` into ``folder`` as a set: all of them, or (on an error) none.

    Every file is first written in full to a temporary file; only then are they all renamed
    into place.
    """
    with ExitStack() as stack:
        for name, content in files.items():
            f = stack.enter_context(atomic_open(Path(folder) / name, "wb"))
            f.write(content.encode("utf-8") if isinstance(content, str) else content)


class NotAFileError(FileNotFoundError):
    """A folder named where a file is expected (a FileNotFoundError: there is no such file, and every
    caller that reports a missing file as one line reports this one too)."""


def npy_header(f) -> tuple:
    """The shape, Fortran order and dtype the header of the ``.npy`` file ``f`` declares (``f`` is left just past
    the header), read by NumPy's public readers of format versions 1.0 and 2.0; ValueError for another version."""
    import numpy as np  # only readers of arrays pay for it

    version = np.lib.format.read_magic(f)
    readers = {(1, 0): np.lib.format.read_array_header_1_0, (2, 0): np.lib.format.read_array_header_2_0}
    if version not in readers:
        raise ValueError(f"a .npy file of version {version}, which lexnli does not read")
    return readers[version](f)


def existing_file(path, what: str) -> Path:
    """``path`` as a Path, refused with a FileNotFoundError naming it (``what``: the kind of file, for
    the message) when there is no such file, and a :class:`NotAFileError` saying so when it is a folder."""
    path = Path(path)
    if path.is_dir():
        raise NotAFileError(f"{what} {path}: is a folder, expected a file")
    if not path.is_file():
        raise FileNotFoundError(f"{what} not found: {path}")
    return path


def open_bytes(path):
    """Open ``path`` for reading bytes, decompressing it if it is gzip (detected from its content)."""
    with open(path, "rb") as probe:
        gzipped = probe.read(2) == b"\x1f\x8b"
    return gzip.open(path, "rb") if gzipped else open(path, "rb")
