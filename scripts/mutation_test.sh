#!/usr/bin/env bash
# Mutation testing of classifiers/, experiments/, featurize/families/ and featurize/polarity.py with mutmut 3
# (configuration: the [mutmut] section of setup.cfg). Slow -- roughly one mutant a second on one
# core, a few thousand mutants -- so it is NOT part of CI. Results accumulate in mutants/ (git-ignored):
# a stopped run resumes where it left off.
#
#   pip install "mutmut>=3.8"
#   scripts/mutation_test.sh                  # every mutant
#   scripts/mutation_test.sh "classifiers.*"  # only mutants whose name matches (module.function globs)
#   scripts/mutation_test.sh $(python scripts/mutation_sample.py --fraction 0.2 "classifiers.*")  # a sample
#
# MUTATION_TIME_LIMIT (seconds, default 3600) stops the run; MUTATION_WORKERS (default 1) is the number
# of test processes. The per-module report is written to docs/mutation/scores.md; MUTATION_PREVIOUS names
# results files of earlier runs of the same code (mutants/results.txt saved aside) that this run's
# verdicts override, for a report of both.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m mutmut --version >/dev/null 2>&1 || { echo "error: mutmut is not installed (pip install 'mutmut>=3.8')" >&2; exit 2; }
if [ -z "${LEXNLI_SHARED_DATA:-}" ] || [ -z "${NLTK_DATA:-}" ]; then
    echo "warning: LEXNLI_SHARED_DATA / NLTK_DATA unset: tests that need the shared data skip, and mutants they would kill survive" >&2
fi
status=0
timeout --signal=INT "${MUTATION_TIME_LIMIT:-3600}" python -m mutmut run --max-children "${MUTATION_WORKERS:-1}" "$@" || status=$?
[ "$status" -eq 0 ] || echo "mutmut stopped (exit $status; 124 is the time limit): the report covers the mutants checked so far" >&2
[ -e mutants/mutmut-stats.json ] || echo "no stats: a test failed in mutmut's copy of the project (\"runner returned 1\": see" \
    "which with 'cd mutants && MUTANT_UNDER_TEST= PYTHONPATH=. python -m pytest -x -q tests'; a package missing from setup.cfg's also_copy does that)" >&2
python -m mutmut results --all true > mutants/results.txt
shown="$*"
[ "$#" -le 4 ] || shown="<$# mutant names>"
# shellcheck disable=SC2086 # MUTATION_PREVIOUS is a list of files
python scripts/mutation_report.py ${MUTATION_PREVIOUS:-} mutants/results.txt \
    --command "MUTATION_WORKERS=${MUTATION_WORKERS:-1} scripts/mutation_test.sh $shown" > docs/mutation/scores.md
echo "report: docs/mutation/scores.md"
