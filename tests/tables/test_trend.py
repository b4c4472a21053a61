"""The rows in their order (trend.py): the row said to follow a peak must be next."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle
from toulmin.tables.values import read_value

from .conftest import verdict_of

TURNOUT = """| precinct | registered | turnout (%) |
|---|---|---|
| Old Town | 4,210 | 66.0 |
| North Ridge | 3,877 | 62.1 |
| Millbrook | 5,032 | 54.5 |
| Lakeshore | 2,964 | 65.3 |
"""


@pytest.mark.parametrize(
    ("claim", "want", "note"),
    [
        ("Old Town had the highest turnout at 66.0%, followed by Lakeshore.", "SUPPORTED",
         "highest in Old Town"),
        ("Old Town had the highest turnout at 66.0%, followed by North Ridge.", "CONTRADICTED",
         "next is Lakeshore (65.3), not North Ridge (62.1)"),
        # two rows compared: Old Town above Lakeshore
        ("Old Town had the highest turnout, just ahead of Lakeshore.", "SUPPORTED", "Old Town 66.0"),
    ],
)
def test_the_row_said_next_is_the_next_in_the_ranking(claim: str, want: str, note: str) -> None:
    got = verdict_of(settle, claim, TURNOUT)
    assert got is not None and got[0] == want and note in got[1], got


def test_then_is_no_ranking() -> None:
    # "then rebounded to a four-year high in 2023": a move after a move, not the row after the peak
    table = """| Metric | 2020 | 2021 | 2022 | 2023 |
|---|---|---|---|---|
| Electricity generated (GWh) | 1,210 | 1,265 | 1,198 | 1,342 |
"""
    got = verdict_of(settle, "Generation then rebounded to a four-year high in 2023.", table)
    assert got is not None and got[0] == "SUPPORTED", got


LISTINGS = """| # | Address | Beds | Days listed |
|---|---|---|---|
| 1 | 14 Alder Road | 3 | 30 |
| 2 | 220 Pine Close | 4 | 12 |
| 3 | 7 Rowan Mews | 2 | 51 |
"""


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        # the number in the address is no figure of the column: 51 is the row's own
        ("7 Rowan Mews has been listed the longest, at 51 days.", "SUPPORTED"),
        ("7 Rowan Mews has been listed the longest, at 45 days.", "CONTRADICTED"),
    ],
)
def test_a_number_of_the_row_s_name_is_not_its_figure(claim: str, want: str) -> None:
    got = verdict_of(settle, claim, LISTINGS)
    assert got is not None and got[0] == want, got


TRIALS = """plot,crop,area_ha,yield_t_ha
P1,Wheat,4.0,8.8
P2,Wheat,3.5,9.4
P3,Barley,5.0,6.1
"""


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        # yield_t_ha is tonnes per hectare, not hectares
        ("P2 had the highest yield, at 9.4 t/ha.", "SUPPORTED"),
        ("P2 had the highest yield, at 9.9 t/ha.", "CONTRADICTED"),
    ],
)
def test_a_key_with_two_units_is_a_rate(claim: str, want: str) -> None:
    got = verdict_of(settle, claim, TRIALS)
    assert got is not None and got[0] == want, got


def test_what_would_have_happened_is_not_settled() -> None:
    # the cells say what happened, not what would have without the frost
    assert verdict_of(settle, "Without the frost, P3 would have yielded more than 7 t/ha.", TRIALS) is None


WEATHER = """date,temp_min_c,rain_mm,wind_max_kmh
2025-04-01,3.1,0.0,41
2025-04-02,-1.2,12.4,58
2025-04-03,2.6,3.0,37
"""


def test_a_speed_said_in_km_per_hour_is_the_column_s_figure() -> None:
    got = verdict_of(settle, "The highest wind of the week was 58 km/h.", WEATHER)
    assert got is not None and got[0] == "SUPPORTED", got
    got = verdict_of(settle, "The highest wind of the week was 61 km/h.", WEATHER)
    assert got is not None and got[0] == "CONTRADICTED", got


def test_a_second_extreme_is_not_backed_by_the_first() -> None:
    # which day was the coldest is not read by the peak of the wind
    claim = "The highest wind of the week, 58 km/h, came on the warmest day."
    assert verdict_of(settle, claim, WEATHER) is None


def test_a_key_ending_in_a_currency_stays_money() -> None:
    # "cost_m_usd": dollars, whatever stands before the currency
    assert read_value("9.1", "cost_m_usd").number.unit == "$"  # type: ignore[union-attr]
    assert read_value("9.1", "yield_t_ha").number.unit == ""  # type: ignore[union-attr]
