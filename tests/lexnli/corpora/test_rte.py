"""lexnli.corpora.rte: RTE-3 from NLTK's data (skipped when absent), and the error naming what to install."""
import os
import subprocess
import sys

import pytest

from lexnli.errors import ResourceMissingError

from tests.conftest import REPO


def test_rte3_real_data(tagger):
    from lexnli.corpora.rte import read_rte3

    try:
        dev = read_rte3("dev")
    except ResourceMissingError as exc:
        pytest.skip(str(exc))
    test = read_rte3("TEST")
    assert len(dev) == 800 and len(test) == 800
    assert sum(p.label == "entailment" for p in dev) == 412
    assert {p.label for p in dev} == {"entailment", "non-entailment"}
    assert dev[0].pair_id == "3-1" and dev[0].hypothesis.text == "Baikalfinansgroup was sold to Rosneft."
    with pytest.raises(ValueError, match="'dev' or 'test'"):
        read_rte3("train")


def test_missing_nltk_data_errors(tmp_path):
    """Without NLTK data, RTE and WordNet fail with a message saying how to install them."""
    script = (
        "import nltk\n"
        "from lexnli.errors import ResourceMissingError\n"
        "from lexnli.corpora.rte import read_rte3\n"
        "import lexical_resources\n"
        "for call in (lambda: read_rte3('dev'), lexical_resources.get_wordnet):\n"
        "    try:\n"
        "        call()\n"
        "    except ResourceMissingError as exc:\n"
        "        print('MISSING', exc)\n"
        "    else:\n"
        "        print('FOUND')\n")
    env = {**os.environ, "NLTK_DATA": str(tmp_path), "HOME": str(tmp_path), "LEXNLI_NO_DOWNLOAD": "1"}
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True,
                         timeout=120).stdout
    if "FOUND" in out:
        pytest.skip("NLTK data is installed system-wide: cannot simulate its absence")
    assert "python -m nltk.downloader rte" in out and "NLTK_DATA" in out
    assert "python -m nltk.downloader wordnet" in out
