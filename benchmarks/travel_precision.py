"""How far the GPU kit's travel formats move the base encoder (docs/gpu-kit.md).

    python benchmarks/travel_precision.py [--base runs/kit/base-hf] [--n 64]

Mean-pooled sentence embeddings of the first N VitaminC development claims, from the
base's own fp32 weights and from the same weights after a round trip through each
format; prints 1 - cosine (mean and max) and the bytes each format takes.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def _quantize(w: Any, group: int | None) -> Any:
    import torch

    rows, cols = w.shape
    g = group if group and cols % group == 0 else cols
    x = w.reshape(rows, cols // g, g)
    scale = x.abs().amax(-1, keepdim=True).clamp(min=1e-12) / 127
    return (torch.round(x / scale) * scale).reshape(rows, cols)


def main() -> None:
    import torch
    from transformers import AutoModel, AutoTokenizer
    from transformers.utils import logging as hf_logging

    from toulmin.datasets import load_slice

    ap = argparse.ArgumentParser()
    ap.add_argument("--base", type=Path, default=Path("runs/kit/base-hf"))
    ap.add_argument("--n", type=int, default=64)
    a = ap.parse_args()
    hf_logging.set_verbosity_error()
    tok = AutoTokenizer.from_pretrained(a.base)
    ref = AutoModel.from_pretrained(a.base).eval()
    state = {k: v.clone() for k, v in ref.state_dict().items()}
    enc = tok([p.claim for p in load_slice("vitaminc-dev")[: a.n]], padding=True, return_tensors="pt")

    def embed(model: Any) -> Any:
        with torch.no_grad():
            h = model(**enc).last_hidden_state
        mask = enc["attention_mask"][..., None]
        return (h * mask).sum(1) / mask.sum(1)

    base = embed(ref)
    params = sum(v.numel() for v in state.values() if v.is_floating_point())
    formats = {"fp16": (lambda w: w.half().float(), 2.0),
               "int8, a scale per row": (lambda w: _quantize(w, None), 1.0),
               "int8, a scale per 64 values (the kit's)": (lambda w: _quantize(w, 64), 1.0 + 4 / 64)}
    print(f"{a.base}: {params / 1e6:.1f}M parameters, {a.n} sentences\n")
    print("| format | MB | 1 - cosine, mean | 1 - cosine, max |")
    print("|---|---|---|---|")
    for name, (fn, bytes_per) in formats.items():
        moved = {k: (fn(v) if v.is_floating_point() and v.dim() == 2 and v.numel() >= 4096 else v)
                 for k, v in state.items()}
        model = AutoModel.from_pretrained(a.base).eval()
        model.load_state_dict(moved)
        d = 1 - torch.nn.functional.cosine_similarity(base, embed(model))
        print(f"| {name} | {params * bytes_per / 1e6:.0f} | {d.mean().item():.1e} | {d.max().item():.1e} |")


if __name__ == "__main__":
    main()
