"""Does a faster setting give the same verdicts? (issue 56)

    python benchmarks/agreement.py [--rows 40] [--wice-rows 100] \
        --variant "lean=link.dense_all_max=0,link.shortlist=8" [--variant ...]

Runs the default and each variant on the same development answers, one after another
for every answer (so that timings share the hour): HaluEval dev qa / dialogue /
summarization (``--rows`` rows per task, the right and the hallucinated answer), WiCE dev
claims against their cited page, and ``benchmarks/verify_speed.py``'s 5-claim answers. The
embedder's cache is cleared before every call. For each variant: the share of claim
verdicts identical to the default's (issue 56 asks for at least 99.5%), the balanced
accuracy of ``is_grounded`` per slice beside the default's (no slice lower by more than
0.3), and the median milliseconds an answer. Development data only: it chooses settings.
Writes ``benchmarks/results/agreement.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from verify_speed import make_cases, wait_for_helpers

from pipeline import _halueval_cases, _wice_cases, _wice_rows
from toulmin.cli.verify_cmd import parse_sets
from toulmin.config import load_config
from toulmin.metrics import balanced_accuracy
from toulmin.verify import get_verifier


def cases(rows: int, wice_rows: int, speed: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for task in ("qa", "dialogue", "summarization"):
        out += [{**c, "slice": task} for c in _halueval_cases(task, rows, "dev")]
    out += [{**c, "slice": "wice"} for c in _wice_cases(_wice_rows()[:wice_rows])]
    out += [{**c, "slice": "speed", "q": None, "label": None} for c in make_cases(speed)]
    return out


def _clear(verifier: Any) -> None:
    cache = getattr(verifier.linker.embedder, "_cache", None)
    if cache is not None:
        cache.clear()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=40, help="HaluEval dev rows per task (2 answers each)")
    ap.add_argument("--wice-rows", type=int, default=100)
    ap.add_argument("--speed-cases", type=int, default=10)
    ap.add_argument("--variant", action="append", default=[], help="NAME=key=value,key=value")
    a = ap.parse_args()
    variants: dict[str, dict[str, Any]] = {"default": {}}
    for v in a.variant:
        name, _, sets = v.partition("=")
        variants[name] = parse_sets(tuple(s for s in sets.split(",") if s)) or {}
    verifiers = {name: get_verifier(load_config(overrides=ov or None)) for name, ov in variants.items()}
    for v in verifiers.values():
        wait_for_helpers(v)
    todo = cases(a.rows, a.wice_rows, a.speed_cases)
    got: dict[str, dict[str, Any]] = {name: {} for name in variants}
    for n, c in enumerate(todo):
        for name, v in verifiers.items():
            _clear(v)
            t = time.perf_counter()
            rep = v.verify(c["answer"], c["sources"], c["q"])
            ms = (time.perf_counter() - t) * 1000
            got[name][c["id"]] = {"verdicts": [d.verdict.value for d in rep.details],
                                  "grounded": int(rep.is_grounded), "ms": ms}
        if n % 50 == 0:
            print(f"{n} of {len(todo)}", flush=True)
    base = got["default"]
    slices = sorted({c["slice"] for c in todo if c["label"] is not None})
    result: dict[str, Any] = {"command": "python benchmarks/agreement.py " + " ".join(
        [f"--rows {a.rows}", f"--wice-rows {a.wice_rows}", f"--speed-cases {a.speed_cases}"]
        + [f'--variant "{v}"' for v in a.variant]), "answers": len(todo), "variants": {}}
    print("\n| setting | claims same | changed | " + " | ".join(f"{s} BA" for s in slices)
          + " | ms an answer, median (speed cases) |")
    print("|---|---|---|" + "---|" * len(slices) + "---|")
    for name in variants:
        same = total = 0
        changes: list[dict[str, Any]] = []
        for c in todo:
            b, o = base[c["id"]]["verdicts"], got[name][c["id"]]["verdicts"]
            total += len(b)
            if len(b) != len(o):
                changes.append({"id": c["id"], "default": b, "variant": o})
                continue
            same += sum(x == y for x, y in zip(b, o))
            if b != o:
                changes.append({"id": c["id"], "default": b, "variant": o})
        ba = {}
        for s in slices:
            cs = [c for c in todo if c["slice"] == s]
            ba[s] = round(100 * balanced_accuracy([c["label"] for c in cs], [got[name][c["id"]]["grounded"]
                                                                            for c in cs]), 2)
        ms_all = statistics.median(got[name][c["id"]]["ms"] for c in todo)
        ms_speed = statistics.median(got[name][c["id"]]["ms"] for c in todo if c["slice"] == "speed")
        result["variants"][name] = {"sets": variants[name], "claims": total, "same": same,
                                    "agreement": round(100 * same / max(1, total), 2), "ba": ba,
                                    "median_ms": round(ms_all, 1), "speed_median_ms": round(ms_speed, 1),
                                    "changes": changes}
        print(f"| {name} | {100 * same / max(1, total):.2f}% of {total} | {len(changes)} answers | "
              + " | ".join(f"{ba[s]:.2f}" for s in slices) + f" | {ms_speed:.0f} (all: {ms_all:.0f}) |")
    Path("benchmarks/results/agreement.json").write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
