"""What a lookup reads before it backs a claim (guards.py): every row the claim names, the
highest or lowest it says, the values of other columns it gives the row, "the only"."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

DRAFT = """| player | round | pick | team | position |
|---|---|---|---|---|
| kyle vanden bosch | 2 | 34 | arizona | de |
| tevita ofahengaue | 7 | 246 | arizona | te |
| jason webster | 2 | 48 | san francisco | cb |
| mark blount | 2 | 59 | boston | c |
"""

GAMES = """| game | date | opponent | attendance |
|---|---|---|---|
| 11 | june 22 | houston | 8088 |
| 12 | june 24 | miami | 7077 |
| 13 | june 26 | houston | 9120 |
| 14 | june 28 | seattle | 6500 |
"""

STADIUMS = """| week | date | opponent | stadium | attendance |
|---|---|---|---|---|
| 1 | september 11 | chicago bears | soldier field | 66137 |
| 2 | september 18 | denver broncos | arrowhead stadium | 65763 |
| 3 | september 25 | new york jets | giants stadium | 77211 |
"""


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        # the first row named backs it; the second is in round 7
        (DRAFT, "both kyle vanden bosch and tevita ofahengaue were chosen in round 2"),
        # game 14's opponent was Seattle: the lookup reads date and game, not the opponent
        (GAMES, "game 14 was played on june 28 against houston"),
        # the row's stadium is arrowhead; which crowd was biggest the lookup does not read
        (STADIUMS, "the biggest crowd was at arrowhead stadium"),
    ],
)
def test_a_lookup_that_reads_part_of_the_claim_backs_nothing(text: str, claim: str) -> None:
    got = verdict_of(settle, claim, text)
    assert got is None or got[0] != "SUPPORTED", got


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        (DRAFT, "kyle vanden bosch was chosen in round 2"),
        (GAMES, "game 13 was played on june 26 against houston"),
    ],
)
def test_what_the_row_holds_in_full_is_backed(text: str, claim: str) -> None:
    got = verdict_of(settle, claim, text)
    assert got is not None and got[0] == "SUPPORTED", got


def test_the_only_one_is_refuted_by_another_row_holding_the_same() -> None:
    got = verdict_of(settle, "jason webster is the only player chosen in round 2", DRAFT)
    assert got is not None and got[0] == "CONTRADICTED" and "kyle vanden bosch" in got[1], got
    alone = verdict_of(settle, "tevita ofahengaue is the only player chosen in round 7", DRAFT)
    assert alone is not None and alone[0] == "SUPPORTED", alone


def test_a_superlative_written_in_the_table_is_a_name_not_a_rank() -> None:
    awards = (
        "| award | category | nominee |\n|---|---|---|\n"
        "| olivier | best costume design | sue blane |\n| olivier | best actress | ann mills |\n"
    )
    got = verdict_of(settle, "sue blane was a nominee in the best costume design category", awards)
    assert got is not None and got[0] == "SUPPORTED", got


def test_an_extreme_backs_nothing_said_of_another_column_it_does_not_read() -> None:
    # the lowest attendance was at Soldier Field against the Bears, not the Jets
    claim = "the lowest attendance came on september 18 against the {}"
    got = verdict_of(settle, claim.format("new york jets"), STADIUMS)
    assert got is None or got[0] != "SUPPORTED", got
    got = verdict_of(settle, claim.format("denver broncos"), STADIUMS)
    assert got is not None and got[0] == "SUPPORTED", got


def test_figures_of_two_units_are_not_ranked_by_their_numbers() -> None:
    tests = "| name | yield |\n|---|---|\n| rushmore | 188 tons |\n| mora | 2 kilotons |\n" \
            "| eddy | 83 tons |\n"
    got = verdict_of(settle, "rushmore had the highest yield", tests)
    assert got is None or got[0] != "SUPPORTED", got
