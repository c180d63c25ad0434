"""``python -m experiments.inference`` end to end on tiny SNLI, SICK and probe files written here.

Needs NLTK's tagger, WordNet and VerbOcean (the inference model's families); skipped without them.
"""
import json

import numpy as np
import pandas as pd
import pytest

import lexical_resources
from classifiers.persistence import load_model
from experiments import inference
from lexnli.corpora.snli import read_snli
from lexnli.errors import ResourceMissingError
from tests.test_experiments import snli_lines, write_snli_files
from tests.test_two_class import sick_text, write_sick

COLUMNS = ["model", "train", "dataset", "n_test", "accuracy", "reference_accuracy"]
PROBES = [
    ("A man in a blue shirt sings.", "A man in a green shirt sings.", "contradiction", "colour"),
    ("Two dogs run in the park.", "Three dogs run in the park.", "contradiction", "number"),
    ("A tall woman is walking.", "A short woman is walking.", "contradiction", "antonym"),
    ("A dog runs on the beach.", "An animal runs on the beach.", "entailment", "hypernym"),
]


@pytest.fixture(scope="module")
def resources():
    from lexnli.text import _tagger

    try:
        _tagger()
        lexical_resources.get_wordnet()
        lexical_resources.get_verbocean()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="module")
def files(tmp_path_factory, resources):
    folder = tmp_path_factory.mktemp("inference")
    paths = write_snli_files(folder)
    sick_rows = [(str(i), r["sentence1"], r["sentence2"], r["gold_label"].upper(), semeval_set)
                 for semeval_set, n, seed in (("TRAIN", 30, 3), ("TRIAL", 15, 4), ("TEST", 15, 5))
                 for i, r in enumerate(snli_lines(n, seed), start=100 * seed)]
    paths["sick"] = write_sick(folder / "SICK.txt", sick_text(sick_rows))
    paths["probes"] = folder / "probes.jsonl"
    paths["probes"].write_text("".join(
        json.dumps({"sentence1": p, "sentence2": h, "gold_label": label, "category": category}) + "\n"
        for p, h, label, category in PROBES), encoding="utf-8")
    return paths


def arguments(files, out, *extra):
    return ["--train", str(files["train"]), "--dev", str(files["dev"]), "--test", str(files["test"]),
            "--sick", str(files["sick"]), "--probes", str(files["probes"]), "--augment", "20",
            "--C-grid", "0.3", "1", "--out", str(out), *extra]


def test_inference_experiment_end_to_end(files, tmp_path, capsys):
    model_path = tmp_path / "model.joblib"
    assert inference.main(arguments(files, tmp_path / "out", "--save-model", str(model_path))) == 0
    table = pd.read_csv(tmp_path / "out" / "inference.csv")
    assert list(table.columns) == COLUMNS
    rows = {(r.model, r.train, r.dataset): r for r in table.itertuples()}
    assert {("inference", t, "sick_test") for t in ("snli", "sick", "snli+sick")} <= rows.keys()
    assert {(m, "snli", d) for m in inference.MODELS for d in ("snli_test", "probes", "probes:colour",
                                                                  "probes:number", "probes:antonym",
                                                                  "probes:hypernym")} <= rows.keys()
    assert rows["inference", "sick", "sick_test"].reference_accuracy == pytest.approx(0.713)
    assert rows["inference", "snli+sick", "sick_test"].reference_accuracy == pytest.approx(0.808)
    assert rows["inference", "snli", "probes"].n_test == len(PROBES)
    assert rows["inference", "snli", "probes:colour"].n_test == 1

    # The saved model is the SNLI inference model: recount its test accuracy by hand.
    model, _ = load_model(model_path)
    test = read_snli(files["test"])
    predicted = model.predict(test.pairs)
    hand = sum(p == g for p, g in zip(predicted, test.labels)) / len(test)
    assert rows["inference", "snli", "snli_test"].accuracy == pytest.approx(hand)
    assert rows["inference", "snli", "snli_test"].n_test == 30

    # McNemar counts against the lexicalized model, recounted from both models' predictions.
    significance = pd.read_csv(tmp_path / "out" / "significance.csv")
    lexicalized_right = round(rows["lexicalized", "snli", "snli_test"].accuracy * 30)
    inference_right = round(hand * 30)
    assert significance.loc[0, "a_only"] - significance.loc[0, "b_only"] == inference_right - lexicalized_right
    assert "Configuration: `lexnli:" in (tmp_path / "out" / "inference.md").read_text()


def test_probe_pairs_keep_labels_and_categories(resources):
    lines = [{"sentence1": p, "sentence2": h, "gold_label": label, "category": category, "pairID": str(i)}
             for i, (p, h, label, category) in enumerate(PROBES)]
    pairs, categories = inference.probe_pairs(lines)
    assert [p.label for p in pairs] == [label for _, _, label, _ in PROBES]
    assert categories == [c for *_, c in PROBES]
    assert pairs[1].hypothesis.tokens[0] == "Three"


def test_missing_sick_file_is_exit_2_before_training(files, tmp_path, capsys):
    args = arguments(files, tmp_path / "out")
    args[args.index("--sick") + 1] = str(tmp_path / "absent.txt")
    assert inference.main(args) == 2
    assert "error:" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_negative_augment_is_a_usage_error(files, tmp_path, capsys):
    assert inference.main(arguments(files, tmp_path / "out")[:-2] + ["--augment", "-1"]) == 2
    assert "--augment" in capsys.readouterr().err


def test_saved_inference_model_explains_alignments(files, tmp_path):
    from classifiers.predict import predict_file

    model_path = tmp_path / "m.joblib"
    assert inference.main(arguments(files, tmp_path / "out", "--no-sick", "--save-model", str(model_path))) == 0
    model, _ = load_model(model_path)
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps({"sentence1": PROBES[0][0], "sentence2": PROBES[0][1]}) + "\n", encoding="utf-8")
    predict_file(model, pairs, tmp_path / "out.jsonl", explain_k=3)
    line = json.loads((tmp_path / "out.jsonl").read_text())
    assert "green <- blue: cohyponym (WordNet), swap" in line["alignments"]
    assert np.isclose(sum(line[f"probability_{c}"] for c in ("entailment", "contradiction", "neutral")), 1.0)
