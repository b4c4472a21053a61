"""The pair left over on both cores (``ItemPool.map(spare=...)``), on and off in one process.

    python benchmarks/spare_pair.py [--rounds 5] [--set k=v ...]

Runs the speed cases of ``verify_speed.py`` (fast settings by default), each call twice
in a row, once with the leftover pair on a two-thread session and once on one thread,
the order alternating by round; prints the classify stage's medians and the median
per-call ratio (on / off), and checks the two give the same report.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from verify_speed import make_cases, wait_for_helpers

from toulmin.cli.verify_cmd import parse_sets
from toulmin.config import load_config
from toulmin.verify import get_verifier


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--set", dest="sets", action="append", default=None)
    a = ap.parse_args()
    sets = a.sets or ["preset=fast"]
    verifier = get_verifier(load_config(overrides=parse_sets(tuple(sets))))
    wait_for_helpers(verifier)
    checker = verifier.classifier.checker  # type: ignore[attr-defined]
    wide = checker._run_wide
    cases = make_cases(20)
    for c in cases:
        verifier.verify(c["answer"], c["sources"])
    ms: dict[bool, list[float]] = {True: [], False: []}
    same = 0
    for r in range(a.rounds):
        for c in cases:
            reports = {}
            for on in (True, False) if r % 2 else (False, True):
                checker._run_wide = wide if on else checker._run_one
                rep = verifier.verify(c["answer"], c["sources"])
                ms[on].append(rep.timings_ms["classify"])
                reports[on] = rep.to_json(timings=False)
            same += reports[True] == reports[False]
    checker._run_wide = wide
    ratio = statistics.median(x / y for x, y in zip(ms[True], ms[False]))
    print(f"settings: {' '.join(sets)}; {len(ms[True])} calls each")
    print(f"classify median, leftover pair on both cores: {statistics.median(ms[True]):.1f} ms")
    print(f"classify median, on one core: {statistics.median(ms[False]):.1f} ms")
    print(f"median per-call ratio (on / off): {ratio:.3f}")
    print(f"same report both ways: {same} of {len(ms[True])}")


if __name__ == "__main__":
    main()
