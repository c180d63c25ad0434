"""featurize.opcodes: the same opcodes as difflib's SequenceMatcher (no junk, autojunk off)."""
import difflib
import random

import pytest

from featurize.opcodes import matching_blocks, opcodes


def reference(a, b):
    return difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()


@pytest.mark.parametrize("a, b", [
    ("", ""), ("abc", ""), ("", "abc"), ("abc", "abc"), ("abcd", "bcde"),
    ("a dog bit a man .".split(), "a man bit a dog .".split()),
    ("a girl in a blue dress sings .".split(), "a girl in a green dress sings .".split()),
    ("abab", "baba"), ("aaaa", "aa"), ("xaxbxcx", "abc"),
])
def test_opcodes_are_difflibs(a, b):
    assert opcodes(list(a), list(b)) == reference(list(a), list(b))
    matcher = difflib.SequenceMatcher(None, list(a), list(b), autojunk=False)
    assert matching_blocks(list(a), list(b)) == [tuple(m) for m in matcher.get_matching_blocks()]


def test_opcodes_are_difflibs_on_random_sequences():
    # small alphabets make repeated items and ties between equally long blocks common
    rng = random.Random(11)
    for _ in range(3000):
        alphabet = rng.randint(1, 5)
        a = [rng.randint(0, alphabet) for _ in range(rng.randint(0, 12))]
        b = [rng.randint(0, alphabet) for _ in range(rng.randint(0, 12))]
        assert opcodes(a, b) == reference(a, b), (a, b)
