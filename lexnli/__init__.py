"""lexnli's ground layer: what every other package builds on.

Pair records and label constants (:mod:`lexnli.records`), tokens, tags and NLTK resources
(:mod:`lexnli.text`), errors (:mod:`lexnli.errors`), atomic file output and compressed input
(:mod:`lexnli.io`), the data home and checksum-verified downloads (:mod:`lexnli.data_home`),
the corpus readers (:mod:`lexnli.corpora`) and the version. It imports no other lexnli
package: ``lexical_resources``, ``featurize``, ``classifiers`` and ``experiments`` sit above it.
"""
from .version import __version__

__all__ = ["__version__"]
