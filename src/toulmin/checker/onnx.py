"""The shipped checker: an ONNX cross-encoder run with onnxruntime (no torch)."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import InputError, ModelError
from .base import LABELS, softmax

__all__ = ["OnnxChecker", "shipped_model_dir"]


def shipped_model_dir() -> Path:
    return Path(str(resources.files("toulmin") / "models" / "checker"))


class OnnxChecker:
    """Loads ``model.onnx`` + ``tokenizer.json`` + ``checker.json`` from a folder.

    Batches are formed in input order (never re-sorted across calls), so the
    same inputs always meet the same padding and give identical numbers.
    """

    def __init__(self, path: str | Path | None = None, *, threads: int | None = None,
                 batch_size: int = 32, max_length: int | None = None):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.path = Path(path) if path else shipped_model_dir()
        meta_file = self.path / "checker.json"
        if not meta_file.is_file() or not (self.path / "model.onnx").is_file():
            raise ModelError(
                "E_MODEL_MISSING", f"no checker model in {self.path}",
                fix="reinstall toulmin (the shipped model is package data) or point "
                    "checker.model at a folder with model.onnx, tokenizer.json and checker.json",
            )
        self.meta: dict[str, Any] = json.loads(meta_file.read_text())
        self.name = str(self.meta["name"])
        self.version = str(self.meta["version"])
        self.threshold = float(self.meta["threshold"])
        self.temperature = float(self.meta.get("temperature", 1.0))
        self.claim_first = self.meta.get("pair_order", "claim_first") == "claim_first"
        self.max_length = int(max_length or self.meta.get("max_length", 256))
        self.batch_size = batch_size
        order = [str(x) for x in self.meta["labels"]]
        self._cols = [order.index(lab) for lab in LABELS]
        self.tokenizer = Tokenizer.from_file(str(self.path / "tokenizer.json"))
        self.tokenizer.enable_truncation(
            self.max_length, strategy="longest_first")
        self.tokenizer.enable_padding(pad_id=int(self.meta.get("pad_id", 0)))
        so = ort.SessionOptions()
        env_threads = int(os.environ.get("TOULMIN_THREADS", 0))
        so.intra_op_num_threads = threads or env_threads or (os.cpu_count() or 1)
        so.inter_op_num_threads = 1
        so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        self.session = ort.InferenceSession(str(self.path / "model.onnx"), so,
                                            providers=["CPUExecutionProvider"])
        self._inputs = {i.name for i in self.session.get_inputs()}

    def logits(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        if len(claims) != len(spans):
            raise InputError("E_PAIR_MISMATCH", f"{len(claims)} claims but {len(spans)} spans",
                             fix="pass one span per claim")
        out = np.zeros((len(claims), 3), dtype=np.float32)
        for k in range(0, len(claims), self.batch_size):
            a = list(claims[k : k + self.batch_size])
            b = list(spans[k : k + self.batch_size])
            pairs = list(zip(a, b)) if self.claim_first else list(zip(b, a))
            encs = self.tokenizer.encode_batch(pairs)
            feed = {
                "input_ids": np.array([e.ids for e in encs], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in encs], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids for e in encs], dtype=np.int64),
            }
            res = self.session.run(None, {n: v for n, v in feed.items() if n in self._inputs})[0]
            out[k : k + len(a)] = res[:, self._cols]
        return out

    def predict(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        if not claims:
            return np.zeros((0, 3))
        return softmax(self.logits(claims, spans), self.temperature)

    def info(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "threshold": self.threshold,
                "backend": "onnx", "path": str(self.path)}
