"""EDITS-style edit distance entailment (the Excitement Open Platform's EditDistanceEDA, simplified).

The premise is turned into the hypothesis by a token-level Levenshtein alignment with
configurable costs. The EOP's English defaults are used by default: deleting a premise token
costs 0 (the premise may say more than the hypothesis), inserting a hypothesis token 1,
substituting 1, matching 0; tokens are compared lowercased, and stop words and punctuation are
dropped first.

Normalization: the distance is divided by the number of hypothesis tokens kept (after the
stop-word and punctuation filter) times the insertion cost, i.e. by the cost of inserting the
whole hypothesis from nothing (EDITS's normalization). With the default costs the result is in
[0, 1]: 0 when every hypothesis word is found in order in the premise, 1 when none is. A pair
whose hypothesis has no token left has distance 0.

:class:`EditDistanceClassifier` predicts entailment when the normalized distance is at most a
threshold learned on the training data (the one maximizing training accuracy, midway between
two consecutive distinct training distances). With ``wordnet_substitution=True``, substituting
a premise word by a hypothesis word that is its WordNet synonym or hypernym (same part of
speech, e.g. *dog* -> *animal*) costs 0 -- the EOP's lexical-resource variant.
"""
from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from featurize.inputs import as_pairs
from lexical_resources import get_wordnet
from lexnli.records import ENTAILMENT
from lexnli.text import WORD_CHARACTER, ptb_to_wordnet

#: Function words dropped before aligning (articles, pronouns, auxiliaries, prepositions,
#: conjunctions). Negations are deliberately kept: they matter for entailment.
STOP_WORDS = frozenset("""
a an the this that these those some any each every all both either
i me my mine we us our ours you your yours he him his she her hers it its they them their theirs
one ones there here who whom whose which what
am is are was were be been being has have had having do does did doing
will would shall should can could may might must
of in on at by for with about against between into through during before after above below to
from up down out off over under again further then once as until while
and or but if because so than too very just also
's 're 've 'd 'll 'm
""".split())


def edit_distance(source, target, *, insert_cost: float = 1.0, delete_cost: float = 0.0,
                  substitute_cost: float = 1.0, free_substitution=None) -> float:
    """Weighted Levenshtein distance turning the token list ``source`` into ``target``.

    Tokens are compared with ``==``. ``free_substitution(s, t)``, if given, makes substituting
    ``s`` by ``t`` cost 0 when it returns True.
    """
    previous = [j * insert_cost for j in range(len(target) + 1)]
    for i, s in enumerate(source, 1):
        current = [i * delete_cost]
        for j, t in enumerate(target, 1):
            if s == t or (free_substitution is not None and free_substitution(s, t)):
                change = previous[j - 1]
            else:
                change = previous[j - 1] + substitute_cost
            current.append(min(change, previous[j] + delete_cost, current[j - 1] + insert_cost))
        previous = current
    return float(previous[-1])


class EditDistanceClassifier(ClassifierMixin, BaseEstimator):
    """Two-class entailment by thresholding a normalized token edit distance (EOP EDITS style).

    Parameters
    ----------
    insert_cost, delete_cost, substitute_cost : float, default=1, 0, 1
        Costs of inserting a hypothesis token, deleting a premise token, substituting one
        (matching costs 0).
    stop_words : collection of str or None, default=STOP_WORDS
        Lowercased words dropped before aligning; ``None`` keeps every word.
    lowercase : bool, default=True
        Compare tokens case-insensitively.
    drop_punctuation : bool, default=True
        Drop tokens without a letter or digit.
    wordnet_substitution : bool, default=False
        Substitution by a WordNet synonym or hypernym (same POS) costs 0.
    positive_label : str, default="entailment"
        The label predicted at or below the threshold; the other training label is predicted
        above it.

    Attributes
    ----------
    threshold_ : float
        Largest normalized distance still predicted as entailment.
    classes_ : ndarray
        The training labels (at most two).
    """

    def __init__(self, *, insert_cost=1.0, delete_cost=0.0, substitute_cost=1.0, stop_words=STOP_WORDS,
                 lowercase=True, drop_punctuation=True, wordnet_substitution=False,
                 positive_label=ENTAILMENT):
        self.insert_cost = insert_cost
        self.delete_cost = delete_cost
        self.substitute_cost = substitute_cost
        self.stop_words = stop_words
        self.lowercase = lowercase
        self.drop_punctuation = drop_punctuation
        self.wordnet_substitution = wordnet_substitution
        self.positive_label = positive_label

    # -- distances --------------------------------------------------------------------------

    def _tokens(self, sentence):
        kept = []
        for token, tag in zip(sentence.tokens, sentence.tags):
            word = token.lower() if self.lowercase else token
            if self.drop_punctuation and not WORD_CHARACTER.search(word):
                continue
            if self.stop_words is not None and word.lower() in self.stop_words:
                continue
            kept.append((word, tag))
        return kept

    def _free_substitution(self):
        if not self.wordnet_substitution:
            return None
        wn = get_wordnet()
        memo = {}

        def free(s, t):
            key = (s, t)
            found = memo.get(key)
            if found is None:
                pos = ptb_to_wordnet(s[1])
                found = bool(pos) and pos == ptb_to_wordnet(t[1]) and (
                    wn.is_synonym(s[0], t[0], pos) or wn.is_hypernym(s[0], t[0], pos))
                memo[key] = found
            return found
        return free

    def distances(self, X) -> np.ndarray:
        """Normalized edit distance of each pair (see the module docstring)."""
        for name in ("insert_cost", "delete_cost", "substitute_cost"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be >= 0, got {getattr(self, name)!r}")
        free = self._free_substitution()
        pairs = as_pairs(X)
        out = np.empty(len(pairs))
        for i, pair in enumerate(pairs):
            source, target = self._tokens(pair.premise), self._tokens(pair.hypothesis)
            if free is None:  # compare words only
                source, target = [w for w, _ in source], [w for w, _ in target]
                same = None
            else:  # compare (word, tag); equal words match whatever their tags
                same = lambda s, t: s[0] == t[0] or free(s, t)  # noqa: E731
            d = edit_distance(source, target, insert_cost=self.insert_cost, delete_cost=self.delete_cost,
                              substitute_cost=self.substitute_cost, free_substitution=same)
            scale = len(target) * (self.insert_cost if self.insert_cost > 0 else 1.0)
            out[i] = d / scale if scale else 0.0
        return out

    # -- scikit-learn API -----------------------------------------------------------------

    def fit(self, X, y):
        """Learn the threshold maximizing training accuracy."""
        y = np.asarray(y, dtype=object)
        d = self.distances(X)
        if len(d) != len(y):
            raise ValueError(f"X has {len(d)} pairs but y has {len(y)} labels")
        if len(y) == 0:
            raise ValueError("cannot fit on no pairs")
        self.classes_ = np.unique(y)
        if len(self.classes_) > 2:
            raise ValueError(f"EditDistanceClassifier is a two-class model; got labels {list(self.classes_)} "
                             "(collapse them to entailment vs not first)")
        others = [c for c in self.classes_ if c != self.positive_label]
        self.negative_label_ = others[0] if others else "non-" + str(self.positive_label)
        positive = y == self.positive_label
        order = np.argsort(d, kind="stable")
        d_sorted, pos_sorted = d[order], positive[order]
        # Predict positive for the first k sorted pairs: correct = positives among them +
        # negatives among the rest. Only cut between distinct distances.
        pos_before = np.concatenate([[0], np.cumsum(pos_sorted)])
        neg_after = (~pos_sorted).sum() - np.concatenate([[0], np.cumsum(~pos_sorted)])
        correct = pos_before + neg_after
        cuts = np.concatenate([[0], np.flatnonzero(np.diff(d_sorted) > 0) + 1, [len(d)]])
        k = cuts[np.argmax(correct[cuts])]
        if k == 0:
            self.threshold_ = float(d_sorted[0]) - 1.0
        elif k == len(d):
            self.threshold_ = float(d_sorted[-1])
        else:
            self.threshold_ = float((d_sorted[k - 1] + d_sorted[k]) / 2)
        self.train_accuracy_ = float(correct[k] / len(d))
        return self

    def decision_function(self, X) -> np.ndarray:
        """Threshold minus distance: positive means entailment."""
        check_is_fitted(self, "threshold_")
        return self.threshold_ - self.distances(X)

    def predict(self, X) -> np.ndarray:
        entailed = self.decision_function(X) >= 0
        return np.where(entailed, self.positive_label, self.negative_label_).astype(object)
