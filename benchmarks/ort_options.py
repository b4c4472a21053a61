"""What the checker's load-time choices cost or save: the attention-mask pass
(checker/graph.py) and onnxruntime's SkipLayerNormalization fusion (_parallel.py).

    python benchmarks/ort_options.py [--model fast] [--rounds 15] [--runs 20]

One thread, one pair per run, exactly N tokens, as the checker runs pairs. The
variants are timed interleaved (round-robin, ``--rounds`` rounds of ``--runs``
runs each), so the machine's drift hits all of them alike; prints the median
ms per pair and each variant's speed relative to the first, and how far each
variant's logits are from the shipped configuration's.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np
import onnx

from toulmin._parallel import DISABLED_OPTIMIZERS, cpu_session
from toulmin.checker.graph import drop_attention_mask
from toulmin.checker.onnx import OnnxChecker

VARIANTS = [  # (label, drop the mask, disabled optimizers)
    ("graph as exported, all fusions", False, []),
    ("mask dropped, all fusions", True, []),
    ("graph as exported, no SkipLayerNorm fusion", False, DISABLED_OPTIMIZERS),
    ("mask dropped, no SkipLayerNorm fusion (shipped)", True, DISABLED_OPTIMIZERS),
]


def session(path: str, drop: bool, disabled: list[str]) -> Any:
    model = onnx.load(path)
    if drop:
        assert drop_attention_mask(model), "this graph's mask cannot be dropped"
    return cpu_session(model.SerializeToString(), threads=1, disabled=disabled)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="default", help="a bundled name or a checker folder")
    ap.add_argument("--tokens", default="128,256")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--runs", type=int, default=20)
    a = ap.parse_args()
    checker = OnnxChecker(a.model)
    path = str(checker.path / "model.onnx")
    # Shipped files are stripped at export now: their "as exported" graph is the one
    # before the pass (e.g. `git show 5dfc81d:src/toulmin/models/checker-fast/model.onnx`).
    has_mask = any(i.name == "attention_mask" for i in onnx.load(path, load_external_data=False).graph.input)
    variants = VARIANTS if has_mask else [v for v in VARIANTS if v[1]]
    if not has_mask:
        print("this graph has no attention mask any more: timing the fusion variants only")
    sessions = [session(path, drop and has_mask, dis) for _, drop, dis in variants]
    rng = np.random.default_rng(0)
    print(f"model {checker.name} {checker.version} ({path})\n")
    print("| variant | tokens | ms per pair (median) | speed vs first | max abs logit diff vs shipped |")
    print("|---|---|---|---|---|")
    for tokens in [int(t) for t in a.tokens.split(",")]:
        ids = rng.integers(1000, 20000, (1, tokens)).astype(np.int64)
        ids[0, 0], ids[0, -1] = 101, 102
        full = {"input_ids": ids, "attention_mask": np.ones_like(ids),
                "token_type_ids": np.zeros_like(ids)}
        feeds = [{i.name: full[i.name] for i in s.get_inputs()} for s in sessions]
        outs = [s.run(None, f)[0] for s, f in zip(sessions, feeds)]
        times: list[list[float]] = [[] for _ in sessions]
        for _ in range(a.rounds):
            for k, (s, f) in enumerate(zip(sessions, feeds)):
                t = time.perf_counter()
                for _ in range(a.runs):
                    s.run(None, f)
                times[k].append(1000 * (time.perf_counter() - t) / a.runs)
        med = [statistics.median(t) for t in times]
        for (label, _, _), m, out in zip(variants, med, outs):
            diff = float(np.abs(out - outs[-1]).max())
            print(f"| {label} | {tokens} | {m:.2f} | {med[0] / m:.3f}x | {diff:.2g} |")


if __name__ == "__main__":
    main()
