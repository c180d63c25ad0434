"""The syntax model against the trees converted from SNLI's parses (experiments/parse_agreement.py)."""
import errno
import os
import re

from experiments import parse_agreement
from lexnli.cli import CLOSED_PIPE
from lexnli.dependencies import DependencyTree, from_parse
from lexnli.parser import attachment_counts

from tests.helpers.cli import failing_stdout, full_disk, one_error_line
from tests.helpers.parses import PARSES, snli_lines

LAST_LINE = re.compile(r"UAS=(\d\.\d{4}) LAS=(\d\.\d{4}) sentences=(\d+) sentences_per_second=(\d+)")


def test_the_report_leaves_punctuation_out_and_gives_each_label():
    gold = from_parse("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ sleeps)) (. .)))")
    wrong_label = list(gold.labels)
    wrong_label[1] = "obj" if gold.labels[1] != "obj" else "dep"
    wrong_punct_head = list(gold.heads)
    wrong_punct_head[3] = 1 if gold.heads[3] != 1 else 2
    predicted = DependencyTree(gold.tokens, gold.tags, tuple(wrong_punct_head), tuple(wrong_label))
    found = attachment_counts([(gold.heads, gold.labels)], [(predicted.heads, predicted.labels)], [gold.tags])
    assert (found["tokens"], found["heads"], found["arcs"]) == (3, 3, 2)
    assert found["gold"][gold.labels[1]] == 1 and found["right"][gold.labels[1]] == 0
    lines = parse_agreement.report(found, None, 1, 10.0).splitlines()
    assert f"{gold.labels[1]:<8}      1  0.000   0.000" in lines
    assert lines[-1] == "UAS=1.0000 LAS=0.6667 sentences=1 sentences_per_second=10"


def test_the_last_line_is_the_scores_and_the_speed(tmp_path, capsys):
    data = tmp_path / "train.jsonl"
    data.write_text(snli_lines(), encoding="utf-8")
    model = tmp_path / "syntax.npz"
    assert parse_agreement.main(["--snli", str(data), "--train", str(data), "--model", str(model)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("tag accuracy against the parses' leaves: ")
    uas, las, n, speed = LAST_LINE.fullmatch(out[-1]).groups()
    assert int(n) == len(PARSES) and int(speed) > 0 and float(las) <= float(uas)
    assert model.is_file()  # saved, and read back by the next run
    assert parse_agreement.main(["--snli", str(data), "--model", str(model), "--gold-tags"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert not out[0].startswith("tag accuracy") and LAST_LINE.fullmatch(out[-1])


def test_combined_scores_parses_put_together_from_the_files_sentences(tmp_path, capsys):
    data = tmp_path / "train.jsonl"
    data.write_text(snli_lines(), encoding="utf-8")
    model = tmp_path / "syntax.npz"
    assert parse_agreement.main(["--snli", str(data), "--train", str(data), "--model", str(model)]) == 0
    capsys.readouterr()
    assert parse_agreement.main(["--snli", str(data), "--model", str(model), "--combined", "12"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert LAST_LINE.fullmatch(out[-1]).group(3) == "12"
    assert {line.split()[0] for line in out[2:-1]} >= {"advcl", "ccomp", "relcl"}
    assert parse_agreement.main(["--snli", str(data), "--model", str(model), "--combined", "0"]) == 2
    assert "--combined must be at least 1" in one_error_line(capsys)


def test_a_missing_model_is_one_error_line(tmp_path, capsys):
    data = tmp_path / "dev.jsonl"
    data.write_text(snli_lines(), encoding="utf-8")
    assert parse_agreement.main(["--snli", str(data), "--model", str(tmp_path / "none.npz")]) == 2
    assert "lexnli fetch syntax" in one_error_line(capsys)


def test_a_file_without_parses_is_one_error_line(tmp_path, capsys):
    data = tmp_path / "dev.jsonl"
    data.write_text('{"gold_label": "neutral", "sentence1": "A man sleeps.", "sentence2": "A man rests."}\n')
    assert parse_agreement.main(["--snli", str(data), "--model", str(tmp_path / "none.npz")]) == 2
    assert "no line carries a parse" in one_error_line(capsys)


def test_a_closed_pipe_ends_quietly_and_a_full_disk_is_one_error_line(tmp_path, monkeypatch, capsys):
    data = tmp_path / "train.jsonl"
    data.write_text(snli_lines(), encoding="utf-8")
    failing_stdout(monkeypatch, BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE)))
    assert parse_agreement.main(["--snli", str(data), "--train", str(data)]) == CLOSED_PIPE
    assert capsys.readouterr().err == ""
    full_disk(monkeypatch)
    model = tmp_path / "syntax.npz"
    assert parse_agreement.main(["--snli", str(data), "--train", str(data), "--model", str(model)]) == 2
    assert one_error_line(capsys) == f"error: cannot write {model}: No space left on device"
    assert not model.exists()
