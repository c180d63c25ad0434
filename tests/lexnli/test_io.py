"""lexnli.io: files written whole or not at all, with the umask's permissions, no temporary file left behind;
links written through, streams written to."""
import os
import stat
import threading

import pytest

from lexnli.io import atomic_open


@pytest.mark.parametrize("umask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_written_files_follow_the_umask(umask, mode, tmp_path):
    import os

    from lexnli.io import atomic_open

    old = os.umask(umask)
    try:
        with atomic_open(tmp_path / "f.txt") as f:
            f.write("x")
    finally:
        os.umask(old)
    assert (tmp_path / "f.txt").stat().st_mode & 0o777 == mode


def test_sigterm_during_a_write_leaves_no_temporary_file(tmp_path):
    import subprocess
    import sys

    from tests.conftest import REPO

    script = ("import os, signal\nfrom lexnli.cli import exit_on_signals\nfrom lexnli.io import atomic_open\n"
              "exit_on_signals()\nwith atomic_open('out.txt') as f:\n    f.write('half')\n"
              "    os.kill(os.getpid(), signal.SIGTERM)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env={"PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 143, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_during_a_write_is_one_line_and_leaves_no_temporary_file(tmp_path):
    import signal
    import subprocess
    import sys

    from tests.conftest import REPO

    script = ("import os, signal\nfrom lexnli.cli import exit_on_signals\nfrom lexnli.io import atomic_open\n"
              "exit_on_signals()\nwith atomic_open('out.txt') as f:\n    f.write('half')\n"
              f"    os.kill(os.getpid(), {int(signal.SIGINT)})\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env={"PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 130 and done.stderr == "interrupted\n", done.stderr
    assert list(tmp_path.iterdir()) == []


def test_stale_temporary_files_are_removed_by_the_next_write(tmp_path):
    import os
    import time

    from lexnli.io import STALE_AFTER, atomic_open

    stale, fresh = tmp_path / ".f.txt.abc123.tmp", tmp_path / ".f.txt.def456.tmp"
    other = tmp_path / ".g.txt.abc123.tmp"
    for left in (stale, fresh, other):
        left.write_text("half")
    old = time.time() - STALE_AFTER - 10
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    with atomic_open(tmp_path / "f.txt") as f:
        f.write("done")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([fresh.name, other.name, "f.txt"])


def test_a_symbolic_link_is_written_through_to_its_target(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    with atomic_open(link) as f:
        f.write("new")
    assert link.is_symlink() and target.read_text() == "new"


def test_a_fifo_is_streamed_to_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    read = []
    reader = threading.Thread(target=lambda: read.append(fifo.read_text()))
    reader.start()
    with atomic_open(fifo) as f:
        f.write("through the pipe")
    reader.join(timeout=10)
    assert read == ["through the pipe"] and stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_character_device_is_written_to_not_replaced():
    with atomic_open("/dev/null") as f:
        f.write("discarded")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_dash_is_standard_output(capsys):
    with atomic_open("-") as f:
        f.write("to stdout\n")
    assert capsys.readouterr().out == "to stdout\n"


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o755], ids=oct)
def test_a_replaced_file_keeps_its_mode(mode, tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("old")
    path.chmod(mode)
    old = os.umask(0o022)
    try:
        with atomic_open(path) as f:
            f.write("new")
    finally:
        os.umask(old)
    assert path.read_text() == "new" and path.stat().st_mode & 0o777 == mode


def other_owner():
    """An owner and group the process may give a file other than its own (root: any; a user: one of their
    other groups), or None."""
    if os.geteuid() == 0:
        return 4321, 4321
    others = [gid for gid in os.getgroups() if gid != os.getegid()]
    return (os.geteuid(), others[0]) if others else None


@pytest.mark.parametrize("chown_refused", [False, True])
def test_a_replaced_file_keeps_its_owner_and_group_where_the_process_may(chown_refused, tmp_path, monkeypatch):
    owner = other_owner()
    if owner is None:
        pytest.skip("the process can give a file no other owner or group")
    path = tmp_path / "f.txt"
    path.write_text("old")
    os.chown(path, *owner)
    path.chmod(0o640)
    if chown_refused:
        def refused(*args):
            raise PermissionError(1, "Operation not permitted")
        monkeypatch.setattr(os, "fchown", refused)
    with atomic_open(path) as f:
        f.write("new")
    found = path.stat()
    assert path.read_text() == "new" and found.st_mode & 0o777 == 0o640
    assert (found.st_uid, found.st_gid) == ((os.geteuid(), os.getegid()) if chown_refused else owner)


@pytest.mark.parametrize("after_bytes", [0, 10])
def test_a_full_disk_raises_output_error_and_leaves_the_old_file(after_bytes, tmp_path, monkeypatch):
    import errno

    from lexnli.io import OutputError
    from tests.helpers.cli import full_disk

    path = tmp_path / "f.txt"
    path.write_text("old")
    full_disk(monkeypatch, after_bytes)
    with pytest.raises(OutputError) as caught:
        with atomic_open(path) as f:
            for _ in range(3):
                f.write("line\n")
    assert str(caught.value) == f"cannot write {path}: No space left on device" and caught.value.errno == errno.ENOSPC
    assert path.read_text() == "old" and list(tmp_path.iterdir()) == [path]


def test_a_failed_sync_raises_output_error_and_leaves_the_old_file(tmp_path, monkeypatch):
    import errno

    from lexnli.io import OutputError

    def fsync(fd):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    path = tmp_path / "f.txt"
    path.write_text("old")
    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(OutputError) as caught:
        with atomic_open(path) as f:
            f.write("new")
    assert str(caught.value) == f"cannot write {path}: Input/output error"
    assert path.read_text() == "old" and list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("error", ["ENOSPC", "EACCES"])
def test_a_folder_that_takes_no_new_file_raises_output_error(error, tmp_path, monkeypatch):
    """A full folder (no room for the temporary file) or a read-only one."""
    import errno
    import tempfile

    from lexnli.io import OutputError

    number = getattr(errno, error)

    def mkstemp(**kwargs):
        raise OSError(number, os.strerror(number), str(tmp_path / ".f.txt.x.tmp"))

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    with pytest.raises(OutputError) as caught:
        with atomic_open(tmp_path / "f.txt") as f:
            f.write("new")
    assert str(caught.value) == f"cannot write {tmp_path / 'f.txt'}: {os.strerror(number)}"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder")
def test_a_read_only_folder_raises_output_error(tmp_path):
    from lexnli.io import OutputError

    (tmp_path / "f.txt").write_text("old")
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(OutputError, match="Permission denied"):
            with atomic_open(tmp_path / "f.txt") as f:
                f.write("new")
    finally:
        tmp_path.chmod(0o755)
    assert [p.name for p in tmp_path.iterdir()] == ["f.txt"] and (tmp_path / "f.txt").read_text() == "old"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_device_that_refuses_the_write_raises_output_error():
    from lexnli.io import OutputError

    with pytest.raises(OutputError, match="^cannot write /dev/full: No space left on device$"):
        with atomic_open("/dev/full") as f:
            f.write("x" * 100_000)


@pytest.mark.parametrize("error", [FileNotFoundError(2, "No such file or directory", "in.txt"),
                                   BrokenPipeError(32, "Broken pipe"), OSError(5, "Input/output error")])
def test_the_writers_own_errors_and_a_closed_pipe_pass_through(error, tmp_path):
    """Only a failed write of the output becomes an OutputError: reading an input may fail too."""
    path = tmp_path / "f.txt"
    path.write_text("old")
    with pytest.raises(type(error)) as caught:
        with atomic_open(path) as f:
            f.write("new")
            raise error
    assert caught.value is error and path.read_text() == "old" and list(tmp_path.iterdir()) == [path]


def test_standard_output_that_fails_raises_output_error(monkeypatch):
    import errno

    from lexnli.io import OutputError
    from tests.helpers.cli import failing_stdout

    failing_stdout(monkeypatch, OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    with pytest.raises(OutputError, match="^cannot write standard output: No space left on device$"):
        with atomic_open("-") as f:
            f.write("x")


def test_a_folder_is_not_a_file(tmp_path):
    from lexnli.io import existing_file

    with pytest.raises(FileNotFoundError) as folder:
        existing_file(tmp_path, "model file")
    with pytest.raises(FileNotFoundError) as missing:
        existing_file(tmp_path / "m.skops", "model file")
    assert str(folder.value) == f"model file {tmp_path}: is a folder, expected a file"
    assert str(missing.value) == f"model file not found: {tmp_path / 'm.skops'}"
