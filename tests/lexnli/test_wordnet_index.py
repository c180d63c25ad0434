"""lexnli.wordnet_index: WordNet's lemma index and morphology read from its files, answering as NLTK's
reader answers."""
import random
import zipfile

import pytest

from lexnli.nltk_data import ZipEntry
from lexnli import wordnet_index
from lexnli.wordnet_index import DETACHMENTS, WordNetIndex

from tests.conftest import wordnet_or_skip

LICENCE = "  1 This software and database is being provided to you, the LICENSEE, by\n  2 Princeton University\n"


def index_line(lemma, pos, offsets):
    return f"{lemma} {pos} {len(offsets)} 1 @ {len(offsets)} 0 " + " ".join(f"{o:08d}" for o in offsets) + "  \n"


@pytest.fixture
def tiny(tmp_path):
    """A WordNet folder in WordNet's own file format: three adjective synsets (one a satellite), a few nouns
    and verbs, and the exception lists."""
    adjective_lines = ["00001740 00 a 01 small 0 000 | limited in size\n",
                       "00001741 00 s 01 tiny 0 000 | very small\n",
                       "00001742 00 a 01 large 0 000 | above average in size\n"]
    data, offsets = LICENCE, []
    for line in adjective_lines:
        offsets.append(len(data.encode()))
        data += line
    (tmp_path / "data.adj").write_text(data)
    (tmp_path / "index.adj").write_text(LICENCE + index_line("large", "a", [offsets[2]])
                                        + index_line("small", "a", [offsets[0], offsets[1]])
                                        + index_line("tiny", "a", [offsets[1]]))
    nouns = {"church": [11], "dog": [2084071, 10114209], "dogs": [], "goose": [1855672], "leaf": [13152742],
             "leave": [15137890], "u": [6830481], "us": [8434779]}
    (tmp_path / "index.noun").write_text(LICENCE + "".join(index_line(lemma, "n", offsets or [5])
                                                           for lemma, offsets in sorted(nouns.items())))
    verbs = index_line("leave", "v", [2009433]) + index_line("run", "v", [1926311])
    (tmp_path / "index.verb").write_text(LICENCE + verbs)
    (tmp_path / "index.adv").write_text(LICENCE)
    (tmp_path / "noun.exc").write_text("geese goose\n")
    (tmp_path / "verb.exc").write_text("ran run\n")
    (tmp_path / "adj.exc").write_text("")
    (tmp_path / "adv.exc").write_text("")
    for name in ("data.noun", "data.verb", "data.adv", "lexnames"):
        (tmp_path / name).write_text(LICENCE)
    return WordNetIndex(tmp_path), offsets


def test_every_lemma_is_found_and_no_other(tiny):
    index, adjective_offsets = tiny
    assert index.offsets("dog", "n") == (2084071, 10114209)
    assert index.offsets("church", "n") == (11,) and index.offsets("us", "n") == (8434779,)  # the first, the last
    assert index.offsets("cat", "n") == () and index.offsets("aaa", "n") == () and index.offsets("zzz", "n") == ()
    assert index.offsets("dog", "v") == () and index.offsets("leave", "v") == (2009433,)
    assert index.offsets("large", "a") == (adjective_offsets[2],)


def test_satellites_are_the_adjective_senses_whose_synset_is_a_satellite(tiny):
    index, (small, tiny_offset, _) = tiny
    assert index.offsets("small", "a") == (small, tiny_offset)  # the adjective index lists both
    assert index.offsets("small", "s") == (tiny_offset,) and index.offsets("large", "s") == ()
    assert index.has("large", "s") and not index.has("dog", "s")  # as NLTK's map: an entry, maybe empty


def test_base_forms_come_from_the_exception_list_else_the_rules(tiny):
    index, _ = tiny
    assert index.base_forms("dogs", "n") == ("dogs", "dog")  # the form itself first, when the index has it
    assert index.base_forms("leaves", "n") == ("leave", "leaf")  # ("s", "") before ("ves", "f")
    assert index.base_forms("geese", "n") == ("goose",) and index.base_forms("ran", "v") == ("run",)
    assert index.base_forms("cats", "n") == () and index.base_forms("tinier", "a") == ()
    assert index.morphy("leaves") == "leave" and index.morphy("leaves", "v") == "leave"
    assert index.morphy("runs") == "run" and index.morphy("cat") is None  # no noun: the verb; nothing
    assert index.lemmatize("dogs") == "dog" and index.lemmatize("us") == "u" and index.lemmatize("cats") == "cats"
    assert DETACHMENTS["s"] is DETACHMENTS["a"]


def test_every_file_can_be_read_ahead_and_the_answers_stay(tiny):
    index, _ = tiny
    index.read_files()
    files = {f"{kind}.{suffix}" for kind in ("index", "data") for suffix in ("noun", "verb", "adj", "adv")}
    assert set(index._files) == files | {f"{suffix}.exc" for suffix in ("noun", "verb", "adj", "adv")} | {"lexnames"}
    assert index.offsets("dog", "n") == (2084071, 10114209) and index.base_forms("geese", "n") == ("goose",)


def test_a_zipped_wordnet_reads_as_the_folder(tiny, tmp_path):
    folder_index, _ = tiny
    with zipfile.ZipFile(tmp_path / "wordnet.zip", "w") as archive:
        for file in sorted(folder_index.root.iterdir()):
            archive.write(file, f"wordnet/{file.name}")
    zipped = WordNetIndex(ZipEntry(tmp_path / "wordnet.zip", "wordnet/"))
    zipped.read_files()
    assert zipped._files == {name: folder_index.file(name) for name in zipped._files} and len(zipped._files) == 13
    assert zipped.offsets("small", "s") == folder_index.offsets("small", "s") != ()
    assert zipped.base_forms("geese", "n") == ("goose",)
    with pytest.raises(FileNotFoundError, match="wordnet.zip/wordnet/nothing"):
        zipped.file("nothing")


def test_it_answers_as_nltks_reader_on_wordnet():
    from lexnli.text import lemmatize, load_wordnet, load_wordnet_index

    reader = wordnet_or_skip(load_wordnet)
    index = load_wordnet_index()
    lemmas = sorted(reader.all_lemma_names())
    words = random.Random(0).sample(lemmas, 300) + [
        "dogs", "leaves", "geese", "aardwolves", "abaci", "churches", "running", "ran", "better", "best", "tiny",
        "hotter", "cities", "men", "hot_dog", "a", "zymurgy", "zzz", "aaa", "'hood"]
    words += [word + suffix for word in words[:100] for suffix in ("s", "es", "ed", "ing", "er")]
    for word in words:
        for pos in "nvasr":
            assert [s.offset() for s in reader.synsets(word, pos)] == [
                offset for base in index.base_forms(word, pos) for offset in index.offsets(base, pos)], (word, pos)
            assert index.morphy(word, pos) == reader.morphy(word, pos), (word, pos)
        assert index.morphy(word) == reader.morphy(word), word
    # NLTK's WordNetLemmatizer's own examples, and a word with two base forms (the shorter is taken)
    words = [("dogs", "n"), ("churches", "n"), ("aardwolves", "n"), ("abaci", "n"), ("hardrock", "n"), ("us", "n"),
             ("ran", "v"), ("better", "a")]
    assert [index.lemmatize(word, pos) for word, pos in words] == [
        "dog", "church", "aardwolf", "abacus", "hardrock", "u", "run", "good"]
    assert lemmatize(("Dogs", "ran", "better"), ("NNS", "VBD", "JJR")) == ("dog", "run", "good")


@pytest.mark.parametrize("searches_before_dict", [0, 3, 10_000])
def test_lines_found_by_search_or_by_dict_are_the_same(tiny, monkeypatch, searches_before_dict):
    monkeypatch.setattr(wordnet_index, "SEARCHES_BEFORE_DICT", searches_before_dict)
    index, _ = tiny
    asked = ["church", "dog", "cat", "dogs", "us", "u", "zzz", "", "1", "hot dog", "a\nb", "leave", "goose", "aaa"]
    assert [index.offsets(lemma, "n") for lemma in asked] == [
        (11,), (2084071, 10114209), (), (5,), (8434779,), (6830481,), (), (), (), (), (), (15137890,), (1855672,), ()]
    assert index.offsets("anything", "r") == ()  # an index of licence lines only


def test_every_line_of_wordnets_index_is_found_by_search():
    from lexnli.text import load_wordnet_index

    index = wordnet_or_skip(load_wordnet_index)
    for suffix in ("noun", "verb", "adj", "adv"):
        text = index.file(f"index.{suffix}")
        lines, starts = wordnet_index._lines_by_lemma(text), wordnet_index._line_starts(text)
        assert all(wordnet_index._search(text, starts, lemma) == line for lemma, line in lines.items())
        near = [lemma[:-1] for lemma in lines] + [lemma + "~" for lemma in lines] + [" ", "\x7f"]
        assert all(wordnet_index._search(text, starts, lemma) == lines.get(lemma) for lemma in near)
