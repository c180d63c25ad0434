"""VerbOcean (Chklovski & Pantel 2004): scored semantic relations between verb pairs.

The file has ``#`` comment lines, then one relation a line::

    buy [similar] purchase :: 10.508194

Relations are directed as in the file (``verb1 [stronger-than] verb2``); the symmetric ones
(*similar*, *opposite-of*) are usually listed both ways. The file repeats some lines (49,182
relation lines, 44,362 distinct ``(verb1, relation, verb2)``); a repeated triple keeps its highest
score. A lookup finds the two verbs' ids and the pair's position in dicts of strings and numbers
(:meth:`VerbOcean._hold`), which the garbage collector does not walk.

The official file is in the Excitement Open Platform repository; :meth:`VerbOcean.load` downloads
it (checksum-verified) into the lexnli data home when it is not found locally.
"""
from __future__ import annotations

import gzip
import hashlib
import math
import os
import re
import sys
import zlib
from pathlib import Path

import numpy as np

from lexnli import data_home as data_homes
from lexnli.errors import ChecksumError, CorpusFormatError
from lexnli.io import existing_file, open_bytes
from lexnli.load_cache import cached_arrays

#: The relations VerbOcean uses.
RELATIONS = ("similar", "opposite-of", "stronger-than", "happens-before", "can-result-in",
             "low-vol", "unk")

VERBOCEAN_FILENAME = "verbocean.unrefined.2004-05-20.txt"
VERBOCEAN_URL = ("https://raw.githubusercontent.com/hltfbk/Excitement-Open-Platform/master/core/src/"
                 "main/resources/VerbOcean/verbocean.unrefined.2004-05-20.txt")
#: SHA-256 of the uncompressed official file.
VERBOCEAN_SHA256 = "5eeeab2bf958040332b9fcc8c5021dcf676789cdb8ac633fd4b62f5969832a3d"
#: Where VerbOcean is looked for in a data folder (:func:`locate_verbocean`).
VERBOCEAN_NAMES = tuple(f"{folder}{VERBOCEAN_FILENAME}{gz}" for folder in ("", "verbocean/") for gz in ("", ".gz"))
#: Environment variable naming a VerbOcean file (``.txt`` or ``.txt.gz``) to use.
ENV_VAR = "LEXNLI_VERBOCEAN"
#: Set to 1 to use a located VerbOcean file whose content is not the official one (your own variant).
VARIANT_ENV_VAR = "LEXNLI_VERBOCEAN_VARIANT"

_LINE = re.compile(r"(\S+)\s+\[([^\]\s]+)\]\s+(\S+)\s+::\s+(\S+)")
_RELATION_NAMES = {r: sys.intern(r) for r in RELATIONS}


class VerbOceanFormatError(CorpusFormatError):
    """A VerbOcean line is malformed; ``source`` and ``line`` (1-based) say where."""


class VerbOcean:
    """Scored relations between verbs, from a VerbOcean file.

    Build with :meth:`load` (the file), or from ``{(verb1, verb2): ((relation, score), ...)}``.
    Verbs are looked up lowercased and stripped, as written in the file (base forms: lemmatize
    first).

    Examples
    --------
    >>> vo = VerbOcean({("buy", "purchase"): (("similar", 10.508194),)})  # VerbOcean.load() reads the file
    >>> vo.relations("buy", "purchase")
    {'similar': 10.508194}
    >>> vo.has_relation("buy", "purchase", "opposite-of")
    False
    """

    def __init__(self, pairs: dict[tuple[str, str], tuple[tuple[str, float], ...]], *,
                 source: str = "<memory>", min_score: float = 0.0, n_lines: int = 0):
        self.source = source
        self.min_score = min_score
        #: Relation lines read from the file (kept or not, repeats included).
        self.n_lines = n_lines
        verb_ids: dict[str, int] = {}
        verb1, verb2, names, scores, bounds = [], [], [], [], [0]
        for (first, second), found in pairs.items():
            verb1.append(verb_ids.setdefault(first, len(verb_ids)))
            verb2.append(verb_ids.setdefault(second, len(verb_ids)))
            for relation, score in found:
                names.append(relation)
                scores.append(score)
            bounds.append(len(names))
        self._hold(list(verb_ids), verb1, verb2, names, scores, bounds)

    def _hold(self, verbs: list[str], verb1: list[int], verb2: list[int], names: list[str], scores: list[float],
              bounds: list[int]) -> None:
        """Keep the relations of the pairs ``(verbs[verb1[p]], verbs[verb2[p]])``, the pair ``p``'s being
        ``names`` and ``scores`` from ``bounds[p]`` to ``bounds[p + 1]``, as flat lists and dicts of strings and
        numbers: the cyclic garbage collector tracks none of their items (a dict of 44,000 tuples, as the file's
        pairs were kept, made its collections walk the whole heap of a loaded model: about 0.1 s of a first
        pair from the shell)."""
        self._verb_names = verbs
        self._verb_id = {verb: i for i, verb in enumerate(verbs)}
        self._pair_at = dict(zip([a * len(verbs) + b for a, b in zip(verb1, verb2)], range(len(verb1))))
        self._names, self._scores, self._bounds = names, scores, bounds
        self._verbs: frozenset[str] | None = None

    @classmethod
    def load(cls, path=None, *, min_score: float = 0.0, data_home=None,
             download_if_missing: bool = True, verify: bool | None = None) -> "VerbOcean":
        """Read a VerbOcean file, locating (or downloading) it if no path is given.

        Parameters
        ----------
        path : str or path-like, optional
            A VerbOcean ``.txt`` or ``.txt.gz`` (gzip is detected from the content). Default:
            ``$LEXNLI_VERBOCEAN`` if set; else ``verbocean.unrefined.2004-05-20.txt`` or
            ``.txt.gz`` in the data home or ``$LEXNLI_SHARED_DATA``, or their ``verbocean/``
            folder (:func:`locate_verbocean`); else the official file is downloaded
            into the data home, checksum-verified.
        min_score : float, default=0.0
            Keep only relations scored at least this much. *unk* relations all score 0.0.
        data_home : str or path-like, optional
            Data home to look in and download to (default: ``$LEXNLI_DATA``, else
            ``~/.cache/lexnli``).
        download_if_missing : bool, default=True
            If False, raise instead of downloading.
        verify : bool or None, default=None
            Check the (uncompressed) content against :data:`VERBOCEAN_SHA256`, so that a damaged
            or cut copy is refused instead of silently giving fewer relations. ``None``: verify
            a located file (``$LEXNLI_VERBOCEAN`` or the data home) unless
            ``$LEXNLI_VERBOCEAN_VARIANT=1`` accepts a variant; a file passed as ``path`` is the
            caller's own and is not verified.

        Raises
        ------
        VerbOceanFormatError
            A line is neither a ``#`` comment, blank, nor ``verb1 [relation] verb2 :: score``
            with a known relation and a finite score; the message names the file and line.
            A damaged (e.g. truncated) compressed file is one too, with no line number.
        ChecksumError
            A verified file's content is not the official file's.
        FileNotFoundError
            ``path`` (or ``$LEXNLI_VERBOCEAN``) does not exist; ``DataNotFoundError`` (a
            subclass) when the file is not in the data home and could not be downloaded.
        """
        min_score = float(min_score)
        if verify is None:
            verify = path is None and os.environ.get(VARIANT_ENV_VAR, "") in ("", "0")
        if path is None:
            path = locate_verbocean(data_home, download_if_missing=download_if_missing)
        path = existing_file(Path(path).expanduser(), "VerbOcean file")
        content = _read_content(path, verify)
        lines = cached_arrays("verbocean", hashlib.sha256(content).hexdigest(),
                              lambda: relation_lines(_decoded(content, path), path))
        verbocean = cls({}, source=str(path), min_score=min_score, n_lines=len(lines["score"]))
        verbocean._hold(lines["verbs"].tolist(), *kept_relations(lines, min_score))
        return verbocean

    def pairs(self) -> dict[tuple[str, str], tuple[tuple[str, float], ...]]:
        """Every kept ``(verb1, verb2)`` and its ``((relation, score), ...)``, in the order of their first kept
        line: what the constructor takes."""
        return {pair: self._relations_at(at) for pair, at in zip(self._pair_names(), self._pair_at.values())}

    def relations(self, verb1: str, verb2: str, min_score: float | None = None) -> dict[str, float]:
        """Return ``{relation: score}`` for ``verb1 [relation] verb2`` (empty if none).

        Parameters
        ----------
        verb1, verb2 : str
            Verbs in base form (case and surrounding spaces are ignored).
        min_score : float, optional
            Keep only relations scored at least this much (on top of the ``min_score`` given to
            :meth:`load`).
        """
        found = self._lookup(verb1, verb2)
        if min_score is None:
            return dict(found)
        return {relation: score for relation, score in found if score >= min_score}

    def link(self, premise_verb: str, hypothesis_verb: str) -> str | None:
        """How a hypothesis verb lemma relates to a premise verb lemma, the strongest link first.

        ``same``; ``similar`` (either direction); ``stronger`` (premise [stronger-than]
        hypothesis: *kill* -> *wound*); ``can_result_in`` (premise [can-result-in] hypothesis);
        ``weaker`` (hypothesis [stronger-than] premise); ``opposite`` (either direction);
        ``happens_before`` (either direction); else None. *Opposite* comes before *happens
        before*: VerbOcean lists 772 ordered pairs with both (*accept* / *oppose*), and the
        opposition is what changes a sentence's meaning.
        """
        if premise_verb == hypothesis_verb:
            return "same"
        forward = self._relation_names(premise_verb, hypothesis_verb)
        backward = self._relation_names(hypothesis_verb, premise_verb)
        if "similar" in forward or "similar" in backward:
            return "similar"
        if "stronger-than" in forward:
            return "stronger"
        if "can-result-in" in forward:
            return "can_result_in"
        if "stronger-than" in backward:
            return "weaker"
        if "opposite-of" in forward or "opposite-of" in backward:
            return "opposite"
        if "happens-before" in forward or "happens-before" in backward:
            return "happens_before"
        return None

    def has_verb(self, verb: str) -> bool:
        """Whether ``verb`` (as given, or lowercased and stripped) is in a kept relation: :meth:`link`
        of it and another verb is None otherwise."""
        return verb in self.verbs or verb.strip().lower() in self.verbs

    def _relation_names(self, verb1: str, verb2: str) -> tuple[str, ...]:
        return tuple(name for name, _ in self._lookup(verb1, verb2))

    def has_relation(self, verb1: str, verb2: str, relation: str,
                     min_score: float | None = None) -> bool:
        """Whether the file has ``verb1 [relation] verb2`` (scored at least ``min_score``).

        Raises
        ------
        ValueError
            ``relation`` is not one of :data:`RELATIONS`.
        """
        if relation not in _RELATION_NAMES:
            raise ValueError(f"unknown VerbOcean relation {relation!r}; expected one of {RELATIONS}")
        for name, score in self._lookup(verb1, verb2):
            if name == relation:
                return min_score is None or score >= min_score
        return False

    def _lookup(self, verb1: str, verb2: str) -> tuple[tuple[str, float], ...]:
        at = self._pair(verb1, verb2)  # fast path: already normalized
        if at is None:
            key = (verb1.strip().lower(), verb2.strip().lower())
            at = self._pair(*key) if key != (verb1, verb2) else None
        return () if at is None else self._relations_at(at)

    def _pair(self, verb1: str, verb2: str) -> int | None:
        """The position of the kept pair ``(verb1, verb2)``, as given, or None."""
        first, second = self._verb_id.get(verb1), self._verb_id.get(verb2)
        if first is None or second is None:
            return None
        return self._pair_at.get(first * len(self._verb_names) + second)

    def _relations_at(self, at: int) -> tuple[tuple[str, float], ...]:
        start, stop = self._bounds[at], self._bounds[at + 1]
        return tuple(zip(self._names[start:stop], self._scores[start:stop]))

    def _pair_names(self):
        """The kept pairs' verbs, in order."""
        verbs = self._verb_names
        return ((verbs[key // len(verbs)], verbs[key % len(verbs)]) for key in self._pair_at)

    @property
    def verbs(self) -> frozenset[str]:
        """Every verb in a kept relation."""
        if self._verbs is None:
            self._verbs = frozenset(v for pair in self._pair_names() for v in pair)
        return self._verbs

    def __len__(self) -> int:
        """Number of distinct ``(verb1, relation, verb2)`` kept."""
        return len(self._names)

    def __contains__(self, pair) -> bool:
        """Whether ``(verb1, verb2)`` has any kept relation."""
        return self._pair(*pair) is not None

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(source={self.source!r}, relations={len(self)}, "
                f"min_score={self.min_score})")


def relation_lines(text: str, path) -> dict[str, np.ndarray]:
    """The relation lines of a VerbOcean file's ``text`` as arrays, in the file's order: ``verb1`` and ``verb2``
    (ids into ``verbs``, the verbs lowercased), ``relation`` (an index into :data:`RELATIONS`) and ``score``.
    What the load cache keeps of a file (:func:`lexnli.load_cache.cached_arrays`).

    Raises
    ------
    VerbOceanFormatError
        Naming ``path`` and the line, for a line that is neither blank, a ``#`` comment nor a relation.
    """
    verb_ids: dict[str, int] = {}
    columns: list[tuple[int, int, int, float]] = []
    relation_ids = {name: i for i, name in enumerate(RELATIONS)}
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        verb1, relation, verb2, score = _parse(line, path, number)
        columns.append((verb_ids.setdefault(verb1, len(verb_ids)), verb_ids.setdefault(verb2, len(verb_ids)),
                        relation_ids[relation], score))
    verb1s, verb2s, relations, scores = zip(*columns) if columns else ((), (), (), ())
    return {"verbs": np.array(list(verb_ids), dtype=str), "verb1": np.array(verb1s, dtype=np.int32),
            "verb2": np.array(verb2s, dtype=np.int32), "relation": np.array(relations, dtype=np.int8),
            "score": np.array(scores, dtype=np.float64)}


def kept_relations(lines: dict, min_score: float) -> tuple[list[int], list[int], list[str], list[float], list[int]]:
    """The relation lines (:func:`relation_lines`) scored at least ``min_score``, as :class:`VerbOcean` holds
    them: each kept pair's verb ids (``verb1``, ``verb2``), and the relation names and scores of pair ``p``
    from ``bounds[p]`` to ``bounds[p + 1]``. Each ``(verb1, relation, verb2)`` has its highest score; the
    pairs, and each pair's relations, are in the order of their first kept line. :func:`kept_pairs_by_line`
    is the reference, one line at a time; this groups the lines with NumPy."""
    keep = np.flatnonzero(lines["score"] >= min_score)
    verb1, verb2 = lines["verb1"][keep].astype(np.int64), lines["verb2"][keep].astype(np.int64)
    pair = verb1 * max(len(lines["verbs"]), 1) + verb2
    _, first, inverse = np.unique(pair * len(RELATIONS) + lines["relation"][keep], return_index=True,
                                  return_inverse=True)
    best = np.full(len(first), -np.inf)
    np.maximum.at(best, inverse.ravel(), lines["score"][keep])
    pair_ids, pair_of = np.unique(pair[first], return_inverse=True)
    pair_first = np.full(len(pair_ids), len(keep))
    np.minimum.at(pair_first, pair_of.ravel(), first)
    order = np.lexsort((first, pair_first[pair_of.ravel()]))  # by the pair's first line, then the relation's
    at = keep[first[order]]
    bounds = np.flatnonzero(np.diff(pair_first[pair_of.ravel()][order], prepend=-1, append=len(keep) + 1))
    starts = at[bounds[:-1]]
    return (lines["verb1"][starts].tolist(), lines["verb2"][starts].tolist(),
            [RELATIONS[code] for code in lines["relation"][at].tolist()], best[order].tolist(), bounds.tolist())


def kept_pairs_by_line(lines: dict, min_score: float) -> dict[tuple[str, str], tuple[tuple[str, float], ...]]:
    """:func:`kept_relations` as :meth:`VerbOcean.pairs` gives them, one line at a time (the reference the
    grouping is tested against).

    >>> lines = relation_lines("a [similar] b :: 2.0\\nc [unk] d :: 0.0\\na [similar] b :: 3.0\\n", "vo.txt")
    >>> kept_pairs_by_line(lines, 1.0)
    {('a', 'b'): (('similar', 3.0),)}
    """
    verbs = lines["verbs"].tolist()
    pairs: dict[tuple[str, str], dict[str, float]] = {}
    for v1, v2, relation, score in zip(lines["verb1"].tolist(), lines["verb2"].tolist(),
                                       lines["relation"].tolist(), lines["score"].tolist()):
        if score < min_score:
            continue
        scores = pairs.setdefault((verbs[v1], verbs[v2]), {})
        if scores.get(RELATIONS[relation], -math.inf) < score:
            scores[RELATIONS[relation]] = score
    return {pair: tuple(scores.items()) for pair, scores in pairs.items()}


def _parse(line: str, path: Path, number: int) -> tuple[str, str, str, float]:
    match = _LINE.fullmatch(line)
    if match is None:
        raise VerbOceanFormatError(
            path, number, f"expected 'verb1 [relation] verb2 :: score', got {line[:80]!r}")
    verb1, relation, verb2, score_text = match.groups()
    name = _RELATION_NAMES.get(relation)
    if name is None:
        raise VerbOceanFormatError(
            path, number, f"unknown relation {relation!r} (expected one of {', '.join(RELATIONS)})")
    try:
        score = float(score_text)
    except ValueError:
        score = math.nan
    if not math.isfinite(score):
        raise VerbOceanFormatError(path, number, f"score {score_text!r} is not a finite number")
    return sys.intern(verb1.lower()), name, sys.intern(verb2.lower()), score


def _read_content(path: Path, verify: bool) -> bytes:
    """The file's content (decompressed), checked against :data:`VERBOCEAN_SHA256` if asked."""
    try:
        with open_bytes(path) as f:
            content = f.read()
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
        raise VerbOceanFormatError(path, None, f"damaged or truncated file ({exc}); replace it with a "
                                               f"complete copy of {VERBOCEAN_URL}") from exc
    if verify:
        digest = hashlib.sha256(content).hexdigest()
        if digest != VERBOCEAN_SHA256:
            raise ChecksumError(
                f"{path}: its content has sha256 {digest}, not the official file's {VERBOCEAN_SHA256}: it is "
                f"damaged or cut, or another version. Replace it with {VERBOCEAN_URL}, or set "
                f"{VARIANT_ENV_VAR}=1 to use your own variant.")
    return content


def _decoded(content: bytes, path: Path) -> str:
    """``content`` as UTF-8 text, or a :class:`VerbOceanFormatError` naming ``path``."""
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VerbOceanFormatError(path, None, f"not UTF-8 text (byte {exc.start}); replace it with a copy of "
                                               f"{VERBOCEAN_URL}") from None


def locate_verbocean(data_home=None, *, download_if_missing: bool = True) -> Path:
    """The VerbOcean file :meth:`VerbOcean.load` reads by default: ``$LEXNLI_VERBOCEAN`` if set, else
    :data:`VERBOCEAN_FILENAME` (or ``.gz``) in the data home or ``$LEXNLI_SHARED_DATA``, or their
    ``verbocean/`` folder (:func:`lexnli.data_home.find_data`), else the official file downloaded
    into the data home.

    Raises
    ------
    DataNotFoundError
        It is not in the data home and could not (or may not) be downloaded.
    """
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR])
    found = data_homes.find_data(VERBOCEAN_NAMES, data_home)
    if found is not None:
        return found
    return data_homes.fetch_file(VERBOCEAN_FILENAME, VERBOCEAN_URL, VERBOCEAN_SHA256, data_home,
                            download_if_missing=download_if_missing)
