"""A dense embedder for linking with one stored vector per WordPiece (``link.embedder: static``).

Each row is what all-MiniLM-L6-v2 outputs for that piece alone (the recipe is
``toulmin.training.static_embed``); a text's vector is the normalised mean of
its pieces' rows. On WiCE dev it links as well as running the six MiniLM
layers on every span at the default k (recall@3 57.1 for both) at a small
fraction of the cost, which is where most of a hybrid verify's time went (docs/benchmarks.md,
"Static embedder for linking"; not the default: WiCE end to end fell 3 points).
The table ships inside the package; nothing is downloaded, and a vector
depends on its own text only.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import ModelError

__all__ = ["StaticEmbedder", "static_dir"]


def static_dir() -> Path:
    return Path(str(resources.files("toulmin") / "models" / "embedder-static"))


class StaticEmbedder:
    int8 = True  # the rows are stored as int8 (per-row scales)
    # The cosine a span needs to pass the linker's floor on meaning alone. Its cosines
    # run high (unrelated texts sit near 0.55), so this is the value that admits as
    # many mismatched HaluEval dev qa pairs (4.7%) as link.floor 0.25 does for MiniLM
    # (docs/benchmarks.md, "Static embedder for linking").
    cos_floor = 0.71

    def __init__(self, path: str | Path | None = None, *, max_length: int = 512):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.path = Path(path) if path is not None else static_dir()
        files = [self.path / f for f in ("rows.safetensors", "tokenizer.json", "embedder.json")]
        missing = [f.name for f in files if not f.is_file()]
        if missing:
            raise ModelError(
                "E_MODEL_MISSING",
                f"static embedder folder {self.path} lacks {', '.join(missing)}",
                fix="reinstall toulmin, or rebuild the folder with "
                "python -m toulmin.training.static_embed --out DIR",
            )
        meta = json.loads(files[2].read_text(encoding="utf-8"))
        self.name = str(meta.get("name", "minilm-static"))
        self.version = f"{meta.get('source', '?')}+rows.{str(meta.get('rows_sha256', '?'))[:12]}"
        t = load_file(str(files[0]))
        # Dequantised once: 30k x 384 fp32 is 47 MB, and the lookup stays a plain gather.
        self.rows = t["rows"].astype(np.float32) * t["scale"]
        self.hidden = int(self.rows.shape[1])
        self.tokenizer = Tokenizer.from_file(str(files[1]))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(max_length)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.hidden), dtype=np.float32)
        if not texts:
            return out
        for i, enc in enumerate(self.tokenizer.encode_batch(list(texts), add_special_tokens=False)):
            if not enc.ids:
                continue  # a text with no pieces (empty, whitespace) has no direction: zero vector
            v = self.rows[np.asarray(enc.ids, dtype=np.int64)].mean(0)
            out[i] = v / max(float(np.linalg.norm(v)), 1e-12)
        return out

    def info(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "quantization": "int8 rows"}
