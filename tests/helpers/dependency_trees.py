"""Hand-made labelled dependency trees of short SNLI-like sentences, for the parser's tests.

Each tree is a string of ``word/TAG/head/label`` tokens (heads 1-based, 0 for the root), with the
labels of the constituency-to-dependency conversion. All are projective with one root.
"""

TREES = [
    "A/DT/2/det man/NN/3/nsubj sleeps/VBZ/0/root ././3/punct",
    "Two/CD/2/amod dogs/NNS/3/nsubj run/VBP/0/root ././3/punct",
    "A/DT/2/det woman/NN/4/nsubj is/VBZ/4/aux singing/VBG/0/root ././4/punct",
    "The/DT/2/det boy/NN/3/nsubj plays/VBZ/0/root with/IN/3/prep a/DT/6/det ball/NN/4/pobj ././3/punct",
    "A/DT/2/det man/NN/8/nsubj in/IN/2/prep a/DT/6/det red/JJ/6/amod shirt/NN/3/pobj is/VBZ/8/aux "
    "cooking/VBG/0/root ././8/punct",
    "The/DT/2/det dog/NN/5/nsubj is/VBZ/5/aux not/RB/5/neg running/VBG/0/root ././5/punct",
    "A/DT/2/det girl/NN/7/nsubj and/CC/2/cc a/DT/5/det boy/NN/2/conj are/VBP/7/aux playing/VBG/0/root "
    "././7/punct",
    "People/NNS/3/nsubj are/VBP/3/aux sitting/VBG/0/root on/IN/3/prep a/DT/6/det bench/NN/4/pobj "
    "outside/RB/3/dep ././3/punct",
    "The/DT/2/det cat/NN/4/nsubjpass was/VBD/4/aux chased/VBN/0/root by/IN/4/prep a/DT/7/det "
    "dog/NN/5/pobj ././4/punct",
    "A/DT/2/det man/NN/8/nsubj who/WP/5/nsubj is/VBZ/5/aux wearing/VBG/2/relcl a/DT/7/det hat/NN/5/obj "
    "smiles/VBZ/0/root ././8/punct",
    "She/PRP/2/nsubj says/VBZ/0/root that/IN/5/mark he/PRP/5/nsubj sleeps/VBZ/2/ccomp ././2/punct",
    "The/DT/2/det children/NNS/3/nsubj laugh/VBP/0/root because/IN/7/mark the/DT/6/det clown/NN/7/nsubj "
    "falls/VBZ/3/advcl ././3/punct",
    "A/DT/2/det dog/NN/3/nsubj catches/VBZ/0/root a/DT/5/det frisbee/NN/3/obj in/IN/3/prep the/DT/8/det "
    "park/NN/6/pobj ././3/punct",
    "Nobody/NN/3/nsubj is/VBZ/3/aux swimming/VBG/0/root",
    "Dogs/NNS/0/root ././1/punct",
    "A/DT/2/det woman/NN/6/nsubj holding/VBG/2/acl an/DT/5/det umbrella/NN/3/obj walks/VBZ/0/root "
    "././6/punct",
    "Two/CD/2/amod men/NNS/4/nsubj are/VBP/4/aux talking/VBG/0/root and/CC/4/cc laughing/VBG/4/conj "
    "././4/punct",
    "The/DT/3/det old/JJ/3/amod man/NN/4/nsubj reads/VBZ/0/root a/DT/6/det book/NN/4/obj ././4/punct",
    "A/DT/3/det little/JJ/3/amod girl/NN/5/nsubj is/VBZ/5/aux eating/VBG/0/root an/DT/7/det "
    "apple/NN/5/obj ././5/punct",
    "The/DT/2/det band/NN/3/nsubj plays/VBZ/0/root music/NN/3/obj on/IN/3/prep stage/NN/5/pobj "
    "././3/punct",
    "A/DT/2/det man/NN/3/nsubj rides/VBZ/0/root a/DT/5/det bike/NN/3/obj down/IN/3/prep the/DT/8/det "
    "street/NN/6/pobj ././3/punct",
    "The/DT/2/det women/NNS/5/nsubj are/VBP/5/aux not/RB/5/neg dancing/VBG/0/root",
    "A/DT/2/det boy/NN/3/nsubj jumps/VBZ/0/root into/IN/3/prep the/DT/6/det pool/NN/4/pobj "
    "while/IN/10/mark his/PRP$/9/det friends/NNS/10/nsubj watch/VBP/3/advcl ././3/punct",
    "Some/DT/2/det people/NNS/3/nsubj wait/VBP/0/root for/IN/3/prep the/DT/6/det bus/NN/4/pobj "
    "././3/punct",
    "A/DT/2/det toddler/NN/11/nsubj in/IN/2/prep a/DT/6/det blue/JJ/6/amod hat/NN/3/pobj and/CC/6/cc "
    "a/DT/10/det red/JJ/10/amod coat/NN/6/conj smiles/VBZ/0/root ././11/punct",
    "The/DT/2/det chef/NN/3/nsubj cooks/VBZ/0/root ,/,/3/punct and/CC/3/cc the/DT/7/det waiter/NN/8/nsubj "
    "serves/VBZ/3/conj ././3/punct",
    "The/DT/2/det baby/NN/4/nsubjpass was/VBD/4/aux fed/VBN/0/root by/IN/4/prep her/PRP$/7/det "
    "mother/NN/5/pobj ././4/punct",
    "Kids/NNS/2/nsubj play/VBP/0/root soccer/NN/2/obj in/IN/2/prep the/DT/6/det rain/NN/4/pobj "
    "././2/punct",
    "A/DT/2/det person/NN/8/nsubj (/-LRB-/4/punct wearing/VBG/2/acl a/DT/6/det mask/NN/4/obj "
    ")/-RRB-/4/punct stands/VBZ/0/root ././8/punct",
    "The/DT/2/det tourists/NNS/3/nsubj know/VBP/0/root the/DT/5/det museum/NN/6/nsubj closes/VBZ/3/ccomp "
    "early/RB/6/dep ././3/punct",
    "Men/NNS/5/nsubj that/WDT/3/nsubj sell/VBP/1/relcl fruit/NN/3/obj shout/VBP/0/root",
    "``/``/2/punct Look/VB/5/ccomp !/./2/punct ''/''/2/punct says/VBZ/0/root the/DT/7/det girl/NN/5/nsubj "
    "././5/punct",
]


def tree(line: str) -> tuple[tuple, tuple, tuple, tuple]:
    """``(tokens, tags, heads, labels)`` of a ``word/TAG/head/label ...`` line."""
    fields = [token.split("/") for token in line.split()]
    tokens, tags, heads, labels = zip(*fields)
    return tokens, tags, tuple(int(h) for h in heads), labels


#: The trees, as the parser's training sentences.
SENTENCES = [tree(line) for line in TREES]
#: A non-projective tree: the arcs 3 -> 1 and 4 -> 2 cross.
NON_PROJECTIVE = (("w", "x", "y", "z"), ("NN", "NN", "VB", "NN"), (3, 4, 0, 3), ("nsubj", "amod", "root", "obj"))
