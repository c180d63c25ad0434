"""lexnli.dependencies: constituency parses to labelled dependency trees (hand-checked trees, validity, errors)."""
import gzip
import itertools
import json

import pytest

from lexnli.dependencies import LABELS, DependencyTree, from_parse
from lexnli.text import parse_leaves

from tests.conftest import shared_file

#: Stanford-style parses and their trees, checked by hand: ``word:head:label`` per token (head 0 is the root).
HAND_CHECKED = {
    "transitive": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ eats) (NP (DT an) (NN apple))) (. .)))",
        "A:2:det man:3:nsubj eats:0:root an:5:det apple:3:obj .:3:punct"),
    "intransitive": (
        "(ROOT (S (NP (DT A) (NN dog)) (VP (VBZ sleeps)) (. .)))",
        "A:2:det dog:3:nsubj sleeps:0:root .:3:punct"),
    "progressive": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG sleeping))) (. .)))",
        "A:2:det man:4:nsubj is:4:aux sleeping:0:root .:4:punct"),
    "copula heads its adjective": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (ADJP (JJ awake))) (. .)))",
        "A:2:det man:3:nsubj is:0:root awake:3:dep .:3:punct"),
    "passive": (
        "(ROOT (S (NP (DT The) (NN dog)) (VP (VBD was) (VP (VBN chased) (PP (IN by) (NP (DT the) (NN cat))))) (. .)))",
        "The:2:det dog:4:nsubjpass was:4:aux chased:0:root by:4:prep the:7:det cat:5:pobj .:4:punct"),
    "get passive": (
        "(ROOT (S (NP (DT The) (NN man)) (VP (VBD got) (VP (VBN hit) (PP (IN by) (NP (DT a) (NN ball))))) (. .)))",
        "The:2:det man:4:nsubjpass got:4:aux hit:0:root by:4:prep a:7:det ball:5:pobj .:4:punct"),
    "clausal complement": (
        "(ROOT (S (NP (DT The) (NN lawyer)) (VP (VBD knew) (SBAR (S (NP (DT the) (NNS doctors)) "
        "(VP (VBD admired) (NP (DT the) (NN actor)))))) (. .)))",
        "The:2:det lawyer:3:nsubj knew:0:root the:5:det doctors:6:nsubj admired:3:ccomp the:8:det actor:6:obj "
        ".:3:punct"),
    "complementizer that": (
        "(ROOT (S (NP (PRP He)) (VP (VBZ says) (SBAR (IN that) (S (NP (DT the) (NN dog)) (VP (VBZ sleeps))))) (. .)))",
        "He:2:nsubj says:0:root that:6:mark the:5:det dog:6:nsubj sleeps:2:ccomp .:2:punct"),
    "adverbial clause without a comma": (
        "(ROOT (S (SBAR (WHADVP (WRB When)) (S (NP (DT the) (NN girl)) (VP (VBD left)))) (NP (DT the) (NN dog)) "
        "(VP (VBD barked)) (. .)))",
        "When:4:mark the:3:det girl:4:nsubj left:7:advcl the:6:det dog:7:nsubj barked:0:root .:7:punct"),
    "adverbial clause after the verb": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ sings) (SBAR (IN while) (S (NP (DT a) (NN woman)) "
        "(VP (VBZ dances))))) (. .)))",
        "A:2:det man:3:nsubj sings:0:root while:7:mark a:6:det woman:7:nsubj dances:3:advcl .:3:punct"),
    "relative clause": (
        "(ROOT (S (NP (NP (DT The) (NN dog)) (SBAR (WHNP (WDT that)) (S (VP (VBD chased) (NP (DT the) (NNS cats)))))) "
        "(VP (VBD slept)) (. .)))",
        "The:2:det dog:7:nsubj that:4:nsubj chased:2:relcl the:6:det cats:4:obj slept:0:root .:7:punct"),
    "object relative clause": (
        "(ROOT (S (NP (NP (DT The) (NN cat)) (SBAR (WHNP (WDT that)) (S (NP (DT the) (NN dog)) (VP (VBD chased))))) "
        "(VP (VBD slept)) (. .)))",
        "The:2:det cat:7:nsubj that:6:obj the:5:det dog:6:nsubj chased:2:relcl slept:0:root .:7:punct"),
    "reduced relative": (
        "(ROOT (S (NP (NP (DT The) (NN boy)) (VP (VBN pushed) (PP (IN into) (NP (DT the) (NN pool))))) "
        "(VP (VBD cried)) (. .)))",
        "The:2:det boy:7:nsubj pushed:2:acl into:3:prep the:6:det pool:4:pobj cried:0:root .:7:punct"),
    "participial modifier": (
        "(ROOT (NP (NP (DT A) (NN man)) (VP (VBG wearing) (NP (DT a) (NN hat))) (. .)))",
        "A:2:det man:0:root wearing:2:acl a:5:det hat:3:obj .:2:punct"),
    "PP on the subject": (
        "(ROOT (S (NP (NP (DT The) (NN woman)) (PP (IN beside) (NP (DT the) (NNS men)))) (VP (VBD ate)) (. .)))",
        "The:2:det woman:6:nsubj beside:2:prep the:5:det men:3:pobj ate:0:root .:6:punct"),
    "NP coordination": (
        "(ROOT (S (NP (NP (DT The) (NNS girls)) (CC and) (NP (DT the) (NNS boys))) "
        "(VP (VBD watched) (NP (DT the) (NN teacher))) (. .)))",
        "The:2:det girls:6:nsubj and:2:cc the:5:det boys:2:conj watched:0:root the:8:det teacher:6:obj .:6:punct"),
    "flat NP coordination: the first noun heads": (
        "(ROOT (NP (DT a) (JJ black) (NN hat) (CC and) (NN jacket)))",
        "a:3:det black:3:amod hat:0:root and:3:cc jacket:3:conj"),
    "coordinated adjectives before a noun": (
        "(ROOT (NP (DT a) (JJ black) (CC and) (JJ white) (NN dog)))",
        "a:5:det black:5:amod and:2:cc white:2:conj dog:0:root"),
    "coordinated objects": (
        "(ROOT (S (NP (PRP He)) (VP (VBZ rides) (NP (DT a) (NN bike)) (, ,) (NP (DT a) (NN bus)) (CC and) "
        "(NP (DT a) (NN car))) (. .)))",
        "He:2:nsubj rides:0:root a:4:det bike:2:obj ,:4:punct a:7:det bus:4:conj and:4:cc a:10:det car:4:conj "
        ".:2:punct"),
    "VP coordination": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VP (VBZ sings)) (CC and) (VP (VBZ dances))) (. .)))",
        "A:2:det man:3:nsubj sings:0:root and:3:cc dances:3:conj .:3:punct"),
    "clause coordination": (
        "(ROOT (S (S (NP (DT A) (NN man)) (VP (VBZ sings))) (, ,) (CC and) (S (NP (DT a) (NN dog)) (VP (VBZ barks))) "
        "(. .)))",
        "A:2:det man:3:nsubj sings:0:root ,:3:punct and:3:cc a:7:det dog:8:nsubj barks:3:conj .:3:punct"),
    "negation": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (RB not) (VP (VBG sleeping))) (. .)))",
        "A:2:det man:5:nsubj is:5:aux not:5:neg sleeping:0:root .:5:punct"),
    "negative determiner": (
        "(ROOT (S (NP (EX There)) (VP (VBZ is) (NP (DT no) (NN dog))) (. .)))",
        "There:2:nsubj is:0:root no:4:neg dog:2:dep .:2:punct"),
    "adjective": (
        "(ROOT (NP (DT a) (JJ small) (NN elephant)))",
        "a:3:det small:3:amod elephant:0:root"),
    "comparative": (
        "(ROOT (S (NP (NNP Mary)) (VP (VBZ is) (ADJP (JJR taller) (PP (IN than) (NP (NNP John))))) (. .)))",
        "Mary:2:nsubj is:0:root taller:2:dep than:3:prep John:4:pobj .:2:punct"),
    "infinitival complement": (
        "(ROOT (S (NP (DT The) (NN boy)) (VP (VBZ wants) (S (VP (TO to) (VP (VB swim))))) (. .)))",
        "The:2:det boy:3:nsubj wants:0:root to:5:aux swim:3:ccomp .:3:punct"),
    "modal and perfect": (
        "(ROOT (S (NP (DT The) (NN cake)) (VP (MD will) (VP (VB have) (VP (VBN been) (VP (VBN eaten))))) (. .)))",
        "The:2:det cake:6:nsubjpass will:6:aux have:6:aux been:6:aux eaten:0:root .:6:punct"),
    "have with an object is a main verb": (
        "(ROOT (S (NP (PRP He)) (VP (VBZ has) (NP (PRP$ his) (NN knee)) (VP (VBN looked) (PP (IN at)))) (. .)))",
        "He:2:nsubj has:0:root his:4:dep knee:2:obj looked:2:dep at:5:prep .:2:punct"),
    "PTB escapes": (
        "(ROOT (S (NP (NP (DT A) (NN dog)) (PRN (-LRB- -LRB-) (ADJP (JJ brown)) (-RRB- -RRB-))) (VP (VBZ runs)) "
        "(. .)))",
        "A:2:det dog:6:nsubj (:4:punct brown:2:dep ):4:punct runs:0:root .:6:punct"),
    "Collins' possessive: POS heads its NP": (
        "(ROOT (NP (NP (DT the) (NN man) (POS 's)) (NN hat)))",
        "the:3:det man:3:dep 's:4:dep hat:0:root"),
}


def written(tree: DependencyTree) -> str:
    return " ".join(f"{token}:{head}:{label}" for token, head, label in zip(tree.tokens, tree.heads, tree.labels))


@pytest.mark.parametrize("parse,expected", HAND_CHECKED.values(), ids=HAND_CHECKED)
def test_hand_checked_trees(parse, expected):
    assert written(from_parse(parse)) == expected


def assert_valid(parse):
    tree = from_parse(parse)
    assert (tree.tokens, tree.tags) == parse_leaves(parse)
    assert set(tree.labels) <= set(LABELS) and tree.labels.count("root") == 1 and tree.heads.count(0) == 1
    for start in range(1, len(tree.heads) + 1):
        seen, node = set(), start
        while node:
            assert node not in seen, f"cycle through token {node} in {parse}"
            seen.add(node)
            node = tree.heads[node - 1]


SUBJECTS = ["(NP (DT A) (NN man))", "(NP (NP (DT A) (NN girl)) (PP (IN in) (NP (DT a) (JJ red) (NN dress))))",
            "(NP (NP (CD Two) (NNS dogs)) (VP (VBG running) (PP (IN on) (NP (NN grass)))))",
            "(NP (NP (DT The) (NN woman)) (SBAR (WHNP (WP who)) (S (VP (VBZ is) (VP (VBG smiling))))))",
            "(NP (NP (DT A) (NN boy)) (CC and) (NP (PRP$ his) (NN mother)))", "(NP (PRP They))"]
PREDICATES = ["(VP (VBP are) (VP (VBG playing) (NP (NN soccer))))",
              "(VP (VBD was) (VP (VBN photographed) (PP (IN by) (NP (DT a) (NN tourist)))))",
              "(VP (VBZ is) (RB n't) (ADJP (JJ happy)))",
              "(VP (VP (VBZ jumps)) (CC and) (VP (VBZ laughs) (SBAR (IN because) (S (NP (PRP it)) (VP (VBZ rains))))))",
              "(VP (VBZ thinks) (SBAR (S (NP (DT the) (NN sky)) (VP (VBZ is) (ADJP (JJ blue))))))"]
ENDINGS = ["(. .)", "", "(. !)"]


@pytest.mark.parametrize("parse", [f"(ROOT (S {s} {p} {e}))" for s, p, e in itertools.product(
    SUBJECTS, PREDICATES, ENDINGS)] + [f"(ROOT (NP {s} (. .)))" for s in SUBJECTS] + [
    "(ROOT (FRAG (NP (DT a) (NN farmer) (S (VP (VBG selling) (NP (PRP$ his) (NN farm)))))))",
    "(ROOT (SQ (VBZ Is) (NP (DT the) (NN man)) (VP (VBG sleeping)) (. ?)))",
    "(ROOT (NP (NP (NNP Guy)) (PP (IN in) (NP (NP (DT a) (JJ dark) (NN suit)) (, ,) (PP (IN with) (NP (DT a) "
    "(NN cigarette))))) (. .)))",
    "(ROOT (S (NP (CD 4) (NNS people)) (VP (VBP are) (VP (VBG lying) (PRT (RP down)) (S (VP (VBN stacked) "
    "(PP (IN on) (NP (NP (NN top)) (PP (IN of) (NP (CD one) (DT another))))))))) (. .)))",
    "( (S (NP (NNS Dogs)) (VP (VBP bark))))", "(NN dog)", "(ROOT (UCP (ADJP (JJ wet)) (CC and) (NP (NN mud))))"])
def test_real_looking_parses_give_valid_trees(parse):
    assert_valid(parse)


@pytest.mark.parametrize("parse", ["", "   ", "(ROOT (S (NP (DT A) (NN man))", "(ROOT (NN man)))", "(ROOT ())",
                                   "man", "(NN man) (NN dog)", "(ROOT (NP (DT A) man))", "(ROOT (NN  man))", "(ROOT"])
def test_bad_brackets_are_a_value_error(parse):
    with pytest.raises(ValueError, match="malformed parse"):
        from_parse(parse)


@pytest.mark.parametrize("heads,labels", [((0, 0), ("root", "root")), ((2, 1), ("dep", "dep")),
                                          ((0, 3, 2), ("root", "dep", "dep")), ((0, 1), ("root", "nmod")),
                                          ((2, 0), ("dep", "dep")), ((0, 5), ("root", "dep"))])
def test_a_dependency_tree_must_be_a_tree(heads, labels):
    tokens = tuple("abc"[:len(heads)])
    with pytest.raises(ValueError):
        DependencyTree(tokens, tokens, heads, labels)


def test_every_dev_parse_is_a_tree():
    path = shared_file("snli_1.0/snli_1.0_dev.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        parses = [p for line in lines for p in map(json.loads(line).get, ("sentence1_parse", "sentence2_parse")) if p]
    assert len(parses) == 20_000
    for parse in parses:
        assert_valid(parse)
