"""Two values of one column compared by the rows holding each (compare_counts.py)."""

from __future__ import annotations

import pytest

from toulmin.tables.compare_counts import compare_counts

from .conftest import verdict_of

SCHOOLS = """## list of schools in the hawke 's bay region

| name | gender | area | roll |
|---|---|---|---|
| frasertown school | coed | wairoa | 48 |
| nuhaka school | coed | wairoa | 61 |
| st joseph 's school | coed | wairoa | 102 |
| havelock north high school | coed | napier | 1200 |
| napier girls' high school | girls | napier | 950 |
| omakere school | coed | waipukurau | 20 |
"""
SEASON = """## 1979 new york jets season

| week | date | opponent | result |
|---|---|---|---|
| 1 | september 2 , 1979 | cleveland browns | l 22 - 25 |
| 2 | september 9 , 1979 | miami dolphins | l 27 - 33 |
| 3 | september 16 , 1979 | green bay packers | w 24 - 22 |
| 4 | october 21 , 1979 | miami dolphins | w 33 - 27 |
"""


def _compare(claim: str, text: str) -> tuple[str, str] | None:
    return verdict_of(compare_counts, claim, text)


def test_a_value_against_every_other_of_its_column() -> None:
    assert _compare("there be more school in the wairoa area than in any other area", SCHOOLS) == (
        "SUPPORTED", "area: 'wairoa' in 3 of the 6 rows, any other (most: 'napier' in 2)")
    assert _compare("there be fewer school in the wairoa area than in any other area", SCHOOLS) == (
        "CONTRADICTED", "area: 'wairoa' in 3 of the 6 rows, any other (most: 'napier' in 2)")


def test_two_values_and_the_gap_said() -> None:
    both = "opponent: 'miami dolphins' in 2 of the 4 rows, 'green bay packers' in 1, a difference of 1"
    assert _compare("the jet play the miami dolphins 1 time more than they play the green bay packer",
                    SEASON) == ("SUPPORTED", both)
    assert _compare("the jet play the miami dolphins 2 more game than the green bay packer", SEASON) == (
        "CONTRADICTED", both)
    # "in september" narrows both sides by the date cells holding it
    claim = "the jet play more game against the miami dolphins than the green bay packer in september"
    assert _compare(claim, SEASON) == (
        "CONTRADICTED", "opponent: 'miami dolphins' in 1 of the 3 rows, 'green bay packers' in 1")


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        ("frasertown school have more roll than nuhaka school", SCHOOLS),  # a column's figures (compare_rows)
        ("the jet win more game against the miami dolphins than the green bay packer", SEASON),  # a result
        ("there be more school in the wairoa area than in the hastings area", SCHOOLS),  # no such value
        # two values before "than"
        ("there be more coed school in the wairoa area than in the napier area", SCHOOLS),
    ],
)
def test_what_it_does_not_read_is_left_alone(claim: str, text: str) -> None:
    assert _compare(claim, text) is None
