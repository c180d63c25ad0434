"""KeyNames: what names each key, kept as word hashes; gathering a few keys from many parts."""
import numpy as np
import pytest

from featurize.key_names import KeyNames

FAMILIES = (("hyp_unigrams", ("hypothesis",)), ("alignment", None))
TOKENS = {1: "dog", 2: "cat", 3: "man", 4: "sleeps"}


def part(words, texts):
    """Keys of ``hyp_unigrams`` named by word hashes ``words``, then ``alignment`` keys named ``texts``."""
    family = np.array([0] * len(words) + [1] * len(texts), dtype=np.int16)
    hashes = np.array([[w] for w in words] + [[0]] * len(texts), dtype=np.uint64).reshape(len(family), 1)
    named = np.array([None] * len(words) + list(texts), dtype=object)
    return KeyNames(FAMILIES, family, hashes, named, {w: TOKENS[w] for w in words})


PARTS = [part([1, 2], ["alignment:a"]), part([], []), part([3], ["alignment:b", "alignment:c"]), part([4], [])]


@pytest.mark.parametrize("index", [[5, 0, 3], [6, 5, 4, 3, 2, 1, 0], [], [2], [6, 0]])
def test_gathered_names_the_keys_asked_for_in_their_order_as_joining_every_part_would(index):
    index = np.array(index, dtype=np.int64)
    gathered = KeyNames.gathered(PARTS, index).names()
    assert gathered == KeyNames.joined(PARTS).take(index).names()
    everything = ["hyp_unigrams:dog", "hyp_unigrams:cat", "alignment:a", "hyp_unigrams:man", "alignment:b",
                  "alignment:c", "hyp_unigrams:sleeps"]
    assert gathered == [everything[i] for i in index]
