"""Checkers on the hard-negative development slices (``toulmin.training.hard``).

    python benchmarks/hard_negatives.py [--model default,fast,DIR ...] [--per-class 300]
        [--out benchmarks/results/hard-negatives.json]

One slice per class (negation, direction, quantity, hedged, instruction), made from
VitaminC development pairs only: each edited pair beside the unedited pair it came from.
Balanced accuracy (supported vs not) at each checker's shipped threshold, as
``benchmarks/accuracy.py`` scores a slice, and the recall of each kind of made pair.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from toulmin.checker import load_checker
from toulmin.classify import WindowConfig
from toulmin.evaluate import evaluate_pairs
from toulmin.training.hard import dev_slices


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="default,fast", help="comma-separated: default, fast or a folder")
    ap.add_argument("--per-class", type=int, default=300)
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/hard-negatives.json"))
    a = ap.parse_args()
    slices = dev_slices(a.per_class)
    results: dict[str, dict[str, object]] = {}
    for spec in a.model.split(","):
        checker = load_checker(None, None if spec == "default" else spec)
        key = f"{checker.name} {checker.version}"
        rows: dict[str, object] = {}
        for name, pairs in slices.items():
            r = evaluate_pairs(checker, pairs, WindowConfig())
            kinds: dict[str, list[bool]] = defaultdict(list)
            for p, d in zip(pairs, r["_decided"], strict=True):
                kinds[p.source.split("_", 2)[2]].append(d == p.supported)
            rows[name] = {"rows": len(pairs), "balanced_accuracy": r["balanced_accuracy"],
                          "recall_by_kind": {k: round(100 * sum(v) / len(v), 1)
                                             for k, v in sorted(kinds.items())}}
            print(key, name, json.dumps(rows[name]), flush=True)
        ba = [float(v["balanced_accuracy"]) for v in rows.values()]  # type: ignore[index]
        rows["mean"] = round(sum(ba) / len(ba), 2)
        results[key] = rows
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps({"per_class": a.per_class, "results": results}, indent=2) + "\n")
    names = list(slices)
    print("\n| checker | " + " | ".join(names) + " | mean |")
    print("|---|" + "---|" * (len(names) + 1))
    for key, rows in results.items():
        print(f"| {key} | " + " | ".join(f"{rows[n]['balanced_accuracy']:.1f}" for n in names)  # type: ignore[index]
              + f" | {rows['mean']:.1f} |")


if __name__ == "__main__":
    main()
