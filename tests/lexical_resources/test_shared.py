"""lexical_resources.shared: the WordNet and VerbOcean every feature uses, loaded once, and the error naming
how to provide VerbOcean."""
import pytest

import lexical_resources
from lexical_resources import get_wordnet
from lexnli.errors import ResourceMissingError


def test_get_wordnet_is_shared(wn):
    assert get_wordnet() is get_wordnet()


def test_missing_verbocean_error(tmp_path, monkeypatch):
    monkeypatch.setenv("LEXNLI_VERBOCEAN", str(tmp_path / "absent.txt"))
    lexical_resources.reset_resources()
    try:
        with pytest.raises(ResourceMissingError, match="LEXNLI_VERBOCEAN"):
            lexical_resources.get_verbocean()
    finally:
        lexical_resources.reset_resources()
