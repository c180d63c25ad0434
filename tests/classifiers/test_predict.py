"""classifiers.predict: the predict command and ``predict_file``, one line per pair (label, probabilities, and
explanations when asked for), the accuracy on gold-labelled pairs, against ``model.predict`` and a hand
count; one-line errors for bad inputs, and outputs that would overwrite an input are refused."""
import gzip
import json
import zipfile

import numpy as np
import pytest

from classifiers.explain import explain
from classifiers.persistence import TRUST_RULE, save_model
from classifiers.predict import main as predict_main
from classifiers.predict import predict_file, predict_stream
from lexnli.corpora.snli import check_snli, iter_snli, read_snli
from lexnli.errors import CorpusFormatError

from tests.helpers.cli import one_error_line
from tests.helpers.noisy_snli import noisy_records, write_jsonl

E, C, N = "entailment", "contradiction", "neutral"


def predict(argv) -> int:
    """The command, trusting the pickles the tests save themselves."""
    return predict_main(["--trust-pickle", *argv])


def test_predict_cli_labels_probabilities_and_accuracy(noisy_lexicalized, noisy_snli_files, tmp_path, capsys):
    records = [json.loads(line) for line in noisy_snli_files["test"].read_text(encoding="utf-8").splitlines()[:40]]

    pairs = read_snli(noisy_snli_files["test"]).pairs[:40]
    expected = list(noisy_lexicalized.predict(pairs))
    # a known wrong label: the first pair's gold label is one the model does not predict
    records[0]["gold_label"] = next(label for label in (E, C, N) if label != expected[0])
    records[1]["gold_label"] = "-"  # not scored
    del records[2]["gold_label"]    # not scored either
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    model_path = save_model(noisy_lexicalized, tmp_path / "m.joblib")
    out = tmp_path / "out.jsonl"
    assert predict(["--model", str(model_path), "--input", str(source), "--output", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [line["pairID"] for line in lines] == [r["pairID"] for r in records]
    predicted = [line["predicted_label"] for line in lines]
    argmax = [max((E, C, N), key=lambda label: line[f"probability_{label}"]) for line in lines]
    assert predicted == argmax == expected
    scored = [(r["gold_label"], p) for r, p in zip(records, expected) if r.get("gold_label", "-") != "-"]
    hand = sum(g == p for g, p in scored) / len(scored)
    assert len(scored) == 38 and hand < 1
    printed = capsys.readouterr().out
    assert f"accuracy on 38 gold-labelled pairs: {hand:.4f}" in printed


def test_predict_cli_malformed_line_is_exit_2_naming_file_and_line(noisy_lexicalized, noisy_snli_files, tmp_path,
                                                                   capsys):
    good = noisy_snli_files["test"].read_text(encoding="utf-8").splitlines()[0]
    source = tmp_path / "bad.jsonl"
    source.write_text(good + "\n" + '{"sentence1": "A dog runs.", "sentence2": \n', encoding="utf-8")
    model_path = save_model(noisy_lexicalized, tmp_path / "m.joblib")
    code = predict(["--model", str(model_path), "--input", str(source), "--output", str(tmp_path / "o.jsonl")])
    err = capsys.readouterr().err
    assert code == 2 and "bad.jsonl, line 2: invalid JSON" in err
    assert not (tmp_path / "o.jsonl").exists()


def test_predict_cli_without_parses(template_selection, template_corpora, tmp_path, capsys):
    model_path = save_model(template_selection.model, tmp_path / "m.joblib")
    out = tmp_path / "pred.jsonl"
    assert predict(["--model", str(model_path), "--input", str(template_corpora["root"] / "test.jsonl"),
                         "--output", str(out), "--explain", "3"]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 20 and lines[0]["pairID"] == "p0"
    expected = template_selection.model.predict(template_corpora["test"].pairs)
    assert [line["predicted_label"] for line in lines] == list(expected)
    probabilities = [sum(v for k, v in line.items() if k.startswith("probability_")) for line in lines]
    np.testing.assert_allclose(probabilities, 1.0)
    assert all(len(line["explanation"]) == 3 for line in lines)
    assert "accuracy on 20 gold-labelled pairs" in capsys.readouterr().out


def test_predict_cli_with_parses_and_no_labels(template_selection, tmp_path, capsys, snli_dev_path):
    with gzip.open(snli_dev_path, "rt", encoding="utf-8") as f:
        records = [json.loads(next(f)) for _ in range(5)]
    for record in records:
        del record["gold_label"]
    source = tmp_path / "parsed.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    model_path = save_model(template_selection.model, tmp_path / "m.joblib")
    out = tmp_path / "pred.jsonl"
    predict(["--model", str(model_path), "--input", str(source), "--output", str(out)])
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["pairID"] for line in lines] == [r["pairID"] for r in records]
    assert "accuracy" not in capsys.readouterr().out


def test_predict_cli_reports_a_bad_model_file_without_traceback(tmp_path, capsys, template_corpora):
    (tmp_path / "bad.joblib").write_text("garbage")
    code = predict(["--model", str(tmp_path / "bad.joblib"), "--input",
                         str(template_corpora["root"] / "test.jsonl"), "--output", str(tmp_path / "out.jsonl")])
    assert code == 2 and "bad.joblib: not a readable model file" in capsys.readouterr().err
    assert not (tmp_path / "out.jsonl").exists()


def test_predict_refuses_to_overwrite_its_input_or_write_a_folder(template_model, template_files, tmp_path, capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    before = template_files["test"].read_bytes()
    assert predict(["--model", path, "--input", str(template_files["test"]),
                         "--output", str(template_files["test"])]) == 2
    assert "is the --input file" in one_error_line(capsys) and template_files["test"].read_bytes() == before
    assert predict(["--model", path, "--input", str(template_files["test"]), "--output", str(tmp_path)]) == 2
    assert "is a folder" in one_error_line(capsys)
    assert predict(["--model", path, "--input", str(template_files["test"]), "--output", path]) == 2
    assert "is the --model file" in one_error_line(capsys)


def test_predict_reads_zips_and_folders_with_a_split_and_names_other_inputs(template_model, template_files, tmp_path,
                                                                            capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    archive = tmp_path / "snli_1.0.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(template_files["test"], "snli_1.0/snli_1.0_test.jsonl")
    out = str(tmp_path / "out.jsonl")
    assert predict(["--model", path, "--input", str(archive), "--output", out]) == 2
    assert "zip archive: name the split" in one_error_line(capsys)
    assert predict(["--model", path, "--input", str(archive), "--split", "test", "--output", out]) == 0
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 20
    assert predict(["--model", path, "--input", str(tmp_path), "--output", out]) == 2
    assert "a folder: name the split" in one_error_line(capsys)
    xml = tmp_path / "pairs.xml"
    xml.write_text("<pairs/>\n")
    assert predict(["--model", path, "--input", str(xml), "--output", out]) == 2
    assert "unknown type of pair file" in one_error_line(capsys)


def test_a_lone_surrogate_is_a_format_error_naming_the_line(template_model, template_files, tmp_path, capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    lines = template_files["test"].read_text().splitlines()
    lines[1] = lines[1].replace('"pairID": "p1"', '"pairID": "p\\ud800"')
    bad = tmp_path / "surrogate.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert predict(["--model", path, "--input", str(bad), "--output", str(tmp_path / "o.jsonl")]) == 2
    assert "surrogate.jsonl, line 2: field 'pairID' holds a lone surrogate" in one_error_line(capsys)


def test_predict_help_states_the_trust_rule(capsys):
    with pytest.raises(SystemExit):
        predict_main(["--help"])
    assert " ".join(TRUST_RULE.split()[:8]) in " ".join(capsys.readouterr().out.split())


def test_predict_file_defaults_empty_input_and_ids(noisy_lexicalized, tmp_path):
    records = noisy_records(4, seed=7)
    del records[1]["pairID"]
    records[2]["pairID"] = "café-2"  # written as is (ensure_ascii=False), not as \\u escapes
    source = write_jsonl(tmp_path / "in.jsonl", records)
    summary = predict_file(noisy_lexicalized, source, tmp_path / "out.jsonl")
    raw = (tmp_path / "out.jsonl").read_text(encoding="utf-8")
    lines = [json.loads(line) for line in raw.splitlines()]
    assert summary["n_pairs"] == 4 and summary["n_gold"] == 4
    assert all("explanation" not in line for line in lines)  # no explanations unless asked for
    assert "pairID" not in lines[1] and lines[2]["pairID"] == "café-2" and "café-2" in raw
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(CorpusFormatError, match="empty.jsonl: no pairs"):  # empty input is an error (issue 12)
        predict_file(noisy_lexicalized, empty, tmp_path / "none.jsonl")
    assert not (tmp_path / "none.jsonl").exists()


def test_predict_cli_explanations_and_messages(noisy_lexicalized, tmp_path, capsys):
    records = noisy_records(5, seed=8)
    source = write_jsonl(tmp_path / "in.jsonl", records)
    model_path = save_model(noisy_lexicalized, tmp_path / "m.joblib")
    out = tmp_path / "out.jsonl"
    assert predict(["--model", str(model_path), "--input", str(source), "--output", str(out),
                         "--explain", "4"]) == 0
    printed = capsys.readouterr().out
    assert f"5 pairs predicted -> {out}" in printed

    pairs = read_snli(source).pairs
    for pair, line in zip(pairs, (json.loads(text) for text in out.read_text(encoding="utf-8").splitlines())):
        expected = explain(noisy_lexicalized, pair, 4, label=line["predicted_label"])
        assert line["explanation"] == [{"feature": e.feature, "push": round(e.push, 6), "toward": e.toward,
                                        "reads": e.reads} for e in expected]
    assert predict(["--model", str(model_path), "--input", str(source), "--output", str(out)]) == 0
    assert all("explanation" not in json.loads(text) for text in out.read_text(encoding="utf-8").splitlines())
    code = predict(["--model", str(model_path), "--input", str(tmp_path / "absent.jsonl"), "--output", str(out)])
    assert code == 2 and "absent.jsonl" in capsys.readouterr().err


def test_predict_file_writes_utf8_whatever_the_locale(noisy_lexicalized, tmp_path, monkeypatch):
    """The output is opened as UTF-8 explicitly (not in the locale's encoding, which may not be)."""
    import codecs

    import classifiers.predict as predict

    opened = []
    real = predict.atomic_open

    def recording_open(path, mode="w", **kwargs):
        opened.append(kwargs.get("encoding"))
        return real(path, mode, **kwargs)

    monkeypatch.setattr(predict, "atomic_open", recording_open)
    source = write_jsonl(tmp_path / "in.jsonl", noisy_records(2, seed=3))
    predict_file(noisy_lexicalized, source, tmp_path / "out.jsonl")
    assert len(opened) == 1 and opened[0] is not None and codecs.lookup(opened[0]).name == "utf-8"


def test_predict_cli_refuses_a_pickle_without_the_opt_in(template_model, template_files, tmp_path, capsys):
    model_path = save_model(template_model, tmp_path / "m.joblib")
    source = template_files["test"]  # parsed lines: no tagger needed
    out = tmp_path / "out.jsonl"
    assert predict_main(["--model", str(model_path), "--input", str(source), "--output", str(out)]) == 2
    assert "m.joblib: not a .skops file, so a pickle" in capsys.readouterr().err and not out.exists()
    assert predict(["--model", str(model_path), "--input", str(source), "--output",
                         str(out)]) == 0


def test_predict_refuses_to_overwrite_the_split_file_a_folder_resolves_to(template_model, template_files, tmp_path,
                                                                          capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    folder = tmp_path / "snli"
    folder.mkdir()
    dev = folder / "snli_1.0_dev.jsonl"
    dev.write_bytes(template_files["test"].read_bytes())
    before = dev.read_bytes()
    assert predict(["--model", path, "--input", str(folder), "--split", "dev", "--output", str(dev)]) == 2
    assert "is the --input file" in one_error_line(capsys) and dev.read_bytes() == before


def test_predict_cli_reports_a_damaged_resource_in_one_line(template_model, template_files, tmp_path, capsys,
                                                            monkeypatch):
    import classifiers.predict as predict_module
    from lexnli.errors import ChecksumError

    def damaged(*args, **kwargs):
        raise ChecksumError("verbocean.txt: its content has sha256 0, not the official file's")

    monkeypatch.setattr(predict_module, "predict_file", damaged)
    path = str(save_model(template_model, tmp_path / "m.skops"))
    assert predict(["--model", path, "--input", str(template_files["test"]), "--output",
                    str(tmp_path / "o.jsonl")]) == 2
    assert "verbocean.txt: its content has sha256" in one_error_line(capsys)


def test_predict_cli_writes_to_standard_output_with_dash(template_model, template_files, tmp_path, capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    assert predict(["--model", path, "--input", str(template_files["test"]), "--output", "-"]) == 0
    captured = capsys.readouterr()
    assert len([json.loads(line) for line in captured.out.splitlines()]) == 20  # only the predictions
    assert "pairs predicted -> -" in captured.err


def test_predict_cli_refuses_a_line_longer_than_max_line_bytes(template_model, template_files, tmp_path, capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    long = tmp_path / "long.jsonl"
    long.write_bytes(template_files["test"].read_bytes() + b'{"sentence1": "' + b"a" * 3_000_000)
    out = tmp_path / "o.jsonl"
    assert predict(["--model", path, "--input", str(long), "--output", str(out), "--max-line-bytes", "4096"]) == 2
    assert one_error_line(capsys).startswith(f"error: {long}, line 21: longer than 4,096 bytes")
    assert not out.exists()


def test_predict_cli_refuses_a_line_nested_too_deeply(template_model, template_files, tmp_path, capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    deep = tmp_path / "deep.jsonl"
    deep.write_bytes(template_files["test"].read_bytes() + b"[" * 100_000 + b"]" * 100_000 + b"\n")
    out = tmp_path / "o.jsonl"
    assert predict(["--model", path, "--input", str(deep), "--output", str(out)]) == 2
    assert one_error_line(capsys).startswith(f"error: {deep}, line 21: nested too deeply")
    assert not out.exists()


def test_predict_refuses_a_blank_sentence_in_a_file(template_model, template_files, tmp_path, capsys):
    path = str(save_model(template_model, tmp_path / "m.skops"))
    lines = template_files["test"].read_text().splitlines()
    lines[3] = json.dumps({**json.loads(lines[3]), "sentence1": "", "sentence1_parse": ""})
    blank = tmp_path / "blank.jsonl"
    blank.write_text("\n".join(lines) + "\n")
    assert predict(["--model", path, "--input", str(blank), "--output", str(tmp_path / "o.jsonl")]) == 2
    assert one_error_line(capsys) == f"error: {blank}, line 4: field 'sentence1' is empty: not a sentence"
    with pytest.raises(CorpusFormatError, match="line 4: field 'sentence1' is empty"):
        predict_file(template_model, blank, tmp_path / "o.jsonl")
    assert check_snli(blank) == 20  # read as training data, it is kept


def test_explanations_from_worker_processes_are_those_of_one(noisy_lexicalized, noisy_snli_files):
    """Batches of 7: the first predicted and explained here, the rest by two workers; the same, in order."""
    def streamed(n_jobs):
        items = iter_snli(noisy_snli_files["test"], with_fields=True)
        return [(fields, prediction)
                for _, fields, prediction in predict_stream(noisy_lexicalized, items, 2, batch_size=7, n_jobs=n_jobs)]

    one = streamed(1)
    assert len(one) == len(read_snli(noisy_snli_files["test"])) and all(len(p["explanation"]) == 2 for _, p in one)
    assert streamed(2) == one


def test_the_summary_writes_counts_with_thousands_separators(capsys):
    from classifiers.predict import print_summary

    print_summary({"n_pairs": 12_286, "n_gold": 9_824, "accuracy": 0.75}, "out.jsonl")
    assert capsys.readouterr().out.splitlines() == ["12,286 pairs predicted -> out.jsonl",
                                                    "accuracy on 9,824 gold-labelled pairs: 0.7500"]


def test_raw_text_for_a_model_reading_trees_is_tagged_by_its_syntax_model(tmp_path, wordnet):
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    from classifiers.predict import text_tagger, write_predictions
    from featurize import PairFeaturizer
    from lexnli.syntax import load_syntax

    X = [("A man sleeps.", "A man is awake."), ("A dog runs in the park.", "A dog moves."),
         ("The girl is pushed by the boy.", "The boy is pushing the girl."), ("A woman eats.", "A man eats.")]
    y = ["contradiction", "entailment", "entailment", "neutral"]
    reads_trees = make_pipeline(PairFeaturizer("alignment"), LogisticRegression()).fit(X, y)
    plain = make_pipeline(PairFeaturizer("lexicalized"), LogisticRegression()).fit(X, y)
    assert text_tagger(plain) == "fast" and text_tagger(reads_trees, plain) == "fast"
    tokens = [("A", "man", "sleeps", "."), ("Dogs", "run", ".")]
    assert text_tagger(reads_trees)(tokens) == load_syntax().tag(tokens)
    path = tmp_path / "raw.jsonl"
    write_jsonl(path, [{"sentence1": p, "sentence2": h, "gold_label": label} for (p, h), label in zip(X, y)])
    predict_file(reads_trees, path, tmp_path / "syntax_tags.jsonl")
    items = iter_snli(path, keep_unlabeled=True, require_label=False, with_fields=True, tagger="fast")
    write_predictions(reads_trees, items, tmp_path / "nltk_tags.jsonl")
    assert (tmp_path / "syntax_tags.jsonl").read_text() == (tmp_path / "nltk_tags.jsonl").read_text()
