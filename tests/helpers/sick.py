"""A small SICK file written by tests: the header, five rows (TRAIN, TRIAL, TEST), CRLF line ends, gzip or not."""
import gzip

SICK_HEADER = ["pair_ID", "sentence_A", "sentence_B", "entailment_label", "relatedness_score",
               "entailment_AB", "entailment_BA", "sentence_A_original", "sentence_B_original",
               "sentence_A_dataset", "sentence_B_dataset", "SemEval_set"]
SICK_ROWS = [
    ("1", "A man is playing a guitar", "A man is playing an instrument", "ENTAILMENT", "TRAIN"),
    ("2", "A dog is running in the park", "A cat is sleeping on the sofa", "CONTRADICTION", "TRAIN"),
    ("3", "A woman is slicing an onion", "A woman is cooking", "NEUTRAL", "TRIAL"),
    ("4", "Two kids are swimming", "Two children are swimming", "ENTAILMENT", "TEST"),
    ("5", "A man is riding a horse", "Nobody is riding a horse", "CONTRADICTION", "TEST"),
]


def sick_line(pair_id, a, b, label, semeval_set):
    return "\t".join([pair_id, a, b, label, "4.5", "A_neutral_B", "B_neutral_A", a, b, "FLICKR", "FLICKR",
                      semeval_set])


def sick_text(rows=SICK_ROWS, extra_lines=()):
    lines = ["\t".join(SICK_HEADER)] + [sick_line(*r) for r in rows] + list(extra_lines)
    return "".join(line + "\r\n" for line in lines)


def write_sick(path, text):
    if str(path).endswith(".gz"):
        with gzip.open(path, "wb") as f:
            f.write(text.encode("utf-8"))
    else:
        path.write_bytes(text.encode("utf-8"))
    return path


