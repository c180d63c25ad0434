"""Work on contiguous shards of the input in worker processes: the same results as in one process."""
import gzip
import json
import multiprocessing
import os
import signal
import time

import numpy as np
import pytest

from featurize import PairFeaturizer, shards
from lexnli.corpora.snli import read_snli
from lexnli.text import nltk_tokenize_and_tag, tokenize_and_tag_many

from tests.conftest import shared_file
from tests.helpers.matrices import assert_same_matrix
from tests.helpers.string_pairs import X_TEXT


@pytest.mark.parametrize("n_items, shard_size, n_jobs, sizes", [
    (10, 4, 1, [3, 3, 4]), (10, 100, 1, [10]), (0, 8, 2, []), (3, 100, 4, [1, 1, 1]),
    (29840, 8192, 2, [7460, 5595, 4197, 3147, 2361, 1770, 1328, 996, 933, 933, 933, 187]),
    (40, 4, 2, [4] * 7 + [3, 3, 2, 2, 2])])
def test_shards_are_contiguous_bounded_and_shrink_with_several_processes(n_items, shard_size, n_jobs, sizes):
    slices = shards.shard_slices(n_items, shard_size, n_jobs)
    assert [s.stop - s.start for s in slices] == sizes
    assert [s.start for s in slices] == [0] + [s.stop for s in slices[:-1]] if n_items else slices == []


PARENT = os.getpid()


def _pid_and_sum(items):
    time.sleep(0.02)  # long enough for a forked worker to start and take shards
    return os.getpid(), sum(items)


def test_this_process_and_a_forked_one_share_the_shards_and_answer_in_order():
    items = list(range(100))
    slices = shards.shard_slices(len(items), 10, 2)
    found = list(shards.map_slices(_pid_and_sum, items, slices, 2))
    assert [total for _, total in found] == [sum(items[s]) for s in slices]
    assert len({pid for pid, _ in found}) == 2 and os.getpid() in {pid for pid, _ in found}
    assert list(shards.map_slices(_pid_and_sum, items, slices, 1)) == [(os.getpid(), sum(items[s])) for s in slices]


def _fails_in_a_worker(items):
    time.sleep(0.02)
    if os.getpid() != PARENT:
        raise ValueError(f"shard starting at {items[0]}")
    return sum(items)


def _dies_in_a_worker(items):
    time.sleep(0.02)
    if os.getpid() != PARENT:
        os._exit(3)
    return sum(items)


def _sigterm_handling(items):
    time.sleep(0.02)
    return os.getpid(), signal.getsignal(signal.SIGTERM)


def _stuck_in_a_worker(items):
    if os.getpid() != PARENT:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # as an inherited handler that does not end it
        time.sleep(30)
    time.sleep(0.05)
    raise ValueError("failed here")


def test_workers_end_whatever_this_processs_sigterm_handler():
    """A CLI's SIGTERM handler (exit_on_signals, SystemExit) was inherited by forked workers, and a worker
    sent SIGTERM while starting once outlived it and the call waited for ever: workers take the default
    handler, and are ended with SIGKILL."""
    from lexnli.cli import exit_on_signals

    previous = signal.getsignal(signal.SIGTERM)
    exit_on_signals()
    try:
        found = list(shards.map_slices(_sigterm_handling, list(range(100)), shards.shard_slices(100, 10, 2), 2))
        assert {handler for pid, handler in found if pid != os.getpid()} == {signal.SIG_DFL}
    finally:
        signal.signal(signal.SIGTERM, previous)
    start = time.perf_counter()
    with pytest.raises(ValueError, match="failed here"):
        list(shards.map_slices(_stuck_in_a_worker, list(range(10)), shards.shard_slices(10, 1, 2), 2))
    assert time.perf_counter() - start < 10  # the worker ignoring SIGTERM did not hold the call


def test_a_workers_error_is_raised_here_and_its_death_named():
    slices = shards.shard_slices(100, 10, 2)
    with pytest.raises(ValueError, match="shard starting at"):
        list(shards.map_slices(_fails_in_a_worker, list(range(100)), slices, 2))
    with pytest.raises(RuntimeError, match="worker process ended without sending its shard"):
        list(shards.map_slices(_dies_in_a_worker, list(range(100)), slices, 2))


def _in_a_daemonic_worker(_):
    return {pid for pid, _ in shards.map_slices(_pid_and_sum, list(range(10)), shards.shard_slices(10, 2, 2), 2)}


def test_a_daemonic_worker_maps_in_its_own_process():  # a multiprocessing Pool's worker, say
    with multiprocessing.get_context("fork").Pool(1) as pool:
        pids = pool.map(_in_a_daemonic_worker, [0])[0]
    assert len(pids) == 1 and os.getpid() not in pids  # every shard in the worker itself


def test_without_fork_joblib_workers_get_each_shard(monkeypatch):
    monkeypatch.setattr(shards, "FORK", False)
    items = list(range(30))
    slices = shards.shard_slices(len(items), 10, 2)
    found = list(shards.map_slices(_pid_and_sum, items, slices, 2))
    assert [total for _, total in found] == [sum(items[s]) for s in slices] and os.getpid() not in {p for p, _ in found}


def _dev_lines(n):
    with gzip.open(shared_file("snli_1.0/snli_1.0_dev.jsonl.gz"), "rt", encoding="utf-8") as f:
        return [json.loads(line) for _, line in zip(range(n), f)]


def _same_fit(X, **params):
    one, two = (PairFeaturizer(n_jobs=n_jobs, **params) for n_jobs in (1, 2))
    assert_same_matrix(one.fit_transform(X), two.fit_transform(X))
    if params.get("n_features") is None:
        assert np.array_equal(one.vocabulary_, two.vocabulary_) and one.vocabulary_names_ == two.vocabulary_names_
    assert_same_matrix(one.transform(X[::-1]), two.transform(X[::-1]))


@pytest.mark.parametrize("params", [{"n_features": None, "batch_size": 64},
                                    {"n_features": None, "min_df": 2, "dense_bins": 5, "tag_set": "coarse"},
                                    {"n_features": 2**12, "batch_size": 100}])
def test_two_processes_give_one_processs_matrix_on_raw_snli_pairs(params):
    """400 SNLI dev lines as raw strings: several shards, premises repeated across shard edges."""
    pairs = [(line["sentence1"], line["sentence2"]) for line in _dev_lines(400)]
    _same_fit(pairs, **params)


def test_two_processes_give_one_processs_matrix_on_parsed_records(snli_dev_path):
    records = read_snli(snli_dev_path)[:500]
    _same_fit(records, n_features=None, batch_size=64)


def test_tagging_in_two_processes_gives_one_processs_matrix():
    """Each process tags with its own memo and word caches (the forked one's a copy of the parent's)."""
    pairs = [(f"A dog number {i} runs.", f"A cat number {i} sleeps.") for i in range(50)]
    X = PairFeaturizer(n_features=None, n_jobs=2, batch_size=10).fit_transform(pairs)
    assert_same_matrix(X, PairFeaturizer(n_features=None).fit_transform(pairs))
    assert tokenize_and_tag_many([pairs[0][0]]) == [nltk_tokenize_and_tag(pairs[0][0])]


def test_the_featurizer_without_fork(monkeypatch):
    serial = PairFeaturizer(n_features=None, batch_size=5).fit_transform(X_TEXT)
    monkeypatch.setattr(shards, "FORK", False)
    assert_same_matrix(PairFeaturizer(n_features=None, batch_size=5, n_jobs=2).fit_transform(X_TEXT), serial)
