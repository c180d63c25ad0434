"""The picture ``lexnli evaluate --plot FILE`` draws: the confusion matrix, and the accuracy overall and for
each value of each ``--by`` field with its 95% Wilson interval; PNG or SVG by the file's suffix.

Drawn on a :class:`matplotlib.figure.Figure` with the Agg canvas, not through ``pyplot``: no global
backend or figure state is touched. The file is written atomically.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from lexnli.io import atomic_open

#: Inches of figure height per bar of a group panel, and the least height.
INCHES_PER_GROUP, MIN_HEIGHT = 0.3, 3.5


def _confusion(axes, frame, labels) -> None:
    matrix = frame.to_numpy()
    axes.imshow(matrix, cmap="Blues")
    axes.set_xticks(range(len(labels)), labels, rotation=30, ha="right")
    axes.set_yticks(range(len(labels)), labels)
    axes.set_xlabel("predicted")
    axes.set_ylabel("gold")
    axes.set_title("confusion matrix")
    high = matrix.max() if matrix.size else 0
    for (row, column), count in np.ndenumerate(matrix):
        axes.text(column, row, f"{count:,}", ha="center", va="center",
                  color="white" if count > high / 2 else "black")


def _accuracies(axes, names, accuracy, low, high, counts, title: str, overall: float) -> None:
    """Horizontal bars of accuracy (percent) with their intervals, one per group, the first at the top."""
    positions = np.arange(len(names))[::-1]
    accuracy, low, high = (100 * np.asarray(values, dtype=float) for values in (accuracy, low, high))
    axes.barh(positions, accuracy, color="#9ecae1", xerr=[accuracy - low, high - accuracy], capsize=3)
    axes.axvline(100 * overall, color="grey", linestyle="--", linewidth=1, label="overall")
    axes.set_yticks(positions, [f"{name} ({n:,})" for name, n in zip(names, counts)])
    axes.set_xlim(0, 100)
    axes.set_xlabel("accuracy, % (95% interval)")
    axes.set_title(title)


def draw(report: dict) -> Figure:
    """The figure of an evaluate ``report`` (:func:`command.evaluate.scores`, with its intervals)."""
    by = report["by"]
    n_bars = max([1] + [len(table) for table in by.values()])
    figure = Figure(figsize=(5 + 5 * max(1, len(by)), max(MIN_HEIGHT, INCHES_PER_GROUP * n_bars + 1.5)),
                    layout="constrained")
    FigureCanvasAgg(figure)
    panels = figure.subplots(1, 1 + max(1, len(by)), squeeze=False)[0]
    _confusion(panels[0], report["confusion"], report["labels"])
    overall = report["accuracy"]
    if not by:
        low, high = report["interval"]
        _accuracies(panels[1], ["all pairs"], [overall], [low], [high], [report["n_scored"]], "accuracy", overall)
    for axes, (name, table) in zip(panels[1:], by.items()):
        _accuracies(axes, table[name].tolist(), table["accuracy"], table["low"], table["high"], table["n"].tolist(),
                    f"accuracy by {name}", overall)
    return figure


def write_plot(report: dict, path) -> None:
    """Draw ``report`` (:func:`draw`) into ``path``, PNG or SVG by its suffix, atomically."""
    kind = Path(path).suffix.lower().lstrip(".")
    figure = draw(report)
    with atomic_open(path, "wb") as out:
        figure.savefig(out, format=kind)
