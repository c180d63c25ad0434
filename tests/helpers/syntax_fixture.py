"""The tests' syntax model: a tagger and parser trained, once per run, on the fixture treebank of
:mod:`tests.helpers.treebank`, so tests that read trees run on a fresh clone (no SNLI, no built model).

The conftest points ``LEXNLI_SYNTAX`` at it for the whole run, so featurizers whose families read
trees use it; :func:`tree` parses a hand-tagged sentence with it.
"""
import atexit
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

from lexnli.dependencies import DependencyTree
from lexnli.syntax import load_syntax, train

from tests.helpers.treebank import trees


@lru_cache(maxsize=1)
def tiny_syntax_path() -> Path:
    """The model's file, trained and saved on first use (in a folder removed at exit)."""
    folder = Path(tempfile.mkdtemp(prefix="lexnli-tests-syntax-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return train(trees(), jackknife_folds=0, base_tagger=None,
                 info={"train": "tests/helpers/treebank.py"}).save(folder / "tiny.npz")


def tree(tokens, tags) -> DependencyTree:
    """The tree the tests' model gives ``tokens`` with their ``tags`` (a treebank sentence: its own tree)."""
    return load_syntax(tiny_syntax_path()).parse([tuple(tokens)], [tuple(tags)])[0]
