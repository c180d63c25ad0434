"""Neural sentence-encoder models of sentence pairs (the SNLI paper's sum-of-words, RNN and LSTM rows).

Needs PyTorch (``pip install "lexnli[neural]"``); the rest of lexnli never imports it. The
estimator is :class:`neural.estimator.SentenceEncoderClassifier`; models are saved and loaded
with :mod:`neural.persistence`, fine-tuned on a new corpus with :mod:`neural.transfer`, and
start from pretrained word vectors with :mod:`neural.embeddings`.
"""
try:
    import torch  # noqa: F401  (imported here to fail early with the fix)
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("lexnli's neural models need PyTorch: pip install 'lexnli[neural]' (see the README for "
                      "installing the CPU build first)") from exc

from .estimator import SentenceEncoderClassifier

__all__ = ["SentenceEncoderClassifier"]
