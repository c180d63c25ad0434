"""RTE-3 (Giampiccolo et al. 2007) through NLTK's RTE corpus, as two-class :class:`Pair` records.

RTE is a two-way task: a pair's ``value`` is 1 when the text entails the hypothesis, else 0
(RTE-3's 2-way gold standard merges "unknown" and "contradiction" into "no"). We map
1 -> ``"entailment"`` and 0 -> ``"non-entailment"`` (:data:`NON_ENTAILMENT`), the label the
two-class experiments collapse SNLI's and SICK's neutral and contradiction into. The text is the
premise. RTE has no parses: tokens and tags come from :func:`lexnli.text.make_sentences`.

Splits: ``"dev"`` is ``rte3_dev.xml`` (800 pairs, the training data), ``"test"`` is
``rte3_test.xml`` (800 pairs). Install the data with ``python -m nltk.downloader rte``.
"""
from __future__ import annotations

import zipfile

from ..errors import ResourceMissingError, damaged_nltk_zip_error
from ..records import ENTAILMENT, NON_ENTAILMENT, Pair
from ..text import make_sentences

FILES = {"dev": "rte3_dev.xml", "test": "rte3_test.xml"}
_VALUES = {1: ENTAILMENT, 0: NON_ENTAILMENT}


def _rte_reader():
    from nltk.corpus import rte

    try:
        rte.ensure_loaded()
        rte.fileids()
    except LookupError as exc:
        raise ResourceMissingError(
            "NLTK's RTE corpus is not installed: run `python -m nltk.downloader rte`, or set "
            "NLTK_DATA to a folder that has corpora/rte.zip."
        ) from exc
    except zipfile.BadZipFile as exc:
        raise damaged_nltk_zip_error("corpora/rte.zip", "rte", exc) from exc
    return rte


def read_rte3(split: str, *, lemmas: bool = False, tagger: str = "fast") -> list[Pair]:
    """The RTE-3 pairs of ``split`` (``"dev"``: rte3_dev.xml, ``"test"``: rte3_test.xml).

    Labels are ``"entailment"`` / ``"non-entailment"``; ``pair_id`` is NLTK's ``gid``
    (e.g. ``"3-1"``); ``lemmas`` and ``tagger`` (``"fast"`` or ``"nltk"``, the same tags)
    go to :func:`make_sentences`.

    Raises
    ------
    ResourceMissingError
        NLTK's RTE data is not installed (the message says how to install it).
    ValueError
        ``split`` is neither "dev" nor "test", or a pair has an unexpected value.
    """
    if not isinstance(split, str) or split.lower() not in FILES:
        raise ValueError(f"split must be 'dev' or 'test', not {split!r}")
    fileid = FILES[split.lower()]
    rte = _rte_reader()
    if fileid not in rte.fileids():
        raise ResourceMissingError(f"NLTK's RTE corpus has no {fileid}: reinstall it with "
                                   "`python -m nltk.downloader rte`")
    items = rte.pairs(fileid)
    for item in items:
        if item.value not in _VALUES:
            raise ValueError(f"{fileid}, pair {item.gid}: unexpected value {item.value!r} (expected 0 or 1)")
    sentences = make_sentences([(" ".join(text.split()), None) for item in items for text in (item.text, item.hyp)],
                               lemmas=lemmas, tagger=tagger)
    return [Pair(premise=sentences[2 * i], hypothesis=sentences[2 * i + 1], label=_VALUES[item.value], pair_id=item.gid)
            for i, item in enumerate(items)]
