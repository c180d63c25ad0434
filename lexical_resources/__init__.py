"""Lexical resources for NLI features: WordNet relations and VerbOcean verb relations, shared once per process."""
from .shared import get_verbocean, get_wordnet, reset_resources, resources_version, set_resources
from .verbocean import RELATIONS as VERBOCEAN_RELATIONS
from .verbocean import VerbOcean, VerbOceanFormatError
from .wordnet import RELATIONS as WORDNET_RELATIONS
from .wordnet import WordNet, wordnet_pos

__all__ = [
    "VERBOCEAN_RELATIONS",
    "VerbOcean",
    "VerbOceanFormatError",
    "WORDNET_RELATIONS",
    "WordNet",
    "get_verbocean",
    "get_wordnet",
    "reset_resources",
    "resources_version",
    "set_resources",
    "wordnet_pos",
]
