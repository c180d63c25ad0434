"""The classifier layer: C selection, save/load, explanations, the predict CLI, McNemar's test."""
import gzip
import json
import re
import zipfile

import joblib
import numpy as np
import pytest

from classifiers import persistence
from classifiers.evaluation import mcnemar
from classifiers.explain import explain, top_features
from classifiers.logistic import fit_select_C
from classifiers.persistence import TRUST_RULE, ModelFileError, load_model, save_model
from classifiers.predict import main as predict_main
from lexnli.corpora.snli import read_snli

from tests.helpers.cli import one_error_line
from tests.helpers.templates import templated_pairs, write_snli_jsonl


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    root = tmp_path_factory.mktemp("cls")
    triples = templated_pairs(120)
    write_snli_jsonl(root / "train.jsonl", triples[:80])
    write_snli_jsonl(root / "dev.jsonl", triples[80:100])
    write_snli_jsonl(root / "test.jsonl", triples[100:])
    return {split: read_snli(root / f"{split}.jsonl") for split in ("train", "dev", "test")} | {"root": root}


@pytest.fixture(scope="module")
def selection(data):
    return fit_select_C(data["train"].pairs, data["train"].labels, data["dev"].pairs, data["dev"].labels,
                        "lexicalized", grid=(0.1, 1.0))


def test_pipeline_learns_the_templates(selection, data):
    assert set(selection.dev_accuracy) == {0.1, 1.0} and all(selection.converged.values())
    best = max(selection.dev_accuracy.values())  # ties (both C at 100% on these templates) go to the smaller C
    assert selection.C == min(C for C, score in selection.dev_accuracy.items() if score == best)
    predicted = selection.model.predict(data["test"].pairs)
    assert np.mean(predicted == np.array(data["test"].labels)) > 0.9


def test_save_load_round_trip_gives_identical_predictions(selection, data, tmp_path):
    path = save_model(selection.model, tmp_path / "m.joblib", C=selection.C)
    model, info = load_model(path)
    assert info["lexnli_version"] == persistence.__version__ and info["metadata"] == {"C": selection.C}
    assert info["features"]["features"] == "lexicalized"
    np.testing.assert_array_equal(model.predict_proba(data["test"].pairs),
                                  selection.model.predict_proba(data["test"].pairs))
    assert [p.name for p in tmp_path.iterdir()] == ["m.joblib"]  # no temporary file left


def test_damaged_or_foreign_model_files_are_clear_errors(selection, tmp_path):
    good = save_model(selection.model, tmp_path / "good.joblib")
    truncated = tmp_path / "truncated.joblib"
    truncated.write_bytes(good.read_bytes()[:1000])
    with pytest.raises(ModelFileError, match="truncated.joblib: not a readable model file"):
        load_model(truncated)
    (tmp_path / "text.joblib").write_text("hello")
    with pytest.raises(ModelFileError, match="not a readable model file"):
        load_model(tmp_path / "text.joblib")
    joblib.dump({"some": "dict"}, tmp_path / "foreign.joblib")
    with pytest.raises(ModelFileError, match="not a lexnli model file"):
        load_model(tmp_path / "foreign.joblib")
    for missing in (tmp_path / "missing.joblib", tmp_path):  # no file there, or a folder
        with pytest.raises(FileNotFoundError, match=f"model file not found: {re.escape(str(missing))}$"):
            load_model(missing)


def test_model_from_another_version_is_refused(selection, tmp_path, monkeypatch):
    monkeypatch.setattr(persistence, "__version__", "0.0.1")
    path = save_model(selection.model, tmp_path / "old.joblib")
    monkeypatch.undo()
    with pytest.raises(ModelFileError, match="saved by lexnli 0.0.1"):
        load_model(path)


def test_explanations_name_features(selection, data):
    pair = data["test"][0]
    pushes = explain(selection.model, pair, k=5)
    assert len(pushes) == 5 and pushes[0][1] >= pushes[-1][1]
    assert all(isinstance(name, str) and not name.startswith("column") for name, _ in pushes)
    top = top_features(selection.model, data["train"].pairs, k=12)
    assert set(top) == {"entailment", "contradiction", "neutral"} and all(len(v) == 12 for v in top.values())
    # the templates' contradictions say "sleeping"; overlap bins share the top ranks with it
    assert any("sleeping" in name for name, _ in top["contradiction"])
    assert all(weight >= later for (_, weight), (_, later) in zip(top["contradiction"], top["contradiction"][1:]))


def test_predict_cli_without_parses(selection, data, tmp_path, capsys):
    model_path = save_model(selection.model, tmp_path / "m.joblib")
    out = tmp_path / "pred.jsonl"
    assert predict_main(["--model", str(model_path), "--input", str(data["root"] / "test.jsonl"),
                         "--output", str(out), "--explain", "3"]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 20 and lines[0]["pairID"] == "p0"
    assert [line["predicted_label"] for line in lines] == list(selection.model.predict(data["test"].pairs))
    probabilities = [sum(v for k, v in line.items() if k.startswith("probability_")) for line in lines]
    np.testing.assert_allclose(probabilities, 1.0)
    assert all(len(line["explanation"]) == 3 for line in lines)
    assert "accuracy on 20 gold-labelled pairs" in capsys.readouterr().out


def test_predict_cli_with_parses_and_no_labels(selection, tmp_path, capsys, snli_dev_path):
    with gzip.open(snli_dev_path, "rt", encoding="utf-8") as f:
        records = [json.loads(next(f)) for _ in range(5)]
    for record in records:
        del record["gold_label"]
    source = tmp_path / "parsed.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    model_path = save_model(selection.model, tmp_path / "m.joblib")
    out = tmp_path / "pred.jsonl"
    predict_main(["--model", str(model_path), "--input", str(source), "--output", str(out)])
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["pairID"] for line in lines] == [r["pairID"] for r in records]
    assert "accuracy" not in capsys.readouterr().out


def test_mcnemar_counts_and_p_value():
    gold = ["a"] * 10
    a = ["a"] * 10
    b = ["a"] * 4 + ["b"] * 6
    result = mcnemar(gold, a, b)
    assert result["a_only"] == 6 and result["b_only"] == 0
    assert result["p_value"] == pytest.approx(2 * 0.5 ** 6)
    assert mcnemar(gold, a, a)["p_value"] == 1.0


def test_predict_cli_reports_a_bad_model_file_without_traceback(tmp_path, capsys, data):
    (tmp_path / "bad.joblib").write_text("garbage")
    code = predict_main(["--model", str(tmp_path / "bad.joblib"), "--input", str(data["root"] / "test.jsonl"),
                         "--output", str(tmp_path / "out.jsonl")])
    assert code == 2 and "bad.joblib: not a readable model file" in capsys.readouterr().err
    assert not (tmp_path / "out.jsonl").exists()


def test_predict_refuses_to_overwrite_its_input_or_write_a_folder(template_model, template_files, tmp_path, capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    before = template_files["test"].read_bytes()
    assert predict_main(["--model", path, "--input", str(template_files["test"]), "--output", str(template_files["test"])]) == 2
    assert "is the --input file" in one_error_line(capsys) and template_files["test"].read_bytes() == before
    assert predict_main(["--model", path, "--input", str(template_files["test"]), "--output", str(tmp_path)]) == 2
    assert "is a folder" in one_error_line(capsys)
    assert predict_main(["--model", path, "--input", str(template_files["test"]), "--output", path]) == 2
    assert "is the --model file" in one_error_line(capsys)


def test_predict_reads_zips_and_folders_with_a_split_and_names_other_inputs(template_model, template_files, tmp_path, capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    archive = tmp_path / "snli_1.0.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(template_files["test"], "snli_1.0/snli_1.0_test.jsonl")
    out = str(tmp_path / "out.jsonl")
    assert predict_main(["--model", path, "--input", str(archive), "--output", out]) == 2
    assert "zip archive: name the split" in one_error_line(capsys)
    assert predict_main(["--model", path, "--input", str(archive), "--split", "test", "--output", out]) == 0
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 20
    assert predict_main(["--model", path, "--input", str(tmp_path), "--output", out]) == 2
    assert "a folder: name the split" in one_error_line(capsys)
    csv = tmp_path / "pairs.csv"
    csv.write_text("sentence1,sentence2\nA b.,C d.\n")
    assert predict_main(["--model", path, "--input", str(csv), "--output", out]) == 2
    assert "unknown SNLI file type" in one_error_line(capsys)


def test_a_lone_surrogate_is_a_format_error_naming_the_line(template_model, template_files, tmp_path, capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    lines = template_files["test"].read_text().splitlines()
    lines[1] = lines[1].replace('"pairID": "p1"', '"pairID": "p\\ud800"')
    bad = tmp_path / "surrogate.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert predict_main(["--model", path, "--input", str(bad), "--output", str(tmp_path / "o.jsonl")]) == 2
    assert "surrogate.jsonl, line 2: field 'pairID' holds a lone surrogate" in one_error_line(capsys)


def test_predict_help_states_the_trust_rule(capsys):
    with pytest.raises(SystemExit):
        predict_main(["--help"])
    assert " ".join(TRUST_RULE.split()[:8]) in " ".join(capsys.readouterr().out.split())
