"""``python -m experiments.make_probes`` on a small dev file: what the probe lines are, counted by hand; the
defaults it passes to the substitution and the compositional rules, and bad probe lines.

The command needs NLTK's tagger and WordNet (the substitution rules); skipped without them.
"""
import json
from collections import Counter

import pytest

from experiments import make_probes
from lexnli.errors import CorpusFormatError, ResourceMissingError

PREMISES = ["A man in a blue shirt sings in a café.", "Two dogs run in the park.", "A tall woman is walking.",
            "A dog runs on the beach.", "An American man is cooking.", "The first runner is tired.",
            "A happy child eats an apple.", "Three girls are dancing on the stage.", "Two dogs run in the park."]
#: The label each rule gives (classifiers.augmentation.substitutions): only synonyms and hypernyms keep the meaning.
ENTAILING = {"synonym", "hypernym"}


@pytest.fixture(scope="module")
def dev(tmp_path_factory):
    from lexnli.text import nltk_tagger, load_wordnet

    try:
        nltk_tagger()
        load_wordnet()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))
    path = tmp_path_factory.mktemp("probes") / "dev.jsonl"
    path.write_text("".join(json.dumps({"gold_label": "neutral", "sentence1": p, "sentence2": "Something happens.",
                                        "pairID": f"d{i}"}) + "\n" for i, p in enumerate(PREMISES)), encoding="utf-8")
    return path


def make(dev, out, capsys, *options):
    assert make_probes.main(["--dev", str(dev), "--out", str(out), *options]) == 0
    return out.read_text(encoding="utf-8"), capsys.readouterr().out


def test_probe_lines_are_one_substitution_per_distinct_premise(dev, tmp_path, capsys):
    text, printed = make(dev, tmp_path / "probes.jsonl", capsys, "--per-rule", "2", "--seed", "1")
    lines = [json.loads(line) for line in text.splitlines()]
    counts = Counter(line["category"] for line in lines)
    assert printed == f"{len(lines)} probe pairs -> {tmp_path / 'probes.jsonl'}: " + \
        ", ".join(f"{category} {n}" for category, n in sorted(counts.items())) + "\n"
    assert len(lines) >= 5 and len(counts) >= 4 and max(counts.values()) <= 2
    premises = [line["sentence1"] for line in lines]
    assert set(premises) <= set(PREMISES) and len(set(premises)) == len(premises)
    for line in lines:
        assert set(line) == {"pairID", "sentence1", "sentence2", "gold_label", "category"}
        assert line["pairID"].startswith(line["category"] + "-")
        assert line["sentence2"] != line["sentence1"]
        assert line["gold_label"] == ("entailment" if line["category"] in ENTAILING else "contradiction")
    assert "café" in text  # written as UTF-8, not escaped
    assert make_probes.read_probes(tmp_path / "probes.jsonl") == lines

    again, _ = make(dev, tmp_path / "again.jsonl", capsys, "--per-rule", "2", "--seed", "1")
    assert again == text  # deterministic
    other, _ = make(dev, tmp_path / "other.jsonl", capsys, "--per-rule", "2", "--seed", "2")
    assert other != text  # the seed orders the premises
    one, _ = make(dev, tmp_path / "one.jsonl", capsys, "--per-rule", "1", "--seed", "1")
    assert max(Counter(json.loads(line)["category"] for line in one.splitlines()).values()) == 1


def test_out_over_the_dev_file_is_refused(dev, capsys):
    assert make_probes.main(["--dev", str(dev), "--out", str(dev)]) == 2
    assert capsys.readouterr().err == f"error: --out {dev}: is the --dev file; choose another output\n"


def test_make_probes_defaults(monkeypatch):
    import experiments.make_probes as make_probes

    seen = {}

    def substituted_pairs(premises, finder, *, seed, per_rule):
        seen.update(seed=seed, per_rule=per_rule, finder=finder)
        return []

    monkeypatch.setattr(make_probes, "load_wordnet", lambda: "wordnet")
    monkeypatch.setattr(make_probes, "SubstitutionFinder", lambda reader: ("finder", reader))
    monkeypatch.setattr(make_probes, "substituted_pairs", substituted_pairs)
    assert make_probes.make_probes([]) == []
    # --per-rule 250 and --seed 0 are the defaults of the command and of the function
    assert seen == {"seed": 0, "per_rule": dict.fromkeys(make_probes.RULES, 250), "finder": ("finder", "wordnet")}


@pytest.mark.parametrize("text, problem", [
    ('{"sentence1": "a"\n', "line 1: not JSON"),
    ('\n{"sentence1": "A dog.", "sentence2": "A cat.", "gold_label": "contradiction"}\n',
     "line 2: a probe line needs category"),
    ('["a list"]\n', "line 1: a probe line needs sentence1, sentence2, gold_label, category"),
    ("[" * 100_000 + "]" * 100_000 + "\n", "line 1: nested too deeply"),
])
def test_a_bad_probe_line_is_named(tmp_path, text, problem):
    path = tmp_path / "probes.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorpusFormatError, match=f"probes.jsonl, {problem}"):
        make_probes.read_probes(path)


def test_compositional_probe_lines_label_their_rule(dev, tmp_path, capsys):
    from classifiers.augmentation.compositional import LABELS

    text, _ = make(dev, tmp_path / "compositional.jsonl", capsys, "--rules", "compositional", "--per-rule", "2")
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines and max(Counter(line["category"] for line in lines).values()) <= 2
    for line in lines:
        assert line["gold_label"] == LABELS[line["category"]] and line["pairID"].startswith(line["category"] + "-")
    again, _ = make(dev, tmp_path / "again.jsonl", capsys, "--rules", "compositional", "--per-rule", "2")
    assert again == text  # deterministic


def test_compositional_probes_defaults(monkeypatch, tmp_path, capsys):
    import experiments.make_probes as make_probes

    seen = {}

    def compositional_pairs(premises, *, seed, per_rule):
        seen.update(seed=seed, per_rule=per_rule)
        return []

    monkeypatch.setattr(make_probes.compositional, "compositional_pairs", compositional_pairs)
    monkeypatch.setattr(make_probes, "COMPOSITIONAL_PROBES", tmp_path / "compositional.jsonl")
    dev = tmp_path / "dev.jsonl"
    dev.write_text(json.dumps({"gold_label": "neutral", "sentence1": "A dog runs .", "sentence2": "A dog moves .",
                               "sentence1_parse": "(ROOT (S (NP (DT A) (NN dog)) (VP (VBZ runs)) (. .)))",
                               "sentence2_parse": "(ROOT (S (NP (DT A) (NN dog)) (VP (VBZ moves)) (. .)))",
                               "pairID": "d0"}) + "\n", encoding="utf-8")
    assert make_probes.main(["--dev", str(dev), "--rules", "compositional"]) == 0
    # written where the compositional probe set is kept; --per-rule 250 and --seed 0 the defaults
    assert capsys.readouterr().out == f"0 probe pairs -> {tmp_path / 'compositional.jsonl'}: \n"
    assert seen == {"seed": 0, "per_rule": dict.fromkeys(make_probes.compositional.RULES, 250)}
