"""VerbOcean reader: a small fixture copied from the real file, plus the real file when present."""
import gzip
import os
from pathlib import Path

import pytest

from lexical_resources import verbocean
from lexical_resources.verbocean import (
    ENV_VAR, RELATIONS, VARIANT_ENV_VAR, VERBOCEAN_FILENAME, VERBOCEAN_SHA256, VERBOCEAN_URL, VerbOcean,
    VerbOceanFormatError, kept_pairs_by_line, relation_lines,
)
from lexnli import data_home
from lexnli.errors import ChecksumError

from tests.conftest import REPO

SHARED_DATA = Path(os.environ.get("LEXNLI_SHARED_DATA",
                                  REPO.parent / "shared" / "data"))
REAL_FILE = SHARED_DATA / "verbocean" / (VERBOCEAN_FILENAME + ".gz")

HEADER = """\
####################################################################################
### Copyright 2004, Timothy Chklovski and Patrick Pantel
###
####################################################################################
"""
# Lines copied from the real file (some lines are repeated there too).
BODY = """\
abduct [happens-before] kill :: 16.359533
abduct [happens-before] arrest :: 15.004390
abduct [similar] arrest :: 13.071457
buy [similar] purchase :: 10.508194
buy [unk] operate :: 0.000000
buy [opposite-of] lease :: 13.001828
murder [happens-before] kill :: 11.820551
murder [stronger-than] kill :: 12.967355
abduct [happens-before] kill :: 16.359533
purchase [similar] buy :: 10.508194
purchase [happens-before] sell :: 10.885875
purchase [opposite-of] sell :: 10.267621
"""
N_LINES = 12       # relation lines in BODY
N_DISTINCT = 11    # distinct (verb1, relation, verb2): one line is repeated


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv(ENV_VAR, raising=False)


@pytest.fixture
def fixture_txt(tmp_path) -> Path:
    path = tmp_path / "vo.txt"
    path.write_text(HEADER + BODY, encoding="utf-8")
    return path


@pytest.fixture
def fixture_gz(tmp_path) -> Path:
    path = tmp_path / "vo.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write(HEADER + BODY)
    return path


def test_load_txt(fixture_txt):
    vo = VerbOcean.load(fixture_txt)
    assert len(vo) == N_DISTINCT
    assert vo.n_lines == N_LINES
    assert vo.source == str(fixture_txt)
    assert vo.verbs == {"abduct", "kill", "arrest", "buy", "purchase", "operate", "lease", "murder",
                        "sell"}
    assert vo.relations("buy", "purchase") == {"similar": 10.508194}
    assert vo.relations("abduct", "arrest") == {"happens-before": 15.004390, "similar": 13.071457}
    assert vo.relations("murder", "kill") == {"happens-before": 11.820551, "stronger-than": 12.967355}
    assert vo.relations("kill", "murder") == {}  # directed as in the file
    assert vo.relations("buy", "nonexistent") == {}
    assert vo.relations("buy", "operate") == {"unk": 0.0}
    assert ("buy", "lease") in vo and ("lease", "buy") not in vo


def test_load_gz_matches_txt(fixture_txt, fixture_gz):
    txt, gz = VerbOcean.load(fixture_txt), VerbOcean.load(str(fixture_gz))
    assert len(gz) == len(txt) and gz.verbs == txt.verbs
    for v1 in txt.verbs:
        for v2 in txt.verbs:
            assert gz.relations(v1, v2) == txt.relations(v1, v2)


def test_queries_ignore_case_and_spaces(fixture_txt):
    vo = VerbOcean.load(fixture_txt)
    assert vo.relations("Buy", " PURCHASE ") == {"similar": 10.508194}
    assert vo.has_relation("BUY", "Lease", "opposite-of")


@pytest.mark.parametrize("premise, hypothesis, link", [
    ("buy", "buy", "same"), ("buy", "purchase", "similar"), ("purchase", "buy", "similar"),
    ("abduct", "arrest", "similar"),              # similar wins over happens-before
    ("murder", "kill", "stronger"), ("kill", "murder", "weaker"),
    ("buy", "lease", "opposite"), ("lease", "buy", "opposite"),  # opposite-of in either direction
    ("purchase", "sell", "opposite"),             # listed as opposite-of and happens-before
    ("abduct", "kill", "happens_before"), ("kill", "abduct", "happens_before"),
    ("buy", "operate", None), ("buy", "nonexistent", None),
])
def test_link_names_the_strongest_relation(fixture_txt, premise, hypothesis, link):
    assert VerbOcean.load(fixture_txt).link(premise, hypothesis) == link


def test_has_relation(fixture_txt):
    vo = VerbOcean.load(fixture_txt)
    assert vo.has_relation("buy", "lease", "opposite-of")
    assert not vo.has_relation("buy", "lease", "similar")
    assert not vo.has_relation("lease", "buy", "opposite-of")
    assert vo.has_relation("buy", "lease", "opposite-of", min_score=13.0)
    assert not vo.has_relation("buy", "lease", "opposite-of", min_score=13.1)
    with pytest.raises(ValueError, match="unknown VerbOcean relation"):
        vo.has_relation("buy", "lease", "antonym")


def test_min_score(fixture_txt):
    vo = VerbOcean.load(fixture_txt)
    assert vo.relations("abduct", "arrest", min_score=14) == {"happens-before": 15.004390}
    assert vo.relations("buy", "operate", min_score=0.0) == {"unk": 0.0}
    assert vo.relations("buy", "operate", min_score=0.1) == {}

    strict = VerbOcean.load(fixture_txt, min_score=12.0)
    assert strict.min_score == 12.0
    assert strict.n_lines == N_LINES
    assert strict.relations("abduct", "arrest") == {"happens-before": 15.004390, "similar": 13.071457}
    assert strict.relations("murder", "kill") == {"stronger-than": 12.967355}
    assert strict.relations("buy", "purchase") == {}
    assert "buy" in strict.verbs and "operate" not in strict.verbs
    assert len(strict) == 5


def test_repeated_line_keeps_highest_score(tmp_path):
    path = tmp_path / "vo.txt"
    path.write_text("buy [similar] purchase :: 9.5\nbuy [similar] purchase :: 10.5\n"
                    "buy [similar] purchase :: 8.0\n", encoding="utf-8")
    vo = VerbOcean.load(path)
    assert vo.relations("buy", "purchase") == {"similar": 10.5}
    assert len(vo) == 1 and vo.n_lines == 3


@pytest.mark.parametrize("bad_line, problem", [
    ("buy [similar] purchase 10.5", "expected 'verb1 [relation] verb2 :: score'"),
    ("buy similar purchase :: 10.5", "expected 'verb1 [relation] verb2 :: score'"),
    ("buy [antonym] sell :: 10.5", "unknown relation 'antonym'"),
    ("buy [similar] purchase :: ten", "score 'ten' is not a finite number"),
    ("buy [similar] purchase :: nan", "score 'nan' is not a finite number"),
])
@pytest.mark.parametrize("gzipped", [False, True])
def test_malformed_line_names_file_and_line(tmp_path, bad_line, problem, gzipped):
    text = HEADER + BODY[:BODY.index("murder")] + bad_line + "\n" + BODY
    line_number = HEADER.count("\n") + BODY[:BODY.index("murder")].count("\n") + 1
    path = tmp_path / ("bad.txt.gz" if gzipped else "bad.txt")
    if gzipped:
        with gzip.open(path, "wt", encoding="utf-8") as out:
            out.write(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(VerbOceanFormatError) as info:
        VerbOcean.load(path)
    assert isinstance(info.value, ValueError)
    assert info.value.line == line_number == 11
    assert str(path) in str(info.value)
    assert f"line {line_number}" in str(info.value)
    assert problem in str(info.value)


def test_blank_lines_and_comments_are_skipped(tmp_path):
    path = tmp_path / "vo.txt"
    path.write_text("# comment\n\nbuy [similar] purchase :: 10.5\n   \n# another\n", encoding="utf-8")
    assert VerbOcean.load(path).relations("buy", "purchase") == {"similar": 10.5}


def test_missing_path(tmp_path):
    with pytest.raises(FileNotFoundError, match="VerbOcean file not found"):
        VerbOcean.load(tmp_path / "nope.txt")


def test_env_var_path(fixture_gz, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(fixture_gz))
    monkeypatch.setenv(VARIANT_ENV_VAR, "1")  # the fixture is not the official file
    vo = VerbOcean.load()
    assert vo.source == str(fixture_gz) and len(vo) == N_DISTINCT


@pytest.mark.parametrize("relative", [VERBOCEAN_FILENAME, VERBOCEAN_FILENAME + ".gz",
                                      "verbocean/" + VERBOCEAN_FILENAME + ".gz"])
def test_found_in_data_home(tmp_path, fixture_txt, fixture_gz, relative):
    home = tmp_path / "home"
    target = home / relative
    target.parent.mkdir(parents=True)
    target.write_bytes((fixture_gz if relative.endswith(".gz") else fixture_txt).read_bytes())
    with pytest.raises(ChecksumError, match=f"not the official file's.*{VARIANT_ENV_VAR}=1"):
        VerbOcean.load(data_home=home, download_if_missing=False)
    vo = VerbOcean.load(data_home=home, download_if_missing=False, verify=False)
    assert vo.source == str(target) and len(vo) == N_DISTINCT


def test_falls_back_to_fetch_file(tmp_path, fixture_txt, monkeypatch, no_shared_data):
    calls = []

    def fetch_file(filename, url, sha256, data_home=None, *, download_if_missing=True, progress=True):
        calls.append((filename, url, sha256, data_home, download_if_missing))
        return fixture_txt

    monkeypatch.setattr(data_home, "get_data_home", lambda data_home=None, **_: Path(data_home or tmp_path / "empty"))
    monkeypatch.setattr(data_home, "fetch_file", fetch_file)
    vo = VerbOcean.load(min_score=1.0, download_if_missing=False, verify=False)  # the fixture is no official copy
    assert calls == [(VERBOCEAN_FILENAME, VERBOCEAN_URL, VERBOCEAN_SHA256, None, False)]
    assert vo.source == str(fixture_txt) and "operate" not in vo.verbs


def test_relations_constant():
    assert set(RELATIONS) == {"similar", "opposite-of", "stronger-than", "happens-before",
                              "can-result-in", "low-vol", "unk"}


def test_a_cut_or_truncated_verbocean_is_refused(tmp_path, monkeypatch):
    from lexical_resources.verbocean import ENV_VAR, VerbOcean, VerbOceanFormatError
    from lexnli.errors import ChecksumError

    from tests.conftest import shared_file

    real = shared_file("verbocean/verbocean.unrefined.2004-05-20.txt.gz")
    monkeypatch.setenv(ENV_VAR, str(real))
    assert len(VerbOcean.load()) == 44_362  # the official content verifies
    text = gzip.decompress(real.read_bytes())
    cut = tmp_path / "cut.txt"
    cut.write_bytes(text[:text.rindex(b"\n", 0, len(text) // 2) + 1])  # cut at a line boundary
    monkeypatch.setenv(ENV_VAR, str(cut))
    with pytest.raises(ChecksumError, match="cut.txt: its content has sha256"):
        VerbOcean.load()
    truncated = tmp_path / "truncated.txt.gz"
    truncated.write_bytes(real.read_bytes()[:100_000])
    with pytest.raises(VerbOceanFormatError, match="truncated.txt.gz: damaged or truncated file"):
        VerbOcean.load(truncated)


@pytest.fixture(scope="module")
def real() -> VerbOcean:
    if not REAL_FILE.is_file():
        pytest.skip(f"{REAL_FILE} is absent (set LEXNLI_SHARED_DATA to the folder holding the "
                    "shared data, with verbocean/ in it)")
    return VerbOcean.load(REAL_FILE)


def test_real_file(real):
    assert real.n_lines == 49_182
    assert len(real) == 44_362  # distinct triples: the file repeats 4,820 lines
    assert len(real.verbs) == 3_477
    assert real.relations("buy", "purchase") == {"similar": 10.508194}
    assert real.relations("murder", "kill") == {"happens-before": 11.820551, "stronger-than": 12.967355}
    assert real.has_relation("buy", "lease", "opposite-of")
    assert real.relations("kill", "abduct") == {"stronger-than": 16.104881}


def test_real_file_min_score():
    if not REAL_FILE.is_file():
        pytest.skip(f"{REAL_FILE} is absent (set LEXNLI_SHARED_DATA to the shared data folder)")
    strict = VerbOcean.load(REAL_FILE, min_score=10.0)
    assert strict.n_lines == 49_182
    assert len(strict) == 21_947  # distinct triples scored >= 10 (checked with sort -u | awk)
    assert strict.relations("murder", "kill") == {"happens-before": 11.820551, "stronger-than": 12.967355}
    assert strict.relations("buy", "operate") == {}


def test_a_binary_file_is_a_format_error_naming_it(tmp_path):
    path = tmp_path / "vo.txt"
    path.write_bytes(b"buy [similar] purchase :: 10.5\n\xff\xfe\x00binary")
    with pytest.raises(VerbOceanFormatError, match=f"{path}.*not UTF-8 text"):
        VerbOcean.load(path)


@pytest.mark.parametrize("min_score", [0.0, 10.5, 13.0, 100.0])
def test_pairs_grouped_at_once_are_those_kept_line_by_line(tmp_path, min_score):
    body = BODY + "buy [similar] purchase :: 11.0\nbuy [similar] purchase :: 9.0\nlease [unk] buy :: 0.0\n"
    (tmp_path / "vo.txt").write_text(HEADER + body, encoding="utf-8")
    loaded = VerbOcean.load(tmp_path / "vo.txt", min_score=min_score)
    expected = kept_pairs_by_line(relation_lines(HEADER + body, "vo.txt"), min_score)
    assert list(loaded.pairs().items()) == list(expected.items())
    assert list(VerbOcean(expected).pairs().items()) == list(expected.items())
    assert len(loaded) == sum(len(found) for found in expected.values())
    assert loaded.verbs == {verb for pair in expected for verb in pair}
    if min_score == 10.5:
        assert loaded.relations("buy", "purchase") == {"similar": 11.0} and ("lease", "buy") not in loaded


def test_real_pairs_grouped_at_once_are_those_kept_line_by_line():
    if not REAL_FILE.is_file():
        pytest.skip(f"{REAL_FILE} is absent (set LEXNLI_SHARED_DATA to the shared data folder)")
    lines = relation_lines(gzip.decompress(REAL_FILE.read_bytes()).decode("utf-8"), REAL_FILE)
    for min_score in (0.0, 10.0, 12.5):
        expected = kept_pairs_by_line(lines, min_score)
        assert list(VerbOcean.load(REAL_FILE, min_score=min_score).pairs().items()) == list(expected.items())


def test_a_file_loaded_again_reads_its_lines_from_the_load_cache(fixture_txt, monkeypatch):
    first = VerbOcean.load(fixture_txt)
    monkeypatch.setattr(verbocean, "relation_lines", lambda text, path: pytest.fail("not read from the cache"))
    again = VerbOcean.load(fixture_txt, min_score=11.0)
    assert again.relations("murder", "kill") == first.relations("murder", "kill", min_score=11.0) != {}
    assert again.n_lines == first.n_lines == N_LINES
    fixture_txt.write_text(HEADER + BODY + "sell [similar] vend :: 12.0\n", encoding="utf-8")
    with pytest.raises(pytest.fail.Exception, match="not read from the cache"):
        VerbOcean.load(fixture_txt)  # another content: another key
