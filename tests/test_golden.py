"""Every golden report byte for byte (tests/golden/cases.py says what the cases are)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import DATA_REASON
from tests.golden.cases import (
    EXPECTED,
    FROM_DATA,
    REPORTS,
    Case,
    canonical,
    cases,
    data_present,
    digest,
    verdicts,
)

pytestmark = pytest.mark.slow

ALL = cases()
RECORDED = json.loads(EXPECTED.read_text())
# recorded cases that read the public data, when it is not here: skipped, named
WITHOUT_DATA = [] if data_present() else sorted(
    k for k in RECORDED if k.startswith(tuple(FROM_DATA.values())))


def test_every_case_is_recorded_and_the_corpus_covers_every_verdict() -> None:
    assert sorted(RECORDED) == sorted([c.id for c in ALL] + WITHOUT_DATA)
    seen = {v.split(":")[1] for r in RECORDED.values() for v in r["verdicts"]}
    assert {"SUPPORTED", "PARTIALLY_SUPPORTED", "CONTRADICTED", "UNLINKED", "OVERREACH", "STALE", "TRIVIAL",
            "NOT_CHECKED"} <= seen


PARAMS = [pytest.param(c, id=c.id) for c in ALL] + [
    pytest.param(None, id=k, marks=pytest.mark.skip(reason=DATA_REASON)) for k in WITHOUT_DATA]


@pytest.mark.parametrize("case", PARAMS)
def test_the_report_is_the_recorded_one(case: Case) -> None:
    result = case.run()
    text = canonical(result)
    want = RECORDED[case.id]
    if case.own:
        assert text + "\n" == (REPORTS / f"{case.id}.json").read_text(encoding="utf-8")
    assert verdicts(result) == want["verdicts"]
    assert digest(text) == want["sha256"], "the report moved: python scripts/record_goldens.py if meant"
