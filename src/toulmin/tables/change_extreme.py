"""The row whose figure changed most between two columns of one measure: "Orthopedics saw the
largest percentage increase, at roughly 10%" (FY2023 and FY2024 budgets), "Tier 1 customers
face the biggest percentage rate hike" (old and new rates). Each row's change is computed,
in percent when the claim says so (a percentage, a % figure, "steepest"/"fastest" beside
one), in the column's unit when it says an amount ("the biggest dollar increase, $4.7
million"); the named row must be the extreme, and a figure it gives must be its change."""

from __future__ import annotations

import re

from .pick import (
    Settled,
    cell_text,
    cell_value,
    fits,
    is_summary,
    label_words,
    measures,
    pick,
    row_name,
    settled,
)
from .render import Rendered
from .words import MAX, MIN, ClaimText, agrees

__all__ = ["change_extreme"]

_UP = r"increases?|rises?|growth|gains?|jumps?|hikes?|climbs?|raises?"
_DOWN = r"declines?|drops?|cuts?|falls?|decreases?|reductions?|dips?|losses?"
_CHANGE_NOUN = re.compile(
    rf"\b(?:largest|biggest|greatest|steepest|sharpest|fastest|highest|smallest|lowest|slowest|"
    rf"mildest|most|least)\s+(?:[\w$%-]+\s+){{0,3}}?(?:({_UP})|({_DOWN}))\b"
)
_PERCENT_SAID = re.compile(r"\bpercent(?:age)?\b|%")
_AMOUNT_SAID = re.compile(r"\b(?:dollar|euro|pound|amount|absolute)\b")
_OLD_NEW = re.compile(r"\b(?:old|new|previous|current|prior|before|after|last|this)\b", re.I)
_PERIOD = re.compile(r"\b(?:fy\s?)?(?:19|20)\d\d\b|\bq[1-4]\b|\bh[12]\b", re.I)


def _base(header: str) -> str:
    return re.sub(r"\s+", " ", _PERIOD.sub(" ", _OLD_NEW.sub(" ", header.lower()))).strip()


def _pair(r: Rendered, j: int) -> tuple[int, int] | None:
    """(earlier, later) columns of the measure of column j: the same header but for its
    period ("FY2023 Budget" / "FY2024 Budget") or old/new ("Old Rate" / "New Rate")."""
    t = r.table
    base = _base(t.columns[j].text)
    same = [k for k, col in enumerate(t.columns) if k != t.label and _base(col.text) == base]
    if len(same) != 2:
        return None
    a, b = same
    ha, hb = t.columns[a].text.lower(), t.columns[b].text.lower()
    if re.search(r"\b(?:new|current|after|this)\b", ha) or re.search(r"\b(?:old|previous|prior|last)\b", hb):
        return b, a
    ya, yb = _PERIOD.findall(ha), _PERIOD.findall(hb)
    if ya and yb and ya[0] > yb[0]:
        return b, a
    return a, b


def change_extreme(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    m = c.has(_CHANGE_NOUN)
    t = r.table
    if m is None or c.negated or len(t.rows) < 3:
        return None
    hi, lo = c.has(MAX), c.has(MIN)
    if bool(hi) == bool(lo) and not re.match(r"(?:steepest|sharpest|fastest)", m.group(0)):
        return None
    p = pick(c, sid, r)
    if p is None or len(p.rows) != 1:
        return None
    # the measure's two columns: of the column the claim names, else the table's one such pair
    pairs = {two for j in (p.cols[:1] or range(len(t.columns))) if j != t.label and (two := _pair(r, j))}
    if len(pairs) != 1:
        return None
    old, new = pairs.pop()
    named = p.rows[0]
    # not the row's own number ("Tier 4"), nor a year
    nums = [n for n in measures(c, p) if n.text.split()[0] not in label_words(t, named)
            and not re.fullmatch(r"(?:19|20)\d\d", n.text.strip())]
    percent = bool(c.has(_PERCENT_SAID)) or any(n.unit == "%" for n in nums)
    amount = bool(c.has(_AMOUNT_SAID)) or any(n.unit and n.unit != "%" for n in nums)
    changes: list[tuple[float, float, int]] = []  # (percent, amount, row)
    for i in range(len(t.rows)):
        if is_summary(p, i):
            continue
        a, b = cell_value(r, i, old), cell_value(r, i, new)
        if a is None or b is None or a.number is None or b.number is None or not a.number.value:
            return None
        x, y = a.number.value, b.number.value
        changes.append(((y - x) / abs(x) * 100, y - x, i))
    if named not in {i for *_, i in changes}:
        return None
    falling = m.group(2) is not None
    biggest = not lo  # "the smallest increase" is the lowest change; "the biggest cut" the lowest too
    want_max = biggest != falling
    pick_of = max if want_max else min
    by_pct, by_amount = pick_of((x[0], x[2]) for x in changes), pick_of((x[1], x[2]) for x in changes)
    if percent == amount and by_pct[1] != by_amount[1]:
        return None  # a percentage or an amount is not said, and the two rank differently
    best = by_amount if amount and not percent else by_pct
    k = 1 if amount and not percent else 0
    mine = next(x[k] for x in changes if x[2] == named)
    shown = ", ".join(f"{row_name(p, i)} {cell_text(p, i, old)} → {cell_text(p, i, new)} ({pc:+.1f}%)"
                      for pc, _, i in changes)
    note = f"{t.columns[old].text} → {t.columns[new].text}: {shown}"
    cells = [(named, old), (named, new), (best[1], old), (best[1], new)]
    if best[1] != named:
        return settled(p, "CONTRADICTED", f"{note}; the {'largest' if want_max else 'smallest'} is "
                       f"{row_name(p, best[1])}", cells)
    last = cell_value(r, named, new)
    said = [n for n in nums
            if (n.unit == "%") == percent and (percent or (last is not None and fits(n, last)))]
    if said and not agrees(said[0], abs(mine) if falling or mine < 0 else mine):
        return settled(p, "CONTRADICTED", f"{note}; {row_name(p, named)}: {cell_text(p, named, old)} → "
                       f"{cell_text(p, named, new)}", cells)
    return settled(p, "SUPPORTED", note, cells)
