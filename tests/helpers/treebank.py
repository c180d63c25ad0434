"""The fixture treebank (``treebank.txt`` beside this file): a dependency tree for each sentence the tests read
through the syntax model, hand-tagged (``word/TAG``, lowercased) or raw (tokenized as :mod:`lexnli.text` does),
for the tests' tiny syntax model (:mod:`tests.helpers.syntax_fixture`) to train on.

One sentence a line, each token ``word/TAG/head/label`` (the head 1-based, 0 for the root; the
labels of :data:`lexnli.dependencies.LABELS`). The trees were given by the syntax model built
from the SNLI train subset's parses (the hand-tagged sentences with their own tags), and the
ones the role tests read were checked by hand against :mod:`featurize.reading`'s rules (a few
corrected: the subjects of *bit*, the relative clause of *who the dog is following*, the
adverbs *maybe* and *certainly*, the *if* clause).
"""
from pathlib import Path

from lexnli.dependencies import DependencyTree

TREEBANK = Path(__file__).with_name("treebank.txt")


def trees() -> list[DependencyTree]:
    """The treebank's trees, in order."""
    found = []
    for line in TREEBANK.read_text(encoding="utf-8").splitlines():
        tokens, tags, heads, labels = zip(*(item.rsplit("/", 3) for item in line.split()))
        found.append(DependencyTree(tokens, tags, tuple(map(int, heads)), labels))
    return found
