"""The forms of the auxiliary verbs, one table per verb: the one lexicon every reader of structure uses.

The constituency-to-dependency conversion (:mod:`lexnli.dependencies`), the tag-rule readers
(:mod:`featurize.propositions`, :mod:`featurize.polarity`) and the tree reader
(:mod:`featurize.reading`) all tell an auxiliary from a main verb by these words (lowercased).

>>> sorted(BE_FORMS & HAVE_FORMS), "'d" in HAVE_FORMS, "wo" in MODALS
([], True, True)
>>> AUXILIARY_FORMS == BE_FORMS | HAVE_FORMS | DO_FORMS | GET_FORMS | MODALS
True
"""
from __future__ import annotations

#: Forms of *be*: auxiliaries, and a copula when no other verb follows.
BE_FORMS = frozenset({"be", "is", "are", "was", "were", "been", "being", "am", "'s", "'re", "'m"})
#: Forms of *have*: auxiliaries before a verb, else the main verb (*has a dog*).
HAVE_FORMS = frozenset({"have", "has", "had", "having", "'ve", "'d"})
#: Forms of *do*: auxiliaries before a verb, else the main verb (*does a trick*).
DO_FORMS = frozenset({"do", "does", "did"})
#: Forms of *get*: the auxiliary of a get-passive before a participle (*gets pushed*), else a main verb.
GET_FORMS = frozenset({"get", "gets", "got", "getting", "gotten"})
#: Modal auxiliaries (*ca* and *wo* are what the Treebank tokenizer leaves of *can't*, *won't*).
MODALS = frozenset({"can", "could", "may", "might", "will", "would", "shall", "should", "must", "'ll", "ca", "wo"})
#: Every auxiliary form: none of them is a predicate when another verb follows it in its group.
AUXILIARY_FORMS = BE_FORMS | HAVE_FORMS | DO_FORMS | GET_FORMS | MODALS
