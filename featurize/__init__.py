"""featurize: the SNLI paper's feature families as reusable scikit-learn transformers.

>>> from featurize import PairFeaturizer
>>> X = PairFeaturizer("lexicalized").fit_transform([("A man sleeps.", "A person rests.")])

The pair records and corpus readers of the ground layer (:mod:`lexnli`) are re-exported here.
"""
from lexnli.corpora import read_rte3, read_sick, read_snli
from lexnli.records import LABELS, Pair, Sentence
from lexnli.text import make_sentence

from .families import FAMILIES, GROUPS, Family, family, register
from .featurizer import PairFeaturizer
from .presets import PRESETS, signature
from .reference import reference_features

__all__ = ["FAMILIES", "GROUPS", "LABELS", "PRESETS", "Family", "Pair", "PairFeaturizer", "Sentence", "family",
           "make_sentence", "read_rte3", "read_sick", "read_snli", "reference_features", "register", "signature"]
