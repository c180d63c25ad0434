"""lexnli.tagging: the batch tagger (and the fast path of lexnli.text built on it) gives NLTK's averaged
perceptron tags, token for token, ties included."""
import gzip
import json
import random

import pytest
from nltk.tag.perceptron import PerceptronTagger

from lexnli import text
from lexnli.errors import ResourceMissingError
from lexnli.pos_tagger import tagger_arrays
from lexnli.tagging import END, START, BatchPerceptronTagger, normalize

from tests.conftest import shared_file
from tests.helpers.raw_text import HAND_WRITTEN


@pytest.fixture(scope="module")
def nltk_tagger():
    try:
        return text.nltk_tagger()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))


def nltk_tags(tagger, sentences):
    return [tuple(tag for _, tag in tagger.tag(tokens)) if tokens else () for tokens in sentences]


def test_hand_written_sentences_get_nltks_tags(nltk_tagger):
    tokens = [text._tokenizer().tokenize(s) for s in HAND_WRITTEN]
    assert BatchPerceptronTagger(nltk_tagger).tag_sents(tokens) == nltk_tags(nltk_tagger, tokens)
    assert text.tokenize_and_tag_many(HAND_WRITTEN) == text.tokenize_and_tag_many(HAND_WRITTEN, tagger="nltk")
    assert text.make_sentence(HAND_WRITTEN[0]) == text.make_sentence(HAND_WRITTEN[0], tagger="nltk")


def test_real_sentences_get_nltks_tags(nltk_tagger):
    """3,000 distinct SNLI dev sentences: every token and tag is NLTK's."""
    with gzip.open(shared_file("snli_1.0/snli_1.0_dev.jsonl.gz"), "rt", encoding="utf-8") as f:
        lines = [json.loads(line) for _, line in zip(range(2500), f)]
    sentences = list(dict.fromkeys(s for r in lines for s in (r["sentence1"], r["sentence2"])))[:3000]
    assert len(sentences) == 3000
    fast = text.tokenize_and_tag_many(sentences)
    reference = [text.nltk_tokenize_and_tag(s) for s in sentences]
    assert sum(len(tokens) for tokens, _ in fast) > 30_000
    assert fast == reference


def toy_tagger(seed):
    """A random small model with NLTK's feature names and weights rounded to 3 decimals, as trained ones are."""
    rng = random.Random(seed)
    words = ["the", "dog", "runs", "Dog", "1999", "42", "well-known", "a", "x"]
    classes = ["DT", "NN", "VBZ", "CD", "JJ"]
    tagger = PerceptronTagger(load=False)
    names = ["bias"] + [f"i suffix {w[-3:]}" for w in words] + [f"i pref1 {w[0]}" for w in words]
    contexts = [tagger.normalize(w) for w in words] + tagger.START + tagger.END
    tags = classes + tagger.START
    names += [f"i-1 tag {t}" for t in tags] + [f"i-2 tag {t}" for t in tags]
    names += [f"i tag+i-2 tag {a} {b}" for a in tags for b in tags]
    names += [f"{f} {c}" for f in ("i word", "i-1 word", "i-2 word", "i+1 word", "i+2 word") for c in contexts]
    names += [f"{f} {c[-3:]}" for f in ("i-1 suffix", "i+1 suffix") for c in contexts]
    names += [f"i-1 tag+i word {t} {c}" for t in tags for c in contexts]
    # Few distinct values, so sums tie often and the order of addition and the tie-break matter.
    tagger.model.weights = {name: {c: rng.choice([0.1, 0.2, 0.3, -0.1, 0.7]) for c in classes
                                   if rng.random() < 0.5} for name in names}
    tagger.classes = tagger.model.classes = set(classes)
    tagger.tagdict = {"the": "DT"}
    sentences = [[rng.choice(words) for _ in range(rng.randint(0, 9))] for _ in range(300)]
    return tagger, sentences


def test_normalize_start_and_end_are_nltks():
    """The copies of ``PerceptronTagger.normalize``, ``START`` and ``END``: an NLTK that changes them fails here."""
    words = ["", "-", "--", "-x", "a-b", "A-B", "well-known", "1999", "12345", "199", "1-2", "3.5", "2nd", "x1",
             "Dog", "DOG", "\u0130", "\u00c9COLE", "\u0661\u0662\u0663\u0664", "\u00b2", "\u00b2\u00b3\u00b9\u2074",
             "\u2155", "\u0663abc", "\u212a", "STRASSE", "Stra\u00dfe", ".", "''", "-START-"]
    nltk_tagger = PerceptronTagger(load=False)
    assert [normalize(w) for w in words] == [nltk_tagger.normalize(w) for w in words]
    assert (list(START), list(END)) == (nltk_tagger.START, nltk_tagger.END)


@pytest.mark.parametrize("seed", range(5))
def test_ties_and_summation_order_are_nltks(seed):
    tagger, sentences = toy_tagger(seed)
    assert BatchPerceptronTagger(tagger).tag_sents(sentences) == nltk_tags(tagger, sentences)


@pytest.mark.parametrize("seed", range(3))
def test_a_tagger_made_with_its_derived_arrays_tags_as_one_that_builds_them(seed):
    tagger, sentences = toy_tagger(seed)
    stored = tagger_arrays(tagger)
    built = BatchPerceptronTagger(stored)
    derived = built.derived_arrays()
    assert derived["prev_tag_word_rows"].any()  # the toy model has previous-tag+word features
    given = BatchPerceptronTagger({**stored, **derived})
    assert given.tag_sents(sentences) == built.tag_sents(sentences) == nltk_tags(tagger, sentences)
    with pytest.raises(ValueError, match="weight matrix of shape"):
        BatchPerceptronTagger({**stored, **derived, "matrix": derived["matrix"][1:]})
    with pytest.raises(ValueError, match="previous-tag\\+word table of shape"):
        BatchPerceptronTagger({**stored, **derived, "prev_tag_word_rows": derived["prev_tag_word_rows"][:, 1:]})


def test_a_tie_goes_to_the_alphabetically_last_tag():
    tagger = PerceptronTagger(load=False)
    tagger.model.weights = {"bias": {"A": 1.0, "B": 1.0}, "i word c": {"C": 1.0}}
    tagger.classes = tagger.model.classes = {"A", "B", "C"}
    assert BatchPerceptronTagger(tagger).tag_sents([["x", "c"]]) == [("B", "C")] == nltk_tags(tagger, [["x", "c"]])


def test_type_caches_are_bounded(nltk_tagger):
    tagger = BatchPerceptronTagger(nltk_tagger, max_types=50)
    sentences = [[f"word{i}", "runs", f"thing{i}"] for i in range(100)]
    first = tagger.tag_sents(sentences[:60])
    second = tagger.tag_sents(sentences[60:])
    assert tagger.cache_size()["raw_types"] == 40 * 2 + 1  # emptied before the second batch: its types only
    assert first + second == nltk_tags(nltk_tagger, sentences)
