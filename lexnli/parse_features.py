"""The dependency parser's features: templates over a configuration, each feature an exact int64 key.

The templates are Zhang & Nivre's (2011), for arc-hybrid: words, tags and the labels of children
at the positions ``s0 s1 s2`` (stack), ``b0 b1 b2`` (buffer), ``s0l s0r s1l s1r`` (leftmost and
rightmost children of ``s0`` and ``s1``), ``b0l`` (leftmost child of ``b0``) and ``s0l2 s0r2
b0l2`` (second leftmost or rightmost), alone and in pairs and triples, the ``s0``-``b0``
distance and valencies.

An *atom* is one small integer read from a configuration: a word id (0: no token, 1: unknown),
a tag id (0: no token, 1: unknown), a word's ambiguity class id (0: no token, 1: unknown word:
the tags the word had in training, which let the parser overrule a wrong tag), a label id, a
distance bucket or a valency. A template joins
atoms into two halves of at most 24 bits each (the atoms' bits side by side) and its key is
``template << 48 | first half << 24 | second half``: a feature is an exact integer, with no
hashing or strings. :func:`feature_keys` computes the keys of one configuration, readably; the
batch decoder numbers the same features more densely (:mod:`lexnli.parse_scores`).
"""
from __future__ import annotations

import numpy as np

#: Bits of each kind of atom: words, tags, labels, distance buckets and valencies.
WORD_BITS, TAG_BITS, LABEL_BITS, SMALL_BITS = 18, 6, 5, 3
#: Bits of an ambiguity class (the set of tags a word had in training: :mod:`lexnli.parser`).
CLASS_BITS = 10
#: Where the first half of a key starts, and where the template id starts.
HALF_SHIFT, TEMPLATE_SHIFT = 24, 48

#: Token positions: the stack, the buffer, then children (of s0, s1, b0).
TOKEN_POSITIONS = ("s0", "s1", "s2", "b0", "b1", "b2")
CHILD_POSITIONS = ("s0l", "s0r", "s1l", "s1r", "b0l", "s0l2", "s0r2", "b0l2")
#: The positions whose word's ambiguity class is an atom.
CLASS_POSITIONS = ("s0", "s1", "b0", "b1")

#: The bits of each kind of atom.
KIND_BITS = {"word": WORD_BITS, "tag": TAG_BITS, "label": LABEL_BITS, "small": SMALL_BITS, "class": CLASS_BITS}
#: Every atom (in the order of :func:`atoms`, and of the columns of a batched atom matrix) and its kind.
ATOM_KINDS = dict([(f"{p}{kind[0]}", kind) for p in TOKEN_POSITIONS + CHILD_POSITIONS for kind in ("word", "tag")]
                  + [(f"{p}l", "label") for p in CHILD_POSITIONS]
                  + [(name, "small") for name in ("dist", "s0vl", "s0vr", "b0vl")]
                  + [(f"{p}a", "class") for p in CLASS_POSITIONS])
#: Every atom's bits.
ATOM_BITS = {atom: KIND_BITS[kind] for atom, kind in ATOM_KINDS.items()}
ATOMS = tuple(ATOM_BITS)

#: The templates: the atoms of the first half, then (after ``/``) of the second.
TEMPLATES = (
    # one token
    "s0w s0t", "s0w", "s0t", "b0w b0t", "b0w", "b0t", "b1w b1t", "b1w", "b1t", "b2w b2t", "b2w", "b2t",
    "s1w s1t", "s1w", "s1t", "s2w s2t", "s2t",
    # two tokens
    "s0w s0t / b0w b0t", "s0w s0t / b0w", "s0w / b0w b0t", "s0w s0t / b0t", "s0t / b0w b0t", "s0w / b0w",
    "s0t b0t", "b0t b1t", "s1w s1t / s0w s0t", "s1w s1t / s0t", "s1t / s0w s0t", "s1w / s0w", "s1t s0t",
    "s1w / b0w", "s1t b0t",
    # three tags
    "b0t b1t b2t", "s0t b0t b1t", "s1t s0t b0t", "s0t s0lt b0t", "s0t s0rt b0t", "s0t b0t b0lt",
    "s1t s1lt s0t", "s1t s1rt s0t", "s2t s1t s0t", "s1t s0t s0lt", "s1t s0t s0rt",
    # distance
    "s0w / dist", "s0t dist", "b0w / dist", "b0t dist", "s0w dist / b0w", "s0t b0t dist",
    # valency
    "s0w / s0vl", "s0t s0vl", "s0w / s0vr", "s0t s0vr", "b0w / b0vl", "b0t b0vl",
    # children
    "s0lw", "s0lt", "s0ll", "s0rw", "s0rt", "s0rl", "s1lw", "s1lt", "s1ll", "s1rw", "s1rt", "s1rl",
    "b0lw", "b0lt", "b0ll", "s0t s0ll s0rl", "s1t s1ll s1rl", "b0t b0ll",
    # second children
    "s0l2w", "s0l2t", "s0l2l", "s0r2w", "s0r2t", "s0r2l", "b0l2w", "b0l2t", "b0l2l",
    "s0t s0lt s0l2t", "s0t s0rt s0r2t", "b0t b0lt b0l2t",
    # ambiguity classes
    "s0a", "s0a s0t", "s1a", "s1a s1t", "b0a", "b0a b0t", "b1a", "b1a b1t", "s0a b0a", "s1a s0a",
    # words with the tags around them
    "b0w / b1t", "b0w / b1t b2t", "b0w b0t / b1t", "s0w / b0t b1t", "s0t b0a", "s0a b0t",
)


def _template_parts(template: str) -> list[tuple[int, int]]:
    """``(atom index, shift)`` of each atom of a template; the first half's shifts include HALF_SHIFT."""
    halves = [half.split() for half in template.split("/")]
    parts = []
    for half, base in zip(halves, (HALF_SHIFT, 0) if len(halves) == 2 else (0,)):
        shift = base + sum(ATOM_BITS[a] for a in half)
        if shift - base > HALF_SHIFT:
            raise ValueError(f"template {template!r}: a half holds more than {HALF_SHIFT} bits")
        for atom in half:
            shift -= ATOM_BITS[atom]
            parts.append((ATOMS.index(atom), shift))
    return parts


#: Each template's ``(atom index, shift)`` pairs.
TEMPLATE_PARTS = tuple(_template_parts(t) for t in TEMPLATES)
_WIDTH = max(len(parts) for parts in TEMPLATE_PARTS)
#: Each template's atom indices, padded with ``len(ATOMS)`` (no atom's): (templates, width).
PART_ATOMS = np.array([[a for a, _ in p] + [len(ATOMS)] * (_WIDTH - len(p)) for p in TEMPLATE_PARTS], dtype=np.intp)


def distance_bucket(distance: int) -> int:
    """1-4 for a distance of 1-4 tokens, 5 for 5-9, 6 for more."""
    return distance if distance < 5 else (5 if distance < 10 else 6)


def valency(count: int) -> int:
    """A count of children, capped at 7."""
    return min(count, 7)


def atoms(config, words, tags, classes) -> list[int]:
    """The atoms of a configuration, in the order of :data:`ATOMS`.

    Parameters
    ----------
    config : lexnli.transitions.Configuration
    words, tags, classes : sequence of int
        By token, index 0 for no token (word, tag and class id 0).
    """
    stack, b, n = config.stack, config.b, config.n
    s0, s1, s2 = (stack[-k] if len(stack) >= k else 0 for k in (1, 2, 3))
    b0, b1, b2 = (b + k if b + k <= n else 0 for k in (0, 1, 2))
    children = (config.left1[s0], config.right1[s0], config.left1[s1], config.right1[s1], config.left1[b0],
                config.left2[s0], config.right2[s0], config.left2[b0])
    values = []
    for token in (s0, s1, s2, b0, b1, b2) + children:
        values += [words[token], tags[token]]
    values += [config.labels[child] for child in children]
    values += [distance_bucket(b0 - s0) if s0 and b0 else 0, valency(config.n_left[s0]),
               valency(config.n_right[s0]), valency(config.n_left[b0])]
    values += [classes[s0], classes[s1], classes[b0], classes[b1]]
    return values


def feature_keys(values: list[int]) -> list[int]:
    """The key of every template (in the order of :data:`TEMPLATES`) from a configuration's atoms."""
    keys = []
    for template, parts in enumerate(TEMPLATE_PARTS):
        key = template << TEMPLATE_SHIFT
        for atom, shift in parts:
            key |= values[atom] << shift
        keys.append(key)
    return keys

