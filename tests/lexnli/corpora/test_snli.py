"""SNLI reader: the same records from every distribution form, exact counts, and every bad-input error."""
import gzip
import json
import re
import sys
import zipfile
from collections import Counter

import pytest

from lexnli.corpora.lines import ReadReport
from lexnli.corpora.snli import MAX_JSON_DEPTH, check_snli, iter_parses, iter_snli, read_snli
from lexnli.errors import CorpusFormatError

from tests.conftest import shared_file
from tests.helpers.noisy_snli import noisy_records

TXT_HEADER = ["gold_label", "sentence1_binary_parse", "sentence2_binary_parse", "sentence1_parse",
              "sentence2_parse", "sentence1", "sentence2", "captionID", "pairID",
              "label1", "label2", "label3", "label4", "label5"]


def to_txt_line(record: dict) -> str:
    labels = record["annotator_labels"] + [""] * (5 - len(record["annotator_labels"]))
    return "\t".join([record[c] for c in TXT_HEADER[:9]] + labels)


@pytest.fixture(scope="module")
def dev_records(snli_dev_path):
    """The first 80 dev lines (they include "-" pairs) as dicts."""
    with gzip.open(snli_dev_path, "rt", encoding="utf-8") as f:
        records = [json.loads(next(f)) for _ in range(80)]
    assert any(r["gold_label"] == "-" for r in records)
    return records


@pytest.fixture(scope="module")
def dev_forms(dev_records, tmp_path_factory):
    """The same dev lines written as .jsonl, .jsonl.gz, .txt, .txt.gz, a zip and an extracted folder."""
    root = tmp_path_factory.mktemp("forms")
    jsonl = "".join(json.dumps(r) + "\n" for r in dev_records)
    txt = "\t".join(TXT_HEADER) + "\n" + "".join(to_txt_line(r) + "\n" for r in dev_records)
    (root / "dev.jsonl").write_text(jsonl, encoding="utf-8")
    (root / "dev.txt").write_text(txt, encoding="utf-8")
    with gzip.open(root / "dev.jsonl.gz", "wt", encoding="utf-8") as f:
        f.write(jsonl)
    with gzip.open(root / "dev.txt.gz", "wt", encoding="utf-8") as f:
        f.write(txt)
    with zipfile.ZipFile(root / "snli_1.0.zip", "w") as z:
        z.writestr("snli_1.0/snli_1.0_dev.jsonl", jsonl)
        z.writestr("snli_1.0/snli_1.0_dev.txt", txt)
    folder = root / "snli_1.0"
    folder.mkdir()
    (folder / "snli_1.0_dev.txt").write_text(txt, encoding="utf-8")
    return root


def test_every_form_gives_identical_records(dev_forms, dev_records):
    reference = read_snli(dev_forms / "dev.jsonl")
    assert len(reference) == sum(r["gold_label"] != "-" for r in dev_records)
    for source, split in [("dev.jsonl.gz", None), ("dev.txt", None), ("dev.txt.gz", None),
                          ("snli_1.0.zip", "dev"), ("snli_1.0", "dev")]:
        assert read_snli(dev_forms / source, split).pairs == reference.pairs, source


def test_records_carry_fields_tokens_and_tags(dev_forms, dev_records):
    pair = read_snli(dev_forms / "dev.jsonl")[0]
    first = dev_records[0]
    assert pair.pair_id == first["pairID"] and pair.caption_id == first["captionID"]
    assert pair.label == first["gold_label"]
    assert pair.annotator_labels == tuple(first["annotator_labels"])
    assert pair.premise.text == first["sentence1"] and pair.premise.parse == first["sentence1_parse"]
    assert pair.premise.tokens[:2] == ("Two", "women") and pair.premise.tags[:2] == ("CD", "NNS")


def test_unlabeled_excluded_and_counted_or_kept(dev_forms, dev_records):
    n_dash = sum(r["gold_label"] == "-" for r in dev_records)
    corpus = read_snli(dev_forms / "dev.jsonl")
    assert corpus.report.n_unlabeled == n_dash
    kept = read_snli(dev_forms / "dev.jsonl", keep_unlabeled=True)
    assert len(kept) == len(dev_records)
    assert sum(p.label is None for p in kept) == n_dash


def test_lemmas_are_an_option_and_case_is_kept(dev_forms):
    plain = read_snli(dev_forms / "dev.jsonl")[0]
    with_lemmas = read_snli(dev_forms / "dev.jsonl", lemmas=True)[0]
    assert plain.premise.tokens[0] == "Two" == with_lemmas.premise.tokens[0]  # lowercasing is the featurizer's
    assert plain.premise.lemmas is None
    assert with_lemmas.premise.lemmas[1] == "woman"  # "women" (NNS) -> "woman"


def test_line_without_parse_is_tokenized_and_tagged(tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps({"gold_label": "neutral", "sentence1": "A dog runs (fast) in the park.",
                                "sentence2": "An animal is outside."}) + "\n", encoding="utf-8")
    pair = read_snli(path)[0]
    assert pair.premise.tokens == ("A", "dog", "runs", "(", "fast", ")", "in", "the", "park", ".")
    assert pair.premise.tags[1] == "NN" and pair.premise.parse is None


GOOD = json.dumps({"gold_label": "neutral", "sentence1": "A man.", "sentence2": "A person."})
BAD_LINES = {
    "invalid JSON": '{"gold_label": "neutral", ',
    "no sentence fields: expected sentence1 and sentence2, or premise and hypothesis (fields found: gold_label, "
    "sentence1); in Python, columns=(PREMISE, HYPOTHESIS)": json.dumps({"gold_label": "neutral",
                                                                        "sentence1": "A man."}),
    "field 'sentence2' is not a string: 3": json.dumps({"gold_label": "neutral", "sentence1": "A", "sentence2": 3}),
    "unknown gold_label 'maybe'": json.dumps({"gold_label": "maybe", "sentence1": "a", "sentence2": "b"}),
    "a line must be a JSON object": "[1, 2]",
    # Python's decoder reads these, but they are not JSON, and a prediction line would write them back as such
    "holds NaN, which is not JSON": GOOD[:-1] + ', "score": NaN}',
    "holds -Infinity, which is not JSON": GOOD[:-1] + ', "score": [1, -Infinity]}',
    "holds 1e999, a number beyond a float's range": GOOD[:-1] + ', "score": 1e999}',
}


@pytest.mark.parametrize("problem", sorted(BAD_LINES))
def test_bad_line_names_file_line_and_problem(tmp_path, problem):
    path = tmp_path / "bad.jsonl"
    path.write_text(f"{GOOD}\n{GOOD}\n{BAD_LINES[problem]}\n{GOOD}\n", encoding="utf-8")
    with pytest.raises(CorpusFormatError) as err:
        read_snli(path)
    assert err.value.line == 3 and str(path) in str(err.value) and problem in str(err.value)


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 100_000])
def test_a_line_nested_too_deeply_names_file_and_line(tmp_path, depth):
    """100,000 levels exhaust the decoder's recursion; a line it can decode is refused from a smaller depth."""
    good = json.dumps(noisy_records(1, seed=4)[0])
    nested = good[:-1] + ', "deep": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"
    path = tmp_path / "deep.jsonl"
    path.write_text(f"{good}\n{nested}\n", encoding="utf-8")
    message = f"deep.jsonl, line 2: nested too deeply (arrays or objects more than {MAX_JSON_DEPTH} levels deep)"
    with pytest.raises(CorpusFormatError, match=re.escape(message)):
        read_snli(path)
    shallow = good[:-1] + ', "deep": ' + "[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1) + "}"
    path.write_text(f"{good}\n{shallow}\n", encoding="utf-8")
    assert len(read_snli(path)) == 2


@pytest.mark.skipif(not hasattr(sys, "get_int_max_str_digits"), reason="Python reads integers of any length")
def test_an_integer_too_long_for_python_names_file_and_line(tmp_path):
    path = tmp_path / "long_int.jsonl"
    path.write_text(f"{GOOD}\n" + GOOD[:-1] + ', "id": ' + "7" * (sys.get_int_max_str_digits() + 1) + "}\n")
    with pytest.raises(CorpusFormatError, match=r"long_int.jsonl, line 2: not readable JSON \(exceeds the limit"):
        read_snli(path)


def test_non_utf8_byte_is_an_error_with_line(tmp_path):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(f"{GOOD}\n".encode() + b'{"gold_label": "neutral", "sentence1": "caf\xe9", "sentence2": "x"}\n')
    with pytest.raises(CorpusFormatError, match=r"line 2: not valid UTF-8"):
        read_snli(path)


def test_txt_with_wrong_field_count(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("\t".join(TXT_HEADER) + "\nneutral\tonly two fields\n", encoding="utf-8")
    with pytest.raises(CorpusFormatError, match=r"line 2: expected 14 tab-separated fields, found 2"):
        read_snli(path)


def test_skip_mode_counts_and_reports_every_bad_line(tmp_path, caplog):
    path = tmp_path / "bad.jsonl"
    path.write_bytes("\n".join([GOOD, *BAD_LINES.values(), GOOD]).encode() + b"\n\xff\xfe\n")
    corpus = read_snli(path, on_error="skip")
    assert len(corpus) == 2
    n_bad = len(BAD_LINES)
    assert [e.line for e in corpus.report.skipped] == [*range(2, 2 + n_bad), n_bad + 3]
    assert f"{n_bad + 1} malformed lines skipped" in caplog.text


def test_truncated_gzip_is_an_error_not_a_short_corpus(tmp_path, snli_dev_path):
    data = snli_dev_path.read_bytes()
    path = tmp_path / "truncated.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CorpusFormatError, match="damaged or truncated"):
        read_snli(path, on_error="skip")


def test_zip_or_folder_need_a_split(dev_forms):
    with pytest.raises(CorpusFormatError, match="zip archive: name the split"):
        read_snli(dev_forms / "snli_1.0.zip")
    with pytest.raises(FileNotFoundError):
        read_snli(dev_forms / "snli_1.0", "train")


def test_a_missing_file_is_named(tmp_path):
    missing = tmp_path / "snli_1.0_dev.jsonl"
    with pytest.raises(FileNotFoundError, match=f"^SNLI file not found: {re.escape(str(missing))}$"):
        read_snli(missing)


def test_iterator_fills_report(dev_forms):
    report = ReadReport("x")
    n = sum(1 for _ in iter_snli(dev_forms / "dev.jsonl", report=report))
    assert n == report.n_read and report.n_unlabeled > 0


def test_empty_and_header_only_files_are_errors(tmp_path):
    (tmp_path / "empty.jsonl").write_text("\n\n")
    with pytest.raises(CorpusFormatError, match="empty.jsonl: no pairs"):
        read_snli(tmp_path / "empty.jsonl")
    (tmp_path / "header.txt").write_text("gold_label\tsentence1\tsentence2\n")
    with pytest.raises(CorpusFormatError, match="header.txt: no pairs"):
        read_snli(tmp_path / "header.txt")
    with gzip.open(tmp_path / "empty.jsonl.gz", "wb"):
        pass
    with pytest.raises(CorpusFormatError, match="no pairs"):
        read_snli(tmp_path / "empty.jsonl.gz")


def test_a_byte_order_mark_is_accepted(template_files, tmp_path):
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + template_files["dev"].read_bytes())
    assert len(read_snli(bom)) == 20
    txt = tmp_path / "bom.txt"
    first = json.loads(template_files["dev"].read_text().splitlines()[0])
    txt.write_bytes(b"\xef\xbb\xbf" + "gold_label\tsentence1_parse\tsentence2_parse\tsentence1\tsentence2\n".encode()
                    + "\t".join([first["gold_label"], first["sentence1_parse"], first["sentence2_parse"],
                                 first["sentence1"], first["sentence2"]]).encode() + b"\n")
    assert read_snli(txt)[0].premise.tokens[1] == first["sentence1"].split()[1]


@pytest.mark.parametrize("parse,problem", [("(ROOT (S (DT A) (NN man)", "balanced brackets"),
                                           ("A man", "balanced brackets"), ("(ROOT (S))", "no (TAG word) leaf"),
                                           # as many brackets closed as opened, but not one tree
                                           ("(ROOT (DT A))) ((NN man)", "balanced brackets"),
                                           ("(DT A) (NN man)", "balanced brackets")])
def test_a_malformed_parse_names_file_and_line(parse, problem, template_files, tmp_path):
    lines = template_files["dev"].read_text().splitlines()
    record = json.loads(lines[2])
    record["sentence2_parse"] = parse
    lines[2] = json.dumps(record)
    bad = tmp_path / "bad_parse.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(CorpusFormatError, match=rf"bad_parse.jsonl, line 3: sentence2_parse .*{re.escape(problem)}"):
        read_snli(bad)


@pytest.mark.parametrize("name, n_pairs, counts, n_dash", [
    ("snli_1.0_dev.jsonl.gz", 9842, {"entailment": 3329, "contradiction": 3278, "neutral": 3235}, 158),
    ("snli_1.0_test.jsonl.gz", 9824, {"entailment": 3368, "contradiction": 3237, "neutral": 3219}, 176),
])
def test_official_dev_and_test_counts(name, n_pairs, counts, n_dash):
    corpus = read_snli(shared_file(f"snli_1.0/{name}"))
    assert len(corpus) == n_pairs and corpus.report.n_unlabeled == n_dash
    assert Counter(corpus.labels) == counts
    # no empty or blank sentence: the commands that predict and evaluate, which refuse one, read them whole
    assert check_snli(shared_file(f"snli_1.0/{name}"), allow_blank=False) == n_pairs + n_dash


def test_train_subset_counts_and_tags_everywhere(tmp_path):
    """Counts over every line (read as JSON); the reader's counts and tags on a sample of them.

    Reading the whole subset tags its ~31k unparsed pairs (about 40 s); the sample keeps every
    "-" line and every 25th line, parsed or not, and is read by the reader in about 2 s.
    """
    with gzip.open(shared_file("snli_1.0/snli_1.0_train_subset.jsonl.gz"), "rt", encoding="utf-8") as f:
        lines = f.read().splitlines()
    labels = [json.loads(line)["gold_label"] for line in lines]
    assert len(labels) - labels.count("-") == 52937 and labels.count("-") == 6
    sample = [line for i, (line, label) in enumerate(zip(lines, labels)) if label == "-" or i % 25 == 0]
    assert sum('"sentence1_parse"' not in line for line in sample) > 1000  # the tagger is exercised
    (tmp_path / "sample.jsonl").write_text("\n".join(sample) + "\n", encoding="utf-8")
    corpus = read_snli(tmp_path / "sample.jsonl")
    assert len(corpus) == len(sample) - 6 and corpus.report.n_unlabeled == 6
    assert all(p.premise.tags and p.hypothesis.tags for p in corpus)
    assert all(len(p.premise.tags) == len(p.premise.tokens) for p in corpus)


def test_an_encoded_lone_surrogate_is_refused_naming_the_field_as_an_escaped_one(tmp_path):
    # in .txt, or raw in JSON, a lone surrogate is bytes that are not UTF-8 (ED A0 80): refused like JSON's \ud800
    surrogate = "\ud800".encode("utf-8", "surrogatepass")
    txt = tmp_path / "pairs.txt"
    txt.write_bytes(b"gold_label\tsentence1\tsentence2\nneutral\tA dog\tA cat\nneutral\tA dog\tA " + surrogate + b"\n")
    with pytest.raises(CorpusFormatError, match=r"pairs.txt, line 3: field 'sentence2' holds a lone surrogate"):
        read_snli(txt)
    jsonl = tmp_path / "raw.jsonl"
    jsonl.write_bytes(f"{GOOD}\n".encode() + b'{"gold_label": "neutral", "sentence1": "a", "sentence2": "x", '
                      b'"pairID": "p' + surrogate + b'"}\n')
    with pytest.raises(CorpusFormatError, match=r"raw.jsonl, line 2: field 'pairID' holds a lone surrogate"):
        read_snli(jsonl)
    (tmp_path / "bad.jsonl").write_bytes(b"{" + surrogate + b"\n")  # no record to name a field of
    with pytest.raises(CorpusFormatError, match=r"line 1: the line holds a lone surrogate"):
        read_snli(tmp_path / "bad.jsonl")


def test_txt_without_gold_label_is_read_unlabeled_where_labels_are_not_required(tmp_path):
    path = tmp_path / "pairs.txt"
    premise, hypothesis = "(ROOT (S (NP (DT A) (NN dog)) (VP (VBZ runs))))", "(ROOT (S (NP (DT An) (NN animal)) " \
        "(VP (VBZ runs))))"
    path.write_text(f"sentence1_parse\tsentence2_parse\tsentence1\tsentence2\n{premise}\t{hypothesis}\tA dog runs"
                    f"\tAn animal runs\n", encoding="utf-8")
    pairs = list(iter_snli(path, keep_unlabeled=True, require_label=False))
    assert [(p.premise.tokens, p.label) for p in pairs] == [(("A", "dog", "runs"), None)]
    with pytest.raises(CorpusFormatError, match="pairs.txt, line 1: the header row must name the gold label: "
                                                "gold_label or label"):
        read_snli(path)
    (tmp_path / "no_text.txt").write_text("gold_label\tsentence1\nneutral\tA dog runs\n", encoding="utf-8")
    with pytest.raises(CorpusFormatError, match="the header row names no sentence fields: expected sentence1 and "
                                                "sentence2, or premise and hypothesis"):
        list(iter_snli(tmp_path / "no_text.txt", keep_unlabeled=True, require_label=False))


def test_iter_parses_gives_each_sentences_parse_without_tagging(tmp_path):
    parse = "(ROOT (S (NP (DT A) (NN dog)) (VP (VBZ runs))))"
    lines = [{"gold_label": "-", "sentence1": "A dog runs", "sentence2": "x", "sentence1_parse": parse},
             {"sentence1": "No parse", "sentence2": "here"},
             {"gold_label": "neutral", "sentence1": "a", "sentence2": "A dog runs", "sentence1_parse": "",
              "sentence2_parse": parse}]
    path = tmp_path / "train.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert list(iter_parses(path)) == [("A dog runs", parse), ("A dog runs", parse)]
    path.write_text(json.dumps({**lines[0], "sentence1_parse": "(ROOT (S"}) + "\n", encoding="utf-8")
    with pytest.raises(CorpusFormatError, match="train.jsonl, line 1: sentence1_parse is not a bracketed parse"):
        list(iter_parses(path))
