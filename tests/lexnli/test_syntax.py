"""The syntax model: built from a few parses (no SNLI needed), read back from its file, refused when damaged."""
import hashlib
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from lexnli import syntax
from lexnli.dependencies import from_parse
from lexnli.parse_combinations import combined_parses
from lexnli.syntax import COMBINED_SHARE, FORMAT_VERSION, SyntaxModel, build, checksum_path, load_syntax

from tests.helpers.parses import PARSES

GOLD = [from_parse(p) for p in PARSES]
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def model():
    return build(PARSES + PARSES[:3], jackknife_folds=0, info={"train": "fixture"}, base_tagger=None)


def test_it_reads_its_training_sentences_as_their_parses_do(model):
    trees = model.parse([t.tokens for t in GOLD], [t.tags for t in GOLD])
    assert [(t.heads, t.labels) for t in trees] == [(t.heads, t.labels) for t in GOLD]
    read = model.read([t.tokens for t in GOLD])
    assert [t.tags for t in read] == [t.tags for t in GOLD]  # its tagger learned the leaves' tags


def test_repeated_parses_are_trained_on_once(model):
    assert model.info["combined_parses"] == round(COMBINED_SHARE * len(PARSES)) > 0
    assert model.info["sentences"] == len(PARSES) + model.info["combined_parses"]
    assert model.info["train"] == "fixture"


def test_the_combined_parses_can_be_left_out_and_their_share_is_checked():
    model = build(PARSES, jackknife_folds=0, combined_share=0, info={}, base_tagger=None)
    assert model.info["sentences"] == len(PARSES) and model.info["combined_parses"] == 0
    with pytest.raises(ValueError, match="combined_share"):
        build(PARSES, combined_share=-0.1)


def test_a_saved_model_reads_as_the_original(model, tmp_path):
    path = model.save(tmp_path / "syntax.npz")
    assert checksum_path(path).read_text().split() == [checksum_path(path).read_text().split()[0], "syntax.npz"]
    copy = SyntaxModel.load(path)
    sentences = [t.tokens for t in GOLD] + [("A", "woman", "sleeps", "."), ("Dogs", "run", "in", "a", "park", ".")]
    assert copy.read(sentences) == model.read(sentences)
    assert copy.info == {k: str(v) for k, v in model.info.items()}


def test_a_model_loaded_again_maps_its_arrays_from_the_load_cache(model, tmp_path, monkeypatch):
    path = model.save(tmp_path / "syntax.npz")
    sentences = [t.tokens for t in GOLD] + [("A", "woman", "sleeps", "."), ("Dogs", "run", "in", "a", "park", ".")]
    first = SyntaxModel.load(path)
    monkeypatch.setattr(syntax, "_derived_arrays", lambda data, path: pytest.fail("not read from the cache"))
    again = SyntaxModel.load(path)
    assert isinstance(again.parser.weights_, np.memmap) and isinstance(again.tagger["matrix"], np.memmap)
    assert again.read(sentences) == first.read(sentences) == model.read(sentences)
    assert again.sha256 == first.sha256
    with np.load(again.save(tmp_path / "again.npz")) as saved, np.load(path) as original:
        assert sorted(saved.files) == sorted(original.files)  # what it derived stays in the cache


def test_a_saved_model_reads_raw_text_without_nltk(model, tmp_path):
    """Loaded from its file, the model tags and parses raw text (tokenized by lexnli) without importing NLTK."""
    path = model.save(tmp_path / "syntax.npz")
    code = ("import sys\nfrom lexnli.syntax import load_syntax\nfrom lexnli.text import tokenize_many\n"
            f"tree, = load_syntax({str(path)!r}).read(tokenize_many(['A woman sleeps.']))\n"
            "print(' '.join(tree.tags), 'nltk' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert done.stdout.split() == [*model.read([("A", "woman", "sleeps", ".")])[0].tags, "False"]


def test_a_changed_file_is_refused(model, tmp_path):
    path = model.save(tmp_path / "syntax.npz")
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="sha256 is not the one recorded"):
        SyntaxModel.load(path)


def test_another_format_version_is_refused(model, tmp_path):
    path = model.save(tmp_path / "syntax.npz")
    with np.load(path) as npz:
        arrays = dict(npz)
    arrays["format_version"] = np.array(FORMAT_VERSION + 1)
    np.savez(path, **arrays)
    checksum_path(path).write_text(hashlib.sha256(path.read_bytes()).hexdigest() + "  syntax.npz\n")
    with pytest.raises(ValueError, match=f"format version {FORMAT_VERSION + 1}"):
        SyntaxModel.load(path)


def test_a_missing_model_says_how_to_build_one(tmp_path):
    with pytest.raises(FileNotFoundError, match="lexnli fetch syntax"):
        load_syntax(tmp_path / "none.npz")


def test_no_parses_is_an_error():
    with pytest.raises(ValueError, match="no parses"):
        build([])


def test_jackknifing_trains_on_predicted_tags():
    model = build(PARSES, jackknife_folds=2, info={}, base_tagger=None)
    assert model.info["jackknife_folds"] == 2
    trees = model.parse([t.tokens for t in GOLD], [t.tags for t in GOLD])
    assert len(trees) == len(GOLD) and all(len(t.heads) == len(g.tokens) for t, g in zip(trees, GOLD))


def test_the_ambiguity_classes_come_from_the_parses_own_tags():
    model = build(PARSES, jackknife_folds=2, info={}, base_tagger=None)
    parser = model.parser
    seen = {}
    combined = combined_parses(PARSES, model.info["combined_parses"], seed=0)
    for tree in GOLD + [from_parse(p) for p in combined]:
        for token, tag in zip(tree.tokens, tree.tags):
            seen.setdefault(token.lower(), set()).add(tag)
    for word, class_id in zip(parser.words_, parser.word_classes_.tolist()):
        assert set(parser.classes_[class_id - 2].split()) <= seen[word]


def test_a_saved_or_loaded_model_knows_its_files_sha256(model, tmp_path):
    path = model.save(tmp_path / "syntax.npz")
    assert model.sha256 == hashlib.sha256(path.read_bytes()).hexdigest() == SyntaxModel.load(path).sha256


def test_lexnli_syntax_names_the_default_model(tmp_path, monkeypatch):
    from lexnli.syntax import SYNTAX_ENV, default_syntax_path

    monkeypatch.setenv(SYNTAX_ENV, str(tmp_path / "mine.npz"))
    assert default_syntax_path() == tmp_path / "mine.npz"
    assert default_syntax_path(tmp_path / "home") == tmp_path / "home" / "syntax" / f"snli-syntax-v{FORMAT_VERSION}.npz"
    monkeypatch.delenv(SYNTAX_ENV)
    monkeypatch.setenv("LEXNLI_DATA", str(tmp_path / "home"))
    assert default_syntax_path() == tmp_path / "home" / "syntax" / f"snli-syntax-v{FORMAT_VERSION}.npz"


def test_load_syntax_loads_a_file_again_once_it_changes(model, tmp_path):
    path = model.save(tmp_path / "syntax.npz")
    first = load_syntax(path)
    assert load_syntax(path) is first
    other = build(PARSES[:8], jackknife_folds=0, info={"train": "other"}, base_tagger=None)
    other.save(path)
    assert load_syntax(path).info["train"] == "other"


def test_the_tagger_trains_from_a_base_without_changing_it():
    from lexnli.pos_tagger import train_tagger

    base = train_tagger([(t.tokens, t.tags) for t in GOLD])
    weights = {feature: dict(w) for feature, w in base.model.weights.items()}
    tagger = train_tagger([(("A", "zebra", "naps", "."), ("DT", "NN", "VBZ", "."))], base=base)
    assert base.model.weights == weights
    assert set(weights) <= set(tagger.model.weights)  # what the base knew is kept
    assert set(base.tagdict.items()) <= set(tagger.tagdict.items())


def test_past_only_forms_are_tagged_as_past_tenses(model):
    from lexnli.verb_forms import PAST_ONLY_FORMS

    sentences = [("The", "dogs", word, ".") for word in sorted(PAST_ONLY_FORMS)]
    assert {tags[2] for tags in model.tag(sentences)} == {"VBD"}


def test_superlatives_are_tagged_as_superlatives(model):
    from lexnli.adjective_forms import SUPERLATIVES

    sentences = [("The", "boy", "is", "the", word, ".") for word in sorted(SUPERLATIVES)]
    assert {tags[4] for tags in model.tag(sentences)} == {"JJS"}
