"""classifiers.feature_words: every feature name the families make is read by some row of the table.

The names are those of small fits: the unlexicalized and lexicalized families on the templated
pairs (every preset, bins or none); every real-valued column of every family, as it is and in
bins; the alignment family on hand-tagged pairs with the stand-in WordNet, and every name its
templates can make from the values each field takes; the whole ``inference`` preset fitted with
the real WordNet and VerbOcean where they are installed. Then a few exact readings.
"""
import itertools
import string

import pytest

from classifiers.feature_words import VALUES, feature_words, matching_row
from featurize import PairFeaturizer
from featurize.families import FAMILIES
from featurize.families.alignment import _FEATURES, ROLES, alignment_features
from lexical_resources.relations import RELATION_CLASSES, RELATION_ORDER, WordRelations
from lexnli.corpora.snli import read_snli

from tests.conftest import wordnet_or_skip
from tests.helpers.tiny_wordnet import TinyWordNet, sentence


def unread(names) -> list[str]:
    """The names no row matches."""
    return sorted({name for name in names if matching_row(name) is None})


@pytest.mark.parametrize("preset", ["paper", "recommended", "inference"])
@pytest.mark.parametrize("features", ["unlexicalized", "unigrams_only", "lexicalized"])
def test_every_name_of_a_fit_is_read(preset, features, template_files):
    pairs = read_snli(template_files["train"]).pairs
    names = PairFeaturizer.from_preset(preset, features).fit(pairs).get_feature_names_out()
    assert len(names) >= 16 and unread(names) == []
    # a binned column is read as its column in words, not by its name
    binned = [name for name in names if "<" in name and ":" not in name]
    assert (preset == "paper") == (binned == [])
    assert all("bleu" not in feature_words(name) for name in binned)


#: Bins as the featurizer names them (``"%.3g"`` edges), negative and exponent edges too.
BINS = ("0.13<={}<0.69", "{}<0.13", "{}>=0.69", "-2<={}<3", "{}<-1e+03", "{}>=1.5e-05")


@pytest.mark.parametrize("family", [name for name, family in FAMILIES.items() if family.dense])
def test_every_real_valued_column_is_read_as_it_is_and_in_bins(family):
    for column in FAMILIES[family].columns:
        assert matching_row(column) is not None, column
        said = feature_words(column)
        assert said != column
        for bin_name in (form.format(column) for form in BINS):
            assert matching_row(bin_name) is not None and column not in feature_words(bin_name), bin_name


GIRL_BLUE = "a/DT girl/NN in/IN a/DT blue/JJ dress/NN sings/VBZ ./."
PAIRS = [
    (GIRL_BLUE, GIRL_BLUE.replace("blue", "green")),
    (GIRL_BLUE, GIRL_BLUE.replace("blue", "red")),
    ("a/DT dog/NN bit/VBD a/DT man/NN ./.", "a/DT man/NN bit/VBD a/DT dog/NN ./."),
    ("a/DT dog/NN runs/VBZ ./.", "an/DT animal/NN does/VBZ not/RB run/VB ./."),
    ("no/DT dog/NN runs/VBZ ./.", "no/DT animal/NN runs/VBZ ./."),
    ("two/CD dogs/NNS run/VBP ./.", "three/CD dogs/NNS run/VBP ./."),
    ("a/DT tall/JJ man/NN stands/VBZ ./.", "a/DT short/JJ man/NN sleeps/VBZ in/IN the/DT park/NN ./."),
    ("some/DT men/NNS sing/VBP ./.", "all/DT persons/NNS sing/VBP loudly/RB ./."),
    ("a/DT man/NN is/VBZ pushed/VBN by/IN a/DT dog/NN ./.", "a/DT man/NN is/VBZ pushing/VBG a/DT dog/NN ./."),
    ("a/DT black/JJ dog/NN sleeps/VBZ ./.", "the/DT dog/NN is/VBZ white/JJ ./."),
]


def test_every_alignment_name_of_the_stand_in_pairs_is_read():
    relations = WordRelations(TinyWordNet())
    names = {name for premise, hypothesis in PAIRS
             for name in alignment_features(sentence(premise), sentence(hypothesis), relations)}
    assert len(names) > 40 and unread(names) == []
    assert all(feature_words(name) != name for name in names)


#: The values each field of the alignment templates takes (words: a few of them).
CLASSES = (*sorted(set(RELATION_CLASSES.values())), "new")
VERDICTS = ("conflict", "conflict_only", "entailed", "new=1", "new=2", "new=3+")
FIELD_VALUES = {"relation": (*RELATION_ORDER, "new", "unrelated"), "relation_class": CLASSES,
                "projected_class": CLASSES, "swapped": (*CLASSES, "unrelated"),
                "pos": ("n", "v", "a", "r", "particle", "num"), "verdict": VERDICTS, "reverse": VERDICTS,
                "negation": ("hypothesis_only", "premise_only", "both"), "roles": ROLES,
                "where": ("in_premise", "new"), "word": ("no", "every"), "kind": ("swap",),
                "premise_lemma": ("", "dog", "dining room"), "lemma": ("animal", "ice-cream")}


def test_every_name_the_alignment_templates_can_make_is_read():
    made = []
    for _, template, _ in _FEATURES:
        fields = [field for _, field, _, _ in string.Formatter().parse(template) if field]
        made += ["alignment:" + template.format(**dict(zip(fields, values)))
                 for values in itertools.product(*(FIELD_VALUES[field] for field in fields))]
    assert len(made) > 250 and unread(made) == []
    assert not [name for name in made if "_" in feature_words(name).replace("hyp_", "")]


def test_every_relation_and_class_has_words():
    assert set(RELATION_ORDER) | {"unrelated"} <= set(VALUES["relation"])
    assert set(CLASSES) <= set(VALUES["relation_class"])
    assert set(VERDICTS) == set(VALUES["verdict"]) == set(VALUES["reverse"])


def test_every_name_of_an_inference_fit_is_read(template_files, noisy_snli):
    """The whole ``inference`` preset (WordNet and VerbOcean: skipped, naming them, where either is missing)."""
    import lexical_resources

    wordnet_or_skip(lambda: (lexical_resources.get_wordnet(), lexical_resources.get_verbocean()))
    pairs = read_snli(template_files["train"]).pairs + noisy_snli["train"].pairs
    names = PairFeaturizer.from_preset("inference").fit(pairs).get_feature_names_out()
    assert any(name.startswith("alignment:") for name in names) and unread(names) == []


@pytest.mark.parametrize("name, words", [
    ("alignment:negation:hypothesis_only", "the hypothesis negates what the premise asserts"),
    ("alignment:negation:premise_only:reverse:entailed",
     "the premise is negated, the hypothesis not, and read back, the hypothesis says every premise word"),
    ("alignment:word:hypernym", "a hypothesis word, to its premise word: a hypernym (more general)"),
    ("alignment:word:general:n", "a hypothesis noun, against the premise: more general"),
    ("alignment:pair:beach|surf", "the premise's “beach” aligned to the hypothesis's “surf”"),
    ("alignment:pair:|surf", "the hypothesis's “surf”, linked to no premise word"),
    ("alignment:verdict:new=3+", "three or more hypothesis words are unsupported"),
    ("alignment:quantifier:no:new", "the hypothesis says “no”, the premise does not"),
    ("hyp_bigrams:is sleeping", "the hypothesis has the words “is sleeping”"),
    ("cross_unigrams:man | person", "the premise has “man” and the hypothesis “person”, tagged alike"),
    ("0.13<=bleu<0.69", "BLEU between 0.13 and 0.69"),
    ("-2<=length_diff<3", "the premise's length minus the hypothesis's between -2 and 3"),
    ("overlap_noun_fraction>=0.5", "the share of hypothesis nouns in the premise at least 0.5"),
    ("wordnet_cohyponym_fraction",
     "the share of hypothesis content words whose best WordNet link to the premise is a co-hyponym (another kind "
     "of the same thing)"),
    ("tree_verb_conflict", "the main verbs conflict (antonyms, co-hyponyms, opposite verbs)"),
    ("tree_subject_match<1", "not so: the subjects match (the same lemma, a synonym)"),
    ("tree_subject_match<0.5", "not so: the subjects match (the same lemma, a synonym)"),
    ("0.4<=tree_subject_match<1.5", "the subjects match (the same lemma, a synonym)"),
    ("-1<=tree_subject_match<2", "the subjects match (the same lemma, a synonym) between -1 and 2"),
    ("alignment:a feature of tomorrow", "alignment:a feature of tomorrow"),
])
def test_readings(name, words):
    assert feature_words(name) == words

