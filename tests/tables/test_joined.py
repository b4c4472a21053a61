"""A record read through the table one of its fields names (joined.py), and the items of a
record's list counted (record_rules.items_counted)."""

from __future__ import annotations

import pytest

from toulmin.tables.render import render_tables
from toulmin.tables.settle import settle

PLANS = """Plan,Monthly Premium - Employee Only ($),Monthly Premium - Family ($),Deductible ($),HSA Eligible
Bronze HDHP,42.00,168.00,3200,Yes
Silver PPO,118.00,412.00,1500,No
Gold PPO,196.00,655.00,500,No
"""
ENROLLMENT = """{"employee_id": "E-4471", "name": "Rafael Ortiz", "coverage_tier": "family",
 "plan": "Silver PPO", "dependents": [{"name": "Carmen Ortiz", "relation": "spouse"},
 {"name": "Luis Ortiz", "relation": "child", "age": 9},
 {"name": "Elena Ortiz", "relation": "child", "age": 6}],
 "dental": true}"""


def _settle(claim: str, *texts: str) -> tuple[str, str] | None:
    tables = []
    for k, text in enumerate(texts):
        got = render_tables(text)
        assert got is not None
        tables += [(f"s{k}", r) for r in got[2]]
    s = settle(claim, tables)
    return None if s is None else (s.verdict, s.note)


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("Rafael's health plan is HSA-eligible.", "CONTRADICTED"),
        ("Rafael's deductible is $1,500.", "SUPPORTED"),
        ("Rafael's deductible is $500.", "CONTRADICTED"),  # the Gold PPO's, not his plan's
        ("Over a full year, Rafael's family premiums come to about $4,944.", "SUPPORTED"),
    ],
)
def test_a_record_is_read_through_the_row_its_field_names(claim: str, verdict: str) -> None:
    got = _settle(claim, PLANS, ENROLLMENT)
    assert got is not None and got[0] == verdict, got
    assert got[1].startswith("Rafael Ortiz's plan: Silver PPO; "), got  # the note says which field led there


def test_no_join_without_the_record_or_with_a_field_that_names_no_row() -> None:
    # the plans alone: whose plan is not known
    assert _settle("Rafael's deductible is $500.", PLANS) is None
    other = ENROLLMENT.replace('"plan": "Silver PPO"', '"plan": "Platinum"')
    got = _settle("Rafael's deductible is $500.", PLANS, other)
    assert got is None or "plan: " not in got[1], got


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("Rafael's enrollment covers two dependents.", "CONTRADICTED"),
        ("Rafael has three dependents.", "SUPPORTED"),
    ],
)
def test_the_items_of_a_records_list_are_counted(claim: str, verdict: str) -> None:
    got = _settle(claim, ENROLLMENT)
    assert got == (verdict, "Rafael Ortiz dependents: 3 listed"), got


def test_a_count_of_some_of_the_items_is_not_the_lists_length() -> None:
    from toulmin.tables.record_rules import items_counted
    from toulmin.tables.words import ClaimText

    got = render_tables(ENROLLMENT)
    assert got is not None
    tables = [("s", r) for r in got[2]]
    for claim in ("Rafael has two dependents under 10.", "Rafael has about three dependents.",
                  "Rafael does not have three dependents.", "Rafael's brother Tomas has three dependents."):
        assert items_counted(ClaimText.of(claim), tables) is None, claim
