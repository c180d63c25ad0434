"""Behaviour that surviving mutants (``scripts/mutation_test.sh``) showed no test pinned down.

Each test states the behaviour it checks; docs/mutation/README.md lists the mutants it kills and
the survivors judged equivalent.
"""
import json

import numpy as np
import pytest

from classifiers.explain import explain, top_features
from classifiers.logistic import make_model
from classifiers.persistence import save_model
from classifiers.predict import main as predict_main
from classifiers.predict import predict_file
from lexnli.errors import CorpusFormatError
from lexnli.records import Pair
from lexnli.text import make_sentence

from tests.helpers.noisy_snli import noisy_records, write_jsonl


def _pair(premise: str, hypothesis: str) -> Pair:
    tagged = {"A": "DT", "a": "DT", "the": "DT", "is": "VBZ", "in": "IN", ".": "."}
    parse = lambda text: "(ROOT (S " + " ".join(f"({tagged.get(t, 'NN')} {t})" for t in text.split()) + "))"  # noqa: E731
    return Pair(premise=make_sentence(premise, parse(premise)), hypothesis=make_sentence(hypothesis, parse(hypothesis)))


def test_predict_file_defaults_empty_input_and_ids(noisy_lexicalized, tmp_path):
    records = noisy_records(4, seed=7)
    del records[1]["pairID"]
    records[2]["pairID"] = "café-2"  # written as is (ensure_ascii=False), not as \\u escapes
    source = write_jsonl(tmp_path / "in.jsonl", records)
    summary = predict_file(noisy_lexicalized, source, tmp_path / "out.jsonl")
    raw = (tmp_path / "out.jsonl").read_text(encoding="utf-8")
    lines = [json.loads(line) for line in raw.splitlines()]
    assert summary["n_pairs"] == 4 and summary["n_gold"] == 4
    assert all("explanation" not in line for line in lines)  # no explanations unless asked for
    assert "pairID" not in lines[1] and lines[2]["pairID"] == "café-2" and "café-2" in raw
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(CorpusFormatError, match="empty.jsonl: no pairs"):  # empty input is an error (issue 12)
        predict_file(noisy_lexicalized, empty, tmp_path / "none.jsonl")
    assert not (tmp_path / "none.jsonl").exists()


def test_predict_cli_explanations_and_messages(noisy_lexicalized, tmp_path, capsys):
    records = noisy_records(5, seed=8)
    source = write_jsonl(tmp_path / "in.jsonl", records)
    model_path = save_model(noisy_lexicalized, tmp_path / "m.joblib")
    out = tmp_path / "out.jsonl"
    assert predict_main(["--model", str(model_path), "--input", str(source), "--output", str(out),
                         "--explain", "4"]) == 0
    printed = capsys.readouterr().out
    assert f"5 pairs predicted -> {out}" in printed
    from lexnli.corpora.snli import read_snli

    pairs = read_snli(source).pairs
    for pair, line in zip(pairs, (json.loads(text) for text in out.read_text(encoding="utf-8").splitlines())):
        expected = explain(noisy_lexicalized, pair, 4, label=line["predicted_label"])
        assert line["explanation"] == [{"feature": name, "push": round(value, 6)} for name, value in expected]
    assert predict_main(["--model", str(model_path), "--input", str(source), "--output", str(out)]) == 0
    assert all("explanation" not in json.loads(text) for text in out.read_text(encoding="utf-8").splitlines())
    code = predict_main(["--model", str(model_path), "--input", str(tmp_path / "absent.jsonl"), "--output", str(out)])
    assert code == 2 and "absent.jsonl" in capsys.readouterr().err


def test_explain_defaults_and_the_row_norm_cap(noisy_lexicalized):
    """Defaults k=10 (explain) and k=20 (top_features); a very long pair is explained after the row cap."""
    long_pair = _pair(" ".join(["A", "tall", "man", "is", "running", "in", "the", "park", "."] * 12),
                      "A man is running in the park with a dog and a cat .")
    capped = noisy_lexicalized[:-1].transform([long_pair]).toarray()[0]
    uncapped = noisy_lexicalized[:-2].transform([long_pair]).toarray()[0]
    assert np.linalg.norm(capped) < np.linalg.norm(uncapped)  # the cap applies to this pair
    coef = noisy_lexicalized.named_steps["classify"].coef_
    classes = list(noisy_lexicalized.named_steps["classify"].classes_)
    label = classes[int(np.argmax(noisy_lexicalized.predict_proba([long_pair])[0]))]
    push = capped * (coef[classes.index(label)] - coef.mean(axis=0))
    got = explain(noisy_lexicalized, long_pair)
    assert len(got) == 10
    np.testing.assert_allclose([value for _, value in got], np.sort(push[capped != 0])[::-1][:10], rtol=1e-9)
    top = top_features(noisy_lexicalized, [long_pair] * 3)
    assert [len(features) for features in top.values()] == [20, 20, 20]


def test_top_features_join_colliding_names(noisy_snli):
    """With 16 hashed columns names collide; a column's names are joined by " / "."""
    train = noisy_snli["train"]
    model = make_model("lexicalized", C=1.0, featurizer_params={"n_features": 16, "dense_bins": None})
    model.fit(train.pairs, train.labels)
    top = top_features(model, train.pairs, k=3)
    names = [name for features in top.values() for name, _ in features]
    assert any(" / " in name for name in names)
    every = {n for names_ in model.named_steps["featurize"].feature_names(train.pairs).values() for n in names_}
    assert all(part in every for name in names for part in name.split(" / "))
    explained = [name for pair in train.pairs[:5] for name, _ in explain(model, pair, k=3)]
    assert any(" / " in name for name in explained)
    assert all(part in every for name in explained for part in name.split(" / "))


def test_model_file_errors_name_the_cause_and_info_leaves_out_the_model(noisy_lexicalized, tmp_path):
    from classifiers.persistence import ModelFileError, load_model

    path = save_model(noisy_lexicalized, tmp_path / "m.joblib", C=1.0)
    _, info = load_model(path)
    assert set(info) == {"format", "lexnli_version", "sklearn_version", "features", "metadata"}
    (tmp_path / "bad.joblib").write_bytes(path.read_bytes()[:500])
    with pytest.raises(ModelFileError) as caught:
        load_model(tmp_path / "bad.joblib")
    assert f"not a readable model file ({type(caught.value.__cause__).__name__}: " in str(caught.value)


def test_two_class_majority_score_and_overlap_probabilities(noisy_snli):
    """Majority accuracy is the majority label's share (hand count); probabilities agree with predict."""
    from classifiers.two_class import MajorityClassifier, OverlapClassifier, collapse_labels
    from lexnli.text import load_wordnet

    from tests.conftest import wordnet_or_skip

    train, test = noisy_snli["train"], noisy_snli["test"]
    y_train, y_test = collapse_labels(train.labels), collapse_labels(test.labels)
    majority = MajorityClassifier().fit(train.pairs, y_train)
    assert majority.score(test.pairs, y_test) == pytest.approx(list(y_test).count("non-entailment") / len(y_test))
    wordnet_or_skip(load_wordnet)
    overlap = OverlapClassifier().fit(train.pairs[:60], y_train[:60])
    probabilities = overlap.predict_proba(test.pairs[:30])
    np.testing.assert_allclose(probabilities.sum(axis=1), 1.0)
    assert list(overlap.classes_[probabilities.argmax(axis=1)]) == list(overlap.predict(test.pairs[:30]))
    assert list(overlap.classes_) == ["entailment", "non-entailment"]
    steps = overlap.pipeline_.named_steps
    assert (steps["classify"].C, steps["classify"].max_iter, steps["featurize"].n_jobs) == (1.0, 1000, None)
    assert "scale" in steps
    tuned = OverlapClassifier(C=0.25, max_iter=50, n_jobs=1).make_pipeline().named_steps
    assert (tuned["classify"].C, tuned["classify"].max_iter, tuned["featurize"].n_jobs) == (0.25, 50, 1)


def test_two_class_labels_and_weighted_majority():
    from classifiers.two_class import MajorityClassifier, collapse, collapse_labels

    assert collapse_labels(["neutral", "entailment"]).dtype == object
    with pytest.raises(ValueError, match="cannot collapse label '-' to two classes"):
        collapse("-")
    weighted = MajorityClassifier().fit([None] * 3, ["entailment", "neutral", "neutral"], sample_weight=[5, 1, 1])
    assert list(weighted.predict([None, None])) == ["entailment"] * 2


def test_make_model_defaults_and_overrides():
    steps = make_model().named_steps
    assert steps["featurize"].features == "lexicalized" and steps["featurize"].progress is False
    assert steps["classify"].C == 1.0
    tuned = make_model("unlexicalized", C=0.5, featurizer_params={"min_df": 1, "tag_set": "ptb"}).named_steps
    assert (tuned["featurize"].features, tuned["featurize"].min_df, tuned["featurize"].tag_set) == \
        ("unlexicalized", 1, "ptb")
    assert tuned["classify"].C == 0.5
    assert (steps["classify"].solver, steps["classify"].tol) == ("saga", 1e-3)  # the module docstring's solver
    passed = make_model(n_jobs=2, progress=True).named_steps["featurize"]
    assert (passed.n_jobs, passed.progress) == (2, True)


def test_fit_select_C_passes_settings_and_reports_non_convergence(noisy_snli, caplog):
    from classifiers.logistic import fit_select_C

    train, dev = noisy_snli["train"], noisy_snli["dev"]
    with caplog.at_level("WARNING", logger="lexnli"):
        stopped = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, grid=(1.0,), max_iter=1,
                               featurizer_params={"min_df": 1}, n_jobs=1, progress=True)
    featurizer = stopped.model.named_steps["featurize"]
    assert (featurizer.features, featurizer.min_df, featurizer.n_jobs, featurizer.progress) == \
        ("lexicalized", 1, 1, True)
    assert stopped.converged == {1.0: False}
    assert "logistic regression (C=1) did not converge in 1 epochs" in caplog.text
    caplog.clear()
    with caplog.at_level("WARNING", logger="lexnli"):
        done = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "unlexicalized", grid=(1.0,))
    assert done.converged == {1.0: True} and "did not converge" not in caplog.text
    assert done.model.named_steps["featurize"].progress is False


def _fit_on_distances(monkeypatch, distances, labels):
    """An EditDistanceClassifier fitted on injected distances (one placeholder pair per distance)."""
    from classifiers.edit_distance import EditDistanceClassifier

    d = np.asarray(distances, dtype=float)
    monkeypatch.setattr(EditDistanceClassifier, "distances", lambda self, X: d[: len(X)])
    return EditDistanceClassifier().fit(list(range(len(d))), labels)


@pytest.mark.parametrize("distances, labels, threshold, accuracy, negative", [
    # cut between 0.3 and 0.9: the midpoint of the two distances either side of it
    ([0.9, 0.1, 1.0, 0.3, 0.2], ["neutral", "entailment", "neutral", "entailment", "entailment"], 0.6, 1.0, "neutral"),
    # no positives: nothing predicted positive, threshold one below the smallest distance
    ([0.5, 0.2, 0.8], ["neutral"] * 3, 0.2 - 1.0, 1.0, "neutral"),
    # only positives: everything positive, threshold at the largest distance
    ([0.5, 0.2, 0.8], ["entailment"] * 3, 0.8, 1.0, "non-entailment"),
    # noisy: best cut after the two smallest (E, E | N, E, N, N): 2 + 3 = 5 of 6
    ([0.1, 0.2, 0.4, 0.5, 0.7, 0.8], ["entailment", "entailment", "neutral", "entailment", "neutral", "neutral"],
     0.3, 5 / 6, "neutral"),
])
def test_edit_distance_threshold_by_hand(monkeypatch, distances, labels, threshold, accuracy, negative):
    model = _fit_on_distances(monkeypatch, distances, labels)
    assert model.threshold_ == pytest.approx(threshold) and model.train_accuracy_ == pytest.approx(accuracy)
    assert model.negative_label_ == negative
    predicted = model.predict(list(range(len(distances))))
    assert sum(p == g for p, g in zip(predicted, labels)) / len(labels) == pytest.approx(accuracy)


def test_edit_distance_fit_errors_and_one_pair(monkeypatch):
    with pytest.raises(ValueError, match="X has 2 pairs but y has 3 labels"):
        _fit_on_distances(monkeypatch, [0.1, 0.2], ["entailment"] * 3)
    with pytest.raises(ValueError, match="^cannot fit on no pairs$"):
        _fit_on_distances(monkeypatch, [], [])
    with pytest.raises(ValueError, match=r"\(collapse them to entailment vs not first\)$"):
        _fit_on_distances(monkeypatch, [0.1, 0.2, 0.3], ["entailment", "neutral", "contradiction"])
    assert _fit_on_distances(monkeypatch, [0.4], ["entailment"]).threshold_ == 0.4


def test_edit_distance_filtering_costs_and_normalization():
    from classifiers.edit_distance import EditDistanceClassifier

    from tests.classifiers.test_edit_distance import P

    # punctuation in the middle is dropped and the words after it kept: one insertion of three words
    assert EditDistanceClassifier().distances([P("dog runs", "dog , cat runs")])[0] == pytest.approx(1 / 3)
    assert EditDistanceClassifier(delete_cost=1, stop_words=None).distances([P("a b c", "a")])[0] == pytest.approx(2.0)
    # normalized by hypothesis length x insert cost, or x 1 when insertions are free
    assert EditDistanceClassifier(insert_cost=0.5, stop_words=None).distances([P("x", "x y")])[0] == pytest.approx(0.5)
    free_inserts = EditDistanceClassifier(insert_cost=0, delete_cost=1, substitute_cost=3, stop_words=None)
    assert free_inserts.distances([P("x y", "x z")])[0] == pytest.approx(0.5)


def test_row_norm_cap_validation_dtype_and_empty_input():
    import scipy.sparse as sp

    from classifiers.row_norm_cap import RowNormCap

    with pytest.raises(ValueError, match=r"quantile must be in \(0, 1\], got 1.5"):
        RowNormCap(quantile=1.5).fit(np.ones((3, 2)))
    cap = RowNormCap(quantile=0.5).fit(np.array([[3, 4], [6, 8], [0, 1]]))  # norms 5, 10, 1: cap 5
    np.testing.assert_allclose(cap.transform(np.array([[6, 8]])), [[3.0, 4.0]])  # integers scaled as floats
    assert cap.transform(sp.csr_matrix((0, 2))).shape == (0, 2)


def test_with_model_probabilities_fit_transform_and_names():
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.feature_selection import SelectKBest, chi2
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    from classifiers.transfer import WithModelProbabilities

    X = [{"a": 1.0}, {"b": 2.0}, {"a": 1.0, "b": 1.0}, {"c": 3.0}]
    source = LogisticRegression().fit(DictVectorizer().fit_transform(X), ["x", "y", "x", "z"])
    source_model = make_pipeline(DictVectorizer().fit(X), source)
    stacked = WithModelProbabilities(DictVectorizer(), source_model)
    by_fit = stacked.fit(X).transform(X).toarray()
    assert np.array_equal(by_fit, WithModelProbabilities(DictVectorizer(), source_model).fit_transform(X).toarray())
    probabilities = source.predict_proba(DictVectorizer().fit_transform(X))
    assert np.allclose(by_fit[:, :3], [[1, 0, 0], [0, 2, 0], [1, 1, 0], [0, 0, 3]])  # the featurizer's columns
    assert np.allclose(by_fit[:, 3:], np.log(probabilities))
    assert list(stacked.get_feature_names_out()) == ["a", "b", "c", "log_p_x", "log_p_y", "log_p_z"]
    assert not hasattr(stacked.featurizer, "vocabulary_")  # a clone is fitted, not the given featurizer
    assert stacked.get_feature_names_out().dtype == object  # scikit-learn's convention for feature names
    # a supervised featurizer is fitted with the labels: keep the 2 columns of {a, b, c} most tied to them
    selecting = WithModelProbabilities(make_pipeline(DictVectorizer(), SelectKBest(chi2, k=2)), source_model)
    assert selecting.fit(X, ["x", "y", "x", "z"]).transform(X).shape == (4, 2 + 3)


def test_top_features_of_a_vocabulary_model_need_no_pairs(noisy_lexicalized, noisy_snli):
    """With a learned vocabulary every column has a name (``get_feature_names_out``): the top features
    are named without reading any pair, and are those the training pairs name."""
    featurizer = noisy_lexicalized.named_steps["featurize"]
    assert hasattr(featurizer, "get_feature_names_out")
    unread = top_features(noisy_lexicalized, [], k=5)
    assert unread == top_features(noisy_lexicalized, noisy_snli["train"].pairs, k=5)
    assert all(len(named) == 5 for named in unread.values())
    names = set(featurizer.get_feature_names_out())
    assert all(name in names for named in unread.values() for name, _ in named)


def _tagged(text: str, tags: str):
    return make_sentence(text, "(ROOT (S " + " ".join(f"({t} {w})" for w, t in zip(text.split(), tags.split())) + "))")


@pytest.mark.parametrize("lowercase, expected", [
    (True, ["dog <- dog: exact (token), in_place", "chases <- chases: exact (token), in_place"]),
    # a model that keeps case sees *Dog* and *dog* as two words (linked by their lemma)
    (False, ["dog <- Dog: lemma (WordNet), swap", "chases <- chases: exact (token), in_place"]),
])
def test_alignments_see_the_words_as_the_model_does(lowercase, expected):
    from types import SimpleNamespace

    from classifiers.explain import alignments
    from featurize.families.alignment import word_relations

    from tests.conftest import wordnet_or_skip

    wordnet_or_skip(word_relations)
    pair = Pair(_tagged("A Dog chases the Cat .", "DT NN VBZ DT NN ."),
                _tagged("A dog chases the Cat .", "DT NN VBZ DT NN ."))
    for tag_set in ("ptb", "coarse"):
        featurizer = SimpleNamespace(families_=["alignment"], lowercase=lowercase, tag_set=tag_set)
        shown = alignments(SimpleNamespace(named_steps={"featurize": featurizer}), pair)
        assert shown[:2] == expected
        assert shown[2].startswith("cat <- cat: exact" if lowercase else "Cat <- Cat: exact")


def test_error_analysis_recall_of_a_class_with_one_pair():
    """Recall is right / gold pairs of the class, however few: 1 of 1 neutral pair is 1.000, a class with
    no gold pair has recall 0 (no division by zero), and precision likewise."""
    from types import SimpleNamespace

    from experiments.error_analysis import test_section

    gold = ["entailment", "entailment", "entailment", "neutral"]
    predicted = ["entailment", "neutral", "entailment", "neutral"]
    model = SimpleNamespace(predict=lambda pairs: np.array(predicted, dtype=object))
    text = test_section(model, SimpleNamespace(pairs=[None] * 4, labels=gold), n_errors=0, k=1)
    # entailment: 2 of 3 right, precision 2/2; neutral: 1 of 1, precision 1/2; contradiction: none
    assert "| entailment    |       1.000 |    0.667 |" in text
    assert "| neutral       |       0.500 |    1.000 |" in text
    assert "| contradiction |       0.000 |    0.000 |" in text


def test_edit_distance_wordnet_variant_matches_words_not_tags_and_synonyms_in_their_pos():
    """Equal words match whatever their tags (an unknown word as noun and verb costs nothing); WordNet
    substitution is free only for synonyms in the words' own part of speech: *run* / *test* share a noun
    sense, not a verb one, so as verbs they cost a substitution, and *talk* / *speak* (verbs) do not."""
    from classifiers.edit_distance import EditDistanceClassifier
    from featurize.families.alignment import word_relations

    from tests.conftest import wordnet_or_skip

    wordnet_or_skip(word_relations)
    model = EditDistanceClassifier(wordnet_substitution=True)
    pairs = [Pair(_tagged("they xyzzy .", "PRP NN ."), _tagged("they xyzzy .", "PRP VB .")),
             Pair(_tagged("they run .", "PRP VBP ."), _tagged("they test .", "PRP VBP .")),
             Pair(_tagged("they talk .", "PRP VBP ."), _tagged("they speak .", "PRP VBP ."))]
    distances = model.distances(pairs)
    assert distances[0] == 0.0 and distances[2] == 0.0
    assert distances[1] > 0.0


def test_predict_file_writes_utf8_whatever_the_locale(noisy_lexicalized, tmp_path, monkeypatch):
    """The output is opened as UTF-8 explicitly (not in the locale's encoding, which may not be)."""
    import codecs

    import classifiers.predict as predict

    opened = []
    real = predict.atomic_open

    def recording_open(path, mode="w", **kwargs):
        opened.append(kwargs.get("encoding"))
        return real(path, mode, **kwargs)

    monkeypatch.setattr(predict, "atomic_open", recording_open)
    source = write_jsonl(tmp_path / "in.jsonl", noisy_records(2, seed=3))
    predict_file(noisy_lexicalized, source, tmp_path / "out.jsonl")
    assert len(opened) == 1 and opened[0] is not None and codecs.lookup(opened[0]).name == "utf-8"
