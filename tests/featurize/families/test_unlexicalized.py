"""The unlexicalized group (featurize/families/unlexicalized.py): BLEU, the length difference and the overlaps,
sixteen named dense columns."""
from featurize import PairFeaturizer, reference_features

from tests.helpers.features import DENSE_COLUMNS, PAIRS


def test_unlexicalized_is_sixteen_dense_columns():
    for n_features in (None, 2**22):
        featurizer = PairFeaturizer("unlexicalized", n_features=n_features)
        X = featurizer.fit_transform(PAIRS)
        assert X.shape == (2, 16) and featurizer.n_features_out_ == 16
        assert featurizer.dense_columns_ == DENSE_COLUMNS
        assert list(featurizer.get_feature_names_out()) == DENSE_COLUMNS
    assert len(featurizer.fit(PAIRS).get_feature_names_out()) == 16  # fit alone, hashing mode
    assert all(":" not in k for k in reference_features(PAIRS[0], "unlexicalized"))
