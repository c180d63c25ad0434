"""A feature's name read in words: what ``--explain`` says a feature means.

The table is data: :data:`ROWS` holds ``(regular expression, template)`` rows, one per kind of
feature of each family (:mod:`featurize.families`), in order; the first row whose expression
matches the whole name gives the words, its template filled from the match's named groups. A
group's value is read through :data:`VALUES` (a relation, a verdict, a word class) when that
table has it, else shown as it is, ``_`` read as a space; a group named ``column`` is itself read
through the rows, as a real-valued column named inside a bin (``0.13<=bleu<0.69``, ``bleu<0.13``,
``bleu>=0.69``: :meth:`featurize.PairFeaturizer.get_feature_names_out`). A name no row matches is
shown as it is.

>>> feature_words("alignment:negation:hypothesis_only")
'the hypothesis negates what the premise asserts'
>>> feature_words("hyp_unigrams:sleeping")
'the hypothesis has the word “sleeping”'
>>> feature_words("0.13<=bleu<0.69")
'BLEU between 0.13 and 0.69'
>>> feature_words("alignment:swap:cohyponym")
'a hypothesis word swapped in for one premise word: a co-hyponym (another kind of the same thing)'
>>> feature_words("tree_subject_match>=1")
'the subjects match (the same lemma, a synonym)'
>>> feature_words("a name of no family")
'a name of no family'
"""
from __future__ import annotations

import re

#: A number as a bin's edges are written (``"%.3g"``).
_NUMBER = r"-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?"

#: Real-valued columns read as yes or no (their values 0 and 1): a bin that holds only one of the
#: two reads as the statement, or its denial.
YES_NO = re.compile(r"tree_\w+")

#: ``(regular expression, template)``, the first whose expression matches a whole name wins.
ROWS: tuple[tuple[str, str], ...] = (
    # A real-valued column in a bin (the featurizer's dense_bins): the column read by the rows below.
    (rf"(?P<lo>{_NUMBER})<=(?P<column>\w+)<(?P<hi>{_NUMBER})", "{column} between {lo} and {hi}"),
    (rf"(?P<column>\w+)<(?P<hi>{_NUMBER})", "{column} below {hi}"),
    (rf"(?P<column>\w+)>=(?P<lo>{_NUMBER})", "{column} at least {lo}"),
    # unlexicalized: BLEU, length difference, overlap
    (r"bleu", "BLEU"),
    (r"bleu_p(?P<n>\d)", "BLEU's {n}-gram precision"),
    (r"length_diff", "the premise's length minus the hypothesis's"),
    (r"overlap_all_count", "the number of hypothesis words in the premise"),
    (r"overlap_all_fraction", "the share of hypothesis words in the premise"),
    (r"overlap_(?P<word_class>\w+)_count", "the number of hypothesis {word_class}s in the premise"),
    (r"overlap_(?P<word_class>\w+)_fraction", "the share of hypothesis {word_class}s in the premise"),
    # lexicalized: words and pairs of words
    (r"hyp_unigrams:(?P<word>.+)", "the hypothesis has the word “{word}”"),
    (r"hyp_bigrams:(?P<words>.+)", "the hypothesis has the words “{words}”"),
    (r"cross_unigrams:(?P<premise>.+) \| (?P<hypothesis>.+)",
     "the premise has “{premise}” and the hypothesis “{hypothesis}”, tagged alike"),
    (r"cross_bigrams:(?P<premise>.+) \| (?P<hypothesis>.+)",
     "the premise has “{premise}” and the hypothesis “{hypothesis}”, their second words tagged alike"),
    # wordnet, verbocean: how the hypothesis's words link to the premise's
    (r"wordnet_hyp_content", "the number of hypothesis content words"),
    (r"wordnet_supported_fraction",
     "the share of hypothesis content words WordNet finds in the premise (the same, a synonym, more general)"),
    (r"wordnet_unlinked_fraction", "the share of hypothesis content words WordNet links to no premise word"),
    (r"wordnet_unlinked_count", "the number of hypothesis content words WordNet links to no premise word"),
    (r"wordnet_antonym_pairs", "the number of premise and hypothesis words that are antonyms"),
    (r"wordnet_(?P<relation>\w+)_fraction",
     "the share of hypothesis content words whose best WordNet link to the premise is {relation}"),
    (r"verbocean_hyp_verbs", "the number of hypothesis verbs"),
    (r"verbocean_supported_fraction", "the share of hypothesis verbs VerbOcean finds in the premise"),
    (r"verbocean_unlinked_fraction", "the share of hypothesis verbs VerbOcean links to no premise verb"),
    (r"verbocean_opposite_pairs", "the number of premise and hypothesis verbs VerbOcean calls opposite"),
    (r"verbocean_(?P<verb_link>\w+)_fraction",
     "the share of hypothesis verbs whose best VerbOcean link to the premise is {verb_link}"),
    # tree: subject, verb and object compared (yes or no, see YES_NO)
    (r"tree_negation_mismatch", "one sentence has a negation word, the other not"),
    (r"tree_(?P<role>subject|verb|object)_present", "the hypothesis has a word as {role}"),
    (r"tree_(?P<role>subject|verb|object)_match", "the {role}s match (the same lemma, a synonym)"),
    (r"tree_(?P<role>subject|verb|object)_entailed", "the premise's {role} entails the hypothesis's"),
    (r"tree_(?P<role>subject|verb|object)_conflict", "the {role}s conflict (antonyms, co-hyponyms, opposite verbs)"),
    (r"tree_(?P<role>subject|verb|object)_other", "the {role}s are otherwise related, or not at all"),
    (r"tree_(?P<role>subject|verb|object)_missing", "the hypothesis has a word as {role}, the premise none"),
    (r"tree_(?P<role>subject|verb|object)_anywhere",
     "the hypothesis's {role} is a premise word, a synonym or a more general word"),
    # bag_overlap
    (r"bag_(?P<bag>words|lemmas)_h", "the share of the hypothesis's {bag} in the premise"),
    (r"bag_(?P<bag>words|lemmas)_p", "the share of the premise's {bag} in the hypothesis"),
    (r"bag_(?P<bag>words|lemmas)_product", "the product of the two shares of {bag} in common"),
    # alignment (featurize/families/alignment.py): each hypothesis word's link, then the pair's verdicts
    (r"alignment:(?:word|subst):new", "a hypothesis word no premise word supports"),
    (r"alignment:word:(?P<relation>\w+)", "a hypothesis word, to its premise word: {relation}"),
    (r"alignment:word:(?P<relation_class>\w+):(?P<pos>\w+)",
     "a hypothesis {pos}, against the premise: {relation_class}"),
    (r"alignment:pair:\|(?P<hypothesis>.+)", "the hypothesis's “{hypothesis}”, linked to no premise word"),
    (r"alignment:pair:(?P<premise>.+)\|(?P<hypothesis>.+)",
     "the premise's “{premise}” aligned to the hypothesis's “{hypothesis}”"),
    (r"alignment:subst:(?P<relation>\w+)", "a hypothesis word in a replaced part, to its premise word: {relation}"),
    (r"alignment:swap:(?P<relation>\w+)", "a hypothesis word swapped in for one premise word: {relation}"),
    (r"alignment:attribute:(?P<relation_class>\w+)",
     "a hypothesis adjective describing the premise adjective's noun: {relation_class}"),
    (r"alignment:projected:(?P<relation_class>\w+)>(?P<projected_class>\w+)",
     "a hypothesis word {relation_class} by itself, {projected_class} in its context (under a negation, a "
     "quantifier, a modifier)"),
    (r"alignment:verdict:(?P<verdict>[\w=+]+)", "{verdict}"),
    (r"alignment:copy:(?P<verdict>[\w=+]+)", "the hypothesis copies most of the premise, and {verdict}"),
    (r"alignment:copy_swap:(?P<relation_class>\w+)",
     "the hypothesis copies the premise with one word swapped: {relation_class}"),
    (r"alignment:reverse:(?P<reverse>[\w=+]+)", "{reverse}"),
    (r"alignment:negation:(?P<negation>\w+):reverse:(?P<reverse>[\w=+]+)", "{negation}, and {reverse}"),
    (r"alignment:negation:(?P<negation>\w+):(?P<verdict>[\w=+]+)", "{negation}, and {verdict}"),
    (r"alignment:negation:(?P<negation>\w+)", "{negation}"),
    (r"alignment:quantifier:(?P<word>.+):in_premise", "the hypothesis says “{word}”, as the premise does"),
    (r"alignment:quantifier:(?P<word>.+):new", "the hypothesis says “{word}”, the premise does not"),
    (r"alignment:role_swap", "the premise's subject and object trade places in the hypothesis"),
    (r"alignment:role_swap:(?P<verdict>[\w=+]+)", "subject and object trade places, and {verdict}"),
    (r"alignment:voice_change", "one sentence is passive, the other not"),
    (r"alignment:roles:(?P<roles>\w+)", "{roles}"),
    (r"alignment:roles:(?P<roles>\w+):(?P<verdict>[\w=+]+)", "{roles}, and {verdict}"),
    (r"alignment:moved:(?P<pos>\w+)", "a hypothesis {pos} is in the premise, in another place"),
)

#: How a group's value reads, by the group's name (a value not here reads as itself, ``_`` a space).
_CLASSES = {"equal": "equal", "general": "more general", "specific": "more specific", "conflict": "in conflict",
            "new": "unsupported", "unrelated": "unrelated (no resource relates the two)"}
VALUES: dict[str, dict[str, str]] = {
    # What a hypothesis word is to its premise word (WordNet's relations, named from the hypothesis
    # word: *animal* is a hypernym of *dog*; the others of lexical_resources.registry).
    "relation": {
        "exact": "the same word", "lemma": "another form of the same word", "number_same": "the same number",
        "number_total": "the total of premise numbers", "ordinal_same": "the same ordinal", "synonym": "a synonym",
        "derivation": "a word derived from it, or its root", "vo_similar": "a similar verb (VerbOcean)",
        "converse": "its converse (an antonym, the things compared traded)", "hypernym": "a hypernym (more general)",
        "holonym": "a whole it is part of", "vo_stronger": "a weaker verb (VerbOcean)",
        "person_general": "a plainer word for the person", "setting_general": "its setting (indoors, outdoors)",
        "antonym": "an antonym", "number_different": "another number", "ordinal_different": "another ordinal",
        "age_different": "another age", "gender_different": "another gender",
        "occupation_different": "another occupation", "being_different": "a person for an animal, or the reverse",
        "weather_different": "other weather", "time_different": "another time of day",
        "setting_different": "another setting", "sleep_action": "sleeping for acting, or the reverse",
        "manner_different": "another way of moving", "vo_opposite": "an opposite verb (VerbOcean)",
        "cohyponym": "a co-hyponym (another kind of the same thing)", "hyponym": "a hyponym (more specific)",
        "person_specific": "a kind of person (more specific)",
        "setting_specific": "a place in that setting (more specific)", "meronym": "a part of it",
        "vo_weaker": "a stronger verb (VerbOcean)", "unrelated": "unrelated (no resource relates the two)",
    },
    "relation_class": _CLASSES,
    "projected_class": _CLASSES,
    "verb_link": {"same": "the same verb", "similar": "a similar verb",
                  "stronger": "a premise verb stronger than it (kill / wound)",
                  "can_result_in": "a premise verb that can result in it", "weaker": "a premise verb weaker than it",
                  "happens_before": "a verb happening before or after it", "opposite": "an opposite verb",
                  "unlinked": "nothing"},
    "pos": {"n": "noun", "v": "verb", "a": "adjective", "s": "adjective", "r": "adverb", "num": "number"},
    "role": {"verb": "main verb"},
    # The links forward: each hypothesis word to the premise.
    "verdict": {"conflict": "some hypothesis word conflicts with the premise, some is unsupported",
                "conflict_only": "one hypothesis word conflicts with the premise, the others are supported",
                "entailed": "every hypothesis word is supported by the premise (the same or more general)",
                "new=1": "one hypothesis word is unsupported", "new=2": "two hypothesis words are unsupported",
                "new=3+": "three or more hypothesis words are unsupported"},
    # The links read back: each premise word to the hypothesis.
    "reverse": {"conflict": "read back, some premise word conflicts with the hypothesis, some is unsaid",
                "conflict_only": "read back, one premise word conflicts with the hypothesis, the others are said",
                "entailed": "read back, the hypothesis says every premise word",
                "new=1": "read back, the hypothesis leaves one premise word unsaid",
                "new=2": "read back, the hypothesis leaves two premise words unsaid",
                "new=3+": "read back, the hypothesis leaves three or more premise words unsaid"},
    "negation": {"hypothesis_only": "the hypothesis negates what the premise asserts",
                 "premise_only": "the premise is negated, the hypothesis not",
                 "both": "both sentences are negated"},
    "roles": {"supported": "the premise says who does what to whom as the hypothesis does",
              "swapped": "the hypothesis swaps who does what to whom",
              "unsupported": "the premise does not say who does what to whom as the hypothesis does"},
}

_COMPILED = tuple((re.compile(pattern), template) for pattern, template in ROWS)


def matching_row(name: str) -> int | None:
    """The index in :data:`ROWS` of the first row matching the whole of ``name``; None for none.

    >>> ROWS[matching_row("cross_unigrams:man | person")][0]
    'cross_unigrams:(?P<premise>.+) \\\\| (?P<hypothesis>.+)'
    >>> matching_row("alignment:something new") is None
    True
    """
    return next((i for i, (pattern, _) in enumerate(_COMPILED) if pattern.fullmatch(name)), None)


def feature_words(name: str) -> str:
    """``name`` read in words by the first row of :data:`ROWS` matching it, or ``name`` itself when none
    does (see the module's docstring)."""
    i = matching_row(name)
    if i is None:
        return name
    pattern, template = _COMPILED[i]
    fields = pattern.fullmatch(name).groupdict()
    if "column" in fields:
        column = fields["column"]
        if YES_NO.fullmatch(column):
            said = _yes_no(column, float(fields.get("lo") or "-inf"), float(fields.get("hi") or "inf"))
            if said is not None:
                return said
        fields["column"] = feature_words(column)
    return template.format(**{key: _value(key, value) for key, value in fields.items()})


def _yes_no(column: str, lo: float, hi: float) -> str | None:
    """A yes-or-no column's bin ``[lo, hi)`` in words: the statement when only 1 falls in it, its denial
    when only 0 does; None when both or neither do."""
    holds = [value for value in (0.0, 1.0) if lo <= value < hi]
    if holds == [1.0]:
        return feature_words(column)
    if holds == [0.0]:
        return "not so: " + feature_words(column)
    return None


def _value(group: str, value: str) -> str:
    """A group's value in words: :data:`VALUES` ``[group][value]``, else the value with ``_`` as spaces
    (words of the sentences, as ``word`` or ``premise``, as they are)."""
    if group in VALUES:
        return VALUES[group].get(value, value.replace("_", " "))
    return value
