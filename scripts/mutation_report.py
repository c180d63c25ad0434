r"""Per-module mutation scores from ``mutmut results --all true``, as markdown.

    python scripts/mutation_report.py mutants/results.txt --command "scripts/mutation_test.sh ..." \
        > docs/mutation/scores.md
    python scripts/mutation_report.py earlier.txt mutants/results.txt --command "..."   # several runs

With several results files, a mutant's verdict is the one of the last file that checked it (a
later run of the same code with more tests, e.g. the survivors rerun by name, overrides an
earlier one; its ``not checked`` mutants keep the earlier verdict). Only combine runs of the
same code: mutants are named by function and number.

The score of a module is killed / checked: a mutant counts as killed when a test failed (or
timed out) with it, as checked once mutmut ran it (``not checked`` mutants are left out and
counted separately, so a partial run says what it covered). ``no tests`` mutants are checked
and not killed.
"""
from __future__ import annotations

import argparse
import datetime
import re
import sys
from collections import Counter, defaultdict

PACKAGES = ("classifiers", "experiments", "featurize.families")
KILLED = {"killed", "timeout"}
LINE = re.compile(r"^\s*(?P<mutant>[\w.]+__mutmut_\d+): (?P<status>.+?)\s*$")


def module_of(function_name: str) -> str:
    """``classifiers.predict.x_main`` -> ``classifiers.predict`` (methods: ``...xǁClassǁmethod``)."""
    return function_name.rsplit(".", 1)[0]


def verdicts(lines) -> dict[str, str]:
    """Mutant name -> status, from the lines of ``mutmut results --all true``."""
    return {match["mutant"]: match["status"] for match in map(LINE.match, lines) if match}


def combine(runs) -> dict[str, str]:
    """The verdicts of several runs, each mutant's from the last run that checked it."""
    combined: dict[str, str] = {}
    for run in runs:
        for mutant, status in run.items():
            if status != "not checked" or mutant not in combined:
                combined[mutant] = status
    return combined


def tally(statuses: dict[str, str]) -> dict[str, Counter]:
    counts: dict[str, Counter] = defaultdict(Counter)
    for mutant, status in statuses.items():
        counts[module_of(mutant.rsplit("__mutmut_", 1)[0])][status] += 1
    return counts


def row(name: str, counts: Counter) -> str:
    total = sum(counts.values())
    checked = total - counts["not checked"]
    killed = sum(counts[s] for s in KILLED)
    score = f"{100 * killed / checked:.1f}%" if checked else "-"
    other = checked - killed - counts["survived"] - counts["no tests"]
    return (f"| {name} | {total} | {checked} | {killed} | {counts['survived']} | {counts['no tests']} | {other} | "
            f"{counts['not checked']} | {score} |")


def report(counts: dict[str, Counter], command: str) -> str:
    header = ("| module | mutants | checked | killed | survived | no tests | other | not checked | killed / checked |\n"
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    lines = [f"# Mutation scores\n\nGenerated {datetime.datetime.now():%Y-%m-%d %H:%M} by `{command}` "
             "(mutmut 3, configuration in `setup.cfg`). See `README.md` beside this file for the "
             "surviving mutants and why.\n", "## Per package\n", header]
    for package in PACKAGES:
        total = sum((c for m, c in counts.items() if m.startswith(package + ".")), Counter())
        lines.append(row(package, total))
    lines += ["\n## Per module\n", header]
    lines += [row(module, counts[module]) for module in sorted(counts)]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", help="the output of `mutmut results --all true`, of one run or "
                        "several (later files override earlier ones for the mutants they checked)")
    parser.add_argument("--command", default="scripts/mutation_test.sh", help="the command shown in the report")
    args = parser.parse_args(argv)
    runs = []
    for path in args.results:
        with open(path, encoding="utf-8") as f:
            runs.append(verdicts(f))
    sys.stdout.write(report(tally(combine(runs)), args.command))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
