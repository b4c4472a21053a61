"""The issue's cases end to end, through the default verifier (the shipped checker): a
business record and a finance table, each claim with its verdict, note and quoted cell."""

from __future__ import annotations

import json

import pytest

import toulmin
from toulmin.report import Verdict

RECORD = json.dumps(
    {
        "name": "Blue Fin Sushi",
        "city": "Tampa",
        "stars": 4.5,
        "review_count": 212,
        "attributes": {"WiFi": "free", "OutdoorSeating": False, "RestaurantsDelivery": True},
        "hours": {"Monday": "11:00-21:00", "Friday": "11:00-23:00", "Sunday": "closed"},
    },
    indent=2,
)
TABLE = """Quarterly results.

| quarter | revenue ($M) | operating margin |
|---|---|---|
| Q1 2024 | 120.0 | 14% |
| Q2 2024 | 132.0 | 15% |
| Q3 2024 | 150.0 | 17% |
"""


@pytest.mark.parametrize(
    ("text", "claim", "verdict", "quote"),
    [
        (RECORD, "Blue Fin Sushi has outdoor seating.", Verdict.CONTRADICTED, '"OutdoorSeating": false'),
        (RECORD, "Blue Fin Sushi is open on Sundays.", Verdict.CONTRADICTED, '"Sunday": "closed'),
        (TABLE, "Revenue grew 10% from Q1 to Q2 2024.", Verdict.SUPPORTED, "Q2 2024 | 132.0"),
        (TABLE, "Q3 2024 revenue was $150 million.", Verdict.SUPPORTED, "Q3 2024 | 150.0"),
        (TABLE, "Operating margin peaked in Q2 2024.", Verdict.CONTRADICTED, "Q3 2024 | 150.0 | 17%"),
        (TABLE, "Revenue in Q3 2024 was $160 million.", Verdict.CONTRADICTED, "Q3 2024 | 150.0"),
        (
            TABLE,
            "Total revenue for the three quarters was $402 million.",
            Verdict.SUPPORTED,
            "Q1 2024 | 120.0",
        ),
    ],
)
def test_the_issue_cases(text: str, claim: str, verdict: Verdict, quote: str) -> None:
    report = toulmin.verify(claim, [{"id": "data", "text": text}])
    (d,) = report.details
    assert d.verdict == verdict, d.note
    assert d.decided_by == "table"
    e = d.evidence[0]
    assert quote in e.quote or e.quote in quote, e.quote
    assert text[e.start : e.end] == e.quote  # offsets into the text the user passed
    assert [f.kind for f in d.findings] == ["table"]
    assert report.sources[0]["read_as"] == "table"


def test_the_arithmetic_is_in_the_note() -> None:
    report = toulmin.verify("Revenue grew 10% from Q1 to Q2 2024.", [{"id": "data", "text": TABLE}])
    assert "(132.0 − 120.0) / 120.0 = +10.0%" in report.details[0].note


def test_a_row_the_table_lacks_is_not_contradicted() -> None:
    report = toulmin.verify("Revenue in Q4 2024 was $170 million.", [{"id": "data", "text": TABLE}])
    assert report.details[0].verdict == Verdict.OVERREACH


def test_the_prose_beside_a_table_is_still_checked_by_the_checker() -> None:
    text = "The company was founded in Oslo in 1999.\n\n" + TABLE
    report = toulmin.verify("The company was founded in Oslo.", [{"id": "data", "text": text}])
    (d,) = report.details
    assert d.verdict == Verdict.SUPPORTED and d.decided_by != "table"
    assert text[d.evidence[0].start : d.evidence[0].end] == d.evidence[0].quote


def test_a_record_beside_another_is_checked_against_the_one_it_names() -> None:
    other = json.dumps({"name": "Red Dragon", "hours": {"Sunday": "12:00-22:00"}})
    report = toulmin.verify(
        "Red Dragon is open on Sundays.", [{"id": "a", "text": RECORD}, {"id": "b", "text": other}]
    )
    (d,) = report.details
    assert (d.verdict, d.evidence[0].source_id) == (Verdict.SUPPORTED, "b")


def test_same_report_twice() -> None:
    a = toulmin.verify("Operating margin peaked in Q2 2024.", [{"id": "data", "text": TABLE}])
    b = toulmin.verify("Operating margin peaked in Q2 2024.", [{"id": "data", "text": TABLE}])
    assert a.model_dump(exclude={"timings_ms"}) == b.model_dump(exclude={"timings_ms"})


def test_a_claim_split_off_its_quarter_is_read_with_the_quarter_its_sentence_names() -> None:
    """"North-1 posted a PUE of 1.16" split off "in Q3 2024": Q1's 1.18 does not refute a
    figure of a quarter the table has no row for."""
    text = ("site\tquarter\tload_mw\tpue\nNorth-1\t2024-Q1\t12.4\t1.18\nNorth-1\t2024-Q2\t13.1\t1.17\n"
            "South-2\t2024-Q1\t8.2\t1.34\nSouth-2\t2024-Q2\t8.6\t1.31\n")
    report = toulmin.verify("North-1 posted a PUE of 1.16 in Q3 2024.", [{"id": "data", "text": text}])
    assert report.details and all(d.verdict == Verdict.OVERREACH for d in report.details), [
        (d.claim, d.verdict, d.note) for d in report.details]
    report = toulmin.verify("North-1 posted a PUE of 1.16 in Q2 2024.", [{"id": "data", "text": text}])
    assert any(d.verdict == Verdict.CONTRADICTED for d in report.details)


HOTELS = [
    {"id": "h1", "text": json.dumps({"name": "Quayside Inn", "pets_allowed": False, "breakfast": "included",
                                      "rooms": 40})},
    {"id": "h2", "text": json.dumps({"name": "Harbour Lodge", "pets_allowed": True, "breakfast": "extra",
                                      "rooms": 22})},
    {"id": "h3", "text": json.dumps({"name": "Old Mill House", "pets_allowed": True, "breakfast": "included",
                                      "rooms": 12})},
]


@pytest.mark.parametrize(
    ("claim", "verdict", "first_quoted"),
    [
        # records each in a source of its own, counted as the rows of one table; a claim
        # about all of them is refuted by the one that fails it, quoted first
        ("All three hotels allow pets.", Verdict.CONTRADICTED, "h1"),
        ("Every hotel includes breakfast.", Verdict.CONTRADICTED, "h2"),
        ("Two of the three hotels allow pets.", Verdict.SUPPORTED, "h2"),
        ("Two of the hotels include breakfast.", Verdict.SUPPORTED, "h1"),
        ("None of the hotels has more than 50 rooms.", Verdict.SUPPORTED, "h1"),
        ("Only one of the hotels has over 30 rooms.", Verdict.SUPPORTED, "h1"),
    ],
)
def test_records_in_their_own_sources_are_counted_together(
    claim: str, verdict: Verdict, first_quoted: str
) -> None:
    report = toulmin.verify(claim, HOTELS)
    (d,) = report.details
    assert (d.verdict, d.decided_by) == (verdict, "table"), d.note
    assert d.evidence[0].source_id == first_quoted, d.evidence
    for e in d.evidence:  # each quote points into its own record
        text = next(s["text"] for s in HOTELS if s["id"] == e.source_id)
        assert text[e.start : e.end] == e.quote


def test_a_count_of_one_named_record_is_not_a_count_of_the_records() -> None:
    report = toulmin.verify("Two of the Quayside Inn's 40 rooms face the sea.", HOTELS)
    assert "rows with" not in report.details[0].note


ACCOUNT = json.dumps({"org_name": "Fernhill Analytics",
                      "plan": {"name": "Team", "price_per_seat_usd_month": 18, "seats_purchased": 25},
                      "features": {"sso": False, "audit_log": True}})
LISTINGS = json.dumps([
    {"id": "R-101", "title": "Sunny loft", "monthly_rent": 1650, "sqft": 720},
    {"id": "R-103", "title": "Top-floor 3BR with terrace", "monthly_rent": 2740, "sqft": 1240},
    {"id": "R-104", "title": "Studio by Elm Park", "monthly_rent": 1180, "sqft": 430},
])
PLANS = """Premiums shown are the employee's share per month.

| Plan | Employee premium ($/mo) | Family premium ($/mo) | Deductible ($) |
|---|---|---|---|
| Bronze HDHP | 42 | 168 | 3,200 |
| Silver PPO | 118 | 402 | 1,500 |

Dental and vision are elected separately and are not included in these premiums.
"""
BUDGET = """Department            FY2023 actual ($000)   FY2025 proposed ($000)
Public Works          18,450                 20,100
Fire & EMS            15,670                 17,300
Total                 69,150                 74,910
"""


@pytest.mark.parametrize(
    ("text", "metadata", "claim"),
    [
        # a record's parent ("plan") names none of its fields: 25 seats back no discount
        (ACCOUNT, {}, "Fernhill Analytics receives a nonprofit discount on its plan."),
        # the highest rent is not the highest rent per square foot (the studio's)
        (LISTINGS, {}, "The three-bedroom terrace unit is the most expensive per square foot."),
        # the figure is the table's; the prose beside it denies the rest
        (PLANS, {}, "The $402 monthly family premium for the Silver PPO includes dental coverage."),
        # periods said of the columns; a total is no period after the row before it
        (
            BUDGET,
            {"kind": "table"},
            "Total spending grows by more than 10% from FY2023 actuals to the FY2025 proposal.",
        ),
    ],
)
def test_a_table_rule_does_not_back_what_its_cells_do_not_say(text: str, metadata: dict, claim: str) -> None:
    report = toulmin.verify(claim, [{"id": "s", "text": text, "metadata": metadata}])
    got = [(d.verdict, d.note) for d in report.details]
    assert all(d.verdict != Verdict.SUPPORTED for d in report.details), got


def test_the_figure_beside_prose_that_denies_something_else_is_still_backed() -> None:
    report = toulmin.verify("The Silver PPO family premium is $402 a month.", [{"id": "s", "text": PLANS}])
    (d,) = report.details
    assert (d.verdict, d.decided_by) == (Verdict.SUPPORTED, "table"), d.note


ADMISSIONS = (
    "Department\tApplicants\tAdmitted\tAcceptance rate (%)\n"
    "Computer Science\t4,820\t612\t12.7\nBiology\t3,150\t945\t30.0\nHistory\t880\t462\t52.5\n"
)


@pytest.mark.parametrize(
    ("claim", "why"),
    [
        # Admitted's sum: the number check had read it against Applicants' 3,150
        ("Across the three departments, 2,019 applicants were offered places.",
         "total of one of the table's"),
        # a share: "seven" had been read against 4,820 applicants
        ("Computer Science took fewer than one in seven applicants.", "is a share"),
    ],
)
def test_a_figure_the_number_check_misreads_in_a_table_is_not_refuted(claim: str, why: str) -> None:
    report = toulmin.verify(claim, [{"id": "s", "text": ADMISSIONS}])
    got = [(d.verdict, d.note) for d in report.details]
    assert all(d.verdict != Verdict.CONTRADICTED for d in report.details), got
    assert any(why in d.note for d in report.details), got


def test_a_figure_in_another_unit_than_the_cell_read_is_not_refuted_by_it() -> None:
    # the number check read "up to 9 hours" against battery_wh 52: hours are no watt-hours
    record = '{"name": "Tarn 13", "battery_wh": 52, "weight_kg": 1.2}'
    report = toulmin.verify("The Tarn 13's battery lasts up to 9 hours.", [{"id": "s", "text": record}])
    got = [(d.verdict, d.note) for d in report.details]
    assert all(d.verdict != Verdict.CONTRADICTED for d in report.details), got
    assert any("not in the unit of battery_wh" in d.note for d in report.details), got
    # the same figure in the cell's own unit is refuted
    report = toulmin.verify("The Tarn 13 weighs 1.9 kg.", [{"id": "s", "text": record}])
    assert [d.verdict for d in report.details] == [Verdict.CONTRADICTED], [d.note for d in report.details]


def test_a_bound_that_is_a_column_total_is_no_reason_to_support() -> None:
    """ "more than 1,000" bounds a figure; the total guard reads exact figures only."""
    report = toulmin.verify("Biology admitted more than 1,000 applicants.", [{"id": "s", "text": ADMISSIONS}])
    assert Verdict.SUPPORTED not in [d.verdict for d in report.details], [d.note for d in report.details]


PARCELS = json.dumps(
    [
        {"tracking": "P-1", "shipped": "2024-03-01", "delivered": "2024-03-02"},
        {"tracking": "P-2", "shipped": "2024-03-04", "delivered": "2024-03-09"},
    ],
    indent=2,
)


def test_a_later_records_cells_are_quoted_from_that_record() -> None:
    # the key of each field is the record's own, not the first record's ("shipped" of P-1)
    report = toulmin.verify("P-2 took five days from shipping to delivery.", [{"id": "s", "text": PARCELS}])
    got = [(d.claim, d.verdict, d.note) for d in report.details]
    whole = [d for d in report.details if d.claim.endswith("to delivery.")]
    assert whole and whole[0].verdict == Verdict.SUPPORTED, got
    assert [e.quote for e in whole[0].evidence] == ['"shipped": "2024-03-04"', '"delivered": "2024-03-09"']
    # the part cut from its sentence ("P-2 took five days") is read with its sentence's dates
    assert all(d.verdict == Verdict.SUPPORTED for d in report.details), got


GAMES = """## 1979 new york jets season

| week | date | opponent | result | game site | attendance |
|---|---|---|---|---|---|
| 1 | september 2 | cleveland browns | l 22 - 25 (ot) | shea stadium | 48472 |
| 2 | september 9 | new england patriots | w 56 - 3 | shea stadium | 51035 |
| 3 | september 16 | buffalo bills | l 31 - 46 | rich stadium | 68731 |
| 4 | september 23 | miami dolphins | w 33 - 27 | shea stadium | 51496 |
"""


@pytest.mark.parametrize(
    ("claim", "quote"),
    [
        # a row found by any of its values, each in the role its header gives it
        ("The game against the buffalo bills on september 16 was played at rich stadium.", "rich stadium"),
        ("The buffalo bills game had the highest attendance.", "68731"),  # the row's extreme
        ("The game at rich stadium had a larger attendance than the game against the miami dolphins.",
         "68731"),
        ("There were 3 games at shea stadium.", "shea stadium"),  # a count of the rows holding a value
        ("The jets won 2 games in the 1979 season.", "w 56 - 3"),  # the result column's wins
    ],
)
def test_rows_named_by_any_of_their_values_end_to_end(claim: str, quote: str) -> None:
    report = toulmin.verify(claim, [{"id": "season", "text": GAMES}])
    assert report.details  # the extractor may split a qualifier off: each part is read with its sentence
    for d in report.details:
        assert d.verdict == Verdict.SUPPORTED and d.decided_by == "table", d.note
        assert any(quote in e.quote for e in d.evidence), [e.quote for e in d.evidence]
        assert all(GAMES[e.start : e.end] == e.quote for e in d.evidence)


@pytest.mark.parametrize(
    "claim",
    [
        # another row's site
        "The game against the buffalo bills on september 16 was played at shea stadium.",
        "The game against the miami dolphins had the highest attendance.",
        "There were 4 games at shea stadium.",
        "The jets won 3 games in the 1979 season.",
    ],
)
def test_a_row_found_so_is_no_green_verdict_for_what_it_does_not_hold(claim: str) -> None:
    report = toulmin.verify(claim, [{"id": "season", "text": GAMES}])
    got = [(d.verdict, d.note) for d in report.details]
    assert all(v != Verdict.SUPPORTED for v, _ in got), got


STATEMENT = (
    "Over the quarter you used 1,236 kWh.\n\n| Month | Usage (kWh) | Energy cost (£) |\n|---|---|---|\n"
    "| January | 468 | 114.66 |\n| February | 412 | 100.94 |\n| March | 356 | 87.22 |\n\n"
    "Total before VAT: £351.23. VAT at 5%: £17.56. Amount due: £368.79, to be collected by direct debit."
)


def test_a_figure_of_another_label_in_the_passage_is_refuted_by_the_label_named() -> None:
    # the checker read "Total before VAT: £351.23." with its neighbours; the number check
    # had backed the figure it holds, under another label than the claim's
    report = toulmin.verify("The amount due on this statement is £351.23.", [{"id": "s", "text": STATEMENT}])
    (d,) = report.details
    assert d.verdict == Verdict.CONTRADICTED and "£368.79" in d.note, (d.verdict, d.note)
    report = toulmin.verify("The amount due on this statement is £368.79.", [{"id": "s", "text": STATEMENT}])
    assert [d.verdict for d in report.details] == [Verdict.SUPPORTED], [d.note for d in report.details]
