"""scikit-learn's private parameter constraints still behave as lexnli relies on (featurize.sklearn_constraints
imports them): a failure here means the installed scikit-learn changed them, not that lexnli did."""
from numbers import Integral, Real

import pytest
import sklearn
from sklearn.base import BaseEstimator

from featurize.sklearn_constraints import (SKLEARN_REQUIREMENT, Interval, InvalidParameterError, StrOptions,
                                           check_parameters)

from tests.helpers.pins import check_pin

CHANGED = (f"scikit-learn {sklearn.__version__} changed sklearn.utils._param_validation (or "
           f"BaseEstimator._validate_params), which lexnli imports in featurize/sklearn_constraints.py: ")


class _Settings(BaseEstimator):
    _parameter_constraints = {"rate": [Interval(Real, 0, None, closed="left")],
                              "count": [Interval(Integral, 1, None, closed="left"), None],
                              "kind": [StrOptions({"a", "b"})]}

    def __init__(self, rate=0.5, count=None, kind="a"):
        self.rate, self.count, self.kind = rate, count, kind


def _refusal(**params):
    """The message of the InvalidParameterError check_parameters raises on ``params``, or None."""
    try:
        check_parameters(_Settings(**params))
    except InvalidParameterError as exc:
        return str(exc)
    return None


def test_the_installed_scikit_learn_is_in_the_pinned_range():
    check_pin(SKLEARN_REQUIREMENT, sklearn.__version__, "featurize/sklearn_constraints.py",
              "its private sklearn.utils._param_validation", "tests/featurize/test_sklearn_constraints.py")


@pytest.mark.parametrize("params, name", [
    ({"rate": -0.1}, "rate"), ({"rate": "0.5"}, "rate"), ({"count": 0}, "count"), ({"count": 1.5}, "count"),
    ({"kind": "c"}, "kind"), ({"kind": None}, "kind"),
])
def test_a_value_outside_the_constraints_is_refused_naming_the_parameter(params, name):
    message = _refusal(**params)
    assert message is not None, CHANGED + f"{params} was accepted"
    assert f"'{name}'" in message, CHANGED + f"the refusal of {params} does not name {name!r}: {message}"


@pytest.mark.parametrize("params", [{}, {"rate": 0}, {"rate": 1e9}, {"count": 1}, {"count": None}, {"kind": "b"}])
def test_a_value_inside_the_constraints_is_accepted(params):
    assert _refusal(**params) is None, CHANGED + f"{params} was refused: {_refusal(**params)}"


def test_the_refusal_is_a_value_error():
    assert issubclass(InvalidParameterError, ValueError), CHANGED + "InvalidParameterError is no ValueError"


def test_what_the_command_lines_read_of_the_constraints():
    """experiments.runner generates options from an Interval's type, test and text and a StrOptions's options."""
    number, count, kind = (_Settings._parameter_constraints[name][0] for name in ("rate", "count", "kind"))
    assert (number.type, count.type) == (Real, Integral), CHANGED + "an Interval's type is not the one given"
    assert number.is_satisfied_by(0) and not number.is_satisfied_by(-0.5), CHANGED + "Interval.is_satisfied_by"
    assert count.is_satisfied_by(3) and not count.is_satisfied_by(0), CHANGED + "Interval.is_satisfied_by"
    assert str(number) == "a float in the range [0.0, inf)", CHANGED + f"an Interval's text is {str(number)!r}"
    assert str(count) == "an int in the range [1, inf)", CHANGED + f"an Interval's text is {str(count)!r}"
    assert kind.options == {"a", "b"}, CHANGED + "StrOptions.options"
    assert kind.is_satisfied_by("a") and not kind.is_satisfied_by("c"), CHANGED + "StrOptions.is_satisfied_by"
