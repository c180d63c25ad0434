"""Named featurizer configurations: the one source of :class:`~featurize.PairFeaturizer`'s defaults.

A preset is plain data, a dict of ``PairFeaturizer`` parameters; add one by adding an entry to
:data:`PRESETS` (it may also name ``features``, the families used when the caller names none).

``"paper"``
    The SNLI paper's exact feature definition: Penn Treebank tags, every feature seen in
    training (``min_df=1``), real values without bins. ``PairFeaturizer()``'s defaults.
``"recommended"``
    What the experiments use (chosen on dev, see docs/RESULTS.md): coarse tags (the first two
    letters of the tag, so the two taggers' NN/NNS disagreements matter less), features seen in
    at least two training pairs, and five equal-frequency bins per real-valued feature.
``"inference"``
    The recommended settings on the ``inference`` group: the paper's lexicalized families, the
    lexical-resource families (WordNet, VerbOcean, tree, bag overlap) and the alignment family,
    the model that knows how words relate (:mod:`featurize.families.alignment`); each real-valued
    column's most frequent bin is left out (``dense_bins_drop``): the lexical-resource families'
    51 real-valued columns made half its nonzeros, and so of its fits' time.
"""
from __future__ import annotations

from lexnli.version import __version__

PRESETS: dict[str, dict] = {
    "paper": {"n_features": None, "min_df": 1, "dense_bins": None, "tag_set": "ptb", "lowercase": True},
    "recommended": {"n_features": None, "min_df": 2, "dense_bins": 5, "tag_set": "coarse", "lowercase": True},
}
#: What the ``inference`` models (:mod:`experiments.inference`) set beyond the preset they start from.
INFERENCE_SETTINGS = {"dense_bins_drop": "most_frequent"}
PRESETS["inference"] = {**PRESETS["recommended"], **INFERENCE_SETTINGS, "features": "inference"}
#: The preset the experiments and :func:`classifiers.logistic.make_model` start from.
DEFAULT_PRESET = "recommended"

#: How each configuration item is shown in a :func:`signature`.
_SIGNATURE_KEYS = (("tag_set", "tags"), ("min_df", "min_df"), ("dense_bins", "bins"),
                   ("dense_bins_drop", "bins_drop"), ("n_features", "n_features"), ("lowercase", "lowercase"))


def preset_params(name: str, overrides=None) -> dict:
    """The parameters of preset ``name`` with ``overrides`` applied (``features`` left out)."""
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r}; known presets: {sorted(PRESETS)}")
    params = {k: v for k, v in PRESETS[name].items() if k != "features"}
    return {**params, **(overrides or {})}


def signature(preset: str | None, overrides=None, *, C_grid=None) -> str:
    """A one-line summary of a configuration, like sacrebleu's signature, for results tables.

    ``preset=None`` describes the settings ``overrides`` alone (e.g. a saved model's).

    >>> signature("recommended", C_grid=(0.03, 0.1, 0.3, 1.0))
    'lexnli:0.4.0|preset:recommended|tags:coarse|min_df:2|bins:5|n_features:vocab|lowercase:yes|C:dev(0.03,0.1,0.3,1)'
    """
    params = preset_params(preset, overrides) if preset is not None else dict(overrides or {})
    shown = {"n_features": lambda v: "vocab" if v is None else str(v),
             "dense_bins": lambda v: "none" if v is None else str(v),
             "dense_bins_drop": lambda v: "none" if v is None else str(v), "lowercase": lambda v: "yes" if v else "no"}
    parts = [f"lexnli:{__version__}"] + ([f"preset:{preset}"] if preset is not None else [])
    parts += [f"{label}:{shown.get(key, str)(params[key])}" for key, label in _SIGNATURE_KEYS if key in params]
    if C_grid is not None:
        grid = tuple(C_grid)
        parts.append(f"C:{grid[0]:g}" if len(grid) == 1 else f"C:dev({','.join(f'{c:g}' for c in grid)})")
    return "|".join(parts)
