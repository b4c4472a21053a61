"""Figures read in the column their own words name (bound.py)."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

STANDINGS = """| position | team | played | wins | draws pk wins / pk losses | losses | scored | points |
|---|---|---|---|---|---|---|---|
| 1 | Cerro Cora | 12 | 8 | 1 / 2 | 1 | 22 | 28 |
| 2 | Guarani | 12 | 6 | 1 / 4 | 1 | 22 | 24 |
| 3 | San Lorenzo | 12 | 5 | 2 / 1 | 4 | 13 | 20 |
"""
DRAFT = """| round | pick | player | position | college |
|---|---|---|---|---|
| 6 | 179 | Wardell Rouse | linebacker | Clemson |
| 7 | 206 | Derrick Franklin | defensive back | Fresno State |
"""


@pytest.mark.parametrize(
    ("claim", "text", "want"),
    [
        # 24 in points and 6 in wins ("scored" is one stem with "points"; `draws pk wins` shares "wins")
        ("Guarani have 24 points and 6 wins.", STANDINGS,
         ("SUPPORTED", "Guarani, points: 24; Guarani, wins: 6")),
        ("Guarani have 24 points and 8 wins.", STANDINGS, ("CONTRADICTED", "Guarani, wins: 6")),
        # the word right before a figure binds it: round 6, whatever else is said after
        ("Wardell Rouse was picked in round 6.", DRAFT, ("SUPPORTED", "Wardell Rouse, round: 6")),
        ("Wardell Rouse was picked in round 7.", DRAFT, ("CONTRADICTED", "Wardell Rouse, round: 6")),
    ],
)
def test_each_figure_in_the_column_its_words_name(claim: str, text: str, want: tuple[str, str]) -> None:
    assert verdict_of(settle, claim, text) == want


@pytest.mark.parametrize(
    "claim",
    [
        "Wardell Rouse was picked in round 6 from Kentucky.",  # a college the figures do not read
        "Guarani finished first with 24 points.",  # a rank no figure says (Guarani is second)
    ],
)
def test_what_the_figures_do_not_read_is_left(claim: str) -> None:
    got = verdict_of(settle, claim, STANDINGS if "Guarani" in claim else DRAFT)
    assert got is None or got[0] != "SUPPORTED", got
