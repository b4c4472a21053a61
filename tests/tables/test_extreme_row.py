"""A row said to hold a column's extreme, named by any of its values (extreme_row.py)."""

from __future__ import annotations

import pytest

from toulmin.tables.extreme_row import extreme_row
from toulmin.tables.render import render_tables
from toulmin.tables.settle import settle

from .conftest import verdict_of

ROUND = """## 1968 vfl season

| home team | home team score | away team | away team score | venue | crowd |
|---|---|---|---|---|---|
| geelong | 14.12 (96) | fitzroy | 16.15 (111) | kardinia park | 21123 |
| st kilda | 10.9 (69) | carlton | 11.17 (83) | moorabbin oval | 32500 |
| richmond | 17.19 (121) | st kilda | 12.10 (82) | mcg | 25000 |
| hawthorn | 9.8 (62) | essendon | 13.13 (91) | glenferrie oval | 14800 |
"""
TESTS = """| name | location | purpose | yield | rank |
|---|---|---|---|---|
| otero | area 3q | safety test | 38 tons | 1 |
| eddy | area 7b | weapons development | 83 tons | 2 |
| mora | area 7 | weapons development | 2 kilotons | 3 |
"""
DISTRICTS = """| district | population (2010 census) | pop density (per km2) |
|---|---|---|
| binondo | 12985 | 19641.5 |
| ermita | 7143 | 4225.0 |
| intramuros | 4925 | 7979.0 |
"""


def _extreme(claim: str, text: str) -> tuple[str, str] | None:
    return verdict_of(extreme_row, claim, text)


def test_a_row_named_by_any_of_its_values_holds_the_highest_figure() -> None:
    assert _extreme("fitzroy have the highest away team score", ROUND) == (
        "SUPPORTED", "the highest away team score over the table's 4 rows is 16.15 (111) (fitzroy)")
    assert _extreme("the smallest crowd be with the hawthorn home team", ROUND) == (
        "SUPPORTED", "the lowest crowd over the table's 4 rows is 14800 (hawthorn)")


def test_a_row_that_is_not_the_extreme_is_contradicted_with_the_row_that_is() -> None:
    assert _extreme("carlton have the highest away team score", ROUND) == (
        "CONTRADICTED", "the highest away team score is 16.15 (111) (geelong), not 11.17 (83) (carlton)")
    # st kilda's home game, not its away game (the highest score of the two)
    assert _extreme("st kilda be the home team with the highest away team score", ROUND) == (
        "CONTRADICTED", "the highest away team score is 16.15 (111) (geelong), not 11.17 (83) (st kilda)")


def test_settle_reads_it_when_no_other_rule_does() -> None:
    got = render_tables(ROUND)
    assert got is not None
    settled = settle("fitzroy have the highest away team score", [("s", t) for t in got[2]])
    assert settled is not None and settled.verdict == "SUPPORTED"


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        # richmond has the highest home team score, but richmond is no row's away team
        ("richmond be the away team with the highest home team score", ROUND),
        ("the highest crowd be 30000 at moorabbin oval", ROUND),  # a figure the claim states, not the highest
        ("carlton have the highest away team score in a single week", ROUND),  # the claim narrows the rows
        ("3 team tie for the highest crowd", ROUND),
        ("eddy have the largest yield", TESTS),  # tons beside kilotons
        ("mora have the lowest rank", TESTS),  # a rank's lowest is its largest number
        ("ermita have the lowest population density", DISTRICTS),  # "pop density", not "population"
        ("most of the crowd at moorabbin oval came by train", ROUND),  # a share, not the highest row
    ],
)
def test_what_the_column_or_the_row_does_not_settle_is_left_alone(claim: str, text: str) -> None:
    assert _extreme(claim, text) is None


def test_a_column_named_by_its_headers_last_word() -> None:
    games = ("| game | opponent | high rebounds | attendance |\n|---|---|---|---|\n"
             "| 50 | utah | 12 | 18000 |\n| 51 | denver | 15 | 17500 |\n| 52 | boston | 9 | 19000 |\n")
    assert _extreme("denver have the highest number of rebound", games) == (
        "SUPPORTED", "the highest high rebounds over the table's 3 rows is 15 (denver)")


LOG = """## 2006 toronto blue jays season

| date | opponent | score | loss | attendance |
|---|---|---|---|---|
| april 18 | yankees | 10 - 5 | johnson (2 - 2) | 48776 |
| april 19 | yankees | 3 - 1 | lilly (1 - 1) | 32886 |
| april 21 | red sox | 7 - 6 (12) | foulke (0 - 1) | 28333 |
| april 29 | yankees | 17 - 6 | towers (0 - 5) | 50119 |
"""


def test_the_highest_scoring_game_adds_both_sides_of_the_score() -> None:
    assert verdict_of(extreme_row, "the highest scoring game be against the yankee on april 29", LOG) == (
        "SUPPORTED", "the highest-scoring game by score over the table's 4 rows is 17 - 6 (23 together) "
        "(april 29, yankees)")
    assert verdict_of(extreme_row, "the lowest scoring game be against the red sox on april 21", LOG) == (
        "CONTRADICTED", "the lowest-scoring game by score is 3 - 1 (4 together) (april 19), not 7 - 6 (12) "
        "(13 together) (april 21, red sox)")
