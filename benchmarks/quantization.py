"""fp32 against the int8 variants of one checker: development accuracy, speed, batch dependence.

    python benchmarks/quantization.py RUN_DIR [--rows 150] [--variants fp32 int8 ...]

RUN_DIR holds best/ (a HF checkpoint, e.g. from `scripts/release_model.py
--from-checker`). Each variant is exported from it with `toulmin.training.export`
and scored with the shipped checker.json (temperature, threshold), so only the
arithmetic differs: fp32, "int8" (every linear layer), "int8-ffn-fp32" (the
feed-forward output projections kept fp32) and "int8-smooth" (every linear layer,
per-channel weights, feed-forward output projections smoothed first; scales from
training pairs, `toulmin.training.smooth`). Development slices only: balanced
accuracy on HaluEval qa/dialogue/summarization (--rows rows each) and VitaminC
dev (all 1,000 pairs, plus 3-way accuracy), pairs/s at 128 tokens, and batch
dependence (largest change of any probability when 64 VitaminC dev pairs are
scored one call each instead of in one call).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from toulmin.checker.base import LABELS
from toulmin.checker.onnx import OnnxChecker, shipped_model_dir
from toulmin.datasets import load_slice
from toulmin.evaluate import evaluate_pairs
from toulmin.training.export import export_onnx, quantize_as
from toulmin.training.package import QUANTIZATIONS

sys.path.insert(0, str(Path(__file__).parent))
from speed import throughput

HALU = ["halueval-qa-dev", "halueval-dialogue-dev", "halueval-summarization-dev"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("run_dir", type=Path)
    ap.add_argument("--rows", type=int, default=150)
    ap.add_argument("--variants", nargs="+", choices=list(QUANTIZATIONS), default=list(QUANTIZATIONS))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        fp32 = export_onnx(a.run_dir / "best", root / "export")
        variants = {}
        for name in a.variants:
            d = root / name
            d.mkdir()
            shutil.copy2(shipped_model_dir() / "checker.json", d / "checker.json")
            shutil.copy2(root / "export" / "tokenizer.json", d / "tokenizer.json")
            quantize_as(fp32, d / "model.onnx", name, d / "tokenizer.json")
            variants[name] = d
        vc = load_slice("vitaminc-dev")
        gold3 = np.array([LABELS.index(p.label) for p in vc])
        cols = [*HALU, "vitaminc-dev", "vitaminc-dev 3-way", "pairs/s @128", "batch dep.", "eval s"]
        print("| variant | " + " | ".join(cols) + " |")
        print("|---" * (len(cols) + 1) + "|")
        for name, d in variants.items():
            ck = OnnxChecker(d)
            t = time.perf_counter()
            cells = [evaluate_pairs(ck, load_slice(s)[: 2 * a.rows])["balanced_accuracy"] for s in HALU]
            cells.append(evaluate_pairs(ck, vc)["balanced_accuracy"])
            secs = time.perf_counter() - t
            lg = ck.logits([p.claim for p in vc], [p.doc for p in vc])
            acc3 = 100 * float((lg.argmax(1) == gold3).mean())
            rate = throughput(d, 128, 256, 3, 32)
            c, s = [p.claim for p in vc[:64]], [p.doc for p in vc[:64]]
            together = ck.predict(c, s)
            alone = np.concatenate([ck.predict(c[i : i + 1], s[i : i + 1]) for i in range(len(c))])
            dep = float(np.abs(together - alone).max())
            row = [f"{x:.1f}" for x in cells] + [f"{acc3:.1f}", f"{rate:.0f}", f"{dep:.4f}", f"{secs:.0f}"]
            print(f"| {name} | " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
