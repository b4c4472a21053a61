"""Where one checker pair's time goes, by onnxruntime operator (issue 56's profile).

    python benchmarks/checker_profile.py [--model default|fast|DIR] [--tokens 220] [--runs 30]

One pair of exactly ``--tokens`` tokens on one thread, run as the checker runs it (the
shipped session options), with onnxruntime's profiler on: prints a Markdown table of the
mean milliseconds per run for each operator type, its share and how many nodes it has.
The first ``--warmup`` runs are not counted. Needs the checker's graph with readable node
names (the shipped ones) to tell the fp32 feed-forward output projections apart.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import Counter
from pathlib import Path

import numpy as np

from toulmin._parallel import DISABLED_OPTIMIZERS
from toulmin.checker.onnx import OnnxChecker


def main() -> None:
    import onnxruntime as ort

    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="default")
    ap.add_argument("--tokens", type=int, default=220)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=5)
    a = ap.parse_args()
    checker = OnnxChecker(a.model)
    rng = np.random.default_rng(0)
    feed = {"input_ids": rng.integers(1000, 20000, (1, a.tokens)).astype(np.int64),
            "token_type_ids": np.zeros((1, a.tokens), np.int64),
            "attention_mask": np.ones((1, a.tokens), np.int64)}
    with tempfile.TemporaryDirectory() as tmp:
        so_prof = ort.SessionOptions()
        so_prof.intra_op_num_threads = 1
        so_prof.inter_op_num_threads = 1
        so_prof.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        so_prof.enable_profiling = True
        so_prof.profile_file_prefix = str(Path(tmp) / "checker")
        prof = ort.InferenceSession(checker._source, so_prof, providers=["CPUExecutionProvider"],
                                    disabled_optimizers=DISABLED_OPTIMIZERS)
        inputs = {i.name for i in prof.get_inputs()}
        feed = {k: v for k, v in feed.items() if k in inputs}
        for _ in range(a.warmup + a.runs):
            prof.run(None, feed)
        events = json.loads(Path(prof.end_profiling()).read_text())
    # the profiler records every run: keep the last ``runs`` of each node
    per_node: dict[str, list[tuple[str, int]]] = {}
    for e in events:
        if e.get("cat") == "Node" and e["name"].endswith("_kernel_time"):
            per_node.setdefault(e["name"], []).append((e["args"]["op_name"], int(e["dur"])))
    time_us: Counter[str] = Counter()
    nodes: Counter[str] = Counter()
    for name, runs in per_node.items():
        op = runs[0][0]
        if op == "MatMul" and "/output/dense/" in name and "/attention/" not in name:
            op = "MatMul (feed-forward output, fp32)"  # the default keeps these in fp32
        nodes[op] += 1
        time_us[op] += sum(d for _, d in runs[-a.runs:])
    total = sum(time_us.values())
    print(f"{checker.name}@{checker.version}, {a.tokens} tokens, one thread, mean of {a.runs} runs: "
          f"{total / a.runs / 1000:.2f} ms in operators\n")
    print("| operator | ms a pair | share | nodes |")
    print("|---|---|---|---|")
    for op, us in time_us.most_common():
        if us / total < 0.005:
            continue
        print(f"| {op} | {us / a.runs / 1000:.2f} | {100 * us / total:.1f}% | {nodes[op]} |")


if __name__ == "__main__":
    main()
