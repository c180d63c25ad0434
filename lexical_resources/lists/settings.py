"""Indoors and outdoors: a street, a beach or a field is outside, a kitchen or a classroom inside.

Hypotheses often say only where a scene is (*The people are outside*, *A man is indoors*), and
whether the premise says so too is in the place it names: *on a busy street* says outside, *in
a kitchen* says inside, and neither resource knows it (WordNet's *outside* is a region of a
thing, a co-hyponym of *front* and *top*). The lists hold common places of captions whose
setting is not in doubt; places that may be either (*restaurant*, *store*, *pool*, *stage*,
*building*: one stands in front of them or in them) are in neither.
"""
from __future__ import annotations

from ..names import ANTONYM
from ..registry import ANY_CLASS, CONFLICT, GENERAL, SPECIFIC, Relation, relation_source

#: The hypothesis says the premise's setting (*street* -> *outside*), the reverse, or the other setting.
SETTING_GENERAL, SETTING_SPECIFIC = "setting_general", "setting_specific"
SETTING_DIFFERENT = "setting_different"

#: Places that are outdoors (noun lemmas).
OUTDOORS = frozenset({"street", "road", "sidewalk", "alley", "crosswalk", "intersection", "highway", "park",
                      "field", "meadow", "lawn", "grass", "yard", "backyard", "garden", "playground", "beach",
                      "shore", "sand", "ocean", "sea", "lake", "river", "stream", "waterfall", "mountain",
                      "hill", "cliff", "forest", "woods", "jungle", "desert", "snow", "trail", "path", "sky",
                      "city", "town", "village", "countryside", "farm", "rain", "sun", "sunshine"})
#: Places that are indoors (noun lemmas).
INDOORS = frozenset({"room", "kitchen", "bedroom", "bathroom", "classroom", "office", "hallway", "hall",
                     "lobby", "gym", "gymnasium", "studio", "auditorium", "basement", "attic", "closet",
                     "laboratory", "lab"})
#: Hypothesis words that say only that a scene is outdoors, or indoors.
OUTSIDE = frozenset({"outside", "outdoors", "outdoor"})
INSIDE = frozenset({"inside", "indoors", "indoor"})


def is_setting_word(*lemmas: str) -> bool:
    """Whether one of ``lemmas`` says only that a scene is outdoors or indoors (*outside*, *indoors*)."""
    return any(lemma in OUTSIDE or lemma in INSIDE for lemma in lemmas)


#: Every word :func:`setting_relation` reads.
_SETTING_WORDS = OUTDOORS | INDOORS | OUTSIDE | INSIDE


@relation_source("settings", order=530, reads=ANY_CLASS, needs=lambda word: word.lemma in _SETTING_WORDS,
                 relations=(Relation(SETTING_GENERAL, GENERAL, 40, inverse=SETTING_SPECIFIC),
                            Relation(SETTING_SPECIFIC, SPECIFIC, 20, inverse=SETTING_GENERAL),
                            Relation(SETTING_DIFFERENT, CONFLICT, 90)))
def setting_relation(premise_lemma: str, hypothesis_lemma: str) -> str | None:
    """How a word that says only outdoors or indoors relates to a place: ``'setting_general'``
    when the hypothesis says the setting of the premise's place (*street* -> *outside*),
    ``'setting_specific'`` the reverse (*outside* -> *street*), ``'setting_different'`` when the
    settings differ (*kitchen* / *outside*, *indoors* / *beach*), ``'antonym'`` for two words that
    each say only opposite settings (*indoors* / *outdoors*, *inside* / *outside*); None otherwise
    (two words for one setting are left to WordNet: *outside* / *outdoors*).

    >>> setting_relation("street", "outside"), setting_relation("kitchen", "outdoors")
    ('setting_general', 'setting_different')
    >>> setting_relation("inside", "classroom"), setting_relation("store", "outside")
    ('setting_specific', None)
    >>> setting_relation("indoors", "outdoors"), setting_relation("outside", "outdoors")
    ('antonym', None)
    """
    sides = [OUTSIDE if lemma in OUTSIDE else INSIDE if lemma in INSIDE else None
             for lemma in (premise_lemma, hypothesis_lemma)]
    if None not in sides:
        # Two words that each say only a setting: *indoors* / *outdoors* are opposites however they
        # are tagged (taggers make nouns of both, and WordNet opposes only the adverbs).
        return ANTONYM if sides[0] is not sides[1] else None
    for place, setting, found in ((premise_lemma, hypothesis_lemma, SETTING_GENERAL),
                                  (hypothesis_lemma, premise_lemma, SETTING_SPECIFIC)):
        if setting in OUTSIDE or setting in INSIDE:
            if place in OUTDOORS:
                return found if setting in OUTSIDE else SETTING_DIFFERENT
            if place in INDOORS:
                return found if setting in INSIDE else SETTING_DIFFERENT
    return None
