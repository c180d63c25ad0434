"""lexnli.treebank: NLTK's Treebank patterns, ported: NLTK's tokens, token for token, without importing NLTK."""
import inspect
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from nltk import redos
from nltk.tokenize import TreebankWordTokenizer
from nltk.tokenize.destructive import MacIntyreContractions

from lexnli import treebank
from lexnli.treebank import TreebankTokenizer
from tests.helpers.raw_text import HAND_WRITTEN

REPO = Path(__file__).resolve().parents[2]

#: Sentences for each of the tokenizer's rules, and for where the guards and the engines could slip.
VARIED = [
    '"Quoted at the start," he said. "And \'\'again\'\' (twice)."',
    "She wrote ``this'' and 'that' and \"those\" -- then left.'",
    "I cannot, I can't, I CAN'T, you'd, we've, they'll, she's, I'm, it'd, WE'RE, they'VE, Lemme, gotta go.",
    "Gimme that; d'ye want more'n this? GONNA see, wanna\tgo, WANNA? wannabe 'Tis 'TWAS 'twasn't",
    "Brackets (round) [square] {curly} <angled> and ([nested]).",
    "Dashes -- double --- triple - single--joined, and an ellipsis... or two.... Then?!",
    "Costs $3.88, 3,000 or 1:30 at 50% & more @home #tag; ok: fine,",
    "A trailing period after a quote.\"",
    "A trailing period inside brackets.)]}>'",
    "Two sentences. The second ends here.  ",
    "Lines\nbreak here.\n",
    "The boys' dogs' toys' owner' s",
    "Smart quotes \u201clike these\u201d and \u2018these\u2019 stay whole.",
    "Stra\u00dfe, \u0130stanbul'un, na\u00efve, \u00c9COLE'S and \u4e2d\u6587\u3002 then a dot.",
    "Non-ASCII case: \u0130 cannot, CAN\u0130NOT, 'T\u0130S, \u212a GONNA",
    "The separators \x1c and \x1f end this.\x1c",
    "Ends in a dot.\x1d",
    "Ends in a dot.\u00a0",
    "Ends in a dot.\u2029",
    "...",
    "'",
    "  ",
    "U.S.A.",
]


def test_the_patterns_are_nltks():
    """The port's data is NLTK's, pattern and replacement in order: an NLTK upgrade that changes them fails here."""
    def sources(pairs):
        return tuple((pattern.pattern, replacement) for pattern, replacement in pairs)

    t = TreebankWordTokenizer
    assert treebank.STARTING_QUOTES == sources(t.STARTING_QUOTES)
    assert treebank.PUNCTUATION == sources(t.PUNCTUATION)
    assert (treebank.PARENS_BRACKETS,) == sources([t.PARENS_BRACKETS])
    assert (treebank.DOUBLE_DASHES,) == sources([t.DOUBLE_DASHES])
    assert treebank.ENDING_QUOTES == sources(t.ENDING_QUOTES)
    assert treebank.CONTRACTIONS2 == tuple(MacIntyreContractions.CONTRACTIONS2) == tuple(
        p.pattern for p in t.CONTRACTIONS2)
    assert treebank.CONTRACTIONS3 == tuple(MacIntyreContractions.CONTRACTIONS3) == tuple(
        p.pattern for p in t.CONTRACTIONS3)
    assert inspect.signature(t.tokenize).parameters["convert_parentheses"].default is False


def test_nltk_compiles_them_as_the_port_assumes():
    """NLTK gives no flags beyond each source's own, compiles the contractions with ``re`` and the rest with its
    ReDoS guard (the ``regex`` engine), whose ``\\s`` the port reproduces."""
    t = TreebankWordTokenizer
    guarded = [p for p, _ in (*t.STARTING_QUOTES, *t.PUNCTUATION, t.PARENS_BRACKETS, t.DOUBLE_DASHES,
                              *t.ENDING_QUOTES)]
    assert all(isinstance(p, redos.TimedPattern) and p.flags == redos.compile(p.pattern).flags for p in guarded)
    contractions = [*t.CONTRACTIONS2, *t.CONTRACTIONS3]
    assert all(isinstance(p, re.Pattern) and p.flags == re.compile(p.pattern).flags for p in contractions)


@pytest.mark.parametrize("name, sentences", [("hand_written", HAND_WRITTEN), ("varied", VARIED)])
def test_sentences_get_nltks_tokens(name, sentences):
    nltk_tokenizer, port = TreebankWordTokenizer(), TreebankTokenizer()
    assert [port.tokenize(s) for s in sentences] == [nltk_tokenizer.tokenize(s) for s in sentences]


def test_the_separators_nltks_engine_does_not_count_as_whitespace():
    """U+001C..U+001F are whitespace to ``re`` and ``str.split``, not to ``regex``: the final period stays on."""
    assert TreebankTokenizer().tokenize("A man.\x1c") == ["A", "man."]
    assert TreebankTokenizer().tokenize("A man. ") == ["A", "man", "."]


def test_random_strings_of_the_patterns_pieces_get_nltks_tokens():
    """2,000 strings drawn (seeded) from the characters and words the patterns and their guards look for."""
    pieces = [*"\"'`:,.;@#$%&?!()[]{}<>-", " ", " ", " ", "\t", "\n", "\x1c", "\u00a0", "''", "``", "--", "...",
              "n't", "N'T", "'s", "'S", "'m", "'d", "'ll", "'RE", "'ve", "can", "not", "CAN", "NOT", "d", "'ye",
              "gim", "me", "gon", "na", "GOT", "ta", "lem", "more", "'n", "wan", "NA", "'t", "is", "was", "'T",
              "IS", "man", "3", "12", "\u0130", "\u00e9", "\u017f", "\u212a", "\u4e2d"]
    rng = random.Random(0)
    texts = ["".join(rng.choices(pieces, k=rng.randint(1, 12))) for _ in range(2000)]
    nltk_tokenizer, port = TreebankWordTokenizer(), TreebankTokenizer()
    assert [port.tokenize(s) for s in texts] == [nltk_tokenizer.tokenize(s) for s in texts]


def test_tokenizing_raw_text_imports_no_nltk():
    code = ("import sys\nfrom lexnli.text import tokenize_many\nassert tokenize_many(['A man sleeps.'])\n"
            "print('nltk' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False"]
