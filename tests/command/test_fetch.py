"""``lexnli fetch``: one line per resource (found, fetched or missing and how to provide it), exit status 2
while something is missing; never the network (downloads are forbidden or stood in for)."""
import json
from functools import partial

import nltk
import pytest

from command import fetch, main
from lexnli.syntax import COMBINED_SHARE
from lexnli.syntax import FORMAT_VERSION as SYNTAX_VERSION

from tests.conftest import TINY_VERBOCEAN
from tests.helpers.cli import one_error_line
from tests.helpers.parses import PARSES, snli_lines


@pytest.fixture
def empty(tmp_path, monkeypatch):
    """An empty data home and NLTK data path, no VerbOcean file named, downloads forbidden."""
    monkeypatch.setenv("LEXNLI_DATA", str(tmp_path / "home"))
    monkeypatch.setenv("LEXNLI_NO_DOWNLOAD", "1")
    monkeypatch.delenv("LEXNLI_VERBOCEAN", raising=False)
    monkeypatch.delenv("LEXNLI_VERBOCEAN_VARIANT", raising=False)
    monkeypatch.delenv("LEXNLI_SHARED_DATA", raising=False)
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path / "nltk_data")])
    return tmp_path / "home"


def lines(capsys):
    """``({resource: [status, where]}, the data home line, stderr)``, each line's variables checked and cut off."""
    out, err = capsys.readouterr()
    found = {}
    for line in out.splitlines()[1:]:
        name, status, rest = line.split(None, 2)
        assert rest.endswith(f" [{fetch.VARIABLES[name]}]"), line
        found[name] = [status, rest.removesuffix(f" [{fetch.VARIABLES[name]}]")]
    return found, out.splitlines()[0], err


def test_nothing_there_offline_reports_each_missing_resource(empty, capsys):
    assert main.main(["fetch"]) == 2
    found, header, err = lines(capsys)
    assert header == f"data home: {empty} (downloads disabled: LEXNLI_NO_DOWNLOAD)"
    assert list(found) == ["snli", "tagger", "wordnet", "verbocean", "syntax"]
    assert all(status == "missing" and "downloading is disabled (LEXNLI_NO_DOWNLOAD=1)" in reason
               for status, reason in found.values())
    assert "--data-dir DIR" in found["snli"][1] and "LEXNLI_DATA=DIR" in found["verbocean"][1]
    assert "python -m nltk.downloader wordnet" in found["wordnet"][1]
    assert "--data-dir DIR" in found["syntax"][1]  # built from SNLI, which is missing too
    assert err == "error: missing: snli, tagger, wordnet, verbocean, syntax (each line above says how to provide it)\n"
    assert not empty.exists()  # checking creates nothing


def test_present_resources_are_found_where_they_are(empty, tmp_path, monkeypatch, capsys):
    home = tmp_path / "other"
    (home / "snli_1.0").mkdir(parents=True)
    (home / "snli_1.0" / "snli_1.0_dev.jsonl").write_text(json.dumps({"gold_label": "neutral"}) + "\n")
    (home / "verbocean.unrefined.2004-05-20.txt").write_text(TINY_VERBOCEAN, encoding="utf-8")
    monkeypatch.setenv("LEXNLI_VERBOCEAN_VARIANT", "1")  # the tiny file is not the official one
    (tmp_path / "nltk_data" / "corpora" / "wordnet").mkdir(parents=True)
    assert main.main(["fetch", "--data-dir", str(home), "wordnet", "snli", "verbocean", "snli"]) == 0
    found, header, err = lines(capsys)
    assert header == f"data home: {home} (downloads disabled: LEXNLI_NO_DOWNLOAD)" and err == ""
    assert found == {"wordnet": ["found", str(tmp_path / "nltk_data" / "corpora" / "wordnet")],
                     "snli": ["found", str(home / "snli_1.0")],  # named twice, prepared once
                     "verbocean": ["found", f"{home / 'verbocean.unrefined.2004-05-20.txt'} (4 relations)"]}


def test_a_damaged_verbocean_is_reported_with_its_fix(empty, capsys):
    empty.mkdir()
    (empty / "verbocean.unrefined.2004-05-20.txt").write_text(TINY_VERBOCEAN, encoding="utf-8")
    assert main.main(["fetch", "verbocean"]) == 2
    found, _, _ = lines(capsys)
    assert found["verbocean"][0] == "missing" and "not the official file's" in found["verbocean"][1]
    assert "LEXNLI_VERBOCEAN_VARIANT=1" in found["verbocean"][1]


def test_a_missing_resource_is_fetched_when_downloads_are_allowed(empty, monkeypatch, capsys):
    monkeypatch.delenv("LEXNLI_NO_DOWNLOAD")

    def fetch_snli(home, *, download_if_missing=True):  # the download, stood in for
        if not download_if_missing:
            raise fetch.DataNotFoundError("absent")
        (home / "snli_1.0.zip").parent.mkdir(parents=True, exist_ok=True)
        (home / "snli_1.0.zip").write_bytes(b"zip")
        return home / "snli_1.0.zip"

    monkeypatch.setattr(fetch, "fetch_snli", fetch_snli)
    assert main.main(["fetch", "snli"]) == 0
    found, header, _ = lines(capsys)
    assert header == f"data home: {empty}" and found == {"snli": ["fetched", str(empty / "snli_1.0.zip")]}


def test_an_unknown_resource_is_a_usage_error(empty, capsys):
    assert main.main(["fetch", "glove"]) == 2
    assert one_error_line(capsys) == ("error: argument WHAT: unknown resource 'glove'; choose from snli, tagger, "
                                      "wordnet, verbocean, syntax (see lexnli fetch --help)")


def test_the_syntax_model_is_built_from_snli_train_once_then_checked(empty, monkeypatch, capsys):
    (empty / "snli_1.0").mkdir(parents=True)
    (empty / "snli_1.0" / "snli_1.0_train.jsonl").write_text(snli_lines(), encoding="utf-8")
    # a tiny set: no folds, and no base tagger (NLTK's data may be absent)
    monkeypatch.setattr(fetch, "build", partial(fetch.build, jackknife_folds=0, base_tagger=None))
    assert main.main(["fetch", "syntax"]) == 0
    found, _, _ = lines(capsys)
    where = empty / "syntax" / f"snli-syntax-v{SYNTAX_VERSION}.npz"
    combined = round(COMBINED_SHARE * len(PARSES))
    assert found == {"syntax": ["fetched", f"{where} (built from {len(PARSES)} sentences of snli_1.0 train and "
                                           f"{combined} put together from them)"]}
    assert main.main(["fetch", "syntax"]) == 0  # there now: checked, not built again
    assert lines(capsys)[0]["syntax"][0] == "found"
    where.write_bytes(where.read_bytes()[:-1])
    assert main.main(["fetch", "syntax"]) == 2
    status, reason = lines(capsys)[0]["syntax"]
    assert status == "missing" and "sha256 is not the one recorded" in reason


def test_shared_data_supplies_what_the_data_home_lacks_and_each_line_names_its_variables(empty, tmp_path, monkeypatch,
                                                                                          capsys):
    shared = tmp_path / "shared"
    (shared / "snli_1.0").mkdir(parents=True)
    (shared / "snli_1.0" / "snli_1.0_dev.jsonl.gz").write_bytes(b"")
    (shared / "verbocean").mkdir()
    (shared / "verbocean" / "verbocean.unrefined.2004-05-20.txt").write_text(TINY_VERBOCEAN, encoding="utf-8")
    monkeypatch.setenv("LEXNLI_SHARED_DATA", str(shared))
    monkeypatch.setenv("LEXNLI_VERBOCEAN_VARIANT", "1")
    assert main.main(["fetch", "snli", "verbocean"]) == 0
    found, _, _ = lines(capsys)
    assert found == {"snli": ["found", str(shared / "snli_1.0")],
                     "verbocean": ["found", f"{shared / 'verbocean' / 'verbocean.unrefined.2004-05-20.txt'} "
                                            "(4 relations)"]}
    (empty / "verbocean").mkdir(parents=True)  # the data home comes first
    (empty / "verbocean" / "verbocean.unrefined.2004-05-20.txt").write_text(TINY_VERBOCEAN, encoding="utf-8")
    own = tmp_path / "own.txt"
    own.write_text(TINY_VERBOCEAN, encoding="utf-8")
    assert main.main(["fetch", "verbocean"]) == 0
    assert lines(capsys)[0]["verbocean"][1].startswith(str(empty / "verbocean"))
    monkeypatch.setenv("LEXNLI_VERBOCEAN", str(own))  # and LEXNLI_VERBOCEAN before both
    assert main.main(["fetch", "verbocean"]) == 0
    assert lines(capsys)[0]["verbocean"][1].startswith(str(own))
