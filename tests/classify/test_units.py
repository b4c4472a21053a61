"""A passage stating the claim's quantity in other units is read in the claim's units (issue 54)."""

from __future__ import annotations

import pytest

import toulmin


@pytest.mark.parametrize(("claim", "source"), [
    ("The battery is covered for one year.", "The battery is covered for 12 months."),
    ("The film runs 150 minutes.", "The film runs 2.5 hours."),
    ("The nature trail is three quarters of a mile long.", "The nature trail is 0.75 miles long."),
    ("The share price lost 8%.", "The share price fell 8% on Monday."),
])
def test_the_same_amount_in_other_units_is_supported(claim: str, source: str) -> None:
    d = toulmin.verify(claim, [source]).details[0]
    assert d.verdict == "SUPPORTED", d.note
    # the quote is the source's own words, not the rewritten passage
    assert d.evidence[0].quote == source


def test_the_other_direction_stays_contradicted() -> None:
    d = toulmin.verify("The share price rose 8%.", ["The share price fell 8% on Monday."]).details[0]
    assert d.verdict == "CONTRADICTED", d.note


def test_another_amount_in_other_units_stays_contradicted() -> None:
    r = toulmin.verify("The battery is covered for two years.", ["The battery is covered for 12 months."])
    d = r.details[0]
    assert d.verdict == "CONTRADICTED" and "12 months" in d.note


def test_a_torn_pair_is_no_support_when_a_margin_is_set() -> None:
    claim = "Revenue fell 12% in 2023."
    source = "Northwind's revenue in 2023 was $4.1 billion, up 12% from 2022."
    d = toulmin.verify(claim, [source], **{"decide.checks": {"number.value": "off"}}).details[0]
    assert d.verdict == "SUPPORTED"  # the checker alone: entailment 0.64, contradiction 0.35
    off = {"decide.checks": {"number.value": "off"}}
    r = toulmin.verify(claim, [source], **off, **{"decide.support_margin": 0.3})
    assert r.details[0].verdict == "OVERREACH" and "torn" in r.details[0].note and not r.is_grounded
    assert r.config["decide"]["support_margin"] == 0.3
    # with the checks on, the direction decides: a rise is not a fall
    assert toulmin.verify(claim, [source]).details[0].verdict == "CONTRADICTED"


@pytest.mark.parametrize(("claim", "source"), [
    ("Fewer than 20 staff work there.", "The office employs 14 staff."),  # a figure inside the bound
    ("At most 12 guests are allowed.", "No more than 12 guests are allowed."),  # the same bound
])
def test_a_bound_met_by_the_source_is_supported(claim: str, source: str) -> None:
    d = toulmin.verify(claim, [source]).details[0]
    assert d.verdict == "SUPPORTED", d.note


def test_a_bound_the_source_does_not_meet_is_not() -> None:
    d = toulmin.verify("Fewer than 10 staff work there.", ["The office employs 14 staff."]).details[0]
    assert d.verdict == "CONTRADICTED"
