"""What a claim names in a table (pick.py): a column by its initials."""

from __future__ import annotations

import json

from toulmin.tables.pick import initials, pair_initials
from toulmin.tables.settle import settle

from .conftest import verdict_of

UPDATE = """| Metric | Q3 2024 | Q2 2024 | Q3 2023 |
|---|---|---|---|
| Gold sold (oz) | 59,420 | 64,150 | 57,300 |
| All-in sustaining cost ($/oz sold) | 1,387 | 1,296 | 1,342 |
"""


def test_initials_leave_out_the_unit() -> None:
    assert initials("All-in sustaining cost ($/oz sold)") == "aisc"
    assert initials("Gold sold (oz)") == ""  # two words: too short to be a name


def test_a_column_named_by_its_initials() -> None:
    got = verdict_of(settle, "AISC fell from the previous quarter to $1,387 per ounce.", UPDATE)
    assert got is not None and got[0] == "CONTRADICTED" and "1,296 → 1,387" in got[1], got
    got = verdict_of(settle, "AISC rose from the previous quarter to $1,387 per ounce.", UPDATE)
    assert got is not None and got[0] == "SUPPORTED", got


VITALS = json.dumps({"observations": [
    {"time": "06:00", "hr_bpm": 104, "spo2_pct": 93},
    {"time": "10:00", "hr_bpm": 96, "spo2_pct": 95},
    {"time": "14:00", "hr_bpm": 88, "spo2_pct": 96},
    {"time": "18:00", "hr_bpm": 91, "spo2_pct": 96},
]})


def test_two_words_named_by_their_initials() -> None:
    assert "hr" in pair_initials("heart rate fell")
    assert "id" not in pair_initials("income data")  # an identifier's name, never a measure's
    got = verdict_of(settle, "Heart rate fell at every observation through the day.", VITALS)
    assert got is not None and got[0] == "CONTRADICTED" and "88 → " in got[1], got
    got = verdict_of(settle, "Heart rate fell at every observation until 14:00.", VITALS)
    assert got is None or got[0] != "CONTRADICTED", got
