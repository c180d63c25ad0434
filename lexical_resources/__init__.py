"""Lexical resources for NLI features: WordNet relations and VerbOcean verb relations."""
from .verbocean import RELATIONS as VERBOCEAN_RELATIONS
from .verbocean import VerbOcean, VerbOceanFormatError
from .wordnet import RELATIONS as WORDNET_RELATIONS
from .wordnet import WordNet, get_wordnet, wordnet_pos

__all__ = [
    "VERBOCEAN_RELATIONS",
    "VerbOcean",
    "VerbOceanFormatError",
    "WORDNET_RELATIONS",
    "WordNet",
    "get_wordnet",
    "wordnet_pos",
]
