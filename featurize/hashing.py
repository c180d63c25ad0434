"""Stable 64-bit hashes for tokens and for the tuples of tokens that make a feature.

A feature is identified by a 64-bit key: its family's seed folded with the hashes of its
tokens by :func:`mix`. Keys are the same in every process and run (blake2b, not Python's
salted ``hash``), so batch order and ``n_jobs`` cannot change a feature's column.
"""
from __future__ import annotations

import hashlib

import numpy as np

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


def stable_hash(text: str) -> int:
    """64-bit blake2b hash of a string (surrogates allowed)."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little")


class _HashCache(dict):
    """``cache[token]`` is ``stable_hash(token)``, computed once per distinct token."""

    def __missing__(self, token):
        value = self[token] = stable_hash(token)
        return value


TOKEN_HASHES = _HashCache()


def hash_tokens(tokens: list[str]) -> np.ndarray:
    """The stable hashes of ``tokens`` as a ``uint64`` array."""
    return np.fromiter(map(TOKEN_HASHES.__getitem__, tokens), dtype=np.uint64, count=len(tokens))


def mix(a, b) -> np.ndarray:
    """Combine two uint64 arrays (or an array and a scalar) into well-spread uint64 keys (splitmix64)."""
    with np.errstate(over="ignore"):
        z = np.asarray(a, dtype=np.uint64) * _GOLDEN + np.asarray(b, dtype=np.uint64)
        z = (z ^ (z >> np.uint64(30))) * _M1
        z = (z ^ (z >> np.uint64(27))) * _M2
        return z ^ (z >> np.uint64(31))


def feature_keys(seed: int, *components: np.ndarray) -> np.ndarray:
    """Keys of the features made of ``components`` (aligned uint64 arrays) in a family with ``seed``."""
    key = np.full(len(components[0]), seed, dtype=np.uint64)
    for component in components:
        key = mix(key, component)
    return key
