"""The pin on a dependency whose private names lexnli reads: setup.py requires it, the installed release is in it."""
import re

from tests.conftest import REPO


def release(version: str) -> tuple[int, int]:
    """``(major, minor)`` of a version string."""
    return tuple(int(part) for part in re.match(r"(\d+)\.(\d+)", version).groups())


def check_pin(requirement: str, installed: str, where: str, what: str, test: str) -> None:
    """Assert that setup.py requires ``requirement`` (``name>=low,<high``, as ``where`` says) and that the
    ``installed`` release is in it, naming ``what`` was checked on those releases and ``test``, which checks it."""
    name, low, high = re.fullmatch(r"([\w-]+)>=([\d.]+),<([\d.]+)", requirement).groups()
    assert f'"{requirement}"' in (REPO / "setup.py").read_text(encoding="utf-8"), (
        f"setup.py must require {requirement}, as {where} says")
    assert release(low) <= release(installed) < release(high), (
        f"{name} {installed} is outside {requirement}, the releases lexnli's use of {what} was checked on: run {test} "
        f"on it, then widen the pin in setup.py and {where}")
