"""Learning curve: test accuracy of the lexicalized and unlexicalized models against training-set size.

    python -m experiments.learning_curve [--train F --dev F --test F | --data-dir DIR] [--out DIR]
        [--sizes 100 300 1000 3000 10000 30000 all] [--draws 3] [--C 1.0]

For each size, ``--draws`` random subsamples of the training pairs are drawn (without replacement;
draw ``d`` at size ``n`` uses seed ``(--seed, n, d)``), and both models are trained on the *same*
subsample, so their accuracies can be compared draw by draw. A size at or above the number of
training pairs means all of them, and is fitted once (every draw would be identical).

C is fixed at ``--C`` for every fit; give several values (``--C 0.3 1 3``) to choose C on dev for
each fit instead. Dev accuracy is recorded either way. The featurizer is configured by
``--preset`` and the single-setting options; note that ``min_df`` is applied to each subsample,
so at 100 pairs ``min_df=2`` drops every indicator feature seen in only one of them.

Writes, atomically, to ``--out``: ``learning_curve.csv`` (``model, n_train, draw, test_accuracy``,
then ``C, dev_accuracy, converged, seconds``), ``learning_curve_summary.csv`` (``model, n_train,
mean, std, n_draws``; ``std`` is the sample standard deviation, blank for a single draw),
``learning_curve.md`` and ``learning_curve.png`` (log x axis, error bars of one std). It prints
whether the paper's claim holds here: the lexicalized model beats the unlexicalized one already
at 100 training pairs.
"""
from __future__ import annotations

import io
import logging
import time

import numpy as np
import pandas as pd

from classifiers.evaluation import accuracy
from classifiers.logistic import fit_select_C
from featurize.presets import DEFAULT_PRESET
from lexnli.cli import UsageError, at_least, positive_number

from . import runner
from .lexicalized import PAPER
from .runner import Results, featurizer_params

logger = logging.getLogger("lexnli")

MODELS = ("lexicalized", "unlexicalized")
DEFAULT_SIZES = ("100", "300", "1000", "3000", "10000", "30000", "all")
#: The claim checked: Bowman et al. (2015)'s learning curve has the lexicalized model ahead of the
#: unlexicalized one from the smallest training set on.
CLAIM = "the lexicalized model beats the unlexicalized one already at 100 training pairs"
CLAIM_SIZE = 100


def parse_sizes(values, n_available: int) -> list[int]:
    """Training-set sizes from ``--sizes`` (ints or ``all``), capped at ``n_available``, sorted, unique."""
    sizes = set()
    for value in values:
        n = n_available if str(value).lower() == "all" else int(value)
        if n < 1:
            raise UsageError(f"training-set sizes must be positive, got {value!r}")
        sizes.add(min(n, n_available))
    return sorted(sizes)


def subsample(n_available: int, n: int, seed: int, draw: int) -> np.ndarray:
    """Sorted indices of draw ``draw`` of ``n`` of ``n_available`` training pairs (all of them if n >= n_available)."""
    if n >= n_available:
        return np.arange(n_available)
    rng = np.random.default_rng([seed, n, draw])
    return np.sort(rng.choice(n_available, size=n, replace=False))


def run(corpora, sizes, draws=3, grid=(1.0,), models=MODELS, seed=0, n_jobs=None, featurizer_params=None,
        preset=DEFAULT_PRESET, progress=False) -> pd.DataFrame:
    """Fit every model on every draw of every size; one row per (model, size, draw) (``progress``:
    progress bars while featurizing)."""
    train, dev, test = corpora["train"], corpora["dev"], corpora["test"]
    train_labels = train.labels  # a property that builds the list: read it once
    rows = []
    for n in sizes:
        for draw in range(1 if n >= len(train) else draws):
            picked = subsample(len(train), n, seed, draw)
            pairs, labels = [train.pairs[i] for i in picked], [train_labels[i] for i in picked]
            for model in models:
                start = time.perf_counter()
                selection = fit_select_C(pairs, labels, dev.pairs, dev.labels, model, grid=grid, n_jobs=n_jobs,
                                         preset=preset, featurizer_params=featurizer_params, progress=progress)
                rows.append({
                    "model": model, "n_train": n, "draw": draw,
                    "test_accuracy": accuracy(test.labels, selection.model.predict(test.pairs)),
                    "C": selection.C, "dev_accuracy": selection.dev_accuracy[selection.C],
                    "converged": all(selection.converged.values()),
                    "seconds": round(time.perf_counter() - start, 1),
                })
                logger.info("%s n=%d draw %d: test accuracy %.4f (%.1f s)", model, n, draw,
                            rows[-1]["test_accuracy"], rows[-1]["seconds"])
    return pd.DataFrame(rows)


def summarize(results: pd.DataFrame) -> pd.DataFrame:
    """Mean, sample std (NaN for one draw) and number of draws per model and size."""
    grouped = results.groupby(["model", "n_train"], sort=False)["test_accuracy"]
    summary = grouped.agg(mean="mean", std="std", n_draws="count").reset_index()
    return summary[["model", "n_train", "mean", "std", "n_draws"]]


def check_claim(results: pd.DataFrame, size: int = CLAIM_SIZE) -> dict | None:
    """Compare the two models at ``size`` (or the smallest size run, if ``size`` was not): means and draws won.

    ``None`` when the results lack either model.
    """
    if not {"lexicalized", "unlexicalized"} <= set(results["model"]):
        return None
    at = size if size in set(results["n_train"]) else int(results["n_train"].min())
    both = results[results["n_train"] == at].pivot(index="draw", columns="model", values="test_accuracy")
    both = both.dropna(subset=["lexicalized", "unlexicalized"])
    lex, unlex = both["lexicalized"], both["unlexicalized"]
    return {"n_train": at, "lexicalized_mean": float(lex.mean()), "unlexicalized_mean": float(unlex.mean()),
            "draws": len(both), "lexicalized_won": int((lex > unlex).sum()), "ties": int((lex == unlex).sum()),
            "holds": bool(lex.mean() > unlex.mean())}


def claim_text(claim: dict | None) -> str:
    if claim is None:
        return "Paper's claim not checked: both the lexicalized and the unlexicalized model are needed."
    where = "" if claim["n_train"] == CLAIM_SIZE else f" (checked at n={claim['n_train']}, the smallest size run)"
    verdict = "HOLDS here" if claim["holds"] else "does NOT hold here"
    return (f"Paper's claim ({CLAIM}){where}: {verdict}. At n={claim['n_train']}, mean test accuracy "
            f"lexicalized {100 * claim['lexicalized_mean']:.1f}% vs "
            f"unlexicalized {100 * claim['unlexicalized_mean']:.1f}%; "
            f"the lexicalized model was better in {claim['lexicalized_won']} of {claim['draws']} draws"
            + (f" ({claim['ties']} tied)" if claim["ties"] else "") + ".")


def markdown(summary: pd.DataFrame, claim: dict | None, grid) -> str:
    wide = summary.assign(cell=[f"{100 * m:.1f} ± {100 * s:.1f} ({k})" if s == s else f"{100 * m:.1f} ({k})"
                                for m, s, k in zip(summary["mean"], summary["std"], summary["n_draws"])])
    wide = wide.pivot(index="n_train", columns="model", values="cell").reset_index()
    c_text = f"C = {grid[0]:g} for every fit" if len(grid) == 1 else \
        f"C chosen on dev for every fit from {', '.join(f'{c:g}' for c in grid)}"
    return (f"Test accuracy (%) against training-set size: mean ± sample std (number of draws); {c_text}.\n\n"
            + wide.to_markdown(index=False) + "\n\n" + claim_text(claim) + "\n")


def plot(summary: pd.DataFrame, claim: dict | None) -> bytes:
    """Learning curves (PNG bytes) with one-std error bars on a log x axis, the paper's claim and
    full-data figures marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    colors = {"lexicalized": "tab:blue", "unlexicalized": "tab:orange"}
    for model, frame in summary.groupby("model", sort=False):
        frame = frame.sort_values("n_train")
        color = colors.get(model)
        ax.errorbar(frame["n_train"], 100 * frame["mean"], yerr=100 * frame["std"].fillna(0.0), marker="o",
                    capsize=3, color=color, label=f"{model} (this run)")
        if model in PAPER:
            ax.axhline(100 * PAPER[model][1], color=color, linestyle=":", linewidth=1,
                       label=f"{model}, paper (550k train): {100 * PAPER[model][1]:.1f}")
    ax.axhline(100 / 3, color="grey", linestyle="--", linewidth=0.8, label="chance (33.3)")
    low, high = ax.get_ylim()
    ax.set_ylim(low, high + 0.2 * (high - low))  # headroom for the claim's box
    if claim is not None:
        x, y = claim["n_train"], 100 * max(claim["lexicalized_mean"], claim["unlexicalized_mean"])
        ax.annotate(f"paper: lexicalized > unlexicalized already at {CLAIM_SIZE}\n"
                    f"here at n={x}: {100 * claim['lexicalized_mean']:.1f} vs {100 * claim['unlexicalized_mean']:.1f}"
                    f" ({'holds' if claim['holds'] else 'does not hold'}; "
                    f"won {claim['lexicalized_won']}/{claim['draws']} draws)",
                    xy=(x, y), xytext=(0.03, 0.97), textcoords="axes fraction", va="top", fontsize=8,
                    arrowprops={"arrowstyle": "->", "color": "black", "linewidth": 0.8},
                    bbox={"boxstyle": "round", "facecolor": "white", "alpha": 0.9})
    ax.set_xscale("log")
    sizes = sorted(summary["n_train"].unique())
    ax.set_xticks(sizes, [f"{n / 1000:.3g}k" if n >= 1000 else str(n) for n in sizes])
    ax.minorticks_off()
    ax.set_xlabel("training pairs (log scale)")
    ax.set_ylabel("test accuracy (%)")
    ax.set_title("SNLI learning curve (error bars: ±1 std over draws)")
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=120)
    plt.close(fig)
    return buffer.getvalue()


def report(args, corpora) -> Results:
    """Fit every model on every draw of every size; the results, their summary, markdown and plot as files."""
    sizes = parse_sizes(args.sizes, len(corpora["train"]))
    grid = tuple(args.C)
    results = run(corpora, sizes, args.draws, grid, tuple(args.models), args.seed, args.n_jobs,
                  featurizer_params(args), args.preset)
    summary = summarize(results)
    claim = check_claim(results)
    text = markdown(summary, claim, grid)
    files = {"learning_curve.csv": results.to_csv(index=False),
             "learning_curve_summary.csv": summary.to_csv(index=False),
             "learning_curve.md": text, "learning_curve.png": plot(summary, claim)}
    return Results(text, files, C_grid=grid)


def add_arguments(parser) -> None:
    parser.add_argument("--sizes", nargs="+", default=list(DEFAULT_SIZES),
                        help="training-set sizes, ints or 'all' (default: %(default)s)")
    parser.add_argument("--draws", type=at_least(1), default=3,
                        help="random draws per size below 'all' (default: %(default)s)")
    parser.add_argument("--C", type=positive_number, nargs="+", default=[1.0],
                        help="C for every fit (default: %(default)s); several values: chosen on dev for every fit")
    parser.add_argument("--models", nargs="+", default=list(MODELS), help="feature groups (default: %(default)s)")


def main(argv=None) -> int:
    return runner.main(argv, prog="python -m experiments.learning_curve", description=__doc__, report=report,
                       add_arguments=add_arguments,
                       out_help="write learning_curve.csv, learning_curve_summary.csv, .md and .png here")


if __name__ == "__main__":
    raise SystemExit(main())
