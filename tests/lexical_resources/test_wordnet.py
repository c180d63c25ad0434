"""WordNet relations: known pairs checked against what WordNet 3.0 really says."""
import os
import subprocess
import sys
import textwrap

import pytest

from lexical_resources.wordnet import WordNet, wordnet_pos

from tests.conftest import REPO


@pytest.mark.parametrize("pos, expected", [
    (None, None), ("n", "n"), ("V", "v"), ("a", "a"), ("s", "a"), ("r", "r"),
    ("NN", "n"), ("NNPS", "n"), ("VBD", "v"), ("JJR", "a"), ("RB", "r"),
    ("DT", ""), ("IN", ""), ("PRP", ""), (".", ""),
])
def test_wordnet_pos(pos, expected):
    assert wordnet_pos(pos) == expected


def test_max_depth_must_be_positive():
    with pytest.raises(ValueError, match="max_depth"):
        WordNet(max_depth=0, index=object())


@pytest.mark.parametrize("word, pos, expected", [
    ("cars", "NNS", "car"), ("Cars", "n", "car"), ("geese", None, "goose"),
    ("running", "VBG", "run"), ("saw", "v", "saw"), ("The", "DT", "the"), ("xyzzyq", "NN", "xyzzyq"),
])
def test_lemma(wn, word, pos, expected):
    assert wn.lemma(word, pos) == expected


@pytest.mark.parametrize("word1, word2, pos, expected", [
    ("car", "automobile", None, "synonym"),
    ("car", "automobile", "NN", "synonym"),
    ("dog", "animal", None, "hypernym"),
    ("Dogs", "ANIMALS", "NNS", "hypernym"),        # case-insensitive, lemmatized
    ("animal", "dog", None, "hyponym"),
    ("Paris", "capital", "NNP", "hypernym"),       # instance hypernym
    ("hot", "cold", None, "antonym"),
    ("hotter", "colder", "JJR", "antonym"),
    ("buy", "sell", "VB", "antonym"),
    ("man", "woman", "NN", "antonym"),             # antonym is tested before cohyponym
    ("finger", "hand", None, "holonym"),           # a hand has fingers
    ("hand", "finger", None, "meronym"),
    ("wheel", "car", None, "holonym"),             # inherited: a car is a wheeled vehicle
    ("car", "wheel", None, "meronym"),
    ("dog", "wolf", None, "cohyponym"),            # both directly under canine.n.02
    ("guitar", "piano", None, "cohyponym"),
    ("dog", "cat", None, None),                    # no sense of either shares a direct hypernym
    ("dog", "democracy", None, None),
    ("hot", "cold", "NN", None),                   # no noun senses
    ("the", "a", "DT", None),                      # WordNet has no determiners
    ("xyzzyq", "dog", None, None),
])
def test_relation(wn, word1, word2, pos, expected):
    assert wn.relation(word1, word2, pos) == expected


def test_boolean_helpers(wn):
    assert wn.is_synonym("car", "automobile")
    assert not wn.is_synonym("dog", "cat")
    assert wn.is_hypernym("dog", "animal") and not wn.is_hypernym("animal", "dog")


def test_hypernym_depth_limit(wn):
    # horse.n.01 -> equine -> odd-toed ungulate -> ungulate -> placental -> mammal -> vertebrate
    # -> chordate -> animal: 8 links, the default limit
    assert wn.is_hypernym("horse", "animal")
    assert not WordNet(max_depth=7).is_hypernym("horse", "animal")
    shallow = WordNet(max_depth=1)
    assert shallow.is_hypernym("dog", "domestic_animal")
    assert not shallow.is_hypernym("dog", "animal")


def test_part_inheritance_can_be_turned_off(wn):
    direct = WordNet(inherit_parts=False)
    assert wn.relation("wheel", "car") == "holonym" and direct.relation("wheel", "car") is None
    assert direct.relation("wheel", "wheeled_vehicle") == "holonym"
    assert direct.relation("wheel", "wheeled vehicle") == "holonym"  # spaces read as underscores
    assert direct.relation("finger", "hand") == "holonym"


def test_senses_must_be_none_or_positive():
    with pytest.raises(ValueError, match="senses"):
        WordNet(senses=0, index=object())


def test_rare_senses_make_no_relation_when_senses_are_limited(wn):
    # hand.n.13, "terminal part of the forelimb in certain vertebrates", is a kind of foot: with
    # every sense, WordNet relates hand and foot by hypernymy, as no reader would.
    every = WordNet(senses=None)
    assert every.relation("hand", "foot", "n") == "hypernym"
    assert every.relation("feet", "hands", "NNS") == "hyponym"
    limited = wn  # the default: 3 senses
    assert limited.relation("hand", "foot", "n") is None
    assert limited.relation("feet", "hands", "NNS") is None
    # The general word may be in any sense: guitar -> instrument (the sixth sense of "instrument").
    assert limited.relation("guitar", "instrument", "n") == "hypernym"
    assert limited.relation("dog", "animal", "n") == "hypernym"
    assert limited.relation("man", "woman", "n") == "antonym"
    assert limited.synsets("hand", "n") == every.synsets("hand", "n")  # every sense is still a synonym


@pytest.mark.parametrize("word1, word2, expected", [
    ("grassy", "grass", True), ("grass", "grassy", True), ("sleepy", "sleeping", True), ("swimmer", "swims", True),
    ("grassy", "sand", False), ("happy", "sad", False), ("dog", "dog", False),
])
def test_is_derived(wn, word1, word2, expected):
    assert wn.is_derived(word1, word2) is expected


def test_antonym_similar_tos(wn):
    lemmas_only = WordNet(antonym_similar_tos=False)
    assert wn.relation("hot", "frigid", "JJ") == "antonym" and lemmas_only.relation("hot", "frigid", "JJ") is None
    # satellites: tiny (similar to small) / huge (similar to large), both ways
    assert wn.relation("tiny", "huge", "JJ") == "antonym" and wn.relation("huge", "tiny", "JJ") == "antonym"
    assert wn.relation("huge", "small", "JJ") == "antonym"
    assert lemmas_only.relation("tiny", "huge", "JJ") is None
    assert wn.relation("elderly", "old", "JJ") is None  # a satellite and its head: no antonymy
    # a head adjective takes the opposites of the heads it says to "also see" (happy, see glad: sad)
    assert wn.relation("happy", "sad", "JJ") == "antonym" and wn.relation("sad", "happy", "JJ") == "antonym"
    assert wn.relation("healthy", "sick", "JJ") == "antonym"  # healthy, see well: ill, which sick is
    assert lemmas_only.relation("happy", "sad", "JJ") is None


def test_close_relation_is_relation_with_close_cohyponyms_only(wn):
    # close_relation is relation, except that a co-hyponym must share a close hypernym
    words = ["dog", "cat", "horse", "animal", "man", "runner", "blue", "green", "hot", "cold", "wheel",
             "car", "guitar", "saxophone", "coffee", "beer", "shirt", "jacket", "tree", "run", "walk"]
    found = set()
    for pos in ("n", "v", "a"):
        for w1 in words:
            for w2 in words:
                relation = wn.relation(w1, w2, pos)
                if relation is None and not (wn.synsets(w1, pos) and wn.synsets(w2, pos)):
                    expected = None
                elif relation not in (None, "cohyponym"):
                    expected = relation
                else:
                    close = wn._shares_close_hypernym(w1, w2, pos, 3, wn._info(w1, pos), wn._info(w2, pos))
                    expected = "cohyponym" if close else None
                assert wn.close_relation(w1, w2, pos) == expected, (w1, w2, pos)
                found.add(expected)
    assert {"synonym", "hypernym", "hyponym", "antonym", "holonym", "cohyponym", None} <= found


@pytest.mark.parametrize("lemma, pos", [("run", "v"), ("run", "n"), ("saw", "v"), ("small", "a"), ("small", "s"),
                                        ("tiny", "s"), ("axes", "n"), ("Germany", "n")])
def test_sense_ranks_follow_the_readers_synsets(wn, lemma, pos):
    # the ranks are read from WordNet's index without loading synsets: the order NLTK's synsets() lists them in
    from lexnli.text import load_wordnet

    expected = {}
    for rank, synset in enumerate(load_wordnet().synsets(lemma, pos)):
        expected.setdefault(synset.offset(), rank)
    assert wn._ranks(lemma, pos) == expected and expected


def test_results_are_cached(wn):
    wn.relation("dog", "animal")
    assert wn.synsets("dog") is wn.synsets("dog")
    assert "dog.n.01" in wn.synsets("dog") and "dog.n.01" not in wn.synsets("dog", "v")
    wn.compound("dining", "room")
    wn.clear_cache()
    assert not [name for name, value in vars(wn).items() if name.endswith("_cache") and value]  # every cache
    assert wn.relation("dog", "animal") == "hypernym"


def test_missing_wordnet_raises_resource_missing_error(tmp_path):
    # In a subprocess, so this process's loaded WordNet is left alone.
    code = textwrap.dedent("""
        import sys
        import nltk
        nltk.data.path[:] = [sys.argv[1]]
        from lexnli.errors import ResourceMissingError
        from lexical_resources.wordnet import WordNet
        try:
            WordNet()
        except ResourceMissingError as exc:
            print(exc)
        else:
            sys.exit("no ResourceMissingError")
    """)
    env = {**os.environ, "NLTK_DATA": str(tmp_path), "LEXNLI_NO_DOWNLOAD": "1"}
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "python -m nltk.downloader wordnet" in done.stdout
    assert "NLTK_DATA" in done.stdout


@pytest.mark.parametrize("word, place", [
    ("German", "germany.n.01"), ("french", "france.n.01"), ("Japanese", "japan.n.02"),
    ("american", "united_states.n.01"),   # the first sense that has a place: the country, not the continents
    ("european", "europe.n.01"), ("wooden", None), ("red", None), ("dog", None), ("", None),
    ("Chinese", "china.n.01"),   # WordNet points it at "China", a second name of its Taiwan synset
    ("Taiwanese", "taiwan.n.01"),
])
def test_place_of_a_place_adjective(wn, word, place):
    assert wn.place(word) == place


def test_a_nationality_within_its_continent(wn):
    assert wn.is_within(wn.place("Chinese"), wn.place("Asian"))
    assert not wn.is_within(wn.place("Chinese"), wn.place("European"))


@pytest.mark.parametrize("word, place", [
    ("Japan", "japan.n.01"), ("africa", "africa.n.01"), ("Paris", "paris.n.01"),  # instances of places
    ("park", None), ("beach", None),    # common nouns for places are not place names
    ("turkey", None),                   # its first sense is the bird
])
def test_place_of_a_place_name(wn, word, place):
    assert wn.place(word) == place


def test_is_within_follows_part_links_up(wn):
    assert wn.is_within("germany.n.01", "europe.n.01")
    assert not wn.is_within("europe.n.01", "germany.n.01")
    assert not wn.is_within("germany.n.01", "asia.n.01")


@pytest.mark.parametrize("word1, word2, expected", [
    ("man", "friend", False), ("man", "owner", False),   # meet at person (too general), organism above it is deeper
    ("guitarist", "drummer", True), ("dog", "cat", True),
])
def test_only_the_lowest_shared_hypernyms_say_how_close_words_are(wn, word1, word2, expected):
    shared = wn._close_hypernyms(word1, "n", 3).keys() & wn._close_hypernyms(word2, "n", 3).keys()
    assert "organism.n.01" in shared or word1 != "man"   # the deep hypernym above the lowest one is shared
    assert (wn.close_relation(word1, word2, "n") == "cohyponym") is expected


def test_a_name_is_a_sense_only_when_it_is_the_first(wn):
    assert "milk.n.03" not in wn.synsets("milk", "n")   # the Milk River, its third sense
    assert wn.close_relation("water", "milk", "n") == "cohyponym"   # not a river, so no kind of water
    assert wn.relation("Paris", "city", "n") == "hypernym"   # a city's name, first


def test_an_animal_is_no_person_whatever_insults_say(wn):
    assert "dog.n.03" not in wn.synsets("dog", "n")   # "informal term for a man", its third sense
    assert wn.relation("people", "dogs", "n") is None and wn.relation("dog", "person", "n") is None
    assert wn.relation("dog", "animal", "n") == "hypernym" and wn.relation("guy", "man", "n") == "hypernym"
    assert "guy.n.01" in wn.synsets("guy", "n")   # a person's own word keeps its senses


def test_place_from_the_first_senses_only(wn):
    assert wn.place("hellenic") == "greece.n.01"        # a later sense pertains to Greece
    assert wn.place("hellenic", senses=1) is None      # its first sense does not
    assert wn.place("german", senses=1) == "germany.n.01"


def test_is_a_follows_kinds_and_instances_up(wn):
    assert wn.is_a("germany.n.01", "country.n.02")
    assert not wn.is_a("europe.n.01", "country.n.02")  # a continent
