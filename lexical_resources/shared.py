"""The process-wide WordNet and VerbOcean every feature and model uses, loaded once on first use.

:func:`set_resources` injects other instances (custom settings, tests); :func:`resources_version`
changes whenever the shared resources do, so memo tables built on them know to start again.
"""
from __future__ import annotations

from lexnli.errors import ResourceMissingError

from .verbocean import ENV_VAR, VERBOCEAN_FILENAME, VERBOCEAN_URL, VerbOcean
from .wordnet import WordNet

_SHARED: dict[str, object] = {}
_VERSION = [0]


def get_wordnet() -> WordNet:
    """The shared :class:`WordNet` (default settings unless :func:`set_resources` gave another).

    Raises :class:`~lexnli.errors.ResourceMissingError` when the WordNet data is not installed.
    """
    wn = _SHARED.get("wordnet")
    if wn is None:
        wn = _SHARED["wordnet"] = WordNet()
    return wn


def get_verbocean() -> VerbOcean:
    """The shared :class:`VerbOcean`, from :meth:`VerbOcean.load` (``$LEXNLI_VERBOCEAN``, the data home, or a download).

    Raises :class:`~lexnli.errors.ResourceMissingError` saying how to provide the file.
    """
    vo = _SHARED.get("verbocean")
    if vo is None:
        try:
            vo = VerbOcean.load()
        except FileNotFoundError as exc:  # includes DataNotFoundError (offline, no local copy)
            raise ResourceMissingError(
                f"VerbOcean is not available: {exc} It is read from ${ENV_VAR} (a {VERBOCEAN_FILENAME}[.gz]) "
                f"if set, else from the data home; online, `lexnli fetch verbocean` downloads it there from "
                f"{VERBOCEAN_URL}.") from exc
        _SHARED["verbocean"] = vo
    return vo


def set_resources(*, wordnet: WordNet | None = None, verbocean: VerbOcean | None = None) -> None:
    """Share these instances from now on (``None`` leaves a resource as it is)."""
    if wordnet is not None:
        _SHARED["wordnet"] = wordnet
    if verbocean is not None:
        _SHARED["verbocean"] = verbocean
    _VERSION[0] += 1


def reset_resources() -> None:
    """Forget the shared instances: they are loaded again on next use (e.g. after changing ``$LEXNLI_VERBOCEAN``)."""
    _SHARED.clear()
    _VERSION[0] += 1


def resources_version() -> int:
    """A number that changes whenever :func:`set_resources` or :func:`reset_resources` is called."""
    return _VERSION[0]
