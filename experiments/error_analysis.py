"""Error analysis of a saved model: top features per class, test confusion matrix, explained probe pairs.

    python -m experiments.error_analysis --model MODEL [--train F] [--test F] [--out DIR]

* the top-weighted named features of each class (centered weights in the scaled feature space:
  :func:`classifiers.explain.top_features`), named from the training
  pairs (``--train``), else from the test pairs;
* with ``--test``: accuracy, the confusion matrix (rows gold, columns predicted) and the most
  confident test errors, each with the features that pushed it;
* predictions, class probabilities and the ``k=8`` features that pushed most toward the predicted
  class (:func:`classifiers.explain.explain`) for hand-written probe pairs mirroring the SNLI
  paper's discussion: word order, negation, hypernymy, antonymy, and a few more.

Everything is printed; ``--out DIR`` also writes ``DIR/error_analysis.md`` atomically.
"""
from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pandas as pd

from classifiers.evaluation import accuracy, confusion_frame
from classifiers.explain import explain, top_features
from classifiers import steps
from classifiers.persistence import load_model
from featurize.presets import signature
from lexnli.cli import at_least
from lexnli.corpora.snli import read_snli
from lexnli.records import LABELS, Pair
from lexnli.text import make_sentences

from . import runner
from .runner import Results

logger = logging.getLogger("lexnli")

#: (phenomenon, premise, hypothesis, the label an annotator would give).
PROBES = (
    ("word order", "A dog bit a man.", "A man bit a dog.", "contradiction"),
    ("negation", "A man is sleeping.", "A man is not sleeping.", "contradiction"),
    ("hypernym", "A man is playing a guitar.", "A man is playing an instrument.", "entailment"),
    ("antonym", "A tall man is standing.", "A short man is standing.", "contradiction"),
    ("hypernym (person)", "A boy is running on the beach.", "A child is running on the beach.", "entailment"),
    ("co-hyponyms", "Two dogs are playing in the snow.", "Two cats are playing in the snow.", "contradiction"),
    ("gender", "A man is riding a bicycle.", "A woman is riding a bicycle.", "contradiction"),
    ("number", "Three men are sitting on a bench.", "Two men are sitting on a bench.", "contradiction"),
    ("dropped modifier", "A man in a red shirt is cooking dinner.", "A man is cooking.", "entailment"),
    ("added purpose", "A woman is walking down the street.", "A woman is walking to work.", "neutral"),
    ("identity", "A child is eating an apple.", "A child is eating an apple.", "entailment"),
    ("unrelated scene", "A man is playing soccer outside.", "A woman is reading in a library.", "contradiction"),
)
EXPLAIN_K = 8


def probe_pairs() -> list[tuple[str, Pair]]:
    """The probes as ``(phenomenon, Pair)``, tokenized and tagged like unparsed corpus lines."""
    sentences = make_sentences([(text, None) for _, p, h, _ in PROBES for text in (p, h)])  # one batch
    return [(phenomenon, Pair(premise=sentences[2 * i], hypothesis=sentences[2 * i + 1], label=label))
            for i, (phenomenon, _, _, label) in enumerate(PROBES)]


def _format_explanation(pushes) -> str:
    return "; ".join(f"{e.feature} ({e.push:+.2f})" for e in pushes)


def predict_explained(model, pairs, k=EXPLAIN_K) -> list[dict]:
    """Prediction, class probabilities and the top ``k`` pushing features of each pair."""
    classes = list(model.named_steps["classify"].classes_)
    probabilities = model.predict_proba(pairs)
    rows = []
    for pair, proba in zip(pairs, probabilities):
        predicted = classes[int(np.argmax(proba))]
        rows.append({"premise": pair.premise.text, "hypothesis": pair.hypothesis.text, "gold": pair.label,
                     "predicted": predicted, **{f"p_{c}": float(p) for c, p in zip(classes, proba)},
                     "explanation": explain(model, pair, k=k, label=predicted)})
    return rows


def top_feature_section(model, pairs, k: int, source: str) -> str:
    lines = [f"## Top-weighted features per class\n\nNamed from {len(pairs)} {source} pairs. Weight: the class's "
             "weight minus the mean over classes, on the max-abs-scaled column (the most a feature can push "
             "a prediction toward the class).\n"]
    for label, features in top_features(model, pairs, k=k).items():
        frame = pd.DataFrame(features, columns=["feature", "weight"])
        frame.index = range(1, len(frame) + 1)
        lines.append(f"### {label}\n\n" + frame.to_markdown(index=True, floatfmt=".3f") + "\n")
    return "\n".join(lines)


def test_section(model, test, n_errors: int, k: int) -> str:
    predicted = model.predict(test.pairs)
    gold = np.asarray(test.labels)
    frame = confusion_frame(gold, predicted, LABELS)
    recall = {label: frame.loc[f"gold_{label}", f"pred_{label}"] / max(frame.loc[f"gold_{label}"].sum(), 1)
              for label in LABELS}
    precision = {label: frame.loc[f"gold_{label}", f"pred_{label}"] / max(frame[f"pred_{label}"].sum(), 1)
                 for label in LABELS}
    per_class = pd.DataFrame({"class": LABELS, "precision": [precision[l] for l in LABELS],
                              "recall": [recall[l] for l in LABELS]})
    text = (f"## Test set\n\n{len(gold)} pairs, accuracy {100 * accuracy(gold, predicted):.1f}%.\n\n"
            "Confusion matrix (rows gold, columns predicted):\n\n" + frame.to_markdown() + "\n\n" +
            per_class.to_markdown(index=False, floatfmt=".3f") + "\n")
    if n_errors > 0:
        wrong = np.flatnonzero(predicted != gold)
        if len(wrong):
            confidence = model.predict_proba([test.pairs[i] for i in wrong]).max(axis=1)
            worst = wrong[np.argsort(-confidence)[:n_errors]]
            rows = predict_explained(model, [test.pairs[i] for i in worst], k)
            text += f"\n### The {len(rows)} most confident test errors\n\n" + _pair_details(rows) + "\n"
    return text


def _pair_details(rows, phenomena=None) -> str:
    out = []
    for i, row in enumerate(rows):
        title = f"**{phenomena[i]}**: " if phenomena else ""
        probabilities = ", ".join(f"{k[2:]} {v:.2f}" for k, v in row.items() if k.startswith("p_"))
        out.append(f"- {title}“{row['premise']}” → “{row['hypothesis']}”: gold/expected **{row['gold']}**, "
                   f"predicted **{row['predicted']}** ({probabilities})\n  - pushed by: "
                   f"{_format_explanation(row['explanation'])}")
    return "\n".join(out)


def probe_section(model, k: int = EXPLAIN_K) -> str:
    probes = probe_pairs()
    rows = predict_explained(model, [pair for _, pair in probes], k)
    summary = pd.DataFrame([{"phenomenon": phenomenon, "premise": row["premise"], "hypothesis": row["hypothesis"],
                             "expected": row["gold"], "predicted": row["predicted"],
                             "p(predicted)": row[f"p_{row['predicted']}"],
                             "right": "yes" if row["predicted"] == row["gold"] else "no"}
                            for (phenomenon, _), row in zip(probes, rows)])
    n_right = int((summary["right"] == "yes").sum())
    return (f"## Probe pairs\n\n{n_right} of {len(rows)} probes get the expected label.\n\n"
            + summary.to_markdown(index=False, floatfmt=".2f") + "\n\n"
            f"Top {k} features pushing toward the predicted class (contribution to its centered score):\n\n"
            + _pair_details(rows, [phenomenon for phenomenon, _ in probes]) + "\n")


def report(args, corpora=None) -> Results:
    """Analyse the saved model: top features, the test set (with ``--test``) and the probes, as one markdown file."""
    model = load_model(args.model, trusted=args.trust_pickle)
    info = model.lexnli_info_
    test = read_snli(args.test) if args.test is not None else None
    if args.train is not None:
        naming, source = read_snli(args.train).pairs, "training"
    elif test is not None:
        naming, source = test.pairs, "test"
    else:
        naming, source = [pair for _, pair in probe_pairs()], "probe"
        logger.warning("no --train or --test: naming features from the probe pairs only")
    featurizer = steps.featurizer(model)
    metadata = ", ".join(f"{k}={v}" for k, v in info.get("metadata", {}).items())
    sections = [f"# Error analysis\n\nModel `{args.model}` (features {featurizer.features!r}; lexnli "
                f"{info.get('lexnli_version', 'version not recorded')}; {metadata}).\n",
                top_feature_section(model, naming, args.top, source)]
    if test is not None:
        sections.append(test_section(model, test, args.errors, EXPLAIN_K))
    sections.append(probe_section(model))
    text = "\n".join(sections)
    settings = {k: v for k, v in featurizer.get_params().items() if k in ("tag_set", "min_df", "dense_bins",
                                                                           "n_features", "lowercase")}
    C = info.get("metadata", {}).get("C")
    return Results(text, {"error_analysis.md": text},
                   signature=signature(None, settings, C_grid=(C,) if C is not None else None))


def add_arguments(parser) -> None:
    parser.add_argument("--model", type=Path, required=True, help="a model saved with --save-model")
    parser.add_argument("--trust-pickle", action="store_true",
                        help="load a --model that is a pickle, which runs the code it holds (trusted files only)")
    parser.add_argument("--train", type=Path, default=None, help="SNLI file whose pairs name the top features")
    parser.add_argument("--test", type=Path, default=None, help="SNLI file for the confusion matrix and errors")
    parser.add_argument("--top", type=at_least(1), default=15, help="features shown per class (default: %(default)s)")
    parser.add_argument("--errors", type=at_least(0), default=5,
                        help="most confident test errors shown (default: %(default)s)")


def main(argv=None) -> int:
    return runner.main(argv, prog="python -m experiments.error_analysis", description=__doc__, report=report,
                       add_arguments=add_arguments, snli=False, featurizer=False,
                       out_help="write error_analysis.md here")


if __name__ == "__main__":
    raise SystemExit(main())
