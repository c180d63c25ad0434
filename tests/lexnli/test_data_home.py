"""Tests for lexnli.data_home, against a real HTTP server on 127.0.0.1 (no internet)."""
from __future__ import annotations

import hashlib
import io
import json
import os
import threading
import urllib.request
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from experiments import lexicalized
from lexnli import data_home as fetch
from lexnli.corpora.snli import read_snli
from lexnli.data_home import (
    download,
    fetch_file,
    fetch_snli,
    get_data_home,
)
from lexnli.errors import ChecksumError, CorpusFormatError, DataNotFoundError

from tests.helpers.cli import one_error_line

ROWS = [
    {"gold_label": "entailment", "sentence1": "A man plays a guitar.",
     "sentence2": "A man plays music.", "pairID": "1e"},
    {"gold_label": "contradiction", "sentence1": "A dog runs in a field.",
     "sentence2": "A cat sleeps indoors.", "pairID": "2c"},
]

pytestmark = pytest.mark.usefixtures("no_shared_data")  # the data home alone


def _snli_zip() -> bytes:
    """A tiny zip in the official layout: snli_1.0/snli_1.0_{train,dev,test}.jsonl."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for split in ("train", "dev", "test"):
            lines = "".join(json.dumps(row) + "\n" for row in ROWS)
            zf.writestr(f"snli_1.0/snli_1.0_{split}.jsonl", lines)
    return buf.getvalue()


SNLI_BYTES = _snli_zip()
SNLI_DIGEST = hashlib.sha256(SNLI_BYTES).hexdigest()
WRONG_DIGEST = "0" * 64


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path, monkeypatch):
    """Never touch the real data home: no LEXNLI_DATA, caches under tmp_path; downloads allowed (they
    go to the local test servers) unless a test forbids them."""
    monkeypatch.delenv("LEXNLI_DATA", raising=False)
    monkeypatch.delenv("LEXNLI_NO_DOWNLOAD", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


@pytest.fixture
def server():
    """Serve ``/snli_1.0.zip`` and ``/verbocean.txt`` from 127.0.0.1; ``/stall`` sends headers
    and a few bytes, then stalls until teardown; other paths are 404."""
    files = {"/snli_1.0.zip": SNLI_BYTES, "/verbocean.txt": b"buy [happens-before] sell\n"}
    release = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/stall":
                self.send_response(200)
                self.send_header("Content-Length", str(len(SNLI_BYTES)))
                self.end_headers()
                self.wfile.write(SNLI_BYTES[:10])
                self.wfile.flush()
                release.wait(10)
                return
            body = files.get(self.path)
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # keep test output quiet
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    release.set()
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@pytest.fixture
def closed_port_url():
    """URL of a port where nothing listens any more (connection refused)."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    port = httpd.server_address[1]
    httpd.server_close()
    return f"http://127.0.0.1:{port}/snli_1.0.zip"


@pytest.fixture
def no_network(monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("unexpected network access")

    monkeypatch.setattr(urllib.request, "urlopen", fail)


def _assert_local_copy_advice(message: str):
    assert "LEXNLI_DATA=" in message
    assert "data_home=" in message
    assert "shared" not in message  # a library message says how to fix, not where one machine keeps data


# --- downloads ------------------------------------------------------------------------------


def test_fetch_snli_downloads_and_verifies(server, tmp_path):
    home = tmp_path / "data"
    path = fetch_snli(home, url=f"{server}/snli_1.0.zip", sha256=SNLI_DIGEST, progress=False)
    assert path == home / "snli_1.0.zip"
    assert path.read_bytes() == SNLI_BYTES
    assert os.listdir(home) == ["snli_1.0.zip"]  # no temp file left behind
    with zipfile.ZipFile(path) as zf:
        first = json.loads(zf.read("snli_1.0/snli_1.0_dev.jsonl").decode().splitlines()[0])
    assert first == ROWS[0]


def test_download_digest_is_case_insensitive(server, tmp_path):
    dest = download(f"{server}/snli_1.0.zip", tmp_path / "x.zip", SNLI_DIGEST.upper(), progress=False)
    assert dest.read_bytes() == SNLI_BYTES


def test_checksum_mismatch_leaves_nothing(server, tmp_path):
    home = tmp_path / "data"
    url = f"{server}/snli_1.0.zip"
    with pytest.raises(ChecksumError) as info:
        fetch_snli(home, url=url, sha256=WRONG_DIGEST, progress=False)
    message = str(info.value)
    assert url in message and WRONG_DIGEST in message and SNLI_DIGEST in message
    assert os.listdir(home) == []


def test_http_404_is_data_not_found(server, tmp_path):
    home = tmp_path / "data"
    with pytest.raises(DataNotFoundError) as info:
        fetch_snli(home, url=f"{server}/missing.zip", sha256=SNLI_DIGEST, progress=False)
    message = str(info.value)
    assert "404" in message
    _assert_local_copy_advice(message)
    assert "read_snli(" in message and "read_snli" in message
    assert str(home / "snli_1.0.zip") in message  # says where it looked
    assert os.listdir(home) == []


def test_connection_refused_is_data_not_found(closed_port_url, tmp_path):
    home = tmp_path / "data"
    with pytest.raises(DataNotFoundError) as info:
        fetch_snli(home, url=closed_port_url, sha256=SNLI_DIGEST, progress=False)
    _assert_local_copy_advice(str(info.value))
    assert os.listdir(home) == []


def test_read_timeout_is_data_not_found(server, tmp_path):
    with pytest.raises(DataNotFoundError) as info:
        download(f"{server}/stall", tmp_path / "snli_1.0.zip", SNLI_DIGEST, progress=False,
                 timeout=0.2)
    assert "timed out" in str(info.value)
    _assert_local_copy_advice(str(info.value))
    assert os.listdir(tmp_path) == []


def test_download_network_error_advice(closed_port_url, tmp_path):
    with pytest.raises(DataNotFoundError) as info:
        download(closed_port_url, tmp_path / "snli_1.0.zip", SNLI_DIGEST, progress=False)
    _assert_local_copy_advice(str(info.value))
    assert os.listdir(tmp_path) == []


def test_interrupt_removes_temp_file(server, tmp_path, monkeypatch):
    def interrupt(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(fetch.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        download(f"{server}/snli_1.0.zip", tmp_path / "snli_1.0.zip", SNLI_DIGEST, progress=False)
    assert os.listdir(tmp_path) == []


def test_offline_without_download(tmp_path, no_network):
    home = tmp_path / "data"
    with pytest.raises(DataNotFoundError) as info:
        fetch_snli(home, download_if_missing=False)
    message = str(info.value)
    assert "download_if_missing=False" in message
    _assert_local_copy_advice(message)
    assert not home.exists()


def test_offline_snli_names_the_command_line_options_and_the_python_arguments(tmp_path, no_network, monkeypatch):
    monkeypatch.setenv("LEXNLI_NO_DOWNLOAD", "1")
    with pytest.raises(DataNotFoundError) as info:
        fetch_snli(tmp_path / "data")
    message = str(info.value)
    assert "downloading is disabled (LEXNLI_NO_DOWNLOAD=1)" in message
    for advice in ("--data-dir DIR", "LEXNLI_DATA=DIR", "--train/--dev/--test FILE", "data_home=DIR",
                   "read_snli(FILE)", "`lexnli fetch snli`"):
        assert advice in message


def test_fetch_file_downloads_then_reuses(server, tmp_path, monkeypatch):
    body = b"buy [happens-before] sell\n"
    digest = hashlib.sha256(body).hexdigest()
    path = fetch_file("verbocean.txt", f"{server}/verbocean.txt", digest, tmp_path, progress=False)
    assert path == tmp_path / "verbocean.txt" and path.read_bytes() == body
    monkeypatch.setattr(urllib.request, "urlopen", lambda *a, **k: pytest.fail("network used"))
    assert fetch_file("verbocean.txt", "http://unused", digest, tmp_path) == path


def test_fetch_file_missing_without_download(tmp_path):
    with pytest.raises(DataNotFoundError) as info:
        fetch_file("verbocean.txt", "http://unused", WRONG_DIGEST, tmp_path,
                   download_if_missing=False)
    assert "verbocean.txt" in str(info.value)
    _assert_local_copy_advice(str(info.value))


# --- finding local copies -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["snli_1.0_dev.jsonl", "snli_1.0_train.jsonl.gz", "snli_1.0_test.txt"])
def test_existing_directory_found_offline(tmp_path, no_network, name):
    folder = tmp_path / "snli_1.0"
    folder.mkdir()
    (folder / name).write_bytes(b"")
    assert fetch_snli(tmp_path) == folder


def test_existing_zip_found_offline(tmp_path, no_network):
    (tmp_path / "snli_1.0.zip").write_bytes(SNLI_BYTES)
    assert fetch_snli(tmp_path, sha256=SNLI_DIGEST) == tmp_path / "snli_1.0.zip"
    with pytest.raises(ChecksumError, match="snli_1.0.zip: sha256"):  # a local zip is verified too
        fetch_snli(tmp_path, sha256=WRONG_DIGEST)


def test_directory_without_splits_falls_back_to_zip(tmp_path, no_network):
    (tmp_path / "snli_1.0").mkdir()
    (tmp_path / "snli_1.0" / "README.txt").write_text("not a split")
    (tmp_path / "snli_1.0.zip").write_bytes(SNLI_BYTES)
    assert fetch_snli(tmp_path, sha256=SNLI_DIGEST) == tmp_path / "snli_1.0.zip"


def test_lexnli_data_env_is_used(tmp_path, monkeypatch, no_network):
    (tmp_path / "snli_1.0.zip").write_bytes(SNLI_BYTES)
    monkeypatch.setenv("LEXNLI_DATA", str(tmp_path))
    assert fetch_snli(sha256=SNLI_DIGEST) == tmp_path / "snli_1.0.zip"


# --- data home resolution -------------------------------------------------------------------


def test_data_home_resolution_order(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert get_data_home() == tmp_path / "home" / ".cache" / "lexnli"  # no XDG_CACHE_HOME
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert get_data_home() == tmp_path / "xdg" / "lexnli"
    monkeypatch.setenv("LEXNLI_DATA", str(tmp_path / "env"))
    assert get_data_home() == tmp_path / "env"
    assert get_data_home(tmp_path / "arg") == tmp_path / "arg"
    assert get_data_home(str(tmp_path / "arg")) == tmp_path / "arg"


def test_data_home_created_only_on_request(tmp_path):
    home = get_data_home(tmp_path / "new")
    assert not home.exists()
    assert get_data_home(home, create=True).is_dir()


def test_a_damaged_snli_zip_in_the_data_home_is_refused_and_a_good_one_verified_once(template_files, tmp_path, capsys,
                                                                                      monkeypatch):
    import hashlib

    from lexnli import data_home

    home = tmp_path / "home"
    home.mkdir()
    archive = home / "snli_1.0.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for split in ("train", "dev", "test"):
            z.write(template_files[split], f"snli_1.0/snli_1.0_{split}.jsonl")
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    assert data_home.fetch_snli(home, sha256=digest, download_if_missing=False) == archive
    assert (home / ".snli_1.0.zip.verified").read_text().split()[-1] == digest  # remembered
    with monkeypatch.context() as patched:  # and not hashed again while unchanged
        patched.setattr(data_home.hashlib, "sha256", lambda: pytest.fail("an unchanged verified file was hashed again"))
        assert data_home.fetch_snli(home, sha256=digest, download_if_missing=False) == archive
    archive.write_bytes(archive.read_bytes()[:-100])  # truncated
    with pytest.raises(data_home.ChecksumError, match="snli_1.0.zip: sha256 .* delete it to download it again"):
        data_home.fetch_snli(home, sha256=digest, download_if_missing=False)
    assert lexicalized.main(["--data-dir", str(home)]) == 2  # the official digest: refused too
    assert "snli_1.0.zip: sha256" in one_error_line(capsys)
    with pytest.raises(CorpusFormatError, match="not a readable zip archive"):
        read_snli(archive, "dev")


@pytest.mark.parametrize("value", ["1", "yes"])
def test_no_download_forbids_every_fetch_and_names_the_file(tmp_path, monkeypatch, no_network, value):
    monkeypatch.setenv("LEXNLI_NO_DOWNLOAD", value)
    home = tmp_path / "data"
    with pytest.raises(DataNotFoundError, match=f"snli_1.0.zip.*LEXNLI_NO_DOWNLOAD={value}"):
        fetch_snli(home, url="http://127.0.0.1:9/snli_1.0.zip")
    with pytest.raises(DataNotFoundError, match=f"verbocean.txt.*LEXNLI_NO_DOWNLOAD={value}"):
        fetch_file("verbocean.txt", "http://127.0.0.1:9/verbocean.txt", "0" * 64, home)
    assert not home.exists()


def test_no_download_set_to_0_or_empty_allows_downloads(monkeypatch):
    from lexnli.data_home import downloads_forbidden

    for value in ("", "0"):
        monkeypatch.setenv("LEXNLI_NO_DOWNLOAD", value)
        assert not downloads_forbidden()
    monkeypatch.delenv("LEXNLI_NO_DOWNLOAD")
    assert not downloads_forbidden()


def test_shared_data_is_searched_after_the_data_home(tmp_path, monkeypatch):
    from lexnli.corpora.sick import locate_sick
    from lexnli.data_home import data_folders, find_data

    home, shared = tmp_path / "home", tmp_path / "shared"
    assert data_folders(home) == [home]
    monkeypatch.setenv("LEXNLI_SHARED_DATA", str(shared))
    assert data_folders(home) == [home, shared] and data_folders(shared) == [shared]
    (shared / "sick").mkdir(parents=True)
    (shared / "sick" / "SICK.txt.gz").write_bytes(b"")
    (shared / "snli_1.0").mkdir()
    (shared / "snli_1.0" / "snli_1.0_dev.jsonl").write_text("{}\n")
    assert locate_sick(data_home=home) == shared / "sick" / "SICK.txt.gz"
    assert fetch.fetch_snli(home, download_if_missing=False) == shared / "snli_1.0"
    home.mkdir()
    (home / "SICK.txt").write_bytes(b"")
    (home / "snli_1.0.zip").write_bytes(b"zip")
    assert find_data(("sick/SICK.txt.gz", "SICK.txt"), home) == home / "SICK.txt"  # the data home first
    with pytest.raises(ChecksumError):  # the data home's zip, before the shared folder
        fetch.fetch_snli(home, download_if_missing=False)
