"""A total or an average over rows: every row, the rows a claim names or spans ("from
January through March", "the first half"), and a quantity times a price."""

from __future__ import annotations

import re

from ..checks.numbers import Number, find_numbers
from .pick import (
    Pick,
    Settled,
    cell_text,
    cell_value,
    fits,
    is_summary,
    is_timed,
    label_words,
    series,
    settled,
    time_order,
    unknown_name,
)
from .said import ALL_ROWS, RATE_HEAD, all_counted, as_said, fmt_like
from .values import header_words, human, month_number, read_value, stem, words
from .words import (
    AVERAGE,
    CHANGE,
    GENERIC,
    MAX,
    MIN,
    THAN,
    TOTAL,
    YEARISH,
    ClaimText,
    agrees,
    count_said,
)

__all__ = ["aggregate", "span_rows"]

_THROUGH = re.compile(r"\b(?:to|through|until|till|and)\b|[-–]")


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
    if not all(v is not None and v.number is not None and agrees(figures[0], as_said(figures[0], v, head))
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


_COMES_TO = re.compile(r"\b(?:comes?|came|adds?|added|amounts?|amounted) (?:up )?to\b")


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
    if rows is None or len(rows) < 2 or RATE_HEAD.search(head.lower()):
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
    return settled(p, "SUPPORTED", f"{head}: {shown} = {fmt_like(got, v0)}", [(i, j) for i, _ in s])


def aggregate(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    total, mean = c.has(TOTAL), c.has(AVERAGE)
    if not (total or mean):
        spanned = _spanned_total(c, p, j, nums)
        if spanned is not None:
            return spanned
    if not (total or mean) and not p.rows and all_counted(c, p) and nums:
        total = c.has(ALL_ROWS)
    if not (total or mean) and not p.rows and nums:
        total = c.has(_ACROSS_EVERY)  # "104 rooms across all room types"
    if not (total or mean) and len(p.rows) >= 2 and nums and not RATE_HEAD.search(
        p.r.table.columns[j].text.lower()
    ):
        total = c.has(_COMES_TO)  # "spending at Greenleaf Grocers came to $197": its rows added up
    head_low = p.r.table.columns[j].text.lower()
    if (
        not (total or mean)
        and not p.rows
        and not p.missing_row
        and not RATE_HEAD.search(head_low)
        and not _PRICED.search(human(head_low).lower())
    ):
        total = c.has(_COMES_TO)  # "billed labour comes to 15 hours": every row's, added
    if not (total or mean) or not nums or any(is_summary(p, i) for i in p.rows):
        return None  # "the total for gain be 2407": the Total row's cells, not a sum to compute
    if total and not mean and RATE_HEAD.search(head_low):
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
        arith += f" = {fmt_like(got, v0)}"
    elif mean:
        got = sum(vals) / len(vals)
        arith = f"({' + '.join(shown)}) / {len(vals)} = {fmt_like(got, v0)}"
    else:
        got = sum(vals)
        arith = f"{' + '.join(shown)} = {fmt_like(got, v0)}"
    if got < 0 and n.unit in ("$", "€", "£", "¥") and not v0.number.unit:  # type: ignore[union-attr]
        got = -got  # debits written below zero: "spending came to $197"
    if n.unit == "s" and v0.number is not None and v0.number.value:
        got *= as_said(n, v0, head) / v0.number.value  # "a combined 29 years": bare years in `years_`
    ok = agrees(n, got)
    if ok and c.has(CHANGE) and any(not agrees(x, got) and not x.bound for x in fit if x is not n):
        return None  # "grew from 1,002 to 1,059": the sum backs where it grew from, not the growth
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


# "104 rooms across all room types": every row, added up
_ACROSS_EVERY = re.compile(r"\bacross (?:all|every)\b")
