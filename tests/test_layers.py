"""The packages import only downward: lexnli < lexical_resources < featurize < classifiers < neural < experiments."""
import ast
import subprocess
import sys

import pytest

from tests.conftest import REPO

LAYERS = ("lexnli", "lexical_resources", "featurize", "classifiers", "neural", "experiments")


def imported_packages(path):
    """``(line, top-level package)`` of every absolute import in a module (relative ones stay inside it)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name.split(".")[0]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0]


def modules():
    return [(layer, path) for layer in LAYERS for path in sorted((REPO / layer).rglob("*.py"))]


def test_every_layer_has_modules():
    assert {layer for layer, _ in modules()} == set(LAYERS)


@pytest.mark.parametrize("layer,path", modules(), ids=lambda v: str(v.relative_to(REPO)) if hasattr(v, "parts") else v)
def test_no_module_imports_a_package_above_its_own(layer, path):
    upward = [f"{path.relative_to(REPO)}:{line} imports {package}" for line, package in imported_packages(path)
              if package in LAYERS and LAYERS.index(package) > LAYERS.index(layer)]
    assert not upward, "; ".join(upward)


def test_an_upward_import_is_caught(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import os\nfrom classifiers.logistic import make_model\nfrom . import sibling\n")
    assert list(imported_packages(module)) == [(1, "os"), (2, "classifiers")]



#: Imports ``sys.argv[1:]`` then ``neural.vocabulary`` (when torch is installed), printing after
#: each step whether ``torch`` is in ``sys.modules``.
_TORCH_PROBE = """
import importlib, importlib.util, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print('torch' in sys.modules)
if importlib.util.find_spec('torch') is not None:
    importlib.import_module('neural.vocabulary')
    print('torch' in sys.modules)
"""


def classical_modules():
    """Every module of the packages below ``neural``, and every experiment but ``experiments.neural``."""
    names = [".".join(path.relative_to(REPO).with_suffix("").parts) for layer, path in modules()
             if layer != "neural" and path.name != "__main__.py"]
    return [name.removesuffix(".__init__") for name in names if name != "experiments.neural"]


def test_the_classical_packages_never_import_torch():
    """A fresh interpreter imports every classical module: no torch. Then (where torch is
    installed) a neural module, which does import it: the check can fail."""
    names = classical_modules()
    assert "experiments.lexicalized" in names and "classifiers.persistence" in names
    result = subprocess.run([sys.executable, "-c", _TORCH_PROBE, *names], cwd=REPO, capture_output=True, text=True,
                            check=True)
    assert result.stdout.split() in (["False"], ["False", "True"])
