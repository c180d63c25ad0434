"""One-word substitutions that contradict a sentence or keep its meaning, from WordNet and numbers.

A premise becomes a hypothesis by replacing one word:

========================  ===============================================  ==============
rule                      replacement                                      label
========================  ===============================================  ==============
``colour``                another colour (co-hyponym under *chromatic      contradiction
                          colour* / *achromatic colour*)
``nationality``           another nationality adjective, of another        contradiction
                          country (*German* / *Italian*)
``cohyponym``             a sibling noun under the word's direct           contradiction
                          hypernym (*dog* / *cat*; *guitar* / *violin*)
``antonym``               a WordNet lemma antonym of an adjective          contradiction
``number``                another cardinal from 2 to 10 (same spelling     contradiction
                          style: digits or words)
``ordinal``               another ordinal from first to tenth              contradiction
``negation``              *not* after *is*/*are* before a verb in -ing     contradiction
``role_swap``             the subject and the direct object trade places   contradiction
                          (*a dog bites a man* / *a man bites a dog*)
``synonym``               another word of the same synset                  entailment
``hypernym``              a more general noun (one to three links up)      entailment
========================  ===============================================  ==============

Only a word's most frequent sense is used, replacements must be frequent words in that sense
(SemCor count), nouns that modify another noun ("*police* officer") are skipped, and premises
with a negation or quantifier (where hypernyms stop entailing) are skipped. Plural nouns are
pluralized, and a preceding *a*/*an* follows the new word. Used for the lexical-substitution probe
set (:mod:`experiments.make_probes`, from dev premises) and to augment training data (from
train premises): the same rules, never the same premises.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from lexical_resources import WordNet
from lexical_resources.lists.function_words import NEGATIONS, QUANTIFIERS
from lexical_resources.lists.kinds import IRREGULAR_PLURALS, IRREGULAR_SINGULARS
from lexical_resources.lists.numbers import CARDINAL_WORDS, ORDINAL_WORDS, cardinal, ordinal
from lexnli.nltk_data import location_of
from lexnli.progress import bar
from lexnli.records import Pair, Sentence
from lexnli.text import load_wordnet
from lexnli.wordnet_index import WordNetIndex

CONTRADICTION_RULES = ("colour", "nationality", "cohyponym", "antonym", "number", "ordinal", "negation", "role_swap")
ENTAILMENT_RULES = ("synonym", "hypernym")
RULES = CONTRADICTION_RULES + ENTAILMENT_RULES
_COLOURS = frozenset({"chromatic_color.n.01", "achromatic_color.n.01"})
_MIN_COUNT = 2  # SemCor count a replacement word needs in its sense
#: Noun senses the noun rules use (WordNet lexicographer files): concrete things, where a sibling
#: is a different thing. Abstract, group and quantity nouns ("a *lot* of", "a *group* of") gave
#: wrong labels when read by hand.
_NOUN_FILES = frozenset({"noun.artifact", "noun.animal", "noun.food", "noun.plant", "noun.substance", "noun.object",
                         "noun.body"})
#: Noun senses whose siblings the co-hyponym rule uses.
_SIBLING_FILES = frozenset({"noun.animal", "noun.food", "noun.plant"})
#: Adjectives whose antonyms are function-like or sense-ambiguous ("other" / "same", "odd" / "even").
_ADJECTIVE_STOPLIST = frozenset({"other", "same", "odd", "even", "own", "such", "only", "many", "few", "much",
                                 "more", "less", "last", "next", "certain", "whole", "general"})
_NUMBER_WORDS = {v: w for w, v in CARDINAL_WORDS.items() if 2 <= v <= 10}
_ORDINALS = {v: w for w, v in ORDINAL_WORDS.items() if 1 <= v <= 10}


@dataclass(frozen=True)
class Substitution:
    """Replace ``tokens[index]`` (``original``) with ``replacement``; ``rule`` gives ``label``.

    Rule ``negation`` inserts ``replacement`` (*not*) after ``index`` instead; rule ``role_swap``
    swaps ``tokens[index]`` with ``tokens[other]``.
    """

    index: int
    original: str
    replacement: str
    rule: str
    other: int | None = None

    @property
    def label(self) -> str:
        return "contradiction" if self.rule in CONTRADICTION_RULES else "entailment"


def _word(lemma) -> str | None:
    """A lemma's name as a plain lowercase word, or None for collocations and odd names."""
    name = lemma.name().lower()
    return name if name.isalpha() else None


def _frequent(lemma) -> bool:
    return lemma.count() >= _MIN_COUNT


def _plural(word: str) -> str:
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if word.endswith("s"):  # "stairs": a plural already
        return word
    if word.endswith(("x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
        return word[:-1] + "ies"
    return word + "s"


def _sense_words(reader, synset, exclude: str) -> list[str]:
    """Frequent single words of ``synset`` (read by WordNet ``reader``) whose most frequent sense it is,
    except ``exclude``."""
    words = []
    for lemma in synset.lemmas():
        word = _word(lemma)
        if word and word != exclude and _frequent(lemma) and synset.name() == _first_synset_name(reader, synset, word):
            words.append(word)
    return words


def _first_synset_name(reader, synset, word):
    senses = reader.synsets(word, synset.pos())
    return senses[0].name() if senses else None


class SubstitutionFinder:
    """Candidate substitutions for a tagged sentence, from a NLTK WordNet reader.

    What the word rules allow for a word depends on the word, its tag and whether a noun follows, not
    on the rest of the sentence: the finder remembers it (and which word pairs are WordNet collocations),
    as an augmentation meets the same words in thousands of premises and reading WordNet is slow.
    """

    def __init__(self, reader):
        self.wn = reader
        self._replacements = {}  # (word, tag, whether a noun follows) -> ((replacement, rule), ...)
        self._collocations = {}  # (word, word) -> whether WordNet has the two as one collocation

    def candidates(self, tokens, tags) -> list[Substitution]:
        """Every substitution the rules allow in the sentence (lowercase ``tokens``)."""
        if any(t in NEGATIONS or t in QUANTIFIERS for t in tokens):
            return []
        found = _negation(tokens, tags) + _role_swap(tokens, tags)
        for i, (token, tag) in enumerate(zip(tokens, tags)):
            if not token.isalpha() and cardinal(token) is None:
                continue
            noun_follows = i + 1 < len(tags) and tags[i + 1].startswith("NN")
            found += [Substitution(i, token, replacement, rule)
                      for replacement, rule in self.replacements(token, tag, noun_follows)]
        # A replacement already in the sentence ("red and yellow" -> "red and red") says less than it seems.
        present = set(tokens)
        return [c for c in found if (c.rule in ("negation", "role_swap") or c.replacement not in present)
                and not (c.rule == "nationality" and self._in_a_name(tokens, c.index))]

    def replacements(self, word, tag, noun_follows: bool) -> tuple[tuple[str, str], ...]:
        """``(replacement, rule)`` for each substitution of the word rules of ``word`` (lowercase) tagged
        ``tag``, ``noun_follows`` saying whether the next word is tagged as a noun."""
        key = word, tag, noun_follows
        if key not in self._replacements:
            self._replacements[key] = tuple(self._word_rules(word, tag, noun_follows))
        return self._replacements[key]

    def collocation(self, first, second) -> bool:
        """Whether WordNet has the words ``first`` and ``second`` (lowercase) as one collocation (*hot dog*)."""
        key = first, second
        if key not in self._collocations:
            self._collocations[key] = bool(self.wn.synsets(f"{first}_{second}"))
        return self._collocations[key]

    def _in_a_name(self, tokens, i) -> bool:
        """Whether ``tokens[i]`` is part of a WordNet collocation with a neighbour (*German shepherd*,
        *Japanese maple*, *native American*): a name, not a nationality."""
        return any(self.collocation(*tokens[j:j + 2]) for j in (i - 1, i) if j >= 0 and j + 2 <= len(tokens))

    def _word_rules(self, token, tag, noun_follows) -> list[tuple[str, str]]:
        value = cardinal(token)
        if value is not None and tag.startswith("CD") and value in _NUMBER_WORDS:
            digits = token.isdigit()
            return [(str(v) if digits else w, "number") for v, w in _NUMBER_WORDS.items() if v != value]
        value = ordinal(token)
        if value is not None and value in _ORDINALS and token.isalpha():
            return [(w, "ordinal") for v, w in _ORDINALS.items() if v != value]
        if tag.startswith("JJ"):
            return self._adjective(token)
        if tag in ("NN", "NNS") and not noun_follows and cardinal(token) is None:
            return self._noun(token, plural=tag == "NNS")
        return []

    def _adjective(self, token) -> list[tuple[str, str]]:
        if token in _ADJECTIVE_STOPLIST:
            return []
        out = []
        senses = self.wn.synsets(token, "a")
        if senses:
            for lemma in senses[0].lemmas():
                if lemma.name().lower() == token:
                    out += [(w, "antonym") for a in lemma.antonyms() if (w := _word(a)) and _frequent(a)]
        nouns = self.wn.synsets(token, "n")
        if nouns:
            parents = {p.name() for p in nouns[0].hypernyms()}
            if parents & _COLOURS:
                out += [(w, "colour") for w in self._siblings(nouns[0], token) if self.wn.synsets(w, "a")]
        countries = nationalities(self.wn)
        if token in countries:
            out += [(w, "nationality") for w, country in countries.items() if country != countries[token]]
        return out

    def _siblings(self, synset, exclude) -> list[str]:
        words = []
        for parent in synset.hypernyms():
            for sibling in parent.hyponyms():
                if sibling != synset:
                    words += _sense_words(self.wn, sibling, exclude)
        return sorted(set(words))

    def _noun(self, token, plural: bool) -> list[tuple[str, str]]:
        # morphy keeps "men" (a lemma of its own: a group): irregular plurals are read from the table first.
        base = (IRREGULAR_SINGULARS.get(token) or self.wn.morphy(token, "n")) if plural else token
        senses = self.wn.synsets(base or token, "n")
        if not base or not senses or not any(_frequent(l) for l in senses[0].lemmas() if l.name().lower() == base):
            return []
        sense = senses[0]
        inflect = _plural if plural else (lambda w: w)
        out = [(inflect(w), "antonym") for lemma in sense.lemmas() if lemma.name() == base
               for a in lemma.antonyms() if (w := _word(a)) and _frequent(a)]
        if sense.lexname() not in _NOUN_FILES:
            return out
        if _distinct_siblings(sense) and not _names_people(self.wn, base):
            out += [(inflect(w), "cohyponym") for w in self._siblings(sense, base)]
        out += [(inflect(w), "synonym") for w in _sense_words(self.wn, sense, base)]
        if _names_people(self.wn, base) or sense.lexname() in ("noun.plant", "noun.substance"):
            return out  # read by hand: "male" -> "animal", "corn" -> "grass", "water" -> "chemical"
        ancestor = sense
        for _ in range(3):
            # Sorted: NLTK's order of a synset's hypernyms changes with the hash seed.
            parents = sorted(ancestor.hypernyms(), key=lambda synset: synset.name())
            if not parents or parents[0].min_depth() < 5:
                break
            ancestor = parents[0]
            words = [w for w in _sense_words(self.wn, ancestor, base) if w != base]
            if words:
                out.append((inflect(words[0]), "hypernym"))
                break
        return out


_COUNTRY = "country.n.02"


@lru_cache(maxsize=4)
def nationalities(reader) -> dict[str, str]:
    """``{adjective: country}`` for the frequent nationality adjectives of WordNet, sorted by word.

    A nationality adjective is one whose most frequent sense pertains to (WordNet's "relating to"
    link) a country (:meth:`lexical_resources.WordNet.place`): *German* -> Germany. WordNet puts
    these adjectives in no hierarchy (the nouns *German*, *French* have other first senses: a
    language), so siblings under a noun cannot find them. Reading every adjective synset takes
    seconds: done once per reader.
    """
    wordnet, found = WordNet(index=WordNetIndex(location_of(reader.root))), {}
    for synset in reader.all_synsets("a"):
        for lemma in synset.lemmas():
            word = _word(lemma)
            if word and word not in found:
                place = wordnet.place(word, senses=1)
                # the count last: NLTK reads it by a search in a file on disk
                if place is not None and wordnet.is_a(place, _COUNTRY) and _frequent(lemma):
                    found[word] = place
    return dict(sorted(found.items()))


def _distinct_siblings(sense) -> bool:
    """Whether siblings of ``sense`` are different things (*dog* / *fox*, *coffee* / *tea*).

    Only animals, foods and plants under a parent of depth 6 or more: for artifacts and other
    nouns, siblings read by hand were too often one kind of the other (*hat* / *cap*) or a wrong
    sense in context (*barrel* / *capillary*, *mound* / *glove*).
    """
    return sense.lexname() in _SIBLING_FILES and all(p.min_depth() >= 6 for p in sense.hypernyms())


def _names_people(reader, word: str) -> bool:
    """Whether ``word`` has a sense naming people (*male*, *female*, *young*): in SNLI it usually does."""
    return any(s.lexname() == "noun.person" for s in reader.synsets(word, "n"))


_BE = frozenset({"is", "are"})
_AUXILIARY_FORMS = frozenset({"is", "are", "has", "have", "was", "were", "be", "been", "being"})
_BETWEEN_VERB_AND_OBJECT = frozenset({"DT", "JJ", "PRP$", "CD"})


def _progressive(tokens, tags) -> int | None:
    """The index of the first *is*/*are* that precedes a verb in -ing, or None."""
    return next((i for i in range(len(tokens) - 1) if tokens[i] in _BE and tags[i + 1] == "VBG"), None)


def _negation(tokens, tags) -> list[Substitution]:
    """*not* after the first *is*/*are* that precedes a verb in -ing (*is sleeping* -> *is not sleeping*)."""
    i = _progressive(tokens, tags)
    return [] if i is None else [Substitution(i, tokens[i], "not", "negation")]


def _role_swap(tokens, tags) -> list[Substitution]:
    """The subject and the direct object of the first main verb, when each is a single noun (not a
    compound) with the same tag, the subject is the sentence's first noun phrase with nothing but
    auxiliaries after it, and only determiners and adjectives stand between verb and object."""
    verb = next((i for i, (t, g) in enumerate(zip(tokens, tags))
                 if g.startswith("VB") and g != "VBN" and t not in _AUXILIARY_FORMS), None)
    if verb is None:
        return []
    nouns = [i for i in range(verb) if tags[i].startswith("NN")]
    if len(nouns) != 1 or any(t not in _AUXILIARY_FORMS for t in tokens[nouns[0] + 1:verb]):
        return []
    subject, obj = nouns[0], verb + 1
    while obj < len(tokens) and tags[obj] in _BETWEEN_VERB_AND_OBJECT:
        obj += 1
    if obj == verb + 1 or obj >= len(tokens) or tags[obj] != tags[subject] or tokens[obj] == tokens[subject] \
            or (obj + 1 < len(tokens) and tags[obj + 1].startswith("NN")):
        return []
    return [Substitution(subject, tokens[subject], tokens[obj], "role_swap", other=obj)]


def _with_article(tokens, index, new):
    """``tokens[index] = new`` keeping the first letter's case, and *a*/*an* before it in agreement."""
    old = tokens[index]
    tokens[index] = new.capitalize() if old[:1].isupper() else new.lower()
    before = index - 1
    if before >= 0 and tokens[before].lower() in ("a", "an"):
        article = "an" if new[:1].lower() in "aeiou" else "a"
        tokens[before] = article.capitalize() if tokens[before][:1].isupper() else article


def apply(sentence: Sentence, substitution: Substitution) -> Sentence:
    """The sentence with the substitution made (original case kept for the first letter)."""
    tokens, tags = list(sentence.tokens), list(sentence.tags)
    if substitution.rule == "negation":
        tokens.insert(substitution.index + 1, substitution.replacement)
        tags.insert(substitution.index + 1, "RB")
    elif substitution.rule == "role_swap":
        first, second = sentence.tokens[substitution.index], sentence.tokens[substitution.other]
        _with_article(tokens, substitution.index, second)
        _with_article(tokens, substitution.other, first)
    else:
        _with_article(tokens, substitution.index, substitution.replacement)
    return as_sentence(tokens, tags)


def as_sentence(tokens, tags) -> Sentence:
    """A :class:`~lexnli.records.Sentence` of tagged tokens, its text the tokens joined by spaces except
    before punctuation, possessives and *n't*."""
    text = " ".join(tokens)
    for mark in (" .", " ,", " !", " ?", " 's", " n't"):
        text = text.replace(mark, mark.strip())
    return Sentence(text=text, tokens=tuple(tokens), tags=tuple(tags))


def substituted_pairs(premises, finder: SubstitutionFinder, *, seed: int = 0, per_rule: dict | None = None,
                      limit: int | None = None, rules=RULES, progress: bool | None = None) -> list[tuple[Pair, str]]:
    """``(pair, rule)`` for distinct premises: at most one substitution per premise, a rule chosen
    so that rare rules get their share, the replacement drawn at random (seeded); at most
    ``per_rule[rule]`` pairs of a rule and ``limit`` in all. ``progress``: a bar over the pairs
    made (:func:`lexnli.progress.bar`)."""
    rng = random.Random(seed)
    order = list(range(len(premises)))
    rng.shuffle(order)
    counts = dict.fromkeys(rules, 0)
    out = []
    tally = bar(desc=f"substituting words in {len(premises):,} premises", total=limit, unit="pairs", progress=progress,
                announce=True)
    for k in order:
        if limit is not None and len(out) >= limit:
            break
        premise = premises[k]
        candidates = [c for c in finder.candidates(tuple(t.lower() for t in premise.tokens), premise.tags)
                      if c.rule in counts and (per_rule is None or counts[c.rule] < per_rule.get(c.rule, 0))]
        if not candidates:
            continue
        rule = min({c.rule for c in candidates}, key=lambda r: (counts[r], rules.index(r)))
        choice = rng.choice([c for c in candidates if c.rule == rule])
        counts[rule] += 1
        out.append((Pair(premise, apply(premise, choice), label=choice.label,
                         pair_id=f"{rule}-{k}-{choice.index}"), rule))
        tally.update()
    tally.close()
    return out


#: Largest share of an augmentation a rule may take: the sentence-level rules are capped (chosen on
#: dev, docs/RESULTS.md), the word rules take what the premises offer, rare rules first.
AUGMENTATION_SHARES = {"negation": 0.05, "role_swap": 0.05}


def distinct_premises(pairs) -> list[Sentence]:
    """The premises of ``pairs``, each text once, in order of first appearance."""
    return list({pair.premise.text: pair.premise for pair in pairs}.values())


def augmentation(train_pairs, n: int, *, seed: int = 0, reader=None, progress: bool | None = None) -> list[Pair]:
    """``n`` substituted pairs (fewer if the premises run out) made from the distinct premises of
    ``train_pairs``, to add to a model's training data; ``reader`` is a NLTK WordNet reader
    (default: the installed WordNet); ``progress`` as :func:`substituted_pairs`."""
    if n <= 0:
        return []
    premises = distinct_premises(train_pairs)
    finder = SubstitutionFinder(reader if reader is not None else load_wordnet())
    per_rule = {rule: round(AUGMENTATION_SHARES.get(rule, 1.0) * n) for rule in RULES}
    return [pair for pair, _ in substituted_pairs(premises, finder, seed=seed, per_rule=per_rule, limit=n,
                                                  progress=progress)]
