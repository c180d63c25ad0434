"""lexnli.nltk_data: NLTK's data found where ``nltk.data.find`` finds it, without importing NLTK; NLTK itself
asked once the caller has imported it."""
import json
import os
import subprocess
import sys
import textwrap
import warnings
import zipfile
from pathlib import Path

import nltk
import pytest

from lexnli.nltk_data import (ZipEntry, default_search_path, find, location_of, search, search_path,
                              wordnet_root)

REPO = Path(__file__).resolve().parents[2]


def fresh(code: str, env: dict) -> str:
    """What ``code`` prints in a fresh interpreter with the environment ``env`` (nothing else of ours)."""
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def environment(home: Path, **variables) -> dict:
    """This environment without ``NLTK_DATA``/``APPENGINE_RUNTIME``, with ``HOME`` at ``home``, and ``variables``."""
    env = {k: v for k, v in os.environ.items() if k not in ("NLTK_DATA", "APPENGINE_RUNTIME")}
    return {**env, "HOME": str(home), **variables}


def wordnet_folder(folder: Path) -> Path:
    (folder / "corpora" / "wordnet").mkdir(parents=True)
    (folder / "corpora" / "wordnet" / "lexnames").write_text("00\tadj.all\t3\n")
    return folder / "corpora" / "wordnet"


def wordnet_zip(folder: Path, top: str = "wordnet/") -> Path:
    (folder / "corpora").mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(folder / "corpora" / "wordnet.zip", "w") as archive:
        if top:
            archive.writestr(top, "")
        archive.writestr("wordnet/lexnames", "00\tadj.all\t3\n")
    return folder / "corpora" / "wordnet.zip"


@pytest.mark.parametrize("variables, head", [({}, ["~/nltk_data"]),
                                             ({"NLTK_DATA": os.pathsep.join(["/a/nltk", "", "~/b"])},
                                              ["/a/nltk", "~/b", "~/nltk_data"]),
                                             ({"NLTK_DATA": "/a/nltk", "APPENGINE_RUNTIME": "1"}, ["/a/nltk"])],
                         ids=["unset", "two folders", "app engine"])
def test_the_default_search_path_is_the_one_nltk_builds(variables, head, tmp_path):
    """Computed in a fresh process (``HOME`` a folder of the test's), before and after importing NLTK."""
    ours, imported, nltks = json.loads(fresh(
        "import json, sys\nfrom lexnli.nltk_data import default_search_path\n"
        "ours, imported = default_search_path(), 'nltk' in sys.modules\nimport nltk\n"
        "print(json.dumps([ours, imported, nltk.data.path]))", environment(tmp_path, **variables)))
    assert ours == nltks and not imported
    assert nltks[:len(head)] == [entry.replace("~", str(tmp_path)) for entry in head]
    assert nltks[len(head)] == os.path.join(sys.prefix, "nltk_data")


@pytest.fixture
def layouts(tmp_path):
    """Folders of NLTK data: WordNet as a folder, as a zip, as a zip without its folder's own entry, both,
    none, a damaged zip, a link to a zip outside the data folders; and a zip that is itself a data folder."""
    places = {name: tmp_path / name for name in ("folder", "zip", "bare_zip", "both", "empty", "damaged", "linked")}
    for place in places.values():
        place.mkdir()
    wordnet_folder(places["folder"])
    wordnet_zip(places["zip"])
    wordnet_zip(places["bare_zip"], top="")
    wordnet_folder(places["both"]), wordnet_zip(places["both"])
    (places["damaged"] / "corpora").mkdir()
    (places["damaged"] / "corpora" / "wordnet.zip").write_bytes(wordnet_zip(tmp_path / "whole").read_bytes()[:60])
    (places["linked"] / "corpora").mkdir()
    (places["linked"] / "corpora" / "wordnet.zip").symlink_to(wordnet_zip(tmp_path / "outside"))
    with zipfile.ZipFile(tmp_path / "data.zip", "w") as archive:
        archive.writestr("corpora/wordnet/lexnames", "00\tadj.all\t3\n")
    places["data.zip"] = tmp_path / "data.zip"
    return places


def nltk_answer(resource, paths):
    """``nltk.data.find``'s answer as lexnli's finder gives it (a path or a zip entry), or the error's type."""
    try:
        return location_of(nltk.data.find(resource, paths))
    except (LookupError, zipfile.BadZipFile) as error:
        return type(error)


def our_answer(resource, paths):
    try:
        return search(resource, paths)
    except (LookupError, zipfile.BadZipFile) as error:
        return type(error)


@pytest.mark.parametrize("resource", ["corpora/wordnet", "corpora/wordnet/", "corpora/wordnet.zip/wordnet/",
                                      "corpora/wordnet/lexnames", "corpora/wordnet.zip", "corpora/wordnet.zip/wordnet",
                                      "corpora/omw-1.4/", "taggers/averaged_perceptron_tagger_eng/"])
def test_search_answers_as_nltk_data_find(resource, layouts, monkeypatch):
    """On every order of the folders; ``nltk.data.path`` is set too: NLTK opens zips in its folders only."""
    orders = [["folder"], ["zip"], ["bare_zip"], ["both"], ["empty"], ["zip", "folder"], ["folder", "zip"],
              ["empty", "bare_zip", "folder"], ["data.zip"], ["data.zip", "zip"], ["damaged", "folder"],
              ["folder", "damaged"], ["missing", "zip"], ["linked"], ["linked", "zip"]]
    answers = set()
    for order in orders:
        paths = [str(layouts.get(name, Path("/nonexistent") / name)) for name in order]
        monkeypatch.setattr(nltk.data, "path", paths)
        assert our_answer(resource, paths) == nltk_answer(resource, paths), (resource, order)
        answers.add(str(our_answer(resource, paths)))
    assert len(answers) > 1 or "wordnet" not in resource  # not the same answer (or error) everywhere


def test_a_data_folder_other_accounts_may_write_to_is_refused_as_nltk_refuses_it(layouts, monkeypatch):
    if os.name != "posix":
        pytest.skip("NLTK refuses such folders on POSIX only")
    for writable, resource in ((layouts["folder"], "corpora/wordnet/"), (layouts["folder"] / "corpora" / "wordnet",
                                                                         "corpora/wordnet/"),
                               (layouts["zip"] / "corpora" / "wordnet.zip", "corpora/wordnet.zip/wordnet/")):
        paths = [str(layouts["folder"]), str(layouts["zip"])]
        monkeypatch.setattr(nltk.data, "path", paths)
        before = our_answer(resource, paths)
        os.chmod(writable, os.stat(writable).st_mode | 0o020)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                ours, nltks = our_answer(resource, paths), nltk_answer(resource, paths)
            assert ours == nltks and ours != before, writable
            assert any(str(writable) in str(w.message) and "chmod go-w" in str(w.message) for w in caught)
        finally:
            os.chmod(writable, os.stat(writable).st_mode & ~0o020)


def test_a_name_that_leaves_the_data_folders_is_refused():
    for name in ("/etc/passwd", "corpora/../../etc", "", "corpora//wordnet", "corpora\\wordnet"):
        with pytest.raises(ValueError, match="no name of NLTK data"):
            search(name, ["/nonexistent"])


@pytest.mark.parametrize("layout", ["folder", "zip"])
def test_without_nltk_imported_wordnet_is_found_where_nltk_finds_it(layout, tmp_path):
    """In a fresh process: found, ensured there (and another package reported missing) and read, all
    without importing NLTK; then NLTK, imported, finds the same."""
    data = tmp_path / "nltk_data"
    data.mkdir()
    (wordnet_folder if layout == "folder" else wordnet_zip)(data)
    env = environment(tmp_path, NLTK_DATA=str(data), LEXNLI_NO_DOWNLOAD="1")
    code = textwrap.dedent(f"""\
        import json, sys
        from lexnli.errors import ResourceMissingError
        from lexnli.nltk_data import find, wordnet_root
        from lexnli.text import NLTK_PACKAGES, ensure_nltk_data, load_wordnet_index
        ensure_nltk_data(*NLTK_PACKAGES['wordnet'])
        try:
            ensure_nltk_data('fake_tagger', 'taggers/fake_tagger/', 'a fake tagger')
        except ResourceMissingError:
            pass
        ours = [str(wordnet_root()), str(find('corpora/wordnet/')), load_wordnet_index().file('lexnames').decode()]
        imported = 'nltk' in sys.modules
        import nltk
        found = nltk.data.find({'corpora/wordnet' if layout == 'folder' else 'corpora/wordnet.zip/wordnet/'!r})
        nltks = [str(found), str(nltk.data.find('corpora/wordnet/')), found.join('lexnames').open().read().decode()]
        print(json.dumps([ours, imported, nltks]))""")
    ours, imported, nltks = json.loads(fresh(code, env))
    assert not imported and ours == nltks and ours[2].startswith("00\tadj.all")
    assert ours[0].startswith(str(data / "corpora" / ("wordnet" if layout == "folder" else "wordnet.zip")))


def test_once_nltk_is_imported_its_data_path_as_the_caller_changed_it_is_read(tmp_path, monkeypatch):
    wordnet_folder(tmp_path / "changed")
    wordnet_zip(tmp_path / "environment")
    monkeypatch.setenv("NLTK_DATA", str(tmp_path / "environment"))  # read by NLTK on import only: not now
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path / "changed")])
    assert search_path() == [str(tmp_path / "changed")] != default_search_path()
    assert find("corpora/wordnet/") == wordnet_root() == tmp_path / "changed" / "corpora" / "wordnet"
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path / "elsewhere")])
    with pytest.raises(LookupError):
        wordnet_root()


def test_wordnet_is_found_in_a_folder_or_a_zip_as_nltk_finds_it(tmp_path, monkeypatch):
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    with pytest.raises(LookupError, match="wordnet"):
        wordnet_root()
    wordnet_zip(tmp_path)
    in_zip = wordnet_root()
    assert in_zip == ZipEntry(tmp_path / "corpora" / "wordnet.zip", "wordnet/")
    assert in_zip.joinpath("lexnames").read_bytes().startswith(b"00")
    assert str(in_zip) == str(tmp_path / "corpora" / "wordnet.zip" / "wordnet")
    wordnet_folder(tmp_path)
    assert wordnet_root() == tmp_path / "corpora" / "wordnet"  # the folder first, as nltk.corpus.wordnet looks
