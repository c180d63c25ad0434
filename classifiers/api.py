"""What :func:`lexnli.load` and :func:`lexnli.save` do: a model found by name or path, loaded as an
object that predicts and explains pairs, and saved in the safe format.

``import lexnli`` imports none of this: ``lexnli.load`` and ``lexnli.save`` import this module
when called (the upper layers stay out of the ground layer's import).
"""
from __future__ import annotations

from pathlib import Path

from lexnli.data_home import MODEL_NAME, default_model_path, model_names, named_model_path

from . import steps
from .explain import Push, alignments, explain
from .persistence import SAFE_SUFFIX, is_safe_format, load_model, save_model

class Model:
    """A fitted model, as :func:`lexnli.load` returns it: the labels of pairs, their probabilities,
    and which features pushed a label.

    Pairs are ``(premise, hypothesis)`` strings (tokenized and tagged on the fly), the
    :class:`~lexnli.records.Pair` records the corpus readers return, or a table of pairs (a pandas
    DataFrame, a Hugging Face ``datasets`` table) with the columns the featurizer reads
    (``premise`` and ``hypothesis`` unless its ``columns`` say otherwise).

    Parameters
    ----------
    pipeline : sklearn.pipeline.Pipeline
        A fitted pipeline whose first step is a :class:`~featurize.PairFeaturizer`.

    Attributes
    ----------
    pipeline : sklearn.pipeline.Pipeline
        The pipeline: what the commands load, :func:`lexnli.save` writes and scikit-learn takes.
    """

    def __init__(self, pipeline):
        if not steps.is_pair_pipeline(pipeline):
            raise TypeError(f"a Model is {steps.MODEL_KIND}, not a {type(pipeline).__name__}")
        self.pipeline = pipeline

    @property
    def classes_(self):
        """The labels, in the order of :meth:`predict_proba`'s columns."""
        return self.pipeline.classes_

    @property
    def info(self) -> dict:
        """What the model's file recorded beside it (versions, featurizer settings, ``metadata``);
        empty for a model not loaded from a file."""
        return getattr(self.pipeline, "lexnli_info_", {})

    def predict(self, pairs):
        """The label of each of ``pairs`` (a list, or a table), an array."""
        return self.pipeline.predict(pairs)

    def predict_proba(self, pairs):
        """The probability of each label (:attr:`classes_`) for each of ``pairs``, one row per pair."""
        return self.pipeline.predict_proba(pairs)

    def explain(self, pair, k: int = 10, label=None) -> list[Push]:
        """The ``k`` named features of one ``pair`` that pushed most toward ``label`` (default: the
        label predicted), as :class:`~classifiers.explain.Push` es ``(feature, push, toward, reads)``,
        strongest first: what ``lexnli predict --explain K`` shows (:func:`classifiers.explain.explain`)."""
        return explain(self.pipeline, pair, k, label=label)

    def alignments(self, pair) -> list[str]:
        """How the hypothesis of one ``pair`` aligns to its premise, as the model's alignment family
        sees it (``"green <- blue: cohyponym (WordNet), swap"``); empty without that family."""
        return alignments(self.pipeline, pair)

    def __repr__(self) -> str:
        return f"Model({self.pipeline!r})"


def model_path(model=None, data_home=None) -> Path:
    """The file :func:`lexnli.load` reads for ``model``: the default model for None, the data home's
    ``models/NAME.skops`` for a name (:data:`lexnli.data_home.MODEL_NAME`), else ``model`` as a path.

    The default model, or a named one, that is missing is a ``FileNotFoundError`` saying how to make
    it (a path is checked when it is read).
    """
    if model is None:
        path = default_model_path(data_home)
        if not path.is_file():
            raise FileNotFoundError(f"no default model at {path}: train one with `lexnli train`, or give "
                                    f"lexnli.load a model's name or path")
        return path
    if isinstance(model, str) and MODEL_NAME.fullmatch(model):
        path = named_model_path(model, data_home)
        if not path.is_file():
            raise FileNotFoundError(f"no model named {model!r}: no {path} (models there: "
                                    f"{', '.join(model_names(data_home)) or 'none'}); for a file, give its path "
                                    f"(./{model})")
        return path
    return Path(model)


def load(model=None, *, trusted: bool = False, n_jobs=None, data_home=None, cache: bool = True) -> Model:
    """The :class:`Model` ``model`` names (see :func:`lexnli.load`)."""
    return Model(load_model(model_path(model, data_home), trusted=trusted, n_jobs=n_jobs, cache=cache,
                            data_home=data_home))


def save(model, path, **metadata) -> Path:
    """Write ``model`` to the ``.skops`` file ``path`` (see :func:`lexnli.save`)."""
    if not is_safe_format(path):
        raise ValueError(f"{path}: lexnli.save writes the safe format, a {SAFE_SUFFIX} file: name it so")
    if isinstance(model, Model):
        metadata = metadata or model.info.get("metadata", {})
        model = model.pipeline
    return save_model(model, path, **metadata)
