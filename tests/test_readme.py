"""The README's examples run as written."""
import re

import pytest

from featurize import FAMILIES, GROUPS
from lexnli.errors import ResourceMissingError

from .conftest import REPO


@pytest.fixture
def tagger():
    """The examples featurize plain strings, which NLTK's tagger tags."""
    from lexnli.text import _tagger

    try:
        _tagger()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))


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
