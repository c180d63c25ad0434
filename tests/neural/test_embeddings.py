"""neural.embeddings: word vectors read for a vocabulary (text, gzip, zip), cached per file, written back
filtered, bad lines named, and GloVe fetched with its checksum (tiny files written here)."""
import gzip
import hashlib
import zipfile

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install torch==2.13.0, then -e '.[neural]')")

from lexnli.errors import ChecksumError, CorpusFormatError
from neural.embeddings import cached_word_vectors, fetch_glove, read_word_vectors, write_word_vectors
from neural.estimator import SentenceEncoderClassifier

from tests.helpers.neural_toy import SMALL

GLOVE_LINES = "surely 0.5 -1 2\nnever 1e-1 0 0\n. 0 1 0\nnew york 1 1 1\nunused 9 9 9\n"


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
    np.testing.assert_array_equal(vectors["surely"], np.array([0.5, -1, 2], dtype=np.float32))
    assert len(read_word_vectors(path)) == 5


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
