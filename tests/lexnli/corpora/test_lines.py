"""lexnli.corpora.lines, the line reading every corpus reader shares: random bytes and random lines give
pairs or the documented error (CorpusFormatError naming the file), never another exception or a hang;
raw lines are tagged in batches, in file order, as NLTK tags them one by one.

In the property tests, lines that are valid but have no parse would be tagged; tagging is not what
they test, so the tagger is replaced by a trivial one (every token a noun).
"""
import gzip
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexnli import text
from lexnli.corpora.lines import ReadReport, parse_lines
from lexnli.corpora.sick import read_sick
from lexnli.corpora.snli import read_snli
from lexnli.errors import CorpusFormatError

from tests.helpers.noisy_snli import noisy_records
from tests.helpers.raw_text import HAND_WRITTEN

SETTINGS = settings(max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def trivial_tagger(monkeypatch):
    monkeypatch.setattr(text, "tokenize_and_tag_many",
                        lambda texts, tagger="fast": [(tuple(s.split()), ("NN",) * len(s.split())) for s in texts])


def read_or_format_error(read, path):
    try:
        pairs = read(path)
    except CorpusFormatError as exc:
        assert str(path.name) in str(exc)
        return None
    assert all(pair.premise.tokens is not None for pair in pairs)  # (all "-" pairs: none kept, no error)
    return pairs


@SETTINGS
@given(data=st.binary(max_size=400), suffix=st.sampled_from([".jsonl", ".txt", ".jsonl.gz", ".zip"]))
def test_random_bytes(trivial_tagger, tmp_path, data, suffix):
    path = tmp_path / f"random{suffix}"
    path.write_bytes(data)
    read_or_format_error(read_snli, path)
    sick = tmp_path / "SICK.txt"
    sick.write_bytes(data)
    read_or_format_error(lambda p: read_sick(p), sick)


LABELS = st.sampled_from(["entailment", "neutral", "contradiction", "-", "", "maybe"])
TEXTS = st.text(max_size=30)
PARSES = st.one_of(st.none(), TEXTS, st.builds(lambda w, t: f"(ROOT (S ({t} {w})))",
                                               st.from_regex(r"[a-z]{1,5}", fullmatch=True),
                                               st.sampled_from(["NN", "VB", "DT"])))
RECORDS = st.fixed_dictionaries({"gold_label": LABELS, "sentence1": TEXTS, "sentence2": TEXTS},
                                optional={"sentence1_parse": PARSES, "sentence2_parse": PARSES,
                                          "pairID": TEXTS, "annotator_labels": st.lists(LABELS, max_size=3)})
LINES = st.one_of(RECORDS.map(json.dumps), TEXTS, st.just(""), st.just("[]"))


@SETTINGS
@given(lines=st.lists(LINES, max_size=8))
def test_random_jsonl_lines(trivial_tagger, tmp_path, lines):
    path = tmp_path / "lines.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    read_or_format_error(read_snli, path)


@SETTINGS
@given(rows=st.lists(st.lists(st.text(alphabet=st.characters(blacklist_characters="\t\n\r"), max_size=12),
                              min_size=3, max_size=5), max_size=6),
       header=st.sampled_from(["gold_label\tsentence1\tsentence2", "sentence1\tsentence2", ""]))
def test_random_txt_rows(trivial_tagger, tmp_path, rows, header):
    path = tmp_path / "rows.txt"
    path.write_text("\n".join([header] + ["\t".join(r) for r in rows]) + "\n", encoding="utf-8",
                    errors="surrogatepass")
    read_or_format_error(read_snli, path)


def test_readers_batch_raw_lines_and_keep_order(tagger, tmp_path):
    from lexnli.corpora.lines import build_pairs
    from lexnli.corpora.snli import read_snli

    lines = [{"gold_label": "neutral", "sentence1": s, "sentence2": HAND_WRITTEN[-1 - i], "pairID": str(i)}
             for i, s in enumerate(HAND_WRITTEN[:7])]
    lines[2]["sentence1_parse"] = "(ROOT (S (NP (DT The) (NNS kids)) (VP (VBP sleep)) (. .)))"
    path = tmp_path / "raw.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    fast, reference = read_snli(path), read_snli(path, tagger="nltk")
    assert fast.pairs == reference.pairs
    assert [p.pair_id for p in fast] == [str(i) for i in range(7)]
    assert fast[2].premise.tokens == ("The", "kids", "sleep", ".")
    pending = [((line["sentence1"], None), (line["sentence2"], None), lambda p, h: (p.tags, h.tags)) for line in lines]
    assert list(build_pairs(pending, batch_size=2)) == list(build_pairs(pending, tagger="nltk"))


class CountingStream(io.BytesIO):
    """A byte stream that counts the bytes its lines gave."""

    given = 0

    def readline(self, size=-1):
        line = super().readline(size)
        self.given += len(line)
        return line


def test_a_line_longer_than_the_cap_is_refused_having_read_at_most_the_cap(tmp_path):
    good = json.dumps(noisy_records(1, seed=3)[0]).encode()
    long_line = b'{"sentence1": "' + b"a" * 3_000_000 + b'"}'  # no newline: the rest of the file
    stream = CountingStream(good + b"\n" + long_line)
    lines = parse_lines("long.jsonl", stream, lambda lineno, line: line, on_error="raise",
                        report=ReadReport("long.jsonl"), max_line_bytes=1000)
    with pytest.raises(CorpusFormatError, match=r"^long.jsonl, line 2: longer than 1,000 bytes") as err:
        list(lines)
    assert err.value.line == 2 and stream.given <= len(good) + 1 + 1002
    content = good + b"\n" + long_line + b"\n" + good + b"\n"
    for name, data in (("long.jsonl", content), ("long.jsonl.gz", gzip.compress(content))):
        (tmp_path / name).write_bytes(data)
        with pytest.raises(CorpusFormatError, match=rf"{name}, line 2: longer than 1,000 bytes"):
            read_snli(tmp_path / name, max_line_bytes=1000)


def test_the_cap_counts_no_line_ending_and_a_skipped_long_line_keeps_the_numbering():
    lines = [b"x" * 10 + b"\r\n", b"y" * 10 + b"\n", b"z" * 11 + b"\n", b"w" * 25 + b"\n", b"\n", b"v" * 10]
    stream = io.BytesIO(b"".join(lines))
    report = ReadReport("lines")
    read = list(parse_lines("lines", stream, lambda lineno, line: (lineno, line.rstrip("\r\n")), on_error="skip",
                            report=report, max_line_bytes=10))
    assert read == [(1, "x" * 10), (2, "y" * 10), (5, ""), (6, "v" * 10)]
    assert [e.line for e in report.skipped] == [3, 4]
    assert all(e.problem.startswith("longer than 10 bytes") for e in report.skipped)


def test_the_counts_read_are_written_with_thousands_separators(caplog):
    caplog.set_level("INFO", "lexnli")
    ReadReport("train.jsonl", n_read=550_152, n_unlabeled=785).log()
    ReadReport("dev.jsonl", n_read=12_286, skipped=[CorpusFormatError("dev.jsonl", 3, "bad")] * 1_001).log()
    assert caplog.messages == ["train.jsonl: 550,152 pairs read, 785 with gold label '-' excluded",
                               "dev.jsonl: 12,286 pairs read; 1,001 malformed lines skipped (first: "
                               f"{CorpusFormatError('dev.jsonl', 3, 'bad')})"]
