"""A claim's verdict from a table (decide/tables.py): a table rule that fails on a claim
makes that claim an ERROR with its cause, not the whole verification."""

from __future__ import annotations

from toulmin.decide.tables import Tables, by_table
from toulmin.extract.extractor import Claim
from toulmin.report import ClaimResult, Evidence, Verdict
from toulmin.tables.render import render_tables

SITES = """site\tquarter\tpower_mw\tcooling
Nordvik\t2024-Q1\t12.4\tair
Nordvik\t2024-Q2\t13.1\tair
Lakeside\t2024-Q1\t8.2\tliquid
Lakeside\t2024-Q2\t8.6\tliquid
"""


def _claim(text: str) -> Claim:
    return Claim(id="c1", text=text, focus=text, start=0, end=len(text), type="attribute", sentence=0)


def _checker_says(text: str, verdict: Verdict) -> tuple[ClaimResult, Tables]:
    got = render_tables(SITES)
    assert got is not None
    reading, _, tables = got
    a, b = tables[0].rows[0]
    result = ClaimResult(
        id="c1", claim=text, focus=text, start=0, end=len(text), type="attribute", verdict=verdict,
        score=0.0, note="s says: the row",
        evidence=[Evidence(source_id="s", quote=reading[a:b], start=a, end=b)],
    )
    return result, Tables([("s", reading, t) for t in tables])


def test_a_table_rule_that_fails_makes_the_claim_an_error_with_its_cause(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def broken(*_: object) -> None:
        raise KeyError("women's")

    monkeypatch.setattr("toulmin.decide.tables.settle", broken)
    result, tables = _checker_says("Nordvik draws 12.4 MW.", Verdict.SUPPORTED)
    got = by_table(_claim("Nordvik draws 12.4 MW."), result, tables)
    assert got.verdict is Verdict.ERROR and got.score is None
    assert "KeyError" in got.note and "women's" in got.note and got.supported_by == []
