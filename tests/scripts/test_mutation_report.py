"""The mutation-testing tools: ``scripts/mutation_report.py`` (per-module scores from mutmut's results,
several runs combined), ``scripts/mutation_sample.py`` (a seeded share of the mutants), the sandbox's
copy list in setup.cfg, and :mod:`tests.mutmut_fixture_stats`' ``MUTATION_UNCREDITED`` parser."""
import importlib.util

import pytest

from tests.conftest import REPO

SCRIPTS = REPO / "scripts"


def load_script(name: str):
    """``scripts/<name>.py`` imported as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_later_run_overrides_the_mutants_it_checked(tmp_path, capsys):
    earlier = tmp_path / "earlier.txt"
    earlier.write_text("    classifiers.a.x_f__mutmut_1: killed\n    classifiers.a.x_f__mutmut_2: survived\n"
                       "    classifiers.a.x_f__mutmut_3: survived\n    classifiers.a.xǁCǁm__mutmut_1: not checked\n"
                       "    experiments.b.x_g__mutmut_1: timeout\n", encoding="utf-8")
    later = tmp_path / "later.txt"
    later.write_text("    classifiers.a.x_f__mutmut_1: not checked\n    classifiers.a.x_f__mutmut_2: killed\n"
                     "    classifiers.a.x_f__mutmut_3: not checked\n", encoding="utf-8")
    assert load_script("mutation_report").main([str(earlier), str(later), "--command", "cmd"]) == 0
    rows = {line.split(" | ")[0].lstrip("| "): line.split(" | ")[1:] for line in capsys.readouterr().out.splitlines()
            if line.startswith("| ") and not line.startswith("| module")}
    # mutants, checked, killed, survived, no tests, other, not checked, killed / checked
    assert rows["classifiers.a"] == ["4", "3", "2", "1", "0", "0", "1", "66.7% |"]
    assert rows["experiments.b"] == ["1", "1", "1", "0", "0", "0", "0", "100.0% |"]
    assert rows["featurize.families"] == ["0", "0", "0", "0", "0", "0", "0", "- |"]


def test_the_sample_takes_a_share_of_each_module_seeded():
    module = load_script("mutation_sample")
    names = [f"classifiers.a.x_f__mutmut_{i}" for i in range(1, 9)] + ["classifiers.b.xǁCǁm__mutmut_1",
                                                                       "experiments.c.x_g__mutmut_1"]
    picked = module.sample(names, ["classifiers.*"], 0.25, seed=3)
    assert len([n for n in picked if n.startswith("classifiers.a.")]) == 2
    assert "classifiers.b.xǁCǁm__mutmut_1" in picked and len(picked) == 3  # at least one per module; c not matched
    assert module.sample(names, ["classifiers.*"], 0.25, seed=3) == picked
    assert {tuple(module.sample(names, ["classifiers.*"], 0.25, seed=s)) for s in range(10)} != {tuple(picked)}


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
