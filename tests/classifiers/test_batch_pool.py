"""classifiers.batch_pool: batches worked on in worker processes come back in order, the first in this process
(one batch starts no process), read ahead no further than the bound, a worker's error raised here."""
import os

import pytest

from classifiers import batch_pool
from classifiers.batch_pool import map_batches
from lexnli.errors import WorkerLostError


def pid_and_scaled(held, sent):
    return os.getpid(), [held * value for value in sent]


def dies_on_three(held, sent):
    if 3 in sent and os.getpid() != held:  # a worker, killed (as by the kernel when memory runs out)
        os._exit(9)
    return sent


def fails_on_three(held, sent):
    if 3 in sent:
        raise ValueError(f"batch {sent}")
    return sent


def test_results_come_back_in_order_from_workers_and_the_first_from_here():
    work = [(f"kept {k}", list(range(k, k + 3))) for k in range(12)]
    found = list(map_batches(pid_and_scaled, 10, work, n_jobs=2))
    assert [kept for kept, _ in found] == [kept for kept, _ in work]
    assert [scaled for _, (_, scaled) in found] == [[10 * v for v in sent] for _, sent in work]
    pids = [pid for _, (pid, _) in found]
    assert pids[0] == os.getpid() and os.getpid() not in pids[1:]
    assert len(set(pids[1:])) <= 2


@pytest.mark.parametrize("n_jobs", [1, 2])
def test_one_batch_or_one_job_stays_in_this_process(n_jobs):
    work = [("only", [1, 2])] if n_jobs == 2 else [("a", [1]), ("b", [2]), ("c", [3])]
    found = list(map_batches(pid_and_scaled, 2, work, n_jobs=n_jobs))
    assert {pid for _, (pid, _) in found} == {os.getpid()}
    assert list(map_batches(pid_and_scaled, 2, [], n_jobs=n_jobs)) == []


def test_batches_are_read_ahead_no_further_than_the_bound():
    read = []

    def work():
        for k in range(100):
            read.append(k)
            yield k, [k]

    results = map_batches(pid_and_scaled, 1, work(), n_jobs=2)
    next(results)
    assert read == [0]  # the first batch, done here before another is read
    next(results)
    assert len(read) == 1 + batch_pool.IN_FLIGHT * 2
    results.close()


def test_a_workers_error_is_raised_here_in_its_turn():
    found = []
    with pytest.raises(ValueError, match=r"batch \[3\]"):
        for kept, result in map_batches(fails_on_three, None, [(k, [k]) for k in range(8)], n_jobs=2):
            found.append(result)
    assert found == [[0], [1], [2]]


def test_a_worker_that_dies_is_one_error_naming_what_to_do():
    with pytest.raises(WorkerLostError, match="ended before its batch was done .* --n-jobs 1"):
        list(map_batches(dies_on_three, os.getpid(), [(k, [k]) for k in range(8)], n_jobs=2))
