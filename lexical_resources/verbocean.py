"""VerbOcean (Chklovski & Pantel 2004): scored semantic relations between verb pairs.

The file has ``#`` comment lines, then one relation a line::

    buy [similar] purchase :: 10.508194

Relations are directed as in the file (``verb1 [stronger-than] verb2``); the symmetric ones
(*similar*, *opposite-of*) are usually listed both ways. The file repeats some lines (49,182
relation lines, 44,362 distinct ``(verb1, relation, verb2)``); a repeated triple keeps its highest
score. Lookups are one dict access on the ``(verb1, verb2)`` pair.

The official file is in the Excitement Open Platform repository; :meth:`VerbOcean.load` downloads
it (checksum-verified) into the lexnli data home when it is not found locally.
"""
from __future__ import annotations

import gzip
import hashlib
import io
import math
import os
import re
import sys
import zlib
from pathlib import Path

from lexnli import data_home as data_homes
from lexnli.errors import ChecksumError, CorpusFormatError
from lexnli.io import existing_file, open_bytes

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
        self._pairs = pairs
        self.source = source
        self.min_score = min_score
        #: Relation lines read from the file (kept or not, repeats included).
        self.n_lines = n_lines
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
        pairs: dict[tuple[str, str], dict[str, float]] = {}
        n_lines = 0
        with _open_text(path, verify) as lines:
            for number, line in enumerate(lines, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                verb1, relation, verb2, score = _parse(line, path, number)
                n_lines += 1
                if score < min_score:
                    continue
                scores = pairs.setdefault((verb1, verb2), {})
                if scores.get(relation, -math.inf) < score:
                    scores[relation] = score
        frozen = {pair: tuple(scores.items()) for pair, scores in pairs.items()}
        return cls(frozen, source=str(path), min_score=min_score, n_lines=n_lines)

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
        found = self._pairs.get((verb1, verb2))  # fast path: already normalized
        if found is None:
            key = (verb1.strip().lower(), verb2.strip().lower())
            found = self._pairs.get(key, ()) if key != (verb1, verb2) else ()
        return found

    @property
    def verbs(self) -> frozenset[str]:
        """Every verb in a kept relation."""
        if self._verbs is None:
            self._verbs = frozenset(v for pair in self._pairs for v in pair)
        return self._verbs

    def __len__(self) -> int:
        """Number of distinct ``(verb1, relation, verb2)`` kept."""
        return sum(len(found) for found in self._pairs.values())

    def __contains__(self, pair) -> bool:
        """Whether ``(verb1, verb2)`` has any kept relation."""
        return tuple(pair) in self._pairs

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(source={self.source!r}, relations={len(self)}, "
                f"min_score={self.min_score})")


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


def _open_text(path: Path, verify: bool):
    """The file's text (decompressed), its content checked against :data:`VERBOCEAN_SHA256` if asked."""
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
    try:
        return io.StringIO(content.decode("utf-8"))
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
