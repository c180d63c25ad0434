"""neural.vocabulary: the words a model knows, and sentences as padded batches of rows."""
import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (pip install torch==2.13.0, then -e '.[neural]')")

from neural.vocabulary import SentenceRows, Vocabulary


def test_vocabulary_and_padding():
    vocabulary = Vocabulary.build([("b", "a", "b"), ("c",)], min_count=1)
    assert vocabulary.words == ("<pad>", "<unk>", "b", "a", "c")
    assert vocabulary.rows(["a", "zebra"]) == [3, 1] and vocabulary.rows([]) == [1]
    assert Vocabulary.build([("b", "a", "b")], min_count=2).words[2:] == ("b",)
    grown = vocabulary.extended([("c", "d", "e", "d")])
    assert grown.words == (*vocabulary.words, "d", "e")
    sentences = SentenceRows([[2, 3, 4], [5], [6, 7], [8, 9, 10, 11]])
    rows, lengths = sentences.batch([0, 1])
    assert rows.tolist() == [[2, 3, 4], [5, 0, 0]] and lengths.tolist() == [3, 1] and rows.dtype == torch.long
    rows, lengths = sentences.batch([2, 3, 1])  # the batch's own longest sentence sets the width
    assert rows.tolist() == [[6, 7, 0, 0], [8, 9, 10, 11], [5, 0, 0, 0]] and lengths.tolist() == [2, 4, 1]
    assert sentences.batch([1, 2])[0].tolist() == [[5, 0], [6, 7]] and len(sentences) == 4
