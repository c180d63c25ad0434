"""The forms of the auxiliary verbs, one table per verb: the one lexicon every reader of structure uses.

The constituency-to-dependency conversion (:mod:`lexnli.dependencies`), the polarity marking
(:mod:`featurize.polarity`) and the tree reader (:mod:`featurize.reading`) all tell an auxiliary
from a main verb by these words (lowercased), and a participle by :func:`is_participle_form`.

>>> sorted(BE_FORMS & HAVE_FORMS), "'d" in HAVE_FORMS, "wo" in MODALS
([], True, True)
>>> AUXILIARY_FORMS == BE_FORMS | HAVE_FORMS | DO_FORMS | GET_FORMS | MODALS
True
>>> IRREGULAR_PARTICIPLES["eating"], IRREGULAR_PARTICIPLES["running"], "run" in PARTICIPLE_FORMS
('eaten', 'run', False)
>>> sorted(PAST_ONLY_FORMS & PARTICIPLE_FORMS)
[]
>>> sorted(PAST_ONLY_FORMS - set(IRREGULAR_PASTS.values()))
[]
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
#: Past participles not made by adding *-ed* (or *-d*) to the stem, and the *-eed* ones, by the verb's
#: form in *-ing* (the form a progressive has): the tag-rule reader tells a participle by them, the
#: compositional rewrites make a passive with them.
IRREGULAR_PARTICIPLES = {
    "agreeing": "agreed", "bearing": "born", "beating": "beaten", "bending": "bent", "binding": "bound",
    "biting": "bitten", "blowing": "blown", "breaking": "broken", "breeding": "bred", "bringing": "brought",
    "building": "built", "buying": "bought", "casting": "cast", "catching": "caught", "choosing": "chosen",
    "cutting": "cut", "dealing": "dealt", "digging": "dug", "doing": "done", "drawing": "drawn", "drinking": "drunk",
    "driving": "driven", "eating": "eaten", "falling": "fallen", "feeding": "fed", "feeling": "felt",
    "fighting": "fought", "finding": "found", "flinging": "flung", "flying": "flown", "forgetting": "forgotten",
    "freeing": "freed", "freezing": "frozen", "giving": "given", "grinding": "ground", "growing": "grown",
    "hanging": "hung", "hearing": "heard", "hiding": "hidden", "hitting": "hit", "holding": "held", "hurting": "hurt",
    "keeping": "kept", "knowing": "known", "laying": "laid", "leading": "led", "leaving": "left", "lending": "lent",
    "letting": "let", "lighting": "lit", "losing": "lost", "making": "made", "meeting": "met", "paying": "paid",
    "putting": "put", "reading": "read", "riding": "ridden", "ringing": "rung", "running": "run", "saying": "said",
    "seeing": "seen", "seeking": "sought", "selling": "sold", "sending": "sent", "setting": "set", "sewing": "sewn",
    "shaking": "shaken", "shooting": "shot", "showing": "shown", "shutting": "shut", "singing": "sung",
    "sinking": "sunk", "sliding": "slid", "slinging": "slung", "speaking": "spoken", "spending": "spent",
    "spinning": "spun", "spitting": "spat", "splitting": "split", "spreading": "spread", "stealing": "stolen",
    "sticking": "stuck", "stinging": "stung", "striking": "struck", "stringing": "strung", "sweeping": "swept",
    "swimming": "swum", "swinging": "swung", "taking": "taken", "teaching": "taught", "tearing": "torn",
    "telling": "told", "throwing": "thrown", "understanding": "understood", "wearing": "worn", "weaving": "woven",
    "winding": "wound", "winning": "won", "wringing": "wrung", "writing": "written"
}
#: Participles that are also the plain verb and often before *by* (*dogs run by the lake*): not
#: taken for participles by their form alone.
PLAIN_VERB_PARTICIPLES = frozenset({"run"})
#: The participles of :data:`IRREGULAR_PARTICIPLES` taken for participles by their form (:func:`is_participle_form`).
PARTICIPLE_FORMS = frozenset(IRREGULAR_PARTICIPLES.values()) - PLAIN_VERB_PARTICIPLES

#: Irregular past tenses that are no other form and no other word (not *slept*, also a participle; not *saw*,
#: *spoke*, *stole*, also nouns): the syntax model's tagger tags them VBD wherever they stand, since SNLI's
#: captions, mostly in the present tense, seldom show them (*The cats swam.*).
PAST_ONLY_FORMS = frozenset({
    "ate", "began", "blew", "came", "chose", "drank", "drew", "flew", "forgot", "froze", "gave", "grew", "knew",
    "rang", "ran", "rode", "sang", "sank", "shook", "shrank", "sprang", "swam", "threw", "took", "tore", "went",
    "wore", "wrote"})

#: Past tenses neither made by adding *-ed* to the stem nor the participle of :data:`IRREGULAR_PARTICIPLES`,
#: by the verb's form in *-ing* (*ate*, and *slept*, *sat*, whose participles the table leaves out).
IRREGULAR_PASTS = {
    "bearing": "bore", "beating": "beat", "becoming": "became", "beginning": "began", "betting": "bet", "biting":
    "bit", "bleeding": "bled", "blowing": "blew", "breaking": "broke", "choosing": "chose", "coming": "came",
    "creeping": "crept", "doing": "did", "drawing": "drew", "drinking": "drank", "driving": "drove", "eating": "ate",
    "falling": "fell", "fleeing": "fled", "flying": "flew", "forgetting": "forgot", "freezing": "froze", "getting":
    "got", "giving": "gave", "going": "went", "growing": "grew", "having": "had", "hiding": "hid", "kneeling":
    "knelt", "knowing": "knew", "lying": "lay", "quitting": "quit", "riding": "rode", "ringing": "rang", "rising":
    "rose", "running": "ran", "seeing": "saw", "sewing": "sewed", "shaking": "shook", "shining": "shone", "showing":
    "showed", "shrinking": "shrank", "singing": "sang", "sinking": "sank", "sitting": "sat", "sleeping": "slept",
    "speaking": "spoke", "springing": "sprang", "standing": "stood", "stealing": "stole", "striding": "strode",
    "swimming": "swam", "taking": "took", "tearing": "tore", "throwing": "threw", "waking": "woke", "wearing": "wore",
    "weaving": "wove", "weeping": "wept", "writing": "wrote"}

#: Words ending in *-ing* that are not *-ing* forms.
NOT_ING_FORMS = frozenset({"bring", "sing", "ring", "swing", "sting", "spring", "string", "cling", "fling",
                           "sling", "wring", "king", "thing", "wing", "ping", "ding"})


def is_ing_form(token: str) -> bool:
    """Whether ``token`` is an *-ing* form.

    >>> [is_ing_form(w) for w in ("playing", "being", "bring", "sing", "ing")]
    [True, True, False, False, False]
    """
    return token.endswith("ing") and len(token) > 4 and token not in NOT_ING_FORMS


def is_participle_form(token: str) -> bool:
    """Whether ``token`` may be a past participle: *-ed* (not *-eed*) or an irregular participle
    (:data:`PARTICIPLE_FORMS`): coarse tags do not say VBN (*is thrown*, *is held* are
    passives like *is pushed*).

    >>> [is_participle_form(w) for w in ("pushed", "thrown", "held", "need", "breed", "run")]
    [True, True, True, False, False, False]
    """
    return (token.endswith("ed") and not token.endswith("eed") and len(token) > 3) or token in PARTICIPLE_FORMS


def regular_past(form: str) -> str | None:
    """The *-ed* form of a verb given in *-ing* (its past and participle, if it is regular): the stem (the form
    without *-ing*) with *d* after *e*, *ied* for a *y* after a consonant, *ed* otherwise; None if ``form`` is no
    *-ing* form of a stem of two letters or more.

    >>> [regular_past(v) for v in ("hugging", "chasing", "carrying", "playing", "tying")], regular_past("king")
    (['hugged', 'chased', 'carried', 'played', 'tied'], None)
    """
    stem = form.removesuffix("ing")
    if stem == form or len(stem) < 2:
        return None
    if stem.endswith("e"):
        return stem + "d"
    if stem.endswith("y") and stem[-2] not in "aeiou":
        return stem[:-1] + "ied"
    return stem + "ed"


def past_tense(form: str) -> str | None:
    """The past tense of a verb given in *-ing*: :data:`IRREGULAR_PASTS`, else the participle of
    :data:`IRREGULAR_PARTICIPLES`, else :func:`regular_past`.

    >>> [past_tense(v) for v in ("sleeping", "eating", "building", "barking", "dancing")]
    ['slept', 'ate', 'built', 'barked', 'danced']
    """
    return IRREGULAR_PASTS.get(form) or IRREGULAR_PARTICIPLES.get(form) or regular_past(form)


def base_forms(form: str) -> tuple[str, ...]:
    """What the plain verb of a form in *-ing* may be, the likelier first: the stem (*barking*), the stem with *e*
    (*dancing*), the stem with its doubled last letter once (*running*), *ie* for a final *y* (*lying*).

    >>> base_forms("running"), base_forms("lying"), base_forms("king")
    (('runn', 'runne', 'run'), ('ly', 'lye', 'lie'), ())
    """
    stem = form.removesuffix("ing")
    if stem == form or len(stem) < 2:
        return ()
    found = [stem, stem + "e"]
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
        found.append(stem[:-1])
    if stem.endswith("y"):
        found.append(stem[:-1] + "ie")
    return tuple(found)


def third_person(base: str) -> str:
    """The present tense of a plain verb after *he*, *she* or *it*.

    >>> [third_person(v) for v in ("bark", "watch", "go", "carry", "play", "fix", "have")]
    ['barks', 'watches', 'goes', 'carries', 'plays', 'fixes', 'has']
    """
    if base == "have":
        return "has"
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    if base.endswith("y") and len(base) > 1 and base[-2] not in "aeiou":
        return base[:-1] + "ies"
    return base + "s"
