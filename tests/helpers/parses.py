"""Short Stanford-style parses to train a tiny syntax model on (no SNLI needed), and SNLI lines holding them."""
import json

PARSES = (
    "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ sleeps)) (. .)))",
    "(ROOT (S (NP (DT A) (NN dog)) (VP (VBZ runs)) (. .)))",
    "(ROOT (S (NP (DT The) (NN woman)) (VP (VBZ eats) (NP (DT an) (NN apple))) (. .)))",
    "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (VP (VBG sleeping))) (. .)))",
    "(ROOT (S (NP (DT A) (NN girl)) (VP (VBZ is) (ADJP (JJ awake))) (. .)))",
    "(ROOT (S (NP (DT The) (NN dog)) (VP (VBD was) (VP (VBN chased) (PP (IN by) (NP (DT the) (NN cat))))) (. .)))",
    "(ROOT (S (NP (DT The) (NN boy)) (VP (VBZ is) (VP (VBG playing) (PP (IN in) (NP (DT the) (NN park))))) (. .)))",
    "(ROOT (S (NP (NP (DT The) (NNS girls)) (CC and) (NP (DT the) (NNS boys))) "
    "(VP (VBD watched) (NP (DT the) (NN teacher))) (. .)))",
    "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ is) (RB not) (VP (VBG sleeping))) (. .)))",
    "(ROOT (S (NP (DT The) (NN lawyer)) (VP (VBD knew) (SBAR (S (NP (DT the) (NNS doctors)) "
    "(VP (VBD admired) (NP (DT the) (NN actor)))))) (. .)))",
    "(ROOT (S (NP (DT A) (JJ small) (NN elephant)) (VP (VBZ walks)) (. .)))",
    "(ROOT (S (NP (CD Two) (NNS men)) (VP (VBP are) (VP (VBG riding) (NP (NNS bikes)))) (. .)))",
    "(ROOT (S (NP (DT The) (NN woman)) (VP (VBZ sits) (PP (IN on) (NP (DT a) (NN bench)))) (. .)))",
    "(ROOT (S (NP (DT A) (NN child)) (VP (VBZ runs) (CC and) (VBZ jumps)) (. .)))",
    "(ROOT (S (NP (NP (DT The) (NN dog)) (SBAR (WHNP (WDT that)) (S (VP (VBD chased) (NP (DT the) (NNS cats)))))) "
    "(VP (VBD slept)) (. .)))",
    "(ROOT (S (NP (DT A) (NN man)) (VP (VBZ wears) (NP (DT a) (JJ red) (NN hat))) (. .)))",
)


def snli_lines(parses=PARSES) -> str:
    """JSON lines of SNLI pairs holding ``parses``, two a line (the text is the leaves joined)."""
    from lexnli.text import parse_leaves

    lines = []
    for first, second in zip(parses[::2], parses[1::2]):
        record = {"gold_label": "neutral"}
        for side, parse in (("1", first), ("2", second)):
            record[f"sentence{side}"] = " ".join(parse_leaves(parse)[0])
            record[f"sentence{side}_parse"] = parse
        lines.append(json.dumps(record))
    return "\n".join(lines) + "\n"
