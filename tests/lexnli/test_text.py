"""lexnli.text: tokenizing and tagging raw text, parse leaves, and the errors naming missing NLTK data."""
import re
import zipfile

import pytest

from lexnli import text
from lexnli.errors import ResourceMissingError
from lexnli.text import parse_leaves


def test_ptb_escapes_in_parse_leaves_are_undone():
    tokens, tags = parse_leaves("(ROOT (NP (-LRB- -LRB-) (NN dog) (-RRB- -RRB-) (`` ``)))")
    assert tokens == ("(", "dog", ")", "``") and tags == ("-LRB-", "NN", "-RRB-", "``")


def test_missing_tagger_is_a_clear_error(tmp_path):
    """A line without a parse needs NLTK's tagger: without it, the error says how to install it."""
    import os
    import subprocess
    import sys

    code = ("import sys, nltk\nnltk.data.path[:] = [sys.argv[1]]\n"
            "from lexnli.errors import ResourceMissingError\nfrom lexnli.text import make_sentence\n"
            "try:\n    make_sentence('A dog runs.')\nexcept ResourceMissingError as exc:\n    print(exc)\n")
    env = {**os.environ, "NLTK_DATA": str(tmp_path), "LEXNLI_NO_DOWNLOAD": "1"}
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], env=env, capture_output=True, text=True,
                          timeout=120)
    assert "python -m nltk.downloader averaged_perceptron_tagger_eng" in done.stdout, done.stderr
    assert "NLTK_DATA" in done.stdout


def test_memo_is_bounded_and_remembers(tagger, monkeypatch):
    monkeypatch.setattr(text, "MEMO_SIZE", 5)
    monkeypatch.setattr(text, "_memo", {})
    sentences = [f"A dog number {i} runs." for i in range(8)]
    assert text.tokenize_and_tag_many(sentences) == [text.nltk_tokenize_and_tag(s) for s in sentences]
    assert list(text._memo) == sentences[3:]
    assert text.tokenize_and_tag_many([sentences[7]])[0] is text._memo[sentences[7]]


def test_unknown_tagger_is_an_error():
    with pytest.raises(ValueError, match="tagger must be one of"):
        text.tokenize_and_tag_many(["A dog."], tagger="spacy")


def test_a_truncated_nltk_zip_is_named_with_its_fix(tmp_path, monkeypatch):
    import io

    import nltk

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


def _closed_port_url() -> str:
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    port = httpd.server_address[1]
    httpd.server_close()
    return f"http://127.0.0.1:{port}/index.xml"


def test_a_failed_nltk_download_is_one_message_and_nltk_prints_nothing(tmp_path, monkeypatch, capfd):
    """NLTK's ``[nltk_data] Error loading ...`` lines stay out of the terminal: its reason is in lexnli's message."""
    import nltk
    from nltk.downloader import Downloader

    from lexnli.text import ensure_nltk_data

    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    monkeypatch.delenv("LEXNLI_NO_DOWNLOAD", raising=False)
    downloader = Downloader(server_index_url=_closed_port_url(), download_dir=str(tmp_path))
    monkeypatch.setattr(nltk, "download", downloader.download)
    with pytest.raises(ResourceMissingError) as info:
        ensure_nltk_data("fake_tagger", "taggers/fake_tagger/", "a fake tagger")
    message = str(info.value)
    assert message.startswith("a fake tagger is not installed, and downloading it failed: ")
    assert "Error loading fake_tagger" in message and "\n" not in message  # NLTK's reason, on one line
    assert "python -m nltk.downloader fake_tagger" in message and "NLTK_DATA" in message
    assert capfd.readouterr() == ("", "")


def test_nltk_data_with_downloads_disabled_says_so(tmp_path, monkeypatch):
    import nltk

    from lexnli.text import ensure_nltk_data

    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    monkeypatch.setenv("LEXNLI_NO_DOWNLOAD", "1")
    monkeypatch.setattr(nltk, "download", lambda *a, **k: pytest.fail("downloaded with LEXNLI_NO_DOWNLOAD=1"))
    with pytest.raises(ResourceMissingError, match=r"^WordNet is not installed, and downloading is disabled "
                                                   r"\(LEXNLI_NO_DOWNLOAD=1\): run `python -m nltk.downloader "
                                                   r"wordnet` \(or `lexnli fetch`\)"):
        ensure_nltk_data("wordnet", "corpora/wordnet/", "WordNet")


def test_a_tagger_function_tags_the_distinct_token_lists_at_once():
    from lexnli.text import make_sentences, tokenize_and_tag_many

    calls = []

    def tagger(token_lists):
        calls.append(list(token_lists))
        return [tuple("X" for _ in tokens) for tokens in token_lists]

    found = tokenize_and_tag_many(["A man sleeps.", "A dog runs.", "A man sleeps."], tagger)
    man, dog = (("A", "man", "sleeps", "."), ("X",) * 4), (("A", "dog", "runs", "."), ("X",) * 4)
    assert found == [man, dog, man]
    assert calls == [[("A", "man", "sleeps", "."), ("A", "dog", "runs", ".")]]
    (sentence,) = make_sentences([("A dog runs.", None)], tagger=tagger)
    assert sentence.tags == ("X",) * 4
    assert tokenize_and_tag_many([], tagger) == [] and len(calls) == 2
