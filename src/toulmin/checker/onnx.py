"""The shipped checker: an ONNX cross-encoder run with onnxruntime (no torch)."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from .._parallel import ItemPool, cpu_session, runtime_id
from ..errors import InputError, ModelError
from .base import LABELS, softmax
from .graph import drop_attention_mask

__all__ = ["BUNDLED", "PACKAGED", "OnnxChecker", "named_checker", "shipped_model_dir"]


# Checkers shipped inside the package, by the name ``checker.model`` takes for them.
BUNDLED = {"default": "checker", "fast": "checker-fast"}


# Checkers too large for the main wheel (PyPI's 100 MB per file), each a package of its own
# built from the repository (toulmin.training.kit.accurate), found by import name.
PACKAGED = {"accurate": "toulmin_checker_accurate"}


def named_checker(name: str) -> bool:
    """Whether ``name`` is a checker toulmin names (shipped or packaged), not a path."""
    return name in BUNDLED or name in PACKAGED


def shipped_model_dir(name: str = "default") -> Path:
    if name in PACKAGED:
        import importlib

        try:
            module = importlib.import_module(PACKAGED[name])
        except ImportError as e:
            raise ModelError(
                "E_MODEL_MISSING", f"the {name!r} checker is not installed ({e})",
                fix=f"pip install ./packages/checker-{name} from a toulmin checkout (the package "
                    f"{PACKAGED[name].replace('_', '-')}; pip install 'toulmin[{name}]' once it is "
                    f"published), or choose a checker of the main package: {', '.join(BUNDLED)}") from e
        return Path(module.MODEL_DIR)
    return Path(str(resources.files("toulmin") / "models" / BUNDLED[name]))


class OnnxChecker:
    """Loads ``model.onnx`` + ``tokenizer.json`` + ``checker.json`` from a folder.

    Every pair runs on its own, unpadded, on one thread, and the pairs are spread
    over ``threads`` workers. A pair's numbers therefore never depend on which
    other pairs share the call (no padding, and int8 activation scales are taken
    from that pair alone), and no compute is spent on padding. On 2 cores this
    beat batches of 32 run with two intra-op threads by 1.3-1.6x at fixed
    length and by about 2x on real, uneven pairs (docs/experiments.md).
    """

    def __init__(self, path: str | Path | None = None, *, threads: int | None = None,
                 batch_size: int = 32, max_length: int | None = None):
        from tokenizers import Tokenizer

        if not path or named_checker(str(path)):
            self.path = shipped_model_dir(str(path or "default"))
        else:
            self.path = Path(path)
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
        # how far entailment must beat contradiction for SUPPORTED (benchmarks/margin.py)
        self.support_margin = float(self.meta.get("support_margin", 0.0))
        # What verify reads where decide leaves it to the checker, when checker.json has a
        # "verify" block: the entailment a candidate needs and the contradiction that refutes,
        # fitted end to end on development answers (benchmarks/contradiction_line.py). A
        # checker's probabilities on candidate spans differ from one model to another; absent,
        # verify reads the pair threshold above and the line fitted for the default (0.6).
        fitted = self.meta.get("verify") or {}
        self.verify_threshold: float | None = (None if fitted.get("threshold") is None
                                               else float(fitted["threshold"]))
        self.candidate_contradiction: float | None = (None if fitted.get("contradiction_threshold") is None
                                                      else float(fitted["contradiction_threshold"]))
        self.temperature = float(self.meta.get("temperature", 1.0))
        self.claim_first = self.meta.get("pair_order", "claim_first") == "claim_first"
        self.max_length = int(max_length or self.meta.get("max_length", 256))
        # Kept for callers that tune it: only the tokenisation chunk size now.
        self.batch_size = max(1, batch_size)
        order = [str(x) for x in self.meta["labels"]]
        self._cols = [order.index(lab) for lab in LABELS]
        self.tokenizer = Tokenizer.from_file(str(self.path / "tokenizer.json"))
        self.tokenizer.enable_truncation(
            self.max_length, strategy="longest_first")
        self._items = ItemPool(threads, "toulmin-checker")
        # One thread per run: single-threaded kernels also make each pair's
        # arithmetic independent of how the work is scheduled.
        self._source: str | bytes = str(self.path / "model.onnx")
        self.session = cpu_session(self._source, threads=1)
        self.mask_dropped = False
        if "attention_mask" in {i.name for i in self.session.get_inputs()}:
            # An export from before the mask pass (training/export.py strips it):
            # pairs run unpadded, so the mask is all ones and its path can go (graph.py).
            import onnx

            model = onnx.load(str(self.path / "model.onnx"))
            if drop_attention_mask(model):
                self._source = model.SerializeToString()
                self.session = cpu_session(self._source, threads=1)
                self.mask_dropped = True
        self._inputs = {i.name for i in self.session.get_inputs()}
        self._wide: tuple[Any, set[str]] | None = None  # on every core, made when first needed
        self._wide_lock = threading.Lock()

    @staticmethod
    def _feed(enc: Any, inputs: set[str]) -> dict[str, np.ndarray]:
        feed = {
            "input_ids": np.array([enc.ids], dtype=np.int64),
            "attention_mask": np.array([enc.attention_mask], dtype=np.int64),
            "token_type_ids": np.array([enc.type_ids], dtype=np.int64),
        }
        return {n: v for n, v in feed.items() if n in inputs}

    def _run_one(self, enc: Any) -> np.ndarray:
        res = self.session.run(None, self._feed(enc, self._inputs))[0]
        return np.asarray(res[0], dtype=np.float32)

    def _run_wide(self, enc: Any) -> np.ndarray:
        """One pair on every core: 1.6x faster than on one on two cores, with the
        same logits to the bit (each output element is still summed by one thread
        in one order; tests/checker/test_shipped.py compares them)."""
        with self._wide_lock:
            if self._wide is None:
                session = cpu_session(self._source, threads=self._items.threads)
                self._wide = session, {i.name for i in session.get_inputs()}
            session, inputs = self._wide
        res = session.run(None, self._feed(enc, inputs))[0]
        return np.asarray(res[0], dtype=np.float32)

    def logits(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        if len(claims) != len(spans):
            raise InputError("E_PAIR_MISMATCH", f"{len(claims)} claims but {len(spans)} spans",
                             fix="pass one span per claim")
        # A pair's logits depend on that pair alone, so a repeated pair (two
        # candidates growing into the same context) is run once.
        where: dict[tuple[str, str], int] = {}
        slot = [where.setdefault((c, s), len(where)) for c, s in zip(claims, spans)]
        unique = list(where)
        out = np.zeros((len(unique), 3), dtype=np.float32)
        for k in range(0, len(unique), self.batch_size):
            chunk = unique[k : k + self.batch_size]
            pairs = chunk if self.claim_first else [(s, c) for c, s in chunk]
            encs = self.tokenizer.encode_batch(pairs)
            runs = self._items.map(self._run_one, encs, cost=lambda e: len(e.ids), spare=self._run_wide)
            out[k : k + len(chunk)] = np.stack(runs)[:, self._cols]
        return out[slot]

    def predict(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        if not claims:
            return np.zeros((0, 3))
        return softmax(self.logits(claims, spans), self.temperature)

    def info(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "threshold": self.threshold,
                "backend": "onnx", "path": str(self.path), "runtime": runtime_id(),
                "quantization": str(self.meta.get("quantization", "fp32"))}
