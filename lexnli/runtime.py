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
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
