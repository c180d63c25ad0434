"""Process-level helpers for bulk work."""
from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def gc_paused():
    """Pause Python's cyclic garbage collector for a bulk step; restore its state after.

    Tokenizing, tagging and featurizing make many short-lived objects and no reference cycles,
    so reference counting frees them all; but their allocations trigger collections that scan
    the whole heap, which holds the tagger's and the lexical resources' millions of objects once
    they are loaded (measured in docs/RESULTS.md). A caller's own pause is left as it was.

    What the step leaves alive (its results, the memos) goes to the oldest generation on the way
    out (:func:`promote_survivors`), where a later full collection still reads it: otherwise the
    allocations counted during the pause start a collection at the next one, which scans all of
    it (and, every few calls, the whole heap), 0.2 to 0.9 s after each featurizing call.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            promote_survivors()
            gc.enable()


def promote_survivors() -> None:
    """Move every object the collector tracks in its young generations to its oldest, without a scan.

    That is what a bulk step left alive, and whatever the caller made just before it: garbage
    among them waits for the next full collection instead of the next young one.
    ``gc.freeze()`` moves them all to the permanent generation and clears the count of allocations;
    ``gc.unfreeze()`` moves the permanent generation to the oldest one. Both only join lists.
    Nothing is done while some caller has objects frozen (``gc.get_freeze_count()``): unfreezing
    would thaw them too.
    """
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
