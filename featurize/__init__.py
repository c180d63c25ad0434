"""featurize: the SNLI paper's feature families as reusable scikit-learn transformers.

>>> from featurize import PairFeaturizer
>>> X = PairFeaturizer("lexicalized").fit_transform([("A man sleeps.", "A person rests.")])
"""
from .families import FAMILIES, GROUPS, Family, register
from .featurizer import PairFeaturizer
from .records import LABELS, Pair, Sentence
from .reference import reference_features
from .text import make_sentence

__all__ = ["FAMILIES", "GROUPS", "LABELS", "Family", "Pair", "PairFeaturizer", "Sentence", "make_sentence",
           "reference_features", "register"]
