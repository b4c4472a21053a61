"""Two rows compared (comparison.py): a bound is no comparison; a gap in times."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

HERD = """| cow | breed | lactation | days in milk | milk (kg/day) | fat (%) |
|---|---|---|---|---|---|
| 1042 | Holstein | 3 | 118 | 38.6 | 3.71 |
| 1057 | Holstein | 2 | 96 | 42.1 | 3.58 |
| 2210 | Jersey | 4 | 201 | 24.3 | 5.12 |
| 2231 | Jersey | 2 | 64 | 27.9 | 4.96 |
"""
STAGE = """| rider | team | time |
|---|---|---|
| Oskar Lindqvist | Nordvik | 27:42:29 |
| Matteo Brivio | Altimetra | 27:43:05 |
| Luis Ferrer | Altimetra | 27:44:51 |
"""


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        # a bound each Jersey meets (5.12 and 4.96), not one Jersey against the other
        ("Both Jersey cows produce milk with more than 4.9% fat.", "SUPPORTED"),
        ("Both Jersey cows produce milk with more than 5% fat.", "CONTRADICTED"),
    ],
)
def test_a_bound_is_no_comparison_of_two_rows(claim: str, want: str) -> None:
    got = verdict_of(settle, claim, HERD)
    assert got is not None and got[0] == want, got


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        ("Matteo Brivio trails Oskar Lindqvist by 36 seconds.", "SUPPORTED"),
        ("Matteo Brivio trails Oskar Lindqvist by 46 seconds.", "CONTRADICTED"),
        ("Oskar Lindqvist trails Matteo Brivio by 36 seconds.", "CONTRADICTED"),
    ],
)
def test_trailing_is_more_time(claim: str, want: str) -> None:
    got = verdict_of(settle, claim, STAGE)
    assert got is not None and got[0] == want, got


def test_a_gap_of_times_is_written_as_the_cells_are() -> None:
    got = verdict_of(settle, "Matteo Brivio trails Oskar Lindqvist by 36 seconds.", STAGE)
    assert got is not None and got[1].endswith("difference 0:00:36"), got
