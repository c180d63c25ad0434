"""lexnli.text: tokenizing and tagging raw text, parse leaves, and the errors naming missing NLTK data."""
import re
import zipfile

import pytest


def test_a_truncated_nltk_zip_is_named_with_its_fix(tmp_path, monkeypatch):
    import io

    import nltk

    from lexnli.errors import ResourceMissingError
    from lexnli.text import ensure_nltk_data

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("taggers/fake_tagger/model.json", "x" * 5000)
    (tmp_path / "taggers").mkdir()
    damaged = tmp_path / "taggers" / "fake_tagger.zip"
    damaged.write_bytes(buffer.getvalue()[:60])
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    monkeypatch.setenv("LEXNLI_NO_DOWNLOAD", "1")
    with pytest.raises(ResourceMissingError, match=f"{re.escape(str(damaged))}: damaged NLTK data .*"
                                                   r"python -m nltk.downloader fake_tagger"):
        ensure_nltk_data("fake_tagger", "taggers/fake_tagger/", "a fake tagger")
