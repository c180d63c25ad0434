"""A POS tagger trained on SNLI's own parse tags: NLTK's averaged perceptron, refitted, kept as arrays.

NLTK's English tagger was trained on newswire. On SNLI's captions it misreads simple present
verbs after a noun (*A man sleeps.*: *sleeps* NN). The same model refitted on the leaf tags of
SNLI's parses agrees with them more often (``experiments.parse_agreement``, docs/RESULTS.md), and
the parser reads its tags, so raw text is read as SNLI's parses read it. Trained from NLTK's
newswire weights (``base``) rather than from nothing, it keeps what captions seldom show (*Maybe*,
*Perhaps*, *Certainly* RB, not NNP, PDT and VB) and agrees with SNLI dev's leaf tags as often
(97.59% against 97.52%, 40,000 train-subset sentences; ``lexnli.syntax.build``). Its tag dictionary
(words tagged without the weights) is newswire's less the words SNLI's tags contradict, and SNLI's own.

The tagger is NLTK's ``PerceptronTagger`` (same features, same training), so
:class:`lexnli.tagging.BatchPerceptronTagger` tags with it as fast as with NLTK's own weights.
Its weights are stored as plain arrays (:func:`tagger_arrays`), which a file can hold without pickle
and the batch tagger tags with directly.
"""
from __future__ import annotations

import random
from collections import Counter
from contextlib import contextmanager

import numpy as np

#: Passes over the training sentences (NLTK's default).
N_ITER = 5
#: A base tagger's dictionary word is kept only if at least this share of its training tokens have its tag
#: (NLTK's own threshold for the words it puts in its dictionary).
DICTIONARY_AGREEMENT = 0.97
#: The arrays a tagger is stored as, by name (see :func:`tagger_arrays`).
ARRAY_NAMES = ("features", "classes", "weight_feature", "weight_class", "weight_value", "tagdict_words",
               "tagdict_tags")


@contextmanager
def _seeded(seed: int):
    """Seed the ``random`` module (NLTK's training shuffles with it) and give its state back afterwards."""
    state = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(state)


def train_tagger(sentences, *, n_iter: int = N_ITER, seed: int = 0, base=None, fixed_tags=None):
    """An NLTK ``PerceptronTagger`` trained on ``(tokens, tags)`` pairs: the same sentences, seed and base, the
    same weights.

    Parameters
    ----------
    sentences : iterable of (sequence of str, sequence of str)
        Tokens and their PTB tags, e.g. the leaves of SNLI's parses (:func:`lexnli.text.parse_leaves`).
    n_iter : int, default=5
        Passes over the sentences.
    seed : int, default=0
        Seeds the shuffle between passes; the caller's ``random`` state is left as it was.
    base : nltk.tag.PerceptronTagger, optional
        A trained tagger whose weights, classes and tag dictionary training starts from (copies:
        ``base`` is not changed); None: from nothing. A word of its dictionary that the training
        sentences tag otherwise (in more than ``1 - DICTIONARY_AGREEMENT`` of its tokens) leaves the
        dictionary (:func:`agreeing_dictionary`), so that training learns it: newswire's dictionary
        has *swings*, *practices* and *studies* NNS, *faces* VBZ and *can* MD, which SNLI's
        captions often tag otherwise.
    fixed_tags : dict, optional
        Words and the one tag each always has, added to the tag dictionary after training (the
        dictionary is read before the weights: :class:`lexnli.tagging.BatchPerceptronTagger`).
    """
    from nltk.tag import PerceptronTagger

    tagged = [list(zip(tokens, tags)) for tokens, tags in sentences]
    if not tagged:
        raise ValueError("no sentences to train the tagger on")
    tagger = PerceptronTagger(load=False)
    if base is not None:
        tagger.model.weights = {feature: dict(weights) for feature, weights in base.model.weights.items()}
        tagger.tagdict = agreeing_dictionary(base.tagdict, tagged)
        tagger.classes = set(base.classes)
        tagger.model.classes = set(base.classes)
    with _seeded(seed):
        tagger.train(tagged, nr_iter=n_iter)
    tagger.tagdict.update(fixed_tags or {})
    return tagger


def agreeing_dictionary(tagdict: dict, tagged) -> dict:
    """The words of a tag dictionary whose tokens in ``tagged`` (lists of ``(word, tag)``) have its tag at
    least :data:`DICTIONARY_AGREEMENT` of the time, or that ``tagged`` never shows, with their tags.

    >>> agreeing_dictionary({"swings": "NNS", "can": "MD", "the": "DT"},
    ...                     [[("A", "DT"), ("girl", "NN"), ("swings", "VBZ")], [("the", "DT"), ("swings", "NNS")]])
    {'can': 'MD', 'the': 'DT'}
    """
    tokens, agreeing = Counter(), Counter()
    for sentence in tagged:
        for word, tag in sentence:
            if word in tagdict:
                tokens[word] += 1
                agreeing[word] += tag == tagdict[word]
    return {word: tag for word, tag in tagdict.items() if agreeing[word] >= DICTIONARY_AGREEMENT * tokens[word]}


def tagger_arrays(tagger) -> dict[str, np.ndarray]:
    """The weights, classes and tag dictionary of an NLTK ``PerceptronTagger`` as arrays (see :data:`ARRAY_NAMES`)."""
    weights = tagger.model.weights
    features = sorted(weights)
    classes = sorted(tagger.model.classes)
    class_index = {c: i for i, c in enumerate(classes)}
    rows, columns, values = [], [], []
    for row, feature in enumerate(features):
        for label, weight in weights[feature].items():
            rows.append(row)
            columns.append(class_index[label])
            values.append(weight)
    words = sorted(tagger.tagdict)
    return {"features": np.array(features, dtype=str), "classes": np.array(classes, dtype=str),
            "weight_feature": np.array(rows, dtype=np.int32), "weight_class": np.array(columns, dtype=np.int16),
            "weight_value": np.array(values, dtype=np.float64),
            "tagdict_words": np.array(words, dtype=str),
            "tagdict_tags": np.array([tagger.tagdict[w] for w in words], dtype=str)}


def checked_tagger_arrays(arrays) -> dict:
    """``arrays`` as :func:`tagger_arrays` stores a tagger (what :class:`lexnli.tagging.BatchPerceptronTagger`
    tags with), or ``ValueError`` naming the ones it lacks."""
    missing = [name for name in ARRAY_NAMES if name not in arrays]
    if missing:
        raise ValueError(f"the tagger's arrays lack {', '.join(missing)}")
    return dict(arrays)
