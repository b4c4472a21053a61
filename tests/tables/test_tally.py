"""Rows counted by a word their cells hold (tally.py)."""

from __future__ import annotations

import json

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

ORDERS = json.dumps(
    [
        {"order": "A-1", "courier": "Fleet", "status": "delivered", "pets": "cats only"},
        {"order": "A-2", "courier": "Fleet", "status": "returned", "pets": "none"},
        {"order": "A-3", "courier": "Orbit", "status": "delivered", "pets": "cats and dogs"},
        {"order": "A-4", "courier": "Orbit", "status": "in transit", "pets": "no dogs"},
    ]
)


def _verdict(claim: str, text: str = ORDERS) -> tuple[str, str] | None:
    return verdict_of(settle, claim, text)


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("Two of the four orders have been delivered.", "SUPPORTED"),
        ("Three of the four orders have been delivered.", "CONTRADICTED"),
        ("Only one of the orders was returned.", "SUPPORTED"),
        ("Only one of the orders allows dogs.", "SUPPORTED"),  # "no dogs" denies them
        ("Two of the orders allow dogs.", "CONTRADICTED"),
        ("Two of the orders went by Orbit.", "SUPPORTED"),
    ],
)
def test_rows_counted_by_a_word_of_one_column(claim: str, verdict: str) -> None:
    got = _verdict(claim)
    assert got is not None and got[0] == verdict, got


def test_the_note_lists_the_rows_counted() -> None:
    got = _verdict("Two of the four orders have been delivered.")
    assert got is not None and "2 of 4 rows with status" in got[1] and "A-1 (delivered)" in got[1], got


@pytest.mark.parametrize(
    "claim",
    [
        "Two of the six orders have been delivered.",  # six: another set of rows
        "Two of the four orders have not been delivered.",  # which of the others is not said
        "Two of the orders went by Fleet and were delivered.",  # two columns hold its words
    ],
)
def test_not_counted_when_the_rows_or_the_column_are_not_the_claims(claim: str) -> None:
    assert _verdict(claim) is None


PLOTS = """farm,crop,area_ha,workers
Ashby,oats,2000,14
Ashby,rye,1500,9
Coldwell,oats,900,6
"""
BASKET = json.dumps({"basket": "B-7", "items": [{"name": "Towel", "qty": 4}, {"name": "Soap", "qty": 3}]})


@pytest.mark.parametrize(
    ("claim", "text", "verdict", "note"),
    [
        ("Oats are grown on 2,900 hectares across the two farms that plant them.", PLOTS, "SUPPORTED",
         "area_ha of the rows with crop oats: 2000 + 900 = 2,900"),
        ("Oats are grown on 3,500 hectares across the farms.", PLOTS, "CONTRADICTED", "= 2,900"),
        ("The basket holds seven items in total.", BASKET, "SUPPORTED", "qty: 4 + 3 = 7"),
        ("The basket holds nine items in total.", BASKET, "CONTRADICTED", "= 7"),
    ],
)
def test_a_figure_added_up_over_the_rows_a_word_picks(claim: str, text: str, verdict: str, note: str) -> None:
    got = _verdict(claim, text)
    assert got is not None and got[0] == verdict and note in got[1], got


def test_a_count_of_rows_is_no_figure_to_add_up() -> None:
    # "two farms" counts rows: no column is in farms, and workers are no hectares
    got = _verdict("Oats are grown across two farms.", PLOTS)
    assert got is None or "workers" not in got[1], got


FUND = """| Year | Fund return (%) | Benchmark return (%) |
|---|---|---|
| 2021 | 12.0 | 10.0 |
| 2022 | -8.0 | -9.5 |
| 2023 | 15.0 | 17.0 |"""


@pytest.mark.parametrize(
    ("claim", "verdict", "note"),
    [
        ("The fund beat its benchmark in two of the three years.", "SUPPORTED", "2021 (12.0 vs 10.0)"),
        ("The fund beat its benchmark in three of the three years.", "CONTRADICTED", "in 2 of 3 rows"),
        ("The fund trailed its benchmark in one of the three years.", "SUPPORTED", "below"),
        ("The fund beat its benchmark in two of the five years.", None, ""),  # five: other years
    ],
)
def test_rows_where_one_column_beats_another(claim: str, verdict: str | None, note: str) -> None:
    got = _verdict(claim, FUND)
    if verdict is None:
        assert got is None or "Benchmark" not in got[1], got
        return
    assert got is not None and got[0] == verdict and note in got[1], got
