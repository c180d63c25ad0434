"""``python -m experiments.error_analysis``: the report end to end, and its confusion matrix, per-class
figures, most confident errors, top features and probes recounted by hand.

Figures are recounted on the noisy fixture of :mod:`tests.helpers.noisy_snli` (300 train / 90 dev /
120 test pairs with parses), on which the models really differ, with plain Python (``Counter``,
``statistics``) and :func:`scipy.stats.binomtest` from predictions of models fitted by
:func:`classifiers.logistic.make_model` -- the same pipeline the scripts fit, deterministic
(``random_state=0``) -- never with the library's own accuracy or McNemar code.
"""
from collections import Counter

import numpy as np
import pytest

from tests.helpers.noisy_snli import LABELS, gold_labels
from tests.helpers.recount import hand_accuracy, markdown_tables, refit


def test_error_analysis_end_to_end(snli_lines_files, tmp_path, capsys):
    from classifiers.logistic import make_model
    from classifiers.persistence import save_model
    from experiments.error_analysis import PROBES, main
    from lexnli.corpora.snli import read_snli

    train = read_snli(snli_lines_files["train"])
    model = make_model("lexicalized", C=1.0).fit(train.pairs, train.labels)
    path = save_model(model, tmp_path / "model.joblib", C=1.0, n_train=len(train))
    out = tmp_path / "out"
    assert main(["--trust-pickle", "--model", str(path), "--train", str(snli_lines_files["train"]),
                 "--test", str(snli_lines_files["test"]), "--out", str(out)]) == 0
    text = (out / "error_analysis.md").read_text(encoding="utf-8")
    for heading in ("## Top-weighted features per class", "### entailment", "### contradiction", "### neutral",
                    "## Test set", "Confusion matrix", "## Probe pairs"):
        assert heading in text
    for _, premise, hypothesis, _ in PROBES:
        assert premise in text and hypothesis in text
    assert "pushed by:" in text
    assert text in capsys.readouterr().out
    # without --train or --test: features named from the probes, no test section
    assert main(["--trust-pickle", "--model", str(path)]) == 0
    assert "## Test set" not in capsys.readouterr().out


def test_error_analysis_confusion_and_per_class_recounted(noisy_snli_files, noisy_snli, tmp_path):
    from classifiers.persistence import save_model
    from experiments.error_analysis import main
    from lexnli.errors import ResourceMissingError
    from lexnli.text import nltk_tagger

    try:
        nltk_tagger()  # the probe pairs have no parses
    except ResourceMissingError as exc:
        pytest.skip(str(exc))
    model, predictions = refit(noisy_snli, "lexicalized", 1.0)
    path = save_model(model, tmp_path / "model.joblib", C=1.0)
    assert main(["--trust-pickle", "--model", str(path), "--test", str(noisy_snli_files["test"]), "--errors", "1",
                 "--out", str(tmp_path)]) == 0
    text = (tmp_path / "error_analysis.md").read_text(encoding="utf-8")
    gold, predicted = gold_labels(noisy_snli_files["test"]), predictions["test"]
    counts = Counter(zip(gold, predicted))
    assert f"{len(gold)} pairs, accuracy {100 * hand_accuracy(gold, predicted):.1f}%." in text
    section = text[text.index("Confusion matrix (rows gold, columns predicted)"):]
    confusion, per_class = markdown_tables(section)[:2]
    assert confusion[0][1:] == [f"pred_{label}" for label in LABELS]
    assert [row[0] for row in confusion[1:]] == [f"gold_{label}" for label in LABELS]
    assert [[int(v) for v in row[1:]] for row in confusion[1:]] == [[counts[(g, p)] for p in LABELS] for g in LABELS]
    assert per_class[0] == ["class", "precision", "recall"]
    for label, row in zip(LABELS, per_class[1:]):
        right = counts[(label, label)]
        precision = right / max(sum(p == label for p in predicted), 1)
        recall = right / max(gold.count(label), 1)
        assert row == [label, f"{precision:.3f}", f"{recall:.3f}"]
    errors = text[text.index("most confident test errors"):text.index("## Probe pairs")]
    assert errors.count("\n- ") == 1
    wrong = [i for i, (g, p) in enumerate(zip(gold, predicted)) if g != p]
    confidence = model.predict_proba([noisy_snli["test"].pairs[i] for i in wrong]).max(axis=1)
    most = wrong[int(np.argmax(confidence))]
    assert f"“{noisy_snli['test'][most].hypothesis.text}”: gold/expected **{gold[most]}**" in errors.split("\n- ")[1]

    # The top features: a numbered table per class.
    tops = markdown_tables(text[text.index("## Top-weighted features per class"):text.index("## Test set")])
    assert len(tops) == 3 and all(table[0] == ["", "feature", "weight"] for table in tops)
    assert all([row[0] for row in table[1:]] == [str(i) for i in range(1, 16)] for table in tops)  # --top 15
    # The probes: the model's predictions on them counted against the labels written in PROBES.
    from experiments.error_analysis import PROBES, probe_pairs

    probes = text[text.index("## Probe pairs"):]
    predicted = model.predict([pair for _, pair in probe_pairs()])
    probabilities = model.predict_proba([pair for _, pair in probe_pairs()]).max(axis=1)
    n_right = sum(p == label for p, (*_, label) in zip(predicted, PROBES))
    assert 0 < n_right < len(PROBES)
    assert f"{n_right} of {len(PROBES)} probes get the expected label." in probes
    summary = markdown_tables(probes)[0]
    assert summary[0] == ["phenomenon", "premise", "hypothesis", "expected", "predicted", "p(predicted)", "right"]
    for row, (phenomenon, _, _, label), p, probability in zip(summary[1:], PROBES, predicted, probabilities,
                                                              strict=True):
        assert (row[0], row[3], row[4], float(row[5]), row[6]) == \
            (phenomenon, label, p, round(probability, 2), "yes" if p == label else "no")
    details = probes.split("\n- ")[1:]
    assert [d[:d.index(":")] for d in details] == [f"**{phenomenon}**" for phenomenon, *_ in PROBES]
    assert all(0 < d.split("pushed by: ")[1].count(" (") <= 8 for d in details)  # the top 8 features
    assert (tmp_path / "signature.txt").read_text().endswith("|tags:coarse|min_df:2|bins:5|n_features:vocab|"
                                                            "lowercase:yes|C:1\n")


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
