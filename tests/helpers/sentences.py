"""Sentences from written-out words and tags."""
from lexnli.text import make_sentence


def tagged(text: str, tags: str):
    """A sentence of the given words and tags, as a flat parse of them."""
    return make_sentence(text, "(ROOT (S " + " ".join(f"({t} {w})" for w, t in zip(text.split(), tags.split())) + "))")
