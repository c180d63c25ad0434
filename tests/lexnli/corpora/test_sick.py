"""lexnli.corpora.sick: the SICK reader on a small file written here (CRLF, gzip, bad lines), where it finds the
file, its checksum, and the real file's counts when the shared data has it."""
import pytest

from lexnli.corpora.lines import ReadReport
from lexnli.corpora.sick import SICK_SHA256, read_sick, verify_sick
from lexnli.errors import CorpusFormatError, DataNotFoundError

from tests.conftest import shared_file
from tests.helpers.sick import SICK_ROWS, sick_text, write_sick


@pytest.mark.parametrize("name", ["SICK.txt", "SICK.txt.gz"])
def test_sick_reader_splits_labels_and_crlf(tmp_path, tagger, name):
    path = write_sick(tmp_path / name, sick_text())
    train = read_sick(path, "train")
    assert [p.pair_id for p in train] == ["1", "2"]
    assert [p.label for p in train] == ["entailment", "contradiction"]
    first = train[0]
    assert first.premise.text == "A man is playing a guitar"      # no trailing "\r"
    assert first.hypothesis.tokens == ("A", "man", "is", "playing", "an", "instrument")
    assert len(first.hypothesis.tags) == 6 and first.premise.parse is None
    assert [p.label for p in read_sick(path, "TRIAL")] == ["neutral"]
    assert [p.pair_id for p in read_sick(path, "Test")] == ["4", "5"]
    assert len(read_sick(path)) == 5


def test_sick_bad_lines_name_file_and_line(tmp_path, tagger):
    bad_fields = write_sick(tmp_path / "a.txt", sick_text(extra_lines=["6\tonly\tthree"]))
    with pytest.raises(CorpusFormatError, match=r"a\.txt, line 7: expected 12 tab-separated fields, found 3"):
        read_sick(bad_fields, "TEST")
    report = ReadReport("x")
    pairs = read_sick(bad_fields, "TEST", on_error="skip", report=report)
    assert len(pairs) == 2 and len(report.skipped) == 1 and report.skipped[0].line == 7

    bad_label = write_sick(tmp_path / "b.txt", sick_text(rows=SICK_ROWS + [("6", "x", "y", "MAYBE", "TEST")]))
    with pytest.raises(CorpusFormatError, match="line 7: unknown entailment_label 'MAYBE'"):
        read_sick(bad_label)
    bad_set = write_sick(tmp_path / "c.txt", sick_text(rows=[("6", "x", "y", "NEUTRAL", "DEV")]))
    with pytest.raises(CorpusFormatError, match="line 2: unknown SemEval_set 'DEV'"):
        read_sick(bad_set)
    no_header = write_sick(tmp_path / "d.txt", "pair_ID\tsentence_A\r\n")
    with pytest.raises(CorpusFormatError, match="line 1: the header row lacks"):
        read_sick(no_header)
    with pytest.raises(ValueError, match="split must be one of"):
        read_sick(bad_set, "dev")


def test_sick_path_resolution(tmp_path, monkeypatch, tagger, no_shared_data):
    monkeypatch.delenv("LEXNLI_SICK", raising=False)
    home = tmp_path / "home"
    monkeypatch.setenv("LEXNLI_DATA", str(home))
    with pytest.raises(DataNotFoundError, match="SemEval-2014") as info:
        read_sick(None, "TEST")
    assert SICK_SHA256 in str(info.value) and "LEXNLI_SICK" in str(info.value)
    (home / "sick").mkdir(parents=True)
    write_sick(home / "sick" / "SICK.txt.gz", sick_text())
    assert len(read_sick(None, "TEST")) == 2                          # found in the data home
    other = write_sick(tmp_path / "other.txt", sick_text(rows=SICK_ROWS[:1]))
    monkeypatch.setenv("LEXNLI_SICK", str(other))
    assert len(read_sick(None)) == 1                                  # the environment wins
    with pytest.raises(FileNotFoundError, match="SICK file not found"):
        read_sick(tmp_path / "nope.txt")


def test_missing_sick_names_the_option_the_variables_and_the_python_argument(tmp_path, monkeypatch, no_shared_data):
    from lexnli.corpora.sick import locate_sick

    monkeypatch.delenv("LEXNLI_SICK", raising=False)
    with pytest.raises(DataNotFoundError) as info:
        locate_sick(data_home=tmp_path)
    for advice in ("--sick FILE", "read_sick(FILE)", "LEXNLI_SICK=FILE", f"the data home {tmp_path} (LEXNLI_DATA)"):
        assert advice in str(info.value)


def test_sick_checksum(tmp_path):
    fixture = write_sick(tmp_path / "SICK.txt", sick_text())
    with pytest.raises(CorpusFormatError, match="not the official SICK.txt"):
        verify_sick(fixture)


def test_real_sick_counts(tagger):
    path = shared_file("sick/SICK.txt.gz")
    verify_sick(path)  # the gzipped copy holds exactly the official file
    trial = read_sick(path, "TRIAL")
    assert len(trial) == 495
    assert {p.label for p in trial} == {"entailment", "neutral", "contradiction"}
