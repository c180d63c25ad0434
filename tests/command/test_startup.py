"""``lexnli --help`` and ``--version`` load no subcommand, so neither scikit-learn nor the experiments: they
answer at once. A named subcommand loads its own module only."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("sklearn", "scipy", "pandas", "experiments", "classifiers", "featurize", "nltk")


def loaded_after(argv: list[str]) -> set[str]:
    """The top-level modules loaded once ``lexnli argv`` has run (in a fresh interpreter)."""
    code = ("import sys\nfrom command.main import main\ntry:\n    main(%r)\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sorted({name.split('.')[0] for name in sys.modules})))" % (argv,))
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    return set(done.stdout.split("\n")[-2].split())


@pytest.mark.parametrize("argv", [["--help"], ["--version"], []])
def test_help_and_version_load_nothing_heavy(argv):
    assert not loaded_after(argv) & set(HEAVY)


def test_a_named_subcommand_loads_its_module_only():
    loaded = loaded_after(["fetch", "--help"])
    assert "command" in loaded and not {"sklearn", "experiments"} & loaded


def test_every_subcommand_is_listed_with_its_help(capsys):
    from command.main import SUBCOMMANDS, main

    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert all(name in shown and help_line.split(",")[0] in " ".join(shown.split())
               for name, (_, help_line) in SUBCOMMANDS.items())


def test_python_m_lexnli_runs_the_command():
    """``python -m lexnli`` is the ``lexnli`` command: its version, its help, its usage errors (exit status 2)."""
    from lexnli.version import __version__

    def run(*argv):
        return subprocess.run([sys.executable, "-m", "lexnli", *argv], cwd=REPO, capture_output=True, text=True)

    assert run("--version").stdout.strip() == f"lexnli {__version__}"
    assert "predict" in run("--help").stdout
    refused = run("predict", "--explain", "-1", "a", "b")
    assert refused.returncode == 2 and refused.stderr.startswith("error: ") and "--explain" in refused.stderr


@pytest.mark.parametrize("argv", [["--help"], *([name, "--help"] for name in
                                                      ("predict", "evaluate", "train", "fetch"))])
def test_help_has_no_rest_markup(argv, capsys):
    """The descriptions are the modules' docstrings, written in reST: shown without its markup."""
    from command.main import main

    with pytest.raises(SystemExit):
        main(argv)
    shown = capsys.readouterr().out
    assert "usage: lexnli" in shown and "`" not in shown and not re.search(r":(func|mod|class|data|meth):", shown)
