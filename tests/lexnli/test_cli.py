"""lexnli.cli: what an output option may name; the processes --n-jobs resolves to."""
import errno
import os
import socket
import tempfile

import pytest

from lexnli import cli
from lexnli.cli import UsageError, check_output_file, check_output_folder

from tests.helpers.cli import standard_input


def test_an_output_may_be_a_stream_but_not_a_socket_or_a_folder_name(tmp_path):
    check_output_file("-", "--output")
    check_output_file("/dev/null", "--output")
    with pytest.raises(UsageError, match="names a folder"):
        check_output_file(str(tmp_path / "newdir") + "/", "--output")
    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        with pytest.raises(UsageError, match="is a block device or a socket"):
            check_output_file(path, "--output")
    finally:
        server.close()


def test_an_output_may_not_be_standard_input(tmp_path):
    """``f`` with ``< f``, ``/dev/stdin`` and ``/dev/fd/0``: the same file (device and inode), whatever the name."""
    source, other = tmp_path / "in.jsonl", tmp_path / "other.jsonl"
    source.write_text("{}\n")
    with standard_input(source):
        for name in (source, "/dev/stdin", "/dev/fd/0"):
            with pytest.raises(UsageError) as caught:
                check_output_file(name, "--output")
            assert str(caught.value) == f"--output {name}: is standard input; choose another output"
        check_output_file(other, "--output")
    check_output_file(source, "--output")  # once standard input is something else


def test_an_output_may_not_be_the_pipe_standard_input_reads(tmp_path):
    read, write = os.pipe()
    try:
        with standard_input(read):
            with pytest.raises(UsageError, match="^--output /dev/stdin: is standard input"):
                check_output_file("/dev/stdin", "--output")
    finally:
        os.close(write)


def test_dev_null_on_standard_input_is_not_refused(tmp_path):
    with standard_input("/dev/null"):
        check_output_file("/dev/stdin", "--output")  # /dev/null, written to


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EACCES], ids=errno.errorcode.get)
def test_a_folder_that_takes_no_new_file_is_refused(error, tmp_path, monkeypatch):
    """``os.access`` sees neither a full disk nor (for root) a read-only folder: a file is tried."""
    def mkstemp(**kwargs):
        raise OSError(error, os.strerror(error), str(tmp_path / ".lexnli-probe.x"))

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    with pytest.raises(UsageError) as file_refused:
        check_output_file(tmp_path / "new" / "f.txt", "--output")
    with pytest.raises(UsageError) as folder_refused:
        check_output_folder(tmp_path, "--out")
    reason = f"cannot write in {tmp_path}: {os.strerror(error)}"
    assert str(file_refused.value) == f"--output {tmp_path / 'new' / 'f.txt'}: {reason}"
    assert str(folder_refused.value) == f"--out {tmp_path}: {reason}"


def test_the_probe_leaves_nothing(tmp_path):
    check_output_file(tmp_path / "f.txt", "--output")
    check_output_folder(tmp_path, "--out")
    assert list(tmp_path.iterdir()) == []


def test_n_jobs_resolves_to_the_cores_this_process_may_use_unless_given(monkeypatch):
    monkeypatch.setattr(os, "process_cpu_count", lambda: 7, raising=False)  # Python 3.13 and later
    assert cli.resolve_n_jobs(None) == cli.resolve_n_jobs(-1) == cli.available_cores() == 7
    assert cli.resolve_n_jobs(1) == 1 and cli.resolve_n_jobs(3) == 3
    monkeypatch.delattr(os, "process_cpu_count")  # Python 3.10 to 3.12: the affinity mask where there is one
    if hasattr(os, "sched_getaffinity"):
        monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 2, 5})
        assert cli.resolve_n_jobs(None) == 3
        monkeypatch.delattr(os, "sched_getaffinity")
    monkeypatch.setattr(os, "cpu_count", lambda: 5)
    assert cli.resolve_n_jobs(None) == 5


def test_help_is_plain_text_whatever_the_docstrings_say(capsys):
    """Descriptions, argument help and epilogs (set at once or later) lose their reST markup when shown."""
    from lexnli.cli import ArgumentParser

    parser = ArgumentParser(prog="p", description="``lexnli p``: reads :func:`~lexnli.corpora.snli.iter_snli` input")
    parser.add_argument("--x", help="a :class:`featurizer <featurize.PairFeaturizer>`, see :mod:`lexnli.io`")
    parser.epilog = "``--trust-pickle`` only for your own files"
    with pytest.raises(SystemExit):
        parser.parse_args(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "lexnli p: reads iter_snli input" in shown and "a featurizer, see lexnli.io" in shown
    assert "--trust-pickle only for your own files" in shown and "`" not in shown
