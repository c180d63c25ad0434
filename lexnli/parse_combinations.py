"""Parses of constructions SNLI's captions seldom show, put together from its own simple parses.

SNLI's sentences are captions: few open with a subordinate clause, take a clause without *that*
as a verb's object, or put a relative clause on their subject. A parser trained on them alone
reads *When the girl left the dog barked.* as ``leave(girl; bark(dog))`` and *The dog that chased
the cats slept.* with *the cats* as the sleeper. :func:`combined_parses` builds such sentences
from two simple parses (``(ROOT (S NP VP .))``) of the training data, keeping each part's own
bracketing and tags, so the converted trees (:func:`lexnli.dependencies.from_parse`) teach the
parser the constructions with SNLI's words. The constructions (:data:`CONSTRUCTIONS`), each a
bracketing of the Penn Treebank's guidelines (Bies et al. 1995) as the Stanford parser writes it:

``subordinate_first``
    A subordinate clause before the main one, no comma: ``(S (SBAR (IN while) (S NP VP)) NP VP .)``
    (*when* as ``(WHADVP (WRB when))``).
``bare_complement``
    A verb of saying, knowing or perceiving with a clause as its object, with or without *that*:
    ``(S NP (VP (VBD knew) (SBAR (S NP VP))) .)``.
``subject_relative``
    A relative clause on the subject, its gap the relative's subject (*the dog that chased the
    cats slept*) or its object (*the cat that the dog chased slept*).
``simple_tense``
    One simple sentence in the progressive, in the simple present or past instead: *A dog is
    barking at a cat.* -> *A dog barks at a cat.*, *A dog barked at a cat.* (captions rarely say
    *A man sleeps.*, and a tagger trained on them alone reads *sleeps*, *cooks* or *slept* as nouns);
    not in a past the parses show as a participle (*built*, *dyed*).
Words keep their tags; an embedded sentence's first word is lowercased unless it is a proper noun
(NNP, NNPS) or *I*.
"""
from __future__ import annotations

import random
import re

from .verb_forms import base_forms, past_tense, third_person

#: The constructions :func:`combined_parses` makes, in equal shares.
CONSTRUCTIONS = ("subordinate_first", "bare_complement", "subject_relative", "simple_tense")

#: Subordinators of an adverbial clause: ``(IN word)``, or ``(WHADVP (WRB word))`` for *when*.
SUBORDINATORS = ("while", "because", "although", "before", "after", "since", "if", "unless", "until", "once",
                 "as", "when")
#: Verbs that take a clause as their object: (past, third person singular, plural present). They
#: are the verbs with a finite complement in ``lexical_resources.lists.operators.VERBS`` (a test
#: keeps the two in step), and *hear* and *feel*.
COMPLEMENT_VERBS = (
    ("thought", "thinks", "think"), ("believed", "believes", "believe"), ("hoped", "hopes", "hope"),
    ("claimed", "claims", "claim"), ("imagined", "imagines", "imagine"), ("wished", "wishes", "wish"),
    ("dreamed", "dreams", "dream"), ("doubted", "doubts", "doubt"), ("suspected", "suspects", "suspect"),
    ("guessed", "guesses", "guess"), ("assumed", "assumes", "assume"), ("supposed", "supposes", "suppose"),
    ("feared", "fears", "fear"), ("pretended", "pretends", "pretend"), ("expected", "expects", "expect"),
    ("said", "says", "say"), ("suggested", "suggests", "suggest"), ("wondered", "wonders", "wonder"),
    ("predicted", "predicts", "predict"), ("knew", "knows", "know"), ("realized", "realizes", "realize"),
    ("realised", "realises", "realise"), ("noticed", "notices", "notice"), ("saw", "sees", "see"),
    ("remembered", "remembers", "remember"), ("discovered", "discovers", "discover"),
    ("regretted", "regrets", "regret"), ("understood", "understands", "understand"),
    ("learned", "learns", "learn"), ("found", "finds", "find"), ("forgot", "forgets", "forget"),
    ("heard", "hears", "hear"), ("felt", "feels", "feel"))
#: How often a clause as an object opens with *that*.
THAT_SHARE = 0.5
#: How often ``simple_tense`` makes the past (else the present).
PAST_SHARE = 0.5
#: Longest simple sentence, in words, used as a part.
MAX_PART_WORDS = 12

_TOKEN = re.compile(r"\(|\)|[^\s()]+")
#: A plain verb's leaf: ``(VB run)``, ``(VBP run)``; a participle's: ``(VBN built)``.
_PLAIN_VERB = re.compile(r"\(VBP? ([^\s()]+)\)")
_PARTICIPLE = re.compile(r"\(VBN ([^\s()]+)\)")


def _read(parse: str) -> list:
    """A bracketing as nested lists ``[label, child, ...]``, a leaf's child its word.

    >>> _read("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ sleeps)) (. .)))")[1][1]
    ['NP', ['DT', 'A'], ['NN', 'man']]
    """
    stack = [["TOP"]]
    for token in _TOKEN.findall(parse):
        if token == "(":
            stack.append([])
        elif token == ")":
            if len(stack) < 2:
                raise ValueError(f"unbalanced brackets in {parse!r}")
            node = stack.pop()
            stack[-1].append(node)
        else:
            stack[-1].append(token)
    if len(stack) != 1 or len(stack[0]) != 2:
        raise ValueError(f"unbalanced brackets in {parse!r}")
    return stack[0][1]


def _write(node) -> str:
    """A nested list as a bracketing (the inverse of :func:`_read`).

    >>> _write(["NP", ["DT", "a"], ["NN", "man"]])
    '(NP (DT a) (NN man))'
    """
    if isinstance(node, str):
        return node
    return "(" + " ".join([node[0]] + [_write(kid) for kid in node[1:]]) + ")"


def _words(parse: str) -> str:
    """A bracketing's words, space-separated (for the examples)."""
    return " ".join(word for _, word in _leaves(_read(parse)))


def _leaves(node) -> list:
    """The ``[tag, word]`` leaves of a node, in order."""
    if len(node) == 2 and isinstance(node[1], str):
        return [node]
    return [leaf for kid in node[1:] for leaf in _leaves(kid)]


def _copy(node):
    return node if isinstance(node, str) else [node[0]] + [_copy(kid) for kid in node[1:]]


def _embedded(node):
    """A copy of ``node`` with its first word lowercased (not a proper noun or *I*)."""
    node = _copy(node)
    first = _leaves(node)[0]
    if first[0] not in ("NNP", "NNPS") and first[1] != "I":
        first[1] = first[1].lower()
    return node


def simple_parts(parse: str):
    """``(subject, predicate)`` of a parse ``(ROOT (S NP VP (. .)))`` of at most :data:`MAX_PART_WORDS`
    words, else None.

    >>> subject, predicate = simple_parts("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ sleeps)) (. .)))")
    >>> _write(subject), _write(predicate)
    ('(NP (DT A) (NN man))', '(VP (VBZ sleeps))')
    """
    root = _read(parse)
    if len(root) != 2 or root[1][0] != "S":
        return None
    clause = root[1]
    if [kid[0] for kid in clause[1:]] != ["NP", "VP", "."] or len(_leaves(clause)) > MAX_PART_WORDS + 1:
        return None
    return clause[1], clause[2]


def _plural(subject) -> bool:
    """Whether a subject NP's last noun is plural (NNS, NNPS) or it is coordinated."""
    nouns = [tag for tag, _ in _leaves(subject) if tag.startswith("NN")]
    return any(kid[0] == "CC" for kid in subject[1:]) or bool(nouns and nouns[-1] in ("NNS", "NNPS"))


def _sentence(*parts) -> str:
    return _write(["ROOT", ["S", *parts, [".", "."]]])


def subordinate_first(rng, first, second) -> str:
    """``(S (SBAR subordinator (S first)) second .)``: *While the men were hunting the birds flew away.*

    >>> a = _read("(NP (DT The) (NN girl))"), _read("(VP (VBD left) (NP (DT the) (NN dog)))")
    >>> b = _read("(NP (DT The) (NN dog))"), _read("(VP (VBD barked))")
    >>> _words(subordinate_first(random.Random(20), a, b))
    'When the girl left the dog the dog barked .'
    """
    word = rng.choice(SUBORDINATORS)
    marker = ["WHADVP", ["WRB", word.capitalize()]] if word == "when" else ["IN", word.capitalize()]
    return _sentence(["SBAR", marker, ["S", _embedded(first[0]), first[1]]], _embedded(second[0]), second[1])


def bare_complement(rng, first, second) -> str:
    """``(S NP (VP (VBD knew) (SBAR [(IN that)] (S NP VP))) .)``: *The lawyer knew the doctors admired the actor.*

    >>> a = _read("(NP (DT The) (NN lawyer))"), None
    >>> b = _read("(NP (DT The) (NNS doctors))"), _read("(VP (VBD admired) (NP (DT the) (NN actor)))")
    >>> _words(bare_complement(random.Random(60), a, b))
    'The lawyer knew the doctors admired the actor .'
    >>> _words(bare_complement(random.Random(5), a, b))
    'The lawyer suggests that the doctors admired the actor .'
    """
    past, singular, plural = rng.choice(COMPLEMENT_VERBS)
    tense = rng.randrange(3)
    verb = (["VBD", past] if tense < 2 else ["VBP", plural] if _plural(first[0]) else ["VBZ", singular])
    that = [["IN", "that"]] if rng.random() < THAT_SHARE else []
    clause = ["SBAR", *that, ["S", _embedded(second[0]), second[1]]]
    return _sentence(_copy(first[0]), ["VP", verb, clause])


def subject_relative(rng, first, second) -> str:
    """The subject of ``second`` with a relative clause made of ``first``.

    Its gap is the relative's subject (``first``'s predicate) or, when ``first``'s predicate is a
    verb and one object, that object (``first``'s subject then the relative's).

    >>> a = _read("(NP (DT The) (NN dog))"), _read("(VP (VBD chased) (NP (DT the) (NNS cats)))")
    >>> b = _read("(NP (DT The) (NN cat))"), _read("(VP (VBD slept))")
    >>> _words(subject_relative(random.Random(0), a, b))
    'The cat that chased the cats slept .'
    >>> _words(subject_relative(random.Random(4), a, b))
    'The cat who the dog chased slept .'
    """
    predicate = first[1]
    transitive = len(predicate) == 3 and predicate[1][0].startswith("VB") and predicate[2][0] == "NP"
    animate = rng.random() < 0.3
    pronoun = ["WP", "who"] if animate else ["WDT", "that"]
    if transitive and rng.random() < 0.5:
        clause = ["S", _embedded(first[0]), ["VP", _copy(predicate[1])]]
    else:
        clause = ["S", _copy(predicate)]
    return _sentence(["NP", _copy(second[0]), ["SBAR", ["WHNP", pronoun], clause]], second[1])


def progressive_verb(part, plain_verbs) -> tuple[str, str] | None:
    """``(be, base)`` of a simple part whose predicate is *is*/*are* and a verb in *-ing* (with what follows it),
    the verb's plain form one of ``plain_verbs`` (:func:`lexnli.verb_forms.base_forms`), else None.

    >>> part = simple_parts("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG dancing))) (. .)))")
    >>> progressive_verb(part, {"dance"}), progressive_verb(part, {"sing"})
    (('is', 'dance'), None)
    >>> progressive_verb(simple_parts("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG being) (VP (VBN pushed)))) "
    ...                               "(. .)))"), {"be"}) is None
    True
    """
    kids = part[1][1:]
    if len(kids) != 2 or kids[0][0] not in ("VBZ", "VBP") or kids[0][1].lower() not in ("is", "are") \
            or kids[1][0] != "VP" or kids[1][1][0] != "VBG" or kids[1][1][1].lower() == "being" \
            or any(kid[0] in ("CC", "VBG", "VP") for kid in kids[1][2:]):  # one verb: not *walking and wearing*
        return None
    base = next((b for b in base_forms(kids[1][1][1].lower()) if b in plain_verbs), None)
    return None if base is None else (kids[0][1].lower(), base)


def simple_tense(rng, part, be: str, base: str, participles=frozenset()) -> str:
    """A progressive ``part`` (:func:`progressive_verb`) in the simple present or past; not in a past that is
    one of ``participles``: SNLI's parses show many a participle after its noun (*a wall built for climbing*, *a
    shirt dyed purple*), and a past tense of the same spelling after a subject would teach the tagger to read
    those as verbs of their own.

    >>> part = simple_parts("(ROOT (S (NP (DT A) (NN dog)) (VP (VBZ is) (VP (VBG barking) (PP (IN at) "
    ...                     "(NP (DT a) (NN cat))))) (. .)))")
    >>> simple_tense(random.Random(1), part, "is", "bark")
    '(ROOT (S (NP (DT A) (NN dog)) (VP (VBD barked) (PP (IN at) (NP (DT a) (NN cat)))) (. .)))'
    >>> _words(simple_tense(random.Random(0), part, "is", "bark"))
    'A dog barks at a cat .'
    >>> _words(simple_tense(random.Random(1), part, "is", "bark", participles={"barked"}))
    'A dog barks at a cat .'
    """
    verb_phrase = part[1][2]
    past = past_tense(verb_phrase[1][1].lower())
    if rng.random() < PAST_SHARE and past not in participles:
        verb = ["VBD", past]
    else:
        verb = ["VBZ", third_person(base)] if be == "is" else ["VBP", base]
    return _sentence(_copy(part[0]), ["VP", verb, *[_copy(kid) for kid in verb_phrase[2:]]])


_MAKERS = {"subordinate_first": subordinate_first, "bare_complement": bare_complement,
           "subject_relative": subject_relative}


def combined_parses(parses, n: int, *, seed: int = 0) -> list[str]:
    """``n`` parses of :data:`CONSTRUCTIONS` (in equal shares; no ``simple_tense`` when no simple parse is a
    progressive whose verb's plain form ``parses`` show), from the simple ones among ``parses``.

    Parameters
    ----------
    parses : sequence of str
        Stanford bracketings (e.g. the distinct parses of SNLI train); the simple ones,
        ``(ROOT (S NP VP .))`` of at most :data:`MAX_PART_WORDS` words, give the parts. The parts
        of a combination have subjects of the same number.
    n : int
        How many to make (none when ``parses`` has no simple sentence).
    seed : int, default=0
        The same parses, ``n`` and seed give the same list.

    Examples
    --------
    >>> parses = ["(ROOT (S (NP (DT A) (NN man)) (VP (VBZ sleeps)) (. .)))",
    ...           "(ROOT (S (NP (DT The) (NN dog)) (VP (VBD chased) (NP (DT the) (NNS cats))) (. .)))"]
    >>> [_words(p) for p in combined_parses(parses, 3)]  # doctest: +NORMALIZE_WHITESPACE
    ['While the dog chased the cats the dog chased the cats .', 'The dog discovered the dog chased the cats .',
     'The dog that sleeps chased the cats .']
    """
    parses = list(parses)
    parts = [part for part in map(simple_parts, parses) if part is not None]
    if not parts or n <= 0:
        return []
    by_number = {number: [part for part in parts if _plural(part[0]) == number] for number in (False, True)}
    plain_verbs = {word.lower() for parse in parses for word in _PLAIN_VERB.findall(parse)}
    participles = frozenset(word.lower() for parse in parses for word in _PARTICIPLE.findall(parse))
    progressive = [(part, found) for part in parts if (found := progressive_verb(part, plain_verbs)) is not None]
    constructions = CONSTRUCTIONS if progressive else CONSTRUCTIONS[:-1]
    rng = random.Random(seed)
    made = []
    for i in range(n):
        construction = constructions[i % len(constructions)]
        if construction == "simple_tense":
            part, (be, base) = rng.choice(progressive)
            made.append(simple_tense(rng, part, be, base, participles))
            continue
        second = rng.choice(parts)
        # a relative's verb agrees with its head noun: the first part's subject has the second's number
        first = rng.choice(by_number[_plural(second[0])] or parts)
        made.append(_MAKERS[construction](rng, first, second))
    return made
