r"""A seeded random sample of the mutant names of some modules, for a mutation run too long to do whole.

    scripts/mutation_test.sh $(python scripts/mutation_sample.py --fraction 0.25 "classifiers.*" \
        "experiments.ablation.*")

Reads the mutant names from ``mutmut results --all true`` (run ``mutmut run`` once, or any
``scripts/mutation_test.sh`` run, so that the mutants exist) and prints, one a line, the sampled
names: ``--fraction`` of each module's mutants (at least one), chosen with ``--seed``, so a rerun
of the same sample after new tests checks the same mutants. The score of a sample estimates the
module's; the report counts the rest as ``not checked``.
"""
from __future__ import annotations

import argparse
import fnmatch
import random
import subprocess
import sys
from collections import defaultdict


def mutant_names() -> list[str]:
    out = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"], check=True,
                         capture_output=True, text=True).stdout
    return [line.split(":")[0].strip() for line in out.splitlines() if "__mutmut_" in line]


def sample(names, patterns, fraction: float, seed: int) -> list[str]:
    """``fraction`` of the names matching ``patterns`` in each module (at least one), in a seeded draw."""
    by_module = defaultdict(list)
    for name in names:
        if any(fnmatch.fnmatch(name, p) for p in patterns):
            by_module[name.rsplit("__mutmut_", 1)[0].rsplit(".", 1)[0]].append(name)
    rng = random.Random(seed)
    picked = []
    for module in sorted(by_module):
        candidates = sorted(by_module[module])
        picked += sorted(rng.sample(candidates, max(1, round(fraction * len(candidates)))))
    return picked


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("patterns", nargs="+", help="mutant name globs, e.g. 'classifiers.*'")
    parser.add_argument("--fraction", type=float, default=0.25, help="share of each module's mutants (default: 0.25)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    args = parser.parse_args(argv)
    if not 0 < args.fraction <= 1:
        parser.error("--fraction must be in (0, 1]")
    print("\n".join(sample(mutant_names(), args.patterns, args.fraction, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
