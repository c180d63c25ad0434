"""``lexnli fetch``: prepare a machine once: SNLI, NLTK's tagger and WordNet, VerbOcean, the syntax model.

    lexnli fetch [--data-dir DIR] [snli] [tagger] [wordnet] [verbocean] [syntax]

Each resource named (default: all) is looked for where lexnli reads it and, when missing,
downloaded checksum-verified: SNLI and VerbOcean into the data home (``--data-dir``, else
``$LEXNLI_DATA``, else ``~/.cache/lexnli``), after looking in it and then in
``$LEXNLI_SHARED_DATA`` (a local copy laid out as a data home; ``$LEXNLI_VERBOCEAN`` names a
VerbOcean file of your own), NLTK's data where NLTK keeps it (``$NLTK_DATA``, else NLTK's
default folder). One line per resource says whether it was found, fetched or is missing, where
it is (or how to provide it), and the variables that point at it (:data:`VARIABLES`). With ``LEXNLI_NO_DOWNLOAD=1``
nothing is downloaded: fetch only checks, and reports what is missing. Exit status 2 when
something is still missing.

The syntax model (:mod:`lexnli.syntax`) is not downloaded but built, once, from the parses of the
SNLI train split in the data home (fetched first if missing; a few minutes), into
:func:`lexnli.syntax.default_syntax_path`; a model already there is checked against its sha256.
"""
from __future__ import annotations

import argparse
import sys
import zipfile
from pathlib import Path

from lexical_resources.verbocean import VerbOcean, locate_verbocean
from lexnli.data_home import downloads_forbidden, fetch_snli, get_data_home
from lexnli.corpora import iter_parses
from lexnli.errors import ChecksumError, DataNotFoundError
from lexnli.nltk_data import find as find_nltk_data
from lexnli.syntax import SyntaxModel, build, default_syntax_path
from lexnli.text import NLTK_PACKAGES, ensure_nltk_data

#: What stops a resource from being ready (missing, offline, damaged); reported on its line, not as a traceback.
FAILURES = (OSError, LookupError, ValueError)


def _nltk(name: str):
    """(is it installed?, install it and say where) for the NLTK package ``name`` of :data:`NLTK_PACKAGES`."""
    package, path, what = NLTK_PACKAGES[name]

    def present(home) -> bool:
        try:
            find_nltk_data(path)
        except LookupError:
            return False
        except zipfile.BadZipFile:  # there but damaged: fetching says so
            pass
        return True

    def fetch(home) -> str:
        ensure_nltk_data(package, path, what)
        return str(find_nltk_data(path))
    return present, fetch


def _snli_present(home) -> bool:
    try:
        fetch_snli(home, download_if_missing=False)
    except DataNotFoundError:
        return False
    except ChecksumError:  # damaged: fetching again says so
        return True
    return True


def _verbocean_present(home) -> bool:
    try:
        return locate_verbocean(home, download_if_missing=False).is_file()
    except DataNotFoundError:
        return False


def _verbocean_fetch(home) -> str:
    verbocean = VerbOcean.load(data_home=home)
    return f"{verbocean.source} ({len(verbocean):,} relations)"


def _syntax_present(home) -> bool:
    return default_syntax_path(home).is_file()


def _syntax_fetch(home) -> str:
    """Check the syntax model in ``home``, or build it from SNLI train's parses; say where it is."""
    path = default_syntax_path(home)
    if not path.is_file():
        snli = fetch_snli(home)
        build((parse for _, parse in iter_parses(snli, "train")), info={"train": f"{snli.name} train"}).save(path)
    model = SyntaxModel.load(path)
    combined = int(model.info.get("combined_parses", 0))
    real = int(model.info["sentences"]) - combined
    return (f"{path} (built from {real:,} sentences of {model.info['train']}"
            + (f" and {combined:,} put together from them)" if combined else ")"))


#: The variables (and option) that point at each resource, in the order they are read.
VARIABLES = {"snli": "--data-dir or LEXNLI_DATA, then LEXNLI_SHARED_DATA", "tagger": "NLTK_DATA",
             "wordnet": "NLTK_DATA",
             "verbocean": "LEXNLI_VERBOCEAN, else --data-dir or LEXNLI_DATA, then LEXNLI_SHARED_DATA",
             "syntax": "LEXNLI_SYNTAX (the other commands), else --data-dir or LEXNLI_DATA"}
#: The resources, by the name given on the command line: (is it there?, fetch it and say where).
RESOURCES = {"snli": (_snli_present, lambda home: str(fetch_snli(home))), "tagger": _nltk("tagger"),
             "wordnet": _nltk("wordnet"), "verbocean": (_verbocean_present, _verbocean_fetch),
             "syntax": (_syntax_present, _syntax_fetch)}


def _resource(name: str) -> str:
    if name not in RESOURCES:
        raise argparse.ArgumentTypeError(f"unknown resource {name!r}; choose from {', '.join(RESOURCES)}")
    return name


def add_arguments(parser) -> None:
    parser.add_argument("what", nargs="*", type=_resource, metavar="WHAT",
                        help=f"what to prepare, any of {', '.join(RESOURCES)} (default: all)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="the data home to look in and fill (default: LEXNLI_DATA, then the per-user cache): "
                             "snli_1.0/ (snli_1.0_{train,dev,test}.jsonl or .txt, optionally .gz) or snli_1.0.zip; "
                             "verbocean.unrefined.2004-05-20.txt or .txt.gz, there or in verbocean/; the syntax model "
                             "in syntax/. The other commands read VerbOcean and the syntax model from LEXNLI_DATA, so "
                             "set it to this folder")


def run(args) -> int:
    """Prepare each resource named; print one line each; 2 if some are still missing, else 0."""
    home = get_data_home(args.data_dir)
    print(f"data home: {home}" + (" (downloads disabled: LEXNLI_NO_DOWNLOAD)" if downloads_forbidden() else ""))
    missing = []
    for name in dict.fromkeys(args.what or RESOURCES):
        present, fetch = RESOURCES[name]
        found = present(home)
        try:
            where = fetch(home)
        except FAILURES as exc:
            missing.append(name)
            print(f"{name:<10} missing  {exc} [{VARIABLES[name]}]")
            continue
        print(f"{name:<10} {'found' if found else 'fetched':<8} {where} [{VARIABLES[name]}]")
    if missing:
        print(f"error: missing: {', '.join(missing)} (each line above says how to provide it)", file=sys.stderr)
        return 2
    return 0
