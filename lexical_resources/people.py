"""Words for people of an age or a gender: a child (*boy*, *girl*) is no adult (*man*, *woman*),
and a woman (*lady*, *mother*) no man (*gentleman*, *father*).

Swapping one for the other is how many NLI contradictions are made (*A boy is running* / *A man
is running*, *Two men are kicking* / *Two ladies are kicking*), and WordNet does not keep them
apart: it files *girl* under *woman* ("a young woman") and *boy*'s second sense ("a friendly
informal reference to a grown man") under *man*, so a hypothesis that turns a boy into a man
reads as more general; and it relates *man* to *woman* (antonyms) but not to *lady*.
The lists hold the common words, as noun lemmas (singular). Relational words (*son*, *mother*)
say a gender but not an age, so they are in the gender lists only; words now used of either
gender (*actor*, *waiter*) are in neither.
"""
from __future__ import annotations

from .wordnet import IRREGULAR_SINGULARS

CHILDREN = frozenset({"boy", "girl", "child", "kid", "toddler", "baby", "infant", "youngster", "schoolboy",
                      "schoolgirl", "preschooler"})
ADULTS = frozenset({"man", "woman", "lady", "gentleman", "guy", "adult", "grownup"})
FEMALES = frozenset({"woman", "girl", "lady", "female", "mother", "mom", "mum", "grandmother", "grandma",
                     "sister", "daughter", "granddaughter", "wife", "bride", "girlfriend", "aunt", "niece",
                     "queen", "princess", "nun", "schoolgirl", "cowgirl", "policewoman", "businesswoman",
                     "gal", "madam", "widow"})
MALES = frozenset({"man", "boy", "guy", "gentleman", "male", "father", "dad", "daddy", "grandfather", "grandpa",
                   "brother", "son", "grandson", "husband", "groom", "bridegroom", "boyfriend", "uncle",
                   "nephew", "king", "prince", "monk", "schoolboy", "cowboy", "policeman", "businessman",
                   "fireman", "fisherman", "lad", "dude", "widower"})


def _singular(lemma: str) -> str:
    """WordNet's lemma of *men* is *men* (a lemma of its own: a group): irregular plurals are read here."""
    return IRREGULAR_SINGULARS.get(lemma, lemma)


def _apart(premise_lemma: str, hypothesis_lemma: str, one: frozenset, other: frozenset) -> bool:
    p, h = _singular(premise_lemma), _singular(hypothesis_lemma)
    return p in one and h in other or p in other and h in one


def age_relation(premise_lemma: str, hypothesis_lemma: str) -> str | None:
    """``'age_different'`` when one noun lemma names a child and the other an adult, else None."""
    return "age_different" if _apart(premise_lemma, hypothesis_lemma, CHILDREN, ADULTS) else None


def gender_relation(premise_lemma: str, hypothesis_lemma: str) -> str | None:
    """``'gender_different'`` when one lemma names a woman or girl and the other a man or boy, else None."""
    return "gender_different" if _apart(premise_lemma, hypothesis_lemma, FEMALES, MALES) else None
