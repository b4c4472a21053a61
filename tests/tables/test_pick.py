"""What a claim names in a table (pick.py): a column by its initials, a row by its column's word
and value ("Cow 1057")."""

from __future__ import annotations

import json

from toulmin.tables.pick import initials, pair_initials
from toulmin.tables.render import render_tables
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


HERD = """Cow ID | Breed | Days in milk | Milk yield (kg/day)
1043 | Holstein | 142 | 38.6
1057 | Holstein | 96 | 42.1
1102 | Jersey | 201 | 24.3
1118 | Holstein | 63 | 33.9
"""


def _herd(claim: str) -> tuple[str, str] | None:
    got = render_tables(HERD, "table")
    assert got is not None
    s = settle(claim, [("s", t) for t in got[2]])
    return None if s is None else (s.verdict, s.note)


def test_a_row_named_by_its_columns_word_and_value() -> None:
    # the label column is Breed, which two rows share: "Cow 1057" names the row by `Cow ID`
    got = _herd("Cow 1057 is the top producer at 42.1 kg of milk per day.")
    assert got is not None and got[0] == "SUPPORTED", got
    assert "Holstein [Cow ID 1057]" in got[1], got  # the note tells the two Holsteins apart
    got = _herd("Cow 1043 is the top producer at 38.6 kg of milk per day.")
    assert got is not None and got[0] == "CONTRADICTED", got
    # "kg" picks `Milk yield (kg/day)` over `Days in milk` when the figure is wrong too
    got = _herd("Cow 1102 gives 26.3 kg of milk per day.")
    assert got is not None and got[0] == "CONTRADICTED" and "24.3" in got[1], got


def test_a_lower_case_count_word_names_no_row() -> None:
    # "game 42", "pick 22" in lower case count rows as often as they name one
    got = _herd("cow 1057 is the top producer at 42.1 kg of milk per day.")
    assert got is None or got[0] != "SUPPORTED", got


ROUTES = ("Route,Name,Avg_daily_riders,Length_km\n11,Riverside,8150,12.0\n17,Hillcrest,6820,21.4\n"
          "24,Old Town,3940,9.8\n")


def test_the_column_that_names_the_row_is_no_measure_of_it() -> None:
    # "Route 24" names the row; its figure is of riders, not of the `Route` column
    got = verdict_of(settle, "Route 24 carries 4,100 riders a weekday.", ROUTES)
    assert got is not None and got[0] == "CONTRADICTED" and "Avg_daily_riders: 3940" in got[1], got
    got = verdict_of(settle, "Route 11 is the longest route in the network.", ROUTES)
    assert got is not None and got[0] == "CONTRADICTED" and "Length_km is highest in Hillcrest" in got[1], got
