"""``python -m experiments.two_class``: the two-class comparison end to end on tiny SNLI and SICK files
written by the test (with WordNet and a four-line VerbOcean), the RTE-3 dataset, the systems' n_jobs
and the run's scores on stand-ins.
"""
import csv
import json
import types

import numpy as np

from tests.helpers.sick import sick_text, write_sick


def snli_record(premise, hypothesis, label):
    return json.dumps({"gold_label": label, "sentence1": premise, "sentence2": hypothesis})


def write_snli(path, n, offset=0):
    subjects = ["man", "woman", "dog", "child", "boy", "girl"]
    verbs = [("running", "sleeping"), ("eating", "dancing"), ("swimming", "reading")]
    places = ["park", "beach", "street", "kitchen"]
    lines = []
    for i in range(offset, offset + n):
        s, (v, w), place = subjects[i % 6], verbs[i % 3], places[i % 4]
        premise = f"A {s} is {v} in the {place}."
        kind = i % 3
        if kind == 0:
            lines.append(snli_record(premise, f"A {s} is {v}.", "entailment"))
        elif kind == 1:
            lines.append(snli_record(premise, f"A {s} is {w} at home.", "contradiction"))
        else:
            lines.append(snli_record(premise, f"The {s} is {v} with a friend today.", "neutral"))
    lines.append(snli_record("A man.", "A woman.", "-"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_experiment_end_to_end(tmp_path, wordnet, tiny_verbocean, monkeypatch):
    from classifiers.two_class import OverlapClassifier
    from experiments import two_class
    from experiments.two_class import COLUMNS, main

    fitted = []  # the settings of each overlap classifier the experiment fits

    class Recording(OverlapClassifier):
        def fit(self, X, y):
            fitted.append(self.get_params()["lexical_resources"])
            return super().fit(X, y)

    monkeypatch.setattr(two_class, "OverlapClassifier", Recording)

    train, dev, test = (write_snli(tmp_path / f"{s}.jsonl", n, o)
                        for s, n, o in (("train", 60, 0), ("dev", 15, 100), ("test", 18, 200)))
    sick = write_sick(tmp_path / "SICK.txt", sick_text())
    out = tmp_path / "out"
    assert main(["--train", str(train), "--dev", str(dev), "--test", str(test), "--sick", str(sick),
                 "--no-rte", "--out", str(out)]) == 0
    with open(out / "two_class.csv", newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        assert tuple(reader.fieldnames) == COLUMNS
        table = list(reader)
    systems = ["majority baseline", "edit distance", "edit distance + WordNet", "classifier",
               "classifier + lexical resources"]
    assert [(r["dataset"], r["system"]) for r in table] == [(d, s) for d in ("SNLI", "SICK") for s in systems]
    for row in table:
        assert 0 <= float(row["accuracy"]) <= 1
        assert row["n_train"] == ("60" if row["dataset"] == "SNLI" else "3")  # SICK: TRAIN + TRIAL
        with_paper = row["dataset"] == "SNLI" and row["system"] != "edit distance + WordNet"
        assert (row["paper_accuracy"] != "") == with_paper
    paper = {r["system"]: r["paper_accuracy"] for r in table if r["dataset"] == "SNLI"}
    assert paper["edit distance"] == "0.719" and paper["classifier + lexical resources"] == "0.750"
    assert paper["majority baseline"] == "0.660"
    # The synthetic SNLI test set is easy: edit distance gets it right.
    snli = {r["system"]: float(r["accuracy"]) for r in table if r["dataset"] == "SNLI"}
    assert snli["edit distance"] == 1.0
    assert fitted == [False, True, False, True]  # "classifier", then "+ lexical resources", per dataset
    assert b"\r" not in (out / "two_class.csv").read_bytes()  # lines end with \n only
    shown = (out / "two_class.md").read_text(encoding="utf-8").splitlines()
    assert shown[:5] == ["# Two-class results (entailment vs. not entailment)", "",
                         "Test accuracy (%); the paper's figure is Bowman et al. 2015's SNLI result (Table 3).", "",
                         "| system | dataset | n_train | accuracy | paper |"]
    assert shown[-3].startswith("Wall time: ") and shown[-3].endswith(" s.")
    assert (out / "signature.txt").read_text().endswith("|preset:paper|tags:ptb|min_df:1|bins:none|n_features:vocab|"
                                                        "lowercase:yes|C:1\n")  # PairFeaturizer's defaults, C 1
    assert not list(out.glob(".*.tmp"))


def test_two_class_rte_dataset_and_systems_n_jobs(monkeypatch):
    import experiments.two_class as two_class

    read = {"dev": [types.SimpleNamespace(label="YES"), types.SimpleNamespace(label="NO")],
            "test": [types.SimpleNamespace(label="NO")]}
    monkeypatch.setattr(two_class, "read_rte3", lambda split: read[split])
    datasets = two_class._datasets(types.SimpleNamespace(no_snli=True, no_sick=True, no_rte=False))
    assert list(datasets) == ["RTE-3"]
    train, train_labels, test, test_labels, dev = datasets["RTE-3"]
    assert (train, test, dev) == (read["dev"], read["test"], None)  # trained on RTE-3 dev, no C to choose
    # labels as an object array, as collapse_labels gives every other dataset's
    assert train_labels.dtype == object and test_labels.dtype == object
    assert train_labels.tolist() == ["YES", "NO"] and test_labels.tolist() == ["NO"]
    built = {name: factory() for name, factory in two_class.systems(n_jobs=3)}
    assert built["classifier"].n_jobs == 3 and built["classifier + lexical resources"].n_jobs == 3
    assert built["classifier + lexical resources"].lexical_resources and not built["classifier"].lexical_resources
    assert built["edit distance + WordNet"].wordnet_substitution and not built["edit distance"].wordnet_substitution


def test_two_class_run_builds_systems_with_n_jobs_and_scores_them(monkeypatch):
    import experiments.two_class as two_class
    from classifiers.two_class import MajorityClassifier

    asked = []

    def systems(n_jobs=None):
        asked.append(n_jobs)
        return [("majority baseline", MajorityClassifier)]

    train, test = ["p1", "p2", "p3"], ["q1", "q2"]
    labels = lambda values: np.array(values, dtype=object)  # noqa: E731
    monkeypatch.setattr(two_class, "systems", systems)
    monkeypatch.setattr(two_class, "_datasets", lambda args: {
        "RTE-3": (train, labels(["YES", "YES", "NO"]), test, labels(["YES", "NO"]), None)})
    rows = two_class.run(types.SimpleNamespace(n_jobs=4))
    assert asked == [4]
    # the majority label of train (YES) is right on 1 of the 2 test pairs
    assert rows == [{"system": "majority baseline", "dataset": "RTE-3", "n_train": 3, "accuracy": 0.5,
                     "paper_accuracy": None}]


def test_two_class_usage_error_names_the_command(capsys):
    from experiments.two_class import main

    assert main(["--out"]) == 2
    assert capsys.readouterr().err.endswith("(see python -m experiments.two_class --help)\n")
