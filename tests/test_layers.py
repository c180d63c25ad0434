"""The packages import only downward: lexnli < lexical_resources < featurize < classifiers < neural < experiments."""
import ast
import subprocess
import sys

import pytest

from .conftest import REPO

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


def _torch_imported_by(modules) -> bool:
    """Whether importing ``modules`` in a fresh interpreter puts ``torch`` in ``sys.modules``."""
    code = f"import importlib, sys\nfor m in {list(modules)!r}: importlib.import_module(m)\nprint('torch' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    return result.stdout.strip() == "True"


def classical_modules():
    """Every module of the packages below ``neural``, and every experiment but ``experiments.neural``."""
    names = [".".join(path.relative_to(REPO).with_suffix("").parts) for layer, path in modules()
             if layer != "neural" and path.name != "__main__.py"]
    return [name.removesuffix(".__init__") for name in names if name != "experiments.neural"]


def test_the_classical_packages_never_import_torch():
    assert "experiments.lexicalized" in classical_modules() and "classifiers.persistence" in classical_modules()
    assert not _torch_imported_by(classical_modules())


def test_the_torch_check_can_fail():
    pytest.importorskip("torch", reason="PyTorch is not installed: nothing imports it")
    assert _torch_imported_by(["neural.vocabulary"])
