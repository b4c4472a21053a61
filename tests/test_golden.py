"""Every golden report byte for byte (tests/golden/cases.py says what the cases are)."""

from __future__ import annotations

import json

import pytest

from tests.golden.cases import EXPECTED, REPORTS, Case, canonical, cases, digest, verdicts

pytestmark = pytest.mark.slow

ALL = cases()
RECORDED = json.loads(EXPECTED.read_text())


def test_every_case_is_recorded_and_the_corpus_covers_every_verdict() -> None:
    assert sorted(RECORDED) == sorted(c.id for c in ALL)
    seen = {v.split(":")[1] for r in RECORDED.values() for v in r["verdicts"]}
    assert {"SUPPORTED", "PARTIALLY_SUPPORTED", "CONTRADICTED", "UNLINKED", "OVERREACH", "STALE", "TRIVIAL",
            "NOT_CHECKED"} <= seen


@pytest.mark.parametrize("case", ALL, ids=[c.id for c in ALL])
def test_the_report_is_the_recorded_one(case: Case) -> None:
    result = case.run()
    text = canonical(result)
    want = RECORDED[case.id]
    if case.own:
        assert text + "\n" == (REPORTS / f"{case.id}.json").read_text(encoding="utf-8")
    assert verdicts(result) == want["verdicts"]
    assert digest(text) == want["sha256"], "the report moved: python scripts/record_goldens.py if meant"
