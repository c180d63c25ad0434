"""Hooks for mutation runs: credit what a shared fixture calls to every test that uses it.

mutmut 3 runs, for each mutant, only the tests that called the mutated function during its
"stats" run, and it credits a function to the test during which it was called. A module- or
session-scoped fixture (an experiment run once, whose files several tests check) is set up
during the first test that uses it, so the other tests were never run against mutants of the
code the fixture calls, and mutants that only they would catch survived. These hooks record
the functions each fixture's setup calls and credit them to every test that uses the fixture.

``MUTATION_UNCREDITED="FUNCTIONS=TESTS[;FUNCTIONS=TESTS...]"`` (globs of mutmut's function names
and of test node ids) narrows the record the other way: a function matching ``FUNCTIONS`` called
during a test matching ``TESTS`` is not credited to it, so its mutants do not run that test (e.g.
``"featurize.families.*=tests/experiments/test_inference.py::*"``: a 25 s end-to-end experiment
that every feature family's survivor would otherwise wait for). mutmut keeps the record in
``mutants/mutmut-stats.json``: delete it for a change of ``MUTATION_UNCREDITED`` to take effect.

``tests/conftest.py`` imports them; they do nothing unless mutmut's stats run is in progress
(``MUTANT_UNDER_TEST=stats``), and then read mutmut's record of the functions called
(``mutmut.state.state()._stats``, mutmut 3.8).
"""
from __future__ import annotations

import fnmatch
import os

import pytest

#: The functions called while each fixture was set up, by fixture definition.
_calls_by_fixture: dict[object, set[str]] = {}


def _called() -> set[str] | None:
    """mutmut's set of the functions called since the last test's teardown, or None outside its stats run."""
    if os.environ.get("MUTANT_UNDER_TEST") != "stats":
        return None
    from mutmut.state import state

    return state()._stats


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef, request):
    called = _called()
    if called is None:
        yield
        return
    before = set(called)
    called.clear()
    try:
        yield
    finally:
        _calls_by_fixture.setdefault(fixturedef, set()).update(called)
        called.update(before)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    """Runs before mutmut's own teardown hook, which credits the set to ``item`` and clears it."""
    called = _called()
    if called is None:
        return
    for definitions in item._fixtureinfo.name2fixturedefs.values():
        for fixturedef in definitions:
            called.update(_calls_by_fixture.get(fixturedef, ()))
    for functions, tests in uncredited(os.environ.get("MUTATION_UNCREDITED", "")):
        if fnmatch.fnmatch(item.nodeid, tests):
            called.difference_update([name for name in called if fnmatch.fnmatch(name, functions)])


def uncredited(spec: str) -> list[tuple[str, str]]:
    """``"f1=t1;f2=t2"`` -> ``[("f1", "t1"), ("f2", "t2")]`` (function glob, test id glob)."""
    pairs = [part.split("=", 1) for part in spec.split(";") if part.strip()]
    bad = [part for part in pairs if len(part) != 2 or not all(p.strip() for p in part)]
    if bad:
        raise ValueError(f"MUTATION_UNCREDITED: expected FUNCTIONS=TESTS pairs separated by ';', got {spec!r}")
    return [(functions.strip(), tests.strip()) for functions, tests in pairs]
