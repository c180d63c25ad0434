"""A stand-in WordNet whose relations are written out, so word relations and alignments are checked
without NLTK data, and sentences written as ``word/TAG`` tokens (with their trees)."""
from lexnli.records import Sentence


class TinyWordNet:
    """The WordNet interface WordRelations uses, with hand-written relations."""

    LEMMAS = {"dogs": "dog", "sings": "sing", "bit": "bite", "is": "be", "runs": "run", "men": "man",
              "persons": "person", "thinks": "think", "knows": "know", "refuses": "refuse", "eating": "eat",
              "apples": "apple", "pushed": "push", "pushing": "push", "following": "follow", "running": "run",
              "watching": "watch", "laughing": "laugh", "cooking": "cook", "sleeping": "sleep", "singing": "sing",
              "dancing": "dance", "taller": "tall", "tallest": "tall", "shorter": "short", "holds": "hold"}
    RELATIONS = {("dog", "animal"): "hypernym", ("animal", "dog"): "hyponym", ("tall", "short"): "antonym",
                 ("short", "tall"): "antonym", ("man", "person"): "hypernym", ("apple", "fruit"): "hypernym",
                 ("fruit", "apple"): "hyponym", ("gun", "weapon"): "hypernym"}
    COHYPONYMS = {frozenset(("blue", "green")), frozenset(("dog", "cat")), frozenset(("apple", "pear"))}
    MATERIALS = {"wooden": frozenset({"wood"}), "wood": frozenset({"wood"}), "metal": frozenset({"metal"})}
    DERIVED = {frozenset(("grassy", "grass"))}

    def lemma(self, word, pos=None):
        return self.LEMMAS.get(word, word)

    def relation(self, word1, word2, pos=None):
        return self.RELATIONS.get((self.lemma(word1), self.lemma(word2)))

    def has_senses(self, word, pos=None):
        return True

    def close_relation(self, word1, word2, pos=None):
        found = self.relation(word1, word2, pos)
        if found is None and frozenset((self.lemma(word1), self.lemma(word2))) in self.COHYPONYMS:
            return "cohyponym"
        return found

    def place(self, word):
        return None

    def materials(self, word):
        return self.MATERIALS.get(word, frozenset())

    def is_derived(self, word1, word2):
        return frozenset((word1, word2)) in self.DERIVED

    def verb_file(self, lemma):
        return {"run": "verb.motion", "sing": "verb.communication", "bite": "verb.contact"}.get(lemma)

    def noun_file(self, lemma):
        return {"husband": "noun.person", "son": "noun.person", "friend": "noun.person", "farmer": "noun.person",
                "dog": "noun.animal"}.get(lemma)

    def is_food(self, lemma):
        return lemma in ("sandwich", "cheese", "soup")

    def compound(self, modifier, head_lemma):
        return None


def sentence(tagged: str) -> Sentence:
    """``"a/DT dog/NN ./."`` -> a Sentence, with the tree the tests' syntax model gives it (see
    :mod:`tests.helpers.syntax_fixture`)."""
    from tests.helpers.syntax_fixture import tree

    tokens, tags = zip(*(item.rsplit("/", 1) for item in tagged.split()))
    return Sentence(text=" ".join(tokens), tokens=tokens, tags=tags, tree=tree(tokens, tags))
