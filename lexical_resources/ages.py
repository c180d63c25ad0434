"""Words for people of an age: a child (*boy*, *girl*, *kid*) is no adult (*man*, *woman*, *lady*).

Swapping one for the other is how many NLI contradictions are made (*A boy is running* / *A man
is running*), and WordNet does not keep the two apart: it files *girl* under *woman* ("a young
woman") and *boy*'s second sense ("a friendly informal reference to a grown man") under *man*,
so a hypothesis that turns a boy into a man reads as more general.
The lists hold the common words for people of either age, as noun lemmas (singular); relational
words (*son*, *mother*) are left out, since a son or a mother may be of any age.
"""
from __future__ import annotations

from .wordnet import IRREGULAR_SINGULARS

CHILDREN = frozenset({"boy", "girl", "child", "kid", "toddler", "baby", "infant", "youngster", "schoolboy",
                      "schoolgirl", "preschooler"})
ADULTS = frozenset({"man", "woman", "lady", "gentleman", "guy", "adult", "grownup"})


def age_relation(premise_lemma: str, hypothesis_lemma: str) -> str | None:
    """``'age_different'`` when one noun lemma names a child and the other an adult, else None.
    WordNet's lemma of *men* is *men* (a lemma of its own: a group): irregular plurals are read here."""
    premise_lemma = IRREGULAR_SINGULARS.get(premise_lemma, premise_lemma)
    hypothesis_lemma = IRREGULAR_SINGULARS.get(hypothesis_lemma, hypothesis_lemma)
    if premise_lemma in CHILDREN and hypothesis_lemma in ADULTS \
            or premise_lemma in ADULTS and hypothesis_lemma in CHILDREN:
        return "age_different"
    return None
