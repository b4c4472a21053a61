"""The pair left over on both cores (``ItemPool.map(spare=...)``): three ways, in one process.

    python benchmarks/spare_pair.py [--rounds 6] [--set k=v ...]

Runs the speed cases of ``verify_speed.py`` (fast settings by default) in blocks of
20 calls, one block per way and round, the order of the ways turning by round:
- ``wide``: the leftover pair on a two-thread session, as shipped (its worker thread
  sleeps when a run ends);
- ``wide-spin``: the same with onnxruntime's default, worker threads that spin for a
  while after each run (what shipped before stop 25);
- ``one-core``: the leftover pair on one thread like the others.
Prints the median total and stage times of each way, the median per-case ratio of
each way's total to ``one-core``'s, and checks that every way gives the same reports.
Whole calls are timed, not the classify stage alone: a spinning thread slows what runs
after it, the next call's parser included.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from verify_speed import make_cases, wait_for_helpers

from toulmin._parallel import cpu_session
from toulmin.cli.verify_cmd import parse_sets
from toulmin.config import load_config
from toulmin.verify import get_verifier

STAGES = ("extract", "link", "classify", "total")


def spinning_session(checker: Any) -> tuple[Any, set[str]]:
    session = cpu_session(checker._source, threads=checker._items.threads, spinning=True)
    return session, {i.name for i in session.get_inputs()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--set", dest="sets", action="append", default=None)
    a = ap.parse_args()
    sets = a.sets or ["preset=fast"]
    verifier = get_verifier(load_config(overrides=parse_sets(tuple(sets))))
    wait_for_helpers(verifier)
    checker = verifier.classifier.checker  # type: ignore[attr-defined]
    cases = make_cases(20)
    for c in cases:
        verifier.verify(c["answer"], c["sources"])  # makes the shipped wide session too
    wide, shipped = checker._run_wide, checker._wide
    ways: dict[str, Any] = {"wide": shipped, "wide-spin": spinning_session(checker), "one-core": None}
    ms: dict[str, dict[str, list[float]]] = {w: {s: [] for s in STAGES} for w in ways}
    reports: dict[str, list[str]] = {w: [] for w in ways}
    names = list(ways)
    for r in range(a.rounds):
        for w in names[r % 3:] + names[: r % 3]:
            checker._wide = ways[w]
            checker._run_wide = checker._run_one if ways[w] is None else wide
            for c in cases:
                rep = verifier.verify(c["answer"], c["sources"])
                for s in STAGES:
                    ms[w][s].append(rep.timings_ms[s])
                if r == 0:
                    reports[w].append(rep.to_json(timings=False))
    checker._run_wide, checker._wide = wide, shipped
    print(f"settings: {' '.join(sets)}; {a.rounds * len(cases)} calls each way")
    print("| way | " + " | ".join(f"{s} ms" for s in STAGES) + " | total / one-core |")
    print("|---|" + "---|" * (len(STAGES) + 1))
    base = ms["one-core"]["total"]
    for w in names:
        ratio = statistics.median(x / y for x, y in zip(ms[w]["total"], base))
        cells = " | ".join(f"{statistics.median(ms[w][s]):.1f}" for s in STAGES)
        print(f"| {w} | {cells} | {ratio:.3f} |")
    same = sum(len(set(x)) == 1 for x in zip(*reports.values()))
    print(f"same report every way: {same} of {len(cases)}")


if __name__ == "__main__":
    main()
