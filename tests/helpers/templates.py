"""Small synthetic NLI data for tests: templated pairs whose label follows from the wording, written as SNLI
jsonl files without parses (read with the tagger) or with flat parses (read without it)."""
import itertools
import json

SUBJECTS = ["man", "woman", "child", "dog", "girl", "boy"]
ACTIONS = ["running", "jumping", "singing", "dancing", "walking"]
PLACES = ["park", "street", "yard", "field"]


def templated_pairs(n: int):
    """``n`` (premise, hypothesis, label) triples cycling through entailment/contradiction/neutral."""
    triples = []
    for i, (subject, action, place) in enumerate(itertools.product(SUBJECTS, ACTIONS, PLACES)):
        premise = f"A {subject} is {action} in the {place}."
        kind = i % 3
        if kind == 0:
            triples.append((premise, f"A {subject} is {action}.", "entailment"))
        elif kind == 1:
            triples.append((premise, f"A {subject} is sleeping at home.", "contradiction"))
        else:
            triples.append((premise, f"A {subject} is {action} with friends to win a prize.", "neutral"))
        if len(triples) == n:
            return triples
    raise ValueError(f"at most {len(triples)} templated pairs")


def write_snli_jsonl(path, triples):
    """Write triples as SNLI-style JSON lines, pairIDs p0, p1, ... (no parses: tokens come from the tagger)."""
    with open(path, "w", encoding="utf-8") as f:
        for i, (premise, hypothesis, label) in enumerate(triples):
            record = {"gold_label": label, "sentence1": premise, "sentence2": hypothesis, "pairID": f"p{i}"}
            f.write(json.dumps(record) + "\n")
    return path


def data_args(paths):
    """``--train F --dev F --test F`` for an experiment's command line, from ``{split: path}``."""
    return [arg for split in ("train", "dev", "test") for arg in (f"--{split}", str(paths[split]))]


#: POS tags of the templates' words (templated_pairs), to write parses the readers take as given.
TEMPLATE_TAGS = {"A": "DT", "the": "DT", "is": "VBZ", "in": "IN", "at": "IN", "with": "IN", "to": "TO",
                 "win": "VB", "a": "DT", "friends": "NNS", ".": "."}


def flat_parse(sentence: str) -> str:
    """A flat bracketed parse of a templated sentence (every word a leaf under S)."""
    words = sentence.rstrip(".").split() + ["."]

    def tag(w):
        return TEMPLATE_TAGS.get(w, "VBG" if w.endswith("ing") else "NN")
    return "(ROOT (S " + " ".join(f"({tag(w)} {w})" for w in words) + "))"


def write_parsed_jsonl(path, triples):
    """Templated triples as SNLI JSON lines with parses (tagger-free reading)."""
    with open(path, "w", encoding="utf-8") as f:
        for i, (premise, hypothesis, label) in enumerate(triples):
            f.write(json.dumps({"gold_label": label, "sentence1": premise, "sentence2": hypothesis,
                                "sentence1_parse": flat_parse(premise), "sentence2_parse": flat_parse(hypothesis),
                                "pairID": f"p{i}"}) + "\n")
    return path
