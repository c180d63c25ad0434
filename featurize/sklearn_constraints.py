"""scikit-learn's parameter constraints, imported here and nowhere else: they are private to scikit-learn.

lexnli's estimators declare their parameters as scikit-learn's own do: a class attribute
``_parameter_constraints`` of :class:`Interval` and :class:`StrOptions`, checked on fitting by
:func:`check_parameters` (an :class:`InvalidParameterError` naming the parameter), and the experiments'
command-line options are generated from the same constraints (``experiments.runner``). scikit-learn
has no public route to these: they live in ``sklearn.utils._param_validation``, and the check is
``BaseEstimator._validate_params``. (``available_if`` has one, ``sklearn.utils.metaestimators``,
and is imported from there.)

So that a scikit-learn release that changes them fails loudly rather than quietly:
``setup.py`` pins scikit-learn to :data:`SKLEARN_REQUIREMENT`, the releases this was checked on,
and ``tests/featurize/test_sklearn_constraints.py`` checks, naming scikit-learn when it fails, that
the installed one is in that range and that what lexnli relies on still holds: an ``Interval``'s
``type``, ``is_satisfied_by`` and text, a ``StrOptions``'s ``options``, and a wrong value refused by
:func:`check_parameters` with an ``InvalidParameterError`` (a ``ValueError``). To widen the pin, run
that test against the new release.
"""
from __future__ import annotations

from sklearn.utils._param_validation import Interval, InvalidParameterError, StrOptions

__all__ = ["Interval", "InvalidParameterError", "StrOptions", "SKLEARN_REQUIREMENT", "check_parameters"]

#: The scikit-learn releases lexnli is checked on, as ``setup.py`` requires them.
SKLEARN_REQUIREMENT = "scikit-learn>=1.3,<1.10"


def check_parameters(estimator) -> None:
    """Check ``estimator``'s parameters against its class's ``_parameter_constraints``, as scikit-learn's
    estimators do on fitting: :class:`InvalidParameterError` names the first one not allowed."""
    estimator._validate_params()
