"""The load cache: what a slow load made, kept in the data home so that the next process loads it fast.

Two kinds of entry share one folder, ``cache/`` in the data home (:func:`lexnli.data_home.get_data_home`),
one switch (``LEXNLI_MODEL_CACHE=0``, :data:`CACHE_ENV`: load the slow way, write nothing) and one rule of
trust (:func:`private`):

- ``cache/models/``: a ``.skops`` model as skops loaded it, kept as a pickle
  (:mod:`classifiers.model_cache`);
- ``cache/arrays/``: arrays derived from a data file, each a plain ``.npy`` file that is memory-mapped
  when read (:func:`cached_arrays`): the syntax model's arrays uncompressed, with its tagger's dense
  weight matrix (:meth:`lexnli.syntax.SyntaxModel.load`), the files of a zipped WordNet
  (:mod:`lexnli.wordnet_index`) and VerbOcean's parsed lines (:mod:`lexical_resources.verbocean`). A
  process then maps them in milliseconds and reads only the pages it touches, where unzipping, parsing
  and building them took about 0.5 s at every start.

An entry is read only when its folders and files are owned by the user and writable by no one else,
opened without following a link and checked on the open descriptor (:func:`private`): no other user can
have put it there. An array entry holds no pickle (``.npy`` files of plain dtypes, read with
``allow_pickle=False`` semantics), and its key is the SHA-256 of the source file, checked as that file is
read, with :data:`ARRAYS_LAYOUT` and lexnli's version: a changed source, or a lexnli that derives other
arrays, misses. Anything else (a damaged or foreign entry) is a miss, and the entry is written again.
Writing is best effort: an entry that cannot be written is a warning, and the load goes on the slow way.
Where the system has no file owners (Windows) nothing is cached.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import tempfile
import time
import warnings
from pathlib import Path
from typing import Callable

import numpy as np

from .data_home import get_data_home
from .io import npy_header
from .version import __version__

#: Set to ``0`` to load every model and resource the slow way, caching nothing.
CACHE_ENV = "LEXNLI_MODEL_CACHE"
#: The folder of the array entries, in the data home.
ARRAYS_FOLDER = "cache/arrays"
#: Array entries kept per kind of source (``"syntax"``...); writing one more removes the least recently used.
MAX_ARRAY_ENTRIES = 2
#: The layout of the derived arrays: part of every array entry's key, raised when what is derived changes.
ARRAYS_LAYOUT = 1
_MANIFEST = "arrays.json"
#: Whether this system has file owners to check (POSIX); without them nothing is cached.
_OWNED_FILES = hasattr(os, "getuid")


def enabled() -> bool:
    """Whether the cache is used: on a system with file owners, unless ``$LEXNLI_MODEL_CACHE`` is ``0``."""
    return _OWNED_FILES and os.environ.get(CACHE_ENV, "").strip() != "0"


def private(status: os.stat_result) -> bool:
    """Whether what ``status`` describes is the user's and writable by no group or other user."""
    return status.st_uid == os.getuid() and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def open_private(path, *, folder: bool, dir_fd: int | None = None) -> int | None:
    """A read-only descriptor of ``path`` (a folder if ``folder``, else a regular file), opened without
    following a link and :func:`private`; None for anything else (missing, a link, another's, writable
    by others). The caller closes it."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | (os.O_DIRECTORY if folder else 0)
    try:
        fd = os.open(path, flags, dir_fd=dir_fd)
    except OSError:
        return None
    status = os.fstat(fd)
    if private(status) and (folder or stat.S_ISREG(status.st_mode)):
        return fd
    os.close(fd)
    return None


def private_folder(folder: Path) -> bool:
    """Make ``folder`` (and its parents) if needed, the folder 0700; whether it is then a private folder
    (:func:`private`, not a link) that entries may be written to."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    status = folder.lstat()
    return stat.S_ISDIR(status.st_mode) and private(status)


def mark_used(file) -> None:
    """Give ``file`` (a path or a descriptor) the current time as its modification time: the eviction's
    order (read from the clock, finer than a file system's own stamps). Best effort."""
    now = time.time_ns()
    try:
        os.utime(file, ns=(now, now))
    except OSError:
        pass


def least_recently_used(paths, keep: int) -> list[str]:
    """Of ``paths``, those past the ``keep`` most recently used (:func:`mark_used`): the ones to remove."""
    used = {}
    for path in paths:
        try:
            used[path] = os.stat(path, follow_symlinks=False).st_mtime_ns
        except FileNotFoundError:  # removed by another process meanwhile
            pass
    return sorted(used, key=used.get, reverse=True)[keep:]


# -- array entries -------------------------------------------------------------------------


def arrays_key(kind: str, source_sha256: str) -> str:
    """The folder name of the arrays derived from a source file of ``kind`` whose bytes hash to
    ``source_sha256``, by this lexnli (:data:`ARRAYS_LAYOUT`, its version)."""
    digest = hashlib.sha256(f"{kind}|{source_sha256}|layout {ARRAYS_LAYOUT}|lexnli {__version__}".encode("utf-8"))
    return f"{kind}-{digest.hexdigest()[:32]}"


def cached_arrays(kind: str, source_sha256: str, derive: Callable[[], dict], data_home=None) -> dict:
    """The arrays ``derive()`` makes from a source file of ``kind`` whose SHA-256 is ``source_sha256``:
    from the cache, memory-mapped read-only, when an entry is there (:func:`read_arrays`), else made by
    ``derive`` and written as an entry for the next process (:func:`write_arrays`). With the cache off
    (:func:`enabled`) always ``derive()``.

    ``derive`` must return plain arrays (no object dtype) by name; what a miss returns is ``derive``'s
    own arrays, which are equal to what a hit maps."""
    if not enabled():
        return derive()
    key = arrays_key(kind, source_sha256)
    found = read_arrays(key, data_home)
    if found is not None:
        return found
    arrays = derive()
    write_arrays(key, arrays, data_home)
    return arrays


def read_arrays(key: str, data_home=None) -> dict | None:
    """The arrays of entry ``key``, memory-mapped read-only, or None: no entry, a folder or file that is not
    private (:func:`open_private`), or a damaged entry. A hit marks the entry used."""
    root = get_data_home(data_home) / ARRAYS_FOLDER
    cache = open_private(root, folder=True)
    if cache is None:
        return None
    descriptors = [cache]
    try:
        entry = open_private(key, folder=True, dir_fd=cache)
        if entry is None:
            return None
        descriptors.append(entry)
        manifest = open_private(_MANIFEST, folder=False, dir_fd=entry)
        if manifest is None:
            return None
        with open(manifest, "rb") as f:
            names = json.loads(f.read().decode("utf-8"))
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            return None
        arrays = {}
        for number, name in enumerate(names):
            fd = open_private(f"{number}.npy", folder=False, dir_fd=entry)
            if fd is None:
                return None
            with open(fd, "rb") as f:
                arrays[name] = _mapped(f)
        mark_used(entry)
        return arrays
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    finally:
        for fd in descriptors:
            os.close(fd)


def _mapped(f) -> np.ndarray:
    """The array of the ``.npy`` file ``f``, memory-mapped read-only (a zero-size one read); ValueError for a
    file that is not a ``.npy`` of a plain dtype."""
    shape, fortran, dtype = npy_header(f)
    if dtype.hasobject:
        raise ValueError("an array of objects")
    size = dtype.itemsize * int(np.prod(shape, dtype=np.int64))
    if os.fstat(f.fileno()).st_size != f.tell() + size:
        raise ValueError("a .npy file of the wrong size")
    if size == 0:
        return np.zeros(shape, dtype=dtype, order="F" if fortran else "C")
    return np.memmap(f, dtype=dtype, mode="r", offset=f.tell(), shape=shape, order="F" if fortran else "C")


def write_arrays(key: str, arrays: dict, data_home=None) -> None:
    """Write ``arrays`` as entry ``key``: into a new folder beside the entries, renamed to ``key`` once
    complete (a reader sees a whole entry or none); then remove the entries of the same kind past
    :data:`MAX_ARRAY_ENTRIES`. A failure is a warning, never an error."""
    root = get_data_home(data_home) / ARRAYS_FOLDER
    try:
        if not private_folder(root):
            warnings.warn(f"load cache {root}: not used, as it is not a folder of yours that no one else may write "
                          f"to; make it yours alone (chmod 700) or remove it, or set {CACHE_ENV}=0", stacklevel=3)
            return
        building = Path(tempfile.mkdtemp(prefix=".building-", dir=root))
        try:
            for number, array in enumerate(arrays.values()):
                with open(building / f"{number}.npy", "xb", opener=_owner_only) as f:
                    np.lib.format.write_array(f, np.asarray(array), allow_pickle=False)
            with open(building / _MANIFEST, "x", encoding="utf-8", opener=_owner_only) as f:
                f.write(json.dumps(list(arrays)))
            target = root / key
            if target.is_symlink():
                target.unlink()  # an entry is written in place of a link, never through it
            elif target.exists():
                shutil.rmtree(target, ignore_errors=True)  # a damaged entry (a whole one would have been read)
            try:
                os.rename(building, target)
            except OSError:
                if not target.is_dir() or target.is_symlink():
                    raise
                # another process (a worker, say) wrote the entry meanwhile: theirs stands
        finally:
            shutil.rmtree(building, ignore_errors=True)
        mark_used(target)
        kind = key.rsplit("-", 1)[0]
        entries = [entry.path for entry in os.scandir(root) if entry.name.rsplit("-", 1)[0] == kind]
        for path in least_recently_used(entries, MAX_ARRAY_ENTRIES):
            shutil.rmtree(path, ignore_errors=True)
    except Exception as exc:  # an OSError (no room, read-only) or arrays that will not save: the load stands
        warnings.warn(f"load cache {root}: the arrays were not cached ({type(exc).__name__}: {exc}); the next "
                      f"load takes the slow way again ({CACHE_ENV}=0: never cache)", stacklevel=3)


def _owner_only(path, flags: int) -> int:
    """``open``'s opener for an entry's files: made readable and writable by the user alone (0600)."""
    return os.open(path, flags, 0o600)
