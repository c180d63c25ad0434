"""A deterministic, noisy SNLI-style fixture: few hundred pairs on which the models really differ.

The pairs come from templates whose wording only partly decides the label: each label has
several hypothesis templates, some of which share words with another label's, and a share of
the labels (``noise``) is replaced at random by another one. The lexicalized model, the
unigrams-only model and the unlexicalized model therefore score differently (and none scores
100%), so ablation deltas, McNemar counts and learning-curve points are real numbers.

Every line carries flat bracketed parses with tags from a small lexicon, so reading the files
needs no tagger and the fixture works without NLTK data.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

LABELS = ("entailment", "contradiction", "neutral")
#: word -> Penn Treebank tag, for the parses.
TAGS = {
    "A": "DT", "a": "DT", "The": "DT", "the": "DT", "Nobody": "NN", "Someone": "NN", "is": "VBZ", "in": "IN",
    "with": "IN", "for": "IN", "at": "IN", "not": "RB", "outside": "RB", "friend": "NN", "contest": "NN",
    "home": "NN", ".": ".",
}
SUBJECTS = {"man": "person", "woman": "person", "boy": "child", "girl": "child", "dog": "animal", "cat": "animal"}
ADJECTIVES = ("young", "tall", "happy", "old", "small")
VERBS = ("running", "singing", "eating", "climbing", "swimming", "sleeping")
PLACES = ("park", "street", "beach", "garden")
for _word in (*SUBJECTS, *SUBJECTS.values(), *PLACES):
    TAGS[_word] = "NN"
TAGS.update({adjective: "JJ" for adjective in ADJECTIVES})
TAGS.update({verb: "VBG" for verb in VERBS})


def _hypothesis(label: str, rng: random.Random, subject: str, adjective: str, verb: str, place: str) -> list[str]:
    other_verb = rng.choice([v for v in VERBS if v != verb])
    other_adjective = rng.choice([a for a in ADJECTIVES if a != adjective])
    other_subject = rng.choice([s for s in SUBJECTS if SUBJECTS[s] != SUBJECTS[subject]])
    templates = {
        "entailment": [
            ["A", subject, "is", verb, "."],
            ["A", SUBJECTS[subject], "is", verb, "outside", "."],
            ["Someone", "is", verb, "in", "the", place, "."],
            ["A", SUBJECTS[subject], "is", verb, "."],
        ],
        "contradiction": [
            ["A", subject, "is", other_verb, "."],
            ["Nobody", "is", verb, "."],
            ["The", subject, "is", "not", verb, "at", "home", "."],
            ["A", other_subject, "is", verb, "."],
        ],
        "neutral": [
            ["A", subject, "is", verb, "for", "a", "contest", "."],
            ["A", other_adjective, subject, "is", verb, "."],
            ["The", subject, "is", verb, "with", "a", "friend", "."],
            ["A", subject, "is", verb, "in", "the", "garden", "."],
        ],
    }[label]
    return rng.choice(templates)


def _parse(tokens: list[str]) -> str:
    return "(ROOT (S " + " ".join(f"({TAGS[token]} {token})" for token in tokens) + "))"


def noisy_records(n: int, seed: int, noise: float = 0.15) -> list[dict]:
    """``n`` SNLI-format records; labels cycle through the three classes before the noise."""
    rng = random.Random(seed)
    records = []
    for i in range(n):
        subject, adjective = rng.choice(sorted(SUBJECTS)), rng.choice(ADJECTIVES)
        verb, place = rng.choice(VERBS), rng.choice(PLACES)
        premise = ["A", adjective, subject, "is", verb, "in", "the", place, "."]
        label = LABELS[i % 3]
        hypothesis = _hypothesis(label, rng, subject, adjective, verb, place)
        if rng.random() < noise:
            label = rng.choice([other for other in LABELS if other != label])
        records.append({"gold_label": label, "sentence1": " ".join(premise), "sentence2": " ".join(hypothesis),
                        "sentence1_parse": _parse(premise), "sentence2_parse": _parse(hypothesis),
                        "annotator_labels": [label], "pairID": f"{seed}-{i}", "captionID": f"{seed}-{i // 3}"})
    return records


def write_jsonl(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path


def write_splits(folder: Path, sizes=(("train", 300, 0), ("dev", 90, 1), ("test", 120, 2))) -> dict[str, Path]:
    """Write ``snli_1.0_{split}.jsonl`` for each ``(split, n, seed)``; return the paths by split."""
    return {split: write_jsonl(folder / f"snli_1.0_{split}.jsonl", noisy_records(n, seed)) for split, n, seed in sizes}


def gold_labels(path: Path) -> list[str]:
    """The gold labels of a written file, read back with :mod:`json` (not with the library's reader)."""
    return [json.loads(line)["gold_label"] for line in Path(path).read_text(encoding="utf-8").splitlines()]
