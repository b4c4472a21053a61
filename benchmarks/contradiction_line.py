"""The contradiction line and threshold ``verify`` reads for a checker, fitted end to end.

    python benchmarks/contradiction_line.py [--preset accurate] [--rows 100] [--write]

The verdict rules around the checker (``decide.contradiction_threshold``, 0.6 on a
candidate span, and ``decide.threshold``) were fitted with the default checker's
probabilities. A checker trained on other data reads on-topic passages otherwise: the
accurate checker gives more probability to contradiction on a passage that only does not
back a claim. This script fits both for one checker on development data only (the first
``--rows`` rows of each HaluEval **dev** task, both answers): every answer is verified once
with the checker's scores kept, then once per grid point with the kept scores (nothing is
scored twice), and the point with the best mean balanced accuracy of ``is_grounded`` wins;
ties go to the point nearest today's (0.6 and the checker's own threshold). Judge the
choice on data it was not fitted on (``benchmarks/pipeline.py``'s HaluEval test rows and
WiCE dev).

``--write`` puts both into the ``verify`` block of the checker's ``checker.json`` (the
repository's copy for the accurate and fast checkers; reinstall the accurate package after),
which ``verify`` reads where ``decide.threshold`` / ``decide.contradiction_threshold`` are null.
Writes ``benchmarks/results/contradiction-line-PRESET.json`` and prints a table.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pipeline import _halueval_cases, _wice_cases, _wice_rows
from toulmin.config import CANDIDATE_CONTRADICTION, load_config
from toulmin.metrics import balanced_accuracy
from toulmin.verify import get_verifier

LINES = [0.6, 0.7, 0.8, 0.9, 0.95]
THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9]
TASKS = ("qa", "dialogue", "summarization")
ROOT = Path(__file__).resolve().parents[1]
REPO_FILES = {
    "accurate": ROOT / "packages/checker-accurate/src/toulmin_checker_accurate/model/checker.json",
    "fast": ROOT / "src/toulmin/models/checker-fast/checker.json",
}


class Kept:
    """The checker's probabilities for every (claim, span) pair it has read: a grid point
    reads them back instead of scoring again (the scores depend on the pair alone)."""

    def __init__(self, predict: Any):
        self.predict = predict
        self.seen: dict[tuple[str, str], np.ndarray] = {}

    def __call__(self, claims: Any, spans: Any) -> np.ndarray:
        keys = list(zip(claims, spans))
        todo = [k for k in dict.fromkeys(keys) if k not in self.seen]
        if todo:
            got = self.predict([c for c, _ in todo], [s for _, s in todo])
            self.seen.update(zip(todo, got))
        return np.array([self.seen[k] for k in keys]).reshape(len(keys), 3)


def grounded(verifier: Any, cases: list[dict[str, Any]]) -> list[int]:
    return [int(verifier.verify(c["answer"], c["sources"], c["q"]).is_grounded) for c in cases]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", default="accurate")
    ap.add_argument("--rows", type=int, default=100, help="HaluEval dev rows per task (2 answers each)")
    ap.add_argument("--write", action="store_true", help="write the chosen values into checker.json")
    ap.add_argument("--judge", type=int, default=0, metavar="ROWS",
                    help="after choosing: today's values and the chosen on data the fit did not read "
                    "(the first ROWS rows of each HaluEval test task, both answers, and WiCE dev)")
    a = ap.parse_args()
    base = {"preset": a.preset, "link": {"embed_cache": 200_000}}
    cases = {t: _halueval_cases(t, a.rows, "dev") for t in TASKS}
    first = get_verifier(load_config(overrides=base))
    checker = first.checker
    own = float(checker.threshold)
    kept = Kept(checker.predict)
    checker.predict = kept  # type: ignore[method-assign]  # every verifier below shares this checker
    table = []
    for t in [own, *[x for x in THRESHOLDS if abs(x - own) > 1e-9]]:
        for line in LINES:
            cfg = load_config(overrides={**base, "decide": {"contradiction_threshold": line, "threshold": t}})
            v = get_verifier(cfg)
            per = {}
            for task, cs in cases.items():
                per[task] = round(100 * balanced_accuracy([c["label"] for c in cs], grounded(v, cs)), 2)
            mean = round(sum(per.values()) / len(per), 2)
            table.append({"threshold": t, "line": line, "per_task": per, "mean": mean})
            print(f"threshold {t:.2f} line {line:.2f}: " + " ".join(f"{k} {x:.1f}" for k, x in per.items())
                  + f" mean {mean:.2f} ({len(kept.seen)} pairs kept)", flush=True)
    today = next(r for r in table if r["threshold"] == own and r["line"] == CANDIDATE_CONTRADICTION)
    best = max(table, key=lambda r: (r["mean"], -abs(r["line"] - CANDIDATE_CONTRADICTION),
                                     -abs(r["threshold"] - own)))
    print("\n| threshold | line | " + " | ".join(TASKS) + " | mean |")
    print("|---|---|" + "---|" * (len(TASKS) + 1))
    for r in table:
        mark = "**" if r is best else ""
        print(f"| {r['threshold']:.2f} | {r['line']:.2f} | "
              + " | ".join(f"{r['per_task'][k]:.1f}" for k in TASKS) + f" | {mark}{r['mean']:.2f}{mark} |")
    print(f"\ntoday ({own:.2f}, {CANDIDATE_CONTRADICTION}): {today['mean']:.2f}; "
          f"chosen ({best['threshold']:.2f}, {best['line']:.2f}): {best['mean']:.2f}")
    if a.judge:
        held = {f"halueval-{t}": _halueval_cases(t, a.judge, "test") for t in TASKS}
        held["wice-dev"] = _wice_cases(_wice_rows())
        for r in (today, best):
            v = get_verifier(load_config(overrides={**base, "decide": {
                "contradiction_threshold": r["line"], "threshold": r["threshold"]}}))
            r["held_out"] = {k: round(100 * balanced_accuracy([c["label"] for c in cs], grounded(v, cs)), 2)
                             for k, cs in held.items()}
            print(f"held out, threshold {r['threshold']:.2f} line {r['line']:.2f}: {r['held_out']}",
                  flush=True)
    res = {"command": f"python benchmarks/contradiction_line.py --preset {a.preset} --rows {a.rows}"
           + (f" --judge {a.judge}" if a.judge else ""),
           "checker": first.models.get("checker"), "data": f"HaluEval dev, first {a.rows} rows a task",
           "today": today, "chosen": best, "grid": table}
    out = Path(__file__).resolve().parent / "results" / f"contradiction-line-{a.preset}.json"
    out.write_text(json.dumps(res, indent=1) + "\n")
    if a.write:
        # the repository's copy (an installed package's is rebuilt from it), else the checker's own
        meta_file = REPO_FILES.get(a.preset, Path(checker.path) / "checker.json")  # type: ignore[attr-defined]
        meta = json.loads(meta_file.read_text())
        meta["verify"] = {"threshold": best["threshold"], "contradiction_threshold": best["line"],
                          "fitted_by": res["command"], "data": res["data"],
                          "dev_mean": best["mean"], "dev_mean_before": today["mean"]}
        meta_file.write_text(json.dumps(meta, indent=1) + "\n")
        print(f"written to {meta_file}")


if __name__ == "__main__":
    main()
