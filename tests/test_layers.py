"""The packages import only downward: lexnli < lexical_resources < featurize < classifiers < neural < experiments
< command;
and no test module imports another (what tests share is in tests/conftest.py or tests/helpers/).

Two exceptions, :data:`LAZY_UPWARD`: ``lexnli/__init__.py``, a user's first import, defines ``lexnli.load``
and ``lexnli.save``, whose bodies import ``classifiers.api`` when called; ``lexnli/__main__.py`` (``python -m
lexnli``) imports ``command.main`` in its ``main``'s body. Importing ``lexnli`` or any of its modules still
loads no package above it (checked in a fresh interpreter)."""
import ast
import subprocess
import sys

import pytest

from tests.conftest import REPO

LAYERS = ("lexnli", "lexical_resources", "featurize", "classifiers", "neural", "experiments", "command")


#: The ground layer's modules whose functions' bodies may import from above it, and the only modules they may
#: import so: the facade (``lexnli.load``, ``lexnli.save``) and ``python -m lexnli``.
FACADE = REPO / "lexnli" / "__init__.py"
LAZY_UPWARD = {FACADE: ("classifiers.api",), REPO / "lexnli" / "__main__.py": ("command.main",)}


def imported_modules(path):
    """``(line, module, in_function)`` of every absolute import in a module (relative ones stay inside
    it); ``in_function``: the import is in a function's body, run when the function is called."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    functions = [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    in_functions = {id(node) for function in functions for node in ast.walk(function)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name, id(node) in in_functions) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module, id(node) in in_functions


def imported_packages(path):
    """``(line, top-level package)`` of every absolute import in a module."""
    return [(line, module.split(".")[0]) for line, module, _ in imported_modules(path)]


def upward_imports(path, layer, lazy=()) -> list[str]:
    """The imports of the module ``path`` (of ``layer``) from a package above it, but those of the modules
    ``lazy`` in a function's body (:data:`LAZY_UPWARD`)."""
    return [f"{path.relative_to(path.parents[1])}:{line} imports {module}"
            for line, module, in_function in imported_modules(path)
            if (package := module.split(".")[0]) in LAYERS and LAYERS.index(package) > LAYERS.index(layer)
            and not (in_function and module in lazy)]


def modules():
    return [(layer, path) for layer in LAYERS for path in sorted((REPO / layer).rglob("*.py"))]


def test_every_layer_has_modules():
    assert {layer for layer, _ in modules()} == set(LAYERS)


@pytest.mark.parametrize("layer,path", modules(), ids=lambda v: str(v.relative_to(REPO)) if hasattr(v, "parts") else v)
def test_no_module_imports_a_package_above_its_own(layer, path):
    upward = upward_imports(path, layer, lazy=LAZY_UPWARD.get(path, ()))
    assert not upward, "; ".join(upward)


def test_an_upward_import_is_caught(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import os\nfrom classifiers.logistic import make_model\nfrom . import sibling\n")
    assert list(imported_packages(module)) == [(1, "os"), (2, "classifiers")]


def test_the_exceptions_are_only_function_bodies_importing_their_module(tmp_path):
    """The facade's functions import classifiers.api, ``python -m lexnli``'s command.main; their top level may
    not, nor their functions anything else, nor any other module's functions those."""
    assert [(module, in_function) for _, module, in_function in imported_modules(FACADE)
            if module.split(".")[0] in LAYERS[1:]] == [("classifiers.api", True), ("classifiers.api", True)]
    assert [(module, in_function) for _, module, in_function in imported_modules(REPO / "lexnli" / "__main__.py")
            if module.split(".")[0] in LAYERS[1:]] == [("command.main", True)]
    (tmp_path / "lexnli").mkdir()
    module = tmp_path / "lexnli" / "__init__.py"
    module.write_text("from classifiers.api import load\n\n\ndef f():\n    from classifiers.api import save\n"
                      "    import experiments.runner\n    import classifiers.logistic\n")
    assert upward_imports(module, "lexnli", lazy=LAZY_UPWARD[FACADE]) == [
        "lexnli/__init__.py:1 imports classifiers.api", "lexnli/__init__.py:6 imports experiments.runner",
        "lexnli/__init__.py:7 imports classifiers.logistic"]
    assert upward_imports(module, "lexnli") == [
        "lexnli/__init__.py:1 imports classifiers.api", "lexnli/__init__.py:5 imports classifiers.api",
        "lexnli/__init__.py:6 imports experiments.runner", "lexnli/__init__.py:7 imports classifiers.logistic"]


def loaded_after(code: str) -> set[str]:
    """The top-level packages loaded once ``code`` has run in a fresh interpreter."""
    probe = code + "\nimport sys\nprint(' '.join(sorted({name.split('.')[0] for name in sys.modules})))"
    return set(subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True,
                              check=True).stdout.split())


def test_importing_lexnli_loads_nothing_above_it_nor_anything_heavy(tmp_path):
    """``import lexnli`` loads none of the upper layers and no scientific library; its modules, all imported,
    none of the upper layers; calling ``lexnli.load`` does (the check can fail)."""
    upper = set(LAYERS[1:])
    assert not loaded_after("import lexnli") & (upper | {"sklearn", "scipy", "pandas", "nltk", "numpy", "skops"})
    ground = [".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
              for layer, path in modules() if layer == "lexnli" and path.name != "__main__.py"]
    assert "lexnli.records" in ground and not loaded_after("\n".join(f"import {name}" for name in ground)) & upper
    called = f"import lexnli\ntry:\n    lexnli.load(data_home={str(tmp_path)!r})\nexcept FileNotFoundError:\n    pass"
    assert {"classifiers", "featurize"} <= loaded_after(called)


def imported_test_modules(path, root=REPO):
    """``(line, dotted name)`` of every test module (``test_*``) the module at ``path`` imports, absolutely
    (``tests.x.test_y``) or relatively (``.test_y``, ``from . import test_y``)."""
    package = list(path.relative_to(root).parent.parts)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            modules = [module] + [f"{module}.{alias.name}" for alias in node.names]
        else:
            continue
        yield from ((node.lineno, name) for name in modules
                    if name.split(".")[0] == "tests" and name.split(".")[-1].startswith("test_"))


def test_no_test_module_imports_another():
    """What several test modules need is a fixture in tests/conftest.py or a helper in tests/helpers/."""
    imports = [f"{path.relative_to(REPO)}:{line} imports {name}" for path in sorted((REPO / "tests").rglob("*.py"))
               for line, name in imported_test_modules(path)]
    assert not imports, "; ".join(imports)


def test_an_import_of_a_test_module_is_caught(tmp_path):
    module = tmp_path / "tests" / "featurize" / "test_m.py"
    module.parent.mkdir(parents=True)
    module.write_text("from tests.helpers.features import S\nfrom tests.featurize.test_other import X\n"
                      "from .test_sibling import Y\nfrom .. import test_layers\nimport tests.lexnli.test_text\n"
                      "from tests.conftest import REPO\n")
    assert [name for _, name in imported_test_modules(module, root=tmp_path)] == [
        "tests.featurize.test_other", "tests.featurize.test_sibling", "tests.test_layers", "tests.lexnli.test_text"]



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
