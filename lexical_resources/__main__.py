"""List the relation sources in the order they are asked, and the relations they give.

    python -m lexical_resources --list
"""
from __future__ import annotations

import argparse
import textwrap

from . import relations
from .registry import sources


def listing() -> str:
    """The sources as a plain-text table, then the relations in order of preference."""
    lines = ["order  source                                reads     relations it introduces", ""]
    for source in sources():
        reads = "tokens" if source.reads is None else " ".join(sorted(source.reads)) + ("" if source.both else " (one)")
        names = ", ".join(relation.name for relation in source.relations) or "-"
        lines.append(f"{source.order:>5}  {source.name:<36}  {reads:<8}  {names}")
        lines += textwrap.wrap(source.description, 100, initial_indent=" " * 7, subsequent_indent=" " * 7)
    lines += ["", "rank  relation               class     inverse           source", ""]
    for rank, name in enumerate(relations.RELATION_ORDER):
        inverse = relations.INVERSE_RELATIONS.get(name, "-")
        lines.append(f"{rank:>4}  {name:<21}  {relations.RELATION_CLASSES[name]:<8}  {inverse:<16}  "
                     f"{relations.RELATION_SOURCES[name]}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lexical_resources", description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print the relation sources and relations")
    args = parser.parse_args(argv)
    if not args.list:
        parser.print_help()
        return 0
    print(listing())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
