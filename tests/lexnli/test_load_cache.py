"""lexnli.load_cache: array entries written once, then mapped; anything not the user's own, damaged or
switched off is a miss."""
import os
from pathlib import Path

import numpy as np
import pytest

from lexnli import load_cache
from lexnli.data_home import get_data_home

pytestmark = pytest.mark.skipif(not hasattr(os, "getuid"), reason="the cache needs file owners (POSIX)")


class Derive:
    """A derivation that counts its calls."""

    def __init__(self):
        self.calls = 0

    def __call__(self):
        self.calls += 1
        return {"weights": np.arange(12, dtype=np.float32).reshape(3, 4), "words": np.array(["a", "bb"]),
                "version": np.array(2), "empty": np.zeros((0, 5), dtype=np.int16)}


def entry(kind="syntax", sha="ab" * 32):
    return get_data_home() / load_cache.ARRAYS_FOLDER / load_cache.arrays_key(kind, sha)


def assert_equal(found, expected):
    assert list(found) == list(expected)
    for name, array in expected.items():
        assert found[name].dtype == array.dtype and found[name].shape == array.shape
        assert np.array_equal(found[name], array)


def test_a_miss_derives_and_writes_then_a_hit_maps_without_deriving():
    derive = Derive()
    first = load_cache.cached_arrays("syntax", "ab" * 32, derive)
    again = load_cache.cached_arrays("syntax", "ab" * 32, derive)
    assert derive.calls == 1
    assert_equal(again, Derive()())
    assert isinstance(again["weights"], np.memmap) and not again["weights"].flags.writeable
    assert first["words"].tolist() == again["words"].tolist() == ["a", "bb"]
    assert oct(entry().stat().st_mode & 0o777) == "0o700"
    assert {oct(p.stat().st_mode & 0o777) for p in entry().iterdir()} == {"0o600"}


def test_another_source_or_kind_misses():
    derive = Derive()
    load_cache.cached_arrays("syntax", "ab" * 32, derive)
    load_cache.cached_arrays("syntax", "cd" * 32, derive)
    load_cache.cached_arrays("other", "ab" * 32, derive)
    assert derive.calls == 3


def test_switched_off_it_derives_every_time_and_writes_nothing(monkeypatch):
    monkeypatch.setenv(load_cache.CACHE_ENV, "0")
    derive = Derive()
    load_cache.cached_arrays("syntax", "ab" * 32, derive)
    load_cache.cached_arrays("syntax", "ab" * 32, derive)
    assert derive.calls == 2 and not entry().exists()


@pytest.mark.parametrize("spoil", ["group_writable_entry", "group_writable_file", "truncated", "link", "manifest"])
def test_an_entry_not_private_or_damaged_is_a_miss_and_is_written_again(spoil, tmp_path):
    derive = Derive()
    load_cache.cached_arrays("syntax", "ab" * 32, derive)
    path = entry()
    if spoil == "group_writable_entry":
        path.chmod(0o770)
    elif spoil == "group_writable_file":
        (path / "0.npy").chmod(0o660)
    elif spoil == "truncated":
        data = (path / "0.npy").read_bytes()
        (path / "0.npy").write_bytes(data[:-4])
    elif spoil == "manifest":
        (path / "arrays.json").write_text("{not json")
    else:
        elsewhere = tmp_path / "elsewhere"
        path.rename(elsewhere)
        path.symlink_to(elsewhere)
    assert_equal(load_cache.cached_arrays("syntax", "ab" * 32, derive), Derive()())
    assert derive.calls == 2
    assert not path.is_symlink() and load_cache.read_arrays(path.name) is not None  # written again, whole


def test_objects_are_not_cached_but_still_returned():
    with pytest.warns(UserWarning, match="not cached"):
        found = load_cache.cached_arrays("syntax", "ab" * 32, lambda: {"x": np.array([{"a": 1}], dtype=object)})
    assert found["x"][0] == {"a": 1}
    assert load_cache.read_arrays(entry().name) is None


def test_a_folder_others_may_write_to_is_not_used():
    folder = get_data_home() / load_cache.ARRAYS_FOLDER
    folder.mkdir(parents=True)
    folder.chmod(0o777)
    derive = Derive()
    with pytest.warns(UserWarning, match="not used"):
        load_cache.cached_arrays("syntax", "ab" * 32, derive)
    assert not entry().exists()


def test_at_most_max_entries_of_a_kind_are_kept_the_least_recently_used_removed():
    derive = Derive()
    shas = [f"{i:02d}" * 32 for i in range(load_cache.MAX_ARRAY_ENTRIES + 1)]
    load_cache.cached_arrays("syntax", shas[0], derive)
    load_cache.cached_arrays("other", shas[0], derive)
    for sha in shas[1:-1]:
        load_cache.cached_arrays("syntax", sha, derive)
    load_cache.cached_arrays("syntax", shas[0], derive)  # a hit: now the most recently used
    load_cache.cached_arrays("syntax", shas[-1], derive)
    kept = {path.name for path in (get_data_home() / load_cache.ARRAYS_FOLDER).iterdir()}
    assert load_cache.arrays_key("syntax", shas[0]) in kept and load_cache.arrays_key("other", shas[0]) in kept
    assert load_cache.arrays_key("syntax", shas[1]) not in kept
    assert len(kept) == load_cache.MAX_ARRAY_ENTRIES + 1


def test_an_entry_another_process_writes_meanwhile_stands_without_a_warning(monkeypatch, recwarn):
    derive, rename = Derive(), os.rename

    def written_meanwhile(source, target):
        monkeypatch.setattr(load_cache.os, "rename", rename)
        load_cache.write_arrays(Path(target).name, Derive()())  # the other process's whole entry
        rename(source, target)

    monkeypatch.setattr(load_cache.os, "rename", written_meanwhile)
    found = load_cache.cached_arrays("syntax", "ab" * 32, derive)
    assert_equal(found, Derive()())
    assert not [w for w in recwarn if "not cached" in str(w.message)]
    assert_equal(load_cache.read_arrays(entry().name), Derive()())
    assert [p.name for p in entry().parent.iterdir()] == [entry().name]  # no building folder left
