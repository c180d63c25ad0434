"""The alignment family on pairs whose label the sentence around the words decides.

Every example pair of the compositional-inference issue, with what the family must say of it:
the verdict through the projection (a negation or *no* reverses *more general* / *more specific*,
a non-veridical operator leaves its clause unsupported) and the roles (a passive, a coordination,
a relative clause or a prepositional phrase gives each noun its role). Each pair is read twice:
hand-tagged with the stand-in WordNet (always), and raw, tagged and parsed by the syntax model and related by the real
WordNet (skipped where it is missing), read by the tests' syntax model as a featurizer reads them.
"""
import pytest

from featurize.families.alignment import alignment_features, word_relations
from featurize.batch import Batch
from featurize.inputs import tagged_tokens
from lexnli.syntax import load_syntax
from lexical_resources.relations import WordRelations

from tests.helpers.tiny_wordnet import TinyWordNet, sentence

#: (premise, hypothesis, hand tags of the premise, of the hypothesis, the verdict or roles feature expected).
PAIRS = [
    # negation flips the direction of a word relation
    ("The girl is not eating fruit.", "The girl is not eating an apple.",
     "DT NN VBZ RB VBG NN .", "DT NN VBZ RB VBG DT NN .", "verdict:entailed"),
    ("The girl is not eating an apple.", "The girl is not eating fruit.",
     "DT NN VBZ RB VBG DT NN .", "DT NN VBZ RB VBG NN .", "verdict:new=1"),
    # a modifier dropped or added under no
    ("No girl is eating a red apple.", "No girl is eating an apple.",
     "DT NN VBZ VBG DT JJ NN .", "DT NN VBZ VBG DT NN .", "verdict:new=1"),
    ("No girl is eating an apple.", "No girl is eating a red apple.",
     "DT NN VBZ VBG DT NN .", "DT NN VBZ VBG DT JJ NN .", "verdict:entailed"),
    # all the hypothesis's words are in the premise, but not its proposition
    ("The girl is pushed by the boy.", "The girl is pushing the boy.",
     "DT NN VBZ VBN IN DT NN .", "DT NN VBZ VBG DT NN .", "roles:swapped"),
    ("The girl is pushed by the boy.", "The boy is pushing the girl.",
     "DT NN VBZ VBN IN DT NN .", "DT NN VBZ VBG DT NN .", "verdict:entailed"),
    ("The woman and the child are watching the dog.", "The child is watching the woman.",
     "DT NN CC DT NN VBP VBG DT NN .", "DT NN VBZ VBG DT NN .", "roles:swapped"),
    ("The man who the dog is following is running.", "The dog is running.",
     "DT NN WP DT NN VBZ VBG VBZ VBG .", "DT NN VBZ VBG .", "roles:unsupported"),
    ("The man who the dog is following is running.", "The man is running.",
     "DT NN WP DT NN VBZ VBG VBZ VBG .", "DT NN VBZ VBG .", "verdict:entailed"),
    ("The man near the dog is running.", "The man is running.",
     "DT NN IN DT NN VBZ VBG .", "DT NN VBZ VBG .", "verdict:entailed"),
    ("The man near the dog is running.", "The dog is running.",
     "DT NN IN DT NN VBZ VBG .", "DT NN VBZ VBG .", "roles:unsupported"),
    # a clause under an operator that does not assert it, and its entailed twin
    ("If the boy is wet, the girl is laughing.", "The boy is wet.",
     "IN DT NN VBZ JJ , DT NN VBZ VBG .", "DT NN VBZ JJ .", "verdict:new=2"),
    ("Since the boy is wet, the girl is laughing.", "The boy is wet.",
     "IN DT NN VBZ JJ , DT NN VBZ VBG .", "DT NN VBZ JJ .", "verdict:entailed"),
    ("The woman thinks the man is cooking.", "The man is cooking.",
     "DT NN VBZ DT NN VBZ VBG .", "DT NN VBZ VBG .", "verdict:new=2"),
    ("The woman knows the man is cooking.", "The man is cooking.",
     "DT NN VBZ DT NN VBZ VBG .", "DT NN VBZ VBG .", "verdict:entailed"),
    ("Maybe the dog is sleeping.", "The dog is sleeping.", "RB DT NN VBZ VBG .", "DT NN VBZ VBG .",
     "verdict:new=2"),
    ("Certainly the dog is sleeping.", "The dog is sleeping.", "RB DT NN VBZ VBG .", "DT NN VBZ VBG .",
     "verdict:entailed"),
    ("A man is singing or a woman is dancing.", "A man is singing.",
     "DT NN VBZ VBG CC DT NN VBZ VBG .", "DT NN VBZ VBG .", "verdict:new=2"),
]

def hand_tagged(text: str, tags: str):
    tokens = text.lower().replace(".", " .").replace(",", " ,").split()
    return sentence(" ".join(f"{t}/{g}" for t, g in zip(tokens, tags.split())))


def said(found) -> set[str]:
    return {name.removeprefix("alignment:") for name in found}


@pytest.mark.parametrize("premise, hypothesis, premise_tags, hypothesis_tags, expected", PAIRS,
                         ids=[f"{p} / {h}" for p, h, *_ in PAIRS])
def test_hand_tagged(premise, hypothesis, premise_tags, hypothesis_tags, expected):
    found = said(alignment_features(hand_tagged(premise, premise_tags), hand_tagged(hypothesis, hypothesis_tags),
                                    WordRelations(TinyWordNet())))
    assert expected in found
    if expected.startswith("roles:"):  # the roles stand in for the verdict
        assert not any(name.startswith("verdict:") for name in found)


@pytest.mark.parametrize("premise, hypothesis, expected", [(p, h, e) for p, h, _, _, e in PAIRS],
                         ids=[f"{p} / {h}" for p, h, *_ in PAIRS])
def test_raw(premise, hypothesis, expected, wordnet):
    pair = Batch.from_tokens(tagged_tokens([(premise, hypothesis)], True, "coarse", load_syntax())).pairs[0]
    assert expected in said(alignment_features(pair.premise, pair.hypothesis, word_relations()))
