"""The errors lexnli raises for missing data and bad input; each message says how to fix it."""
from __future__ import annotations


class ResourceMissingError(LookupError):
    """A data package the toolkit needs (NLTK data, VerbOcean) is not installed."""


class DataNotFoundError(FileNotFoundError):
    """A data file is neither in the data home nor downloadable (offline, or downloads disabled)."""


class ChecksumError(OSError):
    """A downloaded file does not have the expected SHA-256 digest (it was discarded)."""


class WorkerLostError(RuntimeError):
    """A worker process ended before it returned its batch (killed, or out of memory); the commands
    report it as one ``error:`` line, exit status 1."""


class CorpusFormatError(ValueError):
    """A corpus line is malformed; the message names the file, the line number and the problem.

    A ``fatal`` error (e.g. a bad header row) is raised even when the caller skips bad lines.
    ``unit`` names what ``line`` counts (``row`` for a table).
    """

    def __init__(self, source: str, line: int | None, problem: str, *, fatal: bool = False, unit: str = "line"):
        self.source, self.line, self.problem, self.fatal = str(source), line, problem, fatal
        where = f"{source}, {unit} {line}" if line is not None else str(source)
        super().__init__(f"{where}: {problem}")


def damaged_nltk_zip_error(resource: str, package: str, cause: BaseException) -> ResourceMissingError:
    """The error for NLTK data whose zip is damaged (``zipfile.BadZipFile``): it names
    the zip file(s) under NLTK's data path (:func:`lexnli.nltk_data.search_path`) that are not readable
    zips, and the fix."""
    import zipfile
    from pathlib import Path

    from .nltk_data import search_path

    name = resource.rstrip("/")
    name = name if name.endswith(".zip") else name + ".zip"
    folders = search_path()
    damaged = [str(Path(folder) / name) for folder in folders
               if (Path(folder) / name).is_file() and not zipfile.is_zipfile(Path(folder) / name)]
    where = ", ".join(damaged) or f"{name} under {folders}"
    return ResourceMissingError(f"{where}: damaged NLTK data ({cause}); delete it and run "
                                f"`python -m nltk.downloader {package}`, or set NLTK_DATA to a good copy.")
