"""The experiment runner, presets and the configuration signature (no experiment is run end to end here)."""
import pytest

from experiments import runner
from featurize import PairFeaturizer
from featurize.presets import PRESETS, preset_params, signature
from lexnli.version import __version__


def fake_report(calls):
    def report(args, corpora):
        calls.append((args, corpora))
        return runner.Results("a table", {"t.md": "| a |\n", "t.csv": "a\n1\n", "p.png": b"\x89PNG"}, C_grid=(0.1, 1.0))
    return report


def test_results_are_written_as_a_set_with_the_signature(tmp_path, capsys):
    calls = []
    status = runner.main(["--out", str(tmp_path / "out"), "--min-df", "3", "--dense-bins", "none"], prog="x",
                         description="x", report=fake_report(calls), snli=False)
    assert status == 0
    args, _ = calls[0]
    assert runner.featurizer_params(args) == {"min_df": 3, "dense_bins": None} and args.preset == "recommended"
    expected = f"lexnli:{__version__}|preset:recommended|tags:coarse|min_df:3|bins:none|n_features:vocab|" \
               "lowercase:yes|C:dev(0.1,1)"
    out = tmp_path / "out"
    assert (out / "signature.txt").read_text() == expected + "\n"
    assert (out / "t.md").read_text().endswith(f"Configuration: `{expected}`\n")
    assert (out / "t.csv").read_text() == "a\n1\n" and (out / "p.png").read_bytes() == b"\x89PNG"
    assert sorted(p.name for p in out.iterdir()) == ["p.png", "signature.txt", "t.csv", "t.md"]  # no temp files
    assert expected in capsys.readouterr().out


def test_a_bad_output_folder_is_reported_before_any_data_is_read(tmp_path, capsys):
    calls = []
    taken = tmp_path / "file"
    taken.write_text("x")
    assert runner.main(["--out", str(taken)], prog="x", description="x", report=fake_report(calls), snli=False) == 2
    assert calls == [] and capsys.readouterr().err.startswith(f"error: --out {taken}: exists and is not a folder")


def test_data_errors_are_one_line_and_status_2(tmp_path, capsys):
    missing = tmp_path / "absent.jsonl"
    argv = ["--train", str(missing), "--dev", str(missing), "--test", str(missing)]
    assert runner.main(argv, prog="x", description="x", report=fake_report([])) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "absent.jsonl" in err


@pytest.mark.parametrize("argv", [["--min-df", "0"], ["--dense-bins", "1"], ["--tag-set", "fine"], ["--n-features", "x"]])
def test_featurizer_options_are_checked_by_the_constraints(argv, capsys):
    assert runner.main(argv, prog="x", description="x", report=fake_report([]), snli=False) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: argument {argv[0]}")


def test_presets_are_the_defaults_and_validated():
    assert PairFeaturizer().get_params()["tag_set"] == PRESETS["paper"]["tag_set"]
    assert {k: PairFeaturizer().get_params()[k] for k in PRESETS["paper"]} == PRESETS["paper"]
    featurizer = PairFeaturizer.from_preset("recommended", "unlexicalized", min_df=3)
    assert featurizer.features == "unlexicalized" and featurizer.min_df == 3 and featurizer.dense_bins == 5
    with pytest.raises(ValueError, match="unknown preset"):
        preset_params("nope")
    for bad in ({"lowercase": "yes"}, {"n_jobs": 1.5}, {"tag_set": "fine"}, {"min_df": 0}):
        with pytest.raises(ValueError):
            PairFeaturizer(**bad).fit([("A man sleeps.", "A man rests.")])


def test_a_preset_is_plain_data(monkeypatch):
    monkeypatch.setitem(PRESETS, "inference", {**PRESETS["recommended"], "features": ("unlexicalized", "bag_overlap")})
    featurizer = PairFeaturizer.from_preset("inference")
    assert featurizer.features == ("unlexicalized", "bag_overlap") and featurizer.min_df == 2
    assert signature("inference").startswith(f"lexnli:{__version__}|preset:inference|tags:coarse")
