"""scripts/mutation_report.py: per-module scores from mutmut's results, several runs combined."""
from tests.helpers.scripts import load_script


def test_a_later_run_overrides_the_mutants_it_checked(tmp_path, capsys):
    earlier = tmp_path / "earlier.txt"
    earlier.write_text("    classifiers.a.x_f__mutmut_1: killed\n    classifiers.a.x_f__mutmut_2: survived\n"
                       "    classifiers.a.x_f__mutmut_3: survived\n    classifiers.a.xǁCǁm__mutmut_1: not checked\n"
                       "    experiments.b.x_g__mutmut_1: timeout\n", encoding="utf-8")
    later = tmp_path / "later.txt"
    later.write_text("    classifiers.a.x_f__mutmut_1: not checked\n    classifiers.a.x_f__mutmut_2: killed\n"
                     "    classifiers.a.x_f__mutmut_3: not checked\n", encoding="utf-8")
    assert load_script("mutation_report").main([str(earlier), str(later), "--command", "cmd"]) == 0
    rows = {line.split(" | ")[0].lstrip("| "): line.split(" | ")[1:] for line in capsys.readouterr().out.splitlines()
            if line.startswith("| ") and not line.startswith("| module")}
    # mutants, checked, killed, survived, no tests, other, not checked, killed / checked
    assert rows["classifiers.a"] == ["4", "3", "2", "1", "0", "0", "1", "66.7% |"]
    assert rows["experiments.b"] == ["1", "1", "1", "0", "0", "0", "0", "100.0% |"]
    assert rows["featurize.families"] == ["0", "0", "0", "0", "0", "0", "0", "- |"]
