"""A count of rows picked by the values the claim names (count_rows.py)."""

from __future__ import annotations

import pytest

from toulmin.tables.count_rows import count_rows

from .conftest import verdict_of

RACE = """## 2006 indy 250

| driver | team | laps | grid | time / retired |
|---|---|---|---|---|
| dan wheldon | ganassi | 250 | 2 | 1:45:00 |
| helio castroneves | penske | 250 | 1 | + 0.5 |
| tony kanaan | andretti | 249 | 23 | + 1 lap |
| sam hornish | penske | 23 | 4 | accident |
| buddy rice | dreyer | 23 | 6 | accident |
| ed carpenter | vision | 180 | 23 | engine |
"""
ROLL = """| name | area | roll | decile |
|---|---|---|---|
| holy family school | wanaka | 602 | 7 |
| mount aspiring college | wanaka | 8 | 9 |
| hawea flat school | hawea | 120 | 8 |
"""


def _count(claim: str, text: str) -> tuple[str, str] | None:
    return verdict_of(count_rows, claim, text)


def test_the_rows_holding_the_claims_values_are_counted() -> None:
    assert _count("there be 2 driver from penske", RACE) == (
        "SUPPORTED", "2 of the table's 6 rows hold 'penske'")
    assert _count("there be 3 driver from penske", RACE) == (
        "CONTRADICTED", "2 of the table's 6 rows hold 'penske', not 3")


def test_a_value_beside_its_header_counts_only_in_that_column() -> None:
    # 23 laps: hornish and rice; kanaan and carpenter started 23rd
    assert _count("there be 2 driver with 23 lap", RACE) == ("SUPPORTED", "2 of the table's 6 rows hold '23'")


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        ("602 be the roll for holy family school", ROLL),  # a figure, not a count
        ("there be 8 roll for mount aspiring college", ROLL),  # the roll column's figure
        ("2 school be in wanaka and 1 be in hawea", ROLL),  # two counts
        ("there be 3 driver from penske that finish the race", RACE),  # a word of its own may narrow the rows
        ("there be 2 driver with more than 23 lap", RACE),
        ("there be 3 driver who do not drive for penske", RACE),
    ],
)
def test_what_a_count_of_values_does_not_settle_is_left_alone(claim: str, text: str) -> None:
    assert _count(claim, text) is None


GAMES = """## 1980 clyde fixtures

| round | date | opponent | venue | result |
|---|---|---|---|---|
| 1 | april 12 , 1980 | clyde | home | 2 - 1 |
| 2 | april 19 , 1980 | morton | away | 0 - 0 |
| 3 | may 3 , 1980 | clyde | away | 1 - 3 |
| 4 | may 10 , 1980 | ayr | home | 4 - 0 |
"""


def test_a_count_said_after_the_values_that_pick_the_rows() -> None:
    assert _count("clyde be the opponent for 2 game", GAMES) == (
        "SUPPORTED", "2 of the table's 4 rows hold 'clyde'")
    # "in april" narrows the rows by the word some date cells hold
    assert _count("clyde be the opponent for 1 game in april", GAMES) == (
        "SUPPORTED", "1 of the table's 4 rows hold 'clyde'")


@pytest.mark.parametrize(
    "claim",
    [
        "clyde be the opponent for 3 game",  # only ever supports: a word of its own may narrow the rows
        "round 1 result be 2 - 1",  # the header's number, not a count
        "clyde be the opponent 1 time , in april",  # the clause after says where, of them all
        "clyde be the opponent for 2 game and morton for 1 game",  # two counts
    ],
)
def test_a_count_said_after_the_values_is_left_alone_unless_it_holds(claim: str) -> None:
    assert _count(claim, GAMES) is None


CHANGELOG = """| Endpoint | Change | Type |
|---|---|---|
| POST /orders | `total` now in cents | Breaking |
| GET /orders | Added `channel` | Added |
| DELETE /orders | Now returns 204 | Breaking |
| GET /users | Rate limit raised | Changed |
"""


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        # "changes" names the Change column, not a value; "breaking" is the Type column's
        ("two of the listed changes are breaking changes", "SUPPORTED"),
        ("three of the listed changes are breaking changes", "CONTRADICTED"),
    ],
)
def test_a_column_s_name_is_not_a_value_the_rows_must_hold(claim: str, want: str) -> None:
    got = verdict_of(count_rows, claim, CHANGELOG)
    assert got is not None and got[0] == want, got
