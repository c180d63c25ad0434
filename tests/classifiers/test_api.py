"""lexnli.load and lexnli.save (classifiers.api): the default model, a name in the data home or a path, loaded as
a Model that predicts like its pipeline over every input shape and explains as ``lexnli predict --explain`` does;
saved in the safe format only; pickles only when trusted; clear errors naming where a model was looked for."""
import joblib
import numpy as np
import pandas as pd
import pytest

import lexnli
from classifiers.api import Model
from classifiers.explain import explain
from classifiers.persistence import ModelFileError, save_model
from lexnli.corpora.snli import read_snli


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    """An empty data home (LEXNLI_DATA)."""
    home = tmp_path / "home"
    monkeypatch.setenv("LEXNLI_DATA", str(home))
    return home


def test_the_default_a_name_and_a_path_load_the_same_model(readme_pipeline, template_files, data_home, tmp_path):
    """The README's make_pipeline model, saved with lexnli.save as the default, as a name and as a file."""
    test = read_snli(template_files["test"]).pairs
    for path in (data_home / "models" / "default.skops", data_home / "models" / "mine.skops", tmp_path / "x.skops"):
        path.parent.mkdir(parents=True, exist_ok=True)
        assert lexnli.save(readme_pipeline, path, note="readme") == path
    for model in (lexnli.load(), lexnli.load("default"), lexnli.load("mine"), lexnli.load(tmp_path / "x.skops"),
                  lexnli.load(str(tmp_path / "x.skops")), lexnli.load("mine", data_home=data_home)):
        assert isinstance(model, Model) and model.info["metadata"] == {"note": "readme"}
        assert list(model.classes_) == list(readme_pipeline.classes_)
        np.testing.assert_array_equal(model.predict_proba(test), readme_pipeline.predict_proba(test))
        np.testing.assert_array_equal(model.predict(test), readme_pipeline.predict(test))


def test_missing_models_say_where_they_were_looked_for(readme_pipeline, data_home, tmp_path):
    with pytest.raises(FileNotFoundError, match=f"no default model at {data_home / 'models' / 'default.skops'}: "
                                                "train one with `lexnli train`"):
        lexnli.load()
    lexnli.save(readme_pipeline, data_home / "models" / "b.skops")
    lexnli.save(readme_pipeline, data_home / "models" / "a.skops")
    with pytest.raises(FileNotFoundError, match=r"no model named 'c': no .*c\.skops \(models there: a, b\); for a "
                                                r"file, give its path \(\./c\)"):
        lexnli.load("c")
    with pytest.raises(FileNotFoundError, match="model file not found"):
        lexnli.load(tmp_path / "absent.skops")


def test_a_pickle_loads_only_when_trusted_and_save_writes_only_skops(readme_pipeline, template_files, tmp_path):
    path = tmp_path / "m.joblib"
    joblib.dump(readme_pipeline, path)
    with pytest.raises(ModelFileError, match="loading a pickle runs the code it holds"):
        lexnli.load(path)
    dev = read_snli(template_files["dev"]).pairs
    trusted = lexnli.load(path, trusted=True)
    np.testing.assert_array_equal(trusted.predict_proba(dev), readme_pipeline.predict_proba(dev))
    with pytest.raises(ValueError, match=r"m2\.joblib: lexnli\.save writes the safe format, a \.skops file"):
        lexnli.save(readme_pipeline, tmp_path / "m2.joblib")
    assert not (tmp_path / "m2.joblib").exists()
    with pytest.raises(TypeError, match="not a LogisticRegression"):
        Model(readme_pipeline[-1])


def test_a_loaded_model_saved_again_keeps_its_metadata_unless_given_new(template_model, template_files, tmp_path):
    model = lexnli.load(save_model(template_model, tmp_path / "a.skops", C=1.0, n_train=80))
    assert lexnli.load(lexnli.save(model, tmp_path / "b.skops")).info["metadata"] == {"C": 1.0, "n_train": 80}
    again = lexnli.load(lexnli.save(model, tmp_path / "c.skops", C=3.0))
    assert again.info["metadata"] == {"C": 3.0}
    dev = read_snli(template_files["dev"]).pairs
    np.testing.assert_array_equal(again.predict_proba(dev), template_model.predict_proba(dev))


def test_explain_and_alignments_are_the_commands(readme_pipeline, template_model, template_files, tmp_path):
    """A make_pipeline model (steps named after their classes) explains as a make_model one: the pushes of
    classifiers.explain, what ``lexnli predict --explain`` prints; no alignment family, no alignments."""
    pair = read_snli(template_files["test"])[0]
    for pipeline in (readme_pipeline, template_model):
        model = lexnli.load(lexnli.save(pipeline, tmp_path / "m.skops"))
        pushes = model.explain(pair, k=4)
        assert len(pushes) == 4 and pushes == explain(pipeline, pair, 4)
        assert pushes[0].push >= pushes[-1].push and all(not e.feature.startswith("column") for e in pushes)
        assert model.explain(pair, k=2, label="neutral") == explain(pipeline, pair, 2, label="neutral")
        assert model.alignments(pair) == []


def test_a_two_class_model_explains_with_its_one_row_of_weights(template_files):
    """LogisticRegression keeps one row of weights for two classes: the push toward each is plus or minus half."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    from featurize import PairFeaturizer

    train = [p for p in read_snli(template_files["train"]).pairs if p.label != "neutral"]
    model = Model(make_pipeline(PairFeaturizer("lexicalized"), LogisticRegression()).fit(train,
                                                                                       [p.label for p in train]))
    pair = train[0]
    toward = {label: {e.feature: e.push for e in model.explain(pair, k=1000, label=label)} for label in model.classes_}
    x = model.pipeline[0].transform([pair]).toarray()[0]
    w = model.pipeline[-1].coef_[0]
    names = model.pipeline[0].get_feature_names_out()
    second = model.classes_[1]
    assert toward[second] == pytest.approx({names[j]: x[j] * w[j] / 2 for j in np.flatnonzero(x)})
    assert toward[model.classes_[0]] == pytest.approx({name: -push for name, push in toward[second].items()})


def test_strings_and_tables_predict_as_pairs_do(readme_pipeline, tagger):
    """String pairs are tokenized and tagged; a DataFrame's premise and hypothesis columns are read as such."""
    model = Model(readme_pipeline)
    strings = [("A man is running in the park.", "A man is running."),
               ("A dog is singing in the yard.", "A dog is sleeping at home.")]
    frame = pd.DataFrame(strings, columns=["premise", "hypothesis"])
    expected = readme_pipeline.predict_proba(strings)
    np.testing.assert_array_equal(model.predict_proba(frame), expected)
    np.testing.assert_array_equal(model.predict(strings), readme_pipeline.predict(strings))
    assert model.explain(strings[0], k=3) == explain(readme_pipeline, strings[0], 3)
