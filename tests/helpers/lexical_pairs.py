"""Hand-made pairs with explicit tags for the lexical-resource families (a hypernym, an antonym, VerbOcean's
stronger and opposite verbs, synonyms, a holonym, an empty pair), and those families' names."""
from lexnli.records import Pair, Sentence

LEXICAL = ["bag_overlap", "wordnet", "verbocean", "tree"]


def sentence(text: str, tags: str) -> Sentence:
    """A sentence of the space-separated words ``text`` tagged ``tags``, with the tree the tests' syntax model
    gives it (:mod:`tests.helpers.syntax_fixture`)."""
    from tests.helpers.syntax_fixture import tree

    tokens, tags = tuple(text.split()), tuple(tags.split())
    return Sentence(text=text, tokens=tokens, tags=tags, tree=tree(tokens, tags) if tokens else None)


HAND_PAIRS = {
    "hypernym": Pair(sentence("A dog chases a cat", "DT NN VBZ DT NN"),
                     sentence("An animal chases a cat", "DT NN VBZ DT NN")),
    "antonym": Pair(sentence("The water is hot", "DT NN VBZ JJ"), sentence("The water is cold", "DT NN VBZ JJ")),
    "stronger": Pair(sentence("A man kills a bird", "DT NN VBZ DT NN"),
                     sentence("A man wounds a bird", "DT NN VBZ DT NN")),
    "opposite": Pair(sentence("The man sleeps", "DT NN VBZ"), sentence("The man does not wake", "DT NN VBZ RB VB")),
    "synonym": Pair(sentence("A man in a blue shirt is riding a bike", "DT NN IN DT JJ NN VBZ VBG DT NN"),
                    sentence("A person rides a bicycle", "DT NN VBZ DT NN")),
    "holonym": Pair(sentence("A finger is bleeding", "DT NN VBZ VBG"), sentence("A hand is bleeding", "DT NN VBZ VBG")),
    "empty": Pair(sentence("", ""), sentence("", "")),
}
