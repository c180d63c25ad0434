"""lexnli.parser and lexnli.transitions: the arc-hybrid oracles are exact, a small parser learns its
training trees, and the batched decoder parses exactly as the one-sentence reference does."""
import functools
import random

import numpy as np
import pytest

from lexnli import parse_features, parse_scores
from lexnli.parser import FORMAT_VERSION, DependencyParser, attachment_counts, attachment_scores
from lexnli.transitions import (LEFT, RIGHT, SHIFT, Configuration, class_costs, class_of, move_costs,
                                static_oracle)

from tests.helpers.dependency_trees import NON_PROJECTIVE, SENTENCES


def random_tree(rng, n):
    """The heads (index 0 unused) of a random projective tree with one root: random moves' result."""
    config = Configuration(n)
    while not config.is_terminal():
        moves = [m for m, ok in zip((SHIFT, LEFT, RIGHT), config.valid_moves()) if ok]
        config.apply(class_of(rng.choice(moves), 1))
    config.finish()
    return config.heads


def best_reachable(gold, n):
    """The most gold arcs a configuration ``(stack, b)`` can still add, by exhaustive search."""
    def after(stack, b, move):
        if move == SHIFT:
            return 0, stack + (b,), b + 1
        head = b if move == LEFT else stack[-2]
        return int(gold[stack[-1]] == head), stack[:-1], b

    @functools.lru_cache(maxsize=None)
    def best(stack, b):
        config = Configuration(n)
        config.stack, config.b = list(stack), b
        if config.is_terminal():
            return int(gold[stack[0]] == 0)
        return max(gained + best(*rest) for move, ok in zip((SHIFT, LEFT, RIGHT), config.valid_moves()) if ok
                   for gained, *rest in [after(stack, b, move)])

    return best, after


def test_move_costs_are_the_gold_arcs_lost():
    """In configurations along random paths, each move's cost is what exhaustive search says it loses."""
    rng = random.Random(0)
    checked = 0
    for _ in range(150):
        n = rng.randint(1, 7)
        gold = random_tree(rng, n)
        best, after = best_reachable(gold, n)
        config = Configuration(n)
        while not config.is_terminal():
            stack = tuple(config.stack)
            for move, cost in zip((SHIFT, LEFT, RIGHT), move_costs(config, gold)):
                if cost is not None:
                    gained, *rest = after(stack, config.b, move)
                    assert cost == best(stack, config.b) - gained - best(*rest)
                    checked += 1
            moves = [m for m, ok in zip((SHIFT, LEFT, RIGHT), config.valid_moves()) if ok]
            config.apply(class_of(rng.choice(moves), 1))
    assert checked > 1000


def label_ids(sentence):
    """Gold heads and label ids (index 0 unused; the root's label id 0) of a fixture tree."""
    labels = sorted({label for label in sentence[3]})
    return [-1, *sentence[2]], [0] + [0 if h == 0 else labels.index(label) + 1
                                      for h, label in zip(sentence[2], sentence[3])], len(labels)


@pytest.mark.parametrize("sentence", SENTENCES[:12] + [SENTENCES[-1]], ids=lambda s: " ".join(s[0][:4]))
def test_any_zero_cost_path_builds_the_gold_tree(sentence):
    heads, labels, n_labels = label_ids(sentence)
    rng = random.Random(1)
    for _ in range(5):
        config = Configuration(len(heads) - 1)
        while not config.is_terminal():
            costs = class_costs(config, heads, labels, n_labels)
            assert 0 in costs
            config.apply(rng.choice([c for c, cost in enumerate(costs) if cost == 0]))
        config.finish()
        assert config.heads == heads
        assert [label for h, label in zip(config.heads, config.labels) if h > 0] == [
            label for h, label in zip(heads, labels) if h > 0]


def test_the_static_oracle_builds_projective_trees_only():
    for sentence in SENTENCES:
        heads, labels, n_labels = label_ids(sentence)
        classes = static_oracle(heads, labels)
        config = Configuration(len(heads) - 1)
        for cls in classes:
            assert class_costs(config, heads, labels, n_labels)[cls] == 0
            config.apply(cls)
        config.finish()
        assert config.heads == heads
    assert static_oracle([-1, *NON_PROJECTIVE[2]], [0, 1, 2, 0, 3]) is None
    assert static_oracle([-1, 0, 0], [0, 0, 0]) is None  # two roots


RADICES = {"word": 3000, "tag": 40, "label": 12, "small": 8, "class": 200}
SMALL_RADICES = {"word": 6, "tag": 5, "label": 3, "small": 8, "class": 4}


def reference_scores(keys, weights, values):
    """The scores of configurations whose atoms are ``values`` (a row each), keys searched as the reference does."""
    scores = []
    for row in values.tolist():
        wanted = np.array(parse_features.feature_keys(row))
        found = np.searchsorted(keys, wanted).clip(max=len(keys) - 1)
        scores.append(weights[found[keys[found] == wanted]].sum(axis=0))
    return np.array(scores)


@pytest.mark.parametrize("direct_codes, radices", [(0, RADICES), (2 ** 17, RADICES), (2 ** 62, SMALL_RADICES)])
def test_the_batch_scorer_gives_the_reference_scores(monkeypatch, direct_codes, radices):
    """Configurations of random atoms, half of whose features the model has, are scored as the reference
    decoder scores them, whichever templates are found directly (none, some, all)."""
    monkeypatch.setattr(parse_scores, "DIRECT_CODES", direct_codes)
    rng = np.random.default_rng(0)
    bound = np.array([radices[parse_features.ATOM_KINDS[a]] for a in parse_features.ATOMS])
    seen = rng.integers(0, bound, size=(30, len(bound)))
    keys = np.unique([key for row in seen.tolist() for key in parse_features.feature_keys(row)])
    weights = rng.integers(-50, 50, size=(len(keys) + 1, 5)).astype(np.float32)
    weights[-1] = 0
    scorer = parse_scores.BatchScorer(keys, weights, radices)
    assert scorer._direct.any() == (direct_codes > 0) and scorer._direct.all() == (direct_codes == 2 ** 62)
    values = np.where(rng.random((60, len(bound))) < 0.5, np.concatenate([seen, seen]),
                      rng.integers(0, bound, size=(60, len(bound))))
    atom_matrix = values.T.copy()  # each configuration its own token at every position
    tokens = np.tile(np.arange(len(values)), (len(parse_scores.POSITIONS), 1))
    scores = scorer.scores(atom_matrix, scorer.token_scores(atom_matrix), tokens)
    assert np.array_equal(scores, reference_scores(keys, weights[:-1], values))
    assert np.count_nonzero(scores) > 0


def test_a_key_beyond_the_model_s_atoms_is_refused():
    key = parse_features.feature_keys([RADICES["word"]] + [0] * (len(parse_features.ATOMS) - 1))[0]
    with pytest.raises(ValueError, match="beyond the model's words"):
        parse_scores.BatchScorer(np.array([key]), np.zeros((2, 3), np.float32), RADICES)


def test_token_templates_read_one_position():
    assert parse_scores.token_position(parse_features.TEMPLATES.index("s0w s0t")) == 0
    assert parse_scores.POSITIONS[parse_scores.token_position(parse_features.TEMPLATES.index("b1a b1t"))] == "b1"
    assert parse_scores.POSITIONS[parse_scores.token_position(parse_features.TEMPLATES.index("s0l2w"))] == "s0l2"
    for template in ("s0w / b0w", "s0ll", "s0t s0vl", "s0a b0a"):
        assert parse_scores.token_position(parse_features.TEMPLATES.index(template)) is None


@pytest.fixture(scope="module")
def parser():
    return DependencyParser(n_epochs=10, seed=3).fit(SENTENCES + [NON_PROJECTIVE])


def test_a_small_parser_learns_its_training_trees(parser):
    assert parser.n_skipped_trees_ == 1
    assert [parser.parse_one(tokens, tags) for tokens, tags, _, _ in SENTENCES] == [
        (heads, labels) for _, _, heads, labels in SENTENCES]
    assert parser.root_label_ == "root" and "root" not in parser.labels_


def unseen_sentences():
    """Fixture sentences reversed, with words and tags the parser never saw, and an empty one."""
    rng = random.Random(2)
    sentences = [(tokens, tags) for tokens, tags, _, _ in SENTENCES]
    sentences += [(tokens[::-1], tags[::-1]) for tokens, tags in sentences]
    sentences += [(tuple(rng.choice(["zebra", "Dog", "the", "."]) for _ in tags), tuple(rng.sample(tags, len(tags))))
                  for _, tags in sentences]
    return sentences + [(("Unseen", "words"), ("XX", "YY")), ((), ())]


@pytest.mark.parametrize("batch_size", [5, 1000])
@pytest.mark.parametrize("direct_codes", [0, parse_scores.DIRECT_CODES])
def test_batched_parses_are_the_reference_parses(parser, monkeypatch, batch_size, direct_codes):
    monkeypatch.setattr(parse_scores, "DIRECT_CODES", direct_codes)  # 0: every feature found by hashing
    sentences = unseen_sentences()
    reference = [parser.parse_one(tokens, tags) for tokens, tags in sentences]
    assert DependencyParser.from_arrays(parser.to_arrays()).parse(sentences, batch_size=batch_size) == reference
    assert reference[-1] == ((), ())


def test_ties_go_to_the_lowest_class_in_both_decoders():
    """With no weights (every score 0) the parser shifts every token, then attaches each to the one before
    it with the first label."""
    parser = DependencyParser(n_epochs=0).fit(SENTENCES[:2])
    assert parser.keys_.size == 0
    sentences = [(tokens, tags) for tokens, tags, _, _ in SENTENCES[:2]]
    assert parser.parse(sentences) == [parser.parse_one(*s) for s in sentences] == [
        ((0, 1, 2, 3), ("root", "amod", "amod", "amod"))] * 2


def test_tokens_and_tags_must_match(parser):
    with pytest.raises(ValueError, match="2 tokens but 1 tags"):
        parser.parse([(("a", "b"), ("DT",))])


def test_a_saved_parser_parses_the_same(parser, tmp_path):
    path = tmp_path / "parser.npz"
    parser.save(path)
    loaded = DependencyParser.load(path)
    assert loaded.get_params() == parser.get_params()
    assert np.array_equal(loaded.keys_, parser.keys_) and loaded.weights_.dtype == np.float32
    sentences = unseen_sentences()
    assert loaded.parse(sentences) == parser.parse(sentences)


def test_a_file_of_another_version_or_incomplete_is_refused(parser, tmp_path):
    path = tmp_path / "parser.npz"
    parser.save(path)
    with np.load(path, allow_pickle=False) as data:
        arrays = dict(data)
    np.savez(tmp_path / "old.npz", **{**arrays, "format_version": np.array(FORMAT_VERSION + 1)})
    with pytest.raises(ValueError, match=rf"old\.npz: .*format version {FORMAT_VERSION + 1}, not {FORMAT_VERSION}"):
        DependencyParser.load(tmp_path / "old.npz")
    np.savez(tmp_path / "partial.npz", **{k: v for k, v in arrays.items() if k != "weights"})
    with pytest.raises(ValueError, match=r"partial\.npz: .*without weights"):
        DependencyParser.load(tmp_path / "partial.npz")
    (tmp_path / "text.npz").write_text("not a model")
    with pytest.raises(ValueError, match=r"text\.npz: not a saved dependency parser"):
        DependencyParser.load(tmp_path / "text.npz")


def test_fitting_is_deterministic(parser):
    again = DependencyParser(n_epochs=10, seed=3).fit(SENTENCES + [NON_PROJECTIVE])
    assert np.array_equal(again.keys_, parser.keys_) and np.array_equal(again.weights_, parser.weights_)
    other = DependencyParser(n_epochs=10, seed=4).fit(SENTENCES)
    assert not np.array_equal(other.weights_, parser.weights_)


def test_the_parser_after_an_epoch_is_the_shorter_fit():
    seen = {}
    DependencyParser(n_epochs=4, seed=1).fit(SENTENCES, epoch_done=lambda e, p: seen.setdefault(e, p.weights_))
    assert sorted(seen) == [1, 2, 3, 4]
    assert np.array_equal(seen[2], DependencyParser(n_epochs=2, seed=1).fit(SENTENCES).weights_)


def test_bad_training_sentences_are_refused():
    tokens, tags, heads, labels = SENTENCES[0]
    with pytest.raises(ValueError, match="training sentence 1: 4 tokens, 3 tags"):
        DependencyParser().fit([SENTENCES[0], (tokens, tags[:3], heads, labels)])
    with pytest.raises(ValueError, match="training sentence 0: heads"):
        DependencyParser().fit([(tokens, tags, (2, 3, 0, 9), labels)])


def test_attachment_scores_leave_out_punctuation():
    gold = [((2, 0, 2), ("det", "root", "punct")), ((0, 1), ("root", "obj"))]
    predicted = [((2, 0, 1), ("amod", "root", "punct")), ((2, 0), ("nsubj", "root"))]
    tags = [("DT", "NN", "."), ("VB", "NN")]
    assert attachment_scores(gold, predicted, tags) == (0.5, 0.25)
    assert attachment_scores(gold, predicted, tags, exclude_punct=False) == (0.4, 0.2)
    counts = attachment_counts(gold, predicted, tags)
    assert counts["gold"] == {"det": 1, "root": 2, "obj": 1} and counts["right"] == {"root": 1}
    assert counts["found"] == {"amod": 1, "root": 2, "nsubj": 1}


def test_ambiguity_classes_are_the_tags_each_known_word_had():
    sentences = [(("A", "dog", "runs"), ("DT", "NN", "VBZ"), (2, 3, 0), ("det", "nsubj", "root")),
                 (("a", "run", "."), ("DT", "NN", "."), (2, 0, 2), ("det", "root", "punct")),
                 (("Dogs", "run", "rarely"), ("NNS", "VBP", "RB"), (2, 0, 2), ("nsubj", "root", "advmod"))]
    parser = DependencyParser(n_epochs=1, min_word_count=2).fit(sentences)
    assert parser.words_ == ("a", "run")
    assert dict(zip(parser.words_, (parser.classes_[c - 2] for c in parser.word_classes_))) == {
        "a": "DT", "run": "NN VBP"}
    # known words get their class, unknown ones (and their position: id 1) the unknown class
    assert parser._encode(("A", "run", "dog"), ("DT", "VB", "NN"))[2] == [
        0, 2 + parser.classes_.index("DT"), 2 + parser.classes_.index("NN VBP"), 1]
    # the classes may come from other tags than the training ones (e.g. gold tags beside predicted ones)
    gold = DependencyParser(n_epochs=1).fit(sentences, class_tags=[("DT", "NN", "VBZ"), ("DT", "VB", "."),
                                                                   ("NNS", "VB", "RB")])
    assert gold.classes_[gold.word_classes_[gold.words_.index("run")] - 2] == "VB"
    with pytest.raises(ValueError, match="3 tokens but 2 class tags"):
        DependencyParser(n_epochs=1).fit(sentences, class_tags=[("DT", "NN")] * 3)


def test_ambiguity_classes_are_saved_and_loaded(parser, tmp_path):
    path = tmp_path / "parser.npz"
    parser.save(path)
    loaded = DependencyParser.load(path)
    assert loaded.classes_ == parser.classes_ and len(parser.classes_) > 1
    assert loaded.word_classes_.tolist() == parser.word_classes_.tolist()
    with np.load(path, allow_pickle=False) as data:
        arrays = dict(data)
    bad = {**arrays, "word_classes": np.full_like(arrays["word_classes"], len(parser.classes_) + 2)}
    with pytest.raises(ValueError, match="word classes"):
        DependencyParser.from_arrays(bad, "bad.npz")


def test_max_keys_keeps_the_strongest_keys():
    full = DependencyParser(n_epochs=3, seed=1, max_keys=None).fit(SENTENCES)
    small = DependencyParser(n_epochs=3, seed=1, max_keys=40).fit(SENTENCES)
    assert len(small.keys_) == 40 < len(full.keys_)
    assert np.all(np.diff(small.keys_) > 0) and np.isin(small.keys_, full.keys_).all()
    strength = np.abs(full.weights_).max(axis=1)
    kept = np.isin(full.keys_, small.keys_)
    assert strength[kept].min() >= strength[~kept].max()
    assert np.array_equal(small.weights_, full.weights_[kept])
    sentences = unseen_sentences()
    assert small.parse(sentences) == [small.parse_one(*s) for s in sentences]
