"""A change between two periods (change.py): said by its distance ("year on year", "from the
previous quarter"), with the level it reached."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

UPDATE = """| Metric | Q3 2024 | Q2 2024 | Q3 2023 |
|---|---|---|---|
| Gold sold (oz) | 59,420 | 64,150 | 57,300 |
| Revenue ($M) | 145.0 | 148.7 | 109.2 |
"""


@pytest.mark.parametrize(
    ("claim", "want", "arith"),
    [
        # Q3 2024 against Q3 2023, not a trend over the three columns
        ("Revenue rose about 33% year on year to $145.0 million.", "SUPPORTED", "(145.0 − 109.2) / 109.2"),
        ("Revenue rose about 20% year on year.", "CONTRADICTED", "(145.0 − 109.2) / 109.2"),
        # Q3 2024 against Q2 2024
        ("Gold sold fell about 7% from the previous quarter.", "SUPPORTED", "(59,420 − 64,150) / 64,150"),
        ("Gold sold rose about 4% year over year.", "SUPPORTED", "(59,420 − 57,300) / 57,300"),
        ("Revenue rose about 2% quarter on quarter.", "CONTRADICTED", "(145.0 − 148.7) / 148.7"),
    ],
)
def test_a_change_against_a_period_by_its_distance(claim: str, want: str, arith: str) -> None:
    got = verdict_of(settle, claim, UPDATE)
    assert got is not None and got[0] == want and arith in got[1], got


def test_the_level_a_change_reached_is_checked_too() -> None:
    got = verdict_of(settle, "Revenue rose about 33% year on year to $150.0 million.", UPDATE)
    assert got is not None and got[0] == "CONTRADICTED" and "145.0, not $150.0 million" in got[1], got
