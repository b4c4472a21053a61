"""A change between two periods (change.py): said by its distance ("year on year", "from the
previous quarter"), with the level it reached."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

UPDATE = """| Metric | Q3 2024 | Q2 2024 | Q3 2023 |
|---|---|---|---|
| Gold sold (oz) | 59,420 | 64,150 | 57,300 |
| Revenue ($M) | 145.0 | 148.7 | 109.2 |
"""


@pytest.mark.parametrize(
    ("claim", "want", "arith"),
    [
        # Q3 2024 against Q3 2023, not a trend over the three columns
        ("Revenue rose about 33% year on year to $145.0 million.", "SUPPORTED", "(145.0 − 109.2) / 109.2"),
        ("Revenue rose about 20% year on year.", "CONTRADICTED", "(145.0 − 109.2) / 109.2"),
        # Q3 2024 against Q2 2024
        ("Gold sold fell about 7% from the previous quarter.", "SUPPORTED", "(59,420 − 64,150) / 64,150"),
        ("Gold sold rose about 4% year over year.", "SUPPORTED", "(59,420 − 57,300) / 57,300"),
        ("Revenue rose about 2% quarter on quarter.", "CONTRADICTED", "(145.0 − 148.7) / 148.7"),
    ],
)
def test_a_change_against_a_period_by_its_distance(claim: str, want: str, arith: str) -> None:
    got = verdict_of(settle, claim, UPDATE)
    assert got is not None and got[0] == want and arith in got[1], got


def test_the_level_a_change_reached_is_checked_too() -> None:
    got = verdict_of(settle, "Revenue rose about 33% year on year to $150.0 million.", UPDATE)
    assert got is not None and got[0] == "CONTRADICTED" and "145.0, not $150.0 million" in got[1], got


LAB = """| Analyte | Result | Previous (2023-09-08) | Units |
|---|---|---|---|
| Total cholesterol | 231 | 258 | mg/dL |
| LDL cholesterol | 148 | 176 | mg/dL |
| Fasting glucose | 103 | 97 | mg/dL |
"""
HEADCOUNT = """department,headcount_jan_1,hires,departures,headcount_dec_31
Engineering,412,96,61,447
Customer Support,186,58,47,197
Marketing,63,14,15,62
"""


@pytest.mark.parametrize(
    ("claim", "text", "want", "note"),
    [
        # the Previous column against the Result column, in the claim's unit (mg/dL of bare cells)
        ("LDL cholesterol dropped by 28 mg/dL compared with the previous panel.", LAB, "SUPPORTED",
         "Result: 148 − 176 = -28"),
        ("LDL cholesterol dropped by 30 mg/dL compared with the previous panel.", LAB, "CONTRADICTED",
         "Result: 148 − 176 = -28"),
        # a measure's start and end of year, the two columns the claim's words tie between
        ("Customer Support's headcount rose by 13 people over the year.", HEADCOUNT, "CONTRADICTED",
         "headcount_dec_31: 197 − 186 = 11"),
        ("Customer Support's headcount rose by 11 people over the year.", HEADCOUNT, "SUPPORTED",
         "headcount_dec_31: 197 − 186 = 11"),
    ],
)
def test_a_change_between_a_measure_before_and_after(claim: str, text: str, want: str, note: str) -> None:
    got = verdict_of(settle, claim, text)
    assert got == (want, note), got


def test_a_sum_backs_no_change_it_does_not_compute() -> None:
    # 412 + 186 + 63 = 661 is where it grew from; the growth to 706 is not what the sum read
    got = verdict_of(settle, "Across the three departments, headcount grew from 661 to 750 over the year.",
                     HEADCOUNT)
    assert got is None or got[0] != "SUPPORTED", got


CENSUS = (
    "Year group\t2023\t2024\tClasses 2024\nYear 7\t180\t196\t7\nYear 8\t174\t182\t7\nYear 9\t168\t171\t6\n"
)


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        # the years are the columns: the change from one to the other in the named row; the 8
        # of "Year 8" is the row's name, no figure of it
        ("Year 8 enrolment grew by about 10% between 2023 and 2024.",
         ("CONTRADICTED", "2024: (182 − 174) / 174 = +4.6%")),
        ("Year 8 enrolment grew by about 5% between 2023 and 2024.",
         ("SUPPORTED", "2024: (182 − 174) / 174 = +4.6%")),
    ],
)
def test_a_change_between_two_year_columns(claim: str, want: tuple[str, str]) -> None:
    assert verdict_of(settle, claim, CENSUS) == want



SCHOOLS = (
    "school\tstudents\tfree_meals_pct\nHillcrest Academy\t1240\t14\nRiverside Comprehensive\t1530\t31\n"
    "Oakwood School\t640\t9\n"
)


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        # "three times Oakwood's": a ratio of the row named first to the other, no count of rows
        ("The share of students on free meals at Riverside is more than three times Oakwood's.",
         ("SUPPORTED", "free_meals_pct: 31 / 9 = 3.44×")),
        ("The share of students on free meals at Riverside is more than four times Oakwood's.",
         ("CONTRADICTED", "free_meals_pct: 31 / 9 = 3.44×")),
        ("The share of students on free meals at Oakwood is more than three times Riverside's.",
         ("CONTRADICTED", "free_meals_pct: 9 / 31 = 0.29×")),
    ],
)
def test_a_multiple_of_another_rows_figure(claim: str, want: tuple[str, str]) -> None:
    assert verdict_of(settle, claim, SCHOOLS) == want
