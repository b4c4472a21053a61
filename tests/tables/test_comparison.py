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


POINTS_TABLE = """| Pos | Team | Points | Net run rate |
|---|---|---|---|
| 1 | Harbour Hawks | 15 | +0.842 |
| 2 | Ridgeback Rangers | 14 | +0.517 |
| 4 | Kestrel Bay Kings | 10 | -0.094 |
"""


def test_a_plus_sign_is_above_zero() -> None:
    # "+0.517" had been read as -0.517: a plus sign made the figure negative
    got = verdict_of(settle, "Ridgeback Rangers have a net run rate of +0.517.", POINTS_TABLE)
    assert got is not None and got[0] == "SUPPORTED", got
    claim = "Ridgeback Rangers have a higher net run rate than Kestrel Bay Kings."
    got = verdict_of(settle, claim, POINTS_TABLE)
    assert got is not None and got[0] == "SUPPORTED", got


def test_a_bound_on_a_gap_is_checked() -> None:
    # gaps to the winner as bare figures: 39.394 - 34.855 is 4.5 seconds, not more than two minutes
    gaps = """| rider | manufacturer | time |
|---|---|---|
| efrén vázquez | derbi | + 34.855 |
| joan olivé | derbi | + 39.394 |
"""
    got = verdict_of(settle, "joan olivé have a slower time than efrén vázquez by more than 2 minute", gaps)
    assert got is not None and got[0] == "CONTRADICTED", got
    got = verdict_of(settle, "joan olivé have a slower time than efrén vázquez by more than 4 second", gaps)
    assert got is not None and got[0] == "SUPPORTED", got
