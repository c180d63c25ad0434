"""featurize.reading: propositions, embedding, assertion and negation read from hand-written Stanford-style parses
(no shared data, no parser model, no WordNet: the lemmas are written out here)."""
import pytest

from featurize.reading import Proposition, Reading, explain, read
from lexnli.dependencies import DependencyTree, from_parse

#: The lemmas of the inflected words the parses below use; any other word is its own lemma, lowercased.
LEMMAS = {
    "knew": "know", "thought": "think", "thinks": "think", "admired": "admire", "left": "leave", "barked": "bark",
    "pushed": "push", "cried": "cry", "helped": "help", "carried": "carry", "ate": "eat", "chased": "chase",
    "slept": "sleep", "girls": "girl", "boys": "boy", "doctors": "doctor", "cats": "cat", "men": "man",
    "watched": "watch", "is": "be", "was": "be", "are": "be", "got": "get", "wants": "want", "managed": "manage",
    "refused": "refuse", "trying": "try", "wonders": "wonder", "asks": "ask", "laughs": "laugh", "sings": "sing",
    "dances": "dance", "barks": "bark", "sleeping": "sleep", "cooking": "cook", "sleeps": "sleep", "running": "run",
    "does": "do", "did": "do", "wearing": "wear", "dressed": "dress", "walks": "walk", "walking": "walk",
    "talks": "talk", "runs": "run", "leaves": "leave", "paying": "pay", "stands": "stand", "sits": "sit",
    "reading": "read", "gives": "give", "reunited": "reunite", "smiling": "smile",
    "kicked": "kick", "flew": "fly", "holds": "hold", "crying": "cry",
    "playing": "play", "dogs": "dog", "rides": "ride", "watches": "watch", "holding": "hold", "following": "follow",
    "has": "have", "singing": "sing", "dancing": "dance", "kicks": "kick", "sitting": "sit",
    "says": "say", "children": "child", "photographed": "photograph", "diving": "dive", "taller": "tall",
    "looking": "look", "trimming": "trim", "works": "work",
}


def lemmas_of(tokens) -> tuple[str, ...]:
    return tuple(LEMMAS.get(token.lower(), token.lower()) for token in tokens)


def reading_of(parse: str) -> tuple[DependencyTree, tuple[str, ...], Reading]:
    tree = from_parse(parse)
    lemmas = lemmas_of(tree.tokens)
    return tree, lemmas, read(tree, lemmas)


def in_words(parse: str) -> list[tuple]:
    """Each proposition as ``(predicate, subjects, objects, passive, asserted, negated)``, in lemmas."""
    _, lemmas, reading = reading_of(parse)
    return [(lemmas[p.predicate], tuple(lemmas[i] for i in p.subjects), tuple(lemmas[i] for i in p.objects),
             p.passive, asserted, negated)
            for p, asserted, negated in zip(reading.propositions, reading.asserted, reading.negated)]


def W(predicate, subjects=(), objects=(), passive=False, asserted=True, negated=False):
    return (predicate, tuple(subjects), tuple(objects), passive, asserted, negated)


#: name -> (parse, expected propositions in words, expected explain()), by the rule each shows.
CASES = {
    # the issue's examples
    "embedded subject": (
        "(ROOT (S (NP (DT The) (NN lawyer)) (VP (VBD knew) (SBAR (S (NP (DT the) (NNS doctors)) "
        "(VP (VBD admired) (NP (DT the) (NN actor)))))) (. .)))",
        [W("know", ["lawyer"]), W("admire", ["doctor"], ["actor"])], "know(lawyer; admire(doctor; actor))"),
    "embedded subject, non-veridical verb": (
        "(ROOT (S (NP (DT The) (NN lawyer)) (VP (VBD thought) (SBAR (IN that) (S (NP (DT the) (NNS doctors)) "
        "(VP (VBD admired) (NP (DT the) (NN actor)))))) (. .)))",
        [W("think", ["lawyer"]), W("admire", ["doctor"], ["actor"], asserted=False)],
        "think(lawyer; ?admire(doctor; actor))"),
    "adverbial clause without a comma": (
        "(ROOT (S (SBAR (WHADVP (WRB When)) (S (NP (DT the) (NN girl)) (VP (VBD left)))) (NP (DT the) (NN dog)) "
        "(VP (VBD barked)) (. .)))",
        [W("leave", ["girl"]), W("bark", ["dog"])], "leave(girl) & bark(dog)"),
    "reduced relative on the subject": (
        "(ROOT (S (NP (NP (DT The) (NN boy)) (VP (VBN pushed) (PP (IN into) (NP (DT the) (NN pool))))) "
        "(VP (VBD cried)) (. .)))",
        [W("push", [], ["boy"], passive=True), W("cry", ["boy"])], "push(; boy) & cry(boy)"),
    "reduced relative on the object, with its agent": (
        "(ROOT (S (NP (DT The) (NN woman)) (VP (VBD helped) (NP (NP (DT the) (NN man)) (VP (VBN carried) "
        "(PP (IN by) (NP (DT the) (NN crowd)))))) (. .)))",
        [W("help", ["woman"], ["man"]), W("carry", ["crowd"], ["man"], passive=True)],
        "help(woman; man) & carry(crowd; man)"),
    "comparative": (
        "(ROOT (S (NP (NNP Mary)) (VP (VBZ is) (ADJP (JJR taller) (PP (IN than) (NP (NNP John))))) (. .)))",
        [W("tall", ["mary"], ["john"])], "tall(mary; john)"),
    "comparative with more": (
        "(ROOT (S (NP (DT The) (NN woman)) (VP (VBZ is) (ADJP (RBR more) (JJ careful) (PP (IN than) "
        "(NP (DT the) (NNS men))))) (. .)))",
        [W("careful", ["woman"], ["man"])], "careful(woman; man)"),
    "comparative adverb": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG running) (ADVP (RBR faster)) (PP (IN than) "
        "(NP (DT a) (NN dog))))) (. .)))",
        [W("run", ["man"], ["dog"])], "run(man; dog)"),
    "equative": (
        "(ROOT (S (NP (NNP Mary)) (VP (VBZ is) (ADJP (RB as) (JJ tall) (PP (IN as) (NP (NNP John))))) (. .)))",
        [W("tall", ["mary", "john"])], "tall(mary, john)"),
    "equative adverb": (
        "(ROOT (S (NP (DT The) (NN boy)) (VP (VBZ runs) (ADVP (RB as) (RB fast)) (PP (IN as) (NP (DT the) "
        "(NN girl)))) (. .)))",
        [W("run", ["boy", "girl"])], "run(boy, girl)"),
    "equative with same": (
        "(ROOT (S (NP (DT The) (NN boy)) (VP (VBZ is) (NP (NP (DT the) (JJ same) (NN height)) (PP (IN as) "
        "(NP (PRP$ his) (NN father))))) (. .)))",
        [W("height", ["boy", "father"])], "height(boy, father)"),
    "equative with same on the object": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG wearing) (NP (DT the) (JJ same) (NN shirt)) "
        "(PP (IN as) (NP (DT the) (NN woman))))) (. .)))",
        [W("wear", ["man", "woman"], ["shirt"])], "wear(man, woman; shirt)"),
    "negated equative": (
        "(ROOT (S (NP (DT The) (NN dog)) (VP (VBZ is) (RB not) (ADJP (RB as) (JJ big) (PP (IN as) "
        "(NP (DT the) (NN horse))))) (. .)))",
        [W("big", ["dog"], ["horse"], negated=True)], "not big(dog; horse)"),
    "as is no equative without a first as": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ works) (PP (IN as) (NP (DT a) (NN teacher)))) (. .)))",
        [W("work", ["man"])], "work(man)"),
    "adjective with a prepositional phrase": (
        "(ROOT (S (NP (DT The) (NN woman)) (VP (VBZ is) (ADJP (JJ careful) (PP (IN with) (NP (DT the) (NNS men))))) "
        "(. .)))",
        [W("careful", ["woman"])], "careful(woman)"),
    "prepositional phrase on the subject": (
        "(ROOT (S (NP (NP (DT The) (NN woman)) (PP (IN beside) (NP (DT the) (NNS men)))) (VP (VBD ate)) (. .)))",
        [W("eat", ["woman"])], "eat(woman)"),
    "subject relative clause": (
        "(ROOT (S (NP (NP (DT The) (NN dog)) (SBAR (WHNP (WDT that)) (S (VP (VBD chased) (NP (DT the) (NNS cats)))))) "
        "(VP (VBD slept)) (. .)))",
        [W("chase", ["dog"], ["cat"]), W("sleep", ["dog"])], "chase(dog; cat) & sleep(dog)"),
    "conjoined subjects": (
        "(ROOT (S (NP (NP (DT The) (NNS girls)) (CC and) (NP (DT the) (NNS boys))) "
        "(VP (VBD watched) (NP (DT the) (NN teacher))) (. .)))",
        [W("watch", ["girl", "boy"], ["teacher"])], "watch(girl, boy; teacher)"),
    "passive": (
        "(ROOT (S (NP (DT The) (NN dog)) (VP (VBD was) (VP (VBN chased) (PP (IN by) (NP (DT the) (NN cat))))) "
        "(. .)))",
        [W("chase", ["cat"], ["dog"], passive=True)], "chase(cat; dog)"),
    # relative clauses
    "object relative clause": (
        "(ROOT (S (NP (NP (DT The) (NN cat)) (SBAR (WHNP (WDT that)) (S (NP (DT the) (NN dog)) (VP (VBD chased))))) "
        "(VP (VBD slept)) (. .)))",
        [W("chase", ["dog"], ["cat"]), W("sleep", ["cat"])], "chase(dog; cat) & sleep(cat)"),
    "bare object relative clause": (
        "(ROOT (S (NP (NP (DT The) (NN cat)) (SBAR (S (NP (DT the) (NN dog)) (VP (VBD chased))))) (VP (VBD slept)) "
        "(. .)))",
        [W("chase", ["dog"], ["cat"]), W("sleep", ["cat"])], "chase(dog; cat) & sleep(cat)"),
    "passive relative clause": (
        "(ROOT (S (NP (NP (DT The) (NN ball)) (SBAR (WHNP (WDT that)) (S (VP (VBD was) (VP (VBN kicked) "
        "(PP (IN by) (NP (DT the) (NN boy)))))))) (VP (VBD flew)) (. .)))",
        [W("kick", ["boy"], ["ball"], passive=True), W("fly", ["ball"])], "kick(boy; ball) & fly(ball)"),
    "relative clause on the object": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ holds) (NP (NP (DT a) (NN baby)) (, ,) (SBAR (WHNP (WDT which)) "
        "(S (VP (VBZ is) (VP (VBG crying))))))) (. .)))",
        [W("hold", ["man"], ["baby"]), W("cry", ["baby"])], "hold(man; baby) & cry(baby)"),
    "whose: the noun it determines": (
        "(ROOT (S (NP (NP (DT The) (NN man)) (SBAR (WHNP (WP$ whose) (NN dog)) (S (VP (VBZ barks))))) "
        "(VP (VBZ sleeps)) (. .)))",
        [W("bark", ["dog"]), W("sleep", ["man"])], "bark(dog) & sleep(man)"),
    "where: the antecedent is no argument": (
        "(ROOT (S (NP (NP (DT The) (NN park)) (SBAR (WHADVP (WRB where)) (S (NP (DT the) (NN dog)) "
        "(VP (VBZ runs))))) (VP (VBZ is) (ADJP (JJ big))) (. .)))",
        [W("run", ["dog"]), W("big", ["park"])], "run(dog) & big(park)"),
    "relative clause under a non-veridical verb": (
        "(ROOT (S (NP (DT The) (NN woman)) (VP (VBZ thinks) (SBAR (S (NP (NP (DT the) (NN man)) (SBAR (WHNP (WP who)) "
        "(S (VP (VBZ sleeps))))) (VP (VBZ is) (VP (VBG cooking)))))) (. .)))",
        [W("think", ["woman"]), W("sleep", ["man"], asserted=False), W("cook", ["man"], asserted=False)],
        "think(woman; ?cook(man)) & ?sleep(man)"),
    # participles
    "participle on the subject": (
        "(ROOT (S (NP (NP (DT A) (NN man)) (VP (VBG wearing) (NP (DT a) (NN hat)))) (VP (VBZ sings)) (. .)))",
        [W("wear", ["man"], ["hat"]), W("sing", ["man"])], "wear(man; hat) & sing(man)"),
    "conjoined participles, one passive": (
        "(ROOT (S (NP (NP (DT A) (NN man)) (VP (VP (VBG wearing) (NP (DT a) (NN hat))) (CC and) (VP (VBN dressed) "
        "(PP (IN in) (NP (NN black)))))) (VP (VBZ walks)) (. .)))",
        [W("wear", ["man"], ["hat"]), W("dress", [], ["man"], passive=True), W("walk", ["man"])],
        "wear(man; hat) & dress(; man) & walk(man)"),
    "participial clause first": (
        "(ROOT (S (S (VP (VBG Walking) (PP (IN down) (NP (DT the) (NN street))))) (, ,) (NP (DT a) (NN man)) "
        "(VP (VBZ talks)) (. .)))",
        [W("walk", ["man"]), W("talk", ["man"])], "walk(man) & talk(man)"),
    "participial complement": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ sits) (PP (IN on) (NP (DT a) (NN bench))) (S (VP (VBG reading) "
        "(NP (DT a) (NN book))))) (. .)))",
        [W("sit", ["man"]), W("read", ["man"], ["book"])], "sit(man; read(man; book))"),
    "existential with a participle": (
        "(ROOT (S (NP (EX There)) (VP (VBZ is) (NP (NP (DT a) (NN man)) (VP (VBG sleeping)))) (. .)))",
        [W("sleep", ["man"])], "sleep(man)"),
    # coordination and passives
    "conjoined verbs share the subject": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VP (VBZ sings)) (CC and) (VP (VBZ dances))) (. .)))",
        [W("sing", ["man"]), W("dance", ["man"])], "sing(man) & dance(man)"),
    "conjoined clauses": (
        "(ROOT (S (S (NP (DT A) (NN man)) (VP (VBZ sings))) (, ,) (CC and) (S (NP (DT a) (NN dog)) (VP (VBZ barks))) "
        "(. .)))",
        [W("sing", ["man"]), W("bark", ["dog"])], "sing(man) & bark(dog)"),
    "conjoined passives": (
        "(ROOT (S (NP (DT The) (NN girl)) (VP (VBD was) (VP (VP (VBN pushed)) (CC and) (VP (VBN kicked)))) (. .)))",
        [W("push", [], ["girl"], passive=True), W("kick", [], ["girl"], passive=True)], "push(; girl) & kick(; girl)"),
    "get passive": (
        "(ROOT (S (NP (DT The) (NN man)) (VP (VBD got) (VP (VBN hit) (PP (IN by) (NP (DT a) (NN ball))))) (. .)))",
        [W("hit", ["ball"], ["man"], passive=True)], "hit(ball; man)"),
    "a caption's participle after its subject": (
        "(ROOT (S (NP (NNP Gymnast)) (VP (VBN photographed) (PP (IN in) (NP (JJ mid) (NNS flip)))) (. .)))",
        [W("photograph", [], ["gymnast"], passive=True)], "photograph(; gymnast)"),
    "a VBN-tagged present is no participle": (
        "(ROOT (S (NP (DT the) (JJ yellow) (NNS dogs)) (VP (VBN run) (PP (IN on) (NP (DT the) (NN road))))))",
        [W("run", ["dog"])], "run(dog)"),
    "two objects": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ gives) (NP (DT a) (NN boy)) (NP (DT a) (NN ball))) (. .)))",
        [W("give", ["man"], ["boy", "ball"])], "give(man; boy, ball)"),
    "a particle of a path: no object": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ walks) (PRT (RP down)) (NP (DT the) (NN street))) (. .)))",
        [W("walk", ["man"])], "walk(man)"),
    # copulas
    "copula, adjective": ("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (ADJP (JJ awake))) (. .)))",
                          [W("awake", ["man"])], "awake(man)"),
    "copula, noun": ("(ROOT (S (NP (DT The) (NN man)) (VP (VBZ is) (NP (DT a) (NN doctor))) (. .)))",
                     [W("doctor", ["man"])], "doctor(man)"),
    "copula, preposition": ("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (PP (IN in) (NP (DT the) (NN park)))) (. .)))",
                            [W("in", ["man"], ["park"])], "in(man; park)"),
    "copula, adverb": ("(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (ADVP (RB outside))) (. .)))",
                       [W("outside", ["man"])], "outside(man)"),
    "copula, particle with an infinitive": (
        "(ROOT (S (NP (DT The) (NNS dogs)) (VP (VBP are) (ADJP (IN out) (S (VP (TO to) (VP (VB catch) "
        "(NP (NN fish))))))) (. .)))",
        [W("out", ["dog"]), W("catch", ["dog"], ["fish"], asserted=False)], "out(dog) & ?catch(dog; fish)"),
    "an -ing form is never passive": (
        "(ROOT (S (NP (DT The) (NN diver)) (VP (VBZ is) (VP (VBN diving) (PP (IN into) (NP (DT the) (NN water))))) "
        "(. .)))", [W("dive", ["diver"])], "dive(diver)"),
    "copula, conjoined adjectives": ("(ROOT (S (NP (DT The) (NN boy)) (VP (VBZ is) (ADJP (JJ wet) (CC and) (JJ cold))) "
                                     "(. .)))", [W("wet", ["boy"]), W("cold", ["boy"])], "wet(boy) & cold(boy)"),
    "copula, participle: a passive": ("(ROOT (S (NP (DT The) (NN couple)) (VP (VBZ is) (ADJP (VBN reunited))) (. .)))",
                                      [W("reunite", [], ["couple"], passive=True)], "reunite(; couple)"),
    "existential alone": ("(ROOT (S (NP (EX There)) (VP (VBZ is) (NP (DT a) (NN man))) (. .)))", [], ""),
    # complements and control
    "infinitive, non-veridical": (
        "(ROOT (S (NP (DT The) (NN boy)) (VP (VBZ wants) (S (VP (TO to) (VP (VB swim))))) (. .)))",
        [W("want", ["boy"]), W("swim", ["boy"], asserted=False)], "want(boy; ?swim(boy))"),
    "infinitive, implicative": (
        "(ROOT (S (NP (DT The) (NN boy)) (VP (VBD managed) (S (VP (TO to) (VP (VB swim))))) (. .)))",
        [W("manage", ["boy"]), W("swim", ["boy"])], "manage(boy; swim(boy))"),
    "infinitive, negative implicative": (
        "(ROOT (S (NP (DT The) (NN boy)) (VP (VBD refused) (S (VP (TO to) (VP (VB swim))))) (. .)))",
        [W("refuse", ["boy"]), W("swim", ["boy"], asserted=False)], "refuse(boy; ?swim(boy))"),
    "infinitive with an object, control by the subject": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG trying) (S (VP (TO to) (VP (VB fix) "
        "(NP (DT a) (NN car))))))) (. .)))",
        [W("try", ["man"]), W("fix", ["man"], ["car"], asserted=False)], "try(man; ?fix(man; car))"),
    "infinitive of an unlisted verb: a purpose": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ stands) (PP (IN on) (NP (DT a) (NN ladder))) (S (VP (TO to) "
        "(VP (VB paint) (NP (DT the) (NN wall)))))) (. .)))",
        [W("stand", ["man"]), W("paint", ["man"], ["wall"], asserted=False)], "stand(man; ?paint(man; wall))"),
    "say that": (
        "(ROOT (S (NP (PRP He)) (VP (VBZ says) (SBAR (IN that) (S (NP (DT the) (NN dog)) (VP (VBZ sleeps))))) (. .)))",
        [W("say", ["he"]), W("sleep", ["dog"], asserted=False)], "say(he; ?sleep(dog))"),
    "whether": (
        "(ROOT (S (NP (DT The) (NN man)) (VP (VBZ wonders) (SBAR (IN whether) (S (NP (DT the) (NN store)) "
        "(VP (VBZ is) (ADJP (JJ open)))))) (. .)))",
        [W("wonder", ["man"]), W("open", ["store"], asserted=False)], "wonder(man; ?open(store))"),
    "non-veridical adjective": (
        "(ROOT (S (NP (PRP It)) (VP (VBZ is) (ADJP (JJ possible) (SBAR (IN that) (S (NP (DT the) (NN dog)) "
        "(VP (VBZ sleeps)))))) (. .)))",
        [W("possible", ["it"]), W("sleep", ["dog"], asserted=False)], "possible(it; ?sleep(dog))"),
    # conditionals, disjunction, adverbs, negation
    "conditional: neither clause asserted": (
        "(ROOT (S (SBAR (IN If) (S (NP (DT the) (NN boy)) (VP (VBZ is) (ADJP (JJ wet))))) (, ,) "
        "(NP (DT the) (NN girl)) (VP (VBZ laughs)) (. .)))",
        [W("wet", ["boy"], asserted=False), W("laugh", ["girl"], asserted=False)], "?wet(boy) & ?laugh(girl)"),
    "unless": (
        "(ROOT (S (NP (DT The) (NN girl)) (VP (VBZ laughs) (SBAR (IN unless) (S (NP (DT the) (NN boy)) "
        "(VP (VBZ is) (ADJP (JJ wet)))))) (. .)))",
        [W("laugh", ["girl"], asserted=False), W("wet", ["boy"], asserted=False)], "?laugh(girl) & ?wet(boy)"),
    "asks if: a question, not a condition": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ asks) (SBAR (IN if) (S (NP (DT the) (NN store)) "
        "(VP (VBZ is) (ADJP (JJ open)))))) (. .)))",
        [W("ask", ["man"]), W("open", ["store"], asserted=False)], "ask(man) & ?open(store)"),
    "disjoined verbs": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VP (VBZ sings)) (CC or) (VP (VBZ dances))) (. .)))",
        [W("sing", ["man"], asserted=False), W("dance", ["man"], asserted=False)], "?sing(man) & ?dance(man)"),
    "disjoined subjects": (
        "(ROOT (S (NP (NP (DT A) (NN man)) (CC or) (NP (DT a) (NN woman))) (VP (VBZ sings)) (. .)))",
        [W("sing", ["man", "woman"], asserted=False)], "?sing(man, woman)"),
    "a disjoined object: what the clause embeds stays asserted": (
        "(ROOT (S (NP (DT A) (NN woman)) (VP (VBZ gives) (NP (PRP him)) (NP (NP (DT a) (NN toy)) (CC or) "
        "(NP (DT a) (NN bottle))) (SBAR (IN while) (S (VP (VBG smiling))))) (. .)))",
        [W("give", ["woman"], ["him", "toy", "bottle"], asserted=False), W("smile", ["woman"])],
        "?give(woman; him, toy, bottle) & smile(woman)"),
    "non-veridical adverb": (
        "(ROOT (S (ADVP (RB Maybe)) (NP (DT the) (NN dog)) (VP (VBZ is) (VP (VBG sleeping))) (. .)))",
        [W("sleep", ["dog"], asserted=False)], "?sleep(dog)"),
    "non-veridical modal": (
        "(ROOT (S (NP (DT A) (NN dog)) (VP (MD might) (VP (VB be) (VP (VBG sleeping)))) (. .)))",
        [W("sleep", ["dog"], asserted=False)], "?sleep(dog)"),
    "without": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ leaves) (PP (IN without) (S (VP (VBG paying))))) (. .)))",
        [W("leave", ["man"]), W("pay", ["man"], asserted=False)], "leave(man) & ?pay(man)"),
    "negated verb": (
        "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (RB not) (VP (VBG sleeping))) (. .)))",
        [W("sleep", ["man"], negated=True)], "not sleep(man)"),
    "negated copula": (
        "(ROOT (S (NP (DT The) (NN boy)) (VP (VBZ is) (RB not) (ADJP (JJ wet))) (. .)))",
        [W("wet", ["boy"], negated=True)], "not wet(boy)"),
    "no on the subject": (
        "(ROOT (S (NP (DT No) (NN dog)) (VP (VBZ is) (VP (VBG running))) (. .)))",
        [W("run", ["dog"], negated=True)], "not run(dog)"),
    "nobody": (
        "(ROOT (S (NP (NN Nobody)) (VP (VBZ is) (VP (VBG sleeping))) (. .)))",
        [W("sleep", ["nobody"], negated=True)], "not sleep(nobody)"),
    "negated non-veridical verb": (
        "(ROOT (S (NP (DT The) (NN man)) (VP (VBZ does) (RB not) (VP (VB want) (S (VP (TO to) (VP (VB eat)))))) "
        "(. .)))",
        [W("want", ["man"], negated=True), W("eat", ["man"], asserted=False)], "not want(man; ?eat(man))"),
    "negated implicative": (
        "(ROOT (S (NP (DT The) (NN man)) (VP (VBD did) (RB not) (VP (VB manage) (S (VP (TO to) (VP (VB eat)))))) "
        "(. .)))",
        [W("manage", ["man"], negated=True), W("eat", ["man"], asserted=False)], "not manage(man; ?eat(man))"),
    "negated factive": (
        "(ROOT (S (NP (DT The) (NN man)) (VP (VBZ does) (RB not) (VP (VB know) (SBAR (IN that) (S (NP (DT the) "
        "(NN dog)) (VP (VBZ sleeps)))))) (. .)))",
        [W("know", ["man"], negated=True), W("sleep", ["dog"])], "not know(man; sleep(dog))"),
    "a subordinator tagged as a noun is no argument": (
        "(ROOT (S (NP (DT A) (NN woman)) (VP (VBZ is) (VP (VBG looking) (PP (IN at) (NP (NP (DT the) (NN camera) "
        "(NN while)) (VP (VBG trimming) (NP (NN asparagus))))))) (. .)))",
        [W("look", ["woman"]), W("trim", ["woman"], ["asparagus"])], "look(woman) & trim(woman; asparagus)"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_rule(name):
    parse, expected, _ = CASES[name]
    assert in_words(parse) == expected


@pytest.mark.parametrize("name", list(CASES))
def test_explain(name):
    parse, _, expected = CASES[name]
    _, lemmas, reading = reading_of(parse)
    assert explain(reading, lemmas) == expected


def test_exact_propositions_embedding_and_relations():
    _, _, reading = reading_of(CASES["embedded subject"][0])
    assert reading == Reading((Proposition(2, (1,), (), False), Proposition(5, (4,), (7,), False)),
                              (True, True), (False, False), (None, 0), ("root", "ccomp"))
    _, _, reading = reading_of(CASES["relative clause under a non-veridical verb"][0])
    # think(2), sleep(6), cook(8): the relative clause hangs from "man", the subject of "cooking"
    assert [p.predicate for p in reading.propositions] == [2, 6, 8]
    assert reading.embedding == (None, 2, 0) and reading.relations == ("root", "relcl", "ccomp")
    _, _, reading = reading_of(CASES["conjoined passives"][0])
    assert reading.propositions == (Proposition(3, (), (1,), True), Proposition(5, (), (1,), True))
    assert reading.embedding == (None, None) and reading.relations == ("root", "root")


def test_no_proposition_the_issue_warns_of():
    """The misreadings of issue 55: none of these is a proposition of its sentence."""
    wrong = {
        "embedded subject": ("know", ("lawyer",), ("doctor",)),
        "adverbial clause without a comma": ("leave", ("girl",), ("dog",)),
        "reduced relative on the subject": ("push", ("boy",), ("pool",)),
        "prepositional phrase on the subject": ("eat", ("man",), ()),
        "subject relative clause": ("sleep", ("cat",), ()),
        "conjoined subjects": ("watch", ("girl",), ("boy",)),
    }
    for name, (predicate, subjects, objects) in wrong.items():
        found = [(p, s, o) for p, s, o, *_ in in_words(CASES[name][0])]
        assert (predicate, subjects, objects) not in found, name


#: Short typical captions (hand-written parses) and their propositions in words (predicate, subjects, objects).
CAPTIONS = [
    ('(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG playing) (NP (DT a) (NN guitar)))) (. .)))',
     [('play', ('man',), ('guitar',))]),
    ('(ROOT (S (NP (CD Two) (NNS dogs)) (VP (VBP are) (VP (VBG running) (PP (IN through) (NP (DT a) (NN '
     'field))))) (. .)))',
     [('run', ('dog',), ())]),
    ('(ROOT (S (NP (NP (DT A) (NN woman)) (PP (IN in) (NP (DT a) (JJ red) (NN dress)))) (VP (VBZ is) (VP '
     '(VBG dancing))) (. .)))',
     [('dance', ('woman',), ())]),
    ('(ROOT (S (NP (DT The) (NN girl)) (VP (VBZ is) (VP (VBN pushed) (PP (IN by) (NP (DT the) (NN boy))))) (. .)))',
     [('push', ('boy',), ('girl',))]),
    ('(ROOT (S (NP (NP (DT A) (NN man)) (CC and) (NP (DT a) (NN woman))) (VP (VBP are) (VP (VBG walking) '
     '(NP (DT a) (NN dog)))) (. .)))',
     [('walk', ('man', 'woman'), ('dog',))]),
    ('(ROOT (S (NP (DT A) (NN boy)) (VP (VBZ is) (VP (VBG holding) (NP (NP (DT a) (NN ball)) (CC and) (NP '
     '(DT a) (NN bat))))) (. .)))',
     [('hold', ('boy',), ('ball', 'bat'))]),
    ('(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VP (VBG singing)) (CC and) (VP (VBG dancing)))) (. .)))',
     [('sing', ('man',), ()), ('dance', ('man',), ())]),
    ('(ROOT (S (NP (DT A) (NN child)) (VP (VBZ rides) (NP (DT a) (NN bike)) (SBAR (IN while) (S (NP (DT '
     'a) (NN woman)) (VP (VBZ watches))))) (. .)))',
     [('ride', ('child',), ('bike',)), ('watch', ('woman',), ())]),
    ('(ROOT (S (NP (DT The) (NN boy)) (VP (VBZ is) (ADJP (JJ wet))) (. .)))',
     [('wet', ('boy',), ())]),
    ('(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (PP (IN in) (NP (DT the) (NN park)))) (. .)))',
     [('in', ('man',), ('park',))]),
    ('(ROOT (S (NP (EX There)) (VP (VBZ is) (NP (NP (DT a) (NN man)) (VP (VBG sleeping)))) (. .)))',
     [('sleep', ('man',), ())]),
    ('(ROOT (S (NP (NP (DT The) (NN man)) (SBAR (WHNP (WP who)) (S (VP (VBZ is) (VP (VBG following) (NP '
     '(DT the) (NN dog))))))) (VP (VBZ is) (VP (VBG running))) (. .)))',
     [('follow', ('man',), ('dog',)), ('run', ('man',), ())]),
    ('(ROOT (S (NP (DT A) (NN dog)) (VP (MD might) (VP (VB be) (VP (VBG sleeping)))) (. .)))',
     [('sleep', ('dog',), ())]),
    ('(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG trying) (S (VP (TO to) (VP (VB fix) (NP (DT a) '
     '(NN car))))))) (. .)))',
     [('try', ('man',), ()), ('fix', ('man',), ('car',))]),
    ('(ROOT (S (NP (DT A) (NN man)) (VP (VBZ has) (NP (DT a) (NN dog))) (. .)))',
     [('have', ('man',), ('dog',))]),
    ('(ROOT (S (NP (DT The) (NN woman)) (VP (VBZ thinks) (SBAR (S (NP (DT the) (NN man)) (VP (VBZ is) (VP '
     '(VBG cooking)))))) (. .)))',
     [('think', ('woman',), ()), ('cook', ('man',), ())]),
    ('(ROOT (S (NP (NP (DT A) (NN man)) (VP (VBG holding) (NP (DT a) (NN child)))) (VP (VBZ walks)) (. .)))',
     [('hold', ('man',), ('child',)), ('walk', ('man',), ())]),
    ('(ROOT (S (NP (DT A) (NN woman)) (VP (VBZ watches) (NP (NP (DT a) (NN man)) (VP (VBG playing) (NP '
     '(NN guitar))))) (. .)))',
     [('watch', ('woman',), ('man',)), ('play', ('man',), ('guitar',))]),
    ('(ROOT (S (NP (DT A) (NN man)) (VP (VBZ sits) (PP (IN on) (NP (DT a) (NN bench))) (S (VP (VBG '
     'reading) (NP (DT a) (NN book))))) (. .)))',
     [('sit', ('man',), ()), ('read', ('man',), ('book',))]),
    ('(ROOT (S (NP (CD Two) (NNS girls)) (VP (VBP are) (VP (VBG sitting) (PP (IN on) (NP (DT a) (NN bench))))) (. .)))',
     [('sit', ('girl',), ())]),
    ('(ROOT (S (NP (DT A) (JJ little) (NN boy)) (VP (VBZ kicks) (NP (DT a) (NN soccer) (NN ball))) (. .)))',
     [('kick', ('boy',), ('ball',))]),
    ('(ROOT (S (NP (DT A) (NN man)) (VP (VBZ walks) (PRT (RP down)) (NP (DT the) (NN street))) (. .)))',
     [('walk', ('man',), ())]),
]


def proposition_words(parse: str) -> list[tuple]:
    """The propositions read from ``parse``: (predicate, subjects, objects) in lemmas."""
    return [words[:3] for words in in_words(parse)]


@pytest.mark.parametrize("parse, expected", CAPTIONS)
def test_simple_captions(parse, expected):
    assert proposition_words(parse) == expected


#: Structures a reader of tags alone misreads: (parse, the propositions in words).
STRUCTURES = {
    "bare object relative clause": (CASES["bare object relative clause"][0],
        [("chase", ("dog",), ("cat",)),
         ("sleep", ("cat",), ())]),
    "relative clause on the object": (CASES["relative clause on the object"][0],
        [("hold", ("man",), ("baby",)),
         ("cry", ("baby",), ())]),
    "complement with a relative clause": (CASES["relative clause under a non-veridical verb"][0],
        [("think", ("woman",), ()),
         ("sleep", ("man",), ()),
         ("cook", ("man",), ())]),
    "two objects": (CASES["two objects"][0],
        [("give", ("man",), ("boy", "ball"))]),
    "coarse tags: a past tense read as a participle": (CASES["adverbial clause without a comma"][0],
        [("leave", ("girl",), ()),
         ("bark", ("dog",), ())]),
    "coarse tags: a past tense before a reduced relative": (CASES["reduced relative on the object, with its agent"][0],
        [("help", ("woman",), ("man",)),
         ("carry", ("crowd",), ("man",))]),
}


@pytest.mark.parametrize("name", list(STRUCTURES))
def test_structures_tags_alone_misread(name):
    parse, expected = STRUCTURES[name]
    assert proposition_words(parse) == expected


@pytest.mark.parametrize("parse", [
    "(ROOT (NP (NP (DT A) (NN man)) (PP (IN in) (NP (DT a) (NN hat))) (. .)))",
    "(ROOT (FRAG (NP (DT a) (NN farmer) (S (VP (VBG selling) (NP (PRP$ his) (NN farm)))))))",
    "(ROOT (SQ (VBZ Is) (NP (DT the) (NN man)) (VP (VBG sleeping)) (. ?)))",
    "(ROOT (UCP (ADJP (JJ wet)) (CC and) (NP (NN mud))))",
    "(ROOT (S (NP (PRP He)) (VP (MD can)) (. .)))",
    "(ROOT (S (NP (NP (DT A) (NN man)) (VP (VBG selling) (NP (NNS donuts)) (PP (TO to) (NP (DT a) (NN customer))))) "
    "(VP (VBZ is) (VP (VBN seen))) (. .)))",
    "(NN dog)",
])
def test_odd_trees_read_without_error(parse):
    tree, lemmas, reading = reading_of(parse)
    n = len(reading.propositions)
    assert len(reading.asserted) == len(reading.negated) == len(reading.embedding) == len(reading.relations) == n
    assert all(e is None or 0 <= e < n for e in reading.embedding)
    assert isinstance(explain(reading, lemmas), str)


def test_empty_tree_and_wrong_lemmas():
    assert read(DependencyTree((), (), (), ()), ()) == Reading((), (), (), (), ())
    tree = from_parse("(ROOT (S (NP (DT A) (NN dog)) (VP (VBZ sleeps)) (. .)))")
    with pytest.raises(ValueError, match="lemmas"):
        read(tree, ("a", "dog"))


def test_cached():
    tree, lemmas, reading = reading_of(CASES["passive"][0])
    assert read(tree, lemmas) is reading


def test_a_relative_clause_on_a_relative_word_reads_once():
    """A bad tree whose relative clause hangs from a relative word ("that", the object here) is read, not
    followed from antecedent to antecedent forever."""
    tree = DependencyTree(("A", "man", "saw", "that", "he", "liked"), ("DT", "NN", "VBD", "WDT", "PRP", "VBD"),
                          (2, 3, 0, 3, 6, 4), ("det", "nsubj", "root", "obj", "nsubj", "relcl"))
    reading = read(tree, ("a", "man", "see", "that", "he", "like"))
    assert [p.predicate for p in reading.propositions] == [2, 5]
