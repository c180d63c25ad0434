"""The tag-based polarity marking against the parse-based one (experiments/polarity_agreement.py)."""
import json

from experiments import polarity_agreement
from lexnli.records import Sentence
from lexnli.text import parse_leaves

from tests.helpers.cli import one_error_line
from tests.helpers.tiny_wordnet import TinyWordNet

AGREEING = "(ROOT (S (NP (DT The) (NN girl)) (VP (VBZ is) (RB not) (VP (VBG eating) (NP (NN fruit)))) (. .)))"
#: The tag rules start the clause of "possibly" after the comma; the parse's smallest clause is the sentence.
DISAGREEING = "(ROOT (S (NP (NP (DT A) (NN baby)) (, ,) (ADVP (RB possibly)) (NP (DT a) (NN newborn))) " \
              "(VP (VBZ sleeps) (PP (IN without) (NP (DT a) (NN blanket))))))"
PLAIN = "(ROOT (S (NP (DT A) (NN dog)) (VP (VBZ runs))))"


def parsed(parse: str) -> Sentence:
    tokens, tags = parse_leaves(parse)
    return Sentence(" ".join(tokens), tokens, tags, parse=parse)


def test_sentences_are_compared_word_by_word():
    found = polarity_agreement.agreement([parsed(AGREEING), parsed(AGREEING), parsed(PLAIN)], TinyWordNet())
    assert found["counts"]["sentences"] == 1  # the repeat is read once, and the sentence without operators not at all
    assert found["counts"]["agreeing_sentences"] == 1
    assert found["counts"]["marked_tokens"] == found["counts"]["agreeing_tokens"] == 2  # eating, fruit
    text = polarity_agreement.markdown(found, "dev.jsonl")
    assert "agree on every token of 1 (100.0%)" in text


def test_a_disagreement_is_counted_by_operator_with_an_example():
    sentence = parsed(DISAGREEING)
    found = polarity_agreement.agreement([sentence], TinyWordNet())
    assert found["counts"]["agreeing_sentences"] == 0
    assert found["disagreeing"] == {"possibly": 1, "without": 1}  # every operator of a sentence that disagrees
    assert found["examples"]["possibly"][0] == sentence.text
    assert found["counts"]["marked_tokens"] - found["counts"]["agreeing_tokens"] == 2  # a baby


def test_the_command_reads_a_file_and_writes_the_table(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(polarity_agreement, "get_wordnet", TinyWordNet)
    path = tmp_path / "dev.jsonl"
    path.write_text(json.dumps({"sentence1": "The girl is not eating fruit .", "sentence2": "A dog runs .",
                                "sentence1_parse": AGREEING, "sentence2_parse": PLAIN, "gold_label": "neutral"})
                    + "\n", encoding="utf-8")
    out = tmp_path / "agreement.md"
    assert polarity_agreement.main(["--snli", str(path), "--out", str(out)]) == 0
    assert "Distinct sentences of dev.jsonl with an operator: 1" in out.read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == capsys.readouterr().out


def test_a_missing_file_or_an_output_over_the_input_exits_2(tmp_path, capsys):
    assert polarity_agreement.main(["--snli", str(tmp_path / "absent.jsonl")]) == 2
    assert "absent.jsonl" in one_error_line(capsys)
    path = tmp_path / "dev.jsonl"
    path.write_text("", encoding="utf-8")
    assert polarity_agreement.main(["--snli", str(path), "--out", str(path)]) == 2
    one_error_line(capsys)
