"""One reader of pairs: .jsonl, .tsv/.txt, .csv (gzipped or not) and standard input give the same pairs,
under SNLI's field names or Hugging Face's, with integer labels in the Hugging Face convention."""
import csv
import gzip
import io
import json
import sys

import pandas as pd
import pytest

from lexnli.corpora import read_frame
from lexnli.corpora.snli import check_snli, iter_snli, read_snli
from lexnli.errors import CorpusFormatError

# (premise, hypothesis, integer label): 0 entailment, 1 neutral, 2 contradiction, -1 no gold label
ROWS = [("A man, tall, sleeps.", "A man is awake.", 2), ("A dog runs.", "An animal moves.", 0),
        ("A girl sings.", "A girl sings well.", 1), ("Two men talk.", "Men speak.", -1)]
NAMES = {0: "entailment", 1: "neutral", 2: "contradiction", -1: None}


def expected(keep_unlabeled=True):
    return [(p, h, NAMES[y]) for p, h, y in ROWS if keep_unlabeled or y != -1]


def read(source, **options):
    pairs = iter_snli(source, keep_unlabeled=True, require_label=False, **options)
    return [(pair.premise.text, pair.hypothesis.text, pair.label) for pair in pairs]


def write_delimited(path, delimiter, header, labels=True, opener=open):
    with opener(path, "wt", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, delimiter=delimiter, lineterminator="\n")
        if header:
            writer.writerow(header)
        for p, h, y in ROWS:
            writer.writerow([p, h, y] if labels else [p, h])
    return path


def stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8"))


@pytest.mark.parametrize("names", [("sentence1", "sentence2", "gold_label"), ("premise", "hypothesis", "label")])
def test_every_format_and_both_field_names_give_the_same_pairs(names, tmp_path, tagger):
    jsonl = tmp_path / "pairs.jsonl"
    jsonl.write_text("".join(json.dumps(dict(zip(names, row))) + "\n" for row in ROWS), encoding="utf-8")
    files = [jsonl, write_delimited(tmp_path / "pairs.tsv", "\t", names),
             write_delimited(tmp_path / "pairs.txt", "\t", names),
             write_delimited(tmp_path / "pairs.csv", ",", names),
             write_delimited(tmp_path / "pairs.csv.gz", ",", names, opener=gzip.open),
             write_delimited(tmp_path / "headerless.tsv", "\t", None)]
    for path in files:
        assert read(path) == expected(), path.name
        assert check_snli(path, require_label=False) == len(ROWS)
    assert [(p.premise.text, p.label) for p in read_snli(files[3])] == [(p, y) for p, _, y in expected(False)]


def test_standard_input_is_read_as_a_file_is(tmp_path, monkeypatch, tagger):
    for path in (write_delimited(tmp_path / "a.tsv", "\t", ("premise", "hypothesis", "label")),
                 write_delimited(tmp_path / "b.tsv", "\t", None),
                 write_delimited(tmp_path / "c.csv", ",", ("sentence1", "sentence2", "gold_label"))):
        stdin(monkeypatch, "\n" + path.read_text(encoding="utf-8"))
        assert read("-") == expected(), path.name
    stdin(monkeypatch, "".join(json.dumps({"premise": p, "hypothesis": h, "label": y}) + "\n" for p, h, y in ROWS))
    assert read("-") == expected()
    # comma-separated lines without a header are told only by the format named
    stdin(monkeypatch, write_delimited(tmp_path / "d.csv", ",", None).read_text(encoding="utf-8"))
    with pytest.raises(CorpusFormatError, match=r"<stdin>, line 1: expected premise, hypothesis\[, gold label\] "
                                                r"\(tab-separated, no header row\), found 1 field"):
        read("-")
    stdin(monkeypatch, (tmp_path / "d.csv").read_text(encoding="utf-8"))
    assert read("-", format="csv") == expected()


def test_the_format_is_told_by_the_suffix_or_named(tmp_path, tagger):
    odd = write_delimited(tmp_path / "pairs.dat", ",", ("premise", "hypothesis"), labels=False)
    with pytest.raises(CorpusFormatError, match=r"pairs.dat: unknown type of pair file: expected \.jsonl, \.txt, "
                                                r"\.tsv or \.csv, optionally \.gz \(or name the format: --format\)"):
        read(odd)
    assert read(odd, format="csv") == [(p, h, None) for p, h, _ in ROWS]
    with pytest.raises(ValueError, match="format must be one of"):
        read(odd, format="xml")


@pytest.mark.parametrize("content, problem", [
    ("premise,hypothesis\n\"A man, tall,B\n", "line 2: not a comma-separated line"),
    ("premise,hypothesis,label\nA man.,A man.,7\n", "line 2: field 'label': 7 is not a label (a name, '-', or an "
                                                    "integer: 0 entailment, 1 neutral, 2 contradiction, -1 none)"),
    ("premise,hypothesis,label\nA man.,A man.,maybe\n", "line 2: unknown label 'maybe'"),
    ("premise,hypothesis\nA man.,A man.,extra\n", "line 2: expected 2 comma-separated fields, found 3"),
    ("text,label\nA man.,0\n", "line 1: the header row names no sentence fields: expected sentence1 and sentence2, "
                               "or premise and hypothesis (found text, label)"),
])
def test_a_bad_delimited_line_names_file_line_and_problem(content, problem, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CorpusFormatError) as err:
        check_snli(path, require_label=False)
    assert str(err.value) == f"{path}, {problem}" or str(err.value).startswith(f"{path}, {problem}")


def test_a_missing_label_is_an_error_only_where_labels_are_required(tmp_path, tagger):
    path = write_delimited(tmp_path / "pairs.tsv", "\t", ("premise", "hypothesis"), labels=False)
    assert check_snli(path, require_label=False) == len(ROWS)
    with pytest.raises(CorpusFormatError, match="line 1: the header row must name the gold label: gold_label or label"):
        check_snli(path)
    jsonl = tmp_path / "pairs.jsonl"
    jsonl.write_text(json.dumps({"premise": "A man.", "hypothesis": "A man."}) + "\n", encoding="utf-8")
    with pytest.raises(CorpusFormatError, match="line 1: no gold label: expected a field gold_label or label"):
        check_snli(jsonl)


def test_tables_take_either_column_pair_and_their_labels(tagger):
    from featurize import PairFeaturizer

    snli = pd.DataFrame([{"sentence1": p, "sentence2": h, "gold_label": NAMES[y] or "-"} for p, h, y in ROWS])
    hf = pd.DataFrame([{"premise": p, "hypothesis": h, "label": y} for p, h, y in ROWS])
    for frame in (snli, hf):
        assert [(p.premise.text, p.hypothesis.text, p.label) for p in read_frame(frame)] == expected(False)
    featurizer = PairFeaturizer("lexicalized").fit(hf)
    X = featurizer.transform(hf)
    assert X.nnz and (featurizer.transform(snli) != X).nnz == 0
    renamed = hf.rename(columns={"premise": "text_a", "hypothesis": "text_b"})
    with pytest.raises(CorpusFormatError, match=r"DataFrame: no sentence fields: expected sentence1 and sentence2, or "
                                                r"premise and hypothesis \(fields found: text_a, text_b, label\); in "
                                                r"Python, columns=\(PREMISE, HYPOTHESIS\) names others"):
        featurizer.transform(renamed)
    assert (featurizer.set_params(columns=("text_a", "text_b")).transform(renamed) != X).nnz == 0
