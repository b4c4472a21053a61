"""Claims settled against cells: lookups, computed figures, what is not in the table."""

from __future__ import annotations

import json

import pytest

from toulmin.tables.render import render_tables
from toulmin.tables.settle import settle

REVENUE = """| quarter | revenue ($M) | operating margin |
|---|---|---|
| Q1 2024 | 120.0 | 14% |
| Q2 2024 | 132.0 | 15% |
| Q3 2024 | 150.0 | 17% |"""

RECORD = json.dumps(
    {
        "name": "Blue Fin Sushi",
        "city": "Tampa",
        "stars": 4.5,
        "review_count": 212,
        "attributes": {"WiFi": "free", "OutdoorSeating": False, "RestaurantsDelivery": True},
        "hours": {"Monday": "11:00-21:00", "Friday": "11:00-23:00", "Sunday": "closed"},
    }
)

LAPTOPS = """model,price,weight (kg),in stock
Air 13,"$1,099",1.24,yes
Pro 14,"$1,999",1.60,no
Book 15,$899,1.90,yes
Slim 13,"$1,299",1.10,yes
"""


def _settle(claim: str, text: str):  # type: ignore[no-untyped-def]
    got = render_tables(text)
    assert got is not None
    reading, _, tables = got
    return settle(claim, [("s", t) for t in tables]), reading


@pytest.mark.parametrize(
    ("claim", "verdict", "note"),
    [
        ("Revenue grew 10% from Q1 to Q2 2024.", "SUPPORTED", "(132.0 − 120.0) / 120.0 = +10.0%"),
        ("Revenue grew 14% from Q1 to Q2 2024.", "CONTRADICTED", "= +10.0%"),
        ("Q3 2024 revenue was $150 million.", "SUPPORTED", "150.0"),
        ("Revenue in Q3 2024 was $160 million.", "CONTRADICTED", "150.0"),
        ("Operating margin peaked in Q2 2024.", "CONTRADICTED", "highest in Q3 2024 (17%)"),
        ("Operating margin peaked in Q3 2024.", "SUPPORTED", "highest in Q3 2024"),
        ("Total revenue for the three quarters was $402 million.", "SUPPORTED", "120.0 + 132.0 + 150.0"),
        ("Total revenue for the three quarters was $420 million.", "CONTRADICTED", "120.0 + 132.0 + 150.0"),
        ("Average revenue was $134 million per quarter.", "SUPPORTED", "/ 3"),
        ("Revenue rose every quarter.", "SUPPORTED", "120.0 → 132.0 → 150.0"),
        ("Revenue fell every quarter.", "CONTRADICTED", "did not fall"),
        ("Revenue in Q4 2024 was $170 million.", "UNSUPPORTED", "no row for 'q4'"),
        ("Q3 2024 revenue was higher than Q1 2024 revenue.", "SUPPORTED", "Q3 2024 150.0, Q1 2024 120.0"),
        ("Operating margin rose 3 percentage points from Q1 to Q3 2024.", "SUPPORTED", "+3.0 points"),
    ],
)
def test_finance_table(claim: str, verdict: str, note: str) -> None:
    got, _ = _settle(claim, REVENUE)
    assert got is not None, claim
    assert (got.verdict, note in got.note) == (verdict, True), got.note


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("Blue Fin Sushi has outdoor seating.", "CONTRADICTED"),
        ("Blue Fin Sushi has no outdoor seating.", "SUPPORTED"),
        ("Blue Fin Sushi is open on Sundays.", "CONTRADICTED"),
        ("Blue Fin Sushi is closed on Sundays.", "SUPPORTED"),
        ("Blue Fin Sushi is open on Mondays.", "SUPPORTED"),
        ("Blue Fin Sushi opens at 11:00 on Fridays.", "SUPPORTED"),
        ("Blue Fin Sushi closes at 10 pm on Fridays.", "CONTRADICTED"),
        ("Blue Fin Sushi delivers.", "SUPPORTED"),
        ("Blue Fin Sushi offers free WiFi.", "SUPPORTED"),
        ("Blue Fin Sushi has 212 reviews.", "SUPPORTED"),
        ("Blue Fin Sushi has 250 reviews.", "CONTRADICTED"),
        ("Blue Fin Sushi is rated 4.5 stars.", "SUPPORTED"),
    ],
)
def test_json_record(claim: str, verdict: str) -> None:
    got, _ = _settle(claim, RECORD)
    assert got is not None and got.verdict == verdict, (claim, got)


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("Two of the four laptops weigh under 1.5 kg.", "SUPPORTED"),
        ("Three of the four laptops weigh under 1.5 kg.", "CONTRADICTED"),
        ("Three of the laptops are in stock.", "SUPPORTED"),
        ("The Book 15 is the cheapest laptop.", "SUPPORTED"),
        ("The Air 13 is the lightest laptop.", "CONTRADICTED"),
        ("The Pro 14 costs $1,999.", "SUPPORTED"),
        ("The Pro 14 is in stock.", "CONTRADICTED"),
        ("The Air 13 is cheaper than the Slim 13.", "SUPPORTED"),
    ],
)
def test_csv_rows_counted_ranked_compared(claim: str, verdict: str) -> None:
    got, _ = _settle(claim, LAPTOPS)
    assert got is not None and got.verdict == verdict, (claim, got)


def test_the_quote_is_the_row_up_to_the_cell_and_maps_back_to_the_original() -> None:
    from toulmin.reading import read_source
    from toulmin.sources import Source

    r = read_source(Source(id="s", text=REVENUE))
    assert r is not None and r.tables
    got = settle("Q3 2024 revenue was $150 million.", [("s", t) for t in r.tables])
    assert got is not None
    _, *span = got.quotes[0]
    quote, a, b = r.quote(*span)
    assert quote == "Q3 2024 | 150.0" and REVENUE[a:b] == quote


@pytest.mark.parametrize(
    "claim",
    [
        "The company plans to open a new office.",  # no row, no column
        "Revenue grew.",  # which rows: not said
        "Operating margin was 15%.",  # which quarter: not said
    ],
)
def test_what_the_rules_do_not_read_is_left_to_the_checker(claim: str) -> None:
    got, _ = _settle(claim, REVENUE)
    assert got is None, got
