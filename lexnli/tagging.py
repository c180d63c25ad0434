"""NLTK's averaged perceptron POS tagger, batched: the same tags, many sentences per array operation.

:class:`BatchPerceptronTagger` takes the weights, tag dictionary and classes of an
``nltk.tag.perceptron.PerceptronTagger`` and tags a batch of tokenized sentences at once. NLTK
scores one token at a time from 14 features; 10 of them depend only on the words (the token's
suffix and first letter, its normalized form and its neighbours'), 4 on the tags already
predicted (previous tag, the two previous tags, previous tag with the word). Every feature's
weights are one row of a matrix built once from the model; which rows a word type's word-only
features are is looked up once and cached, and the tag features are small dense tables.
Decoding stays greedy, position by position, but across all sentences of the batch at once.

The tags are NLTK's, not an approximation: the tag dictionary is consulted first with the raw
word, words are normalized as NLTK's ``normalize`` does, the context is padded with NLTK's START
and END markers, the 14 weights are added in NLTK's order (floating-point addition is not
associative, so a different order could break a near-tie differently) and a tie goes to the
alphabetically last tag, as NLTK's ``max(classes, key=(score, label))`` does.

:func:`normalize`, :data:`START` and :data:`END` are copied from NLTK 3.10.4's ``PerceptronTagger``
(Apache License 2.0), so a tagger of stored arrays tags without importing NLTK; a test compares them
with NLTK's.
"""
from __future__ import annotations

import numpy as np

#: The context NLTK's ``PerceptronTagger`` pads a sentence with, before it and after it.
START = ("-START-", "-START2-")
END = ("-END-", "-END2-")


def normalize(word: str) -> str:
    """``PerceptronTagger.normalize``: the form of ``word`` its word features read (``!HYPHEN`` for a
    hyphenated word, ``!YEAR`` for four digits, ``!DIGITS`` for a word starting with one, else lowercased)."""
    if "-" in word and word[0] != "-":
        return "!HYPHEN"
    if word.isdigit() and len(word) == 4:
        return "!YEAR"
    if word and word[0].isdigit():
        return "!DIGITS"
    return word.lower()


#: Word-only rows kept per normalized word type, in the order of :meth:`BatchPerceptronTagger._type_row`.
_TYPE_FEATURES = ("i word", "i-1 word", "i-1 suffix", "i-2 word", "i+1 word", "i+1 suffix", "i+2 word")


class BatchPerceptronTagger:
    """Tag batches of tokenized sentences exactly as NLTK's ``PerceptronTagger.tag`` does.

    Parameters
    ----------
    tagger : nltk.tag.perceptron.PerceptronTagger or dict of arrays
        A loaded NLTK tagger (its weights, tag dictionary and classes are used), or
        the arrays :func:`lexnli.pos_tagger.tagger_arrays` stores one as (the weight matrix is then
        filled from them at once, not from a dictionary per feature).
    batch_size : int, default=4096
        Sentences decoded together (of similar lengths: the batch is sorted by length first), which
        bounds the memory the padded arrays take.
    max_types : int, default=200_000
        Bound on the cached word types (raw and normalized): the caches are emptied before a
        batch once they hold more, so they hold at most this many plus one batch's types and
        memory stays bounded on an endless stream of new words.

    Notes
    -----
    The weight matrix (one row per feature of the model, about 27 MB for NLTK's English model)
    is built when the tagger is made, so that tagging never builds rows, and so that worker
    processes forked afterwards share it instead of each building its own.
    """

    def __init__(self, tagger, batch_size: int = 4096, max_types: int = 200_000):
        self.batch_size = batch_size
        self.max_types = max_types
        if isinstance(tagger, dict):
            classes = tagger["classes"].tolist()
            self._tagdict = dict(zip(tagger["tagdict_words"].tolist(), tagger["tagdict_tags"].tolist()))
        else:
            classes = tagger.model.classes
            self._tagdict = tagger.tagdict
        # Classes in descending order: np.argmax keeps the first maximum, i.e. the last label.
        self.classes = tuple(sorted(classes, reverse=True))
        self._class_index = {c: i for i, c in enumerate(self.classes)}
        stored = tagger if isinstance(tagger, dict) else {}
        if isinstance(tagger, dict):
            self._feature_row, self._matrix = self._weight_matrix_of_arrays(stored)
        else:
            self._feature_row, self._matrix = self._weight_matrix(tagger.model.weights)
        self.tags = START + tuple(sorted(set(self.classes) | set(self._tagdict.values())))
        self._tag_id = {t: i for i, t in enumerate(self.tags)}
        self._class_tag = np.array([self._tag_id[c] for c in self.classes], dtype=np.int32)
        self._prev_tag = self._table(lambda a: f"i-1 tag {a}")
        self._prev2_tag = self._table(lambda a: f"i-2 tag {a}")
        self._prev_prev2 = np.stack([self._table(lambda b, a=a: f"i tag+i-2 tag {a} {b}") for a in self.tags])
        if "prev_tag_word_words" in stored:
            words, self._prev_tag_word = stored["prev_tag_word_words"].tolist(), stored["prev_tag_word_rows"]
            if self._prev_tag_word.shape != (len(words), len(self.tags)):
                raise ValueError(f"a previous-tag+word table of shape {self._prev_tag_word.shape}, not "
                                 f"{(len(words), len(self.tags))}")
        else:
            words, self._prev_tag_word = self._prev_tag_word_rows()
        self._prev_tag_word_index = dict(zip(words, range(len(words))))
        self._reset()

    def derived_arrays(self) -> dict[str, np.ndarray]:
        """What this tagger built from its weights when it was made: the dense weight matrix (``matrix``) and
        the previous-tag+word rows by word (``prev_tag_word_words``, ``prev_tag_word_rows``). Given back with
        the stored arrays (:func:`lexnli.pos_tagger.tagger_arrays`), e.g. memory-mapped from the load cache
        (:mod:`lexnli.load_cache`), they make the same tagger without building them."""
        return {"matrix": self._matrix, "prev_tag_word_words": np.array(list(self._prev_tag_word_index), dtype=str),
                "prev_tag_word_rows": self._prev_tag_word}

    def _prev_tag_word_rows(self) -> tuple[list[str], np.ndarray]:
        """The words of the model's previous-tag+word features (``i-1 tag+i word TAG WORD``), and for each
        a row of their weight rows by previous tag (0: no feature)."""
        found = {}
        prefix = "i-1 tag+i word "
        for feature, row in self._feature_row.items():
            if feature.startswith(prefix):
                prev, _, word = feature[len(prefix):].partition(" ")
                if prev in self._tag_id:
                    found.setdefault(word, {})[self._tag_id[prev]] = row
        table = np.zeros((len(found), len(self.tags)), dtype=np.int32)
        for i, rows in enumerate(found.values()):
            table[i, list(rows)] = list(rows.values())
        return list(found), table

    def _weight_matrix(self, model_weights: dict) -> tuple[dict, np.ndarray]:
        """Each feature's row and the matrix of their weights by class (row 0: zeros, no feature), from
        NLTK's ``{feature: {class: weight}}`` (the reference :meth:`_weight_matrix_of_arrays` is tested against)."""
        feature_row, rows, columns, values = {}, [], [], []
        for feature, weights in model_weights.items():
            row = feature_row[feature] = len(feature_row) + 1
            for label, weight in weights.items():
                rows.append(row)
                columns.append(self._class_index[label])
                values.append(weight)
        matrix = np.zeros((len(feature_row) + 1, len(self.classes)))
        matrix[rows, columns] = values
        return feature_row, matrix

    def _weight_matrix_of_arrays(self, arrays: dict) -> tuple[dict, np.ndarray]:
        """:meth:`_weight_matrix` from the stored arrays: the features in their stored order, every weight
        set by one array assignment (or the arrays' ``matrix``, what :meth:`derived_arrays` gave)."""
        features = arrays["features"].tolist()
        feature_row = dict(zip(features, range(1, len(features) + 1)))
        if "matrix" in arrays:
            matrix = arrays["matrix"]
            if matrix.shape != (len(features) + 1, len(self.classes)):
                raise ValueError(f"a tagger weight matrix of shape {matrix.shape}, not "
                                 f"{(len(features) + 1, len(self.classes))}")
            return feature_row, matrix
        stored = arrays["classes"].tolist()
        column = np.array([self._class_index[c] for c in stored], dtype=np.int64)
        matrix = np.zeros((len(features) + 1, len(self.classes)))
        matrix[arrays["weight_feature"].astype(np.int64) + 1, column[arrays["weight_class"]]] = arrays["weight_value"]
        return feature_row, matrix

    def _vector(self, feature: str) -> np.ndarray:
        return self._matrix[self._row(feature)]

    def _row(self, feature: str) -> int:
        """Row of ``feature`` in the weight matrix (0, the zero row, for a feature the model lacks)."""
        return self._feature_row.get(feature, 0)

    def _table(self, name) -> np.ndarray:
        return np.stack([self._vector(name(t)) for t in self.tags])

    def _reset(self) -> None:
        """Empty the per-type caches (row 0 of every table is the zero row / no feature)."""
        self._prefix_parts = [(0, 0)]
        self._raw = {}
        self._raw_rows = [(0, -1, 0)]
        self._norm = {}
        self._norm_rows = [(0,) * (len(_TYPE_FEATURES) + 1)]
        self._ptw_rows = [np.zeros(len(self.tags), dtype=np.int32)]
        # The lists above as arrays (the prefix parts as the rows they sum to), extended with each batch's new rows.
        self._arrays = [np.zeros((0, len(self.classes))), np.zeros((0, 3), dtype=np.int32),
                        np.zeros((0, len(_TYPE_FEATURES) + 1), dtype=np.int32),
                        np.zeros((0, len(self.tags)), dtype=np.int32)]

    def _grown_arrays(self) -> list[np.ndarray]:
        """The raw words' prefix scores and the raw-word, normalized-type and previous-tag+word tables, up to date."""
        prefixes = self._arrays[0]
        if len(self._prefix_parts) > len(prefixes):
            suffix, first = np.array(self._prefix_parts[len(prefixes):], dtype=np.int64).T
            # NLTK's first three features, summed in its order from 0.0.
            new = ((0.0 + self._vector("bias")) + self._matrix[suffix]) + self._matrix[first]
            self._arrays[0] = np.concatenate([prefixes, new])
        for k, rows in enumerate((self._raw_rows, self._norm_rows, self._ptw_rows), start=1):
            old = self._arrays[k]
            if len(rows) > len(old):
                self._arrays[k] = np.concatenate([old, np.array(rows[len(old):], dtype=old.dtype)])
        return self._arrays

    def _type_row(self, norm: str) -> int:
        """Index of a normalized word type: its word-only feature rows and its previous-tag+word rows."""
        index = self._norm.get(norm)
        if index is None:
            suffix = norm[-3:]
            values = (norm, norm, suffix, norm, norm, suffix, norm)
            rows = tuple(self._row(f"{name} {value}") for name, value in zip(_TYPE_FEATURES, values))
            ptw = 0
            at = self._prev_tag_word_index.get(norm)
            if at is not None:
                ptw = len(self._ptw_rows)
                self._ptw_rows.append(self._prev_tag_word[at])
            index = self._norm[norm] = len(self._norm_rows)
            self._norm_rows.append(rows + (ptw,))
        return index

    def _raw_row(self, word: str) -> int:
        """Index of a raw word: its bias+suffix+first-letter scores, tag-dictionary tag and normalized type."""
        index = self._raw.get(word)
        if index is None:
            fixed = self._tagdict.get(word)
            if fixed:
                entry = (0, self._tag_id[fixed], self._type_row(normalize(word)))
            else:
                row = len(self._prefix_parts)
                suffix, first = self._row(f"i suffix {word[-3:]}"), self._row(f"i pref1 {word[0] if word else ''}")
                self._prefix_parts.append((suffix, first))
                entry = (row, -1, self._type_row(normalize(word)))
            index = self._raw[word] = len(self._raw_rows)
            self._raw_rows.append(entry)
        return index

    def cache_size(self) -> dict:
        """Entries of the per-type caches and the bytes of their arrays (the Python dicts beside them not counted),
        and the bytes of the weight matrix (fixed)."""
        return {"weight_matrix_bytes": self._matrix.nbytes, "raw_types": len(self._raw),
                "normalized_types": len(self._norm), "array_bytes": sum(a.nbytes for a in self._grown_arrays())}

    def tag_sents(self, sentences) -> list[tuple[str, ...]]:
        """The tags of each tokenized sentence (a list of token sequences), NLTK's exactly."""
        sentences = list(sentences)
        if len(self._raw) + len(self._norm) > self.max_types:
            self._reset()
        order = sorted(range(len(sentences)), key=lambda i: len(sentences[i]))
        tags = [()] * len(sentences)
        for start in range(0, len(order), self.batch_size):
            batch = order[start:start + self.batch_size]
            for i, sentence_tags in zip(batch, self._tag_batch([sentences[i] for i in batch])):
                tags[i] = sentence_tags
        return tags

    def _tag_batch(self, sentences) -> list[tuple[str, ...]]:
        n = len(sentences)
        lengths = np.array([len(s) for s in sentences], dtype=np.int64)
        width = int(lengths.max())
        if width == 0:
            return [() for _ in sentences]
        known, new = self._raw.get, self._raw_row
        flat = [known(w) or new(w) for sentence in sentences for w in sentence]  # index 0 is never a word's
        raw = np.zeros((n, width), dtype=np.int32)
        raw[np.arange(width)[None, :] < lengths[:, None]] = flat
        start_types = [self._type_row(t) for t in START]
        end_types = [self._type_row(t) for t in END]
        prefixes, raw_rows, norm_rows, ptw_rows = self._grown_arrays()
        M = self._matrix
        prefix_row, fixed, norm = raw_rows[raw, 0], raw_rows[raw, 1], raw_rows[raw, 2]
        # Normalized context: START START2 w1..wn END END2 (positions past a sentence's end are
        # filled with its END markers, so every sentence sees NLTK's context).
        context = np.full((n, width + 4), end_types[1], dtype=np.int32)
        context[:, 0], context[:, 1] = start_types
        positions = np.arange(width)
        inside = positions[None, :] < lengths[:, None]
        context[:, 2:width + 2] = np.where(inside, norm, end_types[0])
        context[np.arange(n), lengths + 2] = end_types[0]
        context[np.arange(n), lengths + 3] = end_types[1]
        order = np.argsort(-lengths, kind="stable")
        prev = np.zeros(n, dtype=np.int64)
        prev2 = np.ones(n, dtype=np.int64)
        out = np.zeros((n, width), dtype=np.int32)
        for j in range(width):
            active = order[:np.count_nonzero(lengths > j)]
            tags = fixed[active, j]
            todo = active[tags < 0]
            if len(todo):
                p, p2 = prev[todo], prev2[todo]
                here, before, before2 = context[todo, j + 2], context[todo, j + 1], context[todo, j]
                after, after2 = context[todo, j + 3], context[todo, j + 4]
                scores = (prefixes[prefix_row[todo, j]] + self._prev_tag[p] + self._prev2_tag[p2]
                          + self._prev_prev2[p, p2] + M[norm_rows[here, 0]]
                          + M[ptw_rows[norm_rows[here, 7], p]]
                          + M[norm_rows[before, 1]] + M[norm_rows[before, 2]] + M[norm_rows[before2, 3]]
                          + M[norm_rows[after, 4]] + M[norm_rows[after, 5]] + M[norm_rows[after2, 6]])
                tags[tags < 0] = self._class_tag[np.argmax(scores, axis=1)]
            out[active, j] = tags
            prev2[active], prev[active] = prev[active], tags
        names = np.array(self.tags, dtype=object).take(out).tolist()
        return [tuple(row[:length]) for row, length in zip(names, lengths.tolist())]
