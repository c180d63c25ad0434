"""The syntax model: a tagger and a dependency parser trained on SNLI's parses, in one checksummed file.

:func:`build` reads the Stanford parses of SNLI files (the train split), adds parses put together
from their simple sentences for constructions the captions seldom show
(:mod:`lexnli.parse_combinations`), converts each distinct one to a dependency tree
(:func:`lexnli.dependencies.from_parse`), refits NLTK's tagger on their leaf tags
(:mod:`lexnli.pos_tagger`; past-only forms such as *swam* fixed as VBD, superlatives as JJS: :data:`FIXED_TAGS`) and
trains the parser (:mod:`lexnli.parser`) on the trees.
The parser learns from the tags it will see: each training sentence is tagged by a tagger fitted
on the other folds (jackknifing), not given its gold tags; the gold tags give each word its
ambiguity class (the tags it can have), with which the parser may overrule a wrong tag.

:meth:`SyntaxModel.read` then gives raw text, tokenized as :mod:`lexnli.text` does, the same
kind of tree the training sentences have. The model is one ``.npz`` of plain arrays (no pickle)
with a format version, and a ``.sha256`` file beside it that :meth:`SyntaxModel.load` checks.
:func:`default_syntax_path` is where ``lexnli fetch syntax`` builds it; :func:`load_syntax`
loads a file once per process.
"""
from __future__ import annotations

import hashlib
import io
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from .adjective_forms import SUPERLATIVES
from .data_home import get_data_home
from .dependencies import DependencyTree, from_parse
from .io import atomic_open
from .load_cache import cached_arrays
from .parse_combinations import combined_parses
from .parser import DependencyParser
from .pos_tagger import ARRAY_NAMES, checked_tagger_arrays, tagger_arrays, train_tagger
from .tagging import BatchPerceptronTagger
from .verb_forms import PAST_ONLY_FORMS

#: Version of the file layout; a file of another version is refused (2: the parser's ambiguity classes).
FORMAT_VERSION = 2
#: Where :func:`default_syntax_path` puts the model, inside the data home.
DEFAULT_SYNTAX = f"syntax/snli-syntax-v{FORMAT_VERSION}.npz"
#: Folds for jackknifing the parser's training tags (0 or 1: train the parser on the gold tags).
JACKKNIFE_FOLDS = 4
#: At most this many distinct parses are trained on: SNLI train has about 600,000, and training
#: time grows in proportion (the train subset's 40,000 take minutes: docs/RESULTS.md).
MAX_SENTENCES = 60_000
#: Words the taggers always tag so, whatever SNLI taught them: past-only forms VBD
#: (:data:`lexnli.verb_forms.PAST_ONLY_FORMS`), superlatives JJS (:data:`lexnli.adjective_forms.SUPERLATIVES`).
FIXED_TAGS = {**{word: "VBD" for word in PAST_ONLY_FORMS}, **{word: "JJS" for word in SUPERLATIVES}}
#: Parses put together from the simple ones (:mod:`lexnli.parse_combinations`), as a share of those kept.
COMBINED_SHARE = 0.2


#: The environment variable naming the syntax model file to use instead of the data home's.
SYNTAX_ENV = "LEXNLI_SYNTAX"


def default_syntax_path(data_home=None) -> Path:
    """The syntax model's file: :data:`SYNTAX_ENV` (``LEXNLI_SYNTAX``) when set and no ``data_home`` is
    given, else :data:`DEFAULT_SYNTAX` in the data home (see :func:`lexnli.data_home.get_data_home`)."""
    if data_home is None and os.environ.get(SYNTAX_ENV):
        return Path(os.environ[SYNTAX_ENV])
    return get_data_home(data_home) / DEFAULT_SYNTAX


def checksum_path(path) -> Path:
    """The file beside ``path`` that holds its sha256."""
    path = Path(path)
    return path.with_name(path.name + ".sha256")


@dataclass
class SyntaxModel:
    """A tagger and a parser that read tokenized sentences into :class:`~lexnli.dependencies.DependencyTree` s.

    Attributes
    ----------
    tagger : nltk.tag.PerceptronTagger or dict of arrays
        Refitted on SNLI's leaf tags (:mod:`lexnli.pos_tagger`); a loaded model holds it as the arrays
        it was stored as (:func:`~lexnli.pos_tagger.tagger_arrays`), which tag without being made into
        NLTK's tagger first.
    parser : lexnli.parser.DependencyParser
        Trained on the converted trees.
    info : dict of str
        How the model was built (training files, sentence counts), kept in the file.
    sha256 : str
        The sha256 of the file it was loaded from or last saved to (``""`` for a model never
        written): what a fitted featurizer records, to refuse another model later.
    """

    tagger: object
    parser: DependencyParser
    info: dict = field(default_factory=dict)
    sha256: str = ""

    def __post_init__(self):
        self._batch_tagger = BatchPerceptronTagger(self.tagger)

    def tag(self, token_lists) -> list[tuple[str, ...]]:
        """The tags of each tokenized sentence."""
        return self._batch_tagger.tag_sents([list(tokens) for tokens in token_lists])

    def read(self, token_lists) -> list[DependencyTree]:
        """Tag and parse each tokenized sentence (give many at once: both work in batches)."""
        token_lists = [tuple(tokens) for tokens in token_lists]
        tags = self.tag(token_lists)
        return self.parse(token_lists, tags)

    def parse(self, token_lists, tag_lists) -> list[DependencyTree]:
        """Parse sentences whose tags are given (e.g. a parse's leaf tags)."""
        pairs = [(tuple(tokens), tuple(tags)) for tokens, tags in zip(token_lists, tag_lists)]
        parsed = self.parser.parse(pairs)
        return [DependencyTree(tokens, tags, tuple(heads), tuple(labels))
                for (tokens, tags), (heads, labels) in zip(pairs, parsed)]

    def save(self, path) -> Path:
        """Write the model to ``path`` (``.npz``) and its sha256 beside it, each atomically."""
        arrays = {"format_version": np.array(FORMAT_VERSION),
                  "info_keys": np.array(list(self.info), dtype=str),
                  "info_values": np.array([str(v) for v in self.info.values()], dtype=str)}
        # A loaded tagger's arrays hold what it derived too (the load cache's): the file keeps the stored ones only.
        tagger = ({name: self.tagger[name] for name in ARRAY_NAMES} if isinstance(self.tagger, dict)
                  else tagger_arrays(self.tagger))
        arrays.update({f"tagger.{k}": v for k, v in tagger.items()})
        arrays.update({f"parser.{k}": v for k, v in self.parser.to_arrays().items()})
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)
        data = buffer.getvalue()
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_open(path, "wb") as f:
            f.write(data)
        self.sha256 = hashlib.sha256(data).hexdigest()
        with atomic_open(checksum_path(path), "w") as f:
            f.write(f"{self.sha256}  {path.name}\n")
        return path

    @classmethod
    def load(cls, path) -> SyntaxModel:
        """Read a model :meth:`save` wrote, after checking its sha256 and format version.

        Raises
        ------
        FileNotFoundError
            When the file or its ``.sha256`` is missing.
        ValueError
            When the file's sha256 differs from the recorded one, or its version or arrays are not
            this version's, naming the file.
        """
        path = Path(path)
        data = path.read_bytes()
        recorded = checksum_path(path).read_text(encoding="utf-8").split()[:1]
        if recorded != [hashlib.sha256(data).hexdigest()]:
            raise ValueError(f"{path}: its sha256 is not the one recorded in {checksum_path(path).name}: "
                             "the file is damaged or was changed; build it again (lexnli fetch syntax)")
        arrays = cached_arrays("syntax", recorded[0], lambda: _derived_arrays(data, path))
        version = arrays.get("format_version")
        if version is None or int(version) != FORMAT_VERSION:
            raise ValueError(f"{path}: a syntax model of format version {version}, this lexnli reads "
                             f"version {FORMAT_VERSION}; build it again (lexnli fetch syntax)")

        def part(prefix):
            return {k[len(prefix):]: v for k, v in arrays.items() if k.startswith(prefix)}
        try:
            tagger = checked_tagger_arrays(part("tagger."))
            parser = DependencyParser.from_arrays(part("parser."), str(path))
        except (KeyError, ValueError) as exc:
            raise ValueError(f"{path}: {exc}") from exc
        info = dict(zip(arrays["info_keys"].tolist(), arrays["info_values"].tolist()))
        return cls(tagger, parser, info, recorded[0])


def _derived_arrays(data: bytes, path: Path) -> dict:
    """The arrays of the syntax model file whose bytes are ``data``, with what its tagger builds from them
    (``tagger.matrix``...: :meth:`lexnli.tagging.BatchPerceptronTagger.derived_arrays`): what the load cache
    keeps (:func:`lexnli.load_cache.cached_arrays`), so that a process maps them instead of unzipping and
    building them."""
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as npz:
            arrays = dict(npz)
    except (ValueError, OSError) as exc:
        raise ValueError(f"{path}: not a syntax model file ({exc})") from exc
    tagger = {k[len("tagger."):]: v for k, v in arrays.items() if k.startswith("tagger.")}
    if int(arrays.get("format_version", -1)) == FORMAT_VERSION and all(name in tagger for name in ARRAY_NAMES):
        derived = BatchPerceptronTagger(tagger).derived_arrays()
        arrays.update({f"tagger.{name}": array for name, array in derived.items()})
    return arrays


def load_syntax(path=None) -> SyntaxModel:
    """The syntax model at ``path`` (default: :func:`default_syntax_path`), loaded once per process (and
    again when the file changes).

    Raises
    ------
    FileNotFoundError
        When there is no model there, saying how to build one.
    """
    path = Path(path) if path is not None else default_syntax_path()
    if not path.is_file():
        raise FileNotFoundError(f"no syntax model at {path}: build one from SNLI train with "
                                "`lexnli fetch syntax` (or experiments.parse_agreement --train FILE --model PATH)")
    stat = path.stat()
    return _load(str(path.resolve()), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4)
def _load(path: str, mtime_ns: int, size: int) -> SyntaxModel:
    """:meth:`SyntaxModel.load`, remembered by the file's path, time and size."""
    return SyntaxModel.load(path)


def distinct_parses(parses, max_sentences: int | None = None) -> list[str]:
    """Each distinct parse, in first-seen order.

    With ``max_sentences``, at most that many: those whose parse has the smallest BLAKE2 digest,
    a uniform sample that does not depend on the order of the parses.
    """
    distinct = list(dict.fromkeys(parses))
    if max_sentences is not None and len(distinct) > max_sentences:
        digest = {p: hashlib.blake2b(p.encode("utf-8"), digest_size=8).digest() for p in distinct}
        kept = set(sorted(distinct, key=digest.__getitem__)[:max_sentences])
        distinct = [p for p in distinct if p in kept]
    return distinct


def jackknifed_tags(trees, folds: int, *, seed: int = 0, base=None) -> list[tuple[str, ...]]:
    """Each tree's tags as a tagger trained on the other folds (tree ``i`` is in fold ``i % folds``, from ``base``)
    gives them."""
    tags = [None] * len(trees)
    for fold in range(folds):
        tagger = train_tagger([(t.tokens, t.tags) for i, t in enumerate(trees) if i % folds != fold], seed=seed,
                              base=base, fixed_tags=FIXED_TAGS)
        held = [i for i in range(len(trees)) if i % folds == fold]
        for i, predicted in zip(held, BatchPerceptronTagger(tagger).tag_sents([list(trees[i].tokens) for i in held])):
            tags[i] = predicted
    return tags


def build(parses, *, max_sentences: int | None = MAX_SENTENCES, jackknife_folds: int = JACKKNIFE_FOLDS,
          combined_share: float = COMBINED_SHARE, seed: int = 0, info: dict | None = None,
          base_tagger: str | None = "nltk", **parser_params) -> SyntaxModel:
    """Train a :class:`SyntaxModel` on Stanford parses (bracketed strings; repeats are read once).

    Parameters
    ----------
    parses : iterable of str
        E.g. the ``sentence1_parse`` / ``sentence2_parse`` fields of SNLI train
        (:func:`lexnli.corpora.iter_parses`).
    max_sentences : int or None, default=60_000
        Train on at most this many distinct parses (see :func:`distinct_trees`); None: on all.
    jackknife_folds : int, default=4
        The parser trains on tags predicted by taggers fitted on the other folds; 0 or 1: on the
        parses' own tags. The words' ambiguity classes come from the parses' own tags either way.
    combined_share : float, default=0.2
        Add this share (of the distinct parses kept) of parses put together from their simple
        sentences (:func:`lexnli.parse_combinations.combined_parses`: subordinate clauses first,
        clauses as objects, relative clauses on the subject, simple sentences in the simple present
        or past instead of the progressive), which SNLI's captions seldom show; 0: none.
    seed : int, default=0
        Seeds the tagger's and the parser's training.
    info : dict, optional
        Kept in the model (what it was built from).
    base_tagger : {"nltk", None}, default="nltk"
        The taggers train from NLTK's English tagger's weights (its data must be installed:
        ``lexnli fetch tagger``), which keeps what SNLI's captions seldom show; None: from nothing.
    **parser_params
        Passed to :class:`~lexnli.parser.DependencyParser`.
    """
    if combined_share < 0:
        raise ValueError(f"combined_share must be >= 0, got {combined_share!r}")
    kept = distinct_parses(parses, max_sentences)
    combined = combined_parses(kept, round(combined_share * len(kept)), seed=seed)
    info = {**(info or {}), "combined_parses": len(combined)}
    return train([from_parse(parse) for parse in kept + combined], jackknife_folds=jackknife_folds, seed=seed,
                 info=info, base_tagger=base_tagger, **parser_params)


def train(trees, *, jackknife_folds: int = JACKKNIFE_FOLDS, seed: int = 0, info: dict | None = None,
          base_tagger: str | None = "nltk", **parser_params) -> SyntaxModel:
    """Train a :class:`SyntaxModel` on dependency trees (:func:`build` on the trees of its parses; a
    treebank kept as trees, such as the tests' fixture, trains this way). Parameters as :func:`build`'s."""
    trees = list(trees)
    if not trees:
        raise ValueError("no parses to build the syntax model from")
    if base_tagger not in ("nltk", None):
        raise ValueError(f"base_tagger must be 'nltk' or None, got {base_tagger!r}")
    base = None
    if base_tagger == "nltk":
        from .text import nltk_tagger

        base = nltk_tagger()
    tagger = train_tagger([(t.tokens, t.tags) for t in trees], seed=seed, base=base, fixed_tags=FIXED_TAGS)
    tags = (jackknifed_tags(trees, jackknife_folds, seed=seed, base=base) if jackknife_folds > 1
            else [t.tags for t in trees])
    parser = DependencyParser(seed=seed, **parser_params).fit(
        [(t.tokens, tag, t.heads, t.labels) for t, tag in zip(trees, tags)], class_tags=[t.tags for t in trees])
    info = {**(info or {}), "sentences": len(trees), "jackknife_folds": jackknife_folds, "seed": seed,
            "base_tagger": str(base_tagger)}
    return SyntaxModel(tagger, parser, info)
