"""Head rules for Penn Treebank constituents: which child of a phrase is its head.

The table is Collins' (1999), Appendix A of his thesis "Head-Driven Statistical Models for
Natural Language Parsing" (University of Pennsylvania), with the semantic-head modifications of
de Marneffe, MacCartney & Manning (2006), "Generating typed dependency parses from phrase
structure parses" (LREC), as Stanford's ``SemanticHeadFinder`` makes them:

* an auxiliary (a form of *be*, *have* or *do*, a modal, infinitival *to*; a form of *get*
  before a participle) is not the head of a VP (or SQ, SINV) that has a VP complement: the
  content verb is (:data:`AUXILIARIES`, applied by :mod:`lexnli.dependencies`);
* S is headed by its VP (Collins lists TO and IN first), SBAR by its clause (S, SQ, SINV ...),
  the complementizer or subordinator depending on it.

Unlike Stanford's converter the copula stays the head of *be* + NP/ADJP/PP: there is no copula
inversion ("is" heads "A man is awake ."). Coordination is made Stanford-basic by
:mod:`lexnli.dependencies`, not by these rules: the first conjunct heads, the coordinator and
the other conjuncts depend on it (Collins instead heads ``NP -> NP CC NP`` by its first NP but a
flat ``NP -> NN CC NN`` by its last noun).

Each rule is a list of ``(direction, labels)`` entries tried in order:

``"left"`` / ``"right"``
    for each label in priority order, the first child with that label scanning from that end
    (Collins' search);
``"leftdis"`` / ``"rightdis"``
    the first child scanning from that end whose label is any of ``labels`` (Collins' NP rule).

When no entry matches, the head is the child at the end the first entry scans from (Collins'
default). Punctuation children are never heads: they are set aside before the search, as
Collins' parser raises punctuation out of constituents. Labels missing from the table (X, NML
...) take the first child.
"""
from __future__ import annotations

from .verb_forms import BE_FORMS, DO_FORMS, HAVE_FORMS

#: The phrase labels whose head is found by Collins' NP rule (he gives it for NP; NX and NML have
#: none in his table and take it here).
_NP_RULE = [
    # Collins first returns the last word if it is tagged POS: POS is in the first set, so the
    # right-to-left search finds it first.
    ("rightdis", ("NN", "NNP", "NNPS", "NNS", "NX", "POS", "JJR")),
    ("left", ("NP",)),
    ("rightdis", ("$", "ADJP", "PRN")),
    ("right", ("CD",)),
    ("rightdis", ("JJ", "JJS", "RB", "QP")),
]

#: Phrase label -> the ``(direction, labels)`` entries that find its head child.
HEAD_RULES: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "ADJP": [("left", ("NNS", "QP", "NN", "$", "ADVP", "JJ", "VBN", "VBG", "ADJP", "JJR", "NP", "JJS", "DT", "FW",
                       "RBR", "RBS", "SBAR", "RB"))],
    "ADVP": [("right", ("RB", "RBR", "RBS", "FW", "ADVP", "TO", "CD", "JJR", "JJ", "IN", "NP", "JJS", "NN"))],
    "CONJP": [("right", ("CC", "RB", "IN"))],
    "FRAG": [("right", ())],
    "INTJ": [("left", ())],
    "LST": [("right", ("LS", ":"))],
    "NAC": [("left", ("NN", "NNS", "NNP", "NNPS", "NP", "NAC", "EX", "$", "CD", "QP", "PRP", "VBG", "JJ", "JJS", "JJR",
                      "ADJP", "FW"))],
    "NP": _NP_RULE,
    "NX": _NP_RULE,
    "NML": _NP_RULE,
    "PP": [("right", ("IN", "TO", "VBG", "VBN", "RP", "FW"))],
    "PRN": [("left", ())],
    "PRT": [("right", ("RP",))],
    "QP": [("left", ("$", "IN", "NNS", "NN", "JJ", "RB", "DT", "CD", "NCD", "QP", "JJR", "JJS"))],
    "RRC": [("right", ("VP", "NP", "ADVP", "ADJP", "PP"))],
    # Semantic: the VP before Collins' TO and IN; NP last, from the right.
    "S": [("left", ("VP", "S", "FRAG", "SBAR", "ADJP", "UCP", "TO")), ("right", ("NP",))],
    # Semantic: the clause before Collins' WH-phrases and complementizers.
    "SBAR": [("left", ("S", "SQ", "SINV", "SBAR", "FRAG", "VP", "WHNP", "WHPP", "WHADVP", "WHADJP", "IN", "DT"))],
    "SBARQ": [("left", ("SQ", "S", "SINV", "SBARQ", "FRAG"))],
    "SINV": [("left", ("VBZ", "VBD", "VBP", "VB", "MD", "VP", "S", "SINV", "ADJP", "NP"))],
    "SQ": [("left", ("VBZ", "VBD", "VBP", "VB", "MD", "VP", "SQ"))],
    "UCP": [("right", ())],
    "VP": [("left", ("TO", "VBD", "VBN", "MD", "VBZ", "VB", "VBG", "VBP", "VP", "ADJP", "NN", "NNS", "NP"))],
    "WHADJP": [("left", ("CC", "WRB", "JJ", "ADJP"))],
    "WHADVP": [("right", ("CC", "WRB"))],
    "WHNP": [("left", ("WDT", "WP", "WP$", "WHADJP", "WHPP", "WHNP"))],
    "WHPP": [("right", ("IN", "TO", "FW"))],
}

#: Words that are auxiliaries (by their lowercased form) when tagged as a verb (VB*) before a VP
#: complement; MD and TO are auxiliaries by their tag.
AUXILIARIES = BE_FORMS | HAVE_FORMS | DO_FORMS
