"""Lexical-resource families (WordNet, VerbOcean), a predicate-argument ``tree`` family, and bag overlap.

These are the "lexical resources" features of the two-class EOP-style classifier (Bowman et
al. 2015, Table 3), usable as dense families in any model:

``bag_overlap``
    Bag-of-words and bag-of-lemmas overlap (EOP's BagOfWords / BagOfLemmas scoring): with ``H``
    and ``P`` the sets of word types (tokens with a letter or digit) of hypothesis and premise,
    ``|H & P| / |H|``, ``|H & P| / |P|`` and their product; the same on WordNet lemmas.
``wordnet``
    For every hypothesis *content word* (a noun, verb, adjective or adverb by its PTB tag, not a
    form of *be*/*have*/*do*), its best link to a premise content word, in this order:
    ``exact`` (same lemma, any POS), then, through WordNet between words of the same POS,
    ``synonym``, ``hypernym`` (the hypothesis word is a hypernym of the premise word: *dog* ->
    *animal*), ``holonym`` (it is a whole the premise word is part of), ``hyponym``,
    ``meronym``, ``antonym``, ``cohyponym``, else ``unlinked``. Columns: the number of
    hypothesis content words, the fraction with each best link, the fraction *supported*
    (exact, synonym, hypernym or holonym), the unlinked count, and the number of
    (premise word, hypothesis word) pairs that are antonyms. Every hypothesis word is compared
    with every premise word, work that grows with the product of the two lengths, so the family
    reads the first :data:`~featurize.families.lexicalized.CROSS_MAX_TOKENS` tokens of each
    sentence only, as the cross and alignment families do (no SNLI sentence is that long).
``verbocean``
    The same for hypothesis verbs (content verbs, lemmatized) against premise verbs through
    VerbOcean: ``same`` lemma, ``similar`` (either direction), ``stronger`` (premise verb
    [stronger-than] hypothesis verb), ``can_result_in`` (premise [can-result-in] hypothesis),
    ``weaker`` (hypothesis [stronger-than] premise), ``opposite`` (either direction),
    ``happens_before`` (either direction), else ``unlinked``
    (:meth:`~lexical_resources.verbocean.VerbOcean.link`); plus the supported fraction (same,
    similar, stronger, can-result-in) and the number of opposite-of verb pairs. The first
    ``CROSS_MAX_TOKENS`` tokens of each sentence only, as for ``wordnet``.
``tree``
    A predicate-argument skeleton of each sentence -- subject, root predicate, object -- compared
    role by role (EOP's tree-skeleton idea), read from the sentence's dependency tree (the
    syntax model's, :mod:`featurize.reading`): the root clause's proposition, its roles the
    active ones (*is pushed by the boy*: the boy is the subject); a sentence with none (*A man on
    a bike*) has its root noun as the subject.
    Per role: the hypothesis has it (``present``); the premise's word in that role is the same
    lemma or a synonym / VerbOcean-similar verb (``match``), has it as a WordNet hypernym or is
    VerbOcean-stronger / can-result-in (``entailed``), is an antonym, co-hyponym or
    VerbOcean-opposite (``conflict``), anything else (``other``), or the premise has no word in
    that role (``missing``); and whether the hypothesis word is exact / synonym / hypernym-linked
    to *any* premise word (``anywhere``). Plus ``tree_negation_mismatch``: exactly one of the
    sentences has a negation word.

The resources are the process-wide ones of :func:`lexical_resources.get_wordnet` and
:func:`lexical_resources.get_verbocean` (loaded on first use; a missing one raises
:class:`~lexnli.errors.ResourceMissingError` saying how to install it). Each family is only its
reference function: the featurizer runs it through the default memoizing adapter, which a
hand-written vectorized version did not beat (benchmarks/lexical_adapter_bench.py).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import repeat

from lexical_resources import get_verbocean, get_wordnet
from lexical_resources.lists.function_words import AUXILIARIES, NEGATIONS
from lexical_resources.names import ANTONYM, COHYPONYM, EXACT, HOLONYM, HYPERNYM, HYPONYM, MERONYM, SYNONYM
from lexical_resources.registry import EQUAL, GENERAL
from lexical_resources.relations import RELATION_CLASSES
from lexnli.text import WORD_CHARACTER as _WORD
from lexnli.text import ptb_to_wordnet

from ..memo_sizes import SENTENCES
from ..reading import read
from .lexicalized import CROSS_MAX_TOKENS
from .registry import family

WORDNET_LINKS = (EXACT, SYNONYM, HYPERNYM, HOLONYM, HYPONYM, MERONYM, ANTONYM, COHYPONYM)
#: The links that keep entailment: equal or more general (exact, synonym, hypernym, holonym).
_WORDNET_SUPPORT = frozenset(link for link in WORDNET_LINKS if RELATION_CLASSES[link] in (EQUAL, GENERAL))
VERBOCEAN_LINKS = ("same", "similar", "stronger", "can_result_in", "weaker", "happens_before", "opposite")
_VERBOCEAN_SUPPORT = frozenset({"same", "similar", "stronger", "can_result_in"})
TREE_ROLES = ("subject", "verb", "object")
TREE_OUTCOMES = ("present", "match", "entailed", "conflict", "other", "missing", "anywhere")

# ---- word-level primitives ------------------------------------------------------------------

def content_word(token: str, tag: str, wn) -> tuple[str, str] | None:
    """``(lemma, pos)`` of a content word (a noun/verb/adjective/adverb with a letter or digit, not
    a form of *be*/*have*/*do*), else None."""
    pos = ptb_to_wordnet(tag)
    if not pos or not _WORD.search(token):
        return None
    lemma = wn.lemma(token, pos)
    if pos == "v" and lemma in AUXILIARIES:
        return None
    return (lemma, pos)


def content_words(tokens, tags, wn) -> list[tuple[str, str]]:
    """:func:`content_word` of each content word of a sentence (each word's remembered)."""
    return [word for word in map(_content_word, tokens, tags, repeat(wn)) if word is not None]


def wordnet_link(wn, premise_word, hyp_word) -> str | None:
    """How hypothesis ``(lemma, pos)`` links to premise ``(lemma, pos)``; see :data:`WORDNET_LINKS`."""
    if premise_word[0] == hyp_word[0]:
        return EXACT
    if premise_word[1] != hyp_word[1]:
        return None
    return wn.relation(premise_word[0], hyp_word[0], hyp_word[1])


def _best(links, order) -> str:
    ranks = [order.index(link) for link in links if link is not None]
    return order[min(ranks)] if ranks else "unlinked"


def skeleton(tokens, tags, tree, wn) -> dict[str, tuple[str, str] | None]:
    """Subject, predicate (``verb``) and object of a sentence as ``(lemma, pos)`` (or None): those of its
    main proposition (:func:`featurize.reading.read` of its ``tree``: the root clause's, in active roles),
    else, with no proposition, the tree's root as the subject when it is a noun or pronoun (*A man on
    a bike*)."""
    def word(i, pos=None):
        pos = pos or ("n" if tags[i][:2] == "PR" else ptb_to_wordnet(tags[i]) or "n")
        return (wn.lemma(tokens[i], pos), pos)

    found = {"subject": None, "verb": None, "object": None}
    if tree is None:
        return found
    lemmas = tuple(wn.lemma(token, ptb_to_wordnet(tag) or None) for token, tag in zip(tokens, tags))
    reading = read(tree, lemmas)
    if reading.propositions:
        main = reading.relations.index("root") if "root" in reading.relations else 0
        proposition = reading.propositions[main]
        found["verb"] = word(proposition.predicate, "v" if tags[proposition.predicate][:2] == "VB" else None)
        found["subject"] = word(proposition.subjects[0]) if proposition.subjects else None
        found["object"] = word(proposition.objects[0]) if proposition.objects else None
    else:
        root = tree.heads.index(0)
        found["subject"] = word(root) if tags[root][:2] in ("NN", "PR") else None
    return found


def has_negation(tokens) -> bool:
    return not NEGATIONS.isdisjoint(map(str.lower, tokens))


# ---- per-word, per-sentence and per-word-pair memos -------------------------------------------
# Premises repeat across pairs (three hypotheses each in SNLI), each sentence is read by several
# families, and a few thousand words and word pairs make up most queries: remember them. The
# resources are part of each key, so a new WordNet or VerbOcean is never answered from an old
# one's memo.

#: :func:`content_word`, remembered per token and tag (one look-up instead of a tag map, a
#: pattern search and a lemma look-up).
_content_word = lru_cache(maxsize=2**17)(content_word)


@lru_cache(maxsize=SENTENCES)
def _content(tokens: tuple, tags: tuple, wn) -> tuple:
    return tuple(content_words(tokens, tags, wn))


@lru_cache(maxsize=SENTENCES)
def cached_skeleton(tokens: tuple, tags: tuple, tree, wn) -> dict:
    """:func:`skeleton`, remembered per sentence."""
    return skeleton(tokens, tags, tree, wn)


@lru_cache(maxsize=2**18)
def _relation(wn, premise_lemma: str, hyp_lemma: str, pos: str) -> str | None:
    return wn.relation(premise_lemma, hyp_lemma, pos)


@lru_cache(maxsize=2**16)
def _links_to_premise(wn, premise_words: tuple, hyp_word) -> tuple[str, int]:
    """The best WordNet link (:data:`WORDNET_LINKS` order, else ``unlinked``) of a hypothesis word
    to the premise's content words, and how many of them are its antonyms; remembered per premise
    and word, which the hypotheses of one premise share.

    This is :func:`wordnet_link` to each premise word, asking WordNet only about the words it can
    answer for: a premise word of the same lemma is an ``exact`` link (the best there is, and no
    antonym), one of another POS no link.
    """
    lemma, pos = hyp_word
    exact, links = False, []
    for p_lemma, p_pos in premise_words:
        if p_lemma == lemma:
            exact = True
        elif p_pos == pos:
            links.append(_relation(wn, p_lemma, lemma, pos))
    return EXACT if exact else _best(links, WORDNET_LINKS), links.count(ANTONYM)


@lru_cache(maxsize=2**18)
def _verbocean_link(vo, premise_verb: str, hyp_verb: str) -> str | None:
    return vo.link(premise_verb, hyp_verb)


@lru_cache(maxsize=2**18)
def _tree_outcome(wn, vo, premise_word, hyp_word) -> str:
    return tree_outcome(wn, vo, premise_word, hyp_word)


def tree_outcome(wn, vo, premise_word, hyp_word) -> str:
    """``match``, ``entailed``, ``conflict`` or ``other`` for two words in the same role."""
    link = wordnet_link(wn, premise_word, hyp_word)
    if link in (EXACT, SYNONYM):
        return "match"
    if hyp_word[1] == "v" and premise_word[1] == "v":
        vo_link = vo.link(premise_word[0], hyp_word[0])
        if vo_link == "similar":
            return "match"
        if vo_link in ("stronger", "can_result_in"):
            return "entailed"
        if vo_link == "opposite":
            return "conflict"
    if link == HYPERNYM:
        return "entailed"
    if link in (ANTONYM, COHYPONYM):
        return "conflict"
    return "other"


# ---- rows of feature values -----------------------------------------------------------------

WORDNET_COLUMNS = ("wordnet_hyp_content", *(f"wordnet_{l}_fraction" for l in WORDNET_LINKS),
                   "wordnet_unlinked_fraction", "wordnet_supported_fraction", "wordnet_unlinked_count",
                   "wordnet_antonym_pairs")
VERBOCEAN_COLUMNS = ("verbocean_hyp_verbs", *(f"verbocean_{l}_fraction" for l in VERBOCEAN_LINKS),
                     "verbocean_unlinked_fraction", "verbocean_supported_fraction", "verbocean_opposite_pairs")
TREE_COLUMNS = (*(f"tree_{r}_{o}" for r in TREE_ROLES for o in TREE_OUTCOMES), "tree_negation_mismatch")
BAG_COLUMNS = ("bag_words_h", "bag_words_p", "bag_words_product",
               "bag_lemmas_h", "bag_lemmas_p", "bag_lemmas_product")


def _link_row(best: list[str], order, support, extra: int, *, count_unlinked: bool) -> list[float]:
    n = len(best)
    counts = {link: best.count(link) for link in (*order, "unlinked")}  # a few words: cheaper than a Counter
    fractions = [counts[l] / n if n else 0.0 for l in (*order, "unlinked")]
    supported = sum(counts[l] for l in support) / n if n else 0.0
    row = [float(n), *fractions, supported]
    if count_unlinked:
        row.append(float(counts["unlinked"]))
    row.append(float(extra))
    return row


def _bag_row(p_words, h_words, p_lemmas, h_lemmas) -> list[float]:
    row = []
    for p, h in ((p_words, h_words), (p_lemmas, h_lemmas)):
        shared = len(p & h)
        in_h = shared / len(h) if h else 0.0
        in_p = shared / len(p) if p else 0.0
        row += [in_h, in_p, in_h * in_p]
    return row


#: A word is linked "anywhere" when its best link to the premise is one of these, the first
#: three of :data:`WORDNET_LINKS` (so that the best link says whether any link is one of them).
_ANYWHERE = frozenset(WORDNET_LINKS[:3])


@lru_cache(maxsize=None)
def _role_values(outcome: str | None, anywhere: bool) -> tuple[float, ...]:
    """One role's :data:`TREE_OUTCOMES` values: all 0 when the hypothesis has no word in it
    (``outcome`` None), else ``present``, the ``outcome`` (``missing`` or a :func:`tree_outcome`)
    and maybe ``anywhere``; a few dozen rows, remembered."""
    if outcome is None:
        return (0.0,) * len(TREE_OUTCOMES)
    on = {"present", outcome, *(("anywhere",) if anywhere else ())}
    return tuple(1.0 if o in on else 0.0 for o in TREE_OUTCOMES)


def _tree_row(p_skeleton, h_skeleton, p_content, wn, vo, negation_mismatch) -> list[float]:
    row = []
    for role in TREE_ROLES:
        h, p = h_skeleton[role], p_skeleton[role]
        if h is None:
            row += _role_values(None, False)
            continue
        outcome = "missing" if p is None else _tree_outcome(wn, vo, p, h)
        row += _role_values(outcome, _links_to_premise(wn, p_content, h)[0] in _ANYWHERE)
    row.append(1.0 if negation_mismatch else 0.0)
    return row


def _as_counter(columns, row) -> Counter:
    counter = Counter()
    dict.update(counter, zip(columns, row))  # Counter.update would count the pairs; Counter(dict) costs more
    return counter


# ---- the families: one pair -> Counter ------------------------------------------------------

def _first_content(sentence, wn) -> tuple:
    """:func:`content_words` of a sentence's first :data:`~featurize.families.lexicalized.CROSS_MAX_TOKENS`
    tokens: the ``wordnet`` and ``verbocean`` families compare every hypothesis word with every premise
    word, so they read no more of either (as the cross families)."""
    return _content(tuple(sentence.tokens[:CROSS_MAX_TOKENS]), tuple(sentence.tags[:CROSS_MAX_TOKENS]), wn)


def _wordnet_reference_row(premise, hypothesis, wn) -> list[float]:
    p_words, h_words = _first_content(premise, wn), _first_content(hypothesis, wn)
    found = [_links_to_premise(wn, p_words, h) for h in h_words]
    best = [link for link, _ in found]
    antonyms = sum(count for _, count in found)
    return _link_row(best, WORDNET_LINKS, _WORDNET_SUPPORT, antonyms, count_unlinked=True)


@family("wordnet", columns=WORDNET_COLUMNS, groups=("inference",))
def wordnet_reference(pair) -> Counter:
    """WordNet links of the hypothesis content words to the premise's, the first ``CROSS_MAX_TOKENS``
    tokens of each (see the module docstring)."""
    return _as_counter(WORDNET_COLUMNS, _wordnet_reference_row(pair.premise, pair.hypothesis, get_wordnet()))


def _verbs(sentence, wn) -> list[str]:
    return [lemma for lemma, pos in _first_content(sentence, wn) if pos == "v"]


@family("verbocean", columns=VERBOCEAN_COLUMNS, groups=("inference",))
def verbocean_reference(pair) -> Counter:
    """VerbOcean links of the hypothesis verbs to the premise verbs, the first ``CROSS_MAX_TOKENS`` tokens
    of each (see the module docstring)."""
    wn, vo = get_wordnet(), get_verbocean()
    p_verbs, h_verbs = _verbs(pair.premise, wn), _verbs(pair.hypothesis, wn)
    links = [[_verbocean_link(vo, p, h) for p in p_verbs] for h in h_verbs]
    best = [_best(row, VERBOCEAN_LINKS) for row in links]
    opposite = sum(row.count("opposite") for row in links)
    return _as_counter(VERBOCEAN_COLUMNS, _link_row(best, VERBOCEAN_LINKS, _VERBOCEAN_SUPPORT, opposite,
                                                         count_unlinked=False))


@family("tree", columns=TREE_COLUMNS, groups=("inference",), trees=True)
def tree_reference(pair) -> Counter:
    """Subject / root verb / object of the hypothesis against the premise's (see the module docstring)."""
    wn, vo = get_wordnet(), get_verbocean()
    p, h = pair.premise, pair.hypothesis
    p_tokens, p_tags, h_tokens, h_tags = tuple(p.tokens), tuple(p.tags), tuple(h.tokens), tuple(h.tags)
    row = _tree_row(cached_skeleton(p_tokens, p_tags, p.tree, wn), cached_skeleton(h_tokens, h_tags, h.tree, wn),
                    _content(p_tokens, p_tags, wn), wn, vo, has_negation(p_tokens) != has_negation(h_tokens))
    return _as_counter(TREE_COLUMNS, row)


@lru_cache(maxsize=2**17)
def _bag_lemma(token: str, tag: str, wn) -> str | None:
    """The lemma a word type adds to the bag of lemmas (its WordNet lemma, else lowercased), None
    for a token without a letter or digit; remembered per token and tag."""
    if not _WORD.search(token):
        return None
    pos = ptb_to_wordnet(tag)
    return wn.lemma(token, pos) if pos else token.lower()


@lru_cache(maxsize=SENTENCES)
def _bag_sets(tokens: tuple, tags: tuple, wn) -> tuple[frozenset, frozenset]:
    found = list(map(_bag_lemma, tokens, tags, repeat(wn)))
    words = frozenset(token for token, lemma in zip(tokens, found) if lemma is not None)
    lemmas = set(found)
    lemmas.discard(None)
    return words, frozenset(lemmas)


@family("bag_overlap", columns=BAG_COLUMNS, groups=("inference",))
def bag_overlap_reference(pair) -> Counter:
    """Bag-of-words and bag-of-lemmas overlap scores (see the module docstring)."""
    wn = get_wordnet()
    p_words, p_lemmas = _bag_sets(tuple(pair.premise.tokens), tuple(pair.premise.tags), wn)
    h_words, h_lemmas = _bag_sets(tuple(pair.hypothesis.tokens), tuple(pair.hypothesis.tags), wn)
    return _as_counter(BAG_COLUMNS, _bag_row(p_words, h_words, p_lemmas, h_lemmas))
