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


def test_offline_verbocean_error_names_the_variables_and_the_command(tmp_path, monkeypatch, no_shared_data):
    monkeypatch.delenv("LEXNLI_VERBOCEAN", raising=False)
    monkeypatch.setenv("LEXNLI_DATA", str(tmp_path))
    monkeypatch.setenv("LEXNLI_NO_DOWNLOAD", "1")
    lexical_resources.reset_resources()
    try:
        with pytest.raises(ResourceMissingError) as info:
            lexical_resources.get_verbocean()
    finally:
        lexical_resources.reset_resources()
    message = str(info.value)
    assert message.startswith(f"VerbOcean is not available: {tmp_path}/verbocean.unrefined.2004-05-20.txt not "
                              "found, and downloading is disabled (LEXNLI_NO_DOWNLOAD=1).")
    for advice in ("LEXNLI_DATA=DIR", "$LEXNLI_VERBOCEAN", "`lexnli fetch verbocean`", "data_home=DIR"):
        assert advice in message
