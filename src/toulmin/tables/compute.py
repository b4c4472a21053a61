"""The operations a claim's wording names, each computed from the cells: a trend over every
row, a comparison of two rows, a peak or a low (and a rank), a total or an average, a
change between two rows (percent, points, difference, "doubled"), a count of rows that
meet a condition, and a lookup of the named row's cells. Each returns None when it does
not apply or cannot tell."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise

from ..checks.numbers import Number, find_numbers
from .guards import shared_by_others, stray_value, unread_part
from .pick import (
    ID_WORDS,
    Outcome,
    Pick,
    Settled,
    acronyms,
    aside,
    cell_note,
    cell_text,
    cell_value,
    charges,
    fits,
    holds,
    is_summary,
    is_timed,
    label_words,
    names_cell,
    row_name,
    series,
    settled,
    time_order,
    unknown_name,
)
from .values import WEEKDAYS, Value, claim_dates, header_words, human, month_number, read_value, stem, words
from .words import (
    AGE_WORD,
    AVERAGE,
    CHANGE,
    CLOSED,
    CMP_OVER,
    CMP_UNDER,
    DOWNWARD,
    EACH,
    EVERY,
    FOR_COUNT,
    FROM_TO,
    GENERIC,
    LESS,
    MAX,
    MIN,
    MORE,
    NEG,
    NUMBER_WORDS,
    OPEN,
    OPPOSED,
    POINTS,
    SECOND,
    THAN,
    TIMES,
    TOTAL,
    UPWARD,
    WHEN_HEAD,
    YEARISH,
    ZERO_WORDS,
    ClaimText,
    agrees,
    count_said,
    fmt,
)

__all__ = [
    "OF_THE_TWO",
    "RATIO",
    "RULES",
    "SHARE_OF",
    "absent",
    "count",
    "lookup",
]

# --- the operations -----------------------------------------------------------------------


def _both_ways(c: ClaimText, p: Pick) -> bool:
    """The claim says a move down and a move up, the rows' names left out ("the Fell Vest
    grew" says one move)."""
    t = p.r.table
    names = [row_name(p, i) for i in range(len(t.rows))]
    if len(t.caption.split()) <= 6:  # a row read along its periods is named by its caption
        names.append(t.caption)
    low = c.low
    for name in names:
        low = low.replace(name.lower(), " ") if name else low
    return bool(DOWNWARD.search(low)) and bool(UPWARD.search(low))


def _trend(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    if not c.has(EVERY) or not (c.has(CHANGE) or c.has(MORE) or c.has(LESS)):
        return None
    if _both_ways(c, p):
        return None  # "dipped in Q2, then climbed in each quarter after": two moves, not one trend
    down = (bool(c.has(DOWNWARD)) and not c.has(UPWARD)) or (
        not c.has(CHANGE) and bool(c.has(LESS)) and not c.has(MORE)
    )
    s = series(p, j)
    span = _span_said(c, p, [i for i, _ in s])
    s = [x for x in s if x[0] in span] if span else s
    if len(s) < 3:
        return None
    steps = list(pairwise(s))
    bad = [(a, b) for a, b in steps if (b[1] >= a[1] if down else b[1] <= a[1])]
    shown = " → ".join(cell_text(p, i, j) for i, _ in s)
    head = p.r.table.columns[j].text
    cells = [(i, j) for i, _ in s]
    if c.negated:
        return None
    v0 = cell_value(p.r, s[0][0], j)
    figures = [n for n in nums if v0 is not None and fits(n, v0)]
    if not bad and figures and not all(any(agrees(n, x) for _, x in s) for n in figures):
        return None  # "rose every quarter, reaching 13,221 MWh in Q4": a figure no step holds
    if not bad:
        return settled(p, "SUPPORTED", f"{head} {'fell' if down else 'rose'} at every step: {shown}", cells)
    (a, _), (b, _) = bad[0]
    return settled(
        p,
        "CONTRADICTED",
        f"{head} did not {'fall' if down else 'rise'} every time: "
        f"{row_name(p, a)} {cell_text(p, a, j)} → {row_name(p, b)} {cell_text(p, b, j)} ({shown})",
        [(b, j), (a, j), *cells],
    )


_BOUNDED = re.compile(
    r"\bfrom\b.*\b(?:to|through|thru|until|till)\b|\bbetween\b.*\band\b|\bsince\b|\bfrom\b|"
    r"\b(?:through|thru|until|till|up to)\b"
)


def _span_said(c: ClaimText, p: Pick, order: list[int]) -> set[int]:
    """The rows of a trend the claim bounds ("from 2020 through 2023", "since 2021"): from
    the first row it names to the last (to the end after "since"); empty when it bounds none."""
    m = c.has(_BOUNDED)
    named = [order.index(i) for i in p.rows if i in order]
    if not m or not named:
        return set()
    if len(named) > 1:
        a, b = min(named), max(named)
    elif m.group(0).startswith(("since", "from")):  # "from February": to the end
        a, b = named[0], len(order) - 1
    else:  # "through June": from the start
        a, b = 0, named[0]
    return set(order[a:b + 1])


_ANY_OTHER = re.compile(
    r"\bthan (?:any|all|every) (?:of the )?other\b|\bthan the (?:rest|others)\b|\bthan (?:anyone|anybody|"
    r"anything|everyone|everybody) else\b"
)


_PER_THING = re.compile(r"\bper[\s-]+(?:square\s+)?([a-z]+)")


_EXTREME_FALL = re.compile(
    r"\b(?:largest|biggest|greatest|steepest|sharpest|deepest|smallest|least|mildest|lowest|highest|most)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:reductions?|declines?|drops?|loss(?:es)?|decreases?|falls?|cuts?|dips?)\b"
)


def _extreme(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    lo, hi = c.has(MIN), c.has(MAX)
    if c.has(_ANY_OTHER):  # "fewer goals than any other team": the lowest
        lo, hi = c.has(LESS), c.has(MORE)
    aged = c.has(AGE_WORD)
    if aged and WHEN_HEAD.search(p.r.table.columns[j].text.lower().replace("_", " ")):
        # a column of years or dates: the oldest is the earliest, the newest the latest
        late = aged.group(0) in ("newest", "latest", "youngest", "most recent")
        lo, hi = (None, aged) if late else (aged, None)
        if any(m.group(0) != aged.group(0) for pat in (MAX, MIN) for m in pat.finditer(c.low)):
            return None  # "the oldest player and the shortest": two extremes, of two columns
    if not (lo or hi) or (lo and hi):
        return None
    per = _PER_THING.search(c.low)
    head_low = p.r.table.columns[j].text.lower().replace("_", " ")  # "yield_t_per_ha" is per hectare
    if per and "/" not in head_low and " per " not in f" {head_low} " and per.group(1) not in head_low:
        return None  # "the most expensive per square foot": of a ratio of two columns, not of rent
    if re.search(r"\bratios?\b", c.low) and not re.search(r"\bratios?\b|/|\bper\b", head_low):
        return None  # "the lowest student-to-teacher ratio": of two columns, not of Teachers (FTE)
    if (
        hi
        and hi.group(0) == "most"
        and not re.search(r"\bthe most\b|\bmost\s+\w+\s+(?:in|of|among)\b", c.low)
    ):
        return None
    rank = 0
    sec = c.has(SECOND)
    if sec:
        rank = {"second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3}[sec.group(1)]
    s = series(p, j)
    if len(s) < 2:
        return None
    fall = c.has(_EXTREME_FALL)
    falls = fall is not None and all(v <= 0 for _, v in s) and any(v < 0 for _, v in s)
    if falls:
        # "the largest mean HbA1c reduction" of changes written below zero: the lowest figure
        lo, hi = (None, lo) if lo else (hi, None)
    units = {v.number.unit for i, _ in s if (v := cell_value(p.r, i, j)) is not None and v.number is not None}
    if len(units) > 1:
        return None  # "188 tons" beside "2 kilotons": figures of two units are not ranked by their numbers
    order = sorted(s, key=lambda x: x[1], reverse=bool(hi))
    if rank >= len(order):
        return None
    best_i, best_v = order[rank]
    head = p.r.table.columns[j].text
    word = "highest" if hi else "lowest"
    ties = [i for i, v in s if v == best_v]
    if p.rows and not c.negated:
        named = p.rows[0]
        v = cell_value(p.r, named, j)
        said = [n for n in nums if v is not None and fits(n, v) and not _per_other(c, n, head)
                and not _each_of_its(c, p, n, head)]
        if [n for n in nums if n.unit and re.search(r"\d", n.text)] and not said:
            return None  # "the best on-time record, with about 91%": of a rate, not of the count
        if (
            named in ties
            and said
            and v is not None
            and v.number is not None
            and not agrees(said[0], _said_value(c, said[0], v, head))
            and not (falls and agrees(said[0], -_as_said(said[0], v, head)))  # "a reduction of 1.24": -1.24
        ):
            # "the most daily departures, with 18": the peak's row, not its figure
            return settled(p, "CONTRADICTED", cell_note(p.r, named, j), [(named, j)])
        if named in ties:
            if stray_value(c, p, named, [j]):
                return None  # "the lowest attendance, against the Bears": the opponent is not read
            return settled(
                p,
                "SUPPORTED",
                f"{head} is {['', 'second ', 'third ', 'fourth '][rank]}{word} in "
                f"{row_name(p, named)} ({cell_text(p, named, j)}); the others: "
                + ", ".join(f"{row_name(p, i)} {cell_text(p, i, j)}" for i, _ in s if i != named),
                [(named, j)],
            )
        return settled(
            p,
            "CONTRADICTED",
            f"{head} is {['', 'second ', 'third ', 'fourth '][rank]}{word} in "
            f"{row_name(p, best_i)} ({cell_text(p, best_i, j)}), "
            f"not {row_name(p, named)} ({cell_text(p, named, j)})",
            [(best_i, j), (named, j)],
        )
    if not p.rows and nums and rank == 0:
        if c.has(_AGED) and not _DATED_HEAD.search(head.lower().replace("_", " ")):
            return None  # "the oldest home ... is listed at $372,500": oldest by year built, not by price
        if c.has(_OF_THE):
            return None  # "topped 85% in three of the six months": a count of rows, not the peak
        v = cell_value(p.r, best_i, j)
        if v is None or v.number is None:
            return None
        # "Route 11 is the busiest route, carrying around 8,150 riders": the figure in the
        # column's unit (with a noun of its own), not a name's number
        fit = [x for x in nums if fits(x, v)]
        fit = [x for x in fit if x.unit] or fit
        if not fit or (len(fit) > 1 and not any(agrees(x, v.number.value) for x in fit)):
            return None
        n = next((x for x in fit if agrees(x, v.number.value)), fit[0])
        row_cells = [cell_value(p.r, best_i, k) for k in range(len(p.r.table.columns))]
        if any(x is not n and not any(w is not None and w.number is not None and w.number.value == x.value
                                      for w in row_cells) for x in nums):
            return None  # "Route 11 is the busiest": a number naming the row must be the top row's
        ok = agrees(n, v.number.value)
        if ok and stray_value(c, p, best_i, [j]):
            return None  # "the smallest attendance, 16,278, against the Reds": the opponent is not read
        return settled(
            p,
            "SUPPORTED" if ok else "CONTRADICTED",
            f"the {word} {head} is {cell_text(p, best_i, j)} ({row_name(p, best_i)})",
            [(best_i, j)],
        )
    return None


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


def _change(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    times = c.has(TIMES)
    if not c.has(CHANGE) and not times:
        return None
    if _both_ways(c, p):
        return None  # "dipped in Q2, then climbed": two moves; which one a figure is of is not read
    if times and not c.has(CHANGE) and c.has(RATIO):
        return None  # "half as much sugar as": two rows compared (_compare), not a change
    if times and times.group(1) == "half" and re.match(r"\s+of\b", c.low[times.end() :]):
        return None  # "less than half of the students who applied": a share (_share_of_two), not a change
    one = p.rows[:1] or ([0] if len(p.r.table.rows) == 1 else [])
    if len(one) == 1 and len(p.rows) < 2 and (k := _earlier_column(p, j)) is not None:
        return _changed(c, p, (one[0], k), (one[0], j), nums, times)
    if (
        not p.rows
        and not nums
        and (c.has(EACH) or _all_counted(c, p))
        and (k := _earlier_column(p, j)) is not None
    ):
        return _all_changed(c, p, k, j)
    rows = p.rows[:2]
    order = time_order(p)
    if len(rows) == 1:
        # "grew 10% in Q2": against the period before, when the rows are periods
        k = order.index(rows[0])
        # only when the rows are periods: a row above another is no "last year"
        if k == 0 or not is_timed(p):
            return None
        if not is_timed(p) and (
            is_summary(p, rows[0]) or is_summary(p, order[k - 1]) or _periods_said_of_columns(c, p) >= 2
        ):
            return None  # "Total ... from FY2023 to FY2025": the periods are columns; a total is no period
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
    return _changed(c, p, (a, j), (b, j), nums, times)


def _periods_said_of_columns(c: ClaimText, p: Pick) -> int:
    """How many of the table's period columns ("FY2023 actual", "FY2025 proposed") the claim
    names by their period."""
    got = 0
    for col in p.r.table.columns:
        m = _PERIOD_IN_HEADER.search(col.text)
        if m is not None and re.search(r"\b" + re.escape(m.group(0).lower()) + r"\b", c.low):
            got += 1
    return got


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
        # a bound read on a verb of growth only ("less than doubled"); "more than half of the
        # team" is a share, which this change does not compute
        verb = times.group(1).endswith("ed")
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
        return settled(
            p, "SUPPORTED" if ok else "CONTRADICTED", f"{head}: {sb} − {sa} = {_fmt_like(diff, va)}", cells
        )
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


def _fmt_like(base_value: float, v: Value) -> str:
    """A difference in the unit the table writes (base units back to its scale)."""
    n = v.number
    if n is None or not n.value:
        return fmt(base_value)
    try:
        written = float(re.sub(r"[^\d.]", "", v.text) or "nan")
    except ValueError:
        return fmt(base_value)
    scale = abs(n.value) / written if written else 1.0
    return fmt(base_value / scale if scale else base_value)


_THROUGH = re.compile(r"\b(?:to|through|until|till|and)\b|[-–]")
_ALL_ROWS = re.compile(
    r"(?:\ball|\bthe|\bits|\btheir|\bthese|\bthose|\bacross(?: the| its| their| all| these| those)?|"
    r"\bcombined|'s|’s|s')\s+"
    r"(two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(\w+)"
)


_HALF = re.compile(r"\b(?:(first|second) half|(h[12]))\b(?:\s+(?:of\s+)?(?:fy\s*)?((?:19|20)\d\d))?")


def _half_rows(c: ClaimText, p: Pick) -> list[int] | None:
    """ "in the first half of 2023": the rows of its six months, when the rows are months."""
    m = c.has(_HALF)
    if m is None or not is_timed(p):
        return None
    second = m.group(1) == "second" or m.group(2) == "h2"
    out = []
    # months without a year are of the caption's one year ("monthly output, H1 2024")
    titled = {w for w in words(p.r.table.caption) if YEARISH.match(w)}
    for i in time_order(p):
        lw = label_words(p.r.table, i)
        month = next((int(w) for w in lw if re.fullmatch(r"0[1-9]|1[0-2]", w)), 0)
        month = month or next((k for w in lw if (k := month_number(w))), 0)
        year = next((w for w in lw if YEARISH.match(w)), None)
        year = year or (next(iter(titled)) if len(titled) == 1 else None)
        if month and (m.group(3) is None or year == m.group(3)) and (month > 6) == second:
            out.append(i)
    return out if len(out) == 6 else None


_WHOLE_YEAR = re.compile(
    r"\bas a whole\b|\b(?:the|that|this|a|full|whole|entire)\s+year\b|\bfull-year\b|"
    r"\b(?:in|for|during|over|of|across)\s+(?:19|20)\d\d\b"
)


def _year_rows(c: ClaimText, p: Pick) -> list[int] | None:
    """ "revenue for 2023 as a whole": the rows of its quarters or months (two or more rows
    whose names hold the year, the others another), when the claim speaks of the whole year."""
    if not is_timed(p) or not c.has(_WHOLE_YEAR):
        return None
    years = {w for w, _ in c.toks if YEARISH.match(w)}
    held = {w for i in range(len(p.r.table.rows)) for w in label_words(p.r.table, i) if YEARISH.match(w)}
    if not years and len(held) == 1 and not re.search(r"\b(?:19|20)\d\d\b", c.low):
        years = held  # "over the year" of a table of one year's quarters
    if len(years) != 1:
        return None
    year = years.pop()
    out = [i for i in time_order(p) if year in label_words(p.r.table, i)]
    labelled = [i for i in range(len(p.r.table.rows))
                if any(YEARISH.match(w) for w in label_words(p.r.table, i))]
    if len(out) < 2 or len(labelled) != len(p.r.table.rows):
        return None
    return out


def span_rows(c: ClaimText, p: Pick) -> list[int] | None:
    """ "from January to April 2024": every row from the first named to the second, in time
    order; "the first half of 2023": its six months."""
    if not p.rows and (half := _half_rows(c, p)) is not None:
        return half
    if not p.rows and (year := _year_rows(c, p)) is not None:
        return year
    if len(p.rows) != 2 or not is_timed(p):
        return None
    order = time_order(p)
    a, b = sorted(p.rows, key=order.index)
    between = c.low
    if not _THROUGH.search(between):
        return None
    return order[order.index(a) : order.index(b) + 1]


def _rows_by_word(c: ClaimText, p: Pick) -> list[int] | None:
    """ "Cookware items average roughly $121": the rows whose cell of a column of words holds
    the one word of the claim that only some rows' cells hold (`category: cookware`)."""
    t = p.r.table
    if len(t.rows) < 3:
        return None
    heads = {w for col in t.columns for w in header_words(col.text)}
    found: list[list[int]] = []
    for j in range(len(t.columns)):
        if j == t.label:
            continue
        cells = [t.rows[i][j] for i in range(len(t.rows))]
        if any(x is not None and read_value(x.text).number is not None for x in cells):
            continue
        stems = [{stem(w) for w in words(x.text)} if x is not None else set() for x in cells]
        for w in c.stems - heads:
            if w in GENERIC or len(w) < 3 or w.isdigit():
                continue
            rows = [i for i, st in enumerate(stems) if w in st]
            if 0 < len(rows) < len(t.rows):
                found.append(rows)
    return found[0] if len(found) == 1 and len(found[0]) >= 2 else None


def _named_before_figure(c: ClaimText, p: Pick, j: int) -> list[int] | None:
    """Of the rows the claim names, those named before its figure, when they are two or more
    and the others hold that figure ("the two truck legs together take 14 hours, the same as
    the rail leg": the truck legs added up, and the rail leg's 14 hours the same)."""
    figures = [n for n in find_numbers(c.text) if n.text[:1].isdigit() or n.text[:1] in "$€£"]  # not "two"
    if len(figures) != 1 or len(p.rows) < 3 or not re.search(r"\bthe same as\b", c.low):
        return None
    said = [w for w, at in c.toks if at < figures[0].start]
    rows = [i for i in p.rows if (lw := label_words(p.r.table, i)) and all(w in said for w in lw)]
    others = [cell_value(p.r, i, j) for i in p.rows if i not in rows]
    head = p.r.table.columns[j].text
    if not all(v is not None and v.number is not None and agrees(figures[0], _as_said(figures[0], v, head))
               for v in others):
        return None
    return rows if 2 <= len(rows) < len(p.rows) else None


def _some_rows(c: ClaimText, p: Pick) -> bool:
    """The claim speaks of rows it does not name in full ("the mugs" beside "Stoneware mug")."""
    t = p.r.table
    labels = [set(label_words(t, i)) for i in range(len(t.rows))]
    common = set.intersection(*labels) if labels and all(labels) else set()
    heads = {w for col in t.columns for w in header_words(col.text)}
    for i, lw in enumerate(labels):
        if is_summary(p, i):
            continue  # "the budget totals": the Total row's word is the sum's, not a row's name
        for w in lw - common:
            if (
                not w.isdigit()
                and w not in GENERIC
                and len(w) > 2
                and stem(w) in c.stems
                and stem(w) not in heads
            ):
                return True
    return False


def _all_counted(c: ClaimText, p: Pick) -> bool:
    """ "the three lines carried", "across the three regions": every row, by their number."""
    m = c.has(_ALL_ROWS)
    if m is None:
        return False
    n = count_said(m.group(1))
    return n == len([i for i in range(len(p.r.table.rows)) if not is_summary(p, i)])


_COMES_TO = re.compile(r"\b(?:comes?|came|adds?|added|amounts?|amounted) (?:up )?to\b")
_RATE_HEAD = re.compile(r"%|\brate\b|\bratio\b|\bshare\b|\baverage\b|\bavg\b|\bmean\b|\bper\b|\bmedian\b")


# a column of what one thing costs, which is not added up (a money column of sums, revenue, is)
_PRICED = re.compile(r"\b(?:price|prices|cost|costs|fee|fees|rate|rates|fare|fares|rent|premium|charge)\b")


def _spanned_total(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    """ "welcomed roughly 152,000 visitors between January and June": a figure over a span of
    rows, no operation said, in a column of counts or amounts (not a rate, a share, a
    price): their total. SUPPORTED when the total is the figure; nothing otherwise (a level
    held over the span is read this way too, so a figure that is not the total refutes
    nothing)."""
    if len(nums) != 1 or c.has(CHANGE) or c.has(MAX) or c.has(MIN) or c.has(THAN) or c.negated:
        return None
    rows = span_rows(c, p)
    head = p.r.table.columns[j].text
    if rows is None or len(rows) < 2 or _RATE_HEAD.search(head.lower()):
        return None
    if _PRICED.search(human(head).lower()):
        return None
    s = series(p, j, rows)
    v0 = cell_value(p.r, s[0][0], j) if s else None
    n = nums[0]
    if len(s) != len(rows) or v0 is None or not fits(n, v0) or n.unit == "%":
        return None
    got = sum(v for _, v in s)
    if not agrees(n, got) or any(agrees(n, v) for _, v in s):
        return None
    shown = " + ".join(cell_text(p, i, j) for i, _ in s)
    return settled(p, "SUPPORTED", f"{head}: {shown} = {_fmt_like(got, v0)}", [(i, j) for i, _ in s])


def _aggregate(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    total, mean = c.has(TOTAL), c.has(AVERAGE)
    if not (total or mean):
        spanned = _spanned_total(c, p, j, nums)
        if spanned is not None:
            return spanned
    if not (total or mean) and not p.rows and _all_counted(c, p) and nums:
        total = c.has(_ALL_ROWS)
    if not (total or mean) and not p.rows and nums:
        total = c.has(_ACROSS_EVERY)  # "104 rooms across all room types"
    if not (total or mean) and len(p.rows) >= 2 and nums and not _RATE_HEAD.search(
        p.r.table.columns[j].text.lower()
    ):
        total = c.has(_COMES_TO)  # "spending at Greenleaf Grocers came to $197": its rows added up
    head_low = p.r.table.columns[j].text.lower()
    if (
        not (total or mean)
        and not p.rows
        and not p.missing_row
        and not _RATE_HEAD.search(head_low)
        and not _PRICED.search(human(head_low).lower())
    ):
        total = c.has(_COMES_TO)  # "billed labour comes to 15 hours": every row's, added
    if not (total or mean) or not nums or any(is_summary(p, i) for i in p.rows):
        return None  # "the total for gain be 2407": the Total row's cells, not a sum to compute
    if total and not mean and _RATE_HEAD.search(head_low):
        return None  # "topped 85% in three of the six months": rates or shares are not added up
    if stem((total or mean).group(0).split()[-1]) in header_words(p.r.table.columns[j].text):  # type: ignore[union-attr]
        return None  # the column's name ("average", "total medals"), not a sum to compute
    rows = (span_rows(c, p) or _named_before_figure(c, p, j) or (p.rows if len(p.rows) >= 2 else None)
            or _rows_by_word(c, p))
    if rows is None and len(p.rows) == 1 and p.r.table.kind == "json":
        return None  # "the mugs ... cost €50.00 in total": the one line's total, not every line's
    if rows is None and _some_rows(c, p):
        return None  # "the mugs in the order cost ...": some of the rows, not all
    if rows is None and unknown_name(c, p.r):
        return None  # "flights to Seattle averaged ...": rows the table cannot single out
    s = series(p, j, rows)
    if len(s) < 2:
        return None
    v0 = cell_value(p.r, s[0][0], j)
    # "across the six departments", "over the six months": the count of the rows summed, not the sum
    nums = [x for x in nums if _said_count(x) != len(s)]
    fit = [x for x in nums if v0 is not None and fits(x, v0)]
    if len(fit) > 1:  # "the five schools enroll 3,889 in total": five counts the rows summed
        fit = [x for x in fit if x.value != len(s) or x.unit in ("%", "$", "£", "€")] or fit
    n = fit[0] if fit else None
    if v0 is None or n is None:
        return None
    vals = [v for _, v in s]
    head = p.r.table.columns[j].text
    cells = [(i, j) for i, _ in s]
    shown = [cell_text(p, i, j) for i, _ in s]
    per_item = None if mean else _quantity_column(p, j)
    if per_item is not None:
        # "the items weigh about 8.4 kg altogether": each line's weight times its quantity
        qty = [cell_value(p.r, i, per_item) for i, _ in s]
        if any(q is None or q.number is None for q in qty):
            return None
        counts = [q.number.value for q in qty if q is not None and q.number is not None]
        got = sum(v * k for v, k in zip(vals, counts, strict=True))
        if agrees(n, sum(vals)) and not agrees(n, got):
            return None  # the figure adds the lines without their quantities: which is meant is in doubt
        arith = " + ".join(f"{a} × {cell_text(p, i, per_item)}" for a, (i, _) in zip(shown, s, strict=True))
        arith += f" = {_fmt_like(got, v0)}"
    elif mean:
        got = sum(vals) / len(vals)
        arith = f"({' + '.join(shown)}) / {len(vals)} = {_fmt_like(got, v0)}"
    else:
        got = sum(vals)
        arith = f"{' + '.join(shown)} = {_fmt_like(got, v0)}"
    if got < 0 and n.unit in ("$", "€", "£", "¥") and not v0.number.unit:  # type: ignore[union-attr]
        got = -got  # debits written below zero: "spending came to $197"
    if n.unit == "s" and v0.number is not None and v0.number.value:
        got *= _as_said(n, v0, head) / v0.number.value  # "a combined 29 years": bare years in `years_`
    ok = agrees(n, got)
    if not ok and _other_column_gives(p, j, [i for i, _ in s], n, bool(mean)):
        return None  # "2,869 applicants were offered places": Admitted's sum, not Applicants'
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", f"{head}: {arith}", cells)


_QUANTITY_HEADS = frozenset({"qty", "quantity", "quantities"})


def _quantity_column(p: Pick, j: int) -> int | None:
    """The column of each line's quantity (`qty`) when column ``j`` is a per-item figure
    (a weight, a unit price) of lines that have one; None otherwise."""
    t = p.r.table
    head = set(words(human(t.columns[j].text)))
    if head & (_QUANTITY_HEADS | {"total", "subtotal", "amount", "line"}):
        return None
    found = [k for k, c in enumerate(t.columns)
             if set(words(human(c.text.rsplit(".", 1)[-1]))) & _QUANTITY_HEADS]
    return found[0] if len(found) == 1 and found[0] != j else None


def _said_count(n: Number) -> int:
    """The count a figure says as written ("six" of "six months", 6 of "6 departments"), -1
    when it says none."""
    first = n.text.split()[0].lower() if n.text.split() else ""
    return count_said(first) if first.isdigit() or n.unit else -1


def _other_column_gives(p: Pick, j: int, rows: list[int], n: Number, mean: bool) -> bool:
    """Another column's total (or mean) over the same rows is the claim's figure: which
    column the claim's words mean is in doubt, and a refutation by this one is not safe."""
    for k in range(len(p.r.table.columns)):
        if k in (j, p.r.table.label):
            continue
        cells = [cell_value(p.r, i, k) for i in rows]
        vals = [v.number.value for v in cells if v is not None and v.number is not None]
        first = cells[0]
        if len(vals) == len(rows) and first is not None and fits(n, first) and agrees(
            n, sum(vals) / len(vals) if mean else sum(vals)
        ):
            return True
    return False


RATIO = re.compile(
    r"\b(?:(more than|over|at least|less than|under|nearly|almost|about|roughly)\s+)?"
    r"(twice|double|two times|three times|triple|four times|five times|six times|seven times|eight times|"
    r"nine times|ten times|half|(\d+(?:\.\d+)?) times|(?:one|a) (?:third|quarter|fifth|tenth))\s+"
    r"(?:as\s+\w+(?:\s+\w+){0,4}?\s+as|the\s+\w+(?:\s+\w+)?\s+of|"
    # "one fifth of Essential's": a fraction of the other row's
    r"(?:(?<=third )|(?<=quarter )|(?<=fifth )|(?<=tenth ))(?:that )?of|"
    # "six times closer to the beach than": a comparative's ratio, the smaller side's for "closer"
    r"(closer|nearer|cheaper|lighter|smaller|shorter|larger|bigger|heavier|longer|farther|further|"
    r"higher|greater)(?:\s+\w+){0,3}?\s+than)\b"
)
_INVERSE = frozenset({"closer", "nearer", "cheaper", "lighter", "smaller", "shorter"})
_FACTOR = {
    "twice": 2.0,
    "double": 2.0,
    "two times": 2.0,
    "three times": 3.0,
    "triple": 3.0,
    "four times": 4.0,
    "five times": 5.0,
    "six times": 6.0,
    "seven times": 7.0,
    "eight times": 8.0,
    "nine times": 9.0,
    "ten times": 10.0,
    "half": 0.5,
    "one third": 1 / 3,
    "a third": 1 / 3,
    "one quarter": 0.25,
    "a quarter": 0.25,
    "one fifth": 0.2,
    "a fifth": 0.2,
    "one tenth": 0.1,
    "a tenth": 0.1,
}
OF_THE_TWO = re.compile(r"\b(?:of|between) the two\b")
_BEHIND = re.compile(r"\bbehind\b|\bafter\b|\bslower than\b")
_AHEAD = re.compile(r"\bahead of\b|\bbefore\b|\bfaster than\b")


def _ratio(c: ClaimText, p: Pick, j: int) -> Settled | None:
    """ "costs twice as much as", "more than twice as many reviews as": a ratio of two rows."""
    m = c.has(RATIO)
    if m is None or len(p.rows) < 2:
        return None
    a, b = p.rows[:2]
    va, vb = cell_value(p.r, a, j), cell_value(p.r, b, j)
    if va is None or vb is None or va.number is None or vb.number is None or not vb.number.value:
        return None
    factor = float(m.group(3)) if m.group(3) else _FACTOR[m.group(2)]
    inverse = m.group(4) in _INVERSE
    if inverse and not va.number.value:
        return None
    ratio = vb.number.value / va.number.value if inverse else va.number.value / vb.number.value
    bound = m.group(1) or ""
    if bound in ("more than", "over"):
        ok = ratio > factor
    elif bound == "at least":
        ok = ratio >= factor - 1e-9
    elif bound in ("less than", "under"):
        ok = ratio < factor
    else:
        ok = abs(ratio - factor) <= factor * (0.05 if bound else 0.02)
    head = p.r.table.columns[j].text
    return settled(
        p,
        "SUPPORTED" if ok != c.negated else "CONTRADICTED",
        f"{head}: {row_name(p, a)} {cell_text(p, a, j)} / {row_name(p, b)} {cell_text(p, b, j)} "
        f"= {ratio:.2f}×"
        if not inverse
        else f"{head}: {row_name(p, b)} {cell_text(p, b, j)} / {row_name(p, a)} {cell_text(p, a, j)} "
        f"= {ratio:.2f}× ({m.group(4)})",
        [(a, j), (b, j)],
    )


SHARE_OF = re.compile(
    r"\b(?:makes? up|made up|making up|accounts? for|accounted for|accounting for|represents?|represented|"
    r"comprises?|takes? up|took up|brought in|brings in|bring in|generated|generates|contributed|contributes|"
    r"earned|earns|drew|draws|captured|captures)\s+(?:\w+\s+){0,3}?"
    r"(?:[\d.]+\s*(?:%|percent)|half|a third|one third|one-third|two thirds|two-thirds|a quarter|one quarter|"
    r"three quarters|three-quarters|a fifth|one fifth)\s+of\b"
)


def _head_low(p: Pick, j: int) -> str:
    return p.r.table.columns[j].text.lower()


def _share_of_total(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    """ "Police makes up more than 40% of the proposed FY2025 budget": the named row's cell
    over the column's total (its Total row, else the sum of the rows)."""
    shares = [n for n in nums if n.unit == "%"]
    if len(p.rows) != 1 or len(shares) != 1 or not c.has(SHARE_OF) or is_summary(p, p.rows[0]):
        return None
    i = p.rows[0]
    v = cell_value(p.r, i, j)
    if v is None or v.number is None or v.number.unit == "%" or _RATE_HEAD.search(_head_low(p, j)):
        return None
    t = p.r.table
    totals = [k for k in range(len(t.rows)) if is_summary(p, k) and "total" in label_words(t, k)]
    s = series(p, j)
    if is_timed(p):
        # rows of years: the whole is the row's own Total column ("High" of 2023-24 against its
        # Total), never the column added over the years
        whole = [k for k, col in enumerate(t.columns) if k not in (j, t.label)
                 and re.search(r"\btotal\b|\ball\b|\boverall\b", col.text.lower())]
        tv = cell_value(p.r, i, whole[0]) if len(whole) == 1 else None
        if tv is None or tv.number is None or not tv.number.value:
            return None
        share = 100 * v.number.value / tv.number.value
        ok = agrees(shares[0], share) != c.negated
        note = (f"{row_name(p, i)}: {t.columns[j].text} {cell_text(p, i, j)} / {t.columns[whole[0]].text} "
                f"{cell_text(p, i, whole[0])} = {share:.1f}%")
        return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(i, j), (i, whole[0])])
    if len(totals) == 1 and (tv := cell_value(p.r, totals[0], j)) is not None and tv.number is not None:
        total, shown = tv.number.value, cell_text(p, totals[0], j)
        cells = [(i, j), (totals[0], j)]
    elif len(s) >= 2 and i in {k for k, _ in s}:
        total, shown = sum(x for _, x in s), _fmt_like(sum(x for _, x in s), v)
        cells = [(k, j) for k, _ in s]
    else:
        return None
    if not total:
        return None
    share = 100 * v.number.value / total
    ok = agrees(shares[0], share) != c.negated
    head = p.r.table.columns[j].text
    note = f"{head}: {row_name(p, i)} {cell_text(p, i, j)} / total {shown} = {share:.1f}%"
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, cells)


_SAME = re.compile(
    r"\bthe same\b(?:\s+[\w-]+){0,3}\s+as\b|\bas (?:much|many|high|low|large) as\b|\b(?:equal|identical) to\b"
)


def _named_elsewhere(p: Pick, rows: tuple[int, int], j: int, nums: list[Number]) -> tuple[int, int] | None:
    """A figure the claim gives with the noun of another column ("85 beds" beside `Beds`)
    that neither compared row holds there: the cell of the first of them, else None."""
    t = p.r.table
    for n in nums:
        noun = {x for w in (n.unit, *n.nouns) if w for x in (stem(w), stem(w + "s"))}  # "bed" of `Beds`
        cols = [k for k, col in enumerate(t.columns)
                if k not in (j, t.label) and header_words(col.text) & noun]
        if len(cols) != 1:
            continue
        cells = [(i, cols[0]) for i in rows]
        got = [v for i, k in cells if (v := cell_value(p.r, i, k)) is not None and v.number is not None]
        if len(got) == 2 and not any(agrees(n, v.number.value) for v in got):  # type: ignore[union-attr]
            return cells[0]
    return None


_PERCENT_MORE = re.compile(
    r"\d[\d,.]*\s*(?:%|percent)\s+(?:more|higher|greater|larger|bigger|less|lower|fewer|smaller)\b"
)


_BEHIND_ONLY = re.compile(r"\b(?:behind|after|trailing|ahead of|second|next) only\b|\bsecond to\b")


def _compare(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    if len(p.rows) < 2:
        return None
    got = _ratio(c, p, j)
    if got is not None:
        return got
    if c.has(TIMES) or c.has(CHANGE):
        return None  # "more than doubled between 2020 and 2023": a change
    if c.has(_BEHIND_ONLY):
        return None  # "behind only the airport": a rank (second), not a comparison of the two
    more, less = c.has(MORE), c.has(LESS)
    a, b = p.rows[:2]
    va, vb = cell_value(p.r, a, j), cell_value(p.r, b, j)
    if va is None or vb is None or va.number is None or vb.number is None:
        return None
    if c.has(_SAME) and not (more or less) and not nums:  # "at the same hourly rate as"
        ok = (va.number.value == vb.number.value) != c.negated
        note = f"{p.r.table.columns[j].text}: {row_name(p, a)} {cell_text(p, a, j)}, "
        note += f"{row_name(p, b)} {cell_text(p, b, j)}"
        return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(a, j), (b, j)])
    dated = "year" in words(p.r.table.columns[j].text.replace("_", " ").lower())
    if va.number.unit == "s" and (c.has(_BEHIND) or c.has(_AHEAD)):  # times: behind is more time
        more, less = c.has(_BEHIND), c.has(_AHEAD)
    elif not c.has(THAN) and not c.has(OF_THE_TWO) and not c.has(GAP_SAID):
        return None
    if dated and c.has(_AGED):  # a year column: the newer is the later year, the older the earlier
        more, less = c.has(_NEWER), c.has(_OLDER)
    if bool(more) == bool(less):
        return None
    x, y = va.number.value, vb.number.value
    ok = x > y if more else x < y
    if c.negated:
        ok = not ok
    head = p.r.table.columns[j].text
    note = f"{head}: {row_name(p, a)} {cell_text(p, a, j)}, {row_name(p, b)} {cell_text(p, b, j)}"
    by = re.search(r"\bby\s+(?:about\s+|around\s+|nearly\s+|roughly\s+)?[$€£¥]?\d", c.low)
    gap = [n for n in nums if by and n.start >= by.start() - 2 and fits(n, va)]
    aheads = list(re.finditer(
        # "7 more points than"; not "an avg of 11 be higher than": the row's own figure
        r"((?:[$€£¥]?\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*"
        r"(?:%|(?!(?:be|is|was|are|were)\s)[a-z]+\s+)?)(?:more|less|fewer|higher|lower|greater|larger|smaller|"
        r"behind|ahead|clear|after|before|slower|faster|cheaper|pricier|dearer|costlier|heavier|lighter|older|"
        r"younger|newer|longer|shorter|taller|bigger|wider|narrower|deeper)\b",
        c.low,
    ))
    names = {w for i in (a, b) for w in label_words(p.r.table, i)}
    if aheads and not gap:  # "7 more points than"; not "the Air 13 is cheaper" (13 of its name)
        # of "two years newer and about 32,600 km fewer", the gap in the column's unit
        gap = [
            n
            for ahead in aheads
            for n in find_numbers(c.text[ahead.start() : ahead.end()])
            if (n.unit != "%" or va.number.unit == "%") and n.text.split()[0].lstrip("$€£¥") not in names
            and (len(aheads) == 1 or fits(n, va)) and not (dated and n.unit == "s")
        ]
    if not gap:  # "more than three minutes behind": a bound on the difference, words for digits
        gap = [n for n in find_numbers(c.text) if n.unit == va.number.unit and n.unit and fits(n, va)]
    years = [n for n in find_numbers(c.text) if n.unit == "s" and n.factor >= 3e7] if dated else []
    if ok and years and not gap:  # "two years newer" against model years 2021 and 2019
        ok = round(years[0].value / years[0].factor) == abs(x - y)
        note += f"; {fmt(abs(x - y))} years apart"
    if ok and gap:  # "higher ... by 3 mph": the difference too
        diff = abs(x - y)
        ok = agrees(gap[0], diff)
        note += f"; difference {_fmt_like(diff, va)}"
    hw = header_words(head)
    # "an average of 8.1": a figure right after the column's own word is a row's value
    stated = [n for n in nums if not gap and fits(n, va)
              and {stem(w) for w in words(c.low[max(0, n.start - 16):n.start])[-3:]} & hw]
    if ok and stated and not all(agrees(n, x) or agrees(n, y) for n in stated):
        ok = False  # "Nickerson's average of 8.1 is higher than Brown's": his average is 11
    wrong = _named_elsewhere(p, (a, b), j, nums) if ok else None
    if wrong is not None:  # "the department with 85 beds, Cardiology": its beds are 62
        return settled(p, "CONTRADICTED", cell_note(p.r, *wrong), [wrong])
    pct = c.has(_PERCENT_MORE)
    share = [n for n in find_numbers(c.text[pct.start():pct.end()]) if n.unit == "%"] if pct else []
    if ok and not gap and share and va.number.unit != "%" and y:
        # "roughly 31.5% higher than in Q3": the difference over the other row's figure
        rel = abs(x - y) / abs(y) * 100
        ok = agrees(share[0], rel)
        note += f"; ({cell_text(p, a, j)} − {cell_text(p, b, j)}) / {cell_text(p, b, j)} = {rel:.1f}%"
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(a, j), (b, j)])


# a count's word at the head of a claim: "two of the ...", "every plan", "both cars"
COUNT_HEAD = re.compile(
    r"^\s*(?:only\s+)?(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|all|none|"
    r"both|neither|half|every|each)\b"
)


def count(c: ClaimText, p: Pick, nums: list[Number]) -> Settled | None:
    """ "Two of the five laptops weigh under 1.5 kg", "three products are in stock"."""
    t = p.r.table
    if len(t.rows) < 2:
        return None
    m = re.match(
        COUNT_HEAD.pattern + r"(?:\s+of\s+(?:the|its|their)(?:\s+(\d+|two|three|four|five|six|seven|eight|"
        r"nine|ten|eleven|twelve))?)?",
        c.low,
    ) or re.search(  # "Dogs are allowed on three of the four trails"
        r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|all|none|both|half)\s+of\s+"
        r"(?:the|its|their)\b",
        c.low,
    )
    after = m.end() if m else 0
    if m is None and nums:
        return None  # "sold just under 2 million units in all platforms": a total, not each row's
    m = m or _quantified_after(c, p)
    if not m:
        return None
    word = m.group(1)
    if word in ("every", "each"):  # "Every plan includes EU roaming": all of them
        word = "all"
    # "topped 85% in three of the six months": the bound may come before the count
    cond = _condition(c, p, nums, after) or (_condition(c, p, nums, 0, bounds_only=True) if after else None)
    if cond is None:
        return None
    j, test, what = cond
    hits = [i for i in range(len(t.rows)) if test(i)]
    known = [i for i in range(len(t.rows)) if cell_value(p.r, i, j) is not None]
    want = len(known) if word == "all" else len(known) / 2 if word == "half" else NUMBER_WORDS.get(word)
    if want is None:
        want = int(word) if word.isdigit() else None
    if want is None:
        return None
    ok = len(hits) == want
    listed = ", ".join(row_name(p, i) for i in hits) or "none"
    shown = hits or known
    if not ok and want == len(known):  # "every plan", "both cars": the rows that fail it refute it
        shown = [i for i in known if i not in hits] + hits
    return settled(
        p,
        "SUPPORTED" if ok else "CONTRADICTED",
        f"{len(hits)} of {len(known)} rows {what}: {listed}",
        [(i, j) for i in shown],
    )


_QUANTIFIED_AFTER = re.compile(
    r"\b(?:with|for|on|in|at|to)\s+(all|both|every|each)\s+(?:of\s+)?(?:the\s+|its\s+|their\s+)?"
    r"(?:\d+\s+|two\s+|three\s+|four\s+|five\s+|six\s+|seven\s+|eight\s+|nine\s+|ten\s+)?([a-z]+)"
)


def _quantified_after(c: ClaimText, p: Pick) -> re.Match[str] | None:
    """ "Breakfast is included with both rooms", "free Wi-Fi in every room": the rows
    quantified after what is said of them, named by the table's own noun (its caption, its
    label column's header)."""
    m = c.has(_QUANTIFIED_AFTER)
    if m is None:
        return None
    t = p.r.table
    nouns = {stem(w) for w in words(t.caption)}
    if 0 <= t.label < len(t.columns):
        nouns |= header_words(t.columns[t.label].text)
    return m if stem(m.group(2)) in nouns else None


Test = Callable[[int], bool]


_A_COUNT = re.compile(
    r"\s*(?:half|a third|a quarter|one|two|three|\d+)\b(?:\s+\w+)?\s+of\s+(?:the|its|their)\b"
)


def _condition(
    c: ClaimText, p: Pick, nums: list[Number], after: int, bounds_only: bool = False
) -> tuple[int, Test, str] | None:
    """The column and the test a count's rows meet: a bound on a number ("under 1.5 kg")
    or a yes/no column ("in stock")."""
    t = p.r.table
    for n in nums:
        if n.start < after or (bounds_only and _A_COUNT.match(c.low, n.start)):
            continue  # ("more than half of the team", "more than 1 of the presidents": a count, no bound)
        before = c.low[: n.start + 1]  # (a number's start is the space before it)
        op = n.bound or (">" if CMP_OVER.search(before) else "<" if CMP_UNDER.search(before) else "")
        if not op:
            continue
        for j in p.cols or range(len(t.columns)):
            v = cell_value(p.r, 0, j)
            if v is None or not fits(n, v):
                continue

            def bound(i: int, j: int = j, op: str = op, n: Number = n) -> bool:
                x = cell_value(p.r, i, j)
                if x is None or x.number is None:
                    return False
                # the cell as the claim says it: "at least four hours" against a bare 4 under `hours`
                got = _as_said(n, x, t.columns[j].text)
                held = {">": got > n.value, ">=": got >= n.value, "<": got < n.value, "<=": got <= n.value}
                return held.get(op, False)

            # "under $45" carries its own bound word
            shown = n.text if n.bound else f"{'over' if op == '>' else 'under'} {n.text}"
            return j, bound, f"with {t.columns[j].text} {shown}"
    if bounds_only:
        return None
    for j in p.cols:
        vals = [cell_value(p.r, i, j) for i in range(len(t.rows))]
        if all(v is not None and (v.truth is not None or v.empty) for v in vals):
            want = not c.negated

            def yes(i: int, j: int = j, want: bool = want) -> bool:
                x = cell_value(p.r, i, j)
                return x is not None and x.truth is want

            return j, yes, f"with {t.columns[j].text} {'yes' if want else 'no'}"
        kind = _category(c, vals, after)
        if kind is not None:  # "Both cars come with a full service history": a column of words

            def said(i: int, j: int = j, kind: str = kind) -> bool:
                x = cell_value(p.r, i, j)
                return x is not None and x.text.strip().lower() == kind

            return j, said, f"with {t.columns[j].text} {kind}"
        if c.has(ZERO_WORDS) and all(v is not None and v.number is not None for v in vals):

            def none(i: int, j: int = j, want: bool = not c.negated) -> bool:
                x = cell_value(p.r, i, j)
                return x is not None and x.number is not None and (x.number.value == 0) is want

            return j, none, f"with no {t.columns[j].text}"
    return None


def _category(c: ClaimText, vals: Sequence[Value | None], after: int) -> str | None:
    """The one value of a column of short words ("full", "partial") the claim says after
    its count word, when the column holds at least two such values and no numbers."""
    kinds = {v.text.strip().lower() for v in vals if v is not None and not v.empty}
    # ("included" reads as a yes, "extra" does not: a column of words, not of yes/no)
    if len(kinds) < 2 or any(v is None or v.number is not None for v in vals):
        return None
    if any(len(words(k)) > 3 or not words(k) for k in kinds):
        return None
    if c.negated:
        return None  # "not a full history": which of the others it means is not said

    def phrase(text: str) -> str:  # "includes" says "included"
        return " " + " ".join(stem(w) for w in words(text)) + " "

    rest = phrase(c.low[after:])
    said = [k for k in kinds if phrase(k) in rest]
    return said[0] if len(said) == 1 else None


def _lookup_cell(c: ClaimText, p: Pick, nums: list[Number], i: int, j: int) -> Outcome | None:
    """What cell (i, j) says of the claim: None when the claim's words do not touch it, or
    when they cannot be read against it ("unknown" is "UNSUPPORTED" with no quote)."""
    v = cell_value(p.r, i, j)
    cell = p.r.table.rows[i][j]
    if v is None or cell is None:
        return None
    if v.empty:
        return "UNSUPPORTED"
    if v.date is not None:  # "released on September 20, 2024" against 2024-09-20
        dates = claim_dates(c.text)
        if not dates:
            return None
        y, m, d = dates[0]
        ok = (not y or v.date[0] == y) and (not m or v.date[1] == m)  # "in June": of any year
        ok = ok and (not d or not v.date[2] or v.date[2] == d)
        return "SUPPORTED" if ok != c.negated else "CONTRADICTED"
    if cell.items:  # "available in four colours" against a list of three
        head = header_words(p.r.table.columns[j].text)
        counted = [n for n in nums if not n.unit or stem(n.unit) in head or set(map(stem, n.nouns)) & head]
        if counted:
            return "SUPPORTED" if agrees(counted[0], cell.items) != c.negated else "CONTRADICTED"
    opposed = _opposed(c, v.text)
    if opposed is not None:
        return opposed
    if aside(c, p.r.table.columns[j].text):
        return None  # "including the cleaning fee": the fee is not the figure
    # "customers pay about $1,500 a month on average": a figure over other cells, which a cell
    # that differs does not refute (one that states it backs it)
    averaged = bool(c.has(AVERAGE)) and not _AVERAGED_HEAD.search(p.r.table.columns[j].text.lower())
    fit = [
        n
        for n in nums
        if fits(n, v) and not _per_other(c, n, p.r.table.columns[j].text) and not _a_saving(c, n)
        and not _each_of_its(c, p, n, p.r.table.columns[j].text)
        and not _a_gap(c, n) and not _how_long_of_a_count(n, v, p.r.table.columns[j].text)
    ]
    per = _per(p.r.table.columns[j].text)
    cur = v.number.unit if v.number is not None and v.number.unit in ("$", "€", "£", "¥") else None
    money = [n for n in fit if n.unit == cur]
    if money and (added := _added(c, p, i, j)):  # "$725 including the cleaning fee"
        times = _periods(c, per) if per else None
        total = v.number.value * (times or 1) + sum(x for _, x in added)  # type: ignore[union-attr]
        return "SUPPORTED" if any(agrees(n, total) for n in money) != c.negated else "CONTRADICTED"
    if v.number is not None and fit and per:
        got = _over_time(c, v.number.value, per, fit)
        if got is not None:
            return got
    if v.number is not None and fit:
        ok = any(agrees(n, _said_value(c, n, v, p.r.table.columns[j].text)) or _as_written(n, v) for n in fit)
        if c.negated:
            ok = not ok
        if not ok and (len(fit) > 1 or averaged):  # which of its numbers is this column's: not known
            return None
        return "SUPPORTED" if ok else "CONTRADICTED"
    if v.times:
        said = _claim_times(c)
        spans = [n for n in nums if n.unit == "s"]
        if len(v.times) == 2 and spans and not said:  # "open for 11.5 hours": the range's length
            length = ((v.times[1] - v.times[0]) % 1440) * 60
            return "SUPPORTED" if agrees(spans[0], length) != c.negated else "CONTRADICTED"
        last = p.r.table.columns[j].text.rsplit(".", 1)[-1].lower()
        if said and len(v.times) == 1 and (
            (last.startswith("open") and c.has(_UNTIL)) or (last.startswith("clos") and c.has(_FROM_TIME))
        ):
            return None  # "until 8 p.m." against the hour it opens: the closing hour's to say
        if said:
            return "SUPPORTED" if all(x in v.times for x in said) else "CONTRADICTED"
        if not (c.has(OPEN) or c.has(CLOSED)):
            return None  # a time ("3:26") says nothing of a claim that is not about opening
    if v.truth is not None and (not nums or _figures_elsewhere(p, i, j, nums)):
        cw = set(words(v.text))
        if v.text.lower() == "closed" and c.has(OPEN) and not c.has(CLOSED) and not _says_more(c, p, i, j):
            return "SUPPORTED" if c.negated else "CONTRADICTED"  # "open on Saturday mornings": closed
        if v.text.lower() not in _PLAIN_TRUTH and not v.times:
            # "free", "none", "included": the word itself, or nothing known
            return "SUPPORTED" if cw and cw <= {w for w, _ in c.toks} and not c.negated else None
        if not v.times and _says_more(c, p, i, j):
            return None  # a yes of "Dental cover" says nothing of "covers hereditary conditions"
        claim_true = not c.negated
        if c.has(CLOSED) and not c.has(OPEN):
            claim_true = not claim_true
        if c.has(_OFF):  # "single sign-on is turned off": a no
            claim_true = not claim_true
        return "SUPPORTED" if claim_true == v.truth else "CONTRADICTED"
    comparing = c.has(MORE) or c.has(LESS) or c.has(THAN) or c.has(MAX) or c.has(MIN)
    if v.number is not None and c.has(ZERO_WORDS) and not nums:  # "a direct flight": no stops
        return "SUPPORTED" if (v.number.value == 0) != c.negated else "CONTRADICTED"
    head = header_words(p.r.table.columns[j].text)
    none_of = c.has(_NO_THING)
    if v.number is not None and not nums and not comparing and none_of and {
            stem(w) for w in words(none_of.group(1))} & head:
        return "SUPPORTED" if v.number.value == 0 else "CONTRADICTED"  # "no shipping charge": shipping 0.0
    if v.number is not None and not nums and head & _RANKED:
        # "the artist placed first": a place is a rank, said by its ordinal; not a count of places
        said_rank = [_ORDINALS[w] for w, _ in c.toks if w in _ORDINALS]
        if len(said_rank) != 1:
            return None
        return "SUPPORTED" if (said_rank[0] == v.number.value) != c.negated else "CONTRADICTED"
    countable = bool(head & _COUNTABLE)
    if (
        v.number is not None
        and not nums
        and not v.number.unit
        and v.number.value >= 0
        and not comparing
        and countable
    ):
        # a count read as there being some: "out of stock" against stock 0
        if c.has(_NONE_LEFT) and head & {stem("used"), stem("spent"), stem("consumed")}:
            return None  # "used up all her passes" against passes used: how many she had is not here
        claim_true = not c.negated and not c.has(_NONE_LEFT)
        return "SUPPORTED" if claim_true == (v.number.value > 0) else "CONTRADICTED"
    if v.number is None and v.truth is None and not nums:
        cw = set(words(v.text))
        if cw and cw <= {w for w, _ in c.toks}:
            return "CONTRADICTED" if c.negated else "SUPPORTED"
        return "UNSUPPORTED"  # its value is not the claim's words: not known either way
    return None


# the count is spent: "out of stock", "has used up all of her guest passes"
_NONE_LEFT = re.compile(
    r"\bout of\b|\bsold out\b|\bnone\b|\bused up\b|\b(?:run|ran|runs) out\b|\bexhausted\b|\bdepleted\b"
    r"|\bno more\b"
)
_PER = re.compile(
    r"(?:/|\bper\s+)(s|sec|second|min|minute|hr|hour|day|night|week|month|mo|year|yr)\b|\b(hourly|daily|nightly|weekly|monthly|"
    r"yearly|annual)\b",
    re.I,
)
_SECONDS = {
    "s": 1,
    "sec": 1,
    "second": 1,
    "min": 60,
    "minute": 60,
    "hr": 3600,
    "hour": 3600,
    "hourly": 3600,
    "day": 86400,
    "daily": 86400,
    "night": 86400,
    "nightly": 86400,
    "week": 604800,
    "weekly": 604800,
    "month": 2629800,
    "mo": 2629800,
    "monthly": 2629800,
    "year": 31557600,
    "yr": 31557600,
    "yearly": 31557600,
    "annual": 31557600,
}
_A_PERIOD = re.compile(
    r"\b(?:a|one|per|an?|(?:a |the )?(?:full|whole|entire))\s+"
    r"(second|minute|hour|day|night|week|month|year)\b|\bannual(?:ly)?\b|\byearly\b"
)


def _as_said(n: Number, v: Value, header: str) -> float:
    """The cell's figure as the claim's number says it: a debit written below zero
    ("amount": -69.99) as a bill of $69.99; "three days" against `wait_days_median: 3` in
    seconds, the header's time unit."""
    assert v.number is not None
    if n.unit in ("$", "€", "£", "¥") and v.number.value < 0 and not v.number.unit:
        return abs(v.number.value)
    if n.unit == "s" and not v.number.unit:
        secs = next((_SECONDS_IN[w] for w in words(human(header)) if w in _SECONDS_IN), 0)
        if secs:
            return v.number.value * secs
    if n.factor != 1 and n.unit and not v.number.unit:  # "2 acres" against a bare 2 under `acres`
        return v.number.value * n.factor
    return v.number.value


_FOR_COUNT = re.compile(r"\s+" + FOR_COUNT)


def _said_value(c: ClaimText, n: Number, v: Value, header: str) -> float:
    """The cell as the claim's figure says it (``_as_said``), times the count the figure is
    said for when the column is of one item ("$1,134 for six units" against unit_price 189)."""
    got = _as_said(n, v, header)
    m = _FOR_COUNT.match(c.low, n.start + len(n.text))
    if m is not None and _OF_ONE_HEAD.search(header.lower().replace("_", " ")):
        got *= count_said(m.group(1))
    return got


def _as_written(n: Number, v: Value) -> bool:
    """A bare figure of the claim is the cell's as the table writes it: "409566" against 409,566
    under `value (int 1000)`, "96879" under `area ( ha )`."""
    if n.unit or n.factor != 1 or v.number is None:
        return False
    m = re.search(r"\d[\d,]*(?:\.\d+)?", v.text)
    written = float(m.group(0).replace(",", "")) if m else None
    # only where the header scales it (a sign or a bare figure is read as it stands)
    return written is not None and written != abs(v.number.value) and agrees(n, written)


_SECONDS_IN = {"second": 1, "seconds": 1, "secs": 1, "minute": 60, "minutes": 60, "mins": 60, "min": 60,
               "hour": 3600, "hours": 3600, "hrs": 3600, "hr": 3600, "day": 86400, "days": 86400,
               "week": 604800, "weeks": 604800, "month": 2629800, "months": 2629800, "year": 31557600,
               "years": 31557600}
_TIMED_HEAD = re.compile(
    r"\b(?:hours?|hrs?|h|minutes?|mins?|min|seconds?|secs?|s|days?|weeks?|months?|years?|yrs?|duration|time|"
    r"length|stay|nights?|term|warranty|life|lifetime|age|tenure|period|delay|wait|eta)\b"
)


def _how_long_of_a_count(n: Number, v: Value, header: str) -> bool:
    """"declining for the past five years" against `Undergrad Majors`: a span of time said
    of a column that counts no time (a bare number under a header without a time word)."""
    return (n.unit == "s" and v.number is not None and not v.number.unit
            and not _TIMED_HEAD.search(header.lower().replace("_", " ")))
_AVERAGED_HEAD = re.compile(r"\bavg\b|\baverage|\bmean\b|\bper\b|/|\brate\b|\bmedian\b")
_PER_AFTER = re.compile(r"\s*(?:[a-z-]+\s+){0,2}?per\s+(?:square\s+)?([a-z]+)")
_EACH_AFTER = re.compile(r"\s*(?:[a-z-]+\s+){0,2}?(?:each|apiece|per head|per person|per capita)\b")
# a column of one item's or one person's figure, or a rate: what "each" may read
_OF_ONE_HEAD = re.compile(
    r"%|/|\b(?:rate|ratio|share|average|avg|mean|per|median|price|unit|each|cost|fee)\b"
)


def _per_other(c: ClaimText, n: Number, header: str) -> bool:
    """ "$398 per square foot" against list_price: a figure per a thing the column is not
    per (a rate over time is the time rules' to read)."""
    low = header.lower().replace("_", " ")
    m = _PER_AFTER.match(c.low, n.start + len(n.text))
    if m is None or m.group(1) in _SECONDS or m.group(1).rstrip("s") in _SECONDS:
        return False
    return "/" not in low and stem(m.group(1)) not in header_words(low) and m.group(1) not in low


def _each_of_its(c: ClaimText, p: Pick, n: Number, header: str) -> bool:
    """ "Orders agents handled about 284 contacts each" against the queue's contacts handled:
    a figure of each of the row's members, not the row's (of two rows named, "1 tournament
    each" is each row's)."""
    return (len(p.rows) <= 1 and bool(_EACH_AFTER.match(c.low, n.start + len(n.text)))
            and not _OF_ONE_HEAD.search(header.lower().replace("_", " ")))


_SAVING_BEFORE = re.compile(
    r"\b(?:saves?|saving|saved|cheaper by|discount of)\s+(?:\w+\s+)?[$€£¥]?$"
)


# "32,600 km fewer", "two years newer": a difference stated with its comparative
GAP_SAID = re.compile(
    r"\b(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:%|[a-z]+\s+)?"
    r"(?:more|less|fewer|newer|older|younger|higher|lower|cheaper|dearer|pricier|heavier|lighter|longer|"
    r"shorter|larger|smaller|bigger|clear of|ahead of|behind)\b"
)
_OF_THE = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|all|none|both|half)\s+of\s+(?:the|its|their)\b"
)
_DATED_HEAD = re.compile(r"\b(?:year|years|date|age|built|founded|opened|established|since|born|launched)\b")
_AGED = re.compile(r"\b(?:newer|older|newest|oldest)\b")

_NEWER = re.compile(r"\bnewer\b|\bnewest\b")
_OLDER = re.compile(r"\bolder\b|\boldest\b")
_GAP_WORDS = frozenset(
    "more less fewer newer older younger higher lower larger smaller bigger cheaper dearer pricier costlier "
    "heavier lighter longer shorter taller faster slower earlier later closer farther further clear ahead "
    "behind".split()
)


def _a_gap(c: ClaimText, n: Number) -> bool:
    """ "two years newer", "32,600 km fewer on the clock", "would cut the premium by $244": a
    difference from another row, not this row's value."""
    end = n.start + len(n.text)
    said = n.text.lower().split()[-1:] + c.low[end:].split()[:1]
    return any(w.strip(".,;") in _GAP_WORDS for w in said) or bool(_CHANGED_BY.search(c.low[: n.start + 1]))


# "cut Rafael's premium by $244": the figure after "by" is what a change moved, not a level
_CHANGED_BY = re.compile(
    r"\b(?:cut|cuts|cutting|reduc\w*|lower\w*|rais\w*|increas\w*|decreas\w*|drop\w*|sav\w*|trim\w*|"
    r"boost\w*|grew|grow\w*|rose|rise\w*|fell|fall\w*|climb\w*|declin\w*)\b(?:\s+[\w'’-]+){0,4}?\s+by"
    r"(?:\s+(?:about|around|roughly|nearly|almost|some|just))?\s*[$€£¥]?\s*$"
)


def _a_saving(c: ClaimText, n: Number) -> bool:
    """ "saves attendees €130", "€130 off the standard price": a difference of two prices,
    not a price."""
    after = c.low[n.start + len(n.text) : n.start + len(n.text) + 6]
    return bool(_SAVING_BEFORE.search(c.low[: n.start + 1])) or bool(re.match(r"\s*off\b", after))


def _per(header: str) -> float:
    """The length, in seconds, of the period a header's rate is per ("price ($/hr)", "monthly_fee")."""
    m = _PER.search(header.replace("_", " "))
    return float(_SECONDS[(m.group(1) or m.group(2)).lower()]) if m else 0.0


def _periods(c: ClaimText, per: float) -> float | None:
    """How many of a rate's periods (``per`` seconds) the claim's time holds: "100 hours"
    of an hourly rate, "a year" of a monthly fee (12); None when it names none or the
    rate's own period."""
    spans = [n.value for n in find_numbers(c.text) if n.unit == "s"]
    # "a three-night stay": a count of nights, days, weeks, months or years
    text = re.sub(r"(?<=\w)-(?=(?:hour|day|night|week|month|year)s?\b)", " ", c.text)
    spans = spans or [n.value * _SECONDS[n.unit] for n in find_numbers(text)
                      if n.unit in _SECONDS and len(n.unit) > 3 and not n.bound]
    if not spans:
        m = c.has(_A_PERIOD)
        if m is None:
            return None
        word = (m.group(1) or "year").lower()
        spans = [float(_SECONDS[word])]
    if abs(spans[0] - per) < 1:
        return None  # the claim's period is the rate's own: a plain lookup
    return spans[0] / per


def _added(c: ClaimText, p: Pick, i: int, j: int) -> list[tuple[int, float]]:
    """The row's charges a claim's figure includes ("$725 including the cleaning fee":
    cleaning_fee_usd), each with its value; empty unless every charge said is found."""
    out = []
    for said, _ in charges(c.low, added_only=True):
        want = {stem(w) for w in words(said) if w not in GENERIC}
        cols = [
            k
            for k in range(len(p.r.table.columns))
            if k not in (j, p.r.table.label) and want <= header_words(p.r.table.columns[k].text)
        ]
        v = cell_value(p.r, i, cols[0]) if len(cols) == 1 else None
        if v is None or v.number is None:
            return []
        out.append((cols[0], v.number.value))
    return out


def _over_time(c: ClaimText, rate: float, per: float, fit: list[Number]) -> Outcome | None:
    """ "costs $18.40 for 100 hours" against $0.184 an hour; "a year costs $588" against $49 a month."""
    times = _periods(c, per)
    if times is None:
        return None
    total = rate * times
    return "SUPPORTED" if any(agrees(n, total) for n in fit) != c.negated else "CONTRADICTED"


def _lookup_note(c: ClaimText, p: Pick, i: int, j: int, nums: list[Number]) -> str:
    """The cell's note, with the arithmetic when the claim's figure is a rate over a time
    ("Essential, Monthly premium: $24; $24 × 12 = $288")."""
    note = cell_note(p.r, i, j)
    v, per = cell_value(p.r, i, j), _per(p.r.table.columns[j].text)
    if v is None or v.number is None or not any(fits(n, v) for n in nums):
        return note
    times = _periods(c, per) if per else None
    shown = cell_text(p, i, j)
    cur = shown[0] if shown[:1] in ("$", "€", "£", "¥") else ""  # "$24 × 12 = $288"
    added = _added(c, p, i, j) if v.number.unit in ("$", "€", "£", "¥") else []
    if added:  # "$210 × 3 + 95 = 725": the nights and the cleaning fee
        base = f"{shown} × {fmt(times)}" if times else shown
        total = v.number.value * (times or 1) + sum(x for _, x in added)
        plus = " + ".join(f"{cell_text(p, i, k)} ({human(p.r.table.columns[k].text)})" for k, _ in added)
        return f"{note}; {base} + {plus} = {cur}{_fmt_like(total, v)}"
    if times is None:
        return note
    if times < 1:  # "10 requests per second" against 600 a minute: 600 ÷ 60 = 10
        return f"{note}; {shown} ÷ {fmt(1 / times)} = {cur}{_fmt_like(v.number.value * times, v)}"
    return f"{note}; {shown} × {fmt(times)} = {cur}{_fmt_like(v.number.value * times, v)}"


# the sets whose values are a state of the record itself ("shipped", "active", "won"), which a
# claim may deny without naming the field; "free"/"paid", "indoor"/"outdoor" are of one thing
_STATES = tuple(g for g in OPPOSED if any(w in x for x in g for w in ("shipped", "active", "won")))


def _opposed(c: ClaimText, value: str, states: bool = False) -> Outcome | None:
    """A value of a closed set ("shipped", "paid") against another of the set in the claim
    ("cancelled", "free"): CONTRADICTED; the same value: SUPPORTED. ``states``: only the
    sets of a record's own state."""
    vw = set(words(value))
    if len(vw) > 3:
        return None
    have = {w for w, _ in c.toks}
    for group in _STATES if states else OPPOSED:
        mine = [k for k, words_of in enumerate(group) if vw & words_of]
        if len(mine) != 1:
            continue
        said = {k for k, words_of in enumerate(group) if have & words_of}
        if said and mine[0] not in said:
            return "SUPPORTED" if c.negated else "CONTRADICTED"
    return None


# a field that names the record or whose it is ("company.name": Quillfeather Analytics)
_NAME_HEADS = frozenset("company brand vendor employer organization organisation owner manufacturer".split())


def _says_more(c: ClaimText, p: Pick, i: int, j: int) -> bool:
    """The claim has two or more words no header and no name of the table holds: a thing a
    yes or no of the column cannot settle ("The Plus plan covers hereditary conditions"
    against "Dental cover"); one such word is a way of saying it ("a swimming pool")."""
    t = p.r.table
    known = {w for col in t.columns for w in header_words(col.text)} | {stem(w) for w in words(t.caption)}
    known |= {stem(w) for w in label_words(t, i)}
    have = {re.sub(r"['’]s?$", "", w) for w, _ in c.toks}  # "Dana Whitlock's account": hers
    for k, cell in enumerate(t.rows[i]):  # what names it: its id, its name, a value it says whole
        if cell is None:
            continue
        cw = words(cell.text)
        head_words = set(words(t.columns[k].text.replace("_", " ").replace(".", " ")))
        if k == t.label or head_words & (ID_WORDS | _NAME_HEADS) or (
            len(cw) >= 2 and set(cw) <= have  # "Oakmere Dental Group has paid": the record's client
        ) or names_cell(c.text, cell):  # "the Quay Street unit": its address
            known |= {stem(w) for w in cw}
    # "single sign-on" spells out `sso`: its words are the header's
    spelt = {w for short, ws in acronyms(c.low).items() if short in known for w in ws}
    seq = [w for w, _ in c.toks]
    raw = {h for col in t.columns for h in re.findall(r"[a-z]+", col.text.lower())}
    spelt |= {w for a, b in pairwise(seq) for h in raw if _blend(h, a, b) for w in (a, b)}
    bare = [re.sub(r"['’]s?$", "", w) for w, _ in c.toks]  # "the site's": the site
    rest = [
        w
        for w in bare
        if w not in GENERIC and stem(w) not in known and not NEG.fullmatch(w) and not w[:1].isdigit()
        and w not in spelt and w.rstrip("s") not in WEEKDAYS  # "Saturday": its short form `sat` is read
    ]
    return len([w for w in rest if w not in _PRESENCE]) >= 2


def _blend(head: str, a: str, b: str) -> bool:
    """``head`` joins the starts of two words ("hazmat" of "hazardous material")."""
    return len(head) >= 5 and head != a and any(
        a.startswith(head[:k]) and b.startswith(head[k:]) for k in range(2, len(head) - 1)
    )


_OFF = re.compile(r"\b(?:turned|switched|toggled|shut) off\b|\b(?:disabled|deactivated)\b")
# words of having or offering a thing, said of a yes/no field; who gets it and where
# ("Passengers can use Wi-Fi on board" against wifi: false)
_PRESENCE = frozenset(
    "offer offers offered provide provides welcome allow allows allowed accept accepts accepted "
    "support supports supported available currently still now also really actually come comes "
    "there any get gets can use uses enjoy passengers guests customers visitors members users "
    "turned switched enabled activated disabled deactivated off "
    "board onboard site onsite premises open opens morning mornings afternoon afternoons evening "
    "evenings classified classed listed marked flagged designated considered labeled labelled "
    # the record itself, as a job posting or a listing names it ("for this role")
    "role position job posting listing".split()
)
# counts whose zero means none to be had: "out of stock" against stock 0
_RANKED = frozenset(stem(w) for w in "place position pos rank ranking finish finished seed".split())
_ORDINAL_WORDS = "first second third fourth fifth sixth seventh eighth ninth tenth".split()


def _suffixed(k: int) -> str:
    """ "1st", "2nd", "13th" ..."""
    return f"{k}{'th' if 10 <= k % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


_ORDINALS = {**{w: k for k, w in enumerate(_ORDINAL_WORDS, 1)}, **{_suffixed(k): k for k in range(1, 100)}}
_COUNTABLE = frozenset(
    stem(w)
    for w in "stock inventory available availability seats spots vacancies units slots "
    "spaces places tickets stops left remaining quantity qty".split()
)
_PLAIN_TRUTH = frozenset(
    {"true", "false", "yes", "no", "y", "n", "closed", "open", "none", "✓", "✔", "✗", "✘"}
)


_ORDINAL = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "last": -1,
}
_PLACE_HEADERS = frozenset({"pos", "position", "place", "rank", "ranking", "finish", "placing", "seed"})
_PLACED = re.compile(
    r"\b(?:finish\w*|placed|came|ranked|ranks|was|is|in)\s+(?:in\s+)?(?:the\s+)?"
    r"(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|(\d{1,2})(?:st|nd|rd|th))"
    r"(?:\s+place)?\b"
)


_PLAYED_HEADS = frozenset(
    {"played", "p", "pld", "gp", "mp", "games played", "matches played", "games", "matches"}
)


def _played_column(c: ClaimText, p: Pick, at: int) -> int | None:
    """ "of their matches" / "of its games": the column of matches played, when the claim
    names no column for it."""
    if not re.match(r"\s*(?:the|their|its|his|her)\s+(?:\w+\s+)?(?:matches|games|fixtures)\b", c.low[at:]):
        return None
    got = [j for j, col in enumerate(p.r.table.columns) if col.text.strip().lower() in _PLAYED_HEADS]
    return got[0] if len(got) == 1 else None


def _share_of_two(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> Settled | None:
    """ "Fewer than half of the students admitted to Nursing chose to enroll": the share of
    the smaller of the two columns the claim names in the larger, for the named row."""
    shares = [n for n in nums if n.unit == "%" and not re.search(r"\d", n.text)]  # said in words
    of = c.has(_FRACTION_OF)
    if not shares and len(nums) == 1 and nums[0].unit == "%" and not c.negated:
        # "admissions equalled roughly 15.8% of ER visits": a percent with its whole after "of"
        of = _PERCENT_OF.match(c.low, nums[0].start + len(nums[0].text))
        return _percent_of(c, p, i, nums[0], of.end()) if of is not None else None
    cols = p.cols
    if of is not None and len(cols) == 1 and (played := _played_column(c, p, of.end())) is not None:
        cols = [cols[0], played]  # "lost more than two-thirds of their matches": Lost / Played
    if len(shares) != 1 or len(nums) != 1 or of is None or len(cols) != 2 or c.has(MAX) or c.has(MIN):
        return None
    cells = [(j, v) for j in cols if (v := cell_value(p.r, i, j)) is not None and v.number is not None]
    if len(cells) != 2 or any(v.number.unit == "%" for _, v in cells):  # type: ignore[union-attr]
        return None
    (ja, va), (jb, vb) = sorted(cells, key=lambda x: x[1].number.value)  # type: ignore[union-attr]
    x, y = va.number.value, vb.number.value  # type: ignore[union-attr]
    after = {stem(w)[:5] for w, at in c.toks if at >= of.end()}  # "who applied" for "Applicants"
    if cols is not p.cols:
        after |= {h[:5] for h in header_words(p.r.table.columns[cols[1]].text)}
    if not y or not {h[:5] for h in header_words(p.r.table.columns[jb].text)} & after:
        return None  # the whole is the column said after "of" ("of the students admitted")
    share = 100 * x / y
    ok = agrees(shares[0], share) != c.negated
    t = p.r.table
    note = f"{t.columns[ja].text} / {t.columns[jb].text}: {cell_text(p, i, ja)} / {cell_text(p, i, jb)}"
    note += f" = {share:.1f}%"
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(i, ja), (i, jb)])


def _percent_of(c: ClaimText, p: Pick, i: int, n: Number, of: int) -> Settled | None:
    """The share of the column said before the figure (the part) in the column said after
    "of" (the whole), for row ``i``: each the one column of figures (not of percents) the
    words name."""
    t = p.r.table

    def named(words_: set[str]) -> list[int]:
        return [j for j, col in enumerate(t.columns) if j != t.label and header_words(col.text) & words_
                and (v := cell_value(p.r, i, j)) is not None and v.number is not None
                and v.number.unit != "%"]

    before = {stem(w) for w, at in c.toks if at < n.start}
    after = {stem(w) for w, at in c.toks if at >= of}
    part, whole = named(before - after), named(after - before)
    if len(part) != 1 or len(whole) != 1 or part == whole:
        return None
    x, y = cell_value(p.r, i, part[0]), cell_value(p.r, i, whole[0])
    if x is None or y is None or x.number is None or y.number is None or not y.number.value:
        return None
    share = 100 * x.number.value / y.number.value
    ja, jb = part[0], whole[0]
    note = f"{t.columns[ja].text} / {t.columns[jb].text}: {cell_text(p, i, ja)} / {cell_text(p, i, jb)}"
    note += f" = {share:.1f}%"
    return settled(p, "SUPPORTED" if agrees(n, share) else "CONTRADICTED", note, [(i, ja), (i, jb)])


_PERCENT_OF = re.compile(r"\s*(?:%\s*)?of\b")
_FRACTION_OF = re.compile(r"(?<!first )(?<!second )\b(?:half|third|thirds|quarter|quarters|fifth)\s+of\b")


def _unchecked(p: Pick, i: int, nums: list[Number]) -> bool:
    """An amount of money the claim states that no cell of row ``i`` agrees with (its other
    figures may be times, counts or parts of names the rules read otherwise)."""
    cells = [v for j in range(len(p.r.table.columns)) if (v := cell_value(p.r, i, j)) is not None]
    money = [n for n in nums if n.unit in ("$", "€", "£", "¥", "cent", "cents", "pence", "p")]
    # a measure too ("just under 137 GB of data" beside `lines_included: 4`)
    measured = [n for n in nums if n.unit in _MEASURES]
    return any(not any(holds(n, v) for v in cells) for n in money + measured)


_MEASURES = frozenset(
    "gb mb tb kb kg g mg lb lbs t km m cm mm mi ft kwh mwh gwh twh wh kw mw gw w l ml gal mph kmh".split()
)


def _place(c: ClaimText, p: Pick, i: int) -> Settled | None:
    """ "finished second" against the row's place column (Pos, Rank)."""
    m = c.has(_PLACED)
    if m is None or c.has(MAX) or c.has(MIN):
        return None
    t = p.r.table
    cols = [
        j for j, h in enumerate(t.columns) if set(words(h.text)) & _PLACE_HEADERS or h.text.strip() == "#"
    ]
    if len(cols) != 1:
        return None
    v = cell_value(p.r, i, cols[0])
    if v is None or v.number is None:
        return None
    said = int(m.group(2)) if m.group(2) else _ORDINAL[m.group(1)]
    ok = (v.number.value == said) != c.negated
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", cell_note(p.r, i, cols[0]), [(i, cols[0])])


_NO_THING = re.compile(r"\b(?:no|zero)\s+((?:[a-z-]+\s+){0,2}[a-z-]+)")
_ALL_BUT = re.compile(
    r"\s*(?:everything|everyone|all|every|each)\b[^,.;]*?"
    r"\b(?:except|excepting|other than|apart from|besides|but)\b"
)
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|just\s+)?[$€£¥]?\s*$")


def lookup(c: ClaimText, p: Pick, nums: list[Number]) -> Settled | None:
    """The named row's cells under the claim's columns: CONTRADICTED when one of them
    refutes it, SUPPORTED when they all back it, nothing when one is not known."""
    t = p.r.table
    rows = p.rows[:1] if p.rows else ([0] if len(t.rows) == 1 else [])
    if not rows:
        return None
    i = rows[0]
    if p.rows and _ALL_BUT.match(c.low) and not re.search(r"\b(?:where|which|whose|while)\b", c.low):
        return None  # "everything except the PCR plates has been received": the other rows, not this one
    before = [n for n in nums if _FROM_BEFORE.search(c.low[: max(0, n.start) + 1])] if c.has(CHANGE) else []
    if before:
        # "Kestrel's weight rose from 3.6% a quarter earlier": the earlier figure, which no cell
        # of the row is (the change rules found none); what it rose to may refute it, never back it
        rest = [n for n in nums if n not in before]
        refuted = lookup(c, p, rest) if rest else None
        return refuted if refuted is not None and refuted.verdict == "CONTRADICTED" else None
    said = [(j, got) for j in p.cols[:3] if (got := _lookup_cell(c, p, nums, i, j)) is not None]
    placed = _place(c, p, i)
    if placed is not None:
        return placed
    part = _share_of_two(c, p, i, nums)
    if part is not None:
        return part
    between = _two_columns(c, p, i, nums) or _columns_compared(c, p, i, nums)
    if between is not None:
        return between
    if said and _asks_arithmetic(c, p, i, nums):
        return None  # "three unused seats" is no lookup of "seats", whatever it computes to
    if not said:
        # a field the claim does not name whose value it denies ("has been cancelled": status shipped)
        stated = _value_stated(c, p, i, nums)
        if stated is not None:
            return stated
        denied = [
            j
            for j, cell in enumerate(t.rows[i])
            if cell is not None and j != t.label and _opposed(c, cell.text, states=True) == "CONTRADICTED"
        ]
        if denied:
            return settled(p, "CONTRADICTED", cell_note(p.r, i, denied[0]), [(i, denied[0])])
        return None
    if len(nums) == 1 and not nums[0].bound and any(got == "SUPPORTED" for _, got in said) and not c.negated:
        # "$412 a month" is the family premium's, not the deductible's: the one figure a cell
        # of the row states is that cell's, whatever the other columns said hold
        said = [(j, got) for j, got in said if got != "CONTRADICTED" or not _a_figure(p, i, j)]
    for want in ("CONTRADICTED",):
        hit = [j for j, got in said if got == want]
        if hit:
            return settled(p, "CONTRADICTED", _lookup_note(c, p, i, hit[0], nums), [(i, hit[0])])
    decided: list[tuple[int, Outcome]] = [(j, got) for j, got in said if got != "UNSUPPORTED"]
    if decided and all(got == "SUPPORTED" for _, got in decided):
        said = decided
    if all(got == "SUPPORTED" for _, got in said):
        if any(_MEASURED_AGAINST.search(c.low[:n.start]) for n in nums):
            return None  # "exceeded its $320,000 goal": the cell is what another figure is measured against
        rated = any(_per(t.columns[j].text) for j, _ in said) or _added(c, p, i, -1)
        if len(nums) >= 2 and not rated and _unchecked(p, i, nums):
            return None  # "VAT adds £255.88, bringing the invoice to just under £1,535": one figure backed
        backed = [j for j, _ in said]
        # "both Kyle Vanden Bosch and Tevita Ofahengaue ... in round 2": the first row backs it
        if not _others_hold(c, p, nums, backed) or unread_part(c, p, i, backed):
            return None
        shared = shared_by_others(c, p, backed)
        if shared:  # "John Morse was the only player to shoot +4": another row shot +4 too
            return settled(p, "CONTRADICTED", "; ".join(cell_note(p.r, k, j) for k, j in shared[:3]),
                           [(i, said[0][0]), *shared[:3]])
        notes = "; ".join(_lookup_note(c, p, i, j, nums) for j, _ in said)
        return settled(p, "SUPPORTED", notes, [(i, j) for j, _ in said])
    empty = [j for j, _ in said if (v := cell_value(p.r, i, j)) is not None and v.empty]
    if empty and len(said) == len(empty):
        return settled(
            p, "UNSUPPORTED", f"the table gives no value: {cell_note(p.r, i, empty[0])}", [(i, empty[0])]
        )
    return None


def _others_hold(c: ClaimText, p: Pick, nums: list[Number], cols: list[int]) -> bool:
    """Every other row the claim names backs it in the columns the first row backs it in:
    a lookup that reads only its first named row backs nothing said of the others."""
    return all(_lookup_cell(c, p, nums, k, j) == "SUPPORTED" for k in p.rows[1:] for j in cols)


def _figures_elsewhere(p: Pick, i: int, j: int, nums: list[Number]) -> bool:
    """Each of the claim's figures fits another column it names, a figure's cell ("the 20 MWh
    battery is in operation": 20 MWh is `battery_mwh`'s, the yes/no is `operational`'s)."""
    others = [cell_value(p.r, i, k) for k in p.cols if k != j and _a_figure(p, i, k)]
    return all(any(o is not None and fits(n, o) for o in others) for n in nums)


def _a_figure(p: Pick, i: int, j: int) -> bool:
    """Cell (i, j) holds a figure (not a yes/no, a state or a date)."""
    v = cell_value(p.r, i, j)
    return v is not None and v.number is not None and v.truth is None and v.date is None


# a figure said as the mark another is measured against ("exceeded its $320,000 goal")
_MEASURED_AGAINST = re.compile(
    r"\b(?:exceed\w*|surpass\w*|outperform\w*|outpac\w*|beat|beats|beating|topp?(?:ed|s|ing)|"
    r"fell short of|falls? short of|short of|miss(?:ed|es)?|overshot|undershot|"
    r"(?:earn|earned|earns|made|make|makes|paid|pays) back|recoup\w*|recover\w*|covered|covers)"
    r"\s+(?:its|their|the|his|her|our)(?:\s+[a-z'’-]+){0,2}\s*[$€£]?$"
)


_PLACE_WORDS = frozenset("located based situated found headquartered sits lies in at from".split())


def _value_stated(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> Settled | None:
    """ "Blue Fin Sushi is in Tampa": a word cell of the row the claim states whole, with
    nothing else said but where it is (the column's own words or "located", "based")."""
    if nums or c.negated:
        return None
    t = p.r.table
    own = set(label_words(t, i)) | set(words(t.caption))
    for j, cell in enumerate(t.rows[i]):
        if cell is None or j == t.label or cell.items:
            continue
        v = cell_value(p.r, i, j)
        cw = set(words(cell.text))
        if v is None or v.number is not None or v.truth is not None or v.date is not None or not cw:
            continue
        if len(cell.text) < 3 or set(words(t.columns[j].text.replace("_", " "))) & ID_WORDS:
            continue
        have = {w for w, _ in c.toks}
        if not cw <= have:
            continue
        head = header_words(t.columns[j].text)
        rest = [
            w for w in have - cw - own if w not in GENERIC and stem(w) not in head and w not in _PLACE_WORDS
        ]
        if not rest:
            return settled(p, "SUPPORTED", cell_note(p.r, i, j), [(i, j)])
    return None


_AS_MUCH = re.compile(r"\btimes (?:as (?:much|many|high|large|big|long|heavy)|more)\b")
_DIFF_CUES = re.compile(
    r"\b(?:unused|remaining|left|spare|free|difference|gap|more than|fewer than|less than|"
    r"short of|beyond|over|trail\w*|behind|ahead of|outperform\w*|underperform\w*|lagg?\w*|beat|beats)\b"
)
_MORE_THAN = re.compile(r"\b(?:more|higher|greater|larger|bigger|pricier|longer|heavier|older) than\b")
_LESS_THAN = re.compile(r"\b(?:less|fewer|lower|smaller|cheaper|shorter|lighter|younger) than\b")
_BOUND_CUE = re.compile(r"more than|fewer than|less than|over")
_TRAILS = re.compile(r"\b(?:trail\w*|behind|underperform\w*|lagg?\w*)\b")
_LEADS = re.compile(r"\b(?:ahead of|outperform\w*|beat|beats|topped)\b")
_RATIO_CUES = re.compile(r"\bper\b|\beach\b|\bfor every\b|\ba piece\b|\bratio\b|" + _AS_MUCH.pattern)
_SHARE_CUES = re.compile(r"%\s+of\b|\bpercent of\b|\bper ?cent of\b|\bshare of\b|\bproportion\b")


def _first_named(c: ClaimText, p: Pick, a: int, b: int) -> int | None:
    """Of columns a and b, the one whose header's words the claim says first (the subject of
    "the fund trailed its benchmark"); None when the claim does not tell them apart."""
    at: dict[int, int] = {}
    for j in (a, b):
        hw = header_words(p.r.table.columns[j].text)
        own = hw - header_words(p.r.table.columns[b if j == a else a].text)
        seen = [k for k, (w, _) in enumerate(c.toks) if stem(w) in own]
        if seen:
            at[j] = seen[0]
    if len(at) != 2 or at[a] == at[b]:
        return None
    return a if at[a] < at[b] else b


def _columns_compared(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> Settled | None:
    """ "Harbour lent more items in June than Central did": two columns of the named row (the
    branches of a table of months), the one said first against the other."""
    if nums or len(p.cols) != 2 or not c.has(THAN) or len(p.r.table.rows) < 2:
        return None
    more, less = c.has(MORE), c.has(LESS)
    first = _first_named(c, p, *p.cols)
    if bool(more) == bool(less) or first is None:
        return None
    other = p.cols[1] if first == p.cols[0] else p.cols[0]
    va, vb = cell_value(p.r, i, first), cell_value(p.r, i, other)
    if va is None or vb is None or va.number is None or vb.number is None or va.number.unit != vb.number.unit:
        return None
    x, y = va.number.value, vb.number.value
    ok = (x > y if more else x < y) != c.negated
    t = p.r.table
    note = (f"{row_name(p, i)}: {t.columns[first].text} {cell_text(p, i, first)}, "
            f"{t.columns[other].text} {cell_text(p, i, other)}")
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(i, first), (i, other)])


def _numeric_cols(p: Pick, i: int) -> list[int]:
    """The picked (or tied) columns, at most four, whose cell in row ``i`` holds a number."""
    return [
        j
        for j in (p.cols or p.tied_cols)[:4]
        if (v := cell_value(p.r, i, j)) is not None and v.number is not None
    ]


def _asks_arithmetic(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> bool:
    """The claim's wording asks for a figure between two of the row's numbers it names."""
    # with two figures, a bound's "more than" counts too: which figure is whose is not known
    # (TabFact's "less than 1000000 and an area of greater than 900000" had paired each
    # column with the other's bound); with one, it bounds that figure ("more than half")
    diff = _diff_cue(c, nums) if len(nums) == 1 else c.has(_DIFF_CUES)
    return len(_numeric_cols(p, i)) >= 2 and bool(diff or c.has(_RATIO_CUES) or c.has(_SHARE_CUES))


def _diff_cue(c: ClaimText, nums: list[Number]) -> re.Match[str] | None:
    """A word that asks for a difference; not the "more than" that bounds a figure ("more
    than 1,000 applicants")."""
    return next(
        (
            m
            for m in _DIFF_CUES.finditer(c.low)
            if not any(
                n.bound and _BOUND_CUE.fullmatch(m.group(0)) and abs(m.end() - n.start) <= 2 for n in nums
            )
        ),
        None,
    )


def _two_columns(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> Settled | None:
    """A figure computed from two cells of the named row, when the claim's wording asks for
    it: the rest ("three unused seats": seats − seats used), a rate ("$15 per seat": price /
    seats) or a share ("78% of its quota": used / quota). SUPPORTED when one such figure is
    the claim's; nothing otherwise (a figure none of them gives is not read as refuted)."""
    cols = _numeric_cols(p, i)
    if len(cols) < 2 or len(nums) != 1:
        return None
    n = nums[0]
    t = p.r.table
    # "more than 1,000 applicants" bounds the figure: its "more than" asks for no difference
    diff = _diff_cue(c, nums)
    ratio, share = c.has(_RATIO_CUES), c.has(_SHARE_CUES)
    as_much = c.has(_AS_MUCH)
    if as_much:
        diff = None  # "more than ten times as much": a bound on a ratio, no difference
    found = []
    for a in cols:
        for b in cols:
            if a == b:
                continue
            va, vb = cell_value(p.r, i, a).number, cell_value(p.r, i, b).number  # type: ignore[union-attr]
            x, y = va.value, vb.value  # type: ignore[union-attr]
            ha, hb = t.columns[a].text, t.columns[b].text
            xa, yb = cell_text(p, i, a), cell_text(p, i, b)
            # "trailed by 4.6 percentage points": the gap of two percentages in points
            points = bool(c.has(POINTS)) and va.unit == vb.unit == "%"  # type: ignore[union-attr]
            if diff and (n.unit != "%" or points) and x > y and agrees(n, x - y):
                ahead, behind = c.has(_LEADS), c.has(_TRAILS)
                if ahead or behind:  # who leads is said: the larger is a when it is ahead
                    first = _first_named(c, p, a, b)
                    if first is None or (first == a) != bool(ahead and not behind):
                        continue
                more, less = c.has(_MORE_THAN), c.has(_LESS_THAN)
                if bool(more) != bool(less):  # "a dedicated desk costs $165 less than a hot desk"
                    first = _first_named(c, p, a, b)
                    if first is None or (first == a) != bool(more):
                        continue
                found.append((f"{ha} − {hb}: {xa} − {yb} = {fmt(x - y)}", a, b))
            # "ten times as much sugar as fibre": the column said first over the other
            wrong_way = as_much and _first_named(c, p, a, b) != a
            if ratio and n.unit != "%" and y and agrees(n, x / y) and not wrong_way:
                found.append((f"{ha} / {hb}: {xa} / {yb} = {x / y:.4g}", a, b))
            if share and n.unit == "%" and y and agrees(n, 100 * x / y):
                found.append((f"{ha} / {hb}: {xa} / {yb} = {100 * x / y:.1f}%", a, b))
    if len({note for note, *_ in found}) != 1:
        return None
    note, a, b = found[0]
    hi, lo = c.has(MAX), c.has(MIN)
    if (hi or lo) and len(t.rows) > 1:  # "the best on-time record, with about 91%": of every row's rate
        if bool(hi) == bool(lo) or "−" in note.split(":")[0]:
            return None
        rates = []
        for k in range(len(t.rows)):
            x, y = cell_value(p.r, k, a), cell_value(p.r, k, b)
            if not is_summary(p, k) and x and y and x.number and y.number and y.number.value:
                rates.append((x.number.value / y.number.value, k))
        best = (max if hi else min)(rates)
        if i not in {k for r, k in rates if r == best[0]}:
            word = "highest" if hi else "lowest"
            k = best[1]
            note += f"; the {word} is {row_name(p, k)}: {cell_text(p, k, a)} / {cell_text(p, k, b)}"
            return settled(p, "CONTRADICTED", note, [(k, a), (i, a), (i, b)])
        note += f"; the {'highest' if hi else 'lowest'} of the {len(rates)} rows"
    return settled(p, "SUPPORTED", note, [(i, a), (i, b)])


_UNTIL = re.compile(r"\b(?:until|till|til|closes?|closing|closed)\b")
_FROM_TIME = re.compile(r"\b(?:from|opens?|opening|opened)\s+(?:at\s+)?\d")


def _claim_times(c: ClaimText) -> tuple[int, ...]:
    return read_value(re.sub(r"\b(\d{1,2})\s*(am|pm)\b", r"\1:00 \2", c.low)).times or tuple(
        x for x in _times_in(c.low)
    )


def _times_in(text: str) -> list[int]:
    out = []
    for m in re.finditer(r"\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)|\b(\d{1,2}):(\d{2})\b", text):
        if m.group(4):
            out.append(int(m.group(4)) * 60 + int(m.group(5)))
            continue
        h = int(m.group(1)) % 12 + (12 if m.group(3).startswith("p") else 0)
        out.append(h * 60 + int(m.group(2) or 0))
    return out


Rule = Callable[[ClaimText, Pick, int, list[Number]], "Settled | None"]
# in this order: a trend's "rose" is no change between two rows; "higher than" no peak
_OTHERS_TOGETHER = re.compile(
    r"\bthan (?:the|all the|all) other(?:s|\s+(\w+))?(?:\s+[a-z]+)?\s+(?:put together|combined|together)\b"
)


def _than_the_others(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    """ "Corby ships more orders a day than the other two sites put together": the named
    row's cell against the sum of every other row's."""
    m = c.has(_OTHERS_TOGETHER)
    more, less = c.has(MORE), c.has(LESS)
    if m is None or len(p.rows) != 1 or bool(more) == bool(less):
        return None
    i = p.rows[0]
    others = [(k, x) for k, x in series(p, j) if k != i]
    v = cell_value(p.r, i, j)
    word = m.group(1) or ""
    said = int(word) if word.isdigit() else NUMBER_WORDS.get(word)
    if v is None or v.number is None or len(others) < 2 or (said is not None and said != len(others)):
        return None
    total = sum(x for _, x in others)
    ok = (v.number.value > total if more else v.number.value < total) != c.negated
    stated = [n for n in nums if fits(n, v) and not m.start() <= n.start + 1 < m.end()]  # not "the other two"
    if ok and stated and not any(agrees(n, _as_said(n, v, p.r.table.columns[j].text)) for n in stated):
        ok = False  # "Technical logged 56 hours of overtime, more than the others combined": it logged 41
    shown = " + ".join(cell_text(p, k, j) for k, _ in others)
    note = f"{p.r.table.columns[j].text}: {row_name(p, i)} {cell_text(p, i, j)}; "
    note += f"the others {shown} = {_fmt_like(total, v)}"
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(i, j)] + [(k, j) for k, _ in others])


RULES: tuple[Rule, ...] = (_than_the_others, _trend, _compare, _share_of_total, _extreme, _aggregate, _change)


def absent(c: ClaimText, p: Pick) -> Settled | None:
    """A claim about a row or record that none of its fields speaks of ("Casa Marea has free
    parking" where no column is about parking): UNSUPPORTED, when the source is its tables
    alone (prose beside them may say it)."""
    t = p.r.table
    rows = p.rows[:1] or ([0] if len(t.rows) == 1 else [])
    if not p.r.alone or not rows or p.cols or p.tied or len(p.rows) > 1:
        return None
    i = rows[0]
    own = set(label_words(t, i)) | set(words(t.caption))
    for j, cell in enumerate(t.rows[i]):  # what names it ("kmarsh": its username) states nothing
        if cell is not None and set(words(t.columns[j].text.replace("_", " "))) & ID_WORDS:
            own |= set(words(cell.text))
    if 0 <= t.label < len(t.columns):
        own |= set(words(t.columns[t.label].text))  # "the North region": a Region column names rows
    content = [w for _, w in c.said() if w not in GENERIC and w not in own and not w.isdigit()]
    if not content:
        return None
    known: set[str] = set()
    for k, col in enumerate(t.columns):
        if k not in p.rejected and k != t.label:
            known |= header_words(col.text) | {stem(w) for w in words(human(col.text))}
    for cell in t.rows[i]:
        if cell is not None:
            known |= {stem(w) for w in words(cell.text)}
    have = {w for w, _ in c.toks}
    for k in range(len(t.rows)):  # another row it names in full (a claim of two rows)
        lw = label_words(t, k)
        if lw and all(w in have for w in lw):
            known |= {stem(w) for w in lw}
    if any(stem(w) in known for w in content):
        return None
    return settled(p, "UNSUPPORTED", f"no field of {row_name(p, i)} speaks of {' '.join(content)}", [])


# "104 rooms across all room types": every row, added up
_ACROSS_EVERY = re.compile(r"\bacross (?:all|every)\b")
