"""How many verdicts a hair's change in the checker's probabilities moves.

    python benchmarks/stability.py [--rows 100] [--wice-rows 349] [--eps 0.002,0.005,0.01]

The same checker on another CPU (its int8 kernels), another onnxruntime, or a requantised
model gives probabilities that differ in the third decimal; a verdict that turns on such a
difference is one a user can see change between machines. This runs ``benchmarks/
agreement.py``'s development answers (HaluEval dev, WiCE dev, the speed cases) with the
checker's probabilities as they are, and again with each pair's probabilities moved by a
uniform amount in [-eps, eps] per class (renormalised; the amount fixed by a hash of the
pair, so a rerun is identical), and reports the claims whose verdict changes, and in
which direction. Development data only. Writes ``benchmarks/results/stability.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from agreement import _clear, cases
from verify_speed import wait_for_helpers

from toulmin.config import load_config
from toulmin.verify import get_verifier


class Nudged:
    """``checker`` with every pair's probabilities moved by at most ``eps`` a class."""

    def __init__(self, checker: Any, eps: float):
        self.checker, self.eps = checker, eps

    def __getattr__(self, name: str) -> Any:
        return getattr(self.checker, name)

    def predict(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        probs = np.asarray(self.checker.predict(claims, spans), dtype=np.float64)
        for i, (c, s) in enumerate(zip(claims, spans)):
            seed = int.from_bytes(hashlib.sha1(f"{c}\x00{s}".encode()).digest()[:8], "little")
            step = np.random.default_rng(seed).uniform(-self.eps, self.eps, 3)
            moved = np.clip(probs[i] + step, 1e-6, None)
            probs[i] = moved / moved.sum()
        return probs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=100)
    ap.add_argument("--wice-rows", type=int, default=349)
    ap.add_argument("--speed-cases", type=int, default=10)
    ap.add_argument("--eps", default="0.002,0.005,0.01")
    a = ap.parse_args()
    v = get_verifier(load_config())
    wait_for_helpers(v)
    exact = v.classifier.checker  # type: ignore[attr-defined]
    settings = {"exact": exact, **{e: Nudged(exact, float(e)) for e in a.eps.split(",")}}
    todo = cases(a.rows, a.wice_rows, a.speed_cases)
    got: dict[str, dict[str, list[str]]] = {k: {} for k in settings}
    try:
        for n, c in enumerate(todo):
            for name, checker in settings.items():
                v.classifier.checker = checker  # type: ignore[attr-defined]
                _clear(v)
                rep = v.verify(c["answer"], c["sources"], c["q"])
                got[name][c["id"]] = [d.verdict.value for d in rep.details]
            if n % 100 == 0:
                print(f"{n} of {len(todo)}", flush=True)
    finally:
        v.classifier.checker = exact  # type: ignore[attr-defined]
    out: dict[str, Any] = {"command": f"python benchmarks/stability.py --rows {a.rows} --wice-rows "
                           f"{a.wice_rows} --speed-cases {a.speed_cases} --eps {a.eps}",
                           "answers": len(todo), "settings": {}}
    print("\n| probabilities moved by at most | claims with the same verdict | answers changed | "
          "to SUPPORTED | from SUPPORTED | other |")
    print("|---|---|---|---|---|---|")
    for name in settings:
        if name == "exact":
            continue
        total = same = answers = 0
        moves: Counter[str] = Counter()
        for c in todo:
            b, o = got["exact"][c["id"]], got[name][c["id"]]
            total += len(b)
            answers += b != o
            for x, y in zip(b, o):
                if x == y:
                    same += 1
                else:
                    moves["to" if y == "SUPPORTED" else "from" if x == "SUPPORTED" else "other"] += 1
        out["settings"][name] = {"claims": total, "same": same, "answers_changed": answers, **moves}
        print(f"| {name} | {100 * same / max(1, total):.2f}% of {total} | {answers} | {moves['to']} | "
              f"{moves['from']} | {moves['other']} |")
    Path("benchmarks/results/stability.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
