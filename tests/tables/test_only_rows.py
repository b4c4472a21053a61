"""Rows named as the only ones holding some values (only_rows.py)."""

from __future__ import annotations

import pytest

from toulmin.tables.only_rows import only_rows

from .conftest import verdict_of

RIDERS = """## 2008 tour

| rider | nationality | team | stages won |
|---|---|---|---|
| steve bonsey | united states | bmc | 1 |
| pj jacobsen | united states | bmc | 0 |
| marco rossi | italy | lampre | 2 |
| jan novak | czech republic | lampre | 0 |
"""


def _only(claim: str) -> tuple[str, str] | None:
    return verdict_of(only_rows, claim, RIDERS)


def test_the_rows_named_are_the_rows_holding_the_values() -> None:
    assert _only("steve bonsey and pj jacobsen be the only rider from the united state") == (
        "SUPPORTED", "the rows holding 'united states': steve bonsey, pj jacobsen")
    assert _only("only marco rossi be from italy") == ("SUPPORTED", "the rows holding 'italy': marco rossi")


@pytest.mark.parametrize(
    "claim",
    [
        "steve bonsey be the only rider from the united state",  # pj jacobsen is too
        "marco rossi be the only rider for lampre",  # jan novak rides for lampre
        "steve bonsey only ride for bmc",  # a restriction, not "the only one"
        "marco rossi be the only rider who be not from the united state",
    ],
)
def test_rows_that_differ_or_other_wordings_are_left_alone(claim: str) -> None:
    assert _only(claim) is None


def test_a_signed_figure_must_go_the_way_the_claim_says() -> None:
    sites = "| site | visitors | change (%) |\n|---|---|---|\n| maritime | 188,900 | -3.4 |\n" \
            "| modern art | 274,300 | +11.8 |\n| discovery | 141,600 | +2.1 |\n"
    # "+2.1" is a rise: "down 2.1%" is not what the row holds
    assert verdict_of(only_rows, "discovery was the only site to lose visitors, down 2.1%", sites) is None
    assert verdict_of(only_rows, "maritime was the only site to lose visitors, down 3.4%", sites) == (
        "SUPPORTED", "the rows holding '-3.4': maritime")
