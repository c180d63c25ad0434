"""lexnli predict: one pair, standard input (JSON lines, premise<TAB>hypothesis lines), a file; the input's
fields kept; text on a terminal and JSON lines otherwise; the default model; one-line errors before any work."""
import errno
import io
import json
import os
import subprocess
import sys

import pytest

from classifiers.persistence import save_model
from classifiers.predict import BATCH_SIZE, output_line
from command import predict as predict_command
from command.main import main
from lexnli.cli import CLOSED_PIPE, available_cores
from lexnli.data_home import default_model_path
from lexnli.version import __version__

from tests.conftest import REPO
from tests.helpers.cli import failing_stdout, full_disk, one_error_line, standard_input
from tests.helpers.noisy_snli import noisy_records, write_jsonl

LABELS = ("entailment", "contradiction", "neutral")


@pytest.fixture
def model_file(noisy_lexicalized, tmp_path):
    return save_model(noisy_lexicalized, tmp_path / "m.skops")


@pytest.fixture
def records():
    """Noisy parsed lines with an extra field, one with no gold label."""
    lines = noisy_records(30, seed=5)
    for i, line in enumerate(lines):
        line["category"] = f"c{i % 3}"
    del lines[1]["gold_label"]
    return lines


def stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8"))


def test_a_file_keeps_every_field_and_adds_the_prediction(model_file, noisy_lexicalized, records, tmp_path, capsys):
    source, out = write_jsonl(tmp_path / "in.jsonl", records), tmp_path / "out.jsonl"
    assert main(["predict", "--model", str(model_file), "--input", str(source), "--output", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [{k: v for k, v in line.items() if k in r} for line, r in zip(lines, records)] == records
    from lexnli.corpora.snli import read_snli
    expected = list(noisy_lexicalized.predict(read_snli(source, keep_unlabeled=True, require_label=False).pairs))
    assert [line["predicted_label"] for line in lines] == expected
    assert all(abs(sum(line[f"probability_{c}"] for c in LABELS) - 1) < 1e-9 for line in lines)
    right = sum(r["gold_label"] == p for r, p in zip(records, expected) if "gold_label" in r)
    assert f"accuracy on 29 gold-labelled pairs: {right / 29:.4f}" in capsys.readouterr().out


def test_standard_input_json_lines_to_standard_output(model_file, records, monkeypatch, capsys):
    stdin(monkeypatch, "\n" + "".join(json.dumps(r) + "\n" for r in records[:5]))
    assert main(["predict", "--model", str(model_file), "-"]) == 0
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert [line["pairID"] for line in lines] == [r["pairID"] for r in records[:5]]
    assert "5 pairs predicted -> -" in captured.err  # the summary stays off the predictions' stream


def test_text_on_a_terminal_and_json_when_asked(model_file, records, monkeypatch, capsys):
    line = json.dumps(records[0]) + "\n"
    stdin(monkeypatch, line)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["predict", "--model", str(model_file), "--explain", "2", "-"]) == 0
    shown = capsys.readouterr().out.splitlines()
    label, *probabilities = shown[0].split()
    assert label in LABELS and probabilities[0] == label and len(probabilities) == 6
    assert shown[1].strip() == f"{records[0]['sentence1']}  =>  {records[0]['sentence2']}"
    stdin(monkeypatch, line)
    assert main(["predict", "--model", str(model_file), "--json", "--explain", "2", "-"]) == 0
    as_json = json.loads(capsys.readouterr().out)
    assert as_json["predicted_label"] == label
    # each feature on a line of its own: its push, the label it pushes toward, its words, its name
    toward = {e["feature"]: f"toward {label}" if e["toward"] == label else f"for {label}, most toward {e['toward']}"
              for e in as_json["explanation"]}
    assert shown[2:] == [f"    {e['push']:+.3f} {toward[e['feature']]}: {e['reads']} ({e['feature']})"
                         for e in as_json["explanation"]]
    assert all(e["reads"] != e["feature"] and e["toward"] in LABELS for e in as_json["explanation"])


def test_one_pair_and_tab_separated_lines_are_tagged(model_file, tagger, monkeypatch, capsys):
    assert main(["predict", "--model", str(model_file), "A man sleeps.", "A man is awake."]) == 0
    one = json.loads(capsys.readouterr().out)
    assert one["sentence1"] == "A man sleeps." and one["predicted_label"] in LABELS
    stdin(monkeypatch, "A man sleeps.\tA man is awake.\nA dog runs.\tAn animal moves.\tentailment\n")
    assert main(["predict", "--model", str(model_file), "-"]) == 0
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert lines[0]["probability_entailment"] == one["probability_entailment"]
    assert lines[1]["gold_label"] == "entailment" and "accuracy on 1 gold-labelled pairs" in captured.err


def test_the_installed_default_model_is_used(noisy_lexicalized, records, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LEXNLI_DATA", str(tmp_path / "home"))
    source = write_jsonl(tmp_path / "in.jsonl", records[:3])
    assert main(["predict", "--input", str(source)]) == 2
    message = one_error_line(capsys)
    assert str(default_model_path()) in message and "lexnli train" in message
    save_model(noisy_lexicalized, default_model_path())
    assert main(["predict", "--input", str(source)]) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 3 and "3 pairs predicted" in captured.err


@pytest.mark.parametrize("argv", [[], ["a", "b", "c"], ["-", "-"], ["x"], ["-", "--input", "f.jsonl"],
                                  ["a", "b", "--input", "f.jsonl"], ["", "A man sleeps."], ["A man.", "\udcff"]])
def test_anything_but_a_pair_stdin_or_a_file_is_one_error_line(argv, model_file, capsys):
    assert main(["predict", "--model", str(model_file), *argv]) == 2
    message = one_error_line(capsys)
    assert "lexnli predict --help" in message or "not a sentence" in message


def test_a_bad_line_is_reported_before_the_model_is_loaded(records, tmp_path, capsys):
    source = write_jsonl(tmp_path / "in.jsonl", records[:3])
    with source.open("a", encoding="utf-8") as f:
        f.write('{"sentence1": "A dog runs.", "gold_label": "entailment"}\n')
    assert main(["predict", "--model", str(tmp_path / "absent.skops"), "--input", str(source)]) == 2
    assert f"{source}, line 4" in one_error_line(capsys)


def test_the_output_may_not_be_the_input(model_file, records, tmp_path, capsys):
    source = write_jsonl(tmp_path / "in.jsonl", records[:3])
    before = source.read_bytes()
    assert main(["predict", "--model", str(model_file), "--input", str(source), "--output", str(source)]) == 2
    assert "is the --input file" in one_error_line(capsys) and source.read_bytes() == before


def test_the_console_command_runs():
    done = subprocess.run([sys.executable, "-m", "command", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == f"lexnli {__version__}"


def test_a_lone_surrogate_on_standard_input_names_the_line_and_field(model_file, monkeypatch, capsys):
    raw = b"A man sleeps.\tA man is awake.\nA dog\xed\xa0\x80 runs.\tAn animal moves.\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
    assert main(["predict", "--model", str(model_file), "-"]) == 2
    message = "error: <stdin>, line 2: field 'sentence1' holds a lone surrogate (not a character)"
    assert one_error_line(capsys) == message


def test_a_line_longer_than_max_line_bytes_is_one_error_line(model_file, records, tmp_path, monkeypatch, capsys):
    long_line = '{"sentence1": "' + "a" * 3_000_000  # no end: the rest of the file
    source = write_jsonl(tmp_path / "in.jsonl", records[:2])
    with source.open("a", encoding="utf-8") as f:
        f.write(long_line)
    argv = ["predict", "--max-line-bytes", "4096", "--input", str(source)]
    assert main([*argv, "--model", str(tmp_path / "absent.skops")]) == 2  # before the model is loaded
    assert one_error_line(capsys).startswith(f"error: {source}, line 3: longer than 4,096 bytes")
    stdin(monkeypatch, "".join(json.dumps(r) + "\n" for r in records[:2]) + long_line)
    assert main(["predict", "--model", str(model_file), "--max-line-bytes", "4096", "-"]) == 2
    assert one_error_line(capsys).startswith("error: <stdin>, line 3: longer than 4,096 bytes")
    with pytest.raises(SystemExit):
        main(["predict", "--help"])
    assert "--max-line-bytes N" in capsys.readouterr().out


def test_a_line_nested_too_deeply_is_one_error_line(model_file, records, tmp_path, monkeypatch, capsys):
    deep = "[" * 100_000 + "]" * 100_000  # a RecursionError in the JSON decoder
    lines = [json.dumps(records[0]), json.dumps(records[1])[:-1] + f', "deep": {deep}}}']
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["predict", "--model", str(model_file), "--input", str(source)]) == 2
    assert one_error_line(capsys).startswith(f"error: {source}, line 2: nested too deeply")
    stdin(monkeypatch, "\n".join(lines) + "\n")
    assert main(["predict", "--model", str(model_file), "-"]) == 2
    assert one_error_line(capsys).startswith("error: <stdin>, line 2: nested too deeply")


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_number_json_has_not_is_one_error_line_and_the_output_is_strict_json(value, model_file, records, tmp_path,
                                                                            monkeypatch, capsys):
    lines = [json.dumps(records[0]), json.dumps(records[1])[:-1] + f', "score": {value}}}']
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["predict", "--model", str(tmp_path / "absent.skops"), "--input", str(source)]) == 2
    assert one_error_line(capsys).startswith(f"error: {source}, line 2: holds {value}")
    stdin(monkeypatch, "\n".join(lines) + "\n")
    assert main(["predict", "--model", str(model_file), "-"]) == 2
    assert one_error_line(capsys).startswith(f"error: <stdin>, line 2: holds {value}")
    with pytest.raises(ValueError):  # and the writer never writes one
        output_line({"score": float(value)}, {"predicted_label": "neutral"})


@pytest.mark.parametrize("field, text, problem", [("sentence1", "", "empty"), ("sentence2", "   ", "blank"),
                                                  ("sentence2", "\u00a0\u2003", "blank")])
def test_a_blank_sentence_in_a_file_is_refused_as_on_the_command_line(field, text, problem, model_file, records,
                                                                      tmp_path, monkeypatch, capsys):
    lines = [records[0], {**records[2], field: text}]
    for line in lines:  # raw text: no parse to read tokens from
        line.pop("sentence1_parse"), line.pop("sentence2_parse")
    source = write_jsonl(tmp_path / "in.jsonl", lines)
    assert main(["predict", "--model", str(tmp_path / "absent.skops"), "--input", str(source)]) == 2
    assert one_error_line(capsys) == f"error: {source}, line 2: field '{field}' is {problem}: not a sentence"
    pair = (text, "A dog runs.") if field == "sentence1" else ("A dog runs.", text)
    stdin(monkeypatch, "A man sleeps.\tA man is awake.\n" + "\t".join(pair) + "\n")
    assert main(["predict", "--model", str(model_file), "-"]) == 2
    assert one_error_line(capsys) == f"error: <stdin>, line 2: field '{field}' is {problem}: not a sentence"


@pytest.mark.parametrize("output", ["the file", "/dev/stdin"])
def test_the_output_may_not_be_the_file_standard_input_reads(output, model_file, records, tmp_path, monkeypatch,
                                                               capsys):
    """``lexnli predict - --output f < f`` and ``--output /dev/stdin``: refused before the model loads."""
    source = write_jsonl(tmp_path / "in.jsonl", records[:3])
    before, name = source.read_bytes(), str(source) if output == "the file" else output
    monkeypatch.setattr(predict_command, "load", lambda args: pytest.fail("the model loaded before the check"))
    with standard_input(source):
        assert main(["predict", "--model", str(model_file), "-", "--output", name]) == 2
    assert one_error_line(capsys) == f"error: --output {name}: is standard input; choose another output"
    assert source.read_bytes() == before


@pytest.mark.parametrize("after_bytes", [0, 3000])
def test_a_full_disk_is_one_error_line_and_the_old_output_stays(after_bytes, model_file, records, tmp_path,
                                                                monkeypatch, capsys):
    source, out = write_jsonl(tmp_path / "in.jsonl", records), tmp_path / "out.jsonl"
    out.write_text("old predictions\n")
    full_disk(monkeypatch, after_bytes)
    with pytest.warns(UserWarning, match="the loaded model was not cached .*No space left on device"):  # loaded
        assert main(["predict", "--model", str(model_file), "--input", str(source), "--output", str(out)]) == 2
    assert one_error_line(capsys) == f"error: cannot write {out}: No space left on device"
    assert out.read_text() == "old predictions\n" and sorted(p.name for p in tmp_path.iterdir()) == [
        "in.jsonl", "m.skops", "out.jsonl"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_dev_full_as_output_is_one_error_line(model_file, records, tmp_path, capsys):
    source = write_jsonl(tmp_path / "in.jsonl", records)
    assert main(["predict", "--model", str(model_file), "--input", str(source), "--output", "/dev/full"]) == 2
    assert one_error_line(capsys) == "error: cannot write /dev/full: No space left on device"


def test_standard_output_that_fails_is_one_error_line(model_file, records, tmp_path, monkeypatch, capsys):
    source = write_jsonl(tmp_path / "in.jsonl", records)
    failing_stdout(monkeypatch, OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    assert main(["predict", "--model", str(model_file), "--input", str(source)]) == 2
    assert one_error_line(capsys) == "error: cannot write standard output: No space left on device"


def test_a_closed_standard_output_ends_quietly(model_file, records, tmp_path, monkeypatch, capsys):
    source = write_jsonl(tmp_path / "in.jsonl", records)
    failing_stdout(monkeypatch, BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE)))
    assert main(["predict", "--model", str(model_file), "--input", str(source)]) == CLOSED_PIPE
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("stdout", ["closed pipe", "/dev/full"])
def test_the_console_command_on_a_closed_pipe_or_a_full_device(stdout, model_file, records, tmp_path):
    """As the shell runs it (``| head -1``, ``> /dev/full``): no traceback, nothing from Python's last flush."""
    if stdout == "/dev/full" and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    source = write_jsonl(tmp_path / "in.jsonl", records)
    argv = [sys.executable, "-m", "command", "predict", "--model", str(model_file), "--input", str(source)]
    with open(os.devnull if stdout == "closed pipe" else stdout, "w") as sink:
        process = subprocess.Popen(argv, stdout=subprocess.PIPE if stdout == "closed pipe" else sink,
                                   stderr=subprocess.PIPE, text=True, cwd=REPO,
                                   env={**os.environ, "PYTHONPATH": str(REPO)})
        if process.stdout is not None:
            process.stdout.close()  # the reader is gone before anything is written
        err = process.communicate(timeout=300)[1]
    assert "Traceback" not in err and "Exception ignored" not in err, err
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    if stdout == "closed pipe":
        assert process.returncode == CLOSED_PIPE and errors == [], err
    else:
        assert process.returncode == 2 and errors == ["error: cannot write standard output: No space left on device"]


def test_a_model_that_is_a_folder_is_one_error_line(records, tmp_path, capsys):
    source = write_jsonl(tmp_path / "in.jsonl", records[:3])
    assert main(["predict", "--model", str(tmp_path), "--input", str(source)]) == 2
    assert one_error_line(capsys) == f"error: --model {tmp_path}: is a folder, expected a model file"


def test_tsv_and_csv_files_and_standard_input_are_read_alike(model_file, records, tmp_path, monkeypatch, tagger,
                                                              capsys):
    source = write_jsonl(tmp_path / "in.jsonl", records[:6])
    assert main(["predict", "--model", str(model_file), "--input", str(source), "--output", str(tmp_path / "a")]) == 0
    capsys.readouterr()
    reference = [json.loads(line)["predicted_label"] for line in (tmp_path / "a").read_text().splitlines()]
    rows = [(r["sentence1"], r["sentence2"]) for r in records[:6]]
    tsv = tmp_path / "pairs.tsv"
    tsv.write_text("premise\thypothesis\n" + "".join(f"{p}\t{h}\n" for p, h in rows), encoding="utf-8")
    csv = tmp_path / "pairs.csv"
    csv.write_text("sentence1,sentence2\n" + "".join(f'"{p}","{h}"\n' for p, h in rows), encoding="utf-8")
    for path in (tsv, csv):
        assert main(["predict", "--model", str(model_file), "--input", str(path), "--output", str(tmp_path / "b")]) == 0
        lines = [json.loads(line) for line in (tmp_path / "b").read_text().splitlines()]
        assert [line["predicted_label"] for line in lines] == reference, path.name
        assert "6 pairs predicted" in capsys.readouterr().out
        stdin(monkeypatch, path.read_text(encoding="utf-8"))
        assert main(["predict", "--model", str(model_file), "-"]) == 0
        assert [json.loads(line)["predicted_label"] for line in capsys.readouterr().out.splitlines()] == reference
    stdin(monkeypatch, "".join(f'"{p}","{h}"\n' for p, h in rows))  # no header: named by --format
    assert main(["predict", "--model", str(model_file), "--format", "csv", "-"]) == 0
    assert [json.loads(line)["predicted_label"] for line in capsys.readouterr().out.splitlines()] == reference


def test_text_output_names_the_sentences_under_either_field_name(model_file, monkeypatch, tagger, capsys):
    stdin(monkeypatch, json.dumps({"premise": "A man sleeps.", "hypothesis": "A man is awake.", "label": 2}) + "\n")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["predict", "--model", str(model_file), "-"]) == 0
    assert capsys.readouterr().out.splitlines()[1].strip() == "A man sleeps.  =>  A man is awake."


def test_a_file_without_sentence_fields_is_one_error_line_naming_the_accepted_ones(tmp_path, capsys):
    path = tmp_path / "pairs.jsonl"
    path.write_text(json.dumps({"text": "A man sleeps.", "text_b": "A man is awake."}) + "\n", encoding="utf-8")
    assert main(["predict", "--model", str(tmp_path / "absent.skops"), "--input", str(path)]) == 2
    assert one_error_line(capsys) == (f"error: {path}, line 1: no sentence fields: expected sentence1 and sentence2, "
                                      "or premise and hypothesis (fields found: text, text_b); in Python, "
                                      "columns=(PREMISE, HYPOTHESIS) names others")


def test_n_jobs_2_writes_byte_for_byte_what_one_process_writes(model_file, tmp_path, monkeypatch):
    """Three batches: the first predicted here, the others by two worker processes; every core by default."""
    n_pairs = 2 * BATCH_SIZE + 40
    source = write_jsonl(tmp_path / "in.jsonl", noisy_records(n_pairs, seed=11))
    written, asked = {}, []
    real = predict_command.write_predictions
    monkeypatch.setattr(predict_command, "write_predictions",
                        lambda *a, **kw: asked.append(kw["n_jobs"]) or real(*a, **kw))
    for n_jobs in (["--n-jobs", "1"], ["--n-jobs", "2"], []):
        out = tmp_path / f"out{len(written)}.jsonl"
        argv = ["predict", "--model", str(model_file), "--input", str(source), "--output", str(out)]
        assert main(argv + n_jobs) == 0
        written[tuple(n_jobs)] = out.read_bytes()
    assert asked == [1, 2, available_cores()]
    one = written[("--n-jobs", "1")]
    assert [json.loads(line)["pairID"] for line in one.splitlines()] == [f"11-{i}" for i in range(n_pairs)]
    assert written[("--n-jobs", "2")] == one and written[()] == one


def test_a_worker_lost_is_one_error_line_and_status_1(monkeypatch, capsys):
    from lexnli.errors import WorkerLostError

    def lost(args):
        raise WorkerLostError("a worker process of the 2 ended before its batch was done")

    monkeypatch.setattr(predict_command, "run", lost)
    assert main(["predict", "A man sleeps.", "A man is awake."]) == 1
    assert capsys.readouterr().err == "error: a worker process of the 2 ended before its batch was done\n"
