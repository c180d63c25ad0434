"""A model made in Python is used from the shell: the README's make_pipeline model and a make_model one, saved
by skops.io.dump as they are or by lexnli.save, load in ``lexnli predict --model`` (with ``--explain``),
``lexnli evaluate --model`` and ``python -m classifiers.predict``, predicting as they do in Python."""
import json

import numpy as np
import pytest

import lexnli
from classifiers import predict as predict_module
from classifiers.explain import explain
from command.main import main
from lexnli.corpora.snli import read_snli


@pytest.fixture(params=[("make_pipeline", "skops.io.dump"), ("make_pipeline", "lexnli.save"),
                        ("make_model", "skops.io.dump")], ids="-".join)
def saved(request, readme_pipeline, template_model, tmp_path):
    """``(model, path)``: a fitted pipeline and the .skops file it was saved to."""
    import skops.io

    built, how = request.param
    model = readme_pipeline if built == "make_pipeline" else template_model
    path = tmp_path / "model.skops"
    if how == "skops.io.dump":
        skops.io.dump(model, path)
    else:
        lexnli.save(model, path)
    return model, path


def test_predict_with_explanations(saved, template_files, tmp_path, capsys):
    model, path = saved
    out = tmp_path / "out.jsonl"
    assert main(["predict", "--model", str(path), "--input", str(template_files["test"]), "--output", str(out),
                 "--explain", "3"]) == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    test = read_snli(template_files["test"]).pairs
    assert [line["predicted_label"] for line in lines] == list(model.predict(test))
    probabilities = [[line[f"probability_{c}"] for c in model.classes_] for line in lines]
    np.testing.assert_allclose(probabilities, model.predict_proba(test), rtol=1e-12)
    assert [(e["feature"], e["push"]) for e in lines[0]["explanation"]] == \
        [(e.feature, round(e.push, 6)) for e in explain(model, test[0], 3)]
    assert "accuracy on 20 gold-labelled pairs" in capsys.readouterr().out


def test_evaluate(saved, template_files, capsys):
    model, path = saved
    assert main(["evaluate", "--json", "--model", str(path), str(template_files["test"])]) == 0
    report = json.loads(capsys.readouterr().out)
    test = read_snli(template_files["test"])
    assert report["accuracy"] == pytest.approx(np.mean(model.predict(test.pairs) == np.array(test.labels)))


def test_the_file_to_file_predictions(saved, template_files, tmp_path):
    model, path = saved
    out = tmp_path / "out.jsonl"
    assert predict_module.main(["--model", str(path), "--input", str(template_files["dev"]), "--output",
                                str(out)]) == 0
    predicted = [json.loads(line)["predicted_label"] for line in out.read_text(encoding="utf-8").splitlines()]
    assert predicted == list(model.predict(read_snli(template_files["dev"]).pairs))
