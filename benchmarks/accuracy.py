"""Accuracy of the checker on the fixed held-out slices.

    python benchmarks/accuracy.py [--model DIR] [--slices a,b] [--checks] [--out results.json]

Balanced accuracy (supported vs not) at the model's shipped threshold, 3-way
accuracy where the slice has three labels, ECE (10 bins), and each class's recall
and mean P(supported), which show the side a threshold errs on. With ``--checks`` the
number, date and negation checks overrule the model (``decide.checks``). Writes a JSON
file and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from toulmin.checker import load_checker
from toulmin.classify import WindowConfig
from toulmin.datasets import SLICES, load_slice
from toulmin.evaluate import evaluate_pairs

TEST_SLICES = ["wice-dev", "halueval-qa-test", "halueval-dialogue-test", "halueval-summarization-test",
               "vitaminc-test", "anli-test"]
TARGETS = {"wice-dev": "BA >= 72", "halueval-qa-test": "BA >= 85", "halueval-dialogue-test": "BA >= 85",
           "halueval-summarization-test": "BA >= 85", "vitaminc-test": "3-way >= 80, ECE <= 0.05",
           "anli-test": "report"}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default=None)
    ap.add_argument("--slices", default=",".join(TEST_SLICES))
    ap.add_argument("--window-words", type=int, default=100)
    ap.add_argument("--checks", action="store_true", help="the deterministic checks overrule the model")
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/accuracy.json"))
    ap.add_argument("--limit", type=int, default=None,
                    help="the first N pairs of each slice only (the GPU kit's rehearsal; not a result)")
    a = ap.parse_args()
    checker = load_checker(None, a.model)
    cfg = WindowConfig(window_words=a.window_words, checks=a.checks)
    results = {}
    for name in a.slices.split(","):
        assert name in SLICES, name
        t = time.perf_counter()
        r = evaluate_pairs(checker, load_slice(name)[: a.limit], cfg)
        r = {k: v for k, v in r.items() if not k.startswith("_")}
        r["errors"] = len(r["errors"])
        r["wall_s"] = round(time.perf_counter() - t, 1)
        results[name] = r
        print(name, json.dumps(r), flush=True)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps({"model": f"{checker.name} {checker.version}",
                                 "threshold": checker.threshold, "window_words": a.window_words,
                                 "checks": a.checks, **({"limit": a.limit} if a.limit else {}),
                                 "results": results}, indent=2) + "\n")
    print(f"\nmodel {checker.name} {checker.version}, threshold {checker.threshold}"
          f"{', checks on' if a.checks else ''}\n")
    print("| slice | rows | balanced acc | 3-way acc | ECE | recall supported / not "
          "| mean P(sup.) supported / not | target | errors |")
    print("|---|---|---|---|---|---|---|---|---|")
    def num(r: dict, key: str, fmt: str) -> str:  # type: ignore[type-arg]
        # a slice cut short by --limit may hold one class only: its other numbers do not exist
        return format(r[key], fmt) if key in r else "-"

    for name, r in results.items():
        print(f"| {name} | {r['rows']} | {r['balanced_accuracy']:.1f} | {r.get('accuracy_3way', '-')} | "
              f"{r['ece']:.3f} | {num(r, 'recall_supported', '.1f')} / "
              f"{num(r, 'recall_not_supported', '.1f')} | "
              f"{num(r, 'mean_prob_supported', '.3f')} / {num(r, 'mean_prob_not_supported', '.3f')} | "
              f"{TARGETS.get(name, '')} | {r['errors']} |")


if __name__ == "__main__":
    main()
