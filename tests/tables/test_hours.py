"""Opening hours read by the day (tables/hours.py)."""

from __future__ import annotations

import json

import pytest

from toulmin.tables.hours import times_said
from toulmin.tables.settle import settle

from .conftest import verdict_of

CAFE = json.dumps({"name": "Blue Fin Sushi", "city": "Tampa", "hours": {
    "Monday": "11:00-21:00", "Tuesday": "11:00-21:00", "Wednesday": "11:00-21:00", "Thursday": "11:00-21:00",
    "Friday": "11:00-23:00", "Saturday": "12:00-23:00", "Sunday": "closed"}})

_WEEK = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
CLINICS = json.dumps({"clinics": [
    {"name": "Maple Grove Urgent Care",
     "hours": dict(zip(_WEEK, ["08:00-20:00"] * 5 + ["09:00-17:00", "closed"], strict=True))},
    {"name": "Riverside Clinic",
     "hours": dict(zip(_WEEK, ["07:30-17:00"] * 3 + ["07:30-19:00", "07:30-16:00"] + ["closed"] * 2,
                       strict=True))},
]})


def test_times_as_people_write_them() -> None:
    assert times_said("opens at 7 am, closes at 8 p.m.") == [420, 1200]
    assert times_said("from 10:00 until noon") == [600, 720]
    assert times_said("open 7 days a week until midnight") == [0]  # "7 days" is no time


@pytest.mark.parametrize(("claim", "verdict", "note"), [
    ("It opens at 11 am on Mondays.", "SUPPORTED", "Monday 11:00-21:00"),
    ("It opens at 10 am on Mondays.", "CONTRADICTED", "Monday 11:00-21:00"),
    ("It closes at 9 pm on weekdays.", "CONTRADICTED", "Friday 11:00-23:00"),  # Friday closes at 11
    ("It stays open until 11 pm on Fridays and Saturdays.", "SUPPORTED", "Saturday 12:00-23:00"),
    ("It opens at noon on Saturdays.", "SUPPORTED", "Saturday 12:00-23:00"),
    ("It is open from 11:00 to 21:00 Monday to Thursday.", "SUPPORTED", "Thursday 11:00-21:00"),
    ("It opens at 11 am on Sundays.", "CONTRADICTED", "Sunday closed"),
    ("Its latest closing time is 11 pm, on Fridays and Saturdays.", "SUPPORTED", "latest closing time 23:00"),
    ("Its latest closing time is 11 pm, on Fridays only.", "CONTRADICTED", "on Friday, Saturday"),
    ("It is open for 11 hours on Saturdays, from noon to 11 pm.", "SUPPORTED", "Saturday 12:00-23:00"),
    ("It is open for 12 hours on Saturdays, from noon to 11 pm.", "CONTRADICTED", "(11 hours)"),
    ("Its latest closing time is 9 pm.", "CONTRADICTED", "latest closing time 23:00"),
])
def test_a_days_hours(claim: str, verdict: str | None, note: str) -> None:
    got = verdict_of(settle, claim, CAFE)
    if verdict is None:
        assert got is None or got[0] != "SUPPORTED", got
        return
    assert got is not None and got[0] == verdict and note in got[1], got


def test_the_named_record_of_a_list() -> None:
    got = verdict_of(settle, "Maple Grove Urgent Care stays open until 8 p.m. on weekdays.", CLINICS)
    assert got is not None and got[0] == "SUPPORTED", got
    got = verdict_of(settle, "Riverside Clinic stays open until 8 p.m. on weekdays.", CLINICS)
    assert got is not None and got[0] == "CONTRADICTED" and "Monday 07:30-17:00" in got[1], got


def test_what_the_hours_do_not_say_is_left_to_other_rules() -> None:
    # a day called the longest: not read from one day's times alone
    got = verdict_of(settle, "Saturday is its longest day, open from 12:00 to 23:00.", CAFE)
    assert got is None or got[0] != "SUPPORTED", got


def test_a_time_of_day_is_no_amount_of_another_column() -> None:
    # "until 14 p.m." (a figure made false) is no "14" of `years_experience`
    clinic = json.dumps({"name": "Willowbend", "hours": {"mon": "07:30-18:00", "wed": "07:30-20:00"},
                         "staff": [{"vet": "Dr. Voss", "years_experience": 14},
                                   {"vet": "Dr. Lund", "years_experience": 6}]})
    got = verdict_of(settle, "The clinic stays open latest until 14 p.m.", clinic)
    assert got is None or got[0] != "SUPPORTED", got
