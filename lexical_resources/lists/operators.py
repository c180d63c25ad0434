"""Operators: the words whose scope changes what a word relation implies (monotonicity, veridicality).

Natural logic (MacCartney & Manning 2009) reads a word relation through the operators above the
word. In an *upward* (monotone) context a more general word is entailed (*a girl eats an apple*
/ *a girl eats fruit*); in a *downward* one the direction is reversed (*no girl eats fruit* / *no
girl eats an apple*); in a *non-monotone* one (``none``) neither holds (*exactly two dogs run*
/ *exactly two animals run*). Veridicality (Nairn, Condoravdi & Karttunen 2006) says whether a
clause under an operator is asserted: *the woman knows the man is cooking* says he is, *the
woman thinks the man is cooking* does not, and *the man refuses to eat* says he does not.

These tables are the signatures; :mod:`featurize.polarity` finds each operator's scope in a
sentence and composes them. Words are lowercased; verbs are given by lemma.

>>> DETERMINERS["every"], DETERMINERS["no"], DETERMINERS["most"]
(('down', 'up'), ('down', 'down'), ('none', 'up'))
>>> VERBS[("think", "")], VERBS[("know", "")], VERBS[("refuse", "to")], VERBS[("forget", "")]
('nonveridical', 'veridical', 'antiveridical', 'veridical')
>>> "maybe" in NONVERIDICAL_ADVERBS, "certainly" in NONVERIDICAL_ADVERBS  # asserted unless an operator says not
(True, False)
"""
from __future__ import annotations

UP, DOWN, NONE = "up", "down", "none"
VERIDICAL, NONVERIDICAL, ANTIVERIDICAL = "veridical", "nonveridical", "antiveridical"

#: Determiners and quantifiers by their standard signatures: the monotonicity of the restrictor
#: (the noun phrase the determiner heads) and of the body (the rest of its clause). *At most* /
#: *at least* / *exactly* are read before a number (:data:`NUMBER_OPERATORS`).
DETERMINERS = {
    "every": (DOWN, UP), "all": (DOWN, UP), "each": (DOWN, UP),
    "some": (UP, UP), "a": (UP, UP), "an": (UP, UP), "several": (UP, UP), "many": (UP, UP),
    "no": (DOWN, DOWN), "few": (DOWN, DOWN),
    "most": (NONE, UP),
}
#: Two-word operators before a number (*at most three dogs*): the same signatures.
NUMBER_OPERATORS = {("at", "most"): (DOWN, DOWN), ("at", "least"): (UP, UP), ("exactly",): (NONE, NONE)}

#: Negations whose scope is the rest of their clause: downward. *No* as a determiner is in
#: :data:`DETERMINERS`; *nobody*, *nothing*, *none*, *no one* are a subject or object that is
#: itself the negation.
CLAUSE_NEGATIONS = frozenset({"not", "n't", "never", "nobody", "nothing", "none", "cannot", "nowhere"})
#: Negations whose scope is the noun phrase after them: *a man without a hat*.
PHRASE_NEGATIONS = frozenset({"without"})

#: Words that open a clause that is not asserted, a downward one: the antecedent of a conditional.
#: The whole sentence is then non-veridical: neither clause of *if the boy is wet, the girl
#: laughs* is asserted. *Unless* is non-veridical but not downward.
CONDITIONALS = {"if": DOWN, "unless": NONE}
#: Subordinators whose clause alone is not asserted: *the man is not sure whether the store is open*.
NONVERIDICAL_SUBORDINATORS = frozenset({"whether"})
#: Conjunctions whose conjuncts are not asserted: *a man sings or a woman dances*.
DISJUNCTIONS = frozenset({"or"})

#: Adverbs and modals that leave their clause unasserted: *maybe the dog is sleeping*.
NONVERIDICAL_ADVERBS = frozenset({"maybe", "perhaps", "probably", "possibly", "supposedly", "allegedly",
                                  "might", "could", "may", "would", "should", "apparently", "seemingly"})
#: Adjectives whose *that* clause is not asserted: *it is possible that the dog sleeps*.
NONVERIDICAL_ADJECTIVES = frozenset({"possible", "likely", "unlikely", "unsure", "uncertain"})

#: Verbs by (lemma, complementizer) and what they say of their complement clause: ``""`` for a
#: finite complement with or without *that*, ``"to"`` for an infinitive. The negative
#: implicatives (*refuse to*, *fail to*) deny it, and their complement is downward
#: (:data:`ANTIVERIDICAL`); a verb that takes both (*forgets that* / *forgets to*) is listed twice.
#: An infinitive may follow an object (*wants the dog to fetch*).
VERBS = {
    **{(verb, ""): NONVERIDICAL for verb in (
        "think", "believe", "hope", "claim", "imagine", "wish", "dream", "doubt", "suspect", "guess",
        "assume", "suppose", "fear", "pretend", "expect", "say", "suggest", "wonder", "predict")},
    **{(verb, "to"): NONVERIDICAL for verb in (
        "want", "hope", "try", "plan", "intend", "wish", "attempt", "expect", "need", "prepare", "decide",
        "offer", "promise", "like", "love")},
    **{(verb, ""): VERIDICAL for verb in (
        "know", "realize", "realise", "notice", "see", "remember", "discover", "regret", "understand",
        "learn", "find")},
    ("forget", ""): VERIDICAL,
    ("manage", "to"): VERIDICAL,
    **{(verb, "to"): ANTIVERIDICAL for verb in ("refuse", "fail", "forget", "neglect", "decline")},
}
#: The negative implicatives of :data:`VERBS` that are one-way (Karttunen 1971): *refused to eat* says he
#: did not eat, but *did not refuse to eat* does not say he ate (*did not fail to lock* says the door
#: was locked: *fail*, *forget*, *neglect* are two-way). Denied, their clause is open.
ONE_WAY_IMPLICATIVES = frozenset({"refuse", "decline"})
