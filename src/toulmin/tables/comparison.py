"""Two rows compared: more or less, a ratio ("twice as many"), a gap, a share of the
total, and one row against every other row put together."""

from __future__ import annotations

import re

from ..checks.numbers import Number, find_numbers
from .pick import (
    Pick,
    Settled,
    cell_note,
    cell_text,
    cell_value,
    fits,
    is_summary,
    is_timed,
    label_words,
    row_name,
    series,
    settled,
)
from .said import AGED, GAP_SAID, RATE_HEAD, as_said, fmt_like
from .values import header_words, stem, words
from .words import (
    CHANGE,
    LESS,
    MORE,
    NUMBER_WORDS,
    THAN,
    TIMES,
    ClaimText,
    agrees,
    fmt,
)

__all__ = ["OF_THE_TWO", "RATIO", "SHARE_OF", "row_compare", "share_of_total", "than_the_others"]

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
_BEHIND = re.compile(r"\bbehind\b|\bafter\b|\bslower than\b|\btrail(?:s|ed|ing)?\b")
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


def share_of_total(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    """ "Police makes up more than 40% of the proposed FY2025 budget": the named row's cell
    over the column's total (its Total row, else the sum of the rows)."""
    shares = [n for n in nums if n.unit == "%"]
    if len(p.rows) != 1 or len(shares) != 1 or not c.has(SHARE_OF) or is_summary(p, p.rows[0]):
        return None
    i = p.rows[0]
    v = cell_value(p.r, i, j)
    if v is None or v.number is None or v.number.unit == "%" or RATE_HEAD.search(_head_low(p, j)):
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
        total, shown = sum(x for _, x in s), fmt_like(sum(x for _, x in s), v)
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


# "more than 4.9%": a bound on a figure, not a comparison with another row
_THAN_A_FIGURE = re.compile(
    r"\b(?:more|less|fewer|higher|lower|greater|larger|smaller|bigger)\s+than\s+"
    r"(?:about\s+|around\s+|roughly\s+|nearly\s+|just\s+)?[$€£¥]?\d"
)
_BEHIND_ONLY = re.compile(r"\b(?:behind|after|trailing|ahead of|second|next) only\b|\bsecond to\b")


def row_compare(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    if len(p.rows) < 2:
        return None
    got = _ratio(c, p, j)
    if got is not None:
        return got
    if c.has(TIMES) or c.has(CHANGE):
        return None  # "more than doubled between 2020 and 2023": a change
    if c.has(_BEHIND_ONLY):
        return None  # "behind only the airport": a rank (second), not a comparison of the two
    a, b = p.rows[:2]
    # not a row's own name ("the Corsa Trail": no trailing behind)
    masked = c.low
    for i in (a, b):
        name = " ".join(label_words(p.r.table, i))
        if name:
            masked = re.sub(r"\W+".join(map(re.escape, name.split())), lambda m: " " * len(m.group(0)),
                            masked)
    more, less = MORE.search(masked), LESS.search(masked)
    va, vb = cell_value(p.r, a, j), cell_value(p.r, b, j)
    if va is None or vb is None or va.number is None or vb.number is None:
        return None
    if c.has(_SAME) and not (more or less) and not nums:  # "at the same hourly rate as"
        ok = (va.number.value == vb.number.value) != c.negated
        note = f"{p.r.table.columns[j].text}: {row_name(p, a)} {cell_text(p, a, j)}, "
        note += f"{row_name(p, b)} {cell_text(p, b, j)}"
        return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(a, j), (b, j)])
    bounds_only = not THAN.search(_THAN_A_FIGURE.sub(" ", c.low)) and not c.has(GAP_SAID)
    if bounds_only and c.has(_THAN_A_FIGURE):
        return None  # "both Jerseys ... more than 4.9% fat": a bound each row meets, no two rows compared
    dated = "year" in words(p.r.table.columns[j].text.replace("_", " ").lower())
    if va.number.unit == "s" and (c.has(_BEHIND) or c.has(_AHEAD)):  # times: behind is more time
        more, less = c.has(_BEHIND), c.has(_AHEAD)
    elif not c.has(THAN) and not c.has(OF_THE_TWO) and not c.has(GAP_SAID):
        return None
    if dated and c.has(AGED):  # a year column: the newer is the later year, the older the earlier
        more, less = c.has(_NEWER), c.has(_OLDER)
    if bool(more) == bool(less):
        return None
    x, y = va.number.value, vb.number.value
    ok = x > y if more else x < y
    if c.negated:
        ok = not ok
    head = p.r.table.columns[j].text
    note = f"{head}: {row_name(p, a)} {cell_text(p, a, j)}, {row_name(p, b)} {cell_text(p, b, j)}"
    by = re.search(
        r"\bby\s+(?:about\s+|around\s+|nearly\s+|roughly\s+|almost\s+|just\s+|more than\s+|less than\s+|"
        r"over\s+|under\s+|at least\s+|at most\s+)?[$€£¥]?\d",
        c.low,
    )
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
        note += f"; difference {fmt_like(diff, va)}"
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


_NEWER = re.compile(r"\bnewer\b|\bnewest\b")
_OLDER = re.compile(r"\bolder\b|\boldest\b")
_OTHERS_TOGETHER = re.compile(
    r"\bthan (?:the|all the|all) other(?:s|\s+(\w+))?(?:\s+[a-z]+)?\s+(?:put together|combined|together)\b"
)


def than_the_others(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
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
    if ok and stated and not any(agrees(n, as_said(n, v, p.r.table.columns[j].text)) for n in stated):
        ok = False  # "Technical logged 56 hours of overtime, more than the others combined": it logged 41
    shown = " + ".join(cell_text(p, k, j) for k, _ in others)
    note = f"{p.r.table.columns[j].text}: {row_name(p, i)} {cell_text(p, i, j)}; "
    note += f"the others {shown} = {fmt_like(total, v)}"
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(i, j)] + [(k, j) for k, _ in others])
