"""scripts/mutation_test.sh's setup: the sandbox mutmut copies (setup.cfg) holds every package, and the
hooks of :mod:`tests.helpers.mutmut_fixture_stats` parse ``MUTATION_UNCREDITED``."""
import pytest

from tests.conftest import REPO


def test_every_package_is_in_the_mutation_sandbox():
    """mutmut runs the suite in a copy holding only setup.cfg's ``source_paths`` and ``also_copy``: a
    package left out fails the layering test there, and mutmut stops with "runner returned 1"."""
    from configparser import ConfigParser

    config = ConfigParser()
    config.read(REPO / "setup.cfg")
    copied = {line.strip().rstrip("/") for key in ("source_paths", "also_copy")
              for line in config.get("mutmut", key).splitlines() if line.strip()}
    packages = {path.parent.name for path in REPO.glob("*/__init__.py")} - {"tests"}  # mutmut copies tests/ itself
    assert packages <= copied, f"not copied into the mutation sandbox: {sorted(packages - copied)}"


def test_uncredited_pairs_of_function_and_test_globs():
    from tests.helpers.mutmut_fixture_stats import uncredited

    assert uncredited("") == []
    assert uncredited("featurize.families.*=*test_slow.py::* ; a.*=b") == [
        ("featurize.families.*", "*test_slow.py::*"), ("a.*", "b")]
    for bad in ("featurize.families.*", "=tests", "a=b;c"):
        with pytest.raises(ValueError, match="FUNCTIONS=TESTS"):
            uncredited(bad)
