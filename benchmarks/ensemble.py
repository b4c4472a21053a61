"""Both shipped checkers averaged: does the mean of their P(supported) beat either?

    python benchmarks/ensemble.py [--out benchmarks/results/ensemble.json]

Scores every development and held-out slice with each checker (checks on, as
``accuracy.py --checks``), then for a weight w reads w * default + (1 - w) * fast at a
threshold fitted on the four development slices only (mean balanced accuracy; a
finding of either checker's checks makes the pair not supported). Prints one row per
weight: the development mean and each slice's balanced accuracy. w = 1 and w = 0 are the
two checkers at their shipped thresholds.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from toulmin.checker import WindowConfig, load_checker
from toulmin.datasets import load_slice
from toulmin.evaluate import score_labelled
from toulmin.metrics import balanced_accuracy

DEV = ["vitaminc-dev", "halueval-qa-dev", "halueval-dialogue-dev", "halueval-summarization-dev"]
TEST = ["wice-dev", "halueval-qa-test", "halueval-dialogue-test", "halueval-summarization-test",
        "vitaminc-test", "anli-test"]


def _scores(model: str | None) -> tuple[float, dict[str, list[tuple[bool, float, bool]]]]:
    checker = load_checker(None, model)
    out: dict[str, list[tuple[bool, float, bool]]] = {}
    for name in DEV + TEST:
        pairs = load_slice(name)
        rows: list[tuple[bool, float, bool]] = []
        for p, s in zip(pairs, score_labelled(checker, pairs, WindowConfig(checks=True))):
            if s.error is not None:
                raise SystemExit(f"{name} {p.id}: {s.error}")
            rows.append((p.supported, float(s.prob_supported or 0.0), bool(s.findings)))
        out[name] = rows
        print(model or "default", name, len(rows), flush=True)
    return checker.threshold, out


def _ba(a: list[tuple[bool, float, bool]], b: list[tuple[bool, float, bool]], w: float, thr: float) -> float:
    gold = [x[0] for x in a]
    decided = [w * x[1] + (1 - w) * y[1] >= thr and not (x[2] or y[2]) for x, y in zip(a, b)]
    return 100 * balanced_accuracy(gold, decided)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/ensemble.json"))
    a = ap.parse_args()
    thr_default, default = _scores(None)
    thr_fast, fast = _scores("fast")
    rows: list[dict[str, Any]] = []
    for w in (1.0, 0.0, 0.5, 0.6, 0.7):
        if w in (0.0, 1.0):
            thr = thr_default if w == 1.0 else thr_fast
        else:
            grid = [t / 100 for t in range(20, 70)]
            thr = max(grid, key=lambda t: (sum(_ba(default[s], fast[s], w, t) for s in DEV), t))
        ba = {s: round(_ba(default[s], fast[s], w, thr), 2) for s in DEV + TEST}
        rows.append({"weight_default": w, "threshold": thr,
                     "dev_mean": round(sum(ba[s] for s in DEV) / len(DEV), 2), "ba": ba})
    a.out.write_text(json.dumps(rows, indent=2) + "\n")
    print("\n| w (default) | threshold | dev mean | " + " | ".join(TEST) + " |")
    print("|---|---|---|" + "---|" * len(TEST))
    for r in rows:
        print(f"| {r['weight_default']} | {r['threshold']} | {r['dev_mean']} | "
              + " | ".join(f"{r['ba'][s]:.1f}" for s in TEST) + " |")


if __name__ == "__main__":
    main()
