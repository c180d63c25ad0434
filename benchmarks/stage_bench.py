#!/usr/bin/env python
"""Where a pass of the ``inference`` features goes once every word relation is known, against the goal's budget.

The goal is the ``inference`` features at half the lexicalized set's pairs/s: a pass may take
twice as long as the lexicalized set's (``budget``). On parsed SNLI dev (every line has parses,
so no tagging is timed), with the lexical resources loaded and one ``inference`` pass made to
learn every word relation, each stage below is timed with the per-pair and per-sentence memos
emptied and the word-level ones kept, as ``preset_bench``'s ``dev_words_known`` pass:

* ``lexicalized`` and ``inference``: a ``fit_transform`` of each set (the first is the baseline);
* the ``alignment`` family's stages, on the pairs as the featurizer normalizes them:
  ``alignment: sentence analysis`` (once per distinct sentence: lemmas, polarity marking,
  propositions, compounds), ``alignment: links forward`` and ``alignment: links back`` (the
  hypothesis aligned to the premise, and the premise to the hypothesis, each sentence analysed
  already), ``alignment: readings`` (what the features read of each pair: the links both ways,
  the verdicts, roles and role swaps) and ``alignment: whole family`` (the family on every pair:
  the analysis, the readings and the features named from them);
* every other family of the ``inference`` set outside the lexicalized one, each in a
  ``fit_transform`` of its own, with the per-sentence work it shares with the others.

    python benchmarks/stage_bench.py [--dev FILE] [--out figures.csv]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))  # preset_bench, which puts the project on the path
from preset_bench import forget_pairs_and_sentences, report  # noqa: E402

SHARED = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))
#: The families timed alone: the ``inference`` set's own, besides the lexicalized set's.
OWN_FAMILIES = ("wordnet", "verbocean", "tree", "bag_overlap")


def stages(pairs) -> list[tuple[str, object, object]]:
    """``(name, prepare, run)`` of each stage: ``prepare()`` (not timed) returns the arguments of ``run``."""
    from featurize import PairFeaturizer
    from featurize.batch import Batch
    from featurize.families import alignment
    from featurize.presets import preset_params
    from lexnli.syntax import load_syntax

    params = preset_params("recommended")
    # as the inference featurizer reads them: tagged and parsed by the syntax model (not timed here)
    normalized = Batch.from_pairs(pairs, params["lowercase"], params["tag_set"], load_syntax()).pairs
    relations = alignment.word_relations()

    def featurizing(features):
        preset = "recommended" if features == "lexicalized" else "inference"  # as their models featurize them
        return lambda: (PairFeaturizer.from_preset(preset, features),), lambda f: f.fit_transform(pairs)

    def analysed():
        return ([(alignment._analysed(pair.premise, relations), alignment._analysed(pair.hypothesis, relations))
                 for pair in normalized],)

    found = [("lexicalized", *featurizing("lexicalized")), ("inference", *featurizing("inference")),
             ("alignment: sentence analysis", lambda: (normalized,),
              lambda pairs_read: [alignment._analysed(s, relations) for pair in pairs_read
                                  for s in (pair.premise, pair.hypothesis)]),
             ("alignment: links forward", analysed,
              lambda analyses: [alignment._links_forward(p, h, relations) for p, h in analyses]),
             ("alignment: links back", analysed,
              lambda analyses: [alignment._links_back(p, h, relations) for p, h in analyses]),
             ("alignment: readings", analysed,
              lambda analyses: [alignment._readings(p, h, relations) for p, h in analyses]),
             ("alignment: whole family", lambda: (normalized,),
              lambda pairs_read: [alignment.alignment_features(pair.premise, pair.hypothesis, relations)
                                  for pair in pairs_read])]
    return found + [(family, *featurizing([family])) for family in OWN_FAMILIES]


def measure(dev: Path) -> list[dict]:
    """Time every stage on the pairs of ``dev`` (see the module docstring)."""
    import lexical_resources
    from featurize import PairFeaturizer
    from lexnli.corpora.snli import read_snli

    pairs = read_snli(dev).pairs
    lexical_resources.get_wordnet().read_files()  # WordNet's files read before the clock
    lexical_resources.get_verbocean()
    PairFeaturizer.from_preset("inference").fit_transform(pairs)  # learn every word relation
    rows = []
    for name, prepare, run in stages(pairs):
        forget_pairs_and_sentences()
        arguments = prepare()
        start = time.perf_counter()
        run(*arguments)
        seconds = time.perf_counter() - start
        rows.append({"stage": name, "pairs": len(pairs), "seconds": round(seconds, 3)})
    budget = 2 * rows[0]["seconds"]
    rows.insert(1, {"stage": "budget", "pairs": len(pairs), "seconds": round(budget, 3)})
    for row in rows:
        row["vs_budget"] = round(row["seconds"] / budget, 2)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, default=SHARED / "snli_1.0" / "snli_1.0_dev.jsonl.gz")
    parser.add_argument("--out", type=Path, default=None, help="write the figures as CSV here")
    args = parser.parse_args(argv)
    if not args.dev.exists():
        print(f"error: {args.dev}: no such file (pass --dev or set LEXNLI_SHARED_DATA)", file=sys.stderr)
        return 2
    report(measure(args.dev), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
