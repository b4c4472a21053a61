"""Days of a month written without their year (checks/days.py)."""

from __future__ import annotations

import pytest

from toulmin.checks import check_dates
from toulmin.checks.days import days_given, yearless_days

CLOSURE = ("The Harbor Street garage was closed for resurfacing from October 14 to October 18, "
           "so its occupancy figure covers the remaining weekdays only.")


def _status(claim: str, evidence: str) -> list[str]:
    return [f.status for f in check_dates(claim, evidence) if f.kind == "date"]


def test_a_day_the_evidence_does_not_give_is_missing() -> None:
    assert _status("Harbor Street was closed during the week of October 21.", CLOSURE) == ["missing"]
    # evidence that gives no day at all says nothing of the claim's
    assert _status("The fight takes place on May 2.", "Mayweather will finally take on Pacquiao.") == []


@pytest.mark.parametrize("claim", [
    "It was closed on October 16.",  # inside the range
    "It was closed on 14 October.",
    "It reopened on Oct. 18.",
])
def test_a_day_the_evidence_gives_in_any_form_is_stated(claim: str) -> None:
    assert _status(claim, CLOSURE) == ["ok"]


def test_a_day_with_its_year_is_left_to_the_dates_check() -> None:
    assert yearless_days("It closed on October 14, 2024.") == []
    assert yearless_days("It closed on 14 October 2024.") == []


def test_may_the_verb_is_no_month() -> None:
    assert yearless_days("Sales may 5 times exceed the target.") == []
    assert yearless_days("It opened on May 5.") == [("May 5", 5, 5)]
    assert yearless_days("the game on may 5 be a win") == [("may 5", 5, 5)]  # all lower case


def test_the_days_a_text_gives() -> None:
    got = days_given("Held on 2024-10-21 and 11/3; again 14–18 May and June 30 to July 2.")
    assert {(10, 21), (5, 16), (6, 30), (7, 2)} <= got
    assert {(11, 3), (3, 11)} <= got  # 11/3 read either way
    assert (7, 1) not in got  # a range across months gives its ends only
    assert (10, 17) in days_given("| 10 / 17 / 1987 | maryland |")  # as a table writes it
    assert (1, 20) in days_given("2009 - 10 season, january 20: game is 41")  # a row read as a sentence
