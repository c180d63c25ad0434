"""The library leaves its caller's process as it found it: no module of its packages imports ``gc``, changes
``sys.modules``, reads a dependency's name-mangled attribute (``obj._Class__name``) or imports a dependency's
private module, but for the one place scikit-learn's parameter constraints are imported (pinned and tested:
featurize/sklearn_constraints.py). What featurizing does at run time is tested in
tests/featurize/test_featurizer.py."""
import ast
import re

import pytest

from tests.conftest import REPO

LIBRARY = ("lexnli", "lexical_resources", "featurize", "classifiers", "neural", "experiments", "command")
DEPENDENCIES = {"nltk", "sklearn", "skops", "scipy", "joblib", "torch", "numpy", "pandas", "sacrebleu", "tqdm"}
#: The private imports allowed, by module: each pinned in setup.py and checked by a test.
ALLOWED_PRIVATE = {"featurize/sklearn_constraints.py": {"sklearn.utils._param_validation"}}
_MANGLED = re.compile(r"^_[A-Za-z][A-Za-z0-9]*__\w+$")
_MODULES_CHANGES = {"pop", "popitem", "update", "setdefault", "clear", "__setitem__", "__delitem__"}


def _is_sys_modules(node) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "modules" and isinstance(node.value, ast.Name)
            and node.value.id == "sys")


def process_state_changes(path, root=REPO):
    """``(line, what)`` of each thing in the module at ``path`` that changes or reaches into process-wide state."""
    relative = path.relative_to(root).as_posix()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            names = []
        for name in names:
            parts = name.split(".")
            if parts[0] == "gc":
                yield node.lineno, "imports gc (the collector is the caller's)"
            elif (parts[0] in DEPENDENCIES and any(p.startswith("_") for p in parts[1:])
                  and name not in ALLOWED_PRIVATE.get(relative, ())):
                yield node.lineno, f"imports {name}, private to {parts[0]}"
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            if any(isinstance(t, ast.Subscript) and _is_sys_modules(t.value) for t in targets):
                yield node.lineno, "changes sys.modules"
            if any(_is_sys_modules(t) for t in targets):
                yield node.lineno, "replaces sys.modules"
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is_sys_modules(node.func.value)
              and node.func.attr in _MODULES_CHANGES):
            yield node.lineno, f"changes sys.modules ({node.func.attr})"
        elif isinstance(node, ast.Attribute) and _MANGLED.match(node.attr):
            yield node.lineno, f"reads {node.attr}, another class's private attribute"


def library_modules():
    return [path for package in LIBRARY for path in sorted((REPO / package).rglob("*.py"))]


@pytest.mark.parametrize("path", library_modules(), ids=lambda path: str(path.relative_to(REPO)))
def test_no_module_changes_the_callers_process(path):
    found = [f"{path.relative_to(REPO)}:{line} {what}" for line, what in process_state_changes(path)]
    assert not found, "; ".join(found)


def test_every_package_is_scanned():
    assert {path.relative_to(REPO).parts[0] for path in library_modules()} == set(LIBRARY)


def test_each_change_is_caught(tmp_path):
    module = tmp_path / "featurize" / "m.py"
    module.parent.mkdir()
    module.write_text("import gc\nimport sys\nfrom sklearn.utils._param_validation import Interval\n"
                      "import nltk.corpus.util\nsys.modules['torch'] = None\ndel sys.modules['torch']\n"
                      "sys.modules.pop('torch', None)\nloader._LazyCorpusLoader__reader_cls = None\n"
                      "x = sys.modules.get('torch')\nimport numpy._core\nself.__dict__\n")
    assert sorted(line for line, _ in process_state_changes(module, root=tmp_path)) == [1, 3, 5, 6, 7, 8, 10]
    allowed = tmp_path / "featurize" / "sklearn_constraints.py"
    allowed.write_text("from sklearn.utils._param_validation import Interval\n")
    assert list(process_state_changes(allowed, root=tmp_path)) == []
