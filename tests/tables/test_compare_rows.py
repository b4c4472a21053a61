"""Two rows, each named by any of its values, compared on a column (compare_rows.py)."""

from __future__ import annotations

import pytest

from toulmin.tables.compare_rows import compare_rows

from .conftest import verdict_of

ROUND = """## 1968 vfl season

| home team | home team score | away team | away team score | venue | crowd |
|---|---|---|---|---|---|
| geelong | 14.12 (96) | fitzroy | 16.15 (111) | kardinia park | 21123 |
| st kilda | 10.9 (69) | carlton | 11.17 (83) | moorabbin oval | 32500 |
| hawthorn | 9.8 (62) | essendon | 13.13 (91) | glenferrie oval | 14800 |
"""
DRAFT = """| pick | player | team | rank |
|---|---|---|---|
| 20 | rene villemure | new york rangers | 3 |
| 31 | john smith | los angeles kings | 5 |
"""


def _compare(claim: str, text: str) -> tuple[str, str] | None:
    return verdict_of(compare_rows, claim, text)


def test_two_rows_named_by_their_venues_compared_with_the_gap_said() -> None:
    note = "crowd: 14800 (glenferrie oval) < 32500 (moorabbin oval), a difference of 17700"
    claim = "the game at glenferrie oval have a crowd that be {} smaller than the game at moorabbin oval"
    assert _compare(claim.format(17700), ROUND) == ("SUPPORTED", note)
    assert _compare(claim.format(4247), ROUND) == ("CONTRADICTED", note)


def test_a_row_against_a_figure() -> None:
    assert _compare("the game at kardinia park have a crowd larger than 20000", ROUND) == (
        "SUPPORTED", "crowd: 21123 (kardinia park) > 20000")
    assert _compare("the game at kardinia park have a crowd larger than 25000", ROUND) == (
        "CONTRADICTED", "crowd: 21123 (kardinia park) < 25000")


def test_the_roles_the_headers_give_pick_the_rows() -> None:
    # carlton is an away team: "carlton as the home team" names no row
    assert _compare("carlton as the home team have a higher crowd than hawthorn", ROUND) is None
    assert _compare("carlton as the away team have a higher crowd than hawthorn", ROUND) == (
        "SUPPORTED", "crowd: 32500 (carlton) > 14800 (hawthorn)")


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        # a pick's "higher" is the smaller number
        ("rene villemure have a higher pick than john smith", DRAFT),
        ("geelong have a larger crowd than any other home team", ROUND),
        ("geelong and hawthorn have a larger crowd than st kilda", ROUND),
        # "13" is a name's number: no row is the Lumen 13, no figure compared
        ("the game at kardinia park have a larger crowd than the lumen 13", ROUND),
        # false of all the games, but "in may" may speak of other rows
        ("the game at kardinia park have a crowd larger than the game at moorabbin oval in may", ROUND),
    ],
)
def test_what_two_rows_do_not_settle_is_left_alone(claim: str, text: str) -> None:
    assert _compare(claim, text) is None


def test_a_gap_before_the_comparative_is_the_gap_whatever_cell_holds_that_number() -> None:
    laps = ("| driver | laps | grid |\n|---|---|---|\n| ian stewart | 80 | 10 |\n"
            "| maurice trintignant | 70 | 3 |\n| paul frere | 10 | 7 |\n")
    assert _compare("ian stewart complete 10 more lap than maurice trintignant", laps) == (
        "SUPPORTED", "laps: 80 (ian stewart) > 70 (maurice trintignant), a difference of 10")


def test_a_column_named_by_its_headers_last_word_right_after_the_comparative() -> None:
    games = ("| game | opponent | high rebounds |\n|---|---|---|\n| 50 | utah | 12 |\n| 51 | denver | 15 |\n"
             "| 52 | boston | 9 |\n")
    assert _compare("denver have more rebound than utah", games) == (
        "SUPPORTED", "high rebounds: 15 (denver) > 12 (utah)")
