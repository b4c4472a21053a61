"""A change between two rows or two columns: percent, points, a difference, "doubled",
and a figure's move "from X to Y"."""

from __future__ import annotations

import re

from ..checks.numbers import Number
from .comparison import RATIO
from .pick import (
    Pick,
    Settled,
    cell_text,
    cell_value,
    fits,
    in_row_name,
    is_summary,
    is_timed,
    label_words,
    period_of,
    row_name,
    settled,
    time_order,
)
from .said import all_counted, as_said, fmt_like
from .trend import both_ways
from .values import human, month_number, words
from .words import (
    CHANGE,
    DOWNWARD,
    EACH,
    FROM_TO,
    POINTS,
    TIMES,
    UPWARD,
    ClaimText,
    agrees,
)

__all__ = ["row_change", "tied_pair"]

_PERIOD_IN_HEADER = re.compile(r"\b(?:(fy|q[1-4]|h[12])\s*)?'?((?:19|20)\d\d|\d\d)\b", re.I)


def _period_key(m: re.Match[str]) -> tuple[int, str]:
    year = int(m.group(2))
    return (year + 2000 if year < 100 else year, (m.group(1) or "").lower())


def _earlier_column(p: Pick, j: int) -> int | None:
    """The column of the same measure one period before ("Subscribers 2023" for
    "Subscribers 2024", "FY2023 revenue" for "FY2024 revenue")."""
    cols = p.r.table.columns
    m = _PERIOD_IN_HEADER.search(cols[j].text)
    if m is None:
        return None
    base = (cols[j].text[: m.start()] + cols[j].text[m.end() :]).lower().strip()
    here = _period_key(m)
    earlier = []
    for k, col in enumerate(cols):
        mk = _PERIOD_IN_HEADER.search(col.text)
        same = mk and (col.text[: mk.start()] + col.text[mk.end() :]).lower().strip() == base
        if k != j and mk and same and _period_key(mk) < here:
            earlier.append((_period_key(mk), k))
    return max(earlier)[1] if earlier else None


# a column of the same measure before ("Previous (2023-09-08)", "headcount_jan_1", "opening
# balance") and after ("Result", "headcount_dec_31", "closing balance")
_BEFORE_HEAD = re.compile(
    r"\b(?:previous|prior|last|earlier|before|opening|start|starting|beginning|initial|jan 1)\b"
)
_AFTER_HEAD = re.compile(r"\b(?:result|current|latest|this|now|closing|end|ending|final|actual|dec 31)\b")


def _column_pair(p: Pick, j: int) -> tuple[int, int] | None:
    """The earlier and the later column of the measure column j is one of: by the periods
    of their headers ("Subscribers 2023", "Subscribers 2024"), else by their words of
    before and after ("Previous (2023-09-08)" and "Result"; "headcount_jan_1" and
    "headcount_dec_31"). None when there is no such pair, or more than one."""
    k = _earlier_column(p, j)
    if k is not None:
        return k, j
    cols = p.r.table.columns

    def said(x: int) -> str:  # "headcount jan 1" of `headcount_jan_1`
        return " ".join(re.findall(r"[a-z]+|\d+", human(cols[x].text).lower()))

    def base(x: int) -> set[str]:
        rest = _AFTER_HEAD.sub(" ", _BEFORE_HEAD.sub(" ", said(x)))
        return {w for w in words(rest) if not w.isdigit() and not month_number(w)}

    numeric = [x for x in range(len(cols)) if x != p.r.table.label and _numeric(p, x)]
    if j not in numeric:
        return None
    befores = [x for x in numeric if _BEFORE_HEAD.search(said(x))]
    afters = [x for x in numeric if _AFTER_HEAD.search(said(x)) and x not in befores]
    if j in befores:
        later = [x for x in afters if base(x) == base(j)] or (afters if len(befores) == 1 else [])
        return (j, later[0]) if len(later) == 1 else None
    earlier = [x for x in befores if base(x) == base(j)]
    earlier = earlier or (befores if len(afters) == 1 and j in afters else [])
    return (earlier[0], j) if len(earlier) == 1 else None


def tied_pair(p: Pick) -> list[int]:
    """The later column, when the two columns a claim's words tie between are one measure
    before and after ("headcount_jan_1", "headcount_dec_31" of "headcount rose by 13")."""
    if len(p.tied_cols) != 2:
        return []
    a, b = p.tied_cols
    pair = _column_pair(p, a)
    return [pair[1]] if pair is not None and set(pair) == {a, b} else []


def _numeric(p: Pick, j: int) -> bool:
    vals = [cell_value(p.r, i, j) for i in range(len(p.r.table.rows))]
    got = [v for v in vals if v is not None and not v.empty]
    return bool(got) and all(v.number is not None for v in got)


def row_change(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    times = c.has(TIMES)
    if not c.has(CHANGE) and not times:
        return None
    if both_ways(c, p):
        return None  # "dipped in Q2, then climbed": two moves; which one a figure is of is not read
    if times and not c.has(CHANGE) and c.has(RATIO):
        return None  # "half as much sugar as": two rows compared (row_compare), not a change
    if times and times.group(1) == "half" and re.match(r"\s+of\b", c.low[times.end() :]):
        return None  # "less than half of the students who applied": a share (_share_of_two), not a change
    one = p.rows[:1] or ([0] if len(p.r.table.rows) == 1 else [])
    # (the pair of columns only where one row, or every row, is read: it scans every cell)
    if len(one) == 1 and len(p.rows) < 2 and (pair := _column_pair(p, j)) is not None:
        return _changed(c, p, (one[0], pair[0]), (one[0], pair[1]), nums, times)
    if not p.rows and not nums and (c.has(EACH) or all_counted(c, p)) and (pair := _column_pair(p, j)):
        return _all_changed(c, p, *pair)
    rows = p.rows[:2]
    order = time_order(p)
    against = _against_period(c, p, rows, order)
    if against is not None:
        rows = list(against)
    elif len(rows) == 1:
        # "grew 10% in Q2": against the period before, when the rows are periods
        k = order.index(rows[0])
        # only when the rows are periods: a row above another is no "last year"
        if k == 0 or not is_timed(p):
            return None
        rows = [order[k - 1], rows[0]]
    if len(rows) != 2:
        return None
    if times and re.search(r"\band a\s*$", c.low[: times.start()]):
        return None  # "two and a half times": no factor this reads
    a, b = rows
    ratio_of_rows = times and not c.has(CHANGE) and not is_timed(p) and len(p.rows) >= 2
    # "the Silver PPO's deductible is twice the Gold PPO's": the claim's order, not the table's
    if not c.has(FROM_TO) and not ratio_of_rows and order.index(a) > order.index(b):
        a, b = b, a
    if ratio_of_rows and _said_first(c, p, a, b):
        a, b = b, a  # "Riverside's share is more than three times Oakwood's": the first named over the other
    return _changed(c, p, (a, j), (b, j), nums, times)


def _said_first(c: ClaimText, p: Pick, i: int, k: int) -> bool:
    """The claim names row i, by a word of its name row k's name lacks, before row k."""
    t = p.r.table
    wi, wk = set(label_words(t, i)), set(label_words(t, k))
    seq = [re.sub(r"['’]s$", "", w) for w, _ in c.toks]  # "Oakwood's"
    at_i = [n for n, w in enumerate(seq) if w in wi - wk]
    at_k = [n for n, w in enumerate(seq) if w in wk - wi]
    return bool(at_i and at_k) and at_i[0] < at_k[0]


# "year on year", "from a year earlier": against the same period a year before
_YEAR_AGO = re.compile(
    r"\b(?:year[- ](?:on|over)[- ]year|yoy|y/y|(?:from|than|versus|vs\.?|compared (?:with|to)) "
    r"(?:a year (?:earlier|before|ago)|the same (?:quarter|month|period) (?:a|last|of last) year|"
    r"the year[- ](?:earlier|ago) (?:quarter|month|period)))"
)
# "quarter on quarter", "from the previous quarter": against the period before
_PERIOD_BEFORE = re.compile(
    r"\b(?:(quarter|month)[- ](?:on|over)[- ]\1|q/q|qoq|sequentially|(?:from|than|versus|vs\.?|"
    r"compared (?:with|to)) the (?:previous|prior|preceding|last) (?:quarter|month|period))\b"
)


def _against_period(c: ClaimText, p: Pick, rows: list[int], order: list[int]) -> tuple[int, int] | None:
    """The two rows (periods) of a change said against a period by its distance ("up 33%
    year on year", "fell about 7% from the previous quarter"): the period the claim names,
    else the latest, and the one a year (or a period) before it. None when the claim says
    no such distance, names two periods, or the table has no such row."""
    year_ago, before = c.has(_YEAR_AGO), c.has(_PERIOD_BEFORE)
    if not (year_ago or before) or len(rows) > 1 or not is_timed(p):
        return None
    here = rows[0] if rows else order[-1]
    if before:
        k = order.index(here)
        return (order[k - 1], here) if k else None
    key = period_of(p, here)
    if key is None:
        return None
    want = (key[0] - 1, key[1], key[2])
    back = [i for i in order if period_of(p, i) == want]
    return (back[0], here) if back else None


def _all_changed(c: ClaimText, p: Pick, k: int, j: int) -> Settled | None:
    """ "grew on all three lines": every row's change from column k to column j."""
    down = bool(c.has(DOWNWARD)) and not c.has(UPWARD)
    rows = [i for i in range(len(p.r.table.rows)) if not is_summary(p, i)]
    moves = []
    for i in rows:
        a, b = cell_value(p.r, i, k), cell_value(p.r, i, j)
        if a is None or b is None or a.number is None or b.number is None:
            return None
        moves.append((i, a.number.value, b.number.value))
    head = p.r.table.columns[j].text
    bad = [(i, x, y) for i, x, y in moves if (y >= x if down else y <= x)]
    shown = "; ".join(f"{row_name(p, i)} {cell_text(p, i, k)} → {cell_text(p, i, j)}" for i, _, _ in moves)
    if c.negated:
        return None
    if not bad:
        return settled(p, "SUPPORTED", f"{head}: {shown}", [(i, j) for i, _, _ in moves])
    return settled(
        p,
        "CONTRADICTED",
        f"not every row {'fell' if down else 'rose'}: {shown}",
        [(bad[0][0], j), (bad[0][0], k)],
    )


def _changed(
    c: ClaimText,
    p: Pick,
    first: tuple[int, int],
    then: tuple[int, int],
    nums: list[Number],
    times: re.Match[str] | None,
) -> Settled | None:
    """The change from cell ``first`` to cell ``then`` against the claim's figure."""
    va, vb = cell_value(p.r, *first), cell_value(p.r, *then)
    if va is None or vb is None or va.number is None or vb.number is None:
        return None
    x, y = va.number.value, vb.number.value
    j = then[1]
    head = p.r.table.columns[j].text
    sa, sb = cell_text(p, *first), cell_text(p, *then)
    cells = [then, first]
    down = bool(c.has(DOWNWARD)) and not c.has(UPWARD)
    if times:
        factor = {
            "doubled": 2,
            "twice": 2,
            "tripled": 3,
            "trebled": 3,
            "three times": 3,
            "quadrupled": 4,
            "four times": 4,
            "halved": 0.5,
            "half": 0.5,
            "more than doubled": 2,
        }[times.group(1)]
        if not x:
            return None
        ratio = y / x
        said = re.search(r"\b(more than|over|less than|under|nearly|almost|about|roughly|around)\s+$",
                         c.low[: times.start()])
        # a bound read on a verb of growth ("less than doubled") or a multiple ("more than twice
        # the 5 kg rate"); "more than half of the team" is a share, which this change does not compute
        verb = times.group(1).endswith("ed") or times.group(1) in ("twice", "three times", "four times")
        bound = said.group(1) if said and verb else ""
        bound = "more than" if times.group(1) == "more than doubled" else bound
        if bound in ("more than", "over"):
            ok = ratio > factor
        elif bound in ("less than", "under"):
            ok = ratio < factor
        elif bound in ("nearly", "almost"):  # "nearly doubled": short of it, and close
            ok = 0.8 * factor <= ratio <= factor * 1.02
        else:
            ok = abs(ratio - factor) <= (0.1 if bound else 0.05) * factor
        return settled(p, "SUPPORTED" if ok else "CONTRADICTED", f"{head}: {sb} / {sa} = {ratio:.2f}×", cells)
    pct = [n for n in nums if n.unit == "%"]
    amounts = [n for n in nums if n.unit != "%"]
    is_pct_col = va.number.unit == "%"
    notes = []
    if pct and x:
        n = pct[0]
        change = (y - x) / abs(x) * 100
        claimed = -abs(n.value) if down or n.trend < 0 else abs(n.value)
        arith = f"({sb} − {sa}) / {sa} = {change:+.1f}%"
        probe = Number(claimed, n.text, "%", n.approx, n.start, n.bound, 0.0)
        ok = agrees(probe, change)
        if is_pct_col and not ok:  # "margin rose 3%" may mean 3 points
            points = y - x
            if agrees(Number(claimed, n.text, "%", n.approx, n.start, n.bound, 0.0), points):
                return settled(p, "SUPPORTED", f"{head}: {sb} − {sa} = {points:+.1f} points", cells)
            notes.append(f"{sb} − {sa} = {points:+.1f} points")
        if c.has(POINTS) and is_pct_col:
            points = y - x
            ok = agrees(probe, points)
            arith = f"{sb} − {sa} = {points:+.1f} points"
        for m in amounts:  # "up 33% to $145.0 million": the level reached is the later cell
            if in_row_name(c, p, m):
                continue  # "Year 8 enrolment grew": the 8 of the row's name
            before = c.low[: max(0, m.start) + 1]
            level = x if re.search(r"\bfrom\s+(?:about\s+|around\s+)?[$€£¥]?\s*$", before) else y
            if ok and fits(m, va) and not m.bound and not agrees(m, level):
                ok = False
                arith += f"; {sb if level == y else sa}, not {m.text}"
        return settled(
            p,
            "SUPPORTED" if ok else "CONTRADICTED",
            f"{head}: {arith}" + (f"; {notes[0]}" if notes and not ok else ""),
            cells,
        )
    if len(amounts) == 2 and all(fits(n, va) for n in amounts) and _from_to(c, amounts):
        # "grew from 12.4 MW to 13.1 MW": the two levels, not a change
        ok = agrees(amounts[0], x) and agrees(amounts[1], y) and (y < x if down else y > x)
        return settled(p, "SUPPORTED" if ok else "CONTRADICTED", f"{head}: {sa} → {sb}", cells)
    if amounts:
        n = amounts[0]
        if not fits(n, va):
            return None
        # "dropped by 28 mg/dL" of bare cells 176 and 148: the cells as the claim says them
        x, y = as_said(n, va, head), as_said(n, vb, head)
        diff = y - x
        claimed = -abs(n.value) if down else abs(n.value)
        probe = Number(claimed, n.text, n.unit, n.approx, n.start, n.bound, n.step)
        # "rose to 150": the level reached, not the change
        if re.search(
            r"\bto\s+(?:about\s+|around\s+|nearly\s+|almost\s+)?[$€£¥]?\s*" + re.escape(n.text.split()[0]),
            c.low,
        ):
            ok = agrees(n, y) and (y < x if down else y > x)
            return settled(p, "SUPPORTED" if ok else "CONTRADICTED", f"{head}: {sa} → {sb}", cells)
        ok = agrees(probe, diff)
        shown = fmt_like(vb.number.value - va.number.value, va)
        return settled(p, "SUPPORTED" if ok else "CONTRADICTED", f"{head}: {sb} − {sa} = {shown}", cells)
    if not nums and not c.negated:
        went_up = y > x
        ok = (not went_up and y != x) if down else went_up
        return settled(p, "SUPPORTED" if ok else "CONTRADICTED", f"{head}: {sa} → {sb}", cells)
    return None


def _from_to(c: ClaimText, amounts: list[Number]) -> bool:
    """The claim says its first figure after "from" and its second after "to"."""
    def after(word: str, n: Number) -> bool:
        return bool(re.search(r"\b" + word + r"(?:\s+(?:about|around|roughly))?\s*[$€£¥]?\s*$",
                              c.low[:n.start + 1]))

    return after("from", amounts[0]) and after("to", amounts[1])
