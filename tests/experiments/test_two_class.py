"""Two-class comparison: SICK and RTE-3 readers, lexical families, classifiers, and the experiment end to end.

The SICK reader runs on a small fixture written here (CRLF, gzip, a bad line); RTE-3 on NLTK's
real data (skipped when absent). Lexical families are checked on hand-made pairs with explicit
tags against WordNet (skipped without it) and a small in-memory VerbOcean; the fast path must
agree with the reference on those and on SNLI dev pairs. The experiment runs on tiny SNLI and
SICK files written by the test.
"""
import csv
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import lexical_resources
from featurize import FAMILIES, Pair, PairFeaturizer, Sentence, reference_features
from featurize.families import lexical
from lexical_resources import VerbOcean
from lexnli.corpora.lines import ReadReport
from lexnli.corpora.sick import SICK_SHA256, read_sick, verify_sick
from lexnli.errors import CorpusFormatError, DataNotFoundError, ResourceMissingError

from tests.conftest import REPO, shared_file
from tests.helpers.sick import SICK_ROWS, sick_text, write_sick

LEXICAL = ["bag_overlap", "wordnet", "verbocean", "tree"]

# ---- fixtures -----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def wordnet(tagger):
    try:
        return lexical_resources.get_wordnet()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))


TINY_VERBOCEAN = """# a tiny VerbOcean for tests
kill [stronger-than] wound :: 5.0
sleep [opposite-of] wake :: 3.0
wake [opposite-of] sleep :: 3.0
buy [similar] purchase :: 10.5
"""


@pytest.fixture
def tiny_verbocean(tmp_path, monkeypatch):
    """LEXNLI_VERBOCEAN pointing at a four-line VerbOcean file; resources reloaded around the test."""
    path = tmp_path / "verbocean.txt"
    path.write_text(TINY_VERBOCEAN, encoding="utf-8")
    monkeypatch.setenv("LEXNLI_VERBOCEAN", str(path))
    monkeypatch.setenv("LEXNLI_VERBOCEAN_VARIANT", "1")  # our own variant, not the official file
    lexical_resources.reset_resources()
    yield path
    lexical_resources.reset_resources()


# ---- SICK ---------------------------------------------------------------------------------

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


def test_sick_path_resolution(tmp_path, monkeypatch, tagger):
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


# ---- RTE-3 -------------------------------------------------------------------------------

def test_rte3_real_data(tagger):
    from lexnli.corpora.rte import read_rte3

    try:
        dev = read_rte3("dev")
    except ResourceMissingError as exc:
        pytest.skip(str(exc))
    test = read_rte3("TEST")
    assert len(dev) == 800 and len(test) == 800
    assert sum(p.label == "entailment" for p in dev) == 412
    assert {p.label for p in dev} == {"entailment", "non-entailment"}
    assert dev[0].pair_id == "3-1" and dev[0].hypothesis.text == "Baikalfinansgroup was sold to Rosneft."
    with pytest.raises(ValueError, match="'dev' or 'test'"):
        read_rte3("train")


def test_missing_nltk_data_errors(tmp_path):
    """Without NLTK data, RTE and WordNet fail with a message saying how to install them."""
    script = (
        "import nltk\n"
        "from lexnli.errors import ResourceMissingError\n"
        "from lexnli.corpora.rte import read_rte3\n"
        "import lexical_resources\n"
        "for call in (lambda: read_rte3('dev'), lexical_resources.get_wordnet):\n"
        "    try:\n"
        "        call()\n"
        "    except ResourceMissingError as exc:\n"
        "        print('MISSING', exc)\n"
        "    else:\n"
        "        print('FOUND')\n")
    env = {**os.environ, "NLTK_DATA": str(tmp_path), "HOME": str(tmp_path), "LEXNLI_NO_DOWNLOAD": "1"}
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True,
                         timeout=120).stdout
    if "FOUND" in out:
        pytest.skip("NLTK data is installed system-wide: cannot simulate its absence")
    assert "python -m nltk.downloader rte" in out and "NLTK_DATA" in out
    assert "python -m nltk.downloader wordnet" in out


def test_missing_verbocean_error(tmp_path, monkeypatch):
    monkeypatch.setenv("LEXNLI_VERBOCEAN", str(tmp_path / "absent.txt"))
    lexical_resources.reset_resources()
    try:
        with pytest.raises(ResourceMissingError, match="LEXNLI_VERBOCEAN"):
            lexical_resources.get_verbocean()
    finally:
        lexical_resources.reset_resources()


# ---- lexical families on hand-made pairs ------------------------------------------------

def S(text: str, tags: str) -> Sentence:
    return Sentence(text=text, tokens=tuple(text.split()), tags=tuple(tags.split()))


HAND_PAIRS = {
    "hypernym": Pair(S("A dog chases a cat", "DT NN VBZ DT NN"), S("An animal chases a cat", "DT NN VBZ DT NN")),
    "antonym": Pair(S("The water is hot", "DT NN VBZ JJ"), S("The water is cold", "DT NN VBZ JJ")),
    "stronger": Pair(S("A man kills a bird", "DT NN VBZ DT NN"), S("A man wounds a bird", "DT NN VBZ DT NN")),
    "opposite": Pair(S("The man sleeps", "DT NN VBZ"), S("The man does not wake", "DT NN VBZ RB VB")),
    "synonym": Pair(S("A man in a blue shirt is riding a bike", "DT NN IN DT JJ NN VBZ VBG DT NN"),
                    S("A person rides a bicycle", "DT NN VBZ DT NN")),
    "holonym": Pair(S("A finger is bleeding", "DT NN VBZ VBG"), S("A hand is bleeding", "DT NN VBZ VBG")),
    "empty": Pair(S("", ""), S("", "")),
}


def nonzero(counter):
    return {k: round(v, 6) for k, v in counter.items() if v}


def test_wordnet_family_relations(wordnet, tiny_verbocean):
    f = nonzero(reference_features(HAND_PAIRS["hypernym"], "wordnet"))
    # H content words: animal (hypernym of dog), chases and cat (exact).
    assert f == {"wordnet_hyp_content": 3, "wordnet_exact_fraction": round(2 / 3, 6),
                 "wordnet_hypernym_fraction": round(1 / 3, 6), "wordnet_supported_fraction": 1}
    f = nonzero(reference_features(HAND_PAIRS["antonym"], "wordnet"))  # "is" is an auxiliary: not content
    assert f == {"wordnet_hyp_content": 2, "wordnet_exact_fraction": 0.5, "wordnet_antonym_fraction": 0.5,
                 "wordnet_supported_fraction": 0.5, "wordnet_antonym_pairs": 1}
    f = nonzero(reference_features(HAND_PAIRS["synonym"], "wordnet"))
    assert f["wordnet_synonym_fraction"] == round(1 / 3, 6)           # bike / bicycle
    assert f["wordnet_hypernym_fraction"] == round(1 / 3, 6)          # man -> person
    f = nonzero(reference_features(HAND_PAIRS["holonym"], "wordnet"))
    assert f["wordnet_holonym_fraction"] == 0.5                       # a finger is part of a hand
    assert nonzero(reference_features(HAND_PAIRS["empty"], "wordnet")) == {}


def test_verbocean_family_relations(wordnet, tiny_verbocean):
    assert nonzero(reference_features(HAND_PAIRS["stronger"], "verbocean")) == {
        "verbocean_hyp_verbs": 1, "verbocean_stronger_fraction": 1, "verbocean_supported_fraction": 1}
    assert nonzero(reference_features(HAND_PAIRS["opposite"], "verbocean")) == {
        "verbocean_hyp_verbs": 1, "verbocean_opposite_fraction": 1, "verbocean_opposite_pairs": 1}
    reversed_pair = Pair(HAND_PAIRS["stronger"].hypothesis, HAND_PAIRS["stronger"].premise)
    assert nonzero(reference_features(reversed_pair, "verbocean"))["verbocean_weaker_fraction"] == 1
    # "rides" vs "riding": same lemma; "is" is not a verb of interest.
    assert nonzero(reference_features(HAND_PAIRS["synonym"], "verbocean")) == {
        "verbocean_hyp_verbs": 1, "verbocean_same_fraction": 1, "verbocean_supported_fraction": 1}


def test_tree_family_roles(wordnet, tiny_verbocean):
    premise = HAND_PAIRS["synonym"].premise
    assert lexical.skeleton(premise.tokens, premise.tags, wordnet) == {
        "subject": ("man", "n"), "verb": ("ride", "v"), "object": ("bike", "n")}
    f = nonzero(reference_features(HAND_PAIRS["synonym"], "tree"))
    assert f["tree_subject_entailed"] == 1 and f["tree_verb_match"] == 1 and f["tree_object_match"] == 1
    f = nonzero(reference_features(HAND_PAIRS["stronger"], "tree"))
    assert f["tree_verb_entailed"] == 1                               # VerbOcean kill > wound
    f = nonzero(reference_features(HAND_PAIRS["opposite"], "tree"))
    assert f["tree_verb_conflict"] == 1 and f["tree_negation_mismatch"] == 1
    assert "tree_object_present" not in f
    # No verb in the premise: the hypothesis verb is "missing" there.
    fragment = Pair(S("A man on a bike", "DT NN IN DT NN"), S("A man rides", "DT NN VBZ"))
    f = nonzero(reference_features(fragment, "tree"))
    assert f["tree_verb_missing"] == 1 and f["tree_subject_match"] == 1


def test_bag_overlap_family(wordnet, tiny_verbocean):
    pair = Pair(S("Two dogs run .", "CD NNS VBP ."), S("A dog runs", "DT NN VBZ"))
    # words: P {two, dogs, run}, H {a, dog, runs}: nothing shared; lemmas: P {two, dog, run}, H {a, dog, run}.
    assert nonzero(reference_features(pair, "bag_overlap")) == {
        "bag_lemmas_h": round(2 / 3, 6), "bag_lemmas_p": round(2 / 3, 6), "bag_lemmas_product": round(4 / 9, 6)}


def fast_rows(pairs, family, lowercase=True):
    X = PairFeaturizer([family], lowercase=lowercase).fit_transform(pairs).toarray()
    assert X.shape == (len(pairs), len(FAMILIES[family].columns))
    return X


def reference_rows(pairs, family, lowercase=True):
    columns = FAMILIES[family].columns
    return np.array([[reference_features(p, family, lowercase=lowercase)[c] for c in columns] for p in pairs])


@pytest.mark.parametrize("family", LEXICAL)
@pytest.mark.parametrize("lowercase", [True, False])
def test_fast_agrees_with_reference_on_hand_pairs(wordnet, tiny_verbocean, family, lowercase):
    pairs = list(HAND_PAIRS.values())
    np.testing.assert_allclose(fast_rows(pairs, family, lowercase), reference_rows(pairs, family, lowercase))


@pytest.mark.parametrize("family", LEXICAL)
def test_fast_agrees_with_reference_on_snli(wordnet, family, snli_dev_path):
    from lexnli.corpora.snli import read_snli

    verbocean = shared_file("verbocean/verbocean.unrefined.2004-05-20.txt.gz")
    lexical_resources.set_resources(verbocean=VerbOcean.load(verbocean))
    try:
        pairs = read_snli(snli_dev_path).pairs[:400]
        np.testing.assert_allclose(fast_rows(pairs, family), reference_rows(pairs, family))
    finally:
        lexical_resources.reset_resources()


# ---- classifiers and the experiment ------------------------------------------------------

def test_collapse_and_classifiers(wordnet, tiny_verbocean):
    from classifiers.two_class import MajorityClassifier, OverlapClassifier, collapse, collapse_labels

    assert collapse("neutral") == collapse("contradiction") == "non-entailment"
    assert list(collapse_labels(["entailment", "non-entailment"])) == ["entailment", "non-entailment"]
    with pytest.raises(ValueError):
        collapse("-")
    pairs = [p for p in HAND_PAIRS.values()]
    labels = ["entailment", "non-entailment", "entailment", "non-entailment", "entailment", "non-entailment",
              "non-entailment"]
    assert list(MajorityClassifier().fit(pairs, labels).predict(pairs[:2])) == ["non-entailment"] * 2
    plain = OverlapClassifier().fit(pairs, labels)
    lex = OverlapClassifier(lexical_resources=True).fit(pairs, labels)
    assert len(plain.feature_names()) == 6
    assert len(lex.feature_names()) == 6 + sum(len(FAMILIES[f].columns) for f in LEXICAL[1:])
    assert lex.score(pairs, labels) >= plain.score(pairs, labels)
    assert set(lex.predict(pairs)) <= {"entailment", "non-entailment"}


def snli_record(premise, hypothesis, label):
    return json.dumps({"gold_label": label, "sentence1": premise, "sentence2": hypothesis})


def write_snli(path, n, offset=0):
    subjects = ["man", "woman", "dog", "child", "boy", "girl"]
    verbs = [("running", "sleeping"), ("eating", "dancing"), ("swimming", "reading")]
    places = ["park", "beach", "street", "kitchen"]
    lines = []
    for i in range(offset, offset + n):
        s, (v, w), place = subjects[i % 6], verbs[i % 3], places[i % 4]
        premise = f"A {s} is {v} in the {place}."
        kind = i % 3
        if kind == 0:
            lines.append(snli_record(premise, f"A {s} is {v}.", "entailment"))
        elif kind == 1:
            lines.append(snli_record(premise, f"A {s} is {w} at home.", "contradiction"))
        else:
            lines.append(snli_record(premise, f"The {s} is {v} with a friend today.", "neutral"))
    lines.append(snli_record("A man.", "A woman.", "-"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_experiment_end_to_end(tmp_path, wordnet, tiny_verbocean, monkeypatch):
    from classifiers.two_class import OverlapClassifier
    from experiments import two_class
    from experiments.two_class import COLUMNS, main

    fitted = []  # the settings of each overlap classifier the experiment fits

    class Recording(OverlapClassifier):
        def fit(self, X, y):
            fitted.append(self.get_params()["lexical_resources"])
            return super().fit(X, y)

    monkeypatch.setattr(two_class, "OverlapClassifier", Recording)

    train, dev, test = (write_snli(tmp_path / f"{s}.jsonl", n, o)
                        for s, n, o in (("train", 60, 0), ("dev", 15, 100), ("test", 18, 200)))
    sick = write_sick(tmp_path / "SICK.txt", sick_text())
    out = tmp_path / "out"
    assert main(["--train", str(train), "--dev", str(dev), "--test", str(test), "--sick", str(sick),
                 "--no-rte", "--out", str(out)]) == 0
    with open(out / "two_class.csv", newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        assert tuple(reader.fieldnames) == COLUMNS
        table = list(reader)
    systems = ["majority baseline", "edit distance", "edit distance + WordNet", "classifier",
               "classifier + lexical resources"]
    assert [(r["dataset"], r["system"]) for r in table] == [(d, s) for d in ("SNLI", "SICK") for s in systems]
    for row in table:
        assert 0 <= float(row["accuracy"]) <= 1
        assert row["n_train"] == ("60" if row["dataset"] == "SNLI" else "3")  # SICK: TRAIN + TRIAL
        assert (row["paper_accuracy"] != "") == (row["dataset"] == "SNLI" and row["system"] != "edit distance + WordNet")
    paper = {r["system"]: r["paper_accuracy"] for r in table if r["dataset"] == "SNLI"}
    assert paper["edit distance"] == "0.719" and paper["classifier + lexical resources"] == "0.750"
    assert paper["majority baseline"] == "0.660"
    # The synthetic SNLI test set is easy: edit distance gets it right.
    snli = {r["system"]: float(r["accuracy"]) for r in table if r["dataset"] == "SNLI"}
    assert snli["edit distance"] == 1.0
    assert fitted == [False, True, False, True]  # "classifier", then "+ lexical resources", per dataset
    assert b"\r" not in (out / "two_class.csv").read_bytes()  # lines end with \n only
    shown = (out / "two_class.md").read_text(encoding="utf-8").splitlines()
    assert shown[:5] == ["# Two-class results (entailment vs. not entailment)", "",
                         "Test accuracy (%); the paper's figure is Bowman et al. 2015's SNLI result (Table 3).", "",
                         "| system | dataset | n_train | accuracy | paper |"]
    assert shown[-3].startswith("Wall time: ") and shown[-3].endswith(" s.")
    assert (out / "signature.txt").read_text().endswith("|preset:paper|tags:ptb|min_df:1|bins:none|n_features:vocab|"
                                                        "lowercase:yes|C:1\n")  # PairFeaturizer's defaults, C 1
    assert not list(out.glob(".*.tmp"))
