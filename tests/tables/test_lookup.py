"""A lookup of a named row's cells (lookup.py): each figure read where its own words put it."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

LEAGUE = """| team | played | points | drawn | lost |
|---|---|---|---|---|
| Unia Tarnow | 18 | 30 | 0 | 3 |
| Polonia Pila | 18 | 25 | 1 | 5 |
| Sparta Srem | 18 | 19 | 1 | 8 |
"""
SCORERS = """| player | county | total | matches |
|---|---|---|---|
| Oisin McConville | Armagh | 25 | 5 |
| Padraic Joyce | Galway | 24 | 6 |
"""


@pytest.mark.parametrize(
    ("claim", "text", "want"),
    [
        # every figure in the column its words name
        ("Oisin McConville scored a total of 25 points in his 5 matches.", SCORERS, "SUPPORTED"),
        # the two figures swapped: 25 is his total, not his matches
        ("Oisin McConville scored 5 points in his 25 matches.", SCORERS, "CONTRADICTED"),
        # 30 points and 18 played are Unia's, but it lost 3, not 7
        ("Unia Tarnow played 18 matches for 30 points but lost 7 games.", LEAGUE, "CONTRADICTED"),
        ("Unia Tarnow played 18 matches for 30 points and lost 3.", LEAGUE, "SUPPORTED"),
        # "8 of its 18": the figure's own words name no other column
        ("Sparta Srem lost 8 of its 18 matches.", LEAGUE, "SUPPORTED"),
    ],
)
def test_each_figure_is_read_in_the_column_it_names(claim: str, text: str, want: str) -> None:
    got = verdict_of(settle, claim, text)
    assert got is not None and got[0] == want, got


def test_the_refuting_cell_is_quoted() -> None:
    got = verdict_of(settle, "Oisin McConville scored 5 points in his 25 matches.", SCORERS)
    assert got == ("CONTRADICTED", "Oisin McConville, matches: 5")
