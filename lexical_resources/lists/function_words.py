"""Function words that NLI features read apart from content words: negations, quantifiers, auxiliaries.

A negation denies what its sentence says (*not*, *n't*, *never*); a quantifier says how many
(*all*, *some*, *few*), and under one a more general word is not always entailed (*all dogs sleep*
does not say *all animals sleep*). Neither is a content word to align, and neither are the
auxiliaries, lemmas of the verbs *be*, *have* and *do*. The words are lowercased; four are both a
negation and a quantifier:

>>> sorted(NEGATIONS & QUANTIFIERS)
['no', 'nobody', 'none', 'nothing']
>>> "n't" in NEGATIONS, "every" in QUANTIFIERS, sorted(AUXILIARIES)
(True, True, ['be', 'do', 'have'])
"""

#: Words that negate a sentence.
NEGATIONS = frozenset({"not", "n't", "no", "never", "nobody", "nothing", "none", "nowhere", "neither",
                       "nor", "without", "cannot"})
#: Words that say how many.
QUANTIFIERS = frozenset({"all", "every", "each", "some", "many", "few", "several", "both", "most", "any",
                         "only", "nobody", "none", "no", "nothing"})
#: Lemmas of the verbs that are not content words.
AUXILIARIES = frozenset({"be", "have", "do"})
