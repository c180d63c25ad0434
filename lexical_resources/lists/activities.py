"""Sleeping against acting: a verb of sleeping conflicts with a verb of doing (moving, competing,
eating, making, talking, sitting, looking: *A dog runs* / *A dog sleeps*) and with being awake.

Swapping what someone does for sleeping is one of the commonest ways NLI contradictions are
made, and neither resource says it: WordNet files *sleep* (``verb.body``) and *run*
(``verb.motion``) apart without relating them, and VerbOcean has no link between them. The
actions are read from WordNet's verb files, by the other verb's most frequent sense: moving,
competing, eating, making, talking, touching (*sit*, *hold*), seeing (*look*, *watch*), the
body's doings (*smile*, *wear*) and thinking (*read*); being, having and changing are left out,
and so are the ways of resting a sleeper may be in (*lie*, *rest*, *relax*, *cuddle*:
:data:`RESTING`). One can sleep sitting up or holding a toy, but SNLI's annotators read a
caption's sitting, holding or looking as awake (66 of 71 such train and dev pairs), and its lying as
possibly asleep.
*Awake* and *wake* are read as verbs here whatever their tags (*A man sleeping in a chair* / *A
man awake in a chair*): WordNet's antonym of *awake* is the adjective *asleep*, which *sleeping*
is not.
"""
from __future__ import annotations

from collections.abc import Callable

from ..registry import CONFLICT, VERB, Relation, relation_source

#: A verb of sleeping against one of acting or being awake.
SLEEP_ACTION = "sleep_action"

#: Verb lemmas of sleeping.
SLEEPING = frozenset({"sleep", "nap", "doze", "snooze", "slumber"})
#: Verb lemmas of being or becoming awake.
WAKING = frozenset({"wake", "awake", "awaken", "waken"})
#: WordNet's verb files of what a sleeper does not do.
ACTIONS = frozenset({"verb.motion", "verb.competition", "verb.consumption", "verb.creation", "verb.communication",
                     "verb.contact", "verb.perception", "verb.body", "verb.cognition"})
#: Verb lemmas of resting, which a sleeper may be doing, and of seeming, filed among the actions' files.
RESTING = frozenset({"lie", "lay", "rest", "relax", "recline", "lounge", "repose", "cuddle", "snuggle", "nestle",
                     "snore", "breathe", "dream", "yawn", "seem", "appear"})


def _is_sleeping_or_acting(word) -> bool:
    """Whether the word's verb lemma is of sleeping, waking or acting (filed under :data:`ACTIONS`):
    what :func:`activity_relation` needs of each verb."""
    return word.verb in SLEEPING or word.verb in WAKING or word.verb_file(word.verb) in ACTIONS


@relation_source("activities", order=900, reads=VERB, both=False,
                 arguments=("premise_verb", "hypothesis_verb", "verb_file"), needs=_is_sleeping_or_acting,
                 relations=(Relation(SLEEP_ACTION, CONFLICT, 100),))
def activity_relation(premise_lemma: str, hypothesis_lemma: str, verb_file: Callable[[str], str | None]) -> str | None:
    """``"sleep_action"`` when one verb lemma is of sleeping and the other is of waking
    (:data:`WAKING`) or its most frequent sense is filed under :data:`ACTIONS` (``verb_file(lemma)``
    names that file, or None), else None.

    >>> files = {"run": "verb.motion", "sit": "verb.contact", "lie": "verb.stative", "rest": "verb.contact"}.get
    >>> activity_relation("run", "sleep", files), activity_relation("nap", "sit", files)
    ('sleep_action', 'sleep_action')
    >>> activity_relation("lie", "sleep", files), activity_relation("rest", "sleep", files)
    (None, None)
    >>> activity_relation("sleep", "awake", files)
    'sleep_action'
    """
    for sleeping, other in ((premise_lemma, hypothesis_lemma), (hypothesis_lemma, premise_lemma)):
        if sleeping in SLEEPING and (other in WAKING or (other not in SLEEPING and other not in RESTING
                                                         and verb_file(other) in ACTIONS)):
            return SLEEP_ACTION
    return None
