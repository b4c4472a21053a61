"""A season's games counted by their result (count_results.py)."""

from __future__ import annotations

import pytest

from toulmin.tables.count_results import count_results

from .conftest import verdict_of

SEASON = """## 1979 new york jets season

| week | date | opponent | result | attendance |
|---|---|---|---|---|
| 1 | september 2 | cleveland browns | l 22 - 25 (ot) | 48472 |
| 2 | september 9 | new england patriots | w 56 - 3 | 51035 |
| 3 | september 16 | buffalo bills | l 31 - 46 | 50740 |
| 4 | october 1 | minnesota vikings | w 14 - 7 | 54479 |
| 5 | october 7 | buffalo bills | w 26 - 10 | 46845 |
"""


def _count(claim: str) -> tuple[str, str] | None:
    return verdict_of(count_results, claim, SEASON)


def test_the_tables_own_wins_and_losses_are_counted() -> None:
    assert _count("the new york jet win 3 game during the 1979 season") == (
        "SUPPORTED", "3 of the table's 5 games won (column result)")
    assert _count("the new york jet lose 3 game during the 1979 season") == (
        "CONTRADICTED", "2 of the table's 5 games lost (column result), not 3")


def test_a_word_some_cells_of_one_column_hold_narrows_the_rows() -> None:
    assert _count("the new york jet play 3 game in the month of september") == (
        "SUPPORTED", "3 of the table's 5 games played (column result)")
    assert _count("the new york jet win 2 game against the buffalo bill") == (
        "CONTRADICTED", "1 of the table's 5 games won (column result), not 2")


def test_the_only_one_described_is_every_one() -> None:
    # one loss to the bills, but two losses in all
    assert _count("the new york jet only lose 1 time , against the buffalo bill") == (
        "CONTRADICTED", "1 of the table's 5 games lost (column result), of 2 lost in all")


@pytest.mark.parametrize(
    "claim",
    [
        "the cleveland brown win 1 game during the 1979 season",  # another team's record
        "the new york jet lose 1 game in overtime",  # no cell holds "overtime"
        "the new york jet win 2 game by more than 10 point",
    ],
)
def test_what_the_result_column_does_not_count_is_left_alone(claim: str) -> None:
    assert _count(claim) is None
