"""Property tests of the corpus readers: random bytes and random lines give pairs or the
documented error (CorpusFormatError naming the file), never another exception or a hang.

Lines that are valid but have no parse would be tagged; tagging is not what is tested here, so
the tagger is replaced by a trivial one (every token a noun).
"""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexnli import text
from lexnli.corpora.sick import read_sick
from lexnli.corpora.snli import read_snli
from lexnli.errors import CorpusFormatError

SETTINGS = settings(max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
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
def test_random_bytes(tmp_path, data, suffix):
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
def test_random_jsonl_lines(tmp_path, lines):
    path = tmp_path / "lines.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    read_or_format_error(read_snli, path)


@SETTINGS
@given(rows=st.lists(st.lists(st.text(alphabet=st.characters(blacklist_characters="\t\n\r"), max_size=12),
                              min_size=3, max_size=5), max_size=6),
       header=st.sampled_from(["gold_label\tsentence1\tsentence2", "sentence1\tsentence2", ""]))
def test_random_txt_rows(tmp_path, rows, header):
    path = tmp_path / "rows.txt"
    path.write_text("\n".join([header] + ["\t".join(r) for r in rows]) + "\n", encoding="utf-8",
                    errors="surrogatepass")
    read_or_format_error(read_snli, path)
