"""PairFeaturizer and the syntax model: a family that reads trees has every sentence read by it, corpus pairs and
raw text alike; a fitted featurizer keeps to the model it was fitted with."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from featurize import PairFeaturizer
from featurize.batch import Batch
from featurize.inputs import tagged_tokens
from lexnli.records import Pair, Sentence
from lexnli.syntax import SYNTAX_ENV, load_syntax, train

from tests.helpers.treebank import trees

REPO = Path(__file__).resolve().parents[2]
RAW = ("The girl is pushed by the boy.", "The boy is pushing the girl.")


def corpus_sentence(text: str, tags: str) -> Sentence:
    """A sentence as a corpus reader gives it: tokens and (here deliberately wrong) tags, no tree."""
    return Sentence(text=text, tokens=tuple(text.split()), tags=tuple(tags.split()))


def test_every_sentence_is_tagged_and_parsed_by_the_model():
    syntax = load_syntax()
    pair = Pair(corpus_sentence("The girl is pushed by the boy .", "NN NN NN NN NN NN NN NN"),
                corpus_sentence("The boy is pushing the girl .", "NN NN NN NN NN NN NN"))
    read_pair, read_raw = Batch.from_tokens(tagged_tokens([pair, RAW], True, "ptb", syntax)).pairs
    for read in (read_pair, read_raw):
        tree = read.premise.tree
        assert read.premise.tokens == ("the", "girl", "is", "pushed", "by", "the", "boy", ".")  # lowercased
        assert tree.tokens[0] == "The" and read.premise.tags == tree.tags == syntax.read([tree.tokens])[0].tags
    assert read_pair.premise.tags != pair.premise.tags  # the corpus tags are replaced
    assert read_pair == read_raw


def test_coarse_tags_for_the_families_full_tags_in_the_tree():
    (pair,) = Batch.from_tokens(tagged_tokens([RAW], True, "coarse", load_syntax())).pairs
    assert pair.premise.tags[3] == "VB" and pair.premise.tree.tags[3] == "VBN"


def test_a_sentence_with_no_token_has_no_tree():
    (item,) = tagged_tokens([("", "A man sleeps.")], True, "ptb", load_syntax())
    assert item[0] == () and item[4] is None and item[5] is not None


def test_without_a_family_that_reads_trees_no_model_is_read(monkeypatch, tmp_path):
    monkeypatch.setenv(SYNTAX_ENV, str(tmp_path / "none.npz"))
    featurizer = PairFeaturizer("lexicalized").fit([RAW])
    assert featurizer.syntax_sha256_ is None
    with pytest.raises(FileNotFoundError, match="lexnli fetch syntax"):
        PairFeaturizer("alignment").fit([RAW])


def test_a_fitted_featurizer_refuses_another_syntax_model(tmp_path, wordnet):
    first = load_syntax()
    other = train(trees()[:40], jackknife_folds=0, base_tagger=None).save(tmp_path / "other.npz")
    featurizer = PairFeaturizer("alignment").fit([RAW])
    assert featurizer.syntax_sha256_ == first.sha256
    assert featurizer.transform([RAW]).shape[0] == 1
    featurizer.set_params(syntax=str(other))
    with pytest.raises(ValueError, match="not the one this featurizer was fitted with"):
        featurizer.transform([RAW])
    refitted = PairFeaturizer("alignment", syntax=other).fit([RAW])
    assert refitted.syntax_sha256_ == load_syntax(other).sha256 != first.sha256


def test_a_sentence_and_its_tree_agree_in_length():
    tree = load_syntax().read([("A", "man", "sleeps", ".")])[0]
    with pytest.raises(ValueError, match="tree and the tokens differ"):
        Sentence("A man sleeps", ("A", "man", "sleeps"), ("DT", "NN", "VBZ"), tree=tree)


def test_a_featurizer_fitted_before_the_families_read_trees_is_refused():
    """A model saved by the tag rules' code (no ``syntax_sha256_``, no ``syntax``) is refused, not read anew."""
    old = PairFeaturizer("alignment")
    old.families_, old.n_features_out_ = ["alignment"], 1
    del old.__dict__["syntax"]
    with pytest.raises(ValueError, match="fitted before its families read"):
        old.transform([RAW])


def test_raw_text_is_featurized_by_the_inference_preset_without_importing_nltk(tiny_syntax_model):
    """The ``inference`` preset reads raw text with the syntax model, WordNet's files and VerbOcean, and NLTK
    stays unimported (a fresh process): NLTK's data is found without it (:mod:`lexnli.nltk_data`). So does
    sacrebleu: BLEU is computed by ``bleu_fast``, sacrebleu's import is the reference's only."""
    import lexical_resources

    from lexnli.text import load_wordnet_index

    from tests.conftest import NLTK_DATA, SHARED_DATA

    load_wordnet_index(), lexical_resources.get_verbocean()  # or skipped, naming what is missing
    code = ("import sys\nfrom featurize import PairFeaturizer\n"
            f"featurizer = PairFeaturizer.from_preset('inference', syntax={str(tiny_syntax_model)!r})\n"
            f"rows = featurizer.fit_transform([{RAW!r}, ('A dog runs.', 'An animal sleeps.')])\n"
            "print(rows.shape[0], rows.shape[1] > 50, 'nltk' in sys.modules, 'sacrebleu' in sys.modules)")
    env = {**os.environ, "NLTK_DATA": str(NLTK_DATA), "LEXNLI_SHARED_DATA": str(SHARED_DATA)}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2", "True", "False", "False"]
