"""lexnli.cli: what an output option may name."""
import socket

import pytest

from lexnli.cli import UsageError, check_output_file


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
