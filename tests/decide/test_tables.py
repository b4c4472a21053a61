"""A table's rows as the checker reads them: its CONTRADICTED stands only when the claim
speaks of a column or a value the table holds (a field the table lacks is unsupported)."""

from __future__ import annotations

from toulmin.checks.finding import Finding
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


def _checker_says(
    text: str, verdict: Verdict, findings: list[Finding] | None = None
) -> tuple[ClaimResult, Tables]:
    got = render_tables(SITES)
    assert got is not None
    reading, _, tables = got
    a, b = tables[0].rows[0]
    result = ClaimResult(
        id="c1", claim=text, focus=text, start=0, end=len(text), type="attribute", verdict=verdict,
        score=0.0, note="s says: the row", findings=findings or [],
        evidence=[Evidence(source_id="s", quote=reading[a:b], start=a, end=b)],
    )
    return result, Tables([("s", reading, t) for t in tables])


def test_a_field_the_table_lacks_is_not_refuted_by_the_checkers_reading_of_a_row() -> None:
    result, tables = _checker_says("Nordvik runs on solar panels.", Verdict.CONTRADICTED)
    got = by_table(_claim("Nordvik runs on solar panels."), result, tables)
    assert got.verdict is Verdict.OVERREACH
    assert got.note.startswith("the table has no field for this")
    assert got.contradicting is None


def test_a_column_or_a_value_the_claim_names_keeps_the_checkers_contradiction() -> None:
    for text in ("Nordvik is cooled with liquid.", "Nordvik's cooling is by seawater."):
        result, tables = _checker_says(text, Verdict.CONTRADICTED)
        assert by_table(_claim(text), result, tables).verdict is Verdict.CONTRADICTED, text


def test_a_checks_mismatch_is_not_set_aside() -> None:
    text = "Nordvik runs two solar arrays."
    mismatch = Finding(kind="number", status="mismatch", claim="two", source="12.4", note="source says 12.4")
    result, tables = _checker_says(text, Verdict.CONTRADICTED, [mismatch])
    assert by_table(_claim(text), result, tables).verdict is Verdict.CONTRADICTED


def test_prose_evidence_is_left_alone() -> None:
    text = "Nordvik runs on solar panels."
    result, tables = _checker_says(text, Verdict.CONTRADICTED)
    prose = result.model_copy(update={"evidence": [Evidence(source_id="other", quote="x", start=0, end=1)]})
    assert by_table(_claim(text), prose, tables).verdict is Verdict.CONTRADICTED


def test_a_table_rule_that_fails_makes_the_claim_an_error_with_its_cause(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def broken(*_: object) -> None:
        raise KeyError("women's")

    monkeypatch.setattr("toulmin.decide.tables.settle", broken)
    result, tables = _checker_says("Nordvik draws 12.4 MW.", Verdict.SUPPORTED)
    got = by_table(_claim("Nordvik draws 12.4 MW."), result, tables)
    assert got.verdict is Verdict.ERROR and got.score is None
    assert "KeyError" in got.note and "women's" in got.note and got.supported_by == []
