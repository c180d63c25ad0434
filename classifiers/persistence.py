"""Save and load trained models with the toolkit version and feature configuration beside them.

Two formats, chosen by the file name:

- ``.skops`` (the safe format, :mod:`skops.io`): loading builds only the types skops trusts
  (NumPy, SciPy and scikit-learn objects) plus :data:`TRUSTED_TYPES`, lexnli's own pipeline
  steps; a file holding any other type is refused before anything in it is built.
- any other name: a joblib pickle. Loading a pickle runs whatever code it holds, so it is loaded
  only when asked in so many words (``load_model(path, trusted=True)``, ``--trust-pickle``): load
  only pickles you made yourself or got from a source you trust (:data:`TRUST_RULE`).

The suffix is compared without regard to case (*m.SKOPS* is the safe format too). A ``.skops`` file
loaded once is loaded again from the load cache in the data home, without skops (:mod:`classifiers.model_cache`,
which says why that pickle is safe to read when the one a user passes is not).

A model is a fitted scikit-learn Pipeline whose first step is a :class:`~featurize.PairFeaturizer`
(:mod:`classifiers.steps`), whatever its steps are named: :func:`save_model` writes it with the
versions and featurizer settings beside it; a pipeline saved as it is (``skops.io.dump``,
``joblib.dump``) loads too, recording no versions. :func:`load_model` returns the model, what its
file recorded beside it on its ``lexnli_info_`` attribute.

A file from another lexnli version, or a damaged one, is refused with a clear error. A ``.skops`` file
whose members declare more than :data:`MAX_MEMBER_BYTES`, :data:`MAX_SCHEMA_BYTES` or, all together,
:data:`MAX_TOTAL_BYTES` is refused before any member is read (:func:`check_archive`). How a loaded
model runs (``n_jobs``, ``batch_size``) is the caller's to say, never the file's (:func:`reset_resources`).
"""
from __future__ import annotations

import copy
import io
import math
import struct
import warnings
import zipfile
import zlib
from pathlib import Path

import joblib
import sklearn
from sklearn.exceptions import NotFittedError
from sklearn.pipeline import Pipeline
from sklearn.utils.validation import check_is_fitted

from featurize import FAMILIES, PairFeaturizer
from lexnli.io import atomic_open, existing_file, npy_header
from lexnli.progress import step
from lexnli.version import __version__

from . import model_cache, steps
from .family_weights import FamilyWeights
from .row_norm_cap import RowNormCap

FORMAT = "lexnli-model"
#: The suffix of the safe model format.
SAFE_SUFFIX = ".skops"
#: The types of lexnli's own that a ``.skops`` model may hold, beyond those skops trusts itself
#: (a test checks that every saved pipeline needs no others).
TRUSTED_TYPES = tuple(f"{cls.__module__}.{cls.__qualname__}" for cls in (PairFeaturizer, FamilyWeights, RowNormCap))
#: The rule for loading model files, shown by ``classifiers.predict --help``.
TRUST_RULE = (f"Model files: a {SAFE_SUFFIX} file is the safe format (loading it builds only NumPy, SciPy, "
              f"scikit-learn and lexnli types, and refuses a file holding any other): use it to share "
              f"models. Any other file is a pickle: loading it runs the code it holds, so it is loaded only "
              f"with --trust-pickle; give that only for pickles you made yourself or got from a source you trust.")


#: Bytes (1 GiB) one member of a ``.skops`` file (an array, a byte string) may declare uncompressed,
#: and its ``.npy`` header may declare for its array; a file declaring more is refused unread. The
#: inference model (1.09 million features, 3 classes) holds 32 MB in all: the bound leaves room for
#: larger vocabularies and hashing, not for a file that would fill the machine's memory.
MAX_MEMBER_BYTES = 2**30
#: Bytes (2 GiB) all the members of a ``.skops`` file may declare uncompressed together, and the most
#: a ``.skops`` file may weigh on disk.
MAX_TOTAL_BYTES = 2**31
#: Bytes the skops schema (``schema.json``, parsed into Python objects several times its size) may
#: declare; lexnli's pipelines need about 60 KB whatever their vocabulary.
MAX_SCHEMA_BYTES = 2**24
#: The members a lexnli ``.skops`` file holds besides ``schema.json``: NumPy arrays and byte strings,
#: named so by skops. Any other (a SciPy sparse matrix's ``.npz``, an archive in the archive) is refused.
MEMBER_SUFFIXES = (".npy", ".bin")
#: The featurizer's ``batch_size`` a loaded model gets unless the caller says otherwise.
DEFAULT_BATCH_SIZE = PairFeaturizer().batch_size
#: Bytes inflated at a time when a deflated member's declared size is checked.
_INFLATE_CHUNK = 2**20


class ModelFileError(ValueError):
    """A model file is damaged, not a lexnli model, holds untrusted types, or is from another lexnli version."""


def is_safe_format(path) -> bool:
    """Whether ``path`` names a model in the safe (``.skops``) format."""
    return Path(path).suffix.lower() == SAFE_SUFFIX


def save_model(model, path, **metadata) -> Path:
    """Write ``model`` (a fitted Pipeline whose first step is a PairFeaturizer, its steps named
    anyhow) to ``path`` atomically, with the versions, its featurizer's settings and ``metadata``.

    A ``.skops`` name gives the safe format, any other a joblib pickle. What a loaded model's file
    recorded (``lexnli_info_``) is not saved with it: the new file records its own.
    """
    if not steps.is_pair_pipeline(model):
        raise TypeError(f"save_model saves {steps.MODEL_KIND}, not a {type(model).__name__}")
    if hasattr(model, "lexnli_info_"):
        model = copy.copy(model)  # the same steps, without the attribute
        del model.lexnli_info_
    payload = {
        "format": FORMAT, "lexnli_version": __version__, "sklearn_version": sklearn.__version__,
        "features": steps.featurizer(model).get_params(), "metadata": metadata, "model": model,
    }
    with step(f"saving the model to {path}"), atomic_open(path, "wb") as f:
        if is_safe_format(path):
            f.write(_skops_io().dumps(payload))
        else:
            joblib.dump(payload, f)
    return path


def _skops_io():
    """:mod:`skops.io`, imported when a ``.skops`` file is written or read, not when this module is.

    Importing skops imports every scikit-learn package, among them scikit-learn's array-API
    adapter for PyTorch, which imports PyTorch where it is installed (about a second): the price
    of the safe format there. It is imported as it is, with ``sys.modules`` left alone.
    """
    import skops.io

    return skops.io


def check_archive(path, data: bytes) -> None:
    """Refuse the ``.skops`` file ``path`` (its bytes ``data``) if what it declares exceeds the bounds.

    From the zip directory, before any member is read: each member's uncompressed size (at most
    :data:`MAX_MEMBER_BYTES`, :data:`MAX_SCHEMA_BYTES` for the schema), their total (at most
    :data:`MAX_TOTAL_BYTES`), its kind (:data:`MEMBER_SUFFIXES`) and its compression (stored or
    deflated). Then a deflated member is inflated a chunk at a time, kept nowhere, and refused if it
    inflates past its declared size (``zipfile`` checks that only after inflating a whole read, so a
    member declaring 100 bytes could fill gigabytes first); and each ``.npy`` member's header alone
    is read: the array it declares (shape times item size) must fit the bound and the member.
    The bounds are read when called (a test may lower them).
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise _unreadable(path, exc) from exc
    with archive:
        total = 0
        for info in archive.infolist():
            name, limit = info.filename, MAX_SCHEMA_BYTES if info.filename == "schema.json" else MAX_MEMBER_BYTES
            if name != "schema.json" and not name.endswith(MEMBER_SUFFIXES):
                raise ModelFileError(f"{path}: member {name} is of a kind lexnli model files never hold, not loaded")
            if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED) or info.flag_bits & 1:
                raise ModelFileError(f"{path}: member {name} is encrypted or compressed by a method lexnli does "
                                     f"not read (only stored or deflated), not loaded")
            total += info.file_size
            if info.file_size > limit:
                raise ModelFileError(f"{path}: member {name} declares {info.file_size:,} bytes uncompressed, more "
                                     f"than the {limit:,} a model file's member may hold, not loaded")
            if total > MAX_TOTAL_BYTES:
                raise ModelFileError(f"{path}: its members declare more than the {MAX_TOTAL_BYTES:,} bytes "
                                     f"uncompressed a model file may hold (at member {name}), not loaded")
        for info in archive.infolist():
            if info.compress_type == zipfile.ZIP_DEFLATED and not _inflates_within(path, data, info):
                raise ModelFileError(f"{path}: member {info.filename} inflates to more than the {info.file_size:,} "
                                     f"bytes it declares, not loaded")
            if info.filename.endswith(".npy"):
                _check_npy_header(path, archive, info)


def _inflates_within(path, data: bytes, info: zipfile.ZipInfo) -> bool:
    """Whether the deflated member ``info`` of the zip ``data`` inflates to at most its declared size
    (inflated :data:`_INFLATE_CHUNK` bytes at a time, and no further than one chunk past it)."""
    start = info.header_offset  # the member's local header (zip format: 30 bytes, then its name and extra field)
    if data[start:start + 4] != b"PK\x03\x04":
        raise _unreadable(path, zipfile.BadZipFile(f"member {info.filename} has no local header"))
    name_length, extra_length = struct.unpack("<HH", data[start + 26:start + 30])
    begin = start + 30 + name_length + extra_length
    pending = memoryview(data)[begin:begin + info.compress_size]
    inflater, size = zlib.decompressobj(-zlib.MAX_WBITS), 0
    try:
        while True:
            out = inflater.decompress(pending, _INFLATE_CHUNK)
            size += len(out)
            if size > info.file_size:
                return False
            pending = inflater.unconsumed_tail
            if inflater.eof or not (out or pending):
                return True
    except zlib.error as exc:
        raise _unreadable(path, exc) from exc


def _check_npy_header(path, archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
    """Refuse the ``.npy`` member ``info`` if the array its header declares is larger than
    :data:`MAX_MEMBER_BYTES` or than the member itself (only the header is read)."""
    try:
        with archive.open(info) as member:
            shape, _, dtype = npy_header(member)
    except (ValueError, OSError, EOFError, zipfile.BadZipFile) as exc:
        raise _unreadable(path, exc) from exc
    size = math.prod(shape) * dtype.itemsize
    if size > min(MAX_MEMBER_BYTES, info.file_size):
        raise ModelFileError(f"{path}: member {info.filename} declares a {'x'.join(map(str, shape))} array of "
                             f"{dtype} ({size:,} bytes), more than the {min(MAX_MEMBER_BYTES, info.file_size):,} "
                             f"it may hold, not loaded")


def _read_safe(path: Path) -> bytes:
    """The bytes of the ``.skops`` file ``path``, refused unread if it weighs more than :data:`MAX_TOTAL_BYTES`."""
    size = path.stat().st_size
    if size > MAX_TOTAL_BYTES:
        raise ModelFileError(f"{path}: {size:,} bytes, more than the {MAX_TOTAL_BYTES:,} a model file may hold, "
                             f"not loaded")
    return path.read_bytes()


def _load_safe(path: Path, data: bytes):
    """The payload of the ``.skops`` file ``path`` (its bytes ``data``), built only if its declared sizes
    fit the bounds (:func:`check_archive`) and every type it holds is trusted."""
    skops_io = _skops_io()
    check_archive(path, data)
    try:
        untrusted = skops_io.get_untrusted_types(data=data)
    except Exception as exc:  # not a zip, or no skops schema inside
        raise _unreadable(path, exc) from exc
    refused = sorted(set(untrusted) - set(TRUSTED_TYPES))
    if refused:
        raise ModelFileError(f"{path}: holds types lexnli does not trust, not loaded: {', '.join(refused)}")
    try:
        return skops_io.load(io.BytesIO(data), trusted=list(untrusted))
    except Exception as exc:
        raise _unreadable(path, exc) from exc


def _unreadable(path: Path, exc: Exception) -> ModelFileError:
    return ModelFileError(f"{path}: not a readable .skops model file ({type(exc).__name__}: {exc})")


def _load_pickle(path: Path):
    """The payload of a joblib pickle (runs the code the file holds: trusted files only)."""
    try:
        return joblib.load(path)
    except Exception as exc:  # a truncated or foreign file fails in many ways inside unpickling
        raise ModelFileError(f"{path}: not a readable model file ({type(exc).__name__}: {exc})") from exc


def check_header(path, header, file_format: str, what: str) -> None:
    """Refuse a loaded model file whose ``header`` (a dict) is not of ``file_format`` (saying it is
    not a ``what``) or was saved by another lexnli version."""
    if not isinstance(header, dict) or header.get("format") != file_format:
        raise ModelFileError(f"{path}: not a {what}")
    if header.get("lexnli_version") != __version__:
        raise ModelFileError(f"{path}: saved by lexnli {header.get('lexnli_version')}, this is lexnli {__version__}; "
                             f"retrain the model with this version")


def reset_resources(model, *, n_jobs=None, batch_size: int = DEFAULT_BATCH_SIZE):
    """Set every ``n_jobs`` in ``model`` (a pipeline, its steps, theirs) to ``n_jobs`` and every
    :class:`PairFeaturizer`'s ``batch_size`` to ``batch_size``, through ``set_params``; return ``model``.

    These are a loaded model's settings of how it runs, not of what it computes, and the caller's to
    say, not its file's: one saved with ``n_jobs=16`` and ``batch_size=1`` made ``predict`` run in
    16 processes for batches of one pair. The memos' sizes are module constants
    (:mod:`featurize.memo_sizes`), never in a model file; ``progress`` only draws.
    """
    params = model.get_params(deep=True)
    reset = {key: n_jobs for key in params if key.rsplit("__", 1)[-1] == "n_jobs"}
    reset |= {f"{key}__batch_size": batch_size for key, value in params.items() if isinstance(value, PairFeaturizer)}
    if isinstance(model, PairFeaturizer):
        reset["batch_size"] = batch_size
    return model.set_params(**reset)


def check_structure(model, path) -> None:
    """Refuse a model whose featurizer has families that read dependency trees (the ``alignment`` and
    ``tree`` families) but was fitted before they did (it records no syntax model: ``syntax_sha256_``): its
    columns were learned from other tags and roles, and the families would read it anew."""
    featurizer = steps.featurizer(model)
    if "syntax_sha256_" in featurizer.__dict__:
        return
    reading = [name for name in featurizer.__dict__.get("families_", ()) if name in FAMILIES and FAMILIES[name].trees]
    if reading:
        raise ModelFileError(f"{path}: saved before its {' and '.join(reading)} families read each sentence's "
                             "dependency tree; train it again with this lexnli (lexnli train)")


def _load_payload(path: Path, *, cache: bool, data_home):
    """The payload of the model file ``path``, and the key to cache it under once accepted (None: from the
    cache already, not a ``.skops`` file, or not to be cached)."""
    if not is_safe_format(path):
        return _load_pickle(path), None
    data = _read_safe(path)
    if not (cache and model_cache.enabled()):
        return _load_safe(path, data), None
    key = model_cache.cache_key(data)
    cached = model_cache.read(key, data_home)
    return (cached, None) if cached is not None else (_load_safe(path, data), key)


def load_model(path, *, trusted: bool = False, n_jobs=None, batch_size: int = DEFAULT_BATCH_SIZE, cache: bool = True,
               data_home=None):
    """Load a model saved by :func:`save_model`, or a pipeline saved as it is; return the model, with
    what its file recorded beside it on ``model.lexnli_info_``.

    The model is a fitted Pipeline whose first step is a PairFeaturizer (:mod:`classifiers.steps`).
    ``lexnli_info_`` is a dict: for a file of :func:`save_model`, its ``format``, ``lexnli_version``,
    ``sklearn_version``, ``features`` (the featurizer's settings saved, a record) and ``metadata``;
    for a pipeline saved as it is, only ``features`` and an empty ``metadata`` (it records no versions).
    A ``.skops`` file is loaded safely (see :data:`TRUSTED_TYPES`, :func:`check_archive`); any other is
    a pickle, whose loading runs its code: it is refused unless ``trusted`` (:data:`TRUST_RULE`). A
    model saved by another scikit-learn version is loaded with a warning. The settings of how the model
    runs are the caller's, ``n_jobs`` and ``batch_size``, whatever the file says (:func:`reset_resources`).

    A ``.skops`` file loaded once is loaded again from the load cache in the data home (``data_home``,
    see :func:`lexnli.data_home.get_data_home`), without skops, while its bytes and the libraries are the
    same (:mod:`classifiers.model_cache`); ``cache=False``, or ``LEXNLI_MODEL_CACHE=0``, loads it with
    skops and caches nothing.
    """
    path = existing_file(path, "model file")
    if not is_safe_format(path) and not trusted:
        raise ModelFileError(f"{path}: not a {SAFE_SUFFIX} file, so a pickle, and loading a pickle runs the code it "
                             f"holds; load it only if you trust it (--trust-pickle, or trusted=True)")
    payload, key = _load_payload(path, cache=cache, data_home=data_home)
    if isinstance(payload, Pipeline):  # saved as it is: no header
        model, info = payload, None
    else:
        check_header(path, payload, FORMAT, "lexnli model file")
        if payload.get("sklearn_version") != sklearn.__version__:
            warnings.warn(f"{path}: saved with scikit-learn {payload.get('sklearn_version')}, this is "
                          f"{sklearn.__version__}; its predictions may differ: retrain it with this version to be "
                          f"sure", stacklevel=2)
        model = payload.get("model")
        info = {k: v for k, v in payload.items() if k != "model"}
    if not steps.is_pair_pipeline(model):
        raise ModelFileError(f"{path}: not a lexnli model file (its model is a {type(model).__name__}, not "
                             f"{steps.MODEL_KIND})")
    try:
        check_is_fitted(model)
    except NotFittedError:
        raise ModelFileError(f"{path}: its pipeline is not fitted: fit it before saving it") from None
    check_structure(model, path)
    if key is not None:
        model_cache.write(key, payload, data_home)  # as loaded, before the caller's settings are set on it
    if info is None:
        info = {"features": steps.featurizer(model).get_params(), "metadata": {}}
    reset_resources(model, n_jobs=n_jobs, batch_size=batch_size)
    model.lexnli_info_ = info
    return model
