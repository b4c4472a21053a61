"""How long a row's thing lasts, from its start and end (tables/durations.py)."""

from __future__ import annotations

import json

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

SESSIONS = json.dumps({"event": "DataOps Summit", "sessions": [
    {"id": "O1", "title": "Tracing the Data Path", "start": "2024-10-08T09:30", "end": "2024-10-08T10:00"},
    {"id": "O2", "title": "SLOs for Batch Jobs", "start": "2024-10-09T14:00", "end": "2024-10-09T15:30"},
    {"id": "O3", "title": "Night Loads", "start": "2024-10-09T23:15", "end": "2024-10-10T00:45"},
]})
SHIFTS = "| Shift | Start | End |\n|---|---|---|\n| Early | 06:00 | 14:00 |\n| Night | 22:00 | 06:00 |\n"


@pytest.mark.parametrize(("claim", "verdict", "note"), [
    ("'SLOs for Batch Jobs' runs for an hour and a half.", "SUPPORTED", "90 minutes (1.5 hours)"),
    ("'SLOs for Batch Jobs' lasts 90 minutes.", "SUPPORTED", "SLOs for Batch Jobs: start 2024-10-09T14:00"),
    ("'SLOs for Batch Jobs' runs for two hours.", "CONTRADICTED", "90 minutes (1.5 hours)"),
    ("Tracing the Data Path lasts half an hour.", "SUPPORTED", "30 minutes"),
    ("Tracing the Data Path takes 45 minutes.", "CONTRADICTED", "30 minutes"),
    # across two dates
    ("Night Loads runs for an hour and a half, past midnight.", "SUPPORTED", "90 minutes"),
])
def test_a_sessions_length_from_its_start_and_end(claim: str, verdict: str, note: str) -> None:
    got = verdict_of(settle, claim, SESSIONS)
    assert got is not None and got[0] == verdict and note in got[1]


def test_times_without_a_date_are_of_one_day() -> None:
    assert verdict_of(settle, "The night shift runs for eight hours.", SHIFTS) == (
        "SUPPORTED", "Night: Start 22:00, End 06:00: 480 minutes (8 hours)")
    got = verdict_of(settle, "The early shift lasts ten hours.", SHIFTS)
    assert got is not None and got[0] == "CONTRADICTED"


@pytest.mark.parametrize("claim", [
    "'SLOs for Batch Jobs' runs 30 minutes late.",  # a delay, not its length
    "'SLOs for Batch Jobs' is the longest session, at an hour and a half.",  # a comparison
    "'SLOs for Batch Jobs' starts an hour after lunch.",
    "'SLOs for Batch Jobs' does not run for two hours.",  # negated
    "Each session runs for 30 minutes.",  # no one row
])
def test_what_it_leaves_alone(claim: str) -> None:
    from toulmin.tables.durations import row_duration
    from toulmin.tables.render import render_tables
    from toulmin.tables.words import ClaimText

    got = render_tables(SESSIONS)
    assert got is not None
    c = ClaimText.of(claim)
    assert all(row_duration(c, "s", r) is None for r in got[2])
