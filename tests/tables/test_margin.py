"""A winning margin (margin.py): a difference of two rows' cells, not a cell."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

POLL = """| Candidate | Party | Votes | Share (%) |
|---|---|---|---|
| A. Mensah | Labour | 2,904 | 41.0 |
| P. Lindqvist | Liberal | 2,611 | 36.9 |
| K. Doyle | Reform | 1,562 | 22.1 |
"""

LEAGUE = """| Team | Played | Won | Points |
|---|---|---|---|
| Kelso Rovers | 18 | 12 | 39 |
| Dunmore City | 18 | 11 | 36 |
| Arden Vale | 18 | 9 | 30 |
"""


@pytest.mark.parametrize(
    ("claim", "text", "want", "note"),
    [
        ("A. Mensah won the seat by a margin of 293 votes.", POLL, "SUPPORTED",
         "2,904 − P. Lindqvist 2,611 = 293"),
        ("A. Mensah won the seat by 300 votes.", POLL, "CONTRADICTED", "= 293"),
        # not ahead at all: behind the winner
        ("P. Lindqvist won by a margin of 293 votes.", POLL, "CONTRADICTED", "= -293"),
        ("Kelso Rovers lead the table by three points from Dunmore City.", LEAGUE, "SUPPORTED",
         "39 − Dunmore City 36 = 3"),
        ("Kelso Rovers lead the table by nine points from Arden Vale.", LEAGUE, "SUPPORTED", "= 9"),
        ("Kelso Rovers lead the table by two points from Dunmore City.", LEAGUE, "CONTRADICTED", "= 3"),
    ],
)
def test_a_margin_is_the_difference_of_two_rows(claim: str, text: str, want: str, note: str) -> None:
    got = verdict_of(settle, claim, text)
    assert got is not None and got[0] == want and note in got[1], got


GAMES = """| game | december | opponent | score |
|---|---|---|---|
| 33 | 28 | atlanta flames | 4 - 2 |
| 34 | 31 | washington capitals | 5 - 3 |
"""


def test_a_margin_is_not_compared_with_a_column_it_does_not_name() -> None:
    # "by 2 points" is no day of December, and no difference of two days either
    got = verdict_of(settle, "the ranger beat the atlanta flame by 2 point on december 28", GAMES)
    assert got is None, got
