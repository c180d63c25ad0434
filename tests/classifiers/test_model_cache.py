"""classifiers.model_cache: a ``.skops`` model loaded once loads again from a pickle in the data home, without
skops, with identical predictions and info; a changed file misses, a damaged entry is loaded past and written
again, a folder others may write to is never read, at most MAX_ENTRIES are kept, and it can be turned off."""
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import lexnli
from classifiers import model_cache, persistence
from classifiers.persistence import load_model, save_model
from lexnli.corpora.snli import read_snli
from lexnli.data_home import get_data_home

from tests.conftest import REPO


@pytest.fixture
def skops_calls(monkeypatch):
    """The loads that built their model with skops (the calls of ``persistence._load_safe``)."""
    calls = []
    load_safe = persistence._load_safe

    def counted(path, data):
        calls.append(path)
        return load_safe(path, data)

    monkeypatch.setattr(persistence, "_load_safe", counted)
    return calls


def entries() -> list:
    folder = model_cache.cache_folder()
    return sorted(folder.glob("*.pickle")) if folder.is_dir() else []


def test_a_second_load_is_read_from_the_cache_with_identical_predictions_and_info(template_model, template_files,
                                                                                   tmp_path, skops_calls):
    path = save_model(template_model, tmp_path / "m.skops", C=1.0)
    first = load_model(path)
    assert len(skops_calls) == 1
    (entry,) = entries()
    assert entry.name == model_cache.cache_key(path.read_bytes()) + ".pickle"
    assert entry.parent == get_data_home() / "cache" / "models"
    assert (entry.parent.stat().st_mode & 0o777, entry.stat().st_mode & 0o777) == (0o700, 0o600)
    second = load_model(path, n_jobs=2)
    assert len(skops_calls) == 1  # not loaded with skops again
    test = read_snli(template_files["test"]).pairs
    np.testing.assert_array_equal(second.predict_proba(test), first.predict_proba(test))
    np.testing.assert_array_equal(second.predict_proba(test), template_model.predict_proba(test))
    assert second.lexnli_info_ == first.lexnli_info_ and second.lexnli_info_["metadata"] == {"C": 1.0}
    assert second is not first and second[0].n_jobs == 2  # the caller's settings, on a model of its own
    assert first[0].n_jobs is None and load_model(path)[0].n_jobs is None
    copy = tmp_path / "copy.SKOPS"
    copy.write_bytes(path.read_bytes())
    assert load_model(copy).lexnli_info_ == first.lexnli_info_ and len(skops_calls) == 1  # the same bytes elsewhere


def test_a_changed_file_or_other_libraries_miss(template_model, tmp_path, skops_calls, monkeypatch):
    path = save_model(template_model, tmp_path / "m.skops", C=1.0)
    load_model(path)
    save_model(template_model, path, C=2.0)  # the same name, other bytes
    assert load_model(path).lexnli_info_["metadata"] == {"C": 2.0}
    assert len(skops_calls) == 2 and len(entries()) == 2
    key = model_cache.cache_key(path.read_bytes())
    monkeypatch.setattr(model_cache.sklearn, "__version__", "0.0")
    assert model_cache.cache_key(path.read_bytes()) != key


def test_a_damaged_entry_is_loaded_past_and_written_again(template_model, tmp_path, skops_calls):
    path = save_model(template_model, tmp_path / "m.skops", C=1.0)
    load_model(path)
    (entry,) = entries()
    good = entry.read_bytes()
    for damage in (good[:len(good) // 2], b"not a pickle", b""):
        entry.write_bytes(damage)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # loading past a damaged entry warns of nothing
            assert load_model(path).lexnli_info_["metadata"] == {"C": 1.0}
        assert entry.read_bytes() == good  # written again
    calls = len(skops_calls)
    load_model(path)
    assert len(skops_calls) == calls  # and read


def test_a_folder_or_entry_others_may_write_to_is_not_read(template_model, tmp_path, skops_calls, monkeypatch):
    path = save_model(template_model, tmp_path / "m.skops")
    load_model(path)
    (entry,) = entries()
    entry.parent.chmod(0o770)
    with pytest.warns(UserWarning, match=f"model cache {entry.parent}: not used, as it is not a folder of yours"):
        load_model(path)
    assert len(skops_calls) == 2
    entry.parent.chmod(0o700)
    entry.chmod(0o620)
    load_model(path)  # read with skops, the entry written again, private
    assert len(skops_calls) == 3 and entry.stat().st_mode & 0o777 == 0o600
    load_model(path)
    assert len(skops_calls) == 3
    monkeypatch.setattr(os, "getuid", lambda: os.stat(entry).st_uid + 1)  # another user's folder and entry
    with pytest.warns(UserWarning, match="not used"):
        load_model(path)
    assert len(skops_calls) == 4


def test_a_link_is_not_read(template_model, tmp_path, skops_calls):
    path = save_model(template_model, tmp_path / "m.skops")
    load_model(path)
    (entry,) = entries()
    target = tmp_path / "elsewhere.pickle"
    entry.rename(target)
    entry.symlink_to(target)
    load_model(path)
    assert len(skops_calls) == 2 and not entry.is_symlink()  # written in place of the link


def test_at_most_max_entries_are_kept_the_least_recently_used_leaving_first(template_model, tmp_path, skops_calls):
    paths = [save_model(template_model, tmp_path / f"m{c}.skops", C=c) for c in range(model_cache.MAX_ENTRIES + 1)]
    keys = [model_cache.cache_key(p.read_bytes()) for p in paths]
    for path in paths[:-1]:
        load_model(path)
    load_model(paths[0])  # a hit: now the most recently used
    assert len(skops_calls) == model_cache.MAX_ENTRIES
    load_model(paths[-1])
    assert [e.stem for e in entries()] == sorted(keys[:1] + keys[2:])  # the second left, the first kept


def test_the_cache_can_be_turned_off(template_model, tmp_path, skops_calls, monkeypatch):
    path = save_model(template_model, tmp_path / "m.skops")
    load_model(path, cache=False)
    lexnli.load(path, cache=False)
    monkeypatch.setenv(model_cache.CACHE_ENV, "0")
    load_model(path)
    load_model(path)
    assert len(skops_calls) == 4 and entries() == []
    monkeypatch.setenv(model_cache.CACHE_ENV, "1")
    load_model(path)
    assert len(entries()) == 1


def test_lexnli_load_caches_in_the_data_home_it_is_given(template_model, tmp_path):
    path = save_model(template_model, tmp_path / "m.skops")
    lexnli.load(path, data_home=tmp_path / "home")
    assert entries() == [] and len(list((tmp_path / "home" / "cache" / "models").glob("*.pickle"))) == 1


def test_a_cache_that_cannot_be_written_is_a_warning(template_model, tmp_path, monkeypatch):
    path = save_model(template_model, tmp_path / "m.skops", C=1.0)
    home = tmp_path / "home"
    home.write_text("a file where the data home should be")
    monkeypatch.setenv("LEXNLI_DATA", str(home))
    with pytest.warns(UserWarning, match=f"model cache {home / 'cache' / 'models'}: the loaded model was not cached"):
        assert load_model(path).lexnli_info_["metadata"] == {"C": 1.0}


def test_a_second_load_in_a_fresh_process_does_not_import_skops(template_model, tmp_path):
    """Hashing the file and reading the entry need no skops: a second ``lexnli.load`` leaves it unimported."""
    path = save_model(template_model, tmp_path / "m.skops")
    probe = ("import sys, lexnli\nmodel = lexnli.load(sys.argv[1])\n"
             "print(model.info['format'], 'skops' in sys.modules, 'skops.io' in sys.modules)")

    def run():
        return subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True, check=True,
                              cwd=REPO).stdout.split()

    assert run() == ["lexnli-model", "True", "True"]
    assert run() == ["lexnli-model", "False", "False"]
