"""What a command printed on a usage or data error; standard input as the shell gives it."""
import os
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
