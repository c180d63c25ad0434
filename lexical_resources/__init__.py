"""Lexical resources for NLI features: WordNet and VerbOcean, shared once per process, and the word
relations read from them and from lexnli's hand lists.

The readers are :mod:`~lexical_resources.wordnet` and :mod:`~lexical_resources.verbocean`; the
hand lists are in :mod:`lexical_resources.lists`; every source of word relations declares what it
gives in the registry (:mod:`~lexical_resources.registry`), which
:class:`~lexical_resources.relations.WordRelations` asks in order (``python -m lexical_resources --list``).
"""
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
