"""Everyday probes: short, hand-written sources and claims of the kinds RAG answers get
wrong (a figure bound to the wrong fact, a rank dropped, a scope widened, a paraphrased
contradiction, an unsupported addition), and right paraphrases beside them.

    python benchmarks/probes.py [--model DIR ...] [--out benchmarks/results/probes.json]

``benchmarks/data/probes.jsonl`` was written by this project (no third-party text), once,
before any model was scored on it; it is an evaluation set, never training data, and
rows are not edited to suit a model. Prints, per checker and with the checks off and on,
balanced accuracy (supported vs not), 3-way accuracy, and per category how many claims
were decided right (supported or not).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from toulmin.checker import load_checker
from toulmin.classify import WindowConfig
from toulmin.evaluate import accuracy, balanced_accuracy, evaluate_pairs, read_labelled_pairs

DATA = Path(__file__).parent / "data" / "probes.jsonl"


def run(model: str | None, rows: list[dict], checks: bool, threshold: float | None = None) -> dict:
    # a `toulmin train` folder (torch weights, no ONNX export yet) reads claim first, as trained
    run_dir = (model is not None and Path(model, "config.json").is_file()
               and not Path(model, "model.onnx").exists())
    checker = (load_checker("hf", model, premise_first=False, max_length=256) if run_dir
               else load_checker(None, model))
    thr = checker.threshold if threshold is None else threshold
    pairs = read_labelled_pairs(DATA)
    # decided as `toulmin eval pairs` decides (a finding overrules the probability); one batch
    res = evaluate_pairs(checker, pairs, WindowConfig(checks=checks), chunk=len(pairs), threshold=thr)
    if res["errors"]:  # every probe is a valid pair: an error here is a bug to report, not a row to skip
        raise SystemExit(f"rows not scored: {res['errors']}")
    gold, decided, pred3, probs = res["_gold"], res["_decided"], res["_pred3"], res["_probs"]
    cats: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r, g, d in zip(rows, gold, decided):
        cats[r["category"]][0] += g == d
        cats[r["category"]][1] += 1
    wrong = [{"id": r["id"], "claim": r["claim"], "label": r["label"], "pred": p3, "prob_supported": pr}
             for r, pr, p3, g, d in zip(rows, probs, pred3, gold, decided) if g != d]
    return {"model": f"{checker.name} {checker.version}", "checks": checks, "threshold": thr,
            "balanced_accuracy": round(100 * balanced_accuracy(gold, decided), 1),
            "accuracy_3way": round(100 * accuracy([r["label"] for r in rows], pred3), 1),
            "categories": {k: f"{v[0]}/{v[1]}" for k, v in sorted(cats.items())},
            "wrong": wrong}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", action="append", default=None,
                    help="checker folder or 'fast'; repeat for several (default: default and fast)")
    ap.add_argument("--threshold", type=float, default=None,
                    help="supported at or above this (default: each checker's shipped threshold)")
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/probes.json"))
    a = ap.parse_args()
    rows = [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines() if x.strip()]
    results = [run(m, rows, checks, a.threshold)
               for m in (a.model or [None, "fast"]) for checks in (False, True)]
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps({"rows": len(rows), "results": results}, indent=2, ensure_ascii=False) + "\n")
    cats = list(results[0]["categories"])
    print(f"{len(rows)} probes\n")
    print("| checker | checks | BA | 3-way | " + " | ".join(cats) + " |")
    print("|---|---|---|---|" + "---|" * len(cats))
    for r in results:
        print(f"| {r['model']} | {'on' if r['checks'] else 'off'} | {r['balanced_accuracy']} | "
              f"{r['accuracy_3way']} | " + " | ".join(r["categories"][c] for c in cats) + " |")


if __name__ == "__main__":
    main()
