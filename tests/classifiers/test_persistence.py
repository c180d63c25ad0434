"""Hardening for real users (issue 12): CLI option and output checks before any work, the safe
model format, reader edge cases. The data files here carry parses, so reading them needs no NLTK
tagger; the two tests of tables of raw text (DataFrame, Hugging Face layout) do need it, and are
skipped, naming it, where it is missing."""
import gzip
import json
import re
import zipfile

import numpy as np
import pytest

from classifiers.logistic import fit_select_C
from classifiers.persistence import TRUST_RULE, TRUSTED_TYPES, ModelFileError, load_model, save_model
from classifiers.predict import main as predict_main
from experiments import ablation, error_analysis, learning_curve, lexicalized, make_probes, two_class
from lexnli.corpora.snli import read_snli
from lexnli.errors import CorpusFormatError

from tests.helpers.templates import templated_pairs


#: POS tags of the templates' words (templated_pairs), to write parses the readers take as given.
TEMPLATE_TAGS = {"A": "DT", "the": "DT", "is": "VBZ", "in": "IN", "at": "IN", "with": "IN", "to": "TO",
                 "win": "VB", "a": "DT", "friends": "NNS", ".": "."}


def flat_parse(sentence: str) -> str:
    """A flat bracketed parse of a templated sentence (every word a leaf under S)."""
    words = sentence.rstrip(".").split() + ["."]
    tag = lambda w: TEMPLATE_TAGS.get(w, "VBG" if w.endswith("ing") else "NN")
    return "(ROOT (S " + " ".join(f"({tag(w)} {w})" for w in words) + "))"


def write_parsed_jsonl(path, triples):
    """Templated triples as SNLI JSON lines with parses (tagger-free reading)."""
    with open(path, "w", encoding="utf-8") as f:
        for i, (premise, hypothesis, label) in enumerate(triples):
            f.write(json.dumps({"gold_label": label, "sentence1": premise, "sentence2": hypothesis,
                                "sentence1_parse": flat_parse(premise), "sentence2_parse": flat_parse(hypothesis),
                                "pairID": f"p{i}"}) + "\n")
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp("hardening")
    triples = templated_pairs(120)
    return {"root": root, "train": write_parsed_jsonl(root / "train.jsonl", triples[:80]),
            "dev": write_parsed_jsonl(root / "dev.jsonl", triples[80:100]),
            "test": write_parsed_jsonl(root / "test.jsonl", triples[100:])}


@pytest.fixture(scope="module")
def model(files):
    train, dev = read_snli(files["train"]), read_snli(files["dev"])
    return fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "lexicalized", grid=(1.0,)).model


def one_error_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:"), err
    return err[0]


# ---- options are checked before any data is read ----------------------------------------

@pytest.mark.parametrize("option", [["--max-train", "0"], ["--max-train", "-5"], ["--C-grid", "-1"],
                                    ["--C-grid", "nan"], ["--n-jobs", "0"], ["--min-df", "0"],
                                    ["--dense-bins", "1"]])
def test_bad_options_are_one_line_and_status_2_before_reading(option, tmp_path, capsys):
    missing = str(tmp_path / "absent.jsonl")  # reading it would fail with another message
    assert lexicalized.main(["--train", missing, "--dev", missing, "--test", missing, *option]) == 2
    assert option[0].lstrip("-").replace("-", "_") in one_error_line(capsys).replace("-", "_")


@pytest.mark.parametrize("module,option", [(learning_curve, ["--draws", "0"]), (learning_curve, ["--C", "0"]),
                                           (error_analysis, ["--top", "0"]), (make_probes, ["--per-rule", "0"])])
def test_experiment_options_are_checked_too(module, option, tmp_path, capsys):
    missing = str(tmp_path / "absent.jsonl")
    argv = {make_probes: ["--dev", missing], error_analysis: ["--model", missing]}.get(module, ["--train", missing])
    assert module.main([*argv, *option]) == 2 and "must be" in one_error_line(capsys)


def test_output_paths_are_checked_before_reading(files, tmp_path, capsys):
    missing = str(tmp_path / "absent.jsonl")
    taken = tmp_path / "taken"
    taken.write_text("keep")
    splits = ["--train", missing, "--dev", missing, "--test", missing]
    assert lexicalized.main([*splits, "--out", str(taken)]) == 2
    assert "--out" in one_error_line(capsys) and taken.read_text() == "keep"
    assert lexicalized.main([*splits, "--save-model", str(tmp_path)]) == 2
    refused = one_error_line(capsys)
    assert "--save-model" in refused and "is a folder" in refused
    train = str(files["train"])
    assert lexicalized.main(["--train", train, "--dev", missing, "--test", missing, "--save-model", train]) == 2
    assert "is the --train file" in one_error_line(capsys)


def test_missing_files_and_nothing_to_run_are_one_line(tmp_path, capsys):
    missing = str(tmp_path / "absent.jsonl")
    assert ablation.main(["--train", missing, "--dev", missing, "--test", missing]) == 2
    assert "absent.jsonl" in one_error_line(capsys)
    assert two_class.main(["--no-snli", "--no-sick", "--no-rte"]) == 2
    assert "nothing to run" in one_error_line(capsys)


def test_an_empty_training_file_is_an_error(files, tmp_path, capsys):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert lexicalized.main(["--train", str(empty), "--dev", str(files["dev"]), "--test", str(files["test"])]) == 2
    assert "empty.jsonl: no pairs" in one_error_line(capsys)


# ---- classifiers.predict ------------------------------------------------------------------

def test_predict_refuses_to_overwrite_its_input_or_write_a_folder(model, files, tmp_path, capsys):
    path = str(save_model(model, tmp_path / "m.skops"))
    before = files["test"].read_bytes()
    assert predict_main(["--model", path, "--input", str(files["test"]), "--output", str(files["test"])]) == 2
    assert "is the --input file" in one_error_line(capsys) and files["test"].read_bytes() == before
    assert predict_main(["--model", path, "--input", str(files["test"]), "--output", str(tmp_path)]) == 2
    assert "is a folder" in one_error_line(capsys)
    assert predict_main(["--model", path, "--input", str(files["test"]), "--output", path]) == 2
    assert "is the --model file" in one_error_line(capsys)


def test_predict_reads_zips_and_folders_with_a_split_and_names_other_inputs(model, files, tmp_path, capsys):
    path = str(save_model(model, tmp_path / "m.skops"))
    archive = tmp_path / "snli_1.0.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(files["test"], "snli_1.0/snli_1.0_test.jsonl")
    out = str(tmp_path / "out.jsonl")
    assert predict_main(["--model", path, "--input", str(archive), "--output", out]) == 2
    assert "zip archive: name the split" in one_error_line(capsys)
    assert predict_main(["--model", path, "--input", str(archive), "--split", "test", "--output", out]) == 0
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 20
    assert predict_main(["--model", path, "--input", str(tmp_path), "--output", out]) == 2
    assert "a folder: name the split" in one_error_line(capsys)
    csv = tmp_path / "pairs.csv"
    csv.write_text("sentence1,sentence2\nA b.,C d.\n")
    assert predict_main(["--model", path, "--input", str(csv), "--output", out]) == 2
    assert "unknown SNLI file type" in one_error_line(capsys)


def test_a_lone_surrogate_is_a_format_error_naming_the_line(model, files, tmp_path, capsys):
    path = str(save_model(model, tmp_path / "m.skops"))
    lines = files["test"].read_text().splitlines()
    lines[1] = lines[1].replace('"pairID": "p1"', '"pairID": "p\\ud800"')
    bad = tmp_path / "surrogate.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert predict_main(["--model", path, "--input", str(bad), "--output", str(tmp_path / "o.jsonl")]) == 2
    assert "surrogate.jsonl, line 2: field 'pairID' holds a lone surrogate" in one_error_line(capsys)


# ---- the safe model format ----------------------------------------------------------------

def test_skops_round_trip_gives_identical_predictions(model, files, tmp_path):
    path = save_model(model, tmp_path / "m.skops", C=1.0)
    loaded, info = load_model(path)
    assert info["metadata"] == {"C": 1.0}
    test = read_snli(files["test"])
    np.testing.assert_array_equal(loaded.predict_proba(test.pairs), model.predict_proba(test.pairs))
    import skops.io
    assert set(skops.io.get_untrusted_types(file=path)) <= set(TRUSTED_TYPES)


class Hostile:
    """A type no model needs: a .skops file holding it is refused before it is built."""

    built = False

    def __init__(self):
        self.payload = "anything"  # skops builds an object without state without calling __setstate__

    def __setstate__(self, state):
        Hostile.built = True
        self.__dict__.update(state)


class Intruder(Hostile):
    """A second untrusted type: the refusal names every one."""


def test_a_skops_file_with_an_untrusted_type_is_refused_unbuilt(tmp_path):
    import skops.io
    path = tmp_path / "hostile.skops"
    path.write_bytes(skops.io.dumps({"format": "lexnli-model", "model": Hostile(), "extra": Intruder()}))
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == (f"{path}: holds types lexnli does not trust, not loaded: "
                                  "tests.classifiers.test_persistence.Hostile, tests.classifiers.test_persistence.Intruder")
    assert not Hostile.built


def test_a_skops_file_that_fails_to_build_is_unreadable(model, tmp_path, monkeypatch):
    """The trust check passes, building fails (skops raising, as on a damaged member): the error names
    the file and the failure's type; likewise for a file that is no archive at all."""
    import skops.io

    path = save_model(model, tmp_path / "m.skops")

    def load(*args, **kwargs):
        raise EOFError("member ends early")

    monkeypatch.setattr(skops.io, "load", load)
    with pytest.raises(ModelFileError) as caught:
        load_model(path)
    assert str(caught.value) == f"{path}: not a readable .skops model file (EOFError: member ends early)"
    assert isinstance(caught.value.__cause__, EOFError)
    (tmp_path / "text.skops").write_text("hello")
    with pytest.raises(ModelFileError) as caught:
        load_model(tmp_path / "text.skops")
    assert f"not a readable .skops model file ({type(caught.value.__cause__).__name__}: " in str(caught.value)


def test_predict_help_states_the_trust_rule(capsys):
    with pytest.raises(SystemExit):
        predict_main(["--help"])
    assert " ".join(TRUST_RULE.split()[:8]) in " ".join(capsys.readouterr().out.split())


def test_lexicalized_saves_a_skops_model_that_predict_loads(files, tmp_path):
    saved = tmp_path / "model.skops"
    assert lexicalized.main(["--train", str(files["train"]), "--dev", str(files["dev"]), "--test", str(files["test"]),
                             "--C-grid", "1", "--save-model", str(saved)]) == 0
    out = tmp_path / "pred.jsonl"
    assert predict_main(["--model", str(saved), "--input", str(files["test"]), "--output", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 20


# ---- readers ------------------------------------------------------------------------------

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


def test_a_byte_order_mark_is_accepted(files, tmp_path):
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + files["dev"].read_bytes())
    assert len(read_snli(bom)) == 20
    txt = tmp_path / "bom.txt"
    first = json.loads(files["dev"].read_text().splitlines()[0])
    txt.write_bytes(b"\xef\xbb\xbf" + "gold_label\tsentence1_parse\tsentence2_parse\tsentence1\tsentence2\n".encode()
                    + "\t".join([first["gold_label"], first["sentence1_parse"], first["sentence2_parse"],
                                 first["sentence1"], first["sentence2"]]).encode() + b"\n")
    assert read_snli(txt)[0].premise.tokens[1] == first["sentence1"].split()[1]


@pytest.mark.parametrize("parse,problem", [("(ROOT (S (DT A) (NN man)", "balanced brackets"),
                                           ("A man", "balanced brackets"), ("(ROOT (S))", "no (TAG word) leaf")])
def test_a_malformed_parse_names_file_and_line(parse, problem, files, tmp_path):
    lines = files["dev"].read_text().splitlines()
    record = json.loads(lines[2])
    record["sentence2_parse"] = parse
    lines[2] = json.dumps(record)
    bad = tmp_path / "bad_parse.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(CorpusFormatError, match=rf"bad_parse.jsonl, line 3: sentence2_parse .*{re.escape(problem)}"):
        read_snli(bad)


# ---- tables of pairs: DataFrames and the Hugging Face SNLI layout ---------------------------

TEXTS = [(p, h) for p, h, _ in templated_pairs(9)]
HF_LABELS = [0, 2, 1, 0, 2, 1, -1, 2, 1]  # the templates cycle entailment, contradiction, neutral


def test_a_dataframe_of_pairs_featurizes_like_the_string_pairs():
    import pandas as pd

    from featurize import PairFeaturizer

    expected = PairFeaturizer("lexicalized").fit_transform(TEXTS)
    frame = pd.DataFrame(TEXTS, columns=["premise", "hypothesis"]).assign(other=1)
    assert (PairFeaturizer("lexicalized").fit_transform(frame) != expected).nnz == 0
    assert (PairFeaturizer("lexicalized").fit_transform(frame.drop(columns="other").values) != expected).nnz == 0
    renamed = frame.rename(columns={"premise": "text_a", "hypothesis": "text_b"})
    assert (PairFeaturizer("lexicalized", columns=("text_a", "text_b")).fit_transform(renamed) != expected).nnz == 0
    with pytest.raises(CorpusFormatError, match="no column 'premise'"):
        PairFeaturizer("lexicalized").fit(renamed)


def test_the_hugging_face_snli_layout_is_read_with_its_label_ids():
    from featurize import PairFeaturizer
    from lexnli.corpora import read_frame

    columns = {"premise": [p for p, _ in TEXTS], "hypothesis": [h for _, h in TEXTS], "label": HF_LABELS}
    pairs = read_frame(columns)
    assert [p.label for p in pairs] == [l for (_, _, l), i in zip(templated_pairs(9), HF_LABELS) if i != -1]
    assert len(pairs) == 8 and len(read_frame(columns, keep_unlabeled=True)) == 9
    X = PairFeaturizer("lexicalized").fit_transform(columns)
    assert X.shape[0] == 9
    with pytest.raises(CorpusFormatError, match="DataFrame: row 1: label 7"):
        read_frame({**columns, "label": [0, 7] + HF_LABELS[2:]})
    with pytest.raises(CorpusFormatError, match="row 0: column 'hypothesis' holds nan"):
        read_frame({**columns, "hypothesis": [None] + columns["hypothesis"][1:]})


# ---- bounded work per pair ------------------------------------------------------------------

def long_sentence(n_tokens: int, offset: int = 0):
    from lexnli.records import Sentence

    tokens = tuple(f"w{(i * 7 + offset) % 97}" for i in range(n_tokens))
    tags = tuple(("NN", "VBZ", "DT")[i % 3] for i in range(n_tokens))
    return Sentence(" ".join(tokens), tokens, tags)


def test_cross_features_read_only_the_first_tokens_of_long_sentences(caplog):
    from featurize import Pair, reference_features
    from featurize.families.lexicalized import CROSS_MAX_TOKENS

    from tests.helpers.features import assert_features_equal, fast_features, nonzero

    long = Pair(long_sentence(CROSS_MAX_TOKENS + 200), long_sentence(CROSS_MAX_TOKENS + 50, 3))
    cut = Pair(long_sentence(CROSS_MAX_TOKENS), long_sentence(CROSS_MAX_TOKENS, 3))
    short = Pair(long_sentence(20), long_sentence(9, 3))
    with caplog.at_level("WARNING", logger="lexnli"):
        fast = fast_features([long, short])
    assert "1 of 2 pairs have a sentence longer than 128 tokens" in caplog.text
    for pair, actual in zip([long, short], fast):
        assert_features_equal(actual, nonzero(reference_features(pair)))

    def crossed(features):
        return {k for k in features if k.startswith("cross_")}
    assert crossed(fast[0]) == crossed(reference_features(cut)) and len(crossed(fast[0])) > 0
    assert len(crossed(fast[1])) > 0


# ---- written files: permissions and temporary files -----------------------------------------

@pytest.mark.parametrize("umask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_written_files_follow_the_umask(umask, mode, tmp_path):
    import os

    from lexnli.io import atomic_open

    old = os.umask(umask)
    try:
        with atomic_open(tmp_path / "f.txt") as f:
            f.write("x")
    finally:
        os.umask(old)
    assert (tmp_path / "f.txt").stat().st_mode & 0o777 == mode


def test_sigterm_during_a_write_leaves_no_temporary_file(tmp_path):
    import subprocess
    import sys

    from tests.conftest import REPO

    script = ("import os, signal\nfrom lexnli.cli import exit_on_sigterm\nfrom lexnli.io import atomic_open\n"
              "exit_on_sigterm()\nwith atomic_open('out.txt') as f:\n    f.write('half')\n"
              "    os.kill(os.getpid(), signal.SIGTERM)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env={"PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 143, done.stderr
    assert list(tmp_path.iterdir()) == []


# ---- damaged local data ---------------------------------------------------------------------

def test_a_cut_or_truncated_verbocean_is_refused(tmp_path, monkeypatch):
    from lexical_resources.verbocean import ENV_VAR, VerbOcean, VerbOceanFormatError
    from lexnli.errors import ChecksumError

    from tests.conftest import shared_file

    real = shared_file("verbocean/verbocean.unrefined.2004-05-20.txt.gz")
    monkeypatch.setenv(ENV_VAR, str(real))
    assert len(VerbOcean.load()) == 44_362  # the official content verifies
    text = gzip.decompress(real.read_bytes())
    cut = tmp_path / "cut.txt"
    cut.write_bytes(text[:text.rindex(b"\n", 0, len(text) // 2) + 1])  # cut at a line boundary
    monkeypatch.setenv(ENV_VAR, str(cut))
    with pytest.raises(ChecksumError, match="cut.txt: its content has sha256"):
        VerbOcean.load()
    truncated = tmp_path / "truncated.txt.gz"
    truncated.write_bytes(real.read_bytes()[:100_000])
    with pytest.raises(VerbOceanFormatError, match="truncated.txt.gz: damaged or truncated file"):
        VerbOcean.load(truncated)


def test_a_damaged_snli_zip_in_the_data_home_is_refused_and_a_good_one_verified_once(files, tmp_path, capsys,
                                                                                      monkeypatch):
    import hashlib

    from lexnli import data_home

    home = tmp_path / "home"
    home.mkdir()
    archive = home / "snli_1.0.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for split in ("train", "dev", "test"):
            z.write(files[split], f"snli_1.0/snli_1.0_{split}.jsonl")
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    assert data_home.fetch_snli(home, sha256=digest, download_if_missing=False) == archive
    assert (home / ".snli_1.0.zip.verified").read_text().split()[-1] == digest  # remembered
    with monkeypatch.context() as patched:  # and not hashed again while unchanged
        patched.setattr(data_home.hashlib, "sha256", lambda: pytest.fail("an unchanged verified file was hashed again"))
        assert data_home.fetch_snli(home, sha256=digest, download_if_missing=False) == archive
    archive.write_bytes(archive.read_bytes()[:-100])  # truncated
    with pytest.raises(data_home.ChecksumError, match="snli_1.0.zip: sha256 .* delete it to download it again"):
        data_home.fetch_snli(home, sha256=digest, download_if_missing=False)
    assert lexicalized.main(["--data-dir", str(home)]) == 2  # the official digest: refused too
    assert "snli_1.0.zip: sha256" in one_error_line(capsys)
    with pytest.raises(CorpusFormatError, match="not a readable zip archive"):
        read_snli(archive, "dev")


def test_long_pairs_make_smaller_batches_with_the_same_features(monkeypatch):
    from featurize import Pair, PairFeaturizer
    from featurize import featurizer as featurizer_module
    from featurize.featurizer import work_bounded_slices
    from featurize.inputs import tagged_tokens

    pairs = [Pair(long_sentence(n), long_sentence(m, 5)) for n, m in [(300, 200), (10, 5), (150, 150), (3, 4)] * 3]
    whole = PairFeaturizer("lexicalized").fit_transform(pairs)
    budget = 2 * 128 * 128
    slices = work_bounded_slices(tagged_tokens(pairs), batch_size=100, budget=budget)
    assert len(slices) > 3 and [s.start for s in slices[1:]] == [s.stop for s in slices[:-1]]
    assert slices[0].start == 0 and slices[-1].stop == len(pairs)
    assert [len(range(len(pairs))[s]) for s in work_bounded_slices(tagged_tokens(pairs), batch_size=5, budget=10**9)] \
        == [5, 5, 2]
    monkeypatch.setattr(featurizer_module, "WORK_PER_BATCH", budget)
    assert (PairFeaturizer("lexicalized").fit_transform(pairs) != whole).nnz == 0


def test_a_truncated_nltk_zip_is_named_with_its_fix(tmp_path, monkeypatch):
    import io

    import nltk

    from lexnli.errors import ResourceMissingError
    from lexnli.text import ensure_nltk_data

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("taggers/fake_tagger/model.json", "x" * 5000)
    (tmp_path / "taggers").mkdir()
    damaged = tmp_path / "taggers" / "fake_tagger.zip"
    damaged.write_bytes(buffer.getvalue()[:60])
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    monkeypatch.setenv("LEXNLI_NO_DOWNLOAD", "1")
    with pytest.raises(ResourceMissingError, match=f"{re.escape(str(damaged))}: damaged NLTK data .*"
                                                   r"python -m nltk.downloader fake_tagger"):
        ensure_nltk_data("fake_tagger", "taggers/fake_tagger/", "a fake tagger")


def test_stale_temporary_files_are_removed_by_the_next_write(tmp_path):
    import os
    import time

    from lexnli.io import STALE_AFTER, atomic_open

    stale, fresh = tmp_path / ".f.txt.abc123.tmp", tmp_path / ".f.txt.def456.tmp"
    other = tmp_path / ".g.txt.abc123.tmp"
    for left in (stale, fresh, other):
        left.write_text("half")
    old = time.time() - STALE_AFTER - 10
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    with atomic_open(tmp_path / "f.txt") as f:
        f.write("done")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([fresh.name, other.name, "f.txt"])
