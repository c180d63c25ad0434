r"""Every one-entry change of the projection tables, each run against tests: which change they catch.

mutmut 3 mutates code inside functions only, so :data:`~featurize.families.alignment.DOWNWARD_PROJECTION`
and :data:`~featurize.families.alignment.NON_MONOTONE_PROJECTION` (module-level dicts) get no mutant
from it. This script makes each change by hand: each entry's class replaced by each other class
(``equal``, ``general``, ``specific``, ``conflict``, ``new``), one at a time, in a fresh Python that
patches the table before pytest imports the tests, and runs the given tests (``pytest -x -q``):

    python scripts/projection_table_mutants.py tests/featurize/test_natural_logic.py \
        tests/featurize/families/test_alignment.py

One line a change (``killed`` when a test failed, ``SURVIVED`` when all passed), then the counts;
exit status 1 when a change survived (and the run stops at a pytest that could not run the tests).
"""
from __future__ import annotations

import argparse
import subprocess
import sys

from featurize.families.alignment import DOWNWARD_PROJECTION, NON_MONOTONE_PROJECTION

TABLES = {"DOWNWARD_PROJECTION": DOWNWARD_PROJECTION, "NON_MONOTONE_PROJECTION": NON_MONOTONE_PROJECTION}
CLASSES = ("equal", "general", "specific", "conflict", "new")

_RUN = """
import sys
import pytest
from featurize.families import alignment
alignment.{table}[{entry!r}] = {value!r}
sys.exit(pytest.main(["-x", "-q", "-p", "no:cacheprovider", *sys.argv[1:]]))
"""


def changes():
    """Each ``(table, entry, value)``: one entry of one table given another class."""
    for table, found in TABLES.items():
        for entry, value in found.items():
            for other in CLASSES:
                if other != value:
                    yield table, entry, other


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tests", nargs="+", help="test files or node ids to run against each change")
    args = parser.parse_args(argv)
    killed = survived = 0
    for table, entry, value in changes():
        run = subprocess.run([sys.executable, "-c", _RUN.format(table=table, entry=entry, value=value), *args.tests],
                             capture_output=True, text=True)
        if run.returncode not in (0, 1):  # not a test failing: pytest could not run them
            sys.exit(f"{table}[{entry!r}] = {value!r}: pytest exited {run.returncode}\n{run.stdout}{run.stderr}")
        caught = run.returncode == 1
        killed += caught
        survived += not caught
        print(f"{table}[{entry!r}] = {value!r}: {'killed' if caught else 'SURVIVED'}", flush=True)
    print(f"{killed} killed, {survived} survived of {killed + survived}")
    return 1 if survived else 0


if __name__ == "__main__":
    raise SystemExit(main())
