from __future__ import annotations

import pytest

from toulmin.pipeline.checks import check_claim, find_dates, find_numbers


def _status(claim: str, evidence: str) -> list[tuple[str, str]]:
    return [(f.kind, f.status) for f in check_claim(claim, evidence)]


@pytest.mark.parametrize(
    ("claim", "evidence", "expected"),
    [
        ("an 81% success rate", "a success rate of 81 percent", [("number", "ok")]),
        ("an 81% success rate", "a success rate of 78%", [("number", "mismatch")]),
        ("340 participants", "enrolled 340 patients", [("number", "ok")]),
        ("about 80% of users", "81% of users", [("number", "ok")]),
        ("81% of users", "about 80% of users", [("number", "imprecise")]),
        ("81% of users", "roughly 81% of users", [("number", "imprecise")]),
        ("$2.5 million in revenue", "revenue of $2,500,000", [("number", "ok")]),
        ("3 million people", "a population of 2.8 million people", [("number", "mismatch")]),
        ("12 sites", "no numbers here", [("number", "missing")]),
        # a page, table or section number points into the document: not a quantity
        ("across 12 sites", "Trial report, page 12. The trial ran well.", [("number", "missing")]),
        ("3 arms", "see Table 3 and section 4.2", [("number", "missing")]),
    ],
)
def test_numbers(claim: str, evidence: str, expected: list[tuple[str, str]]) -> None:
    assert _status(claim, evidence) == expected


@pytest.mark.parametrize(
    ("claim", "evidence", "status"),
    [
        ("in March 2024", "in Q1 2024", "imprecise"),
        ("in March 2024", "on 12 March 2024", "ok"),
        ("in Q1 2024", "in March 2024", "ok"),
        ("in 2019", "in 2019", "ok"),
        ("in 2019", "in 2021", "mismatch"),
        ("on May 5, 2020", "in May 2020", "imprecise"),
        ("in the first half of 2023", "in H1 2023", "ok"),
        ("in 2019", "no date", "missing"),
    ],
)
def test_dates_and_precision(claim: str, evidence: str, status: str) -> None:
    assert _status(claim, evidence) == [("date", status)]


def test_date_parsing() -> None:
    d = find_dates("approved on 2024-03-05, filed in Q3 2023 and in the 1990s")
    assert [(x.precision, x.year, x.lo, x.hi, x.day) for x in d] == [
        ("day", 2024, 3, 3, 5),
        ("quarter", 2023, 7, 9, None),
        ("year", 1990, 1, 12, None),
    ]
    # a year is a date, not a number
    assert find_numbers("in 2019 it had 40 staff")[0].value == 40


def test_names_and_titles() -> None:
    f = check_claim("The trial was led by Dr. Smith", "The trial (Smith et al., 2023) enrolled 340 people.")
    assert [(x.kind, x.status) for x in f] == [("name", "partial")]
    assert "Smith et al." in f[0].note and "Dr. Smith" in f[0].note
    assert _status("led by Dr. Smith", "led by Dr. Jane Smith") == [("name", "ok")]
    assert _status("led by Dr. Smith", "led by Jones") == [("name", "missing")]


def test_negation() -> None:
    assert _status("The drug is not approved for children", "The drug is approved for children.") == [
        ("negation", "mismatch")
    ]
    assert _status("The drug is approved for children", "The drug is approved for children.") == []
    # unrelated sentences are not compared
    assert _status("The drug is not cheap", "Rain fell in Paris all week.") == []
