"""A figure against its goal in the same row (goals.py)."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

CAMPAIGNS = """| Campaign | Donors | Raised ($) | Goal ($) | Cost to Raise ($) |
|---|---|---|---|---|
| Spring Appeal | 1,240 | 186,000 | 200,000 | 22,300 |
| Giving Tuesday | 2,975 | 238,000 | 225,000 | 14,900 |
| Gala 2023 | 310 | 412,500 | 400,000 | 96,800 |
| Year-End Mail | 3,480 | 295,800 | 320,000 | 31,200 |
"""


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("The Year-End Mail campaign exceeded its $320,000 goal.", "CONTRADICTED"),
        ("The Year-End Mail campaign fell short of its goal.", "SUPPORTED"),
        ("Giving Tuesday beat its goal.", "SUPPORTED"),
        ("Giving Tuesday did not reach its goal.", "CONTRADICTED"),
        ("The Gala 2023 exceeded its $450,000 goal.", "CONTRADICTED"),  # its goal was $400,000
        ("Two of the four campaigns beat their fundraising goals.", "SUPPORTED"),
        ("Three of the four campaigns beat their fundraising goals.", "CONTRADICTED"),
    ],
)
def test_raised_against_the_goal_of_the_same_row(claim: str, verdict: str) -> None:
    got = verdict_of(settle, claim, CAMPAIGNS)
    assert got is not None and got[0] == verdict, got


def test_the_note_names_both_columns_and_the_figure_set_against_the_goal_is_the_one_near_it() -> None:
    got = verdict_of(settle, "The Year-End Mail campaign exceeded its goal.", CAMPAIGNS)
    # Raised, not the donors counted nor the cost of raising: the one column within a factor of two
    assert got == ("CONTRADICTED", "Year-End Mail: Raised ($) 295,800 against Goal ($) 320,000"), got


def test_no_goal_column_or_no_column_near_it_settles_nothing() -> None:
    from toulmin.tables.goals import against_goal
    from toulmin.tables.render import render_tables
    from toulmin.tables.words import ClaimText

    no_goal = "Campaign,Raised ($),Cost ($)\nSpring,186000,22300\nGala,412500,96800\n"
    far = "Campaign,Donors,Goal ($)\nSpring,1240,200000\nGala,310,400000\n"
    for text in (no_goal, far):
        got = render_tables(text)
        assert got is not None
        assert against_goal(ClaimText.of("Spring beat its goal."), "s", got[2][0]) is None
