"""featurize.inputs: what the featurizers take as pairs (Pair records, pairs of strings, tables of pairs), and
the errors for anything else."""
import pytest

from featurize import PairFeaturizer, reference_features
from featurize.inputs import as_pair
from lexnli.errors import CorpusFormatError

from tests.helpers.features import PAIRS
from tests.helpers.templates import templated_pairs

TEXTS = [(p, h) for p, h, _ in templated_pairs(9)]


@pytest.mark.parametrize("bad, position", [([PAIRS[0], 42], 1), ([("only one",)], 0),
                                           ([PAIRS[0], PAIRS[1], ("a", b"bytes")], 2), ([None], 0)])
def test_bad_input_is_a_type_error_naming_the_position(bad, position):
    with pytest.raises(TypeError, match=f"at position {position}"):
        PairFeaturizer().fit_transform(bad)


def test_a_single_pair_is_not_a_batch():
    with pytest.raises(TypeError, match="single item"):
        PairFeaturizer().fit_transform("A man sleeps.")
    with pytest.raises(TypeError, match="single item"):
        PairFeaturizer().fit_transform(as_pair(PAIRS[0]))
    with pytest.raises(TypeError, match="expected a Pair"):
        reference_features(42)


def test_a_dataframe_of_pairs_featurizes_like_the_string_pairs():
    import pandas as pd

    from featurize import PairFeaturizer

    expected = PairFeaturizer("lexicalized").fit_transform(TEXTS)
    frame = pd.DataFrame(TEXTS, columns=["premise", "hypothesis"]).assign(other=1)
    assert (PairFeaturizer("lexicalized").fit_transform(frame) != expected).nnz == 0
    assert (PairFeaturizer("lexicalized").fit_transform(frame.drop(columns="other").values) != expected).nnz == 0
    renamed = frame.rename(columns={"premise": "text_a", "hypothesis": "text_b"})
    assert (PairFeaturizer("lexicalized", columns=("text_a", "text_b")).fit_transform(renamed) != expected).nnz == 0
    with pytest.raises(CorpusFormatError, match="no sentence fields: expected sentence1 and sentence2, or premise and "
                                                "hypothesis .*columns="):
        PairFeaturizer("lexicalized").fit(renamed)
