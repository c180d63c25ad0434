"""The repository's scripts/ (not a package), imported by file for their tests."""
import importlib.util

from tests.conftest import REPO

SCRIPTS = REPO / "scripts"


def load_script(name: str):
    """``scripts/<name>.py`` imported as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


