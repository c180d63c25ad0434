"""featurize.inputs: what the featurizers take as pairs (Pair records, pairs of strings, tables of pairs), and
the errors for anything else."""
import pytest

from lexnli.errors import CorpusFormatError

from tests.helpers.templates import templated_pairs

TEXTS = [(p, h) for p, h, _ in templated_pairs(9)]


def test_a_dataframe_of_pairs_featurizes_like_the_string_pairs():
    import pandas as pd

    from featurize import PairFeaturizer

    expected = PairFeaturizer("lexicalized").fit_transform(TEXTS)
    frame = pd.DataFrame(TEXTS, columns=["premise", "hypothesis"]).assign(other=1)
    assert (PairFeaturizer("lexicalized").fit_transform(frame) != expected).nnz == 0
    assert (PairFeaturizer("lexicalized").fit_transform(frame.drop(columns="other").values) != expected).nnz == 0
    renamed = frame.rename(columns={"premise": "text_a", "hypothesis": "text_b"})
    assert (PairFeaturizer("lexicalized", columns=("text_a", "text_b")).fit_transform(renamed) != expected).nnz == 0
    with pytest.raises(CorpusFormatError, match="no column 'premise'"):
        PairFeaturizer("lexicalized").fit(renamed)
