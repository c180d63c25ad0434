"""Hooks for mutation runs: credit what a shared fixture calls to every test that uses it.

mutmut 3 runs, for each mutant, only the tests that called the mutated function during its
"stats" run, and it credits a function to the test during which it was called. A module- or
session-scoped fixture (an experiment run once, whose files several tests check) is set up
during the first test that uses it, so the other tests were never run against mutants of the
code the fixture calls, and mutants that only they would catch survived. These hooks record
the functions each fixture's setup calls and credit them to every test that uses the fixture.

``tests/conftest.py`` imports them; they do nothing unless mutmut's stats run is in progress
(``MUTANT_UNDER_TEST=stats``), and then read mutmut's record of the functions called
(``mutmut.state.state()._stats``, mutmut 3.8).
"""
from __future__ import annotations

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
