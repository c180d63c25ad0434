"""``lexnli train``: the model it installs (the library's recipe, refitted by hand), where it goes, what it
says when it replaces the default, the outputs it refuses before reading data, the one-line errors without data
or resources, and that it imports no experiment.

The lexicalized runs read the parsed template fixture (no NLTK data); the inference preset is checked
with stand-ins for its fit, and once for real against ``python -m experiments.inference --save-model``, its
model then predicting one pair without importing NLTK (skipped without NLTK's tagger, WordNet and VerbOcean)."""
import errno
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest

import lexical_resources
from classifiers import cli, recipes
from classifiers.logistic import fit_select_C
from classifiers.persistence import load_model
from command import main
from command import train as train_command
from experiments import inference
from lexnli.cli import available_cores
from lexnli.corpora.snli import read_snli
from lexnli.errors import ResourceMissingError
from lexnli.records import LABELS

from tests.conftest import NLTK_DATA, REPO
from tests.helpers.cli import full_disk, one_error_line
from tests.helpers.noisy_snli import write_splits


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    """An empty data home (LEXNLI_DATA), downloads forbidden."""
    home = tmp_path / "home"
    monkeypatch.setenv("LEXNLI_DATA", str(home))
    monkeypatch.setenv("LEXNLI_NO_DOWNLOAD", "1")
    return home


def files_args(files):
    return ["--train", str(files["train"]), "--dev", str(files["dev"])]


def test_lexicalized_model_is_saved_by_its_name_and_installed_as_the_first_default(template_files, data_home, capsys):
    assert main.main(["train", "--preset", "lexicalized", *files_args(template_files), "--C-grid", "0.1", "1"]) == 0
    path, named = data_home / "models" / "default.skops", data_home / "models" / "lexicalized.skops"
    assert path.read_bytes() == named.read_bytes()
    model = load_model(path)
    info = model.lexnli_info_
    train, dev = read_snli(template_files["train"]), read_snli(template_files["dev"])
    hand = fit_select_C(train.pairs, train.labels, dev.pairs, dev.labels, "lexicalized", grid=(0.1, 1.0))
    assert info["metadata"] == {"C": hand.C, "n_train": 80}
    assert np.array_equal(model.predict_proba(dev.pairs), hand.model.predict_proba(dev.pairs))
    printed = capsys.readouterr().out.splitlines()
    assert printed == [f"lexicalized model: dev accuracy {100 * hand.dev_accuracy[hand.C]:.1f}% on 20 pairs "
                       f"(C={hand.C:g} chosen on dev; 80 training pairs)",
                       f"saved as the model named lexicalized: {named}",
                       f"installed as your default model: {path}",
                       "use it: lexnli predict 'A man sleeps.' 'A man is awake.'"]
    assert sorted(path.parent.iterdir()) == [path, named]  # written atomically: no temporary file left


def test_the_default_is_replaced_only_with_set_default_and_that_is_said_before_any_data_is_read(
        template_files, data_home, monkeypatch, capsys):
    path = data_home / "models" / "default.skops"
    args = ["train", "--preset", "lexicalized", *files_args(template_files), "--C-grid", "1"]
    assert main.main(args) == 0
    first = capsys.readouterr()
    assert first.err == "" and f"installed as your default model: {path}\n" in first.out  # none there: nothing said
    installed = path.read_bytes()
    assert main.main(args + ["--name", "other", "--C-grid", "0.1"]) == 0  # a default there: left alone
    kept = capsys.readouterr().out
    assert path.read_bytes() == installed
    assert f"your default model is unchanged ({path}; --set-default installs this one instead)\n" in kept
    assert "use it: lexnli predict --model other 'A man sleeps.'" in kept
    read = cli.load_splits
    monkeypatch.setattr(cli, "load_splits", lambda *a, **k: (print("reading", file=sys.stderr), read(*a, **k))[1])
    assert main.main(args + ["--set-default"]) == 0
    again = capsys.readouterr()
    assert again.err.splitlines()[:2] == [f"note: the default model at {path} will be replaced by the lexicalized "
                                          "model trained now (--set-default)", "reading"]
    assert f"installed as your default model: {path} (the previous one replaced)\n" in again.out
    assert "(the previous one replaced)\n" in again.out.splitlines(keepends=True)[1]  # the named one, trained again


def test_a_named_model_is_what_model_name_loads_in_the_other_commands(template_files, data_home, tagger, capsys):
    assert main.main(["train", "--preset", "lexicalized", *files_args(template_files), "--C-grid", "1",
                      "--name", "mine"]) == 0
    capsys.readouterr()
    assert main.main(["predict", "--model", "mine", "--json", "A man sleeps.", "A man is awake."]) == 0
    assert '"predicted_label"' in capsys.readouterr().out
    assert main.main(["evaluate", str(template_files["dev"]), "--model", "mine", "--against", "default"]) == 0
    capsys.readouterr()
    assert main.main(["predict", "--model", "theirs", "A man sleeps.", "A man is awake."]) == 2
    error = capsys.readouterr().err
    assert "--model theirs: no model of that name" in error and "models in the data home: default, mine" in error


@pytest.mark.parametrize("name", ["default", "my model", "../up"])
def test_a_name_that_is_no_model_name_is_refused_before_any_data_is_read(template_files, data_home, name, capsys):
    assert main.main(["train", "--preset", "lexicalized", *files_args(template_files), "--name", name]) == 2
    assert "a model's name is letters, digits, _ and -" in capsys.readouterr().err
    assert not data_home.exists()


def test_the_command_imports_no_experiment():
    """``lexnli train`` goes down the layers: its module's import closure (in a fresh interpreter) holds no
    experiments module, and the recipe it runs is the library's."""
    code = ("import sys\nimport command.train\n"
            "print(' '.join(sorted(name for name in sys.modules if name.split('.')[0] == 'experiments')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
    assert train_command.recipes.fit_inference is inference.fit_inference  # the experiment runs the same recipe


def test_model_option_saves_elsewhere_and_max_train_subsamples(template_files, data_home, tmp_path, capsys):
    path = tmp_path / "my model.skops"
    assert main.main(["train", "--preset", "lexicalized", *files_args(template_files), "--C-grid", "1",
                      "--max-train", "30", "--model", str(path)]) == 0
    assert not data_home.exists()  # the default model is left alone
    assert load_model(path).lexnli_info_["metadata"] == {"C": 1.0, "n_train": 30}
    printed = capsys.readouterr().out
    assert f"saved to {path}\n" in printed and f"lexnli predict --model '{path}' 'A man sleeps.'" in printed


def test_test_split_is_neither_an_option_nor_read(template_files, data_home, capsys):
    assert main.main(["train", "--preset", "lexicalized", *files_args(template_files), "--test",
                      str(template_files["test"])]) == 2
    assert "unrecognized arguments: --test" in one_error_line(capsys)


@pytest.mark.parametrize("target", ["train", "folder", "default-folder"])
def test_refused_outputs_before_any_data_is_read(template_files, data_home, tmp_path, monkeypatch, capsys, target):
    monkeypatch.setattr(cli, "load_splits", lambda *a, **k: pytest.fail("data read before the output check"))
    if target == "default-folder":  # <data home>/models/default.skops is a folder
        (data_home / "models" / "default.skops").mkdir(parents=True)
        model = []
        message = f"the default model {data_home / 'models' / 'default.skops'}: is a folder, expected a file name"
    elif target == "folder":
        model, message = ["--model", str(tmp_path)], f"--model {tmp_path}: is a folder, expected a file name"
    else:
        model = ["--model", str(template_files["train"])]
        message = f"--model {template_files['train']}: is the --train file; choose another output"
    assert main.main(["train", "--preset", "lexicalized", *files_args(template_files), *model]) == 2
    assert one_error_line(capsys) == f"error: {message}"


def test_one_class_or_no_labelled_pair_is_one_error_line_before_featurizing(template_files, data_home, tmp_path,
                                                                           monkeypatch, capsys):
    """Refused where they were a scikit-learn ValueError (one class) or a MaxAbsScaler traceback (a dev set
    with only "-" labels) after featurizing."""
    monkeypatch.setattr(train_command, "fit_select_C", lambda *a, **k: pytest.fail("featurized"))

    def relabelled(split, label):
        lines = [json.loads(line) for line in template_files[split].read_text(encoding="utf-8").splitlines()]
        path = tmp_path / f"{split}_{label}.jsonl"
        path.write_text("".join(json.dumps({**line, "gold_label": label}) + "\n" for line in lines), encoding="utf-8")
        return path

    one_class = relabelled("train", "entailment")
    assert main.main(["train", "--preset", "lexicalized", *files_args({**template_files, "train": one_class})]) == 2
    assert one_error_line(capsys) == (f"error: {one_class}: one class only (all 80 labelled pairs are 'entailment'): "
                                      "a model needs two or more")
    unlabelled = relabelled("dev", "-")
    assert main.main(["train", "--preset", "lexicalized", *files_args({**template_files, "dev": unlabelled})]) == 2
    assert one_error_line(capsys) == f"error: {unlabelled}: no labelled pairs (the gold label of all 20 is '-'): " \
                                     "nothing to score"
    assert main.main(["train", "--preset", "lexicalized", *files_args(template_files), "--max-train", "1"]) == 2
    assert one_error_line(capsys).startswith("error: --max-train 1: the training pairs sampled are all of one class")


def test_no_data_offline_is_one_line_naming_the_options_and_the_variable(data_home, no_shared_data, capsys):
    assert main.main(["train", "--preset", "lexicalized"]) == 2
    line = one_error_line(capsys)
    assert line.startswith(f"error: SNLI ({data_home / 'snli_1.0'}/ or {data_home / 'snli_1.0.zip'}) not found, "
                           "and downloading is disabled (LEXNLI_NO_DOWNLOAD=1).")
    assert "--data-dir DIR" in line and "--train/--dev" in line and "LEXNLI_DATA=DIR" in line


def test_inference_preset_without_verbocean_fails_before_reading_data(template_files, data_home, monkeypatch,
                                                                     capsys):
    def missing():
        raise ResourceMissingError("VerbOcean is not available: (the reason)")

    monkeypatch.setattr(lexical_resources, "get_wordnet", lambda: None)
    monkeypatch.setattr(lexical_resources, "get_verbocean", missing)
    monkeypatch.setattr(cli, "load_splits", lambda *a, **k: pytest.fail("data read before the resources"))
    assert main.main(["train", *files_args(template_files)]) == 2  # inference: the default preset
    assert one_error_line(capsys) == "error: VerbOcean is not available: (the reason)"


def test_inference_preset_fits_with_the_experiments_defaults(template_files, data_home, monkeypatch, capsys):
    """The default preset calls fit_inference with the command's seed, grid and jobs, and everything else
    as the experiment's defaults; the model is saved as ``experiments.inference --save-model`` saves it."""
    calls = []

    def fit_inference(train_pairs, dev_pairs, **options):
        calls.append((len(train_pairs), len(dev_pairs), options))
        pairs = list(train_pairs)
        selection = fit_select_C(pairs, [p.label for p in pairs], dev_pairs, [p.label for p in dev_pairs],
                                 "lexicalized", grid=options["grid"])
        return None, selection

    monkeypatch.setattr(lexical_resources, "get_wordnet", lambda: None)
    monkeypatch.setattr(lexical_resources, "get_verbocean", lambda: None)
    monkeypatch.setattr(recipes, "fit_inference", fit_inference)
    assert main.main(["train", *files_args(template_files), "--C-grid", "0.3", "--seed", "4", "--n-jobs", "1"]) == 0
    assert calls == [(80, 20, {"seed": 4, "grid": (0.3,), "preset": "recommended", "n_jobs": 1, "progress": None})]
    info = load_model(data_home / "models" / "default.skops").lexnli_info_
    assert info["metadata"] == {"C": 0.3, "n_train": 80, "bias_reweighting": recipes.BIAS_REWEIGHTING}
    assert capsys.readouterr().out.startswith("inference model: dev accuracy ")
    monkeypatch.setattr(train_command, "INFERENCE_MAX_TRAIN", 30)  # the preset's own sample, unless --max-train says
    assert main.main(["train", *files_args(template_files), "--C-grid", "0.3"]) == 0
    assert calls[-1][0] == 30 and "training on 30 of the 80 train pairs, sampled" in capsys.readouterr().out
    assert calls[-1][2]["n_jobs"] == available_cores()  # every core unless --n-jobs says otherwise
    assert main.main(["train", *files_args(template_files), "--C-grid", "0.3", "--max-train", "50"]) == 0
    assert calls[-1][0] == 50


def test_inference_model_is_the_experiments_saved_model(resources, tmp_path, monkeypatch):
    files = write_splits(tmp_path, (("train", 60, 0), ("dev", 20, 1), ("test", 10, 2)))
    probes = tmp_path / "probes.jsonl"
    probes.write_text(json.dumps({"sentence1": "A dog runs.", "sentence2": "An animal runs.",
                                  "gold_label": "entailment", "category": "hypernym"}) + "\n", encoding="utf-8")
    monkeypatch.setenv("LEXNLI_DATA", str(tmp_path / "home"))
    grid = ["--C-grid", "0.3", "1", "--seed", "2"]
    assert main.main(["train", *files_args(files), *grid, "--model", str(tmp_path / "train.skops")]) == 0
    assert inference.main(["--train", str(files["train"]), "--dev", str(files["dev"]), "--test", str(files["test"]),
                           "--no-sick", *[arg for option, _ in inference.PROBE_SETS.values()
                                          for arg in (option, str(probes))],
                           *grid, "--save-model", str(tmp_path / "experiment.skops")]) == 0
    command_model, experiment_model = (load_model(tmp_path / name) for name in ("train.skops", "experiment.skops"))
    command_info, experiment_info = command_model.lexnli_info_, experiment_model.lexnli_info_
    assert command_info["metadata"] == experiment_info["metadata"]
    assert command_info["features"] == experiment_info["features"]
    dev = read_snli(files["dev"]).pairs
    assert np.array_equal(command_model.predict_proba(dev), experiment_model.predict_proba(dev))
    assert train_command.PRESETS[0] == "inference"
    code = ("import sys\nfrom command.main import main\n"
            f"main(['predict', '--model', {str(tmp_path / 'train.skops')!r}, 'A man sleeps.', 'A man is awake.'])\n"
            "print('nltk' in sys.modules)")  # one pair from the shell: NLTK is not imported, WordNet found without it
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**os.environ, "NLTK_DATA": str(NLTK_DATA)},
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[0])["predicted_label"] in LABELS and done.stdout.split()[-1] == "False"


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EACCES], ids=errno.errorcode.get)
def test_a_model_folder_that_takes_no_new_file_is_refused_before_training(error, template_files, data_home, tmp_path,
                                                                         monkeypatch, capsys):
    """A full folder, or a read-only one that ``os.access`` passes (root's): a file is tried before any data is read."""
    def mkstemp(**kwargs):
        raise OSError(error, os.strerror(error), str(tmp_path / ".lexnli-probe.x"))

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(cli, "load_splits", lambda *a, **k: pytest.fail("data read before the output check"))
    path = tmp_path / "models" / "m.skops"
    assert main.main(["train", "--preset", "lexicalized", *files_args(template_files), "--model", str(path)]) == 2
    assert one_error_line(capsys) == f"error: --model {path}: cannot write in {tmp_path}: {os.strerror(error)}"


def test_a_full_disk_while_saving_is_one_error_line_and_keeps_the_old_model(template_files, data_home, tmp_path,
                                                                           monkeypatch, capsys):
    path = tmp_path / "m.skops"
    path.write_bytes(b"the old model")
    full_disk(monkeypatch, after_bytes=1000)
    assert main.main(["train", "--preset", "lexicalized", *files_args(template_files), "--C-grid", "1",
                      "--model", str(path)]) == 2
    assert one_error_line(capsys) == f"error: cannot write {path}: No space left on device"
    assert path.read_bytes() == b"the old model" and list(tmp_path.iterdir()) == [path]


def test_the_inference_preset_builds_a_missing_syntax_model_from_the_train_parses(tmp_path, monkeypatch, capsys):
    from lexnli.syntax import SYNTAX_ENV, SyntaxModel

    from tests.helpers.parses import PARSES, snli_lines

    train_file = tmp_path / "train.jsonl"
    train_file.write_text(snli_lines(), encoding="utf-8")
    monkeypatch.setenv(SYNTAX_ENV, str(tmp_path / "syntax" / "model.npz"))
    train_command._build_syntax_if_missing(read_snli(train_file))
    assert "building it from the train pairs' parses" in capsys.readouterr().out
    model = SyntaxModel.load(tmp_path / "syntax" / "model.npz")
    assert int(model.info["sentences"]) == len(PARSES) + int(model.info["combined_parses"]) \
        and "train.jsonl" in model.info["train"]
    train_command._build_syntax_if_missing(read_snli(train_file))  # there now: not built again
    assert capsys.readouterr().out == ""
