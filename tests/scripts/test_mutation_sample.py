"""scripts/mutation_sample.py: a seeded share of each module's mutants."""
from tests.helpers.scripts import load_script


def test_the_sample_takes_a_share_of_each_module_seeded():
    module = load_script("mutation_sample")
    names = [f"classifiers.a.x_f__mutmut_{i}" for i in range(1, 9)] + ["classifiers.b.xǁCǁm__mutmut_1",
                                                                       "experiments.c.x_g__mutmut_1"]
    picked = module.sample(names, ["classifiers.*"], 0.25, seed=3)
    assert len([n for n in picked if n.startswith("classifiers.a.")]) == 2
    assert "classifiers.b.xǁCǁm__mutmut_1" in picked and len(picked) == 3  # at least one per module; c not matched
    assert module.sample(names, ["classifiers.*"], 0.25, seed=3) == picked
    assert {tuple(module.sample(names, ["classifiers.*"], 0.25, seed=s)) for s in range(10)} != {tuple(picked)}
