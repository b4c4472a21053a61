"""Aggregation choices for long sources, scored on development slices only.

    python benchmarks/aggregation.py [--model DIR] [--rows 150]

Window size (words), sentence overlap, whether a multi-sentence claim is split
into sentences (min over sentences) or scored whole, and the top-8 window filter. Balanced accuracy at the
best threshold per setting (so settings are compared fairly) and at the shipped one.
"""

from __future__ import annotations

import argparse

from toulmin.checker import load_checker
from toulmin.classify import WindowConfig
from toulmin.datasets import load_slice
from toulmin.evaluate import evaluate_pairs
from toulmin.metrics import balanced_accuracy, best_threshold

DEV = ["halueval-summarization-dev", "halueval-dialogue-dev", "halueval-qa-dev"]
SETTINGS = [
    ("25 words, overlap 0", WindowConfig(window_words=25, overlap_sentences=0)),
    ("60 words, overlap 1", WindowConfig(window_words=60, overlap_sentences=1)),
    ("100 words, overlap 0", WindowConfig(window_words=100, overlap_sentences=0)),
    ("100 words, overlap 1 (default)", WindowConfig(window_words=100, overlap_sentences=1)),
    ("170 words, overlap 1", WindowConfig(window_words=170, overlap_sentences=1)),
    ("100 words, claim split: min over sentences", WindowConfig(split_claim=True)),
    ("100 words, all windows (no top-8 filter)", WindowConfig(top_windows=None)),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default=None)
    ap.add_argument("--rows", type=int, default=150, help="rows per dev slice (2 pairs each)")
    a = ap.parse_args()
    checker = load_checker(None, a.model)
    data = {n: load_slice(n)[: 2 * a.rows] for n in DEV}
    print(f"model {checker.name} {checker.version}; {a.rows} rows per slice; "
          "cells: balanced acc at shipped threshold / at best threshold")
    print("| setting | " + " | ".join(DEV) + " | mean (shipped thr) | seconds |")
    print("|---|" + "---|" * (len(DEV) + 2))
    for label, cfg in SETTINGS:
        cells, shipped, secs = [], [], 0.0
        for name in DEV:
            r = evaluate_pairs(checker, data[name], cfg)
            secs += r["seconds"]
            g, p = r["_gold"], r["_probs"]
            bt = best_threshold(g, p)
            best = 100 * balanced_accuracy(g, [x >= bt for x in p])
            cells.append(f"{r['balanced_accuracy']:.1f} / {best:.1f}")
            shipped.append(r["balanced_accuracy"])
        print(f"| {label} | " + " | ".join(cells) + f" | {sum(shipped) / len(shipped):.1f} | {secs:.0f} |",
              flush=True)


if __name__ == "__main__":
    main()
