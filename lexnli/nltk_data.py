"""Find NLTK's data packages (WordNet: ``corpora/wordnet``, a folder or a zip) where ``nltk.data.find``
finds them, without importing NLTK (which takes most of a second).

The search path is NLTK's, built as NLTK 3.10.4 builds ``nltk.data.path`` when it is imported
(``nltk/data.py``): the entries of ``$NLTK_DATA`` (split on ``os.pathsep``, ``~`` expanded), then
``~/nltk_data`` (unless ``$APPENGINE_RUNTIME`` is set or there is no home folder), then the
platform's folders (:func:`default_search_path`). :func:`search` looks as ``nltk.data.find`` does:
for the name in each folder (or zip) of the path in turn, then for the name with one of its
components ``p`` read as ``p.zip/p`` (``corpora/wordnet.zip/wordnet/``). It passes over what NLTK
refuses: on POSIX a data folder or file that an account other than this one and root owns or may
write to, and a zip that lies, links followed, outside the data folders.

When the caller has imported NLTK (``"nltk" in sys.modules``), and so may have changed
``nltk.data.path``, :func:`find` asks ``nltk.data.find`` itself. What it finds is a
:class:`pathlib.Path` on disk or a :class:`ZipEntry` inside a zip; either reads the file ``name``
under it as ``found.joinpath(name).read_bytes()``.
"""
from __future__ import annotations

import errno
import os
import posixpath
import re
import stat
import sys
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path

#: How many leading components of a name :func:`search` tries as a zip of the same name (NLTK's
#: ``MAX_ZIP_FALLBACK_DEPTH``).
MAX_ZIP_DEPTH = 8
#: Where NLTK's data holds WordNet: a folder, or a zip of it (``corpora/wordnet.zip``), looked for in
#: this order, as ``nltk.corpus.wordnet`` looks.
WORDNET_PATHS = ("corpora/wordnet", "corpora/wordnet.zip/wordnet/")
#: A name's first component ending in ``.zip`` (the zip file) and what follows (the entry in it), as NLTK splits it.
_IN_ZIP = re.compile(r"(.*?\.zip)/?(.*)$", re.DOTALL)


@dataclass(frozen=True)
class ZipEntry:
    """The file or folder (a name ending in ``/``) ``entry`` inside the zip file ``archive``: NLTK's
    ``ZipFilePathPointer``, read with :mod:`zipfile`. The zip is opened for each read only, as NLTK
    opens it, so processes forked after one read share no open file.

    >>> ZipEntry(Path("/data/corpora/wordnet.zip"), "wordnet/").joinpath("lexnames").entry
    'wordnet/lexnames'
    """

    archive: Path
    entry: str

    def joinpath(self, name: str) -> ZipEntry:
        """The entry ``name`` inside this folder."""
        return ZipEntry(self.archive, posixpath.join(self.entry, name))

    def read_bytes(self) -> bytes:
        """The bytes of this file; ``FileNotFoundError`` when the zip has no such file."""
        with zipfile.ZipFile(self.archive) as archive:
            try:
                return archive.read(self.entry)
            except KeyError:
                raise FileNotFoundError(errno.ENOENT, "no such file in the zip", str(self)) from None

    def fingerprint(self) -> str:
        """What identifies this file's content: its name, and the CRC-32 and size the zip's directory records
        for it; ``FileNotFoundError`` when the zip has no such file."""
        with zipfile.ZipFile(self.archive) as archive:
            try:
                info = archive.getinfo(self.entry)
            except KeyError:
                raise FileNotFoundError(errno.ENOENT, "no such file in the zip", str(self)) from None
        return f"{self.entry}|crc32 {info.CRC:08x}|{info.file_size} bytes"

    def __str__(self) -> str:
        return os.path.normpath(os.path.join(self.archive, self.entry))


def default_search_path() -> list[str]:
    """``nltk.data.path`` as NLTK 3.10.4 builds it on import, from the environment now.

    >>> default_search_path()[-1] == ("/usr/local/lib/nltk_data" if os.name != "nt" else r"E:\\nltk_data")
    True
    """
    path = [os.path.expanduser(entry) for entry in os.environ.get("NLTK_DATA", "").split(os.pathsep) if entry]
    if "APPENGINE_RUNTIME" not in os.environ and os.path.expanduser("~/") != "~/":
        path.append(os.path.expanduser("~/nltk_data"))
    path += [os.path.join(sys.prefix, "nltk_data"), os.path.join(sys.prefix, "share", "nltk_data"),
             os.path.join(sys.prefix, "lib", "nltk_data")]
    if os.name == "nt":
        path += [os.path.join(os.environ.get("APPDATA", "C:\\"), "nltk_data"),
                 r"C:\nltk_data", r"D:\nltk_data", r"E:\nltk_data"]
    else:
        path += ["/usr/share/nltk_data", "/usr/local/share/nltk_data", "/usr/lib/nltk_data",
                 "/usr/local/lib/nltk_data"]
    return path


def search_path() -> list[str]:
    """Where NLTK's data is looked for: ``nltk.data.path`` when the caller has imported NLTK, else
    :func:`default_search_path`."""
    if "nltk" in sys.modules:
        import nltk

        return list(nltk.data.path)
    return default_search_path()


def find(resource: str) -> Path | ZipEntry:
    """Where NLTK's data holds ``resource`` (``"corpora/wordnet/"``), as ``nltk.data.find(resource)``
    answers: with ``nltk.data.find`` itself when NLTK is imported, else by :func:`search` on
    :func:`default_search_path`.

    Raises
    ------
    LookupError
        ``resource`` is not found.
    zipfile.BadZipFile
        A zip file it is looked for in is damaged.
    """
    if "nltk" in sys.modules:
        import nltk

        return location_of(nltk.data.find(resource))
    return search(resource, default_search_path())


def wordnet_root() -> Path | ZipEntry:
    """Where NLTK's data holds WordNet's files: the folder (:data:`WORDNET_PATHS`), else the folder in
    the zip, as ``nltk.corpus.wordnet`` looks. ``LookupError`` (the folder's) when neither is found."""
    try:
        return find(WORDNET_PATHS[0])
    except LookupError as missing:
        try:
            return find(WORDNET_PATHS[1])
        except LookupError:
            raise missing from None


def location_of(pointer) -> Path | ZipEntry:
    """What NLTK's path pointer ``pointer`` (from ``nltk.data.find``) points at: a path, or an entry of a zip."""
    import nltk

    if isinstance(pointer, nltk.data.ZipFilePathPointer):
        return ZipEntry(Path(pointer.zipfile.filename), pointer.entry)
    if isinstance(pointer, nltk.data.FileSystemPathPointer):
        return Path(pointer.path)
    raise LookupError(f"NLTK's data has {pointer!r}, neither a file nor a zip entry lexnli can read")


def search(resource: str, paths) -> Path | ZipEntry:
    """Where the folders and zip files ``paths`` hold ``resource``, found as ``nltk.data.find(resource, paths)``
    (NLTK 3.10.4) finds it, without NLTK: its name in each of ``paths`` in turn; when the name has no
    ``.zip`` component, then the name with one of its components ``p`` read as ``p.zip/p``. A data folder
    or file another account may have written (:func:`_refusal`) is passed over with a ``RuntimeWarning``,
    as NLTK passes over it.

    Raises
    ------
    ValueError
        ``resource`` is no relative name of plain components (``corpora/wordnet/``).
    LookupError
        ``resource`` is not found.
    zipfile.BadZipFile
        A zip file it is looked for in is damaged.
    """
    parts = resource.split("/")
    if (not resource or resource.startswith("/") or "\\" in resource
            or any(part in ("", ".", "..") for part in parts[:-1]) or parts[-1] in (".", "..")):
        raise ValueError(f"{resource!r} is no name of NLTK data: a relative path such as 'corpora/wordnet/'")
    names = [resource]
    if not _IN_ZIP.match(resource):
        names += ["/".join(parts[:i] + [parts[i] + ".zip"] + parts[i:]) for i in range(min(len(parts), MAX_ZIP_DEPTH))]
    for name in names:
        found = _search_once(name, paths)
        if found is not None:
            return found
    raise LookupError(f"NLTK's data {resource!r} is not found in {list(paths)}")


def _search_once(name: str, paths) -> Path | ZipEntry | None:
    """The first place of ``paths`` holding ``name`` (which may name a zip, ``a/b.zip/b/``), or None:
    the loop of ``nltk.data.find``."""
    in_zip = _IN_ZIP.match(name)
    for folder in paths:
        if folder and os.path.isfile(folder) and folder.endswith(".zip"):
            refused = _refusal(os.path.dirname(os.path.abspath(folder))) or _not_ours(folder)
            found = None if refused else _zip_entry(folder, name, paths)
        elif not folder or os.path.isdir(folder):
            refused = _refusal(folder) if folder else None
            found = None
            if not refused:
                place = os.path.join(folder, in_zip.group(1) if in_zip else name)
                if os.path.exists(place):
                    refused = _refusal(folder or os.path.dirname(os.path.abspath(place)), place)
                    if not refused and (in_zip or os.path.isfile(place)):
                        refused = _not_ours(place)
                    if not refused:
                        found = _zip_entry(place, in_zip.group(2), paths) if in_zip else Path(os.path.abspath(place))
        else:
            continue
        if refused:
            warnings.warn(f"NLTK's data in {refused!r} is not read: it is writable by, or owned by, another account, "
                          "so a planted or rewritten file would be read as trusted data (as NLTK refuses it). "
                          "Make it private to its owner (chmod go-w).", RuntimeWarning, stacklevel=3)
        elif found is not None:
            return found
    return None


def _zip_entry(archive: str, entry: str, paths) -> ZipEntry | None:
    """``entry`` of the zip file ``archive`` if it has it (a folder: if it has a file in it), else None:
    also when ``archive`` cannot be opened or lies, links followed, outside the data folders
    (:func:`_inside_data_folders`), as NLTK passes it over. ``zipfile.BadZipFile`` when damaged."""
    entry = entry.lstrip("/")
    if not _inside_data_folders(archive, paths):
        return None
    try:
        with zipfile.ZipFile(os.path.abspath(archive)) as opened:
            names = opened.namelist()
    except OSError:
        return None
    if entry and entry not in names and not (entry.endswith("/") and any(n.startswith(entry) for n in names)):
        return None
    return ZipEntry(Path(os.path.abspath(archive)), entry)


def _inside_data_folders(archive: str, paths) -> bool:
    """Whether the zip file ``archive``, links followed, lies in a folder NLTK opens zips in (NLTK's
    ``pathsec.validate_path``): a folder of ``paths`` or ``$NLTK_DATA``, ``~/nltk_data`` or
    ``/usr/share/nltk_data`` if there, or the temporary folder if private to its owner."""
    import tempfile

    target = Path(archive).resolve()
    roots = {Path(root).expanduser().resolve()
             for root in [*paths, *os.environ.get("NLTK_DATA", "").split(os.pathsep)] if root}
    roots |= {Path(root).expanduser().resolve() for root in ("~/nltk_data", "/usr/share/nltk_data")
              if Path(root).expanduser().exists()}
    temporary = Path(tempfile.gettempdir()).resolve()
    if os.name != "posix" or _private_folder(str(temporary)):
        roots.add(temporary)
    return any(target == root or target.is_relative_to(root) for root in roots)


def _private(status: os.stat_result) -> bool:
    """Owned by this account or root, and neither group- nor world-writable (NLTK's ``pathsec._private_stat``)."""
    return status.st_uid in (os.geteuid(), 0) and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _private_folder(path: str) -> bool:
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return False
    return stat.S_ISDIR(status.st_mode) and _private(status)


def _not_ours(path: str) -> str | None:
    """``path`` if it is a file (or folder) another account owns or may write to, on POSIX; else None."""
    if os.name != "posix":
        return None
    try:
        return None if _private(os.stat(path)) else path
    except OSError:
        return None


def _refusal(root: str, below: str | None = None) -> str | None:
    """The first folder from the data folder ``root`` down to ``below``'s that is not private, then
    ``below`` itself when it is a folder, and everything under it, or None (POSIX only): NLTK's
    ``_writable_by_others``."""
    if os.name != "posix":
        return None
    if not _private_folder(root):
        return root
    if below is None:
        return None
    current = root
    for part in os.path.relpath(os.path.dirname(below), root).split(os.sep):
        if part in ("", os.curdir, os.pardir):
            continue
        current = os.path.join(current, part)
        if not os.path.isdir(current):
            break
        if not _private_folder(current):
            return current
    below = below.rstrip(os.sep)
    if not os.path.isdir(below):
        return None
    return _first_entry_not_ours(below) if _private_folder(below) else below


def _first_entry_not_ours(top: str) -> str | None:
    """The first entry under the folder ``top`` another account may have written (NLTK's
    ``_first_entry_not_ours``): not ours or root's, or group- or world-writable (a link: owned by
    another account); a folder that cannot be listed but can be searched. None when there is none."""
    unlisted: list[OSError] = []
    for current, folders, files in os.walk(top, onerror=unlisted.append):
        for name in folders + files:
            entry = os.path.join(current, name)
            try:
                status = os.lstat(entry)
            except FileNotFoundError:
                continue
            except OSError:
                return entry
            if stat.S_ISLNK(status.st_mode) and status.st_uid not in (os.geteuid(), 0):
                return entry
            if not stat.S_ISLNK(status.st_mode) and not _private(status):
                return entry
    for error in unlisted:
        where = getattr(error, "filename", None) or top
        if os.access(where, os.X_OK):
            return where
    return None
