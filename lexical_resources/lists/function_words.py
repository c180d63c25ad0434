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

A subordinator opens a clause of its own (*while*, *because*), and is never a noun phrase, even
where a tagger calls it a noun (*at the camera while trimming*). A personal pronoun may stand for
any noun phrase of its sentence:

>>> "while" in SUBORDINATORS, "whether" in SUBORDINATORS, sorted(PERSONAL_PRONOUNS)[:3]
(True, False, ['he', 'her', 'him'])
"""

#: Words that negate a sentence.
NEGATIONS = frozenset({"not", "n't", "no", "never", "nobody", "nothing", "none", "nowhere", "neither",
                       "nor", "without", "cannot"})
#: Words that say how many.
QUANTIFIERS = frozenset({"all", "every", "each", "some", "many", "few", "several", "both", "most", "any",
                         "only", "nobody", "none", "no", "nothing"})
#: Lemmas of the verbs that are not content words.
AUXILIARIES = frozenset({"be", "have", "do"})
#: Subordinators that open a clause of their own (not *whether*, :mod:`~lexical_resources.lists.operators`).
SUBORDINATORS = frozenset({"if", "unless", "because", "since", "when", "while", "although", "though", "whereas",
                           "after", "before", "until"})
#: Personal pronouns in the third person, subject and object forms.
PERSONAL_PRONOUNS = frozenset({"he", "she", "it", "they", "him", "her", "them"})
