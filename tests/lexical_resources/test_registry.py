"""The relation registry: declarations build the tables, and a new list is one new module."""
import re
import shutil
import subprocess
import sys

import pytest

from lexical_resources import registry
from lexical_resources.registry import CONFLICT, EQUAL, GENERAL, NOUN, SPECIFIC, Relation, relation_source

from tests.conftest import REPO


def declared(*sources):
    """RelationSource records as :func:`relation_source` makes them, not registered."""
    return [registry.RelationSource(name, order, None, None, True, (), tuple(relations))
            for name, order, relations in sources]


def test_tables_are_built_from_the_declarations():
    table = registry.relations_table(declared(
        ("a", 1, [Relation("up", GENERAL, 5, inverse="down"), Relation("same", EQUAL, 0)]),
        ("b", 2, [Relation("down", SPECIFIC, 0), Relation("apart", CONFLICT, 3, source="a list")])))
    assert table.order == ("same", "up", "apart", "down")  # by class, then rank
    assert table.classes == {"same": EQUAL, "up": GENERAL, "apart": CONFLICT, "down": SPECIFIC}
    assert table.inverses == {"up": "down", "down": "up"}  # both ways from one declaration
    assert table.sources == {"same": "a", "up": "a", "down": "b", "apart": "a list"}


@pytest.mark.parametrize("sources, message", [
    ([("a", 1, [Relation("x", EQUAL, 0)]), ("b", 2, [Relation("x", EQUAL, 1)])], "declared twice"),
    ([("a", 1, [Relation("x", EQUAL, 0), Relation("y", EQUAL, 0)])], "share rank 0"),
    ([("a", 1, [Relation("x", GENERAL, 0, inverse="nowhere")])], "inverse 'nowhere'"),
])
def test_inconsistent_declarations_are_refused(sources, message):
    with pytest.raises(ValueError, match=message):
        registry.relations_table(declared(*sources))


def test_a_declaration_names_word_classes_and_a_known_class():
    with pytest.raises(ValueError, match="not word classes"):
        relation_source("x", order=1, reads=frozenset({"NN"}))
    with pytest.raises(ValueError, match="class 'opposite'"):
        relation_source("x", order=1, reads=NOUN, relations=(Relation("x", "opposite", 0),))


def test_two_sources_of_one_order_are_an_error():
    relation_source("first", order=-1, reads=None)(lambda *a: None)
    relation_source("second", order=-1, reads=None)(lambda *a: None)
    try:
        with pytest.raises(ValueError, match="same order -1"):
            registry.sources()
    finally:
        registry._forget("first")
        registry._forget("second")


def test_the_declared_sources_give_every_relation_its_class_rank_and_source():
    from lexical_resources import relations

    assert set(relations.RELATION_CLASSES) == set(relations.RELATION_ORDER) == set(relations.RELATION_SOURCES)
    assert relations.RELATION_ORDER[:2] == ("exact", "lemma")
    assert relations.INVERSE_RELATIONS["hypernym"] == "hyponym"
    assert relations.RELATION_SOURCES["age_different"] == "age groups"
    assert [source.order for source in registry.sources()] == sorted(source.order for source in registry.sources())


def test_listing_names_every_source_and_relation():
    listing = subprocess.run([sys.executable, "-m", "lexical_resources", "--list"], capture_output=True, text=True,
                             check=True, cwd=REPO).stdout
    from lexical_resources import relations

    for source in registry.sources():
        assert source.name in listing
    for name in relations.RELATION_ORDER:
        assert re.search(rf"^\s*\d+\s+{name}\s", listing, re.M), name


#: Asks the copied package's relations about two words, with a WordNet that knows nothing but lemmas.
_PROBE = """
from lexical_resources import relations

class NoWordNet:
    def lemma(self, word, pos=None):
        return word
    def __getattr__(self, name):  # every other test: no relation, no file, no place
        return lambda *args, **kwargs: None

words = relations.WordRelations(NoWordNet())
print(relations.RELATION_CLASSES.get("season_different"), relations.RELATION_SOURCES.get("season_different"))
print(words.relation("winter", "NN", "summer", "NN"), words.relation("winter", "NN", "winter", "NN"))
"""


def test_a_new_list_is_one_new_module(tmp_path):
    """docs/RELATIONS.md's example, written as a new module of a copy of the package, joins the tables."""
    (example,) = re.findall(r"```python\n(.*?)```", (REPO / "docs" / "RELATIONS.md").read_text(encoding="utf-8"),
                            re.S)
    shutil.copytree(REPO / "lexical_resources", tmp_path / "lexical_resources",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "lexical_resources" / "lists" / "seasons.py").write_text(example, encoding="utf-8")
    probe = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True,
                           cwd=tmp_path, env={"PYTHONPATH": f"{tmp_path}:{REPO}", "PATH": ""})
    assert probe.stdout.split("\n")[:2] == ["conflict seasons", "season_different exact"]
    # the package itself is unchanged: the example lives only in the copy
    from lexical_resources import relations

    assert "season_different" not in relations.RELATION_CLASSES
