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


STOCK = json.dumps([
    {"sku": "BLT-M8-40", "description": "Hex bolt M8 x 40 mm, zinc", "warehouse": "Leeds"},
    {"sku": "NUT-M8", "description": "Hex nut M8, zinc", "warehouse": "Leeds"},
    {"sku": "SCR-W5-50", "description": "Wood screw 5 x 50 mm", "warehouse": "Bristol"},
    {"sku": "ANC-10", "description": "Wall anchor 10 mm", "warehouse": "Leeds"},
])


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        # "Leeds" under `warehouse`, which the claim names, is what it says of the record, not its
        # name; "wood screws" names the record described "Wood screw 5 x 50 mm", whose warehouse
        # is another of the column's values
        ("The wood screws are stored in the Leeds warehouse.",
         ("CONTRADICTED", "SCR-W5-50, warehouse: Bristol")),
        ("The wood screws are stored in the Bristol warehouse.",
         ("SUPPORTED", "SCR-W5-50, warehouse: Bristol")),
        ("The wall anchors are stored in the Bristol warehouse.",
         ("CONTRADICTED", "ANC-10, warehouse: Leeds")),
    ],
)
def test_a_value_under_a_key_the_claim_names_is_no_name_of_the_record(
    claim: str, want: tuple[str, str]
) -> None:
    assert verdict_of(settle, claim, STOCK) == want


RENTAL = json.dumps({
    "quote_id": "CR-55172",
    "pickup": {"location": "Faro Airport", "datetime": "2025-06-02T10:30"},
    "dropoff": {"location": "Lisbon City Centre", "datetime": "2025-06-09T09:00"},
    "pricing": {"daily_rate": 38.0, "days_charged": 7},
})


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        # seven days charged backs "seven days"; the drop-off's time on 9 June refutes "10:30"
        ("The rental runs exactly seven full days, from 10:30 on 2 June to 10:30 on 9 June.",
         ("CONTRADICTED", "CR-55172, dropoff.datetime: 2025-06-09T09:00")),
        ("The rental is charged for seven days, from 10:30 on 2 June to 9:00 on 9 June.",
         ("SUPPORTED", "CR-55172, pricing.days_charged: 7")),
        ("The rental is charged for seven days, until June 9 at 09:00.",
         ("SUPPORTED", "CR-55172, pricing.days_charged: 7")),
        ("The rental is charged for seven days, until June 9 at 10:30.",
         ("CONTRADICTED", "CR-55172, dropoff.datetime: 2025-06-09T09:00")),
    ],
)
def test_a_time_the_claim_gives_a_date_is_read_against_the_cell_of_that_date(
    claim: str, want: tuple[str, str]
) -> None:
    assert verdict_of(settle, claim, RENTAL) == want


SEGMENTS = """Helix Media Group — revenue by segment (€ thousands)

| Segment | FY2022 | FY2023 |
|---|---|---|
| Streaming | 22,310 | 27,905 |
| Advertising | 11,950 | 12,420 |
| Total | 41,800 | 47,615 |
"""
BUDGET = """<table><caption>City of Westbrook — budget by department ($ thousands)</caption>
<tr><th>Department</th><th>FY2024 adopted</th><th>FY2025 proposed</th><th>Change (%)</th></tr>
<tr><td>Police</td><td>48,200</td><td>50,610</td><td>5.0</td></tr>
<tr><td>Library</td><td>4,100</td><td>4,100</td><td>0.0</td></tr></table>"""


@pytest.mark.parametrize(
    ("claim", "text", "want"),
    [
        # the caption's "(€ thousands)" is the unit of every figure whose header gives none
        ("Streaming brought in about €27.9 million in FY2023.", SEGMENTS,
         ("SUPPORTED", "FY2023, Streaming: 27,905")),
        ("Streaming brought in about €2.8 million in FY2023.", SEGMENTS,
         ("CONTRADICTED", "FY2023, Streaming: 27,905")),
        ("Police funding is proposed at about $50.6 million for FY2025.", BUDGET,
         ("SUPPORTED", "fy2025, proposed ($ thousands): 50,610")),
        # "more than half of total revenue": a share of the total, not Streaming against Total
        ("Streaming accounted for more than half of total revenue in FY2023.", SEGMENTS,
         ("SUPPORTED", "Streaming / Total: 27,905 / 47,615 = 58.6%")),
    ],
)
def test_a_tables_unit_in_its_caption(claim: str, text: str, want: tuple[str, str]) -> None:
    assert verdict_of(settle, claim, text) == want


INSTANCES = "Instance,vCPU,Price per hour (USD)\nc6.large,2,0.085\nc6.xlarge,4,0.170\n"


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        # "a 730-hour month": 730 of the column's hours
        ("Running a c6.xlarge around the clock for a 730-hour month costs about $124.", "SUPPORTED"),
        ("Running a c6.xlarge around the clock for a 730-hour month costs about $62.", "CONTRADICTED"),
    ],
)
def test_a_rate_over_a_hyphenated_length_of_time(claim: str, verdict: str) -> None:
    note = "c6.xlarge, Price per hour (USD): 0.170; 0.170 × 730 = 124.1"
    assert verdict_of(settle, claim, INSTANCES) == (verdict, note)


RESULTS = (
    "| Place | Name | Half split | Finish time |\n|---|---|---|---|\n"
    "| 1 | Hana Sato | 1:12:48 | 2:26:31 |\n| 3 | Elin Sørensen | 1:13:35 | 2:28:44 |\n"
)


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        # "2:28" of a finish time written h:mm:ss is two hours and 28 minutes, bound as said
        ("Elin Sørensen finished in under 2:28.", "CONTRADICTED"),
        ("Elin Sørensen finished in under 2:29.", "SUPPORTED"),
        ("Elin Sørensen finished in 2:28.", "SUPPORTED"),
        ("Elin Sørensen finished in 2:27.", "CONTRADICTED"),
        ("Elin Sørensen finished in over 2:28.", "SUPPORTED"),
    ],
)
def test_a_duration_said_in_hours_and_minutes(claim: str, verdict: str) -> None:
    got = verdict_of(settle, claim, RESULTS)
    assert got is not None and got[0] == verdict and "Finish time: 2:28:44" in got[1], got


SURVEY = (
    "| Question | Strongly agree | Agree | Neutral | Disagree | Strongly disagree |\n"
    "|---|---|---|---|---|---|\n"
    "| I understand the company's goals | 38% | 41% | 12% | 6% | 3% |\n"
    "| My workload is manageable | 14% | 33% | 21% | 22% | 10% |\n"
)


@pytest.mark.parametrize(
    ("claim", "verdict", "total"),
    [
        # "agree or strongly agree": the two columns added, not one of them read alone
        ("Nearly four in five employees agree or strongly agree that they understand the company's goals.",
         "SUPPORTED", "= 79%"),
        ("More than 90% of employees agree or strongly agree that they understand the company's goals.",
         "CONTRADICTED", "= 79%"),
        ("About 32% of employees disagreed or strongly disagreed that their workload is manageable.",
         "SUPPORTED", "22% + 10% = 32%"),
    ],
)
def test_two_columns_joined_by_or_are_added(claim: str, verdict: str, total: str) -> None:
    got = verdict_of(settle, claim, SURVEY)
    assert got is not None and got[0] == verdict and total in got[1], got


COURIER = (
    "service,max_weight_kg,zone_1_usd,zone_2_usd,zone_3_usd\nEconomy,20,14.50,17.80,23.60\n"
    "Same Day,5,29.00,n/a,n/a\n"
)


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        # "no price listed": the empty cells back it, a price refutes it
        ("Same Day has no price listed for zones 2 or 3.",
         ("SUPPORTED", "Same Day, zone_2_usd: n/a; Same Day, zone_3_usd: n/a")),
        ("Same Day has no price listed for zone 1.", ("CONTRADICTED", "Same Day, zone_1_usd: 29.00")),
        ("Economy has no price listed for zone 2.", ("CONTRADICTED", "Economy, zone_2_usd: 17.80")),
    ],
)
def test_no_value_listed_is_read_from_empty_cells(claim: str, want: tuple[str, str]) -> None:
    assert verdict_of(settle, claim, COURIER) == want
