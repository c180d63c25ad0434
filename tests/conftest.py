"""Fixtures the test modules share: where the data lives (and NLTK set up from it), data files and models
made once per run, the tagger and WordNet (or a skip naming what is missing), and the mutation runs' hooks."""
import os
from pathlib import Path

import pytest

from lexnli.errors import ResourceMissingError

from tests.helpers.mutmut_fixture_stats import pytest_fixture_setup, pytest_runtest_teardown  # noqa: F401 (mutation runs only)

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("LEXNLI_SHARED_DATA", REPO.parent / "shared" / "data"))
NLTK_DATA = Path(os.environ.get("NLTK_DATA", SHARED_DATA / "nltk_data"))

if NLTK_DATA.exists():
    import nltk

    if str(NLTK_DATA) not in nltk.data.path:
        nltk.data.path.insert(0, str(NLTK_DATA))


def shared_file(relative: str) -> Path:
    """A file under the shared data folder, or skip the test saying what is missing."""
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"{path} is absent (set LEXNLI_SHARED_DATA to the folder holding the shared data)")
    return path


def wordnet_or_skip(load):
    """``load()`` (something that needs lexical data: NLTK's WordNet, for some VerbOcean too), or skip
    the test with the error's message, which names what is missing and how to get it."""
    try:
        return load()
    except ResourceMissingError as exc:
        pytest.skip(f"needs missing data: {exc}")


@pytest.fixture(scope="session", autouse=True)
def tiny_syntax_model():
    """Every test reads trees with the tiny syntax model of :mod:`tests.helpers.syntax_fixture`, never with
    a model the machine happens to have (``LEXNLI_SYNTAX`` points at it for the run, then is restored)."""
    from lexnli.syntax import SYNTAX_ENV

    from tests.helpers.syntax_fixture import tiny_syntax_path

    before = os.environ.get(SYNTAX_ENV)
    os.environ[SYNTAX_ENV] = str(tiny_syntax_path())
    yield tiny_syntax_path()
    if before is None:
        del os.environ[SYNTAX_ENV]
    else:
        os.environ[SYNTAX_ENV] = before


@pytest.fixture(autouse=True)
def own_data_home(tmp_path_factory, monkeypatch):
    """Every test has an empty data home of its own (``LEXNLI_DATA``; a test may set another): nothing it
    writes there, the models it loads cached among them (:mod:`classifiers.model_cache`), reaches the user's
    data home or another test."""
    monkeypatch.setenv("LEXNLI_DATA", str(tmp_path_factory.mktemp("data_home")))


@pytest.fixture
def no_shared_data(monkeypatch):
    """``LEXNLI_SHARED_DATA`` unset, for a test of what the data home alone holds (the library reads it too)."""
    monkeypatch.delenv("LEXNLI_SHARED_DATA", raising=False)


@pytest.fixture(scope="session")
def snli_dev_path() -> Path:
    return shared_file("snli_1.0/snli_1.0_dev.jsonl.gz")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A test (or its fixture) that needs a data package this machine lacks -- NLTK's tagger or
    WordNet, VerbOcean -- is reported as skipped with the error's message, which names the
    package and how to install it."""
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is not None and call.excinfo.errisinstance(ResourceMissingError):
        path, line, _ = item.reportinfo()
        report.outcome = "skipped"
        report.longrepr = (str(path), (line or 0) + 1, f"Skipped: needs missing data: {call.excinfo.value}")


@pytest.fixture(scope="session")
def noisy_snli_files(tmp_path_factory) -> dict:
    """The noisy fixture of :mod:`tests.helpers.noisy_snli` written as train/dev/test jsonl files (paths by split)."""
    from tests.helpers.noisy_snli import write_splits

    return write_splits(tmp_path_factory.mktemp("noisy_snli"))


@pytest.fixture(scope="session")
def noisy_snli(noisy_snli_files) -> dict:
    """The noisy fixture read back: ``SNLICorpus`` by split."""
    from lexnli.corpora.snli import read_snli

    return {split: read_snli(path) for split, path in noisy_snli_files.items()}


@pytest.fixture(scope="session")
def noisy_lexicalized(noisy_snli):
    """A lexicalized model (``make_model`` defaults, C=1) fitted on the noisy fixture's train split; tests
    must not change it (copy it first)."""
    from classifiers.logistic import make_model

    train = noisy_snli["train"]
    return make_model("lexicalized", C=1.0).fit(train.pairs, train.labels)


@pytest.fixture(scope="session")
def tagger():
    """NLTK's tagger loaded, for tests of raw text; skipped, naming it, where it is missing."""
    from lexnli.text import nltk_tagger

    try:
        nltk_tagger()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="session")
def resources(tagger):
    """NLTK's tagger, WordNet and VerbOcean loaded, for tests of the inference features on raw text;
    skipped, naming what is missing."""
    import lexical_resources

    try:
        lexical_resources.get_wordnet()
        lexical_resources.get_verbocean()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="session")
def template_files(tmp_path_factory) -> dict:
    """Templated pairs with parses (:func:`tests.helpers.templates.write_parsed_jsonl`) as 80 train / 20 dev /
    20 test jsonl files, and their ``root`` folder; reading them needs no tagger."""
    from tests.helpers.templates import templated_pairs, write_parsed_jsonl

    root = tmp_path_factory.mktemp("hardening")
    triples = templated_pairs(120)
    return {"root": root, "train": write_parsed_jsonl(root / "train.jsonl", triples[:80]),
            "dev": write_parsed_jsonl(root / "dev.jsonl", triples[80:100]),
            "test": write_parsed_jsonl(root / "test.jsonl", triples[100:])}


@pytest.fixture(scope="session")
def template_model(template_files):
    """A lexicalized model (C=1) fitted on :func:`template_files`' train split; tests must not change it."""
    from classifiers.logistic import fit_select_C
    from lexnli.corpora.snli import read_snli

    train, dev = read_snli(template_files["train"]), read_snli(template_files["dev"])
    return fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "lexicalized", grid=(1.0,)).model


@pytest.fixture(scope="session")
def readme_pipeline(template_files):
    """The README's ``make_pipeline(PairFeaturizer("lexicalized"), LogisticRegression(max_iter=1000))`` (steps
    named after their classes, no scaling) fitted on :func:`template_files`' train split; tests must not change it."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    from featurize import PairFeaturizer
    from lexnli.corpora.snli import read_snli

    train = read_snli(template_files["train"])
    return make_pipeline(PairFeaturizer("lexicalized"), LogisticRegression(max_iter=1000)).fit(train.pairs,
                                                                                             train.labels)


@pytest.fixture(scope="session")
def template_corpora(tmp_path_factory) -> dict:
    """Templated pairs without parses as 80 train / 20 dev / 20 test jsonl files, read (``SNLICorpus`` by
    split; reading them needs the tagger), and their ``root`` folder."""
    from lexnli.corpora.snli import read_snli
    from tests.helpers.templates import templated_pairs, write_snli_jsonl

    root = tmp_path_factory.mktemp("cls")
    triples = templated_pairs(120)
    write_snli_jsonl(root / "train.jsonl", triples[:80])
    write_snli_jsonl(root / "dev.jsonl", triples[80:100])
    write_snli_jsonl(root / "test.jsonl", triples[100:])
    return {split: read_snli(root / f"{split}.jsonl") for split in ("train", "dev", "test")} | {"root": root}


@pytest.fixture(scope="session")
def template_selection(template_corpora):
    """``fit_select_C`` of the lexicalized model on :func:`template_corpora` (C 0.1 or 1); tests must not
    change its model."""
    from classifiers.logistic import fit_select_C

    train, dev = template_corpora["train"], template_corpora["dev"]
    return fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "lexicalized", grid=(0.1, 1.0))


@pytest.fixture(scope="session")
def snli_lines_files(tmp_path_factory, tagger) -> dict:
    """60 train / 30 dev / 30 test template lines (:mod:`tests.helpers.snli_lines`) as SNLI jsonl files, paths by
    split; they have no parses, so the tagger is needed."""
    from tests.helpers.snli_lines import write_snli_files

    return write_snli_files(tmp_path_factory.mktemp("snli"))


@pytest.fixture(scope="session")
def wordnet(tagger):
    """The shared WordNet (with the tagger), or skip the test naming what is missing."""
    import lexical_resources

    try:
        return lexical_resources.get_wordnet()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))


TINY_VERBOCEAN = """# a tiny VerbOcean for tests
kill [stronger-than] wound :: 5.0
sleep [opposite-of] wake :: 3.0
wake [opposite-of] sleep :: 3.0
buy [similar] purchase :: 10.5
"""


@pytest.fixture
def tiny_verbocean(tmp_path, monkeypatch):
    """LEXNLI_VERBOCEAN pointing at a four-line VerbOcean file; resources reloaded around the test."""
    import lexical_resources

    path = tmp_path / "verbocean.txt"
    path.write_text(TINY_VERBOCEAN, encoding="utf-8")
    monkeypatch.setenv("LEXNLI_VERBOCEAN", str(path))
    monkeypatch.setenv("LEXNLI_VERBOCEAN_VARIANT", "1")  # our own variant, not the official file
    lexical_resources.reset_resources()
    yield path
    lexical_resources.reset_resources()


@pytest.fixture(scope="session")
def real_relations():
    """``WordRelations`` on the real (shared) WordNet, or skip naming what is missing."""
    from lexical_resources import get_wordnet
    from lexical_resources.relations import WordRelations

    return wordnet_or_skip(lambda: WordRelations(get_wordnet()))


@pytest.fixture(scope="session")
def wn():
    """A :class:`~lexical_resources.wordnet.WordNet` with the default settings (not the shared one), or skip
    naming what is missing."""
    from lexical_resources.wordnet import WordNet

    try:
        return WordNet()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))
