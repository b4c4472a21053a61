"""How often each deterministic check fires on right and on wrong claims.

    python benchmarks/checks.py [--model fast] [--slices a,b] [--out results.json]

A check's finding overrules the model (``decide.checks``): a number, a bounded date,
a flipped polarity or a swapped antonym that the document states otherwise makes the
pair "not supported" and a contradiction. What a user needs to know of such a finding
is how often it is a false alarm. For each slice and kind of finding: the pairs it
fires on whose gold label is supported (false alarms) and not supported, its
precision, and where it overrules the model's "supported": how many wrong pairs it
fixes and how many right ones it breaks. Writes a JSON file and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from toulmin.checker import load_checker
from toulmin.classify import WindowConfig
from toulmin.datasets import SLICES, load_slice
from toulmin.evaluate import score_labelled

DEFAULT = ["vitaminc-dev", "halueval-qa-dev", "halueval-dialogue-dev", "halueval-summarization-dev",
           "wice-dev", "vitaminc-test", "halueval-qa-test", "halueval-dialogue-test",
           "halueval-summarization-test", "anli-test"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default=None)
    ap.add_argument("--slices", default=",".join(DEFAULT))
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/checks.json"))
    a = ap.parse_args()
    checker = load_checker(None, a.model)
    results: dict[str, dict[str, dict[str, int]]] = {}
    for name in a.slices.split(","):
        assert name in SLICES, name
        pairs = load_slice(name)
        on_right: Counter[str] = Counter()
        on_wrong: Counter[str] = Counter()
        caught: Counter[str] = Counter()
        broke: Counter[str] = Counter()
        for p, s in zip(pairs, score_labelled(checker, pairs, WindowConfig(checks=True))):
            if s.error is not None:
                raise SystemExit(f"{name} {p.id}: {s.error}")
            model_says = (s.prob_supported or 0.0) >= checker.threshold
            for kind in sorted({str(f["kind"]) for f in s.findings}):
                (on_right if p.supported else on_wrong)[kind] += 1
                if model_says:  # the finding overruled the model's "supported"
                    (broke if p.supported else caught)[kind] += 1
        kinds = sorted(set(on_right) | set(on_wrong))
        results[name] = {kind: {"pairs": len(pairs), "on_supported": on_right[kind],
                                "on_not_supported": on_wrong[kind], "caught_from_model": caught[kind],
                                "broke_model": broke[kind]}
                         for kind in kinds}
        print(name, json.dumps(results[name]), flush=True)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps({"model": f"{checker.name} {checker.version}", "results": results},
                                indent=2) + "\n")
    print(f"\nmodel {checker.name} {checker.version}\n")
    print("| slice | finding | fires on supported (false alarm) | on not supported | precision "
          "| model's wrong 'supported' fixed | model's right 'supported' broken |")
    print("|---|---|---|---|---|---|---|")
    for name, by_kind in results.items():
        if not by_kind:
            print(f"| {name} | (none fired) | 0 | 0 | - | 0 | 0 |")
        for kind, r in by_kind.items():
            fired = r["on_supported"] + r["on_not_supported"]
            print(f"| {name} | {kind} | {r['on_supported']} | {r['on_not_supported']} | "
                  f"{100 * r['on_not_supported'] / fired:.1f}% | {r['caught_from_model']} | "
                  f"{r['broke_model']} |")


if __name__ == "__main__":
    main()
