"""Figures a row holds only as a product or a share of two cells (derived.py)."""

from __future__ import annotations

import json

import pytest

from toulmin.tables.render import render_tables
from toulmin.tables.settle import settle

from .conftest import verdict_of

ACCOUNT = json.dumps(
    {
        "org": "Larkspur Labs",
        "plan": {"price_per_seat_usd_month": 12, "seats_purchased": 40, "seats_used": 31},
        "limits": {"storage_gb": 200, "storage_used_gb": 150},
        "price": {"amount": 60.0, "list_price": 80.0},
    }
)
FIELDS = """farm,crop,area_ha,yield_t_per_ha
Ashby,oats,2000,3.5
Ashby,rye,1500,2.0
Coldwell,oats,900,4.0
"""
BASKET = json.dumps(
    {
        "basket": "B-7",
        "items": [
            {"name": "Linen towel", "qty": 4, "unit_price": 9.5},
            {"name": "Soap bar", "qty": 3, "unit_price": 4.0},
        ],
    }
)


def _verdict(claim: str, text: str) -> tuple[str, str] | None:
    return verdict_of(settle, claim, text)


@pytest.mark.parametrize(
    ("claim", "text", "verdict", "note"),
    [
        ("Larkspur's 40 seats cost $480 a month.", ACCOUNT, "SUPPORTED", "seats_purchased 40 x"),
        ("Larkspur's 40 seats cost $520 a month.", ACCOUNT, "CONTRADICTED", "= 480"),
        ("Ashby's rye harvest comes to about 3,000 tonnes.", FIELDS, "SUPPORTED", "area_ha 1,500 x"),
        ("The four towels come to $38.", BASKET, "SUPPORTED", "qty 4 x unit_price 9.5 = 38"),
    ],
)
def test_a_rate_times_what_it_is_per(claim: str, text: str, verdict: str, note: str) -> None:
    got = _verdict(claim, text)
    assert got is not None and got[0] == verdict and note in got[1], got


def test_a_share_is_never_read_as_a_product() -> None:
    # 75% is no product of a rate and a count, whatever its digits
    got = _verdict("The account has used 75% of its storage quota.", ACCOUNT)
    assert got is not None and "storage_used_gb / limits.storage_gb" in got[1], got


@pytest.mark.parametrize(
    ("claim", "verdict", "note"),
    [
        ("The account has used 75% of its storage quota.", "SUPPORTED", "150 / 200 = 75.0%"),
        ("The account has used more than 80% of its storage quota.", "CONTRADICTED", "= 75.0%"),
        ("It sells at 25% off its list price.", "SUPPORTED", "(80 - 60) / 80 = 25.0%"),
        ("It sells at 40% off its list price.", "CONTRADICTED", "= 25.0%"),
    ],
)
def test_a_share_of_one_field_in_another(claim: str, verdict: str, note: str) -> None:
    got = _verdict(claim, ACCOUNT)
    assert got is not None and got[0] == verdict and note in got[1], got


def test_a_product_is_no_figure_after_a_discount_or_with_a_fee() -> None:
    for claim in ("The four towels come to $38 after the discount.", "The towels come to $38 with shipping."):
        got = _verdict(claim, BASKET)
        assert got is None or " x " not in got[1], (claim, got)


def test_a_product_refutes_only_a_claim_that_states_its_count() -> None:
    # $999 is no product here, and the claim states no count of its own: no product refutes it
    got = _verdict("The towels come to $999.", BASKET)
    assert got is None or " x " not in got[1], got


CLINICS = """| Clinic | Patients | Doctors | Floor area (sqft) | Rent ($) |
|---|---|---|---|---|
| Elm Row | 1,200 | 8 | 2,000 | 9,000 |
| Fenby | 900 | 5 | 1,500 | 7,800 |
| Garth Hill | 2,100 | 15 | 4,000 | 12,000 |
| Total | 4,200 | 28 | 7,500 | 28,800 |"""


@pytest.mark.parametrize(
    ("claim", "verdict", "note"),
    [
        ("Fenby has the highest patient-to-doctor ratio.", "SUPPORTED", "highest Fenby"),
        ("Garth Hill has the lowest patient-to-doctor ratio.", "SUPPORTED", "Garth Hill 140.00"),
        ("Elm Row has the lowest patient-to-doctor ratio.", "CONTRADICTED", "lowest Garth Hill"),
        ("Garth Hill pays the lowest rent per square foot.", "SUPPORTED", "Rent ($) / Floor area (sqft)"),
        ("Elm Row pays the highest rent per square foot.", "CONTRADICTED", "highest Fenby"),
        ("Fenby sees the most patients per doctor, 180 of them.", "SUPPORTED", "Fenby 180.00"),
        ("Fenby sees the most patients per doctor, 240 of them.", "CONTRADICTED", "Fenby 180.00"),
    ],
)
def test_the_extreme_of_a_figure_over_another(claim: str, verdict: str, note: str) -> None:
    got = _verdict(claim, CLINICS)
    assert got is not None and got[0] == verdict and note in got[1], got
    assert "Total" not in got[1]  # the row that sums the others is none of them


PLANS = """Plan | Monthly price (€) | Data (GB) | Contract (months)
Lite 10 | 9.00 | 10 | 0
Mid 40 | 20.00 | 40 | 12"""


@pytest.mark.parametrize(
    ("claim", "verdict", "note"),
    [
        ("On the Mid 40 plan, data works out to about 50 cents per gigabyte.", "SUPPORTED", "20 / 40 = 0.5"),
        ("On the Mid 40 plan, data works out to about 80 cents per gigabyte.", "CONTRADICTED", "= 0.5"),
        ("On the Lite 10 plan, data costs €0.90 per GB.", "SUPPORTED", "9 / 10 = 0.9"),
    ],
)
def test_a_price_over_the_count_its_per_names(claim: str, verdict: str, note: str) -> None:
    got = render_tables(PLANS, "table")
    assert got is not None
    settled = settle(claim, [("s", t) for t in got[2]])
    assert settled is not None and settled.verdict == verdict and note in settled.note, settled


def test_a_rate_with_a_comparison_is_not_read_as_the_rate_alone() -> None:
    got = render_tables(PLANS, "table")
    assert got is not None
    settled = settle("At 50 cents per gigabyte, Mid 40 is cheaper than Lite 10.", [("s", t) for t in got[2]])
    assert settled is None or "Data (GB)" not in settled.note, settled


INVOICE = json.dumps({"invoice": "INV-7", "lines": [{"item": "Seats", "qty": 10, "unit_price": 20.0},
                                                     {"item": "Setup", "qty": 1, "unit_price": 150.0}],
                      "discount_pct": 10, "total": 315.0})


def test_every_lines_quantity_times_its_unit_price_added_up() -> None:
    got = _verdict("Before the 10% discount, the bill came to $350.", INVOICE)
    assert got is not None and got[0] == "SUPPORTED" and "200 + 150 = 350" in got[1], got
    # after the discount it is not the lines' sum; a figure the sum does not give is not refuted by it
    got = _verdict("After the 10% discount, the bill came to $350.", INVOICE)
    assert got is None or "quantity x unit price" not in got[1], got
    got = _verdict("Before the 10% discount, the bill came to $390.", INVOICE)
    assert got is None or "quantity x unit price" not in got[1], got
