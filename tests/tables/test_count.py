"""A count of rows that meet a condition (count.py): a yes/no column said by its opposite."""

from __future__ import annotations

import json

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

LUMBER = """sku,item,price,in_stock
LB-2408,SPF stud 2x4x8,4.18,yes
LB-2410,SPF 2x4x10,5.62,yes
LB-2608,SPF 2x6x8,7.45,no
PT-2610,Treated 2x6x10,12.58,no
PT-4408,Treated 4x4x8,13.97,yes
"""
PLANS = """| plan | price | refundable |
|---|---|---|
| Basic | 9 | yes |
| Plus | 19 | no |
| Pro | 39 | no |
"""


@pytest.mark.parametrize(
    ("claim", "text", "want"),
    [
        ("Two of the five items are currently out of stock.", LUMBER, "SUPPORTED"),
        ("Three of the five items are currently out of stock.", LUMBER, "CONTRADICTED"),
        ("Three of the five items are in stock.", LUMBER, "SUPPORTED"),
        ("Two of the three plans are non-refundable.", PLANS, "SUPPORTED"),
        ("Only one of the three plans is non-refundable.", PLANS, "CONTRADICTED"),
    ],
)
def test_a_yes_no_column_said_by_its_opposite(claim: str, text: str, want: str) -> None:
    got = verdict_of(settle, claim, text)
    assert got is not None and got[0] == want, got


CATALOG_STOCK = """sku,product_name,category,stock_units
KT-1001,Alder Chef Knife 8in,Cutlery,140
KT-1003,Copper Saucepan 2qt,Cookware,22
KT-1006,Cast Iron Skillet 12in,Cookware,0
KT-1007,Stainless Mixing Bowls,Prep,95
"""


def test_out_of_stock_counts_the_rows_with_none() -> None:
    # "product" is what is counted, not the `product_name` column; "out of stock" is a stock of 0
    got = verdict_of(settle, "Only one product in the catalog is out of stock.", CATALOG_STOCK)
    assert got is not None and got[0] == "SUPPORTED" and "KT-1006" in got[1], got
    got = verdict_of(settle, "Only two products in the catalog are out of stock.", CATALOG_STOCK)
    assert got is not None and got[0] == "CONTRADICTED", got


ACCOUNT = json.dumps({"account": "Checking 4471", "opening_balance": 1240.18, "transactions": [
    {"txn_id": "T-1", "amount": -84.27, "pending": False},
    {"txn_id": "T-2", "amount": -2.75, "pending": True},
    {"txn_id": "T-3", "amount": 2315.4, "pending": True},
]})


def test_a_count_is_of_the_records_list_not_of_its_field() -> None:
    # "on the account" names the record's `account` field; "only one transaction" counts its list
    got = verdict_of(settle, "Only one transaction on the account is still pending.", ACCOUNT)
    assert got is not None and got[0] == "CONTRADICTED" and "2 of 3 rows" in got[1], got
    got = verdict_of(settle, "Two transactions on the account are still pending.", ACCOUNT)
    assert got is not None and got[0] == "SUPPORTED", got
