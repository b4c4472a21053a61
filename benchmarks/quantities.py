"""Quantities, changes and what only asks or supposes: claim/source pairs a reader checks by
eye (issue 54).

    python benchmarks/quantities.py [--out benchmarks/results/quantities.json]

``benchmarks/data/quantities.jsonl``: 92 pairs written for issue 54 (development data: the
checks were written beside them, so these numbers are not held out), each a claim, a
one- or two-sentence source and whether the source backs the claim. Classes: units that
convert ("one year" and "12 months"), a number measuring another thing ("4 litres" against
"4 hours"), the direction of a change ("fell 12%" against "up 12%"), approximations and
bounds, fractions in words ("an hour and a half"), and sentences that only ask, suppose or
call it a myth. A pair is right when the
claim is SUPPORTED exactly when the source backs it. Each pair runs through ``verify``
with the default configuration, then with the number and hearsay checks off (what the
checker alone makes of them), per class.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import toulmin

DATA = Path(__file__).resolve().parent / "data" / "quantities.jsonl"
OFF = {"number.value": "off", "hearsay": "off"}


def verdict(claim: str, source: str, checks: Any) -> str:
    r = toulmin.verify(claim, [source], **{"decide.checks": checks})
    checked = [d for d in r.details if d.verdict.value != "TRIVIAL"]
    return checked[0].verdict.value if checked else "NONE"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=None)
    a = ap.parse_args()
    rows = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    per: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    wrong: list[dict[str, Any]] = []
    for r in rows:
        for setting, checks in (("default", True), ("without number and hearsay checks", OFF)):
            v = verdict(r["claim"], r["source"], checks)
            right = (v == "SUPPORTED") == r["supported"]
            per[r["class"]][setting].append(right)
            if setting == "default" and not right:
                wrong.append({**r, "verdict": v})
    settings = ["default", "without number and hearsay checks"]
    print(f"\n{len(rows)} pairs ({sum(r['supported'] for r in rows)} backed by their source)\n")
    print("| class | pairs | right, default | right, without the number and hearsay checks |")
    print("|---|---|---|---|")
    table = {}
    for cls, got in per.items():
        table[cls] = {s: sum(got[s]) for s in settings} | {"pairs": len(got["default"])}
        print(f"| {cls} | {len(got['default'])} | " + " | ".join(
            f"{sum(got[s])} ({100 * sum(got[s]) / len(got[s]):.0f}%)" for s in settings) + " |")
    total = {s: sum(sum(got[s]) for got in per.values()) for s in settings}
    print(f"| all | {len(rows)} | " + " | ".join(f"{total[s]} ({100 * total[s] / len(rows):.0f}%)"
                                                for s in settings) + " |")
    for w in wrong:
        print(f"  WRONG ({w['class']}): {w['claim']!r} vs {w['source']!r}: {w['verdict']}, "
              f"should {'' if w['supported'] else 'not '}be SUPPORTED")
    if a.out:
        a.out.parent.mkdir(parents=True, exist_ok=True)
        a.out.write_text(json.dumps({"pairs": len(rows), "per_class": table, "total": total,
                                     "wrong": wrong}, indent=1) + "\n")


if __name__ == "__main__":
    main()
