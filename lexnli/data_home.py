"""Find data files (the SNLI corpus, lexical resources) locally, or download them checksum-verified.

Files live in the *data home*: the ``data_home`` argument, else ``$LEXNLI_DATA``, else
``$XDG_CACHE_HOME/lexnli`` (``~/.cache/lexnli``). A resource missing there is looked for in
``$LEXNLI_SHARED_DATA`` when set: a local copy of the data laid out as a data home (``snli_1.0/``
or ``snli_1.0.zip``, ``verbocean/``, ``sick/``, ``nltk_data/``), only read (:func:`data_folders`).
Downloads go into the data home. A download streams into a temporary file next
to its destination, is checked against a SHA-256 digest and only then renamed into place, so an
interrupted or corrupted download never leaves a partial file behind.
"""
from __future__ import annotations

import hashlib
import http.client
import os
import re
import urllib.error
import urllib.request
from pathlib import Path

from tqdm import tqdm

from .errors import ChecksumError, DataNotFoundError
from .io import atomic_open
from .records import SNLI_SPLITS

SNLI_URL = "https://nlp.stanford.edu/projects/snli/snli_1.0.zip"
SNLI_SHA256 = "afb3d70a5af5d8de0d9d81e2637e0fb8c22d1235c2749d83125ca43dab0dbd3e"

SNLI_DIR = "snli_1.0"
SNLI_ZIP = "snli_1.0.zip"
#: The suffixes an SNLI split file may have (what read_snli accepts), in the order a folder is searched.
SNLI_SUFFIXES = (".jsonl", ".jsonl.gz", ".txt", ".txt.gz")
#: Where ``lexnli train`` installs the user's default model, inside the data home.
DEFAULT_MODEL = "models/default.skops"
#: A model's name, as opposed to a path: letters, digits, ``_`` and ``-``; the model named ``NAME`` is
#: ``models/NAME.skops`` in the data home (:func:`named_model_path`; ``default``: :data:`DEFAULT_MODEL`).
MODEL_NAME = re.compile(r"[A-Za-z0-9_-]+")
_CHUNK = 1 << 20


def get_data_home(data_home=None, *, create: bool = False) -> Path:
    """Return the folder where data files are looked for and downloaded to.

    Parameters
    ----------
    data_home : str or path-like, optional
        Use this folder. Default: ``$LEXNLI_DATA`` if set, else ``$XDG_CACHE_HOME/lexnli``
        (``~/.cache/lexnli`` when ``XDG_CACHE_HOME`` is unset).
    create : bool, default=False
        Create the folder (and its parents) if missing.
    """
    if data_home is not None:
        home = Path(data_home)
    elif os.environ.get("LEXNLI_DATA"):
        home = Path(os.environ["LEXNLI_DATA"])
    else:
        home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "lexnli"
    home = home.expanduser()
    if create:
        home.mkdir(parents=True, exist_ok=True)
    return home


#: The environment variable naming a folder of local data searched after the data home (see the module docstring).
SHARED_DATA_ENV = "LEXNLI_SHARED_DATA"


def data_folders(data_home=None) -> list[Path]:
    """The folders a resource is looked for in, in order: the data home (:func:`get_data_home`), then
    ``$LEXNLI_SHARED_DATA`` when set (and another folder)."""
    folders = [get_data_home(data_home)]
    shared = os.environ.get(SHARED_DATA_ENV)
    if shared and Path(shared).expanduser() != folders[0]:
        folders.append(Path(shared).expanduser())
    return folders


def find_data(names, data_home=None) -> Path | None:
    """The first file of ``names`` (paths inside a data folder) that exists in :func:`data_folders`, or None."""
    return next((folder / name for folder in data_folders(data_home) for name in names
                 if (folder / name).is_file()), None)


def default_model_path(data_home=None) -> Path:
    """The user's default model: :data:`DEFAULT_MODEL` in the data home (see :func:`get_data_home`),
    which ``lexnli train`` writes and every ``--model`` option defaults to."""
    return get_data_home(data_home) / DEFAULT_MODEL


def named_model_path(name: str, data_home=None) -> Path:
    """The file of the model named ``name`` (:data:`MODEL_NAME`): ``models/NAME.skops`` in the data home.

    >>> named_model_path("inference", "/data").as_posix()
    '/data/models/inference.skops'
    >>> named_model_path("default", "/data") == default_model_path("/data")
    True
    """
    if not MODEL_NAME.fullmatch(name):
        raise ValueError(f"{name!r} is no model name: letters, digits, _ and - only")
    return get_data_home(data_home) / "models" / f"{name}.skops"


def model_names(data_home=None) -> list[str]:
    """The names of the models in the data home, sorted."""
    folder = default_model_path(data_home).parent
    return sorted(p.stem for p in folder.glob("*.skops") if MODEL_NAME.fullmatch(p.stem)) if folder.is_dir() else []


def _advice(filenames: str) -> str:
    return f"To use a local copy, put {filenames} in a folder DIR and set LEXNLI_DATA=DIR (Python: data_home=DIR)."


def _network_error(url: str, exc: BaseException) -> DataNotFoundError:
    if isinstance(exc, urllib.error.HTTPError):
        exc.close()  # it holds the open error response
    name = url.rsplit("/", 1)[-1] or url
    return DataNotFoundError(f"could not download {url}: {exc}. {_advice(name)}")


def _stream(url: str, out, *, timeout: float, progress: bool, desc: str) -> str:
    """Copy ``url`` into the binary file ``out``; return the hex SHA-256 of what was written."""
    digest = hashlib.sha256()
    try:
        response = urllib.request.urlopen(url, timeout=timeout)
    except (OSError, http.client.HTTPException) as exc:  # URLError, timeouts, refused connections
        raise _network_error(url, exc) from exc
    size = response.headers.get("Content-Length", "")
    bar = tqdm(total=int(size) if size.isdigit() else None, unit="B", unit_scale=True,
               unit_divisor=1024, desc=desc, disable=None if progress else True)
    with response, bar:
        while True:
            try:
                chunk = response.read(_CHUNK)
            except (OSError, http.client.HTTPException) as exc:  # timeout or dropped connection
                raise _network_error(url, exc) from exc
            if not chunk:
                return digest.hexdigest()
            digest.update(chunk)
            out.write(chunk)
            bar.update(len(chunk))


def download(url: str, dest, sha256: str, *, progress: bool = True, timeout: float = 60) -> Path:
    """Download ``url`` to ``dest`` atomically, verifying its SHA-256 digest.

    The body is streamed into a temporary file in ``dest``'s folder, which is renamed to ``dest``
    only when complete and verified; on any failure (including ``KeyboardInterrupt``) it is removed.

    Parameters
    ----------
    url : str
        What to download.
    dest : str or path-like
        Where to put it; its folder is created if missing. An existing file is replaced.
    sha256 : str
        Expected hex SHA-256 digest of the file.
    progress : bool, default=True
        Show a progress bar (only when stderr is a terminal).
    timeout : float, default=60
        Seconds to wait for the connection and for each read.

    Returns
    -------
    pathlib.Path
        ``dest``.

    Raises
    ------
    ChecksumError
        The downloaded file has another digest.
    DataNotFoundError
        The server could not be reached or answered with an error.
    """
    dest = Path(dest)
    with atomic_open(dest, "wb", suffix=".part") as out:
        actual = _stream(url, out, timeout=timeout, progress=progress, desc=dest.name)
        if actual != sha256.lower():
            raise ChecksumError(
                f"checksum mismatch for {url}: expected sha256 {sha256.lower()}, got {actual} "
                "(the download was discarded)"
            )
    return dest


#: Set to 1 to forbid every download: SNLI, VerbOcean and NLTK's data.
NO_DOWNLOAD_ENV_VAR = "LEXNLI_NO_DOWNLOAD"


def downloads_forbidden() -> bool:
    """Whether ``$LEXNLI_NO_DOWNLOAD`` forbids downloading (set, and neither empty nor ``0``)."""
    return os.environ.get(NO_DOWNLOAD_ENV_VAR, "") not in ("", "0")


def _fetch(dest: Path, url: str, sha256: str, *, download_if_missing: bool, progress: bool,
           looked_for: str, advice: str) -> Path:
    """Return ``dest`` if it exists, else download it there or raise :class:`DataNotFoundError`;
    never download when ``download_if_missing`` is false or :func:`downloads_forbidden`."""
    if dest.is_file():
        return dest
    if downloads_forbidden():
        reason = f"downloading is disabled ({NO_DOWNLOAD_ENV_VAR}={os.environ[NO_DOWNLOAD_ENV_VAR]})"
    elif not download_if_missing:
        reason = "downloading is disabled (download_if_missing=False)"
    else:
        try:
            return download(url, dest, sha256, progress=progress)
        except DataNotFoundError as exc:
            reason = f"downloading {url} failed: {exc.__cause__ or exc}"
    raise DataNotFoundError(f"{looked_for} not found, and {reason}. {advice}")


def fetch_file(filename: str, url: str, sha256: str, data_home=None, *,
               download_if_missing: bool = True, progress: bool = True) -> Path:
    """Return the path of ``filename`` in the data home, downloading it from ``url`` if missing.

    Parameters
    ----------
    filename : str
        Name of the file inside the data home.
    url, sha256 : str
        Where to download it from and its expected hex SHA-256 digest.
    data_home : str or path-like, optional
        See :func:`get_data_home`.
    download_if_missing : bool, default=True
        If False, raise instead of downloading.
    progress : bool, default=True
        Show a download progress bar.

    Raises
    ------
    DataNotFoundError
        The file is missing and could not (or may not) be downloaded.
    ChecksumError
        The download has the wrong digest.
    """
    dest = get_data_home(data_home) / filename
    return _fetch(dest, url, sha256, download_if_missing=download_if_missing, progress=progress,
                  looked_for=str(dest), advice=_advice(filename))


def _has_snli_splits(folder: Path) -> bool:
    return any((folder / f"snli_1.0_{split}{suffix}").is_file()
               for split in SNLI_SPLITS for suffix in SNLI_SUFFIXES)


def fetch_snli(data_home=None, *, download_if_missing: bool = True, url: str = SNLI_URL,
               sha256: str = SNLI_SHA256, progress: bool = True) -> Path:
    """Locate the SNLI 1.0 corpus, downloading the official zip if it is missing.

    Looks in the data home, then in ``$LEXNLI_SHARED_DATA`` (:func:`data_folders`), for a ``snli_1.0/``
    folder holding ``snli_1.0_{train,dev,test}`` files (``.jsonl`` or ``.txt``, optionally
    gzipped), then for ``snli_1.0.zip`` (verified against ``sha256`` once, see
    :func:`verify_file`), and otherwise downloads the zip into the data home.

    Parameters
    ----------
    data_home : str or path-like, optional
        See :func:`get_data_home`.
    download_if_missing : bool, default=True
        If False, raise instead of downloading.
    url, sha256 : str
        Download location and expected hex SHA-256 digest of the zip.
    progress : bool, default=True
        Show a download progress bar.

    Returns
    -------
    pathlib.Path
        The ``snli_1.0/`` folder or the ``snli_1.0.zip`` file.

    Raises
    ------
    DataNotFoundError
        SNLI is not in the data home and could not (or may not) be downloaded.
    ChecksumError
        The download, or the zip found in the data home, has the wrong digest.
    """
    home = get_data_home(data_home)
    for folder in data_folders(data_home):
        if _has_snli_splits(folder / SNLI_DIR):
            return folder / SNLI_DIR
        if (folder / SNLI_ZIP).is_file():
            return verify_file(folder / SNLI_ZIP, sha256)
    advice = (
        f"To use a local copy, put {SNLI_ZIP} or {SNLI_DIR}/ in a folder DIR and pass --data-dir DIR or set "
        "LEXNLI_DATA=DIR (Python: data_home=DIR), or give the split files the command reads with --train/--dev/--test "
        "FILE (Python: read_snli(FILE)); online, `lexnli fetch snli` downloads it once."
    )
    return _fetch(home / SNLI_ZIP, url, sha256, download_if_missing=download_if_missing,
                  progress=progress, looked_for=f"SNLI ({home / SNLI_DIR}/ or {home / SNLI_ZIP})",
                  advice=advice)


def _verified_marker(path: Path) -> Path:
    return path.with_name(f".{path.name}.verified")


def verify_file(path, sha256: str) -> Path:
    """Return ``path`` if its SHA-256 digest is ``sha256``; raise :class:`ChecksumError` otherwise.

    The verification is remembered in a ``.NAME.verified`` file beside it (size, modification
    time and digest; skipped if the folder is read-only), so an unchanged file is hashed once.
    """
    path = Path(path)
    stat = path.stat()
    stamp = f"{stat.st_size} {stat.st_mtime_ns} {sha256.lower()}\n"
    marker = _verified_marker(path)
    try:
        if marker.read_text() == stamp:
            return path
    except OSError:
        pass
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(_CHUNK), b""):
            digest.update(chunk)
    if digest.hexdigest() != sha256.lower():
        raise ChecksumError(f"{path}: sha256 {digest.hexdigest()}, expected {sha256.lower()}: the file is damaged "
                            f"(e.g. an interrupted copy) or another version; delete it to download it again, "
                            f"or replace it with a good copy")
    try:
        marker.write_text(stamp)
    except OSError:
        pass
    return path
