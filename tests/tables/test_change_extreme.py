"""The row whose figure changed most between two columns of one measure (change_extreme.py)."""

from __future__ import annotations

import pytest

from toulmin.tables.settle import settle

from .conftest import verdict_of

BUDGETS = """<table>
<tr><th>Department</th><th>FY2023 Budget ($M)</th><th>FY2024 Budget ($M)</th><th>Beds</th></tr>
<tr><td>Emergency</td><td>42.6</td><td>46.1</td><td>48</td></tr>
<tr><td>Cardiology</td><td>38.2</td><td>39.0</td><td>62</td></tr>
<tr><td>Oncology</td><td>51.7</td><td>55.4</td><td>54</td></tr>
<tr><td>Pediatrics</td><td>27.9</td><td>27.1</td><td>40</td></tr>
<tr><td>Orthopedics</td><td>24.3</td><td>26.8</td><td>36</td></tr>
<tr><td><b>Total</b></td><td><b>184.7</b></td><td><b>194.4</b></td><td><b>240</b></td></tr>
</table>"""
RATES = """Tier,Monthly Usage (gallons),Old Rate ($/1000 gal),New Rate ($/1000 gal)
Tier 1,0-5000,3.20,3.45
Tier 2,5001-12000,4.10,4.60
Tier 3,12001-20000,5.60,6.40
Tier 4,Over 20000,7.90,9.25
"""


@pytest.mark.parametrize(
    ("text", "claim", "verdict"),
    [
        (BUDGETS, "Orthopedics saw the largest percentage increase, at roughly 10%.", "SUPPORTED"),
        (BUDGETS, "Emergency saw the largest percentage increase.", "CONTRADICTED"),  # Orthopedics' +10.3%
        (BUDGETS, "Oncology received the biggest dollar increase, $3.7 million.", "SUPPORTED"),
        (BUDGETS, "Oncology received the biggest dollar increase, $4.7 million.", "CONTRADICTED"),
        (BUDGETS, "Pediatrics saw the biggest cut.", "SUPPORTED"),  # the one fall, either way
        (RATES, "The Tier 4 rate jumps by roughly 17%, the steepest increase of any tier.", "SUPPORTED"),
        (RATES, "Tier 1 customers face the biggest percentage rate hike.", "CONTRADICTED"),
        (RATES, "The Tier 4 rate jumps by roughly 25%, the steepest increase of any tier.", "CONTRADICTED"),
    ],
)
def test_the_row_that_changed_most(text: str, claim: str, verdict: str) -> None:
    got = verdict_of(settle, claim, text)
    assert got is not None and got[0] == verdict, got
    assert "→" in got[1], got  # the note shows each row's two figures


def test_a_change_neither_a_percentage_nor_an_amount_that_ranks_two_ways_is_left() -> None:
    from toulmin.tables.change_extreme import change_extreme
    from toulmin.tables.render import render_tables
    from toulmin.tables.words import ClaimText

    # Big grows most in units (+20), Small in percent (+50%): which is "the largest increase" is not said
    text = "Site,2023 sales,2024 sales\nBig,200,220\nSmall,10,15\nMid,100,105\n"
    got = render_tables(text)
    assert got is not None
    r = got[2][0]
    assert change_extreme(ClaimText.of("Big saw the largest increase."), "s", r) is None
    assert change_extreme(ClaimText.of("Big saw the largest increase in sales."), "s", r) is None
