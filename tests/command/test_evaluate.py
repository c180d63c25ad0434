"""lexnli evaluate: accuracy, per-class scores, confusion and --by breakdowns against hand counts; two-way gold
labels; --against with McNemar's test; JSON; standard input; one-line errors."""
import errno
import io
import json
import os
import sys

import numpy as np
import pytest

from classifiers.evaluation import mcnemar
from classifiers.logistic import make_model
from classifiers.persistence import save_model
from classifiers.predict import BATCH_SIZE
from command import evaluate as evaluate_command
from command.main import main
from lexnli.cli import available_cores
from lexnli.corpora.snli import read_snli

from tests.helpers.cli import failing_stdout, one_error_line
from tests.helpers.noisy_snli import noisy_records, write_jsonl


@pytest.fixture
def model_file(noisy_lexicalized, tmp_path):
    return save_model(noisy_lexicalized, tmp_path / "m.skops")


@pytest.fixture
def labelled(tmp_path):
    """60 noisy parsed lines with a ``category`` field (absent from the last), one unlabelled."""
    lines = noisy_records(60, seed=9)
    for i, line in enumerate(lines[:-1]):
        line["category"] = ["people", "animals", "places"][i % 3]
    lines[0]["gold_label"] = "-"
    return lines, write_jsonl(tmp_path / "set.jsonl", lines)


def predicted(model, path):
    return list(model.predict(read_snli(path, keep_unlabeled=True).pairs))


def evaluate_json(argv, capsys) -> dict:
    assert main(["evaluate", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_figures_match_a_hand_count(model_file, noisy_lexicalized, labelled, capsys):
    lines, path = labelled
    guesses = predicted(noisy_lexicalized, path)
    scored = [(line, guess) for line, guess in zip(lines, guesses) if line["gold_label"] != "-"]
    report = evaluate_json(["--model", str(model_file), str(path), "--by", "category"], capsys)
    assert (report["n_read"], report["n_scored"]) == (60, 59)
    assert report["accuracy"] == pytest.approx(np.mean([line["gold_label"] == g for line, g in scored]))
    for row in report["classes"]:
        gold = [g for line, g in scored if line["gold_label"] == row["class"]]
        assert row["support"] == len(gold)
        assert row["recall"] == pytest.approx(np.mean([g == row["class"] for g in gold]))
    assert sum(v for row in report["confusion"] for k, v in row.items() if k != "gold") == 59
    by = {row["category"]: row for row in report["by"]["category"]}
    assert set(by) == {"people", "animals", "places", "(none)"} and by["(none)"]["n"] == 1
    people = [line["gold_label"] == g for line, g in scored if line.get("category") == "people"]
    assert by["people"]["n"] == len(people) and by["people"]["accuracy"] == pytest.approx(np.mean(people))
    assert "labels:3-way" in report["signature"]


def test_two_way_gold_labels_collapse_neutral_and_contradiction(model_file, noisy_lexicalized, labelled, tmp_path,
                                                               capsys):
    lines, path = labelled
    two_way = [{**line, "gold_label": "not_entailment" if line["gold_label"] in ("neutral", "contradiction")
                else line["gold_label"]} for line in lines]
    two_way[5]["gold_label"] = "neutral"  # a three-way label in a two-way file counts as not entailment too
    guesses = predicted(noisy_lexicalized, path)
    right = [(line["gold_label"] == "entailment") == (g == "entailment") for line, g in zip(two_way, guesses)
             if line["gold_label"] != "-"]
    report = evaluate_json(["--model", str(model_file), str(write_jsonl(tmp_path / "two.jsonl", two_way))], capsys)
    assert report["labels"] == ["entailment", "not_entailment"]
    assert report["accuracy"] == pytest.approx(np.mean(right))
    assert [row["gold"] for row in report["confusion"]] == ["gold_entailment", "gold_not_entailment"]


def test_against_a_second_model_gives_mcnemar(model_file, noisy_lexicalized, noisy_snli, labelled, tmp_path, capsys):
    lines, path = labelled
    other = make_model("unlexicalized", C=0.01).fit(noisy_snli["train"].pairs, noisy_snli["train"].labels)
    other_file = save_model(other, tmp_path / "other.skops")
    gold = [line["gold_label"] for line in lines[1:]]
    expected = mcnemar(gold, predicted(noisy_lexicalized, path)[1:], predicted(other, path)[1:])
    report = evaluate_json(["--model", str(model_file), str(path), "--against", str(other_file)], capsys)
    assert {k: report["against"][k] for k in expected} == pytest.approx(expected)
    assert expected["a_only"] + expected["b_only"] > 0  # the two models do differ here
    assert main(["evaluate", "--model", str(model_file), str(path), "--against", str(other_file)]) == 0
    text = capsys.readouterr().out
    assert f"only the model right on {expected['a_only']} pairs" in text and "Configuration: `file:" in text


def test_standard_input(model_file, labelled, monkeypatch, capsys):
    lines, path = labelled
    whole = evaluate_json(["--model", str(model_file), str(path)], capsys)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="utf-8"))
    assert evaluate_json(["--model", str(model_file), "-"], capsys)["accuracy"] == whole["accuracy"]


def test_nothing_to_score_and_unknown_labels_are_one_error_line(model_file, labelled, tmp_path, capsys):
    lines, _ = labelled
    unlabelled = write_jsonl(tmp_path / "u.jsonl", [{**line, "gold_label": "-"} for line in lines[:4]])
    assert main(["evaluate", "--model", str(model_file), str(unlabelled)]) == 2
    assert "nothing to score" in one_error_line(capsys)
    odd = write_jsonl(tmp_path / "odd.jsonl", [lines[1], {**lines[2], "gold_label": "maybe"}])
    assert main(["evaluate", "--model", str(tmp_path / "absent.skops"), str(odd)]) == 2  # before the model loads
    assert f"{odd}, line 2: unknown gold_label 'maybe'" in one_error_line(capsys)


def test_a_line_longer_than_max_line_bytes_is_one_error_line(labelled, tmp_path, capsys):
    _, path = labelled
    with path.open("a", encoding="utf-8") as f:
        f.write('{"sentence1": "' + "a" * 3_000_000 + '"}\n')
    assert main(["evaluate", "--model", str(tmp_path / "absent.skops"), "--max-line-bytes", "4096", str(path)]) == 2
    assert one_error_line(capsys).startswith(f"error: {path}, line 61: longer than 4,096 bytes")


def test_a_line_nested_too_deeply_is_one_error_line(model_file, labelled, capsys):
    _, path = labelled
    with path.open("a", encoding="utf-8") as f:
        f.write('{"sentence1": "A dog.", "sentence2": "A cat.", "x": ' + "[" * 100_000 + "]" * 100_000 + "}\n")
    assert main(["evaluate", "--model", str(model_file), str(path)]) == 2
    assert one_error_line(capsys).startswith(f"error: {path}, line 61: nested too deeply")


def test_a_blank_sentence_is_refused_naming_the_file_and_line(labelled, tmp_path, capsys):
    lines, _ = labelled
    path = write_jsonl(tmp_path / "blank.jsonl", [lines[1], {**lines[2], "sentence2": " "}])
    assert main(["evaluate", "--model", str(tmp_path / "absent.skops"), str(path)]) == 2  # before the model loads
    assert one_error_line(capsys) == f"error: {path}, line 2: field 'sentence2' is blank: not a sentence"


@pytest.mark.parametrize("option", ["--model", "--against"])
def test_a_model_that_is_a_folder_is_one_error_line(option, model_file, labelled, tmp_path, capsys):
    models = ["--model", str(tmp_path)] if option == "--model" else ["--model", str(model_file), "--against",
                                                                      str(tmp_path)]
    assert main(["evaluate", *models, str(labelled[1])]) == 2
    assert one_error_line(capsys) == f"error: {option} {tmp_path}: is a folder, expected a model file"


def test_standard_output_that_fails_is_one_error_line(model_file, labelled, monkeypatch, capsys):
    failing_stdout(monkeypatch, OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    assert main(["evaluate", "--model", str(model_file), str(labelled[1])]) == 2
    assert one_error_line(capsys) == "error: cannot write standard output: No space left on device"


def test_accuracies_come_with_their_wilson_intervals(model_file, labelled, capsys):
    from classifiers.evaluation import wilson_interval

    _, path = labelled
    report = evaluate_json(["--model", str(model_file), str(path), "--by", "category"], capsys)
    n_right = round(report["accuracy"] * report["n_scored"])
    assert report["interval"] == pytest.approx(list(wilson_interval(n_right, report["n_scored"])))
    for row in report["by"]["category"]:
        assert [row["low"], row["high"]] == pytest.approx(list(wilson_interval(round(row["accuracy"] * row["n"]),
                                                                               row["n"])))
        assert row["low"] <= row["accuracy"] <= row["high"] and row["high"] - row["low"] > 0.1  # about 20 pairs
    assert main(["evaluate", "--model", str(model_file), str(path), "--by", "category"]) == 0
    text = capsys.readouterr().out
    assert f"95% interval {100 * report['interval'][0]:.2f} to {100 * report['interval'][1]:.2f}" in text


def test_a_by_field_no_line_has_is_one_error_line_naming_the_fields(labelled, model_file, monkeypatch, tmp_path,
                                                                     capsys):
    _, path = labelled
    assert main(["evaluate", "--model", str(tmp_path / "absent.skops"), str(path), "--by", "categroy"]) == 2
    message = one_error_line(capsys)  # before the model loads
    assert message.startswith(f"error: --by categroy: no line of {path} has this field; the fields there are: ")
    assert "category" in message and "sentence1" in message
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="utf-8"))
    assert main(["evaluate", "--model", str(model_file), "-", "--by", "categroy"]) == 2
    assert "error: --by categroy: no line of <stdin> has this field" in one_error_line(capsys)


def test_other_formats_and_field_names_are_scored_alike(model_file, labelled, tmp_path, tagger, capsys):
    lines, path = labelled
    whole = evaluate_json(["--model", str(model_file), str(path)], capsys)
    tsv = tmp_path / "set.tsv"
    ids = {"entailment": 0, "neutral": 1, "contradiction": 2, "-": -1}
    tsv.write_text("premise\thypothesis\tlabel\n" + "".join(
        f"{line['sentence1']}\t{line['sentence2']}\t{ids[line['gold_label']]}\n" for line in lines), encoding="utf-8")
    report = evaluate_json(["--model", str(model_file), str(tsv)], capsys)
    assert (report["n_scored"], report["accuracy"]) == (whole["n_scored"], whole["accuracy"])


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml")])
def test_plot_draws_the_report_into_a_picture(suffix, magic, model_file, labelled, tmp_path, capsys):
    _, path = labelled
    picture = tmp_path / f"report{suffix}"
    assert main(["evaluate", "--model", str(model_file), str(path), "--by", "category", "--plot", str(picture)]) == 0
    assert picture.read_bytes().startswith(magic)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".report")]  # no temporary file left


def test_the_figure_shows_the_groups_and_their_intervals(model_file, labelled, capsys):
    from command.evaluate import scores
    from command.evaluation_plot import draw

    report = {"n_read": 4, "n_scored": 4}
    report = scores({"gold": ["entailment", "neutral", "neutral", "contradiction"],
                     "predicted": [["entailment", "neutral", "entailment", "contradiction"]],
                     "groups": {"kind": ["a", "a", "b", "b"]}, "n_read": 4})
    figure = draw(report)
    confusion, groups = figure.axes
    assert [t.get_text() for t in groups.get_yticklabels()] == ["a (2)", "b (2)"]
    assert [round(bar.get_width()) for bar in groups.patches] == [100, 50]
    assert "1" in [t.get_text() for t in confusion.texts] and len(confusion.texts) == 9


@pytest.mark.parametrize("name, problem", [("report.pdf", "expected a file name ending in .png or .svg"),
                                           ("set.png", "is the file file")])
def test_a_bad_plot_file_is_one_error_line_before_any_work(name, problem, labelled, tmp_path, capsys):
    _, path = labelled
    target = tmp_path / name
    if name == "set.png":
        target = path.with_suffix(".png")
        path.rename(target)
        path = target
    assert main(["evaluate", "--model", str(tmp_path / "absent.skops"), str(path), "--plot", str(target)]) == 2
    assert problem in one_error_line(capsys)


def test_n_jobs_2_reports_byte_for_byte_what_one_process_reports(model_file, noisy_snli, tmp_path, monkeypatch,
                                                                capsys):
    """Three batches of classifiers.predict.BATCH_SIZE, two models: the first batch predicted here, the others by two
    worker processes; every core by default."""
    lines = noisy_records(2 * BATCH_SIZE + 40, seed=13)
    for i, line in enumerate(lines):
        line["category"] = ["people", "animals"][i % 2]
    lines[7]["gold_label"] = "-"
    path = write_jsonl(tmp_path / "big.jsonl", lines)
    other = make_model("unlexicalized", C=0.01).fit(noisy_snli["train"].pairs, noisy_snli["train"].labels)
    other_file = save_model(other, tmp_path / "other.skops")
    asked = []
    real = evaluate_command.collect
    monkeypatch.setattr(evaluate_command, "collect", lambda *a: asked.append(a[3]) or real(*a))
    reports = {}
    for n_jobs in (["--n-jobs", "1"], ["--n-jobs", "2"], []):
        for form in ([], ["--json"]):
            assert main(["evaluate", "--model", str(model_file), str(path), "--against", str(other_file), "--by",
                         "category", *form, *n_jobs]) == 0
            reports[tuple(n_jobs + form)] = capsys.readouterr().out
    assert asked == [1, 1, 2, 2, available_cores(), available_cores()]
    assert json.loads(reports[("--n-jobs", "1", "--json")])["n_scored"] == len(lines) - 1
    for form in ((), ("--json",)):
        assert reports[("--n-jobs", "2", *form)] == reports[("--n-jobs", "1", *form)] == reports[form]


def test_counts_are_written_with_thousands_separators():
    """The text report of 1,500 pairs read (1,200 scored), from the figures alone."""
    from types import SimpleNamespace

    from command.evaluate import _text, scores

    gold = ["entailment", "neutral", "contradiction"] * 400
    report = scores({"gold": gold, "predicted": [gold[:1_100] + ["neutral"] * 100, ["neutral"] * 1_200],
                     "groups": {}, "n_read": 1_500})
    report["signature"] = "file:x"
    first, second = _text(report, SimpleNamespace(against="other.skops")).splitlines()[:2]
    assert first == "pairs: 1,500 read, 1,200 scored (300 without a gold label)"
    assert second.startswith("accuracy: ") and "(1,133/1,200; " in second  # 1,100 right, then the 33 neutral of 100
