"""experiments.runner, the command line every experiment shares: options (generated from the estimators'
constraints) checked before any data is read, data loading, the result files and their signature (no
experiment is run end to end here)."""
import re
from numbers import Integral, Real

import pytest

from classifiers import cli
from experiments import ablation, error_analysis, learning_curve, lexicalized, make_probes, runner, two_class
from featurize import PairFeaturizer
from featurize.sklearn_constraints import Interval, StrOptions
from lexnli.cli import ArgumentParser, UsageError, available_cores
from lexnli.version import __version__

from tests.helpers.cli import one_error_line
from tests.helpers.sick import sick_text, write_sick
from tests.helpers.templates import data_args


def fake_report(calls):
    def report(args, corpora):
        calls.append((args, corpora))
        return runner.Results("a table", {"t.md": "| a |\n", "t.csv": "a\n1\n", "p.png": b"\x89PNG"}, C_grid=(0.1, 1.0))
    return report


@pytest.mark.parametrize("option", [["--max-train", "0"], ["--max-train", "-5"], ["--C-grid", "-1"],
                                    ["--C-grid", "nan"], ["--n-jobs", "0"], ["--min-df", "0"],
                                    ["--dense-bins", "1"]])
def test_bad_options_are_one_line_and_status_2_before_reading(option, tmp_path, capsys):
    missing = str(tmp_path / "absent.jsonl")  # reading it would fail with another message
    assert lexicalized.main(["--train", missing, "--dev", missing, "--test", missing, *option]) == 2
    assert option[0].lstrip("-").replace("-", "_") in one_error_line(capsys).replace("-", "_")


@pytest.mark.parametrize("module,option", [(learning_curve, ["--draws", "0"]), (learning_curve, ["--C", "0"]),
                                           (error_analysis, ["--top", "0"]), (make_probes, ["--per-rule", "0"])])
def test_experiment_options_are_checked_too(module, option, tmp_path, capsys):
    missing = str(tmp_path / "absent.jsonl")
    argv = {make_probes: ["--dev", missing], error_analysis: ["--model", missing]}.get(module, ["--train", missing])
    assert module.main([*argv, *option]) == 2 and "must be" in one_error_line(capsys)


def test_missing_files_and_nothing_to_run_are_one_line(tmp_path, capsys):
    missing = str(tmp_path / "absent.jsonl")
    assert ablation.main(["--train", missing, "--dev", missing, "--test", missing]) == 2
    assert "absent.jsonl" in one_error_line(capsys)
    assert two_class.main(["--no-snli", "--no-sick", "--no-rte"]) == 2
    assert "nothing to run" in one_error_line(capsys)


def test_results_are_written_as_a_set_with_the_signature(tmp_path, capsys):
    calls = []
    status = runner.main(["--out", str(tmp_path / "out"), "--min-df", "3", "--dense-bins", "none",
                          "--dense-bins-drop", "none"], prog="x", description="x", report=fake_report(calls),
                         snli=False)
    assert status == 0
    args, _ = calls[0]
    assert runner.featurizer_params(args) == {"min_df": 3, "dense_bins": None, "dense_bins_drop": None}
    assert args.preset == "recommended"
    expected = f"lexnli:{__version__}|preset:recommended|tags:coarse|min_df:3|bins:none|bins_drop:none|" \
               "n_features:vocab|lowercase:yes|C:dev(0.1,1)"
    out = tmp_path / "out"
    assert (out / "signature.txt").read_text() == expected + "\n"
    assert (out / "t.md").read_text().endswith(f"Configuration: `{expected}`\n")
    assert (out / "t.csv").read_text() == "a\n1\n" and (out / "p.png").read_bytes() == b"\x89PNG"
    assert sorted(p.name for p in out.iterdir()) == ["p.png", "signature.txt", "t.csv", "t.md"]  # no temp files
    printed = capsys.readouterr().out
    assert expected in printed and f"results written to {out}/\n" in printed


def test_a_bad_output_folder_is_reported_before_any_data_is_read(tmp_path, capsys):
    calls = []
    taken = tmp_path / "file"
    taken.write_text("x")
    assert runner.main(["--out", str(taken)], prog="x", description="x", report=fake_report(calls), snli=False) == 2
    assert calls == [] and capsys.readouterr().err.startswith(f"error: --out {taken}: exists and is not a folder")


def test_data_errors_are_one_line_and_status_2(tmp_path, capsys):
    missing = tmp_path / "absent.jsonl"
    argv = data_args(dict.fromkeys(("train", "dev", "test"), missing))
    assert runner.main(argv, prog="x", description="x", report=fake_report([])) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "absent.jsonl" in err


@pytest.mark.parametrize("argv", [["--min-df", "0"], ["--dense-bins", "1"], ["--tag-set", "fine"],
                                  ["--n-features", "x"], ["--dense-bins-drop", "first"]])
def test_featurizer_options_are_checked_by_the_constraints(argv, capsys):
    assert runner.main(argv, prog="x", description="x", report=fake_report([]), snli=False) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: argument {argv[0]}")


# --- options and data loading, checked against what the user sees and what the report receives --------

def help_text(capsys, **kwargs) -> str:
    with pytest.raises(SystemExit) as exit_info:
        runner.main(["--help"], prog="x", description="d", report=fake_report([]), **kwargs)
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def help_entries(text: str) -> dict[str, str]:
    """Option (as shown, with its metavar) -> its help, whitespace-normalized, from argparse's help text."""
    entries, current = {}, None
    for line in text.splitlines():
        if line.startswith("  -"):
            option, _, rest = line.strip().partition("  ")
            current = option.strip()
            entries[current] = rest.strip()
        elif line.startswith("                ") and current:
            entries[current] = (entries[current] + " " + line.strip()).strip()
        else:
            current = None
    return entries


def test_help_shows_the_groups_metavars_and_choices(capsys):
    text = help_text(capsys, add_arguments=cli.add_fit_arguments)
    data, features = text.index("\ndata:\n"), text.index("\nfeatures:\n")
    assert data < text.index("\n  --max-train N") < features < text.index("\n  --min-df N")
    assert " ".join(text[features:].split()[1:11]) == \
        "the featurizer's configuration: a preset, then single settings overriding it"
    entries = help_entries(text)
    for option in ("--max-train N", "--n-jobs N", "--min-df N", "--dense-bins N|none", "--n-features N|none",
                   "--preset {inference,paper,recommended}", "--tag-set {coarse,ptb}", "--lowercase, --no-lowercase",
                   "--data-dir DATA_DIR", "--train TRAIN", "--dev DEV", "--test TEST"):
        assert option in entries, option
    assert entries["--out OUT"] == "write the result files here"
    assert entries["--C-grid C_GRID [C_GRID ...]"] == "C values tried on dev (default: [0.03, 0.1, 0.3, 1.0])"


@pytest.mark.parametrize("name", runner.FEATURIZER_OPTIONS)
def test_featurizer_option_help_is_the_first_sentence_of_the_parameter_doc(name, capsys):
    entries = help_entries(help_text(capsys))
    shown = next(text for option, text in entries.items() if option.startswith("--" + name.replace("_", "-")))
    assert shown.endswith(" (default: the preset's)")
    sentence = shown[:-len(" (default: the preset's)")]
    doc = " ".join(PairFeaturizer.__doc__.split()).replace("``", "")
    assert "``" not in sentence and ". " not in sentence and not sentence.endswith(".")
    assert len(sentence.split()) > 3, sentence
    squashed, doc = "".join(sentence.split()), "".join(doc.split())  # argparse may wrap at a hyphen
    assert squashed in doc and doc[doc.index(squashed) + len(squashed)] == "."


@pytest.mark.parametrize("argv, message", [
    (["--min-df", "x"], "min_df: expected an integer, got 'x'"),
    (["--min-df", "0"], "min_df: 0 is not an int in the range [1, inf)"),
    (["--dense-bins", "1"], "dense_bins: 1 is not an int in the range [2, inf)"),
    (["--n-features", "0"], "n_features: 0 is not an int in the range [1, inf)"),
])
def test_bad_featurizer_values_name_the_setting_and_the_allowed_range(argv, message, capsys):
    assert runner.main(argv, prog="x", description="x", report=fake_report([]), snli=False) == 2
    assert capsys.readouterr().err == f"error: argument {argv[0]}: {message} (see x --help)\n"


class Settings:
    """A stand-in estimator whose options add_parameter_arguments generates.

    Parameters
    ----------
    rate : float, default=0.5
        How fast it goes. More text here.
    count : int or None, default=None
        How many of them, 100% sure.
    kind : {"a", "b"}, default="a"
    """

    _parameter_constraints = {"rate": [Interval(Real, 0, 1, closed="left")],
                              "count": [Interval(Integral, 1, None, closed="left"), None],
                              "kind": [StrOptions({"a", "b"})]}


def settings_parser():
    parser = ArgumentParser(prog="x")
    runner.add_parameter_arguments(parser, Settings, ("rate", "count", "kind"),
                                   {"rate": 0.5, "count": None, "kind": "a"})
    return parser


def test_parameter_options_are_generated_from_the_constraints(capsys):
    parser = settings_parser()
    args = parser.parse_args(["--rate", "0.25", "--count", "none"])
    assert runner.parameters_given(args, ("rate", "count", "kind")) == {"rate": 0.25, "count": None}
    assert runner.parameters_given(parser.parse_args(["--count", "3", "--kind", "b"]), ("rate", "count", "kind")) == {
        "count": 3, "kind": "b"}
    entries = help_entries(parser.format_help())
    assert entries["--rate X"] == "How fast it goes (default: 0.5)"
    assert entries["--count N|none"] == "How many of them, 100% sure (default: None)"
    assert entries["--kind {a,b}"] == "kind (default: a)"


@pytest.mark.parametrize("argv, message", [
    (["--rate", "1"], "rate: 1.0 is not a float in the range [0.0, 1.0)"),
    (["--rate", "nan"], "rate: nan is not a float in the range [0.0, 1.0)"),
    (["--rate", "x"], "rate: expected a number, got 'x'"),
    (["--count", "1.5"], "count: expected an integer, got '1.5'"),
    (["--kind", "c"], "invalid choice: 'c'"),
])
def test_parameter_options_refuse_what_the_constraints_refuse(argv, message):
    with pytest.raises(UsageError, match=re.escape(f"argument {argv[0]}: {message}")):
        settings_parser().parse_args(argv)


def test_sick_options_give_the_three_splits_or_none(tmp_path, tagger):  # noqa: F811
    parser = ArgumentParser(prog="x")
    runner.add_sick_arguments(parser, skip="skip it", when_missing="; or else")
    shown = " ".join(parser.format_help().split())
    assert "--sick SICK SICK.txt[.gz] (default: $LEXNLI_SICK, then the data home; or else) --no-sick skip it" in shown
    assert runner.sick_splits(parser.parse_args(["--no-sick", "--sick", str(tmp_path / "absent.txt")])) is None
    path = write_sick(tmp_path / "SICK.txt", sick_text())
    splits = runner.sick_splits(parser.parse_args(["--sick", str(path)]))
    # TRAIN, TRIAL, TEST
    assert [[pair.pair_id for pair in split] for split in splits] == [["1", "2"], ["3"], ["4", "5"]]


def test_option_values_reach_the_report(capsys):
    calls = []
    argv = ["--dense-bins", "none", "--n-features", "64", "--no-lowercase", "--tag-set", "ptb", "--preset", "paper"]
    assert runner.main(argv, prog="x", description="x", report=fake_report(calls), snli=False,
                       add_arguments=cli.add_fit_arguments) == 0
    args, corpora = calls[0]
    assert corpora is None and args.preset == "paper"
    assert runner.featurizer_params(args) == {"tag_set": "ptb", "dense_bins": None, "n_features": 64,
                                              "lowercase": False}
    assert args.C_grid == [0.03, 0.1, 0.3, 1.0] and args.progress is None  # None: bars on a terminal only


def test_progress_option_forces_or_refuses_the_bars():
    parser = ArgumentParser(prog="x")
    cli.add_fit_arguments(parser)
    assert [parser.parse_args(argv).progress for argv in ([], ["--progress"], ["--no-progress"])] == [None, True, False]


def pair_ids(corpus) -> list[str]:
    return [pair.pair_id for pair in corpus.pairs]


@pytest.fixture
def data_dir(tmp_path):
    """An SNLI data home (``snli_1.0/`` holding the three splits of :mod:`tests.helpers.noisy_snli`, 40/10/10 pairs)."""
    from tests.helpers.noisy_snli import write_splits

    (tmp_path / "snli_1.0").mkdir()
    return tmp_path, write_splits(tmp_path / "snli_1.0", (("train", 40, 0), ("dev", 10, 1), ("test", 10, 2)))


def test_data_dir_gives_each_split_its_own_file(data_dir):
    from tests.helpers.noisy_snli import noisy_records

    folder, _ = data_dir
    calls = []
    assert runner.main(["--data-dir", str(folder)], prog="x", description="x", report=fake_report(calls)) == 0
    corpora = calls[0][1]
    for split, n, seed in (("train", 40, 0), ("dev", 10, 1), ("test", 10, 2)):
        assert pair_ids(corpora[split]) == [r["pairID"] for r in noisy_records(n, seed)], split
    assert calls[0][0].n_jobs == available_cores()  # every core unless --n-jobs says otherwise
    assert runner.main(["--data-dir", str(folder), "--n-jobs", "-1"], prog="x", description="x",
                       report=fake_report(calls)) == 0
    assert calls[1][0].n_jobs == available_cores()


def test_max_train_is_a_seeded_subsample_in_file_order(data_dir, capsys):
    folder, paths = data_dir
    files = data_args(paths)

    def train_ids(*extra):
        calls = []
        assert runner.main(files + list(extra), prog="x", description="x", report=fake_report(calls)) == 0
        return pair_ids(calls[0][1]["train"]), calls[0][1]["train"].report.source

    everything, source = train_ids()
    assert len(everything) == 40
    picked, picked_source = train_ids("--max-train", "7", "--seed", "3")
    assert len(set(picked)) == 7 and set(picked) <= set(everything)
    assert picked == [i for i in everything if i in picked]  # file order kept
    assert picked_source == source
    assert train_ids("--max-train", "7", "--seed", "3")[0] == picked  # reproducible
    assert train_ids("--max-train", "7", "--seed", "4")[0] != picked  # the seed matters
    assert train_ids("--max-train", "40")[0] == everything
    assert train_ids("--max-train", "39")[0] != everything
    assert len(set(train_ids("--max-train", "2", "--seed", "1")[0])) == 2
    # one pair is one class: refused before the experiment runs, as no model can be fitted on it
    assert runner.main(files + ["--max-train", "1"], prog="x", description="x", report=fake_report([])) == 2
    assert one_error_line(capsys).startswith("error: --max-train 1: the training pairs sampled are all of one class")


def test_a_split_no_model_can_be_fitted_or_scored_on_is_refused_before_the_experiment(data_dir, capsys):
    import json

    _, paths = data_dir
    for split, label, problem in (("train", "neutral", "one class only (all 40 labelled pairs are 'neutral'): "
                                                        "a model needs two or more"),
                                  ("train", "-", "no labelled pairs (the gold label of all 40 is '-'): nothing to "
                                                 "train on"),
                                  ("test", "-", "no labelled pairs (the gold label of all 10 is '-'): nothing to "
                                                "score")):
        lines = [json.loads(line) for line in paths[split].read_text(encoding="utf-8").splitlines()]
        changed = paths[split].with_name(f"{split}_{label}.jsonl")
        changed.write_text("".join(json.dumps({**line, "gold_label": label}) + "\n" for line in lines))
        calls = []
        argv = data_args({**paths, split: changed})
        assert runner.main(argv, prog="x", description="x", report=fake_report(calls)) == 2
        assert calls == [] and one_error_line(capsys) == f"error: {changed}: {problem}"


def test_percent_shows_missing_values_blank():
    import pandas as pd

    shown = runner.percent(pd.DataFrame({"a": [0.5, float("nan")], "b": [0.25, 0.125]}), ["a"], digits=2)
    assert list(shown["a"]) == ["50.00", ""] and list(shown["b"]) == [0.25, 0.125]


def test_splits_sharing_pairs_with_train_are_warned_of(template_files, caplog):
    import argparse
    import logging

    same = template_files["train"]
    args = argparse.Namespace(train=same, dev=template_files["dev"], test=same, data_dir=None, max_train=None,
                              seed=0)
    with caplog.at_level(logging.WARNING, logger="lexnli"):
        corpora = cli.load_splits(args)
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warned == [f"{len(corpora['test'])} of the {len(corpora['test'])} test pairs are also training pairs "
                      f"({same} and {same})"]  # dev shares none
