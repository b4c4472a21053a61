"""int8 (dynamic) against fp32: accuracy on development slices and batch dependence.

    python benchmarks/quantization.py FP32_FOLDER --int8 INT8_MODEL.onnx [--rows 150]

Both use FP32_FOLDER's checker.json (temperature, threshold). Batch dependence: the
largest change of any probability when the same 64 VitaminC dev pairs are scored
with batch size 1 instead of 32 (dynamic quantisation picks activation scales per
batch, so a pair's score can depend on its neighbours).
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

from toulmin.checker.onnx import OnnxChecker
from toulmin.datasets import load_slice
from toulmin.evaluate import evaluate_pairs

DEV = ["halueval-qa-dev", "halueval-dialogue-dev", "halueval-summarization-dev", "vitaminc-dev"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", type=Path)
    ap.add_argument("--int8", type=Path, required=True)
    ap.add_argument("--rows", type=int, default=150)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        q = Path(tmp)
        for f in ("tokenizer.json", "checker.json"):
            shutil.copy2(a.folder / f, q / f)
        shutil.copy2(a.int8, q / "model.onnx")
        paths = {"int8": q, "fp32": a.folder}
        print(f"| slice ({a.rows} rows) | int8 BA | fp32 BA | int8 s | fp32 s |")
        print("|---|---|---|---|---|")
        for name in DEV:
            data = load_slice(name)[: 2 * a.rows]
            cells, secs = [], []
            for p in paths.values():
                m = OnnxChecker(p)
                t = time.perf_counter()
                cells.append(evaluate_pairs(m, data)["balanced_accuracy"])
                secs.append(time.perf_counter() - t)
            print(f"| {name} | {cells[0]:.1f} | {cells[1]:.1f} | {secs[0]:.0f} | {secs[1]:.0f} |", flush=True)
        ps = load_slice("vitaminc-dev")[:64]
        c, s = [p.claim for p in ps], [p.doc for p in ps]
        for label, p in paths.items():
            one = OnnxChecker(p, batch_size=1).predict(c, s)
            d = np.abs(one - OnnxChecker(p, batch_size=32).predict(c, s))
            print(f"batch dependence {label}: max {d.max():.4f}, mean {d.mean():.5f}")


if __name__ == "__main__":
    main()
