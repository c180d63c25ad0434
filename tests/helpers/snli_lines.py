"""SNLI-format records from templates (a premise, and a hypothesis written for each label), without parses:
reading them needs NLTK's tagger."""
import json
import random

SUBJECTS = ["man", "woman", "boy", "girl", "dog", "child", "worker", "dancer"]
ADJECTIVES = ["young", "tall", "happy", "small", "old"]
ACTIONS = [("running", "moving"), ("singing", "making music"), ("eating", "having food"),
           ("climbing", "moving"), ("swimming", "in the water")]
PLACES = ["park", "street", "beach", "city", "garden"]


def snli_lines(n: int, seed: int) -> list[dict]:
    """``n`` SNLI-format records, labels cycling through the three classes."""
    rng = random.Random(seed)
    records = []
    for i in range(n):
        subject, adjective, place = rng.choice(SUBJECTS), rng.choice(ADJECTIVES), rng.choice(PLACES)
        action, general = rng.choice(ACTIONS)
        premise = f"A {adjective} {subject} is {action} in the {place}."
        label = ("entailment", "contradiction", "neutral")[i % 3]
        hypothesis = {
            "entailment": f"A {subject} is {general}.",
            "contradiction": f"The {subject} is sleeping at home." if i % 2 else f"Nobody is {action}.",
            "neutral": f"A {subject} is {action} with friends for a contest.",
        }[label]
        records.append({"gold_label": label, "sentence1": premise, "sentence2": hypothesis,
                        "annotator_labels": [label], "pairID": f"{seed}-{i}", "captionID": f"{seed}-{i // 3}"})
    return records


def write_snli_files(folder) -> dict:
    """60 train / 30 dev / 30 test pairs of :func:`snli_lines` as SNLI jsonl files in ``folder``."""
    paths = {}
    for split, n, seed in (("train", 60, 0), ("dev", 30, 1), ("test", 30, 2)):
        paths[split] = folder / f"snli_1.0_{split}.jsonl"
        paths[split].write_text("".join(json.dumps(r) + "\n" for r in snli_lines(n, seed)), encoding="utf-8")
    return paths


