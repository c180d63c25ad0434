"""lexnli: natural language inference with classical, feature-engineered models.

    import lexnli
    model = lexnli.load()                          # the model lexnli train installed
    model.predict([("A man sleeps.", "A man is awake.")])
    model.explain(("A man sleeps.", "A man is awake."), k=5)
    lexnli.save(model, "mine.skops")

This package is also the ground layer every other package builds on: pair records and label
constants (:mod:`lexnli.records`), tokens, tags and NLTK resources (:mod:`lexnli.text`), errors
(:mod:`lexnli.errors`), atomic file output and compressed input (:mod:`lexnli.io`), the data home
and checksum-verified downloads (:mod:`lexnli.data_home`), the corpus readers
(:mod:`lexnli.corpora`), the syntax model and the version. Its modules import no other lexnli
package. The one exception is :func:`load` and :func:`save` here, which import
:mod:`classifiers.api` when called: importing ``lexnli`` or any of its modules imports nothing of
the packages above it (``lexical_resources``, ``featurize``, ``classifiers``, ...).
"""
from .version import __version__

__all__ = ["__version__", "load", "save"]


def load(model=None, *, trusted: bool = False, n_jobs=None, data_home=None, cache: bool = True):
    """Load a model: one that predicts and explains natural language inference pairs.

    Parameters
    ----------
    model : str or path-like, optional
        None: the default model (``lexnli train`` installs it in the data home); a name (letters,
        digits, ``_``, ``-``): ``models/NAME.skops`` in the data home; anything else, a file: a
        ``.skops`` file (the safe format) or a pickle. Either holds a model ``lexnli train``, an
        experiment, :func:`save` or ``classifiers.persistence.save_model`` saved, or a fitted
        scikit-learn ``Pipeline`` whose first step is a ``PairFeaturizer`` saved as it is
        (``skops.io.dump``).
    trusted : bool, default=False
        Load a pickle, whose loading runs the code it holds: only for files you trust.
    n_jobs : int, optional
        Processes featurizing (None: one), whatever the file says.
    data_home : path-like, optional
        The data home (default: ``$LEXNLI_DATA``, else ``~/.cache/lexnli``).
    cache : bool, default=True
        Load a ``.skops`` file loaded before from the load cache in the data home, without skops
        (``classifiers.model_cache``); False, or ``LEXNLI_MODEL_CACHE=0``: with skops every time.

    Returns
    -------
    classifiers.api.Model
        ``predict(pairs)``, ``predict_proba(pairs)``, ``classes_``, ``explain(pair, k)``,
        ``alignments(pair)``, ``info`` (what its file recorded) and ``pipeline`` (the scikit-learn
        pipeline). Pairs are ``(premise, hypothesis)`` strings, ``Pair`` records, or a table
        (a DataFrame, a Hugging Face dataset) with ``premise`` and ``hypothesis`` columns.
    """
    from classifiers.api import load as load_model  # the layers above, imported when called

    return load_model(model, trusted=trusted, n_jobs=n_jobs, data_home=data_home, cache=cache)


def save(model, path, **metadata):
    """Write ``model`` (a model :func:`load` returned, or a fitted scikit-learn ``Pipeline`` whose
    first step is a ``PairFeaturizer``) to ``path``, a ``.skops`` file (the safe format), atomically,
    with ``metadata`` (a loaded model keeps its file's unless given any); return the path.
    ``lexnli predict --model PATH`` and :func:`load` read it."""
    from classifiers.api import save as save_model  # the layers above, imported when called

    return save_model(model, path, **metadata)
