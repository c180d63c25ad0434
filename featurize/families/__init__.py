"""Feature families, registered by name (importing this package registers the built-in ones)."""
from . import lexicalized, unlexicalized  # noqa: F401  (registration side effect)
from . import lexical  # noqa: F401,E402  (WordNet, VerbOcean, tree, bag_overlap families)
from . import alignment  # noqa: F401,E402  (alignment of hypothesis words to the premise)
from .names import feature_name
from .registry import FAMILIES, GROUPS, Family, SparseFeatures, family_seed, register, resolve

__all__ = ["FAMILIES", "GROUPS", "Family", "SparseFeatures", "family_seed", "feature_name", "register", "resolve"]
