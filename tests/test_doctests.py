"""The examples in the packages' docstrings run as written (``>>>`` lines, with their outputs)."""
import doctest
import importlib

import pytest

from lexnli.errors import ResourceMissingError

from tests.conftest import REPO

PACKAGES = ("lexnli", "lexical_resources", "featurize", "classifiers", "neural", "experiments", "command")


def modules_with_examples():
    """Dotted names of the packages' modules whose source has an example."""
    return [".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
            for package in PACKAGES for path in sorted((REPO / package).rglob("*.py"))
            if ">>> " in path.read_text(encoding="utf-8")]


def test_examples_are_found():
    assert "lexical_resources.lists.times" in modules_with_examples()


@pytest.mark.parametrize("name", modules_with_examples())
def test_examples_run(name):
    if name.startswith("neural"):
        pytest.importorskip("torch")
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = []
    for test in doctest.DocTestFinder().find(module):
        try:
            runner.run(test, out=report.append, clear_globs=True)
        except ResourceMissingError as exc:  # raised while the example set up its data
            pytest.skip(str(exc))
    missing = [line for line in report if "ResourceMissingError" in line]
    if missing:
        pytest.skip(f"{name}: an example needs data that is not installed")
    assert runner.failures == 0, "".join(report)
    assert runner.tries > 0
