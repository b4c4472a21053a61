"""A lookup of a named row's cells (lookup.py): each figure read where its own words put it."""

from __future__ import annotations

import json

import pytest

from toulmin.tables.settle import settle
from toulmin.tables.values import read_value

from .conftest import verdict_of

LEAGUE = """| team | played | points | drawn | lost |
|---|---|---|---|---|
| Unia Tarnow | 18 | 30 | 0 | 3 |
| Polonia Pila | 18 | 25 | 1 | 5 |
| Sparta Srem | 18 | 19 | 1 | 8 |
"""
SCORERS = """| player | county | total | matches |
|---|---|---|---|
| Oisin McConville | Armagh | 25 | 5 |
| Padraic Joyce | Galway | 24 | 6 |
"""


@pytest.mark.parametrize(
    ("claim", "text", "want"),
    [
        # every figure in the column its words name
        ("Oisin McConville scored a total of 25 points in his 5 matches.", SCORERS, "SUPPORTED"),
        # the two figures swapped: 25 is his total, not his matches
        ("Oisin McConville scored 5 points in his 25 matches.", SCORERS, "CONTRADICTED"),
        # 30 points and 18 played are Unia's, but it lost 3, not 7
        ("Unia Tarnow played 18 matches for 30 points but lost 7 games.", LEAGUE, "CONTRADICTED"),
        ("Unia Tarnow played 18 matches for 30 points and lost 3.", LEAGUE, "SUPPORTED"),
        # "8 of its 18": the figure's own words name no other column
        ("Sparta Srem lost 8 of its 18 matches.", LEAGUE, "SUPPORTED"),
    ],
)
def test_each_figure_is_read_in_the_column_it_names(claim: str, text: str, want: str) -> None:
    got = verdict_of(settle, claim, text)
    assert got is not None and got[0] == want, got


def test_the_refuting_cell_is_quoted() -> None:
    got = verdict_of(settle, "Oisin McConville scored 5 points in his 25 matches.", SCORERS)
    assert got == ("CONTRADICTED", "Oisin McConville, matches: 5")


RECORD = """{"model": "EFX-25", "travel_speed_kmh": {"laden": 16.5, "unladen": 17.0}, "battery_kwh": 37.2}"""
PRECINCTS = """| precinct | turnout (%) | yes (%) |
|---|---|---|
| Old Town | 66.0 | 58.1 |
| Cedar Flats | 47.2 | 44.9 |
"""
INSPECTIONS = """| establishment | score | grade |
|---|---|---|
| Moss & Thyme Bistro | 100 | A |
| Golden Crane | 87 | B |
"""


@pytest.mark.parametrize(
    ("claim", "text", "said"),
    [
        # one record is the best of no class
        ("With a laden top speed of 16.5 km/h, the EFX-25 is the fastest forklift in its class.", RECORD,
         "the fastest forklift in its class"),
        # the table has no 2020 to be down from
        ("Turnout in Cedar Flats, at 47.2%, was down from the 2020 election.", PRECINCTS,
         "down from the 2020"),
        # nor any year before this one
        ("Moss & Thyme Bistro scored a perfect 100, three years running.", INSPECTIONS,
         "three years running"),
    ],
)
def test_a_cell_backs_its_figure_not_what_no_cell_can(claim: str, text: str, said: str) -> None:
    got = verdict_of(settle, claim, text)
    assert got == ("UNSUPPORTED", f"the table does not say {said!r}"), got


def test_without_those_words_the_cell_backs_the_claim() -> None:
    assert verdict_of(settle, "Turnout in Cedar Flats was 47.2%.", PRECINCTS) is not None
    got = verdict_of(settle, "Turnout in Cedar Flats was 47.2%.", PRECINCTS)
    assert got is not None and got[0] == "SUPPORTED", got


SPEC = json.dumps({"model": "Stellar EFX-25", "type": "electric counterbalance forklift",
                   "cab": {"enclosed": False, "heater": "n/a", "roof_guard": True},
                   "coverage": {"dental": True}})


def test_a_no_of_a_field_named_by_its_whole_path_denies_the_claim() -> None:
    # "heated" and "forklift" are more than the field says, but the cab is not enclosed
    got = verdict_of(settle, "The forklift comes with an enclosed, heated cab.", SPEC)
    assert got is not None and got[0] == "CONTRADICTED" and "cab.enclosed: false" in got[1], got
    # a yes named by its whole path backs nothing more than the path says
    got = verdict_of(settle, "The forklift comes with a heated cab with a roof guard.", SPEC)
    assert got is None or got[0] != "SUPPORTED", got


BIKES = json.dumps([
    {"sku": "EB-220", "model": "Corsa City", "price": {"amount": 1899, "currency": "USD"}, "battery_wh": 500},
    {"sku": "EB-340", "model": "Corsa Trail", "price": {"amount": 2749, "currency": "USD"},
     "battery_wh": 625},
])


def test_a_price_under_amount_and_a_name_that_says_trail() -> None:
    # `price.amount`: "costs" names the parent, the key only holds its figure; "Corsa Trail"
    # is a name, not "trailing" (less)
    got = verdict_of(settle, "The Corsa Trail costs $850 more than the Corsa City.", BIKES)
    assert got is not None and got[0] == "SUPPORTED" and "difference 850" in got[1], got
    got = verdict_of(settle, "The Corsa Trail costs $950 more than the Corsa City.", BIKES)
    assert got is not None and got[0] == "CONTRADICTED", got
    got = verdict_of(settle, "The Corsa Trail's battery holds 35% more energy than the Corsa City's.", BIKES)
    assert got is not None and got[0] == "CONTRADICTED" and "25.0%" in got[1], got


PLAYER = json.dumps({"gamertag": "NightHeron", "characters": [
    {"name": "Vesper", "matches": 512, "win_rate": 0.47},
    {"name": "Brakk", "matches": 388, "win_rate": 0.41},
    {"name": "Kite", "matches": 119, "win_rate": 0.36},
], "fx": {"exchange_rate": 0.92}})


def test_a_rate_written_as_a_fraction_is_a_percentage() -> None:
    got = verdict_of(settle, "Vesper, at a 47% win rate, is NightHeron's best character by win rate.", PLAYER)
    assert got is not None and got[0] == "SUPPORTED", got
    got = verdict_of(settle, "Vesper has a 52% win rate.", PLAYER)
    assert got is not None and got[0] == "CONTRADICTED", got
    # an exchange rate is no share: 0.92, not 92%
    assert read_value("0.92", "exchange_rate").number == read_value("0.92").number
    assert read_value("+0.842", "Net run rate").number.unit == ""  # type: ignore[union-attr]
