"""lexical_resources.wordnet_data: synset records read from the data files agree with NLTK's synsets."""
import pytest

from lexnli.errors import ResourceMissingError


@pytest.fixture(scope="module")
def reader_and_data():
    from lexical_resources.wordnet_data import WordNetData
    from lexnli.text import load_wordnet, load_wordnet_index

    try:
        reader = load_wordnet()
    except ResourceMissingError as exc:
        pytest.skip(str(exc))
    return reader, WordNetData(load_wordnet_index())


def related(data, targets):
    return sorted(data.record(pos, offset).name for pos, offset in targets)


@pytest.mark.parametrize("name", ["dog.n.01", "car.n.01", "wheel.n.01", "germany.n.01", "run.v.01", "kill.v.01",
                                  "small.a.01", "tiny.s.01", "hot.a.01", "german.a.01", "wooden.a.01", "denim.n.01",
                                  "quickly.r.01", "people.n.01", "paris.n.01", "abounding.s.01",  # galore(ip): a marker
                                  "happy.a.01", "healthy.a.01"])  # "also see" adjectives
def test_a_record_is_what_nltk_reads(reader_and_data, name):
    reader, data = reader_and_data
    synset, record = reader.synset(name), data.by_name(name)
    assert (record.name, record.pos, record.lexname) == (synset.name(), synset.pos(), synset.lexname())
    assert list(record.lemmas) == [lemma.name() for lemma in synset.lemmas()]
    assert data.record(synset.pos(), synset.offset()) is record
    nltk_related = {"@": synset.hypernyms(), "@i": synset.instance_hypernyms(), "#p": synset.part_holonyms(),
                    "#m": synset.member_holonyms(), "#s": synset.substance_holonyms(), "&": synset.similar_tos(),
                    "^": synset.also_sees()}
    for symbol, synsets in nltk_related.items():
        assert related(data, record.targets(symbol)) == sorted(s.name() for s in synsets), symbol
    for lemma in synset.lemmas():
        for symbol, lemmas in (("!", lemma.antonyms()), ("+", lemma.derivationally_related_forms()),
                               ("\\", lemma.pertainyms())):
            mine = [(data.record(pos, offset).name, data.record(pos, offset).lemmas[k])
                    for pos, offset, k in record.lemma_pointers.get((lemma.name(), symbol), ())]
            assert mine == [(other.synset().name(), other.name()) for other in lemmas], (lemma.name(), symbol)


def test_a_name_no_synset_has_is_an_error(reader_and_data):
    from nltk.corpus.reader.wordnet import WordNetError

    _, data = reader_and_data
    with pytest.raises(WordNetError, match="no synset named"):
        data.by_name("dog.n.99")
    with pytest.raises(WordNetError, match="no synset named"):
        data.by_name("notaword.n.01")


@pytest.mark.parametrize("name", ["kitten.n.01", "dog.n.01", "paris.n.01", "abounding.s.01"])
def test_a_gloss_is_what_nltk_reads(reader_and_data, name):
    reader, data = reader_and_data
    synset = reader.synset(name)
    assert data.gloss(name) == "; ".join([synset.definition()] + [f'"{example}"' for example in synset.examples()])
