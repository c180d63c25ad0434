"""lexnli.corpora.frames: pairs from columns, a DataFrame or the Hugging Face SNLI layout with its label ids."""
import pytest

from lexnli.errors import CorpusFormatError

from tests.helpers.templates import templated_pairs

TEXTS = [(p, h) for p, h, _ in templated_pairs(9)]
HF_LABELS = [0, 2, 1, 0, 2, 1, -1, 2, 1]  # the templates cycle entailment, contradiction, neutral


def test_the_hugging_face_snli_layout_is_read_with_its_label_ids():
    from featurize import PairFeaturizer
    from lexnli.corpora import read_frame

    columns = {"premise": [p for p, _ in TEXTS], "hypothesis": [h for _, h in TEXTS], "label": HF_LABELS}
    pairs = read_frame(columns)
    assert [p.label for p in pairs] == [l for (_, _, l), i in zip(templated_pairs(9), HF_LABELS) if i != -1]
    assert len(pairs) == 8 and len(read_frame(columns, keep_unlabeled=True)) == 9
    X = PairFeaturizer("lexicalized").fit_transform(columns)
    assert X.shape[0] == 9
    with pytest.raises(CorpusFormatError, match="DataFrame, row 1: field 'label': 7 is not a label"):
        read_frame({**columns, "label": [0, 7] + HF_LABELS[2:]})
    with pytest.raises(CorpusFormatError, match="row 0: field 'hypothesis' is not a string: nan"):
        read_frame({**columns, "hypothesis": [None] + columns["hypothesis"][1:]})


def test_boolean_labels_are_no_class_ids():
    from lexnli.corpora import read_frame

    columns = {"premise": [p for p, _ in TEXTS[:2]], "hypothesis": [h for _, h in TEXTS[:2]], "label": [True, False]}
    with pytest.raises(CorpusFormatError, match="row 0: field 'label': True is not a label"):
        read_frame(columns)
