"""The collector pause: survivors promoted without a scan, nothing leaked, a caller's own state kept."""
import gc

import pytest

from lexnli.runtime import gc_paused, promote_survivors


class _Node:
    def __init__(self):
        self.other = None


def _in_generation(obj, generation: int) -> bool:
    return any(o is obj for o in gc.get_objects(generation=generation))


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_survivors_go_to_the_oldest_generation_and_the_allocation_count_restarts(collector_on):
    with gc_paused():
        assert not gc.isenabled()
        survivors = [[i] for i in range(5000)]
    assert gc.isenabled()
    assert gc.get_count()[0] < 100  # the 5,000 allocations no longer start a collection
    assert _in_generation(survivors, 2) and not _in_generation(survivors, 0)


def test_a_cycle_made_during_the_pause_is_still_collected(collector_on):
    with gc_paused():
        a, b = _Node(), _Node()
        a.other, b.other = b, a
    del a, b
    assert gc.collect() >= 2


def test_a_callers_pause_stands():
    was = gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


def test_a_callers_frozen_objects_stay_frozen(collector_on):
    kept = [_Node() for _ in range(10)]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with gc_paused():
            young = [_Node()]
        promote_survivors()
        assert gc.get_freeze_count() == frozen
        assert not _in_generation(kept, 2)
        assert _in_generation(young, 0) or _in_generation(young, 1)  # left where the collector put it
    finally:
        gc.unfreeze()
