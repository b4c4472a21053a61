"""The margin SUPPORTED needs: how far entailment must beat contradiction (issue 54).

    python benchmarks/margin.py [--model default,fast] [--out benchmarks/results/margin.json]

A pair the checker reads as nearly as contradicted as entailed ("Revenue fell 12%"
against "up 12% from 2022": entailment 0.60, contradiction 0.39) is about the same thing
with its polarity in doubt, which is no support. For each checker, on the development
slices only (``checker.json``'s ``dev_slices``: HaluEval dev, VitaminC dev), every pair is
scored once (checks off: the model's own reading); then for each margin m a pair counts
as supported when P(entailment) >= the checker's threshold and P(entailment) -
P(contradiction) >= m. The margin chosen is the largest for which the development mean
balanced accuracy stays within 0.1 of the threshold's alone (no margin) and no slice drops by more
than 0.5 (the release gate's rule, docs/gpu-kit.md): written to
``benchmarks/results/margin.json``; ``--write`` puts it into each checker's
``checker.json`` (``support_margin``), which ``decide.support_margin`` reads by default.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from toulmin.checker import load_checker
from toulmin.classify import WindowConfig
from toulmin.datasets import load_slice
from toulmin.evaluate import score_labelled
from toulmin.metrics import balanced_accuracy

GRID: list[float | None] = [None, *(round(0.05 * k, 2) for k in range(0, 13))]  # none, 0.00 .. 0.60
MODELS = Path(__file__).resolve().parents[1] / "src" / "toulmin" / "models"


def fit(name: str) -> dict[str, Any]:
    checker = load_checker(None, name)
    meta = json.loads((MODELS / ("checker" if name == "default" else f"checker-{name}") / "checker.json")
                      .read_text())
    thr = checker.threshold
    scored: dict[str, list[tuple[bool, float, float]]] = {}
    for sl in meta["dev_slices"]:
        pairs = load_slice(sl)
        rows = []
        for p, s in zip(pairs, score_labelled(checker, pairs, WindowConfig(checks=False))):
            if s.error is not None or s.probs is None:
                raise SystemExit(f"{sl} {p.id}: {s.error}")
            rows.append((bool(p.supported), s.probs["entailment"], s.probs["contradiction"]))
        scored[sl] = rows
    table: list[dict[str, Any]] = []
    for m in GRID:
        low = -1.0 if m is None else m  # None: no margin (the threshold alone, as before)
        per = {sl: round(100 * balanced_accuracy([g for g, _, _ in rows],
                                                 [e >= thr and e - c >= low for _, e, c in rows]), 2)
               for sl, rows in scored.items()}
        torn = sum(e >= thr and e - c < low for rows in scored.values() for _, e, c in rows)
        table.append({"margin": m, "per_slice": per, "mean": round(sum(per.values()) / len(per), 2),
                      "torn_pairs": torn})
    base = table[0]
    ok = [r for r in table if r["mean"] >= base["mean"] - 0.1
          and all(r["per_slice"][sl] >= base["per_slice"][sl] - 0.5 for sl in scored)]
    chosen = max(ok, key=lambda r: -1.0 if r["margin"] is None else r["margin"])
    return {"checker": f"{checker.name} {checker.version}", "threshold": thr,
            "pairs": {sl: len(rows) for sl, rows in scored.items()}, "table": table,
            "support_margin": chosen["margin"] or 0.0}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="default,fast")
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/margin.json"))
    ap.add_argument("--write", action="store_true", help="write support_margin into each checker.json")
    a = ap.parse_args()
    results = {}
    for name in a.model.split(","):
        r = fit(name)
        results[name] = r
        print(f"\n{name}: {r['checker']}, threshold {r['threshold']}, pairs {r['pairs']}")
        print("| margin | " + " | ".join(r["pairs"]) + " | mean | supported pairs now torn |")
        print("|---|" + "---|" * (len(r["pairs"]) + 2))
        for row in r["table"]:
            shown = "none" if row["margin"] is None else f"{row['margin']:.2f}"
            print(f"| {shown} | " + " | ".join(f"{v:.2f}" for v in row["per_slice"].values())
                  + f" | {row['mean']:.2f} | {row['torn_pairs']} |")
        print(f"chosen: {r['support_margin']}")
        if a.write:
            path = MODELS / ("checker" if name == "default" else f"checker-{name}") / "checker.json"
            meta = json.loads(path.read_text())
            meta["support_margin"] = r["support_margin"]
            path.write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
