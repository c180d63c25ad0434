"""The load cache of ``.skops`` models: a model skops loaded once is kept as a pickle in the data home,
so that loading the same file again takes a pickle's time, not skops's: importing skops imports every
scikit-learn module, and PyTorch where it is installed, most of the time a ``.skops`` load takes.

An entry is ``cache/models/KEY.pickle`` in the data home (:func:`lexnli.data_home.get_data_home`), KEY
the SHA-256 of the ``.skops`` file's bytes and of the versions a pickle depends on (:func:`versions`):
a changed file, or another Python, lexnli, scikit-learn, NumPy, SciPy or joblib, misses. At most
:data:`MAX_ENTRIES` are kept, the least recently used removed first. ``load_model(path, cache=False)``
or ``LEXNLI_MODEL_CACHE=0`` (:data:`CACHE_ENV`) loads with skops every time, and writes nothing.

Why a pickle here is safe when a pickle a user passes is not (:data:`classifiers.persistence.TRUST_RULE`
is unchanged for those): loading a pickle runs the code it holds, so what matters is who wrote it. An
entry is written only by lexnli, from a model that skops built under lexnli's checks (the archive's
bounds, the allow-list of types) and that lexnli accepted; and it is read only when the folder and the
entry are owned by the user and writable by no one else (the folder is created 0700, an entry 0600; both
are opened without following a link and checked on the open descriptor), so no other user can have put a
file there (and whoever can write there as the user can run code as the user anyway). Anything else (a
folder another user or a group may write to, a link, an entry that fails to load for any reason) is a
miss: the file is loaded with skops, and the entry written again. Writing is best effort: an entry that
cannot be written (a read-only data home, a full disk) is a warning, and the model loads all the same.
Where the system has no file owners (Windows) nothing is cached.
"""
from __future__ import annotations

import hashlib
import os
import platform
import sys
import warnings
from pathlib import Path

import joblib
import numpy
import scipy
import sklearn

from lexnli.data_home import get_data_home
from lexnli.io import atomic_open
from lexnli.load_cache import CACHE_ENV, least_recently_used, mark_used, open_private, private_folder
from lexnli.load_cache import enabled as enabled  # the switch both caches share
from lexnli.version import __version__

#: The folder of the entries, in the data home.
FOLDER = "cache/models"
#: The entries kept; writing one more removes the least recently used.
MAX_ENTRIES = 4
_SUFFIX = ".pickle"


def versions() -> str:
    """The versions an entry is valid for: Python's, lexnli's, and those of the libraries whose objects it holds."""
    return (f"python {sys.implementation.name} {platform.python_version()}|lexnli {__version__}|"
            f"scikit-learn {sklearn.__version__}|numpy {numpy.__version__}|scipy {scipy.__version__}|"
            f"joblib {joblib.__version__}")


def cache_key(data: bytes) -> str:
    """The key of the ``.skops`` file whose bytes are ``data``: the hex SHA-256 of :func:`versions` and ``data``."""
    digest = hashlib.sha256(versions().encode("utf-8") + b"\0")
    digest.update(data)
    return digest.hexdigest()


def cache_folder(data_home=None) -> Path:
    """The folder of the entries: :data:`FOLDER` in the data home (see :func:`lexnli.data_home.get_data_home`)."""
    return get_data_home(data_home) / FOLDER


def read(key: str, data_home=None):
    """The payload cached under ``key``, or None: no entry, an entry or folder that is not private
    (:func:`lexnli.load_cache.open_private`) or is a link, or an entry that fails to load. A hit marks
    the entry used."""
    folder = open_private(cache_folder(data_home), folder=True)
    if folder is None:
        return None
    try:
        fd = open_private(key + _SUFFIX, folder=False, dir_fd=folder)
    finally:
        os.close(folder)
    if fd is None:
        return None
    with open(fd, "rb") as f:
        try:
            payload = joblib.load(f)
        except Exception:  # a damaged entry fails in many ways inside unpickling: a miss, written again
            return None
        mark_used(fd)
    return payload


def write(key: str, payload, data_home=None) -> None:
    """Cache ``payload`` (what skops loaded from a file lexnli accepted) under ``key``, atomically, then
    remove the least recently used entries past :data:`MAX_ENTRIES`. A failure is a warning, never an error."""
    folder = cache_folder(data_home)
    try:
        if not private_folder(folder):
            warnings.warn(f"model cache {folder}: not used, as it is not a folder of yours that no one else may "
                          f"write to; make it yours alone (chmod 700) or remove it, or set {CACHE_ENV}=0", stacklevel=3)
            return
        path = folder / (key + _SUFFIX)
        if path.is_symlink():
            path.unlink()  # an entry is written in place of a link, never through it
        with atomic_open(path, "wb") as f:
            joblib.dump(payload, f)
        os.chmod(path, 0o600)
        mark_used(path)
        entries = [entry.path for entry in os.scandir(folder) if entry.name.endswith(_SUFFIX)]
        for stale in least_recently_used(entries, MAX_ENTRIES):
            Path(stale).unlink(missing_ok=True)
    except Exception as exc:  # an OSError (no room, read-only), or a model that will not pickle: the load stands
        warnings.warn(f"model cache {folder}: the loaded model was not cached ({type(exc).__name__}: {exc}); "
                      f"the next load of its file takes skops's time again ({CACHE_ENV}=0: never cache)",
                      stacklevel=3)
