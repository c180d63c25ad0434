"""What a command printed on a usage or data error; standard input, standard output and a disk that fail as
the shell or the system can make them."""
import errno
import io
import os
import sys
from contextlib import contextmanager


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:"), err
    return err[0]


@contextmanager
def standard_input(source):
    """File descriptor 0 reading ``source`` (a path, or an open file descriptor) for the block, as ``< source``
    gives it; the process's own standard input after."""
    saved = os.dup(0)
    fd = os.open(source, os.O_RDONLY) if not isinstance(source, int) else source
    try:
        os.dup2(fd, 0)
        yield
    finally:
        os.dup2(saved, 0)
        os.close(saved)
        os.close(fd)


class FailingDevice(io.RawIOBase):
    """A writable stream every write of which fails with ``error`` (``OSError(errno.ENOSPC)``: /dev/full;
    BrokenPipeError: a pipe whose reader is gone)."""

    def __init__(self, error: OSError):
        self.error = error

    def writable(self) -> bool:
        return True

    def write(self, data):
        raise self.error


def failing_stdout(monkeypatch, error: OSError) -> None:
    """``sys.stdout`` a text stream over a :class:`FailingDevice`."""
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(FailingDevice(error), encoding="utf-8"))


def full_disk(monkeypatch, after_bytes: int = 0) -> None:
    """Files opened by :func:`lexnli.io.atomic_open` fail to write with ENOSPC once ``after_bytes`` were
    written: a disk that fills up during the write."""
    import lexnli.io

    real_fdopen = os.fdopen

    def fdopen(fd, *args, **kwargs):
        f = real_fdopen(fd, *args, **kwargs)
        real_write, written = f.write, [0]

        def write(data):
            written[0] += len(data)
            if written[0] > after_bytes:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real_write(data)
        f.write = write
        return f
    monkeypatch.setattr(lexnli.io.os, "fdopen", fdopen)
