"""Record the golden reports (tests/golden): run only when a change is meant to move them.

    python scripts/record_goldens.py            # all cases
    python scripts/record_goldens.py --check    # compare instead of writing (what the test does)

The project's own cases keep their whole report in tests/golden/reports/ID.json; cases
drawn from ../shared/data keep a SHA-256 and their verdicts in tests/golden/expected.json
(the data is not copied into the repository).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.golden.cases import EXPECTED, REPORTS, canonical, cases, digest, verdicts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    expected: dict[str, dict[str, object]] = {}
    changed = []
    old = json.loads(EXPECTED.read_text()) if EXPECTED.is_file() else {}
    for case in cases():
        result = case.run()
        text = canonical(result)
        expected[case.id] = {"sha256": digest(text), "verdicts": verdicts(result), "own": case.own}
        if old.get(case.id, {}).get("sha256") != expected[case.id]["sha256"]:
            changed.append(case.id)
        if case.own and not a.check:
            REPORTS.mkdir(parents=True, exist_ok=True)
            (REPORTS / f"{case.id}.json").write_text(text + "\n", encoding="utf-8")
    print(f"{len(expected)} cases, {len(changed)} differ from the recorded ones: "
          f"{', '.join(changed) or 'none'}")
    if not a.check:
        EXPECTED.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    elif changed:
        sys.exit(1)


if __name__ == "__main__":
    main()
