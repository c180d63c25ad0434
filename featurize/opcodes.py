"""How to turn one short token sequence into another: ``difflib``'s opcodes, without its matcher object.

The alignment family aligns every pair's hypothesis to its premise by the longest matching
blocks. ``difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()`` does that, but
builds a matcher object, named tuples and junk bookkeeping that sentences never need; for
sentences a few dozen tokens long that overhead is most of the cost. :func:`opcodes` runs the
same algorithm (the same longest blocks, ties to the earliest in ``a`` then in ``b``, the same
recursion on each side) with no junk and no "popular" elements, and returns the same list.
"""
from __future__ import annotations


def _longest_match(a, b2j, alo: int, ahi: int, blo: int, bhi: int) -> tuple[int, int, int]:
    """``(i, j, k)``: the longest block ``a[i:i+k] == b[j:j+k]`` inside ``a[alo:ahi]`` / ``b[blo:bhi]``,
    the earliest in ``a`` (then in ``b``) among the longest; ``k == 0`` when none matches."""
    besti, bestj, bestsize = alo, blo, 0
    j2len: dict[int, int] = {}
    for i in range(alo, ahi):
        positions = b2j.get(a[i])
        if positions is None:  # a word ``b`` does not have: no block runs on through it
            j2len = {}
            continue
        get = j2len.get
        new_j2len = {}
        for j in positions:
            if j < blo:
                continue
            if j >= bhi:
                break
            k = new_j2len[j] = get(j - 1, 0) + 1
            if k > bestsize:
                besti, bestj, bestsize = i - k + 1, j - k + 1, k
        j2len = new_j2len
    return besti, bestj, bestsize


def matching_blocks(a, b) -> list[tuple[int, int, int]]:
    """``SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()`` as plain tuples
    ``(i, j, size)``, adjacent blocks merged, ending with ``(len(a), len(b), 0)``."""
    b2j: dict = {}
    for j, item in enumerate(b):
        b2j.setdefault(item, []).append(j)
    blocks = []
    queue = [(0, len(a), 0, len(b))]
    while queue:
        alo, ahi, blo, bhi = queue.pop()
        i, j, k = found = _longest_match(a, b2j, alo, ahi, blo, bhi)
        if k:
            blocks.append(found)
            if alo < i and blo < j:
                queue.append((alo, i, blo, j))
            if i + k < ahi and j + k < bhi:
                queue.append((i + k, ahi, j + k, bhi))
    blocks.sort()
    merged = []
    i1 = j1 = k1 = 0
    for i2, j2, k2 in blocks:
        if i1 + k1 == i2 and j1 + k1 == j2:
            k1 += k2
        else:
            if k1:
                merged.append((i1, j1, k1))
            i1, j1, k1 = i2, j2, k2
    if k1:
        merged.append((i1, j1, k1))
    merged.append((len(a), len(b), 0))
    return merged


def opcodes(a, b) -> list[tuple[str, int, int, int, int]]:
    """``SequenceMatcher(None, a, b, autojunk=False).get_opcodes()``: ``(tag, i1, i2, j1, j2)`` with
    ``tag`` one of ``equal``, ``replace``, ``delete``, ``insert``, covering both sequences in order."""
    i = j = 0
    answer = []
    for ai, bj, size in matching_blocks(a, b):
        if i < ai and j < bj:
            answer.append(("replace", i, ai, j, bj))
        elif i < ai:
            answer.append(("delete", i, ai, j, bj))
        elif j < bj:
            answer.append(("insert", i, ai, j, bj))
        i, j = ai + size, bj + size
        if size:
            answer.append(("equal", ai, i, bj, j))
    return answer
