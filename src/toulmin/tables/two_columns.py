"""A claim that asks for arithmetic between two columns of one row ("spent 20 more on X
than on Y"), or names two columns compared."""

from __future__ import annotations

import re

from ..checks.numbers import Number
from .pick import (
    Pick,
    Settled,
    cell_text,
    cell_value,
    is_summary,
    row_name,
    settled,
)
from .values import header_words, stem, words
from .words import (
    LESS,
    MAX,
    MIN,
    MORE,
    POINTS,
    THAN,
    ClaimText,
    agrees,
    fmt,
)

__all__ = ["asks_arithmetic", "columns_compared", "either_sum", "two_columns"]

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
_THAN_A_PART = re.compile(
    r"\bthan\s+(?:half|a third|one third|two thirds|a quarter|three quarters|a fifth|twice)\b"
)
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


def columns_compared(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> Settled | None:
    """ "Harbour lent more items in June than Central did": two columns of the named row (the
    branches of a table of months), the one said first against the other."""
    if nums or len(p.cols) != 2 or not c.has(THAN) or len(p.r.table.rows) < 2 or c.has(_THAN_A_PART):
        return None  # (not "more than half of total revenue": a share, no comparison of the two)
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


def asks_arithmetic(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> bool:
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


def two_columns(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> Settled | None:
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


def either_sum(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> Settled | None:
    """ "four in five agree or strongly agree": the claim's one figure against the sum of the
    row's two columns it joins by "or", each said by its header's words."""
    if len(nums) != 1 or c.negated:
        return None
    t = p.r.table
    figures = {
        j: v.number
        for j in range(len(t.columns))
        if j != t.label and (v := cell_value(p.r, i, j)) is not None and v.number is not None
    }
    heads = {j: r"\s+".join(re.escape(w) for w in words(t.columns[j].text)) for j in figures}
    pairs = [
        (a, b)
        for a, ha in heads.items()
        for b, hb in heads.items()
        if a != b and ha and hb and re.search(rf"(?<!\w){ha}\w*\s+or\s+{hb}\w*(?!\w)", c.low)
    ]
    if len(pairs) != 1:
        return None
    a, b = pairs[0]
    va, vb = figures[a], figures[b]
    if va.unit != vb.unit or (nums[0].unit or va.unit) != va.unit:
        return None
    total = va.value + vb.value
    note = (f"{row_name(p, i)}: {t.columns[a].text} + {t.columns[b].text}: {cell_text(p, i, a)} + "
            f"{cell_text(p, i, b)} = {fmt(total)}{'%' if va.unit == '%' else ''}")
    return settled(p, "SUPPORTED" if agrees(nums[0], total) else "CONTRADICTED", note, [(i, a), (i, b)])

