"""The README's examples run as written."""
import re

import pytest

from featurize import FAMILIES, GROUPS

from tests.conftest import REPO


def readme_code(section: str) -> list[str]:
    """The python code blocks of a README section (``## section``)."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    body = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", body, re.S)


def test_adding_a_feature_family_example_runs(tagger):
    (code,) = readme_code("Adding a feature family")
    assert 8 <= len(code.strip().splitlines()) <= 25
    try:
        exec(compile(code, "README.md", "exec"), {})
        assert GROUPS["negation"] == ("negation_mismatch", "hyp_negation")
    finally:
        for name in ("negation_mismatch", "hyp_negation"):
            FAMILIES.pop(name, None)
        GROUPS.pop("negation", None)


def test_featurize_your_own_pairs_example_runs(tagger):
    (code,) = readme_code("Featurize your own pairs")
    exec(compile(code, "README.md", "exec"), {})


def test_predict_from_python_example_runs(readme_pipeline, tagger, tmp_path, monkeypatch):
    """The Predict section's example, with a default model in the data home, run where it writes mine.skops."""
    import lexnli

    monkeypatch.setenv("LEXNLI_DATA", str(tmp_path / "home"))
    (tmp_path / "home" / "models").mkdir(parents=True)
    lexnli.save(readme_pipeline, tmp_path / "home" / "models" / "default.skops")
    monkeypatch.chdir(tmp_path)
    (code,) = readme_code("Predict: from Python and with the `lexnli` command")
    exec(compile(code, "README.md", "exec"), {})
    assert lexnli.load(tmp_path / "mine.skops").info["metadata"] == {}


def test_signature_example_is_the_current_one():
    """The README's example signature is what ``signature`` gives today (it names the version)."""
    from featurize import signature

    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"`{signature('recommended', C_grid=(0.1, 1))}`" in text


@pytest.mark.parametrize("name, limit", [("README.md", 250), ("docs/RESULTS.md", 600)])
def test_docs_stay_short(name, limit):
    assert len((REPO / name).read_text(encoding="utf-8").splitlines()) <= limit


def doc_files():
    return [REPO / "README.md", REPO / "CHANGELOG.md", *sorted((REPO / "docs").rglob("*.md"))]


@pytest.mark.parametrize("path", doc_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_docs_name_no_machine_paths(path):
    """Docs describe the repository: no paths of the machines they were written on, no scratch files."""
    text = path.read_text(encoding="utf-8")
    assert not re.findall(r"/work/|/tmp/|\.\./shared|/home/|scratch/", text)


@pytest.mark.parametrize("name", ["RESULTS.md", "TRIED.md"])
def test_results_cite_only_files_in_the_repository(name):
    """Every link of docs/RESULTS.md and docs/TRIED.md, and every repository path they name in backticks, exists."""
    results = REPO / "docs" / name
    text = results.read_text(encoding="utf-8")
    links = [results.parent / target for target in re.findall(r"\]\(([^)#]+)\)", text) if "://" not in target]
    tops = "docs|experiments|classifiers|featurize|lexical_resources|lexnli|neural|benchmarks|scripts|tests"
    named = [REPO / path.rstrip(".") for path in re.findall(rf"[`\s]((?:{tops})/[\w./-]*)", text)]
    missing = sorted({str(p.resolve().relative_to(REPO.resolve())) for p in links + named if not p.exists()})
    assert not missing


def test_the_lexnli_commands_shown_are_ones_the_command_takes():
    """Every ``lexnli ...`` command in the README's backticks parses as written (options, not just a name)."""
    import shlex

    from command.main import parser

    text = (REPO / "README.md").read_text(encoding="utf-8")
    shown = [line for line in re.findall(r"`(lexnli [^`]+)`", text) if "COMMAND" not in line and "..." not in line]
    assert len(shown) >= 4
    for line in shown:
        parser().parse_args(shlex.split(line)[1:])


def readme_commands() -> list[str]:
    """Every ``lexnli ...`` command line the README shows in backticks (its tables and prose)."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"`(lexnli (?:train|predict|evaluate|fetch)[^`]*)`", text)))


def test_every_lexnli_command_the_readme_shows_is_one_the_command_takes():
    import shlex

    from command.main import parser

    commands = readme_commands()
    assert {"lexnli train", 'lexnli predict "A man sleeps." "A man is awake."'} <= set(commands)
    for command in commands:
        argv = shlex.split(command)[1:]
        parser(argv).parse_args(argv)  # a usage error exits 2: the example would not run


def test_the_quick_start_predict_and_evaluate_lines_run_as_written(readme_pipeline, tagger, template_files, tmp_path,
                                                                   monkeypatch, capsys):
    """With a default model in the data home (``lexnli train`` puts one there), the table's predict and evaluate
    lines run as the README shows them, from a folder holding a labelled ``my_set.jsonl``."""
    import json
    import shlex

    import lexnli
    from command.main import main

    monkeypatch.setenv("LEXNLI_DATA", str(tmp_path / "home"))
    lexnli.save(readme_pipeline, tmp_path / "home" / "models" / "default.skops")
    lines = template_files["dev"].read_text(encoding="utf-8").splitlines()
    (tmp_path / "my_set.jsonl").write_text("".join(json.dumps({**json.loads(line), "category": f"c{i % 2}"}) + "\n"
                                                   for i, line in enumerate(lines)), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    table = (REPO / "README.md").read_text(encoding="utf-8").split("## Predict", 1)[1].split("\n## ", 1)[0]
    lines = re.findall(r"^\| `(lexnli (?:predict|evaluate)[^`]*)` \| the same \|$", table, re.M)
    assert len(lines) == 2
    for command in lines:
        assert main(shlex.split(command)[1:]) == 0, command
    out = capsys.readouterr().out
    assert '"predicted_label"' in out and "by category" in out and "| c1 " in out
