"""lexnli.corpora.lines, the line reading every corpus reader shares: random bytes and random lines give
pairs or the documented error (CorpusFormatError naming the file), never another exception or a hang;
raw lines are tagged in batches, in file order, as NLTK tags them one by one.

In the property tests, lines that are valid but have no parse would be tagged; tagging is not what
they test, so the tagger is replaced by a trivial one (every token a noun).
"""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexnli import text
from lexnli.corpora.sick import read_sick
from lexnli.corpora.snli import read_snli
from lexnli.errors import CorpusFormatError

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
