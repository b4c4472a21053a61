"""A claim naming values of one row and nothing else (one_row.py)."""

from __future__ import annotations

import json

import pytest

from toulmin.tables.one_row import one_row
from toulmin.tables.render import render_tables
from toulmin.tables.settle import settle

from .conftest import verdict_of

GAMES = """## 2008 indoor soccer league season

| date | home team | score | visiting team | stadium |
|---|---|---|---|---|
| january 4 , 2008 | edmonton drillers | 9 - 8 | saskatoon accelerators | servus centre |
| january 5 , 2008 | saskatoon accelerators | 9 - 10 (so) | edmonton drillers | credit union centre |
| january 6 , 2008 | saskatoon accelerators | 4 - 8 | edmonton drillers | credit union centre |
| april 5 , 2008 | prince george fc | 5 - 8 | edmonton drillers | cn centre |
"""
CURLING = """| skip | third | second | lead | city |
|---|---|---|---|---|
| michelle englot | jacquie armstrong | cindy simmons | deanna doig | regina |
| jan betker | sherry anderson | kim dolan | lorraine arguin | saskatoon |
"""
SHOP = json.dumps({"name": "Blue Fin Sushi", "city": "Tampa", "attributes": {"WiFi": "free"},
                   "hours": {"Monday": "11:00-21:00", "Sunday": "closed"}})


def _tables(text: str) -> list[tuple[str, object]]:
    got = render_tables(text)
    assert got is not None
    return [("s", t) for t in got[2]]


def _one(claim: str, text: str) -> tuple[str, str] | None:
    return verdict_of(one_row, claim, text)


def test_a_lookup_of_one_row_is_supported_with_its_cells_quoted() -> None:
    claim = "the score for the edmonton drillers on january 6 , 2008 be 4 - 8"
    tables = _tables(GAMES)
    got = settle(claim, tables)  # type: ignore[arg-type]
    assert got is not None and got.verdict == "SUPPORTED"
    assert "'4 - 8' (score)" in got.note and "'january 6 , 2008' (date)" in got.note
    reading = render_tables(GAMES)
    assert reading is not None
    quoted = [reading[0][a:b] for _, a, b in got.quotes]
    assert any("4 - 8" in q for q in quoted) and all("9 - 8" not in q for q in quoted)


@pytest.mark.parametrize(
    "claim",
    [
        "the score for the edmonton drillers on january 6 , 2008 be 9 - 8",  # the score of another row
        "prince george fc be the visit team on april 5 , 2008",  # it was the home team that day
        "the skip with a second of deanna doig be michelle englot",  # deanna doig is the lead
    ],
)
def test_values_of_two_rows_or_a_role_the_row_does_not_give_are_not_supported(claim: str) -> None:
    text = CURLING if "skip" in claim else GAMES
    assert _one(claim, text) is None


@pytest.mark.parametrize(
    "claim",
    [
        "the edmonton drillers beat the saskatoon accelerators 4 - 8 on january 6 , 2008",  # who won
        "the edmonton drillers score more than 4 - 8 on january 6 , 2008",
        "the edmonton drillers do not play at credit union centre on january 6 , 2008",
        "the edmonton drillers play their last game at cn centre on april 5 , 2008",
        "the edmonton drillers play at credit union centre on january 6 , 2008 before 3000 fan",
        "the edmonton drillers play the biggest game at credit union centre on january 6 , 2008",
        "the edmonton drillers play a sold out charity exhibition at credit union centre on january 6 , 2008",
    ],
)
def test_what_a_row_cannot_back_is_left_to_the_other_readings(claim: str) -> None:
    assert _one(claim, GAMES) is None


def test_the_row_holds_the_claims_values_whatever_words_join_them() -> None:
    assert _one("the edmonton drillers play at credit union centre on january 6 , 2008", GAMES) == (
        "SUPPORTED",
        "one row holds every value the claim names: 'january 6 , 2008' (date), 'edmonton drillers' "
        "(visiting team), 'credit union centre' (stadium)",
    )


def test_a_record_whose_named_field_is_not_said_is_not_supported() -> None:
    assert _one("Blue Fin Sushi in Tampa has free WiFi.", SHOP) is not None
    assert _one("Blue Fin Sushi in Tampa opens on Sunday.", SHOP) is None  # Sunday: closed


def test_one_value_is_no_lookup() -> None:
    assert _one("the edmonton drillers be a team", GAMES) is None


def test_a_cell_said_in_another_order_is_said() -> None:
    text = "| date | home team | away team |\n|---|---|---|\n| 10 june 1968 | carlton | hawthorn |\n" \
           "| 17 june 1968 | hawthorn | geelong |\n"
    got = _one("hawthorn be the away team on june 10 1968", text)
    assert got is not None and got[0] == "SUPPORTED" and "'10 june 1968' (date)" in got[1]
    assert _one("hawthorn be the away team on june 17 1968", text) is None  # the home team that day
    assert _one("hawthorn be the away team on june 10 1969", text) is None  # no cell is 1969


def test_a_name_said_in_the_singular_is_the_cells_plural_and_point_is_points() -> None:
    # "yankees" read as "yankee" (not "yank"), TabFact's lemmatised "point" as the header "points"
    table = """| date | opponent | points | venue |
|---|---|---|---|
| april 18 | yankees | 12 | home |
| april 19 | trainees | 7 | away |
"""
    assert _one("the yankee play at home on april 18", table) == (
        "SUPPORTED", "one row holds every value the claim names: 'april 18' (date), 'yankees' (opponent), "
        "'home' (venue)")
    assert _one("the trainee score 7 point on april 19", table) is not None


def test_an_ordinal_is_the_number_its_cell_writes() -> None:
    draft = """| pick | team | player | position | college |
|---|---|---|---|---|
| 84 | new york jets | lou piccone | wide receiver | west liberty |
| 85 | green bay packers | tom toner | tackle | wisconsin |
"""
    got = verdict_of(one_row, "the 85th pick be a tackle from wisconsin", draft)
    assert got is not None and got[0] == "SUPPORTED", got
    assert verdict_of(one_row, "the 84th pick be a tackle from wisconsin", draft) is None
