"""The rows in their order (trend.py): the row said to follow a peak must be next."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle

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
