"""A greedy arc-hybrid dependency parser: averaged perceptron, dynamic oracle, batched decoding.

:class:`DependencyParser` learns labelled projective trees from ``(tokens, tags, heads,
labels)`` sentences: arc-hybrid transitions (:mod:`lexnli.transitions`) scored by an averaged
perceptron (Collins 2002) over Zhang & Nivre's feature templates (:mod:`lexnli.parse_features`),
trained with Goldberg & Nivre's dynamic oracle. From the epoch ``explore_from_epoch`` on, a
wrong prediction is followed with probability ``explore_probability`` (the parser then learns
from the configurations its own mistakes lead to), else the best-scoring zero-cost move is;
the order of the sentences and these draws come from a generator seeded by ``seed``, so a
fit is deterministic.

Parsing is greedy. :meth:`DependencyParser.parse_one` is the reference, one sentence and one
move at a time, each feature's key searched in the sorted keys; :meth:`DependencyParser.parse`
decodes many sentences in lockstep, their states in arrays (:mod:`lexnli.parse_batch`), the
features' rows found in direct tables of dense codes and the one-token templates summed once per
distinct token (:mod:`lexnli.parse_scores`), with the same result. The averaged weights are
rounded to multiples of a power of two large enough that every score (a sum of one float32 weight
per template) and every partial sum is exact in float32, whatever the order and grouping of the
additions: both decoders compute the same scores and break ties the same way (the lowest class).

A fitted parser is saved to a versioned ``.npz`` of arrays only (:meth:`DependencyParser.save`).
"""
from __future__ import annotations

import json
import random
import zipfile
from collections import Counter

import numpy as np

from .io import atomic_open
from .parse_batch import decode_batch
from .parse_features import CLASS_BITS, LABEL_BITS, SMALL_BITS, TAG_BITS, TEMPLATES, WORD_BITS, atoms, feature_keys
from .parse_scores import BatchScorer
from .transitions import Configuration, class_costs, n_classes, static_oracle

#: The version of the ``.npz`` layout :meth:`DependencyParser.save` writes and :meth:`DependencyParser.load` reads.
FORMAT_VERSION = 3
_ARRAYS = ("format_version", "params", "words", "tags", "labels", "root_label", "classes", "word_classes", "keys",
           "weights", "n_skipped_trees")
#: PTB punctuation tags: tokens tagged so are left out of attachment scores.
PUNCTUATION_TAGS = frozenset({".", ",", ":", "``", "''", "-LRB-", "-RRB-", "#", "$"})
#: Word, tag, class and label id 0 means no token (or no label), word, tag and class id 1 an unknown one.
NONE, UNKNOWN = 0, 1
#: A tag is in a word's ambiguity class when the word had it at least this share of its training occurrences.
CLASS_MIN_SHARE = 0.05
#: Weights are rounded to multiples of a step, each at most this many steps: a sum of one weight per
#: template is then at most 2 ** 24 steps, which float32 holds exactly, whatever the order of the additions.
_WEIGHT_UNITS = 2 ** 24 // len(TEMPLATES)


class DependencyParser:
    """A labelled dependency parser, fitted on projective trees.

    Parameters
    ----------
    n_epochs : int, default=10
        Passes over the training trees.
    seed : int, default=0
        Seeds the order of the trees in each epoch and the exploration draws.
    min_word_count : int, default=2
        Words (lowercased) seen fewer times in training are unknown words.
    explore_from_epoch : int, default=2
        The first epoch (counting from 1) in which the parser may follow its own wrong predictions.
    explore_probability : float, default=0.9
        The probability of following a wrong prediction in those epochs.
    max_keys : int or None, default=330_000
        Keep at most this many feature keys: those whose largest averaged weight (in absolute
        value) is largest, which bounds the model's size (about 6 MiB; the rest, most of the keys
        a fit makes, change SNLI dev's scores by less than 0.001). None: keep every key.

    Attributes
    ----------
    words_, tags_, labels_ : tuple of str
        The known words (id 2 on), tags (id 2 on) and arc labels (id 1 on).
    classes_ : tuple of str
        The ambiguity classes (id 2 on): the tags a known word had in training (in at least
        :data:`CLASS_MIN_SHARE` of its occurrences), sorted and joined by spaces, e.g. ``"NN VB"``.
    word_classes_ : numpy.ndarray of int16
        The class id of each known word (1, unknown, when there are more classes than ids).
    root_label_ : str
        The label of a root token (the one training roots had most often).
    keys_ : numpy.ndarray of int64
        The sorted feature keys with a nonzero weight.
    weights_ : numpy.ndarray of float32
        Their averaged weights, a row per key and a column per class (:mod:`lexnli.transitions`).
    n_skipped_trees_ : int
        Training trees arc-hybrid cannot build (non-projective, or not one root), left out.

    Notes
    -----
    The training trees come from converted constituency parses and are projective; a tree that
    is not (or has several roots) is skipped and counted, as no transition sequence builds it and
    the dynamic oracle's costs are exact only for projective trees.
    """

    def __init__(self, n_epochs: int = 10, seed: int = 0, min_word_count: int = 2, explore_from_epoch: int = 2,
                 explore_probability: float = 0.9, max_keys: int | None = 330_000):
        self.n_epochs = n_epochs
        self.seed = seed
        self.min_word_count = min_word_count
        self.explore_from_epoch = explore_from_epoch
        self.explore_probability = explore_probability
        self.max_keys = max_keys

    def get_params(self) -> dict:
        """The parameters given to ``__init__``."""
        return {"n_epochs": self.n_epochs, "seed": self.seed, "min_word_count": self.min_word_count,
                "explore_from_epoch": self.explore_from_epoch, "explore_probability": self.explore_probability,
                "max_keys": self.max_keys}

    # -- fitting

    def fit(self, sentences, epoch_done=None, class_tags=None) -> DependencyParser:
        """Learn from ``(tokens, tags, heads, labels)`` sentences (heads 1-based, 0 for the root).

        ``epoch_done``, if given, is called as ``epoch_done(epoch, parser)`` after each epoch, the
        parser holding the weights averaged so far: it parses as one fitted with ``n_epochs=epoch``
        would (the first epochs of a longer fit are those of a shorter one), so one fit can
        evaluate every epoch count. ``class_tags``, if given, are the tags by sentence the words'
        ambiguity classes are learnt from (e.g. the gold tags when the sentences carry predicted
        ones); by default, the sentences' own.

        Raises
        ------
        ValueError
            For a sentence whose four sequences differ in length or whose heads are out of range,
            and for more words, tags or labels than feature keys have bits for.
        """
        sentences = [_checked(i, sentence) for i, sentence in enumerate(sentences)]
        self._learn_vocabularies(sentences)
        self._learn_classes(sentences, class_tags)
        trees = []
        for tokens, tags, heads, labels in sentences:
            words, tag_ids, classes = self._encode(tokens, tags)
            label_ids = [NONE] + [0 if h == 0 else self._label_id[label] for h, label in zip(heads, labels)]
            gold_heads = [-1] + list(heads)
            if static_oracle(gold_heads, label_ids) is not None:
                trees.append((words, tag_ids, classes, gold_heads, label_ids))
        self.n_skipped_trees_ = len(sentences) - len(trees)
        perceptron = _AveragedPerceptron(n_classes(len(self.labels_)))
        rng = random.Random(self.seed)
        for epoch in range(1, self.n_epochs + 1):
            rng.shuffle(trees)
            explore = self.explore_probability if epoch >= self.explore_from_epoch else 0.0
            for tree in trees:
                self._train_on(tree, perceptron, rng, explore)
            if epoch_done is not None:
                self._set_weights(perceptron)
                epoch_done(epoch, self)
        self._set_weights(perceptron)
        return self

    def _set_weights(self, perceptron) -> None:
        keys, weights = perceptron.averaged()
        if self.max_keys is not None and len(keys) > self.max_keys:
            strongest = np.argsort(-np.abs(weights).max(axis=1), kind="stable")[:self.max_keys]
            kept = np.sort(strongest)
            keys, weights = keys[kept], weights[kept]
        self.keys_, self.weights_ = keys, weights
        self._tables = None

    def _learn_vocabularies(self, sentences) -> None:
        counts = Counter(token.lower() for tokens, _, _, _ in sentences for token in tokens)
        self.words_ = tuple(sorted((w for w, c in counts.items() if c >= self.min_word_count),
                                   key=lambda w: (-counts[w], w)))
        self.tags_ = tuple(sorted({tag for _, tags, _, _ in sentences for tag in tags}))
        self.labels_ = tuple(sorted({label for _, _, heads, labels in sentences
                                     for h, label in zip(heads, labels) if h != 0}))
        roots = Counter(label for _, _, heads, labels in sentences for h, label in zip(heads, labels) if h == 0)
        self.root_label_ = min(roots, key=lambda label: (-roots[label], label)) if roots else "root"
        for what, values, first, bits in (("words", self.words_, 2, WORD_BITS), ("tags", self.tags_, 2, TAG_BITS),
                                          ("labels", self.labels_, 1, LABEL_BITS)):
            if len(values) + first > 2 ** bits:
                raise ValueError(f"{len(values)} {what}: feature keys have room for {2 ** bits - first}"
                                 + (" (raise min_word_count)" if what == "words" else ""))

    def _learn_classes(self, sentences, class_tags=None) -> None:
        """Each known word's ambiguity class, from the tags it has in ``class_tags`` (by sentence;
        default: the sentences' own tags)."""
        if class_tags is None:
            class_tags = [tags for _, tags, _, _ in sentences]
        counts = {w: Counter() for w in self.words_}
        for (tokens, _, _, _), tags in zip(sentences, class_tags, strict=True):
            if len(tags) != len(tokens):
                raise ValueError(f"{len(tokens)} tokens but {len(tags)} class tags: {tokens!r}")
            for token, tag in zip(tokens, tags):
                seen = counts.get(token.lower())
                if seen is not None:
                    seen[tag] += 1
        names = [" ".join(sorted(t for t, c in seen.items() if c >= CLASS_MIN_SHARE * seen.total()))
                 for seen in counts.values()]
        frequency = Counter(names)
        self.classes_ = tuple(sorted(frequency, key=lambda c: (-frequency[c], c))[:2 ** CLASS_BITS - 2])
        class_id = {c: i for i, c in enumerate(self.classes_, start=2)}
        self.word_classes_ = np.array([class_id.get(name, UNKNOWN) for name in names], dtype=np.int16)
        self._index_vocabularies()

    def _index_vocabularies(self) -> None:
        self._word_id = {w: i for i, w in enumerate(self.words_, start=2)}
        self._tag_id = {t: i for i, t in enumerate(self.tags_, start=2)}
        self._label_id = {label: i for i, label in enumerate(self.labels_, start=1)}
        self._class_of_word = [NONE, UNKNOWN] + self.word_classes_.tolist()

    def _encode(self, tokens, tags) -> tuple[list[int], list[int], list[int]]:
        """Word, tag and ambiguity class ids by token, index 0 for no token (id 0)."""
        _check_tags(tokens, tags)
        word_id, tag_id = self._word_id.get, self._tag_id.get
        words = [NONE] + [word_id(t.lower(), UNKNOWN) for t in tokens]
        class_of_word = self._class_of_word
        return words, [NONE] + [tag_id(t, UNKNOWN) for t in tags], [class_of_word[w] for w in words]

    def _encode_many(self, sentences) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The lengths of ``(tokens, tags)`` sentences, and the word, tag and ambiguity class ids of their
        tokens, one sentence after another (:meth:`_encode` of many, without the index 0)."""
        word_id, tag_id = self._word_id.get, self._tag_id.get
        lengths = np.array([len(tokens) for tokens, _ in sentences], dtype=np.intp)
        words = np.array([word_id(t.lower(), UNKNOWN) for tokens, _ in sentences for t in tokens], dtype=np.int64)
        tags = np.array([tag_id(t, UNKNOWN) for _, tags in sentences for t in tags], dtype=np.int64)
        return lengths, words, tags, np.array(self._class_of_word).take(words)

    def _train_on(self, tree, perceptron, rng, explore: float) -> None:
        """One pass of the dynamic oracle over a tree: update on each wrong prediction, then follow
        it with probability ``explore``, else follow the best-scoring zero-cost class."""
        words, tags, classes, gold_heads, gold_labels = tree
        config = Configuration(len(words) - 1)
        n_labels = len(self.labels_)
        while not config.is_terminal():
            keys = feature_keys(atoms(config, words, tags, classes))
            scores = perceptron.scores(keys)
            predicted = best_class(scores, valid_classes(config, n_labels))
            costs = class_costs(config, gold_heads, gold_labels, n_labels)
            follow = predicted
            if costs[predicted] != 0:
                zero = np.array([cost == 0 for cost in costs])
                best = best_class(scores, zero)
                perceptron.update(keys, best, predicted)
                if not (explore and rng.random() < explore):
                    follow = best
            perceptron.tick()
            config.apply(follow)

    # -- parsing

    def parse_one(self, tokens, tags) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """The heads (1-based, 0 for the root) and labels of one sentence, one move at a time: the reference."""
        words, tag_ids, classes = self._encode(tokens, tags)
        config = Configuration(len(tokens))
        keys, weights, _ = self._decoding_tables()
        n_labels = len(self.labels_)
        while not config.is_terminal():
            wanted = feature_keys(atoms(config, words, tag_ids, classes))
            rows = np.searchsorted(keys, wanted)
            scores = weights[rows[keys[rows] == wanted]].sum(axis=0)
            config.apply(best_class(scores, valid_classes(config, n_labels)))
        config.finish()
        return tuple(config.heads[1:]), self._label_names(config.heads[1:], config.labels[1:])

    def parse(self, sentences, batch_size: int = 2048) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
        """:meth:`parse_one` of each ``(tokens, tags)`` sentence, decoding ``batch_size`` sentences
        (of similar lengths) in lockstep."""
        sentences = list(sentences)
        for tokens, tags in sentences:
            _check_tags(tokens, tags)
        order = sorted(range(len(sentences)), key=lambda i: len(sentences[i][0]))
        scorer = self._decoding_tables()[2]
        names = np.array([self.root_label_, *self.labels_], dtype=object)  # by label id, the root's first
        parses = [None] * len(sentences)
        for start in range(0, len(order), batch_size):
            batch = order[start:start + batch_size]
            lengths, words, tags, classes = self._encode_many([sentences[i] for i in batch])
            heads, labels = decode_batch(lengths, words, tags, classes, scorer)
            label_names = names.take(np.where(heads == 0, 0, labels))
            for i, sentence_heads, sentence_labels, n in zip(batch, heads.tolist(), label_names.tolist(),
                                                            lengths.tolist()):
                parses[i] = (tuple(sentence_heads[1:n + 1]), tuple(sentence_labels[1:n + 1]))
        return parses

    def _label_names(self, heads, labels) -> tuple[str, ...]:
        names = self.labels_
        return tuple(self.root_label_ if h == 0 else names[label - 1] for h, label in zip(heads, labels))

    def _decoding_tables(self) -> tuple:
        """The sorted keys with a sentinel that matches no key at the end, the weights with a zero row
        for it (a key not found has the sentinel's row) and the batch decoder's
        :class:`~lexnli.parse_scores.BatchScorer`."""
        if getattr(self, "_tables", None) is None:
            keys = np.append(self.keys_, np.iinfo(np.int64).max)
            weights = np.concatenate([self.weights_, np.zeros((1, self.weights_.shape[1]), np.float32)])
            radices = {"word": len(self.words_) + 2, "tag": len(self.tags_) + 2, "label": len(self.labels_) + 1,
                       "small": 2 ** SMALL_BITS, "class": len(self.classes_) + 2}
            self._tables = keys, weights, BatchScorer(self.keys_, weights, radices)
        return self._tables

    # -- persistence

    def to_arrays(self) -> dict[str, np.ndarray]:
        """The fitted parser as named arrays (no objects): what :meth:`save` writes and :meth:`from_arrays` reads."""
        return {"format_version": np.array(FORMAT_VERSION), "params": np.array(json.dumps(self.get_params())),
                "words": np.array(self.words_, dtype=str), "tags": np.array(self.tags_, dtype=str),
                "labels": np.array(self.labels_, dtype=str), "root_label": np.array(self.root_label_),
                "classes": np.array(self.classes_, dtype=str), "word_classes": self.word_classes_,
                "keys": self.keys_, "weights": self.weights_, "n_skipped_trees": np.array(self.n_skipped_trees_)}

    @classmethod
    def from_arrays(cls, arrays, source: str = "the arrays") -> DependencyParser:
        """The parser :meth:`to_arrays` gave.

        Raises
        ------
        ValueError
            Naming ``source``, when the arrays are of another format version or one is missing.
        """
        version = arrays.get("format_version")
        if version is None or version.shape != () or int(version) != FORMAT_VERSION:
            raise ValueError(f"{source}: a dependency parser of format version "
                             f"{None if version is None else version.tolist()}, not {FORMAT_VERSION}")
        missing = [name for name in _ARRAYS if name not in arrays]
        if missing:
            raise ValueError(f"{source}: a dependency parser without {', '.join(missing)}")
        parser = cls(**json.loads(str(arrays["params"])))
        parser.words_, parser.tags_, parser.labels_ = (tuple(arrays[name].tolist())
                                                       for name in ("words", "tags", "labels"))
        parser.root_label_ = str(arrays["root_label"])
        parser.classes_ = tuple(arrays["classes"].tolist())
        parser.word_classes_ = arrays["word_classes"]
        if parser.word_classes_.shape != (len(parser.words_),) or not np.isin(
                parser.word_classes_, np.arange(1, len(parser.classes_) + 2)).all():
            raise ValueError(f"{source}: a dependency parser whose word classes are not one known class per word")
        parser.keys_, parser.weights_ = arrays["keys"], arrays["weights"]
        parser.n_skipped_trees_ = int(arrays["n_skipped_trees"])
        parser._index_vocabularies()
        parser._tables = None
        return parser

    def save(self, path) -> None:
        """Write the fitted parser to ``path`` (an ``.npz`` of arrays, no pickles), atomically."""
        with atomic_open(path, "wb") as f:
            np.savez_compressed(f, **self.to_arrays())

    @classmethod
    def load(cls, path) -> DependencyParser:
        """A parser saved by :meth:`save`.

        Raises
        ------
        ValueError
            Naming the file, when it is not an ``.npz`` of arrays, was written in another format
            version or lacks an array.
        """
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except (OSError, ValueError, zipfile.BadZipFile) as exc:
            raise ValueError(f"{path}: not a saved dependency parser ({type(exc).__name__}: {exc})") from exc
        return cls.from_arrays(arrays, str(path))


def attachment_counts(gold, predicted, tags, exclude_punct: bool = True) -> dict:
    """How many tokens were given their gold head (``heads``), and their gold head and label (``arcs``), of
    ``tokens``; and, by label, the tokens of that gold label (``gold``), of that predicted label (``found``) and
    given their gold head and label (``right``), each a ``Counter``.

    Parameters
    ----------
    gold, predicted : sequence of (heads, labels)
        By sentence.
    tags : sequence of sequence of str
        The gold tags by sentence.
    exclude_punct : bool, default=True
        Leave out the tokens whose gold tag is punctuation (:data:`PUNCTUATION_TAGS`). The
        conversion of :mod:`lexnli.dependencies` labels the tokens of the first seven of these
        tags ``punct``; ``$`` and ``#`` head quantities there (``amod``, ``obj`` ...), but are
        left out here all the same, as PTB punctuation (a dozen tokens in SNLI's training trees).
    """
    counts = {"tokens": 0, "heads": 0, "arcs": 0, "gold": Counter(), "found": Counter(), "right": Counter()}
    for (gold_heads, gold_labels), (heads, labels), sentence_tags in zip(gold, predicted, tags, strict=True):
        for gold_head, gold_label, head, label, tag in zip(gold_heads, gold_labels, heads, labels, sentence_tags,
                                                           strict=True):
            if exclude_punct and tag in PUNCTUATION_TAGS:
                continue
            counts["tokens"] += 1
            counts["gold"][gold_label] += 1
            counts["found"][label] += 1
            if head == gold_head:
                counts["heads"] += 1
                if label == gold_label:
                    counts["arcs"] += 1
                    counts["right"][gold_label] += 1
    return counts


def attachment_scores(gold, predicted, tags, exclude_punct: bool = True) -> tuple[float, float]:
    """The unlabelled and labelled attachment scores: the share of tokens given their gold head, and
    their gold head and label (see :func:`attachment_counts`)."""
    counts = attachment_counts(gold, predicted, tags, exclude_punct)
    return (counts["heads"] / counts["tokens"], counts["arcs"] / counts["tokens"]) if counts["tokens"] else (0.0, 0.0)


def _check_tags(tokens, tags) -> None:
    """Refuse a sentence without a tag per token."""
    if len(tokens) != len(tags):
        raise ValueError(f"{len(tokens)} tokens but {len(tags)} tags: {tokens!r}")


def _checked(index: int, sentence):
    """A training sentence as four tuples, refused when they differ in length or a head is out of range."""
    tokens, tags, heads, labels = (tuple(part) for part in sentence)
    n = len(tokens)
    if not len(tags) == len(heads) == len(labels) == n:
        raise ValueError(f"training sentence {index}: {n} tokens, {len(tags)} tags, {len(heads)} heads, "
                         f"{len(labels)} labels")
    if any(not 0 <= h <= n or h == i for i, h in enumerate(heads, start=1)):
        raise ValueError(f"training sentence {index}: heads {heads} not in 0..{n} or a token its own head")
    return tokens, tags, heads, labels


def valid_classes(config: Configuration, n_labels: int) -> np.ndarray:
    """Which classes can be made in ``config``: a boolean array (SHIFT, then LEFT and RIGHT by label)."""
    shift, left, right = config.valid_moves()
    valid = np.empty(n_classes(n_labels), dtype=bool)
    valid[0], valid[1::2], valid[2::2] = shift, left, right
    return valid


def best_class(scores: np.ndarray, allowed: np.ndarray) -> int:
    """The allowed class of the highest score; a tie goes to the lowest class."""
    return int(np.argmax(np.where(allowed, scores, -np.inf)))


class _AveragedPerceptron:
    """Weights by feature key and class, and their average over every training step (Daumé's trick:
    the averaged weights are ``weights - totals / steps``, ``totals`` summing each update times the
    steps before it)."""

    def __init__(self, n_classes: int):
        self.rows = {}
        self.weights = np.zeros((1024, n_classes), dtype=np.int64)
        self.totals = np.zeros_like(self.weights)
        self.steps = 0

    def scores(self, keys) -> np.ndarray:
        """The score of each class: the sum of the rows of the keys that have one."""
        get = self.rows.get
        return self.weights[[row for row in map(get, keys) if row is not None]].sum(axis=0)

    def update(self, keys, good: int, bad: int) -> None:
        """Add one to the ``good`` class's weights of the keys and subtract one from the ``bad`` class's."""
        rows = [self._row(key) for key in keys]
        self.weights[rows, good] += 1
        self.weights[rows, bad] -= 1
        self.totals[rows, good] += self.steps
        self.totals[rows, bad] -= self.steps

    def tick(self) -> None:
        """Count a training step."""
        self.steps += 1

    def _row(self, key: int) -> int:
        row = self.rows.get(key)
        if row is None:
            row = self.rows[key] = len(self.rows)
            if row == len(self.weights):
                self.weights = np.concatenate([self.weights, np.zeros_like(self.weights)])
                self.totals = np.concatenate([self.totals, np.zeros_like(self.totals)])
        return row

    def averaged(self) -> tuple[np.ndarray, np.ndarray]:
        """The sorted keys with a nonzero averaged weight and their weights, rounded to multiples of the
        smallest power of two that leaves every weight at most ``_WEIGHT_UNITS`` multiples of it: float32
        holds such a weight exactly, and a float64 sum of them is exact."""
        n = len(self.rows)
        average = self.weights[:n] - self.totals[:n] / max(self.steps, 1)
        largest = float(np.abs(average).max()) if n else 0.0
        step = 2.0 ** np.ceil(np.log2(largest / _WEIGHT_UNITS)) if largest else 1.0
        rounded = (np.round(average / step) * step).astype(np.float32)
        keys = np.fromiter(self.rows, dtype=np.int64, count=n)
        keep = np.flatnonzero(rounded.any(axis=1))
        order = keep[np.argsort(keys[keep])]
        return keys[order], rounded[order]
