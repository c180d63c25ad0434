"""Feature families, registered by name (importing this package declares the built-in ones)."""
from . import unlexicalized  # noqa: F401,I001  (declares bleu, length_diff, overlap first: the groups' column order)
from . import lexicalized  # noqa: F401,I001  (hyp_unigrams, hyp_bigrams, cross_unigrams, cross_bigrams)
from . import lexical  # noqa: F401,I001  (wordnet, verbocean, tree, bag_overlap)
from . import alignment  # noqa: F401,I001  (alignment of the hypothesis to the premise)
from .names import feature_name
from .registry import (FAMILIES, GROUPS, Family, MemoizedReference, SparseFeatures, family, family_seed, register,
                       resolve)

__all__ = ["FAMILIES", "GROUPS", "Family", "MemoizedReference", "SparseFeatures", "family", "family_seed",
           "feature_name", "register", "resolve"]
