"""lexnli's hand lists: words WordNet and VerbOcean do not relate as NLI needs, as small data tables.

Each module holds one list and the relation source that reads it
(:func:`~lexical_resources.registry.relation_source`); :mod:`lexical_resources.lists.kinds` holds
the kinds of WordNet's hierarchy the WordNet tests read. Every module of this package is imported
here, so a new list is one new module and no edit elsewhere.
"""
from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
