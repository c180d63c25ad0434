"""Per-module mutation scores from ``mutmut results --all true``, as markdown.

    python scripts/mutation_report.py mutants/results.txt --command "scripts/mutation_test.sh ..." > docs/mutation/scores.md

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
LINE = re.compile(r"^\s*(?P<name>[\w.]+)__mutmut_\d+: (?P<status>.+?)\s*$")


def module_of(function_name: str) -> str:
    """``classifiers.predict.x_main`` -> ``classifiers.predict`` (methods: ``...xǁClassǁmethod``)."""
    return function_name.rsplit(".", 1)[0]


def tally(lines) -> dict[str, Counter]:
    counts: dict[str, Counter] = defaultdict(Counter)
    for line in lines:
        match = LINE.match(line)
        if match:
            counts[module_of(match["name"])][match["status"]] += 1
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
             "(mutmut 3, configuration in `setup.cfg`; one worker). See `README.md` beside this file for the "
             "surviving mutants and why.\n", "## Per package\n", header]
    for package in PACKAGES:
        total = sum((c for m, c in counts.items() if m.startswith(package + ".")), Counter())
        lines.append(row(package, total))
    lines += ["\n## Per module\n", header]
    lines += [row(module, counts[module]) for module in sorted(counts)]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", help="the output of `mutmut results --all true`")
    parser.add_argument("--command", default="scripts/mutation_test.sh", help="the command shown in the report")
    args = parser.parse_args(argv)
    with open(args.results, encoding="utf-8") as f:
        sys.stdout.write(report(tally(f), args.command))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
