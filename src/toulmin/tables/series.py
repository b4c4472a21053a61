"""Periods where a table keeps them apart from its rows' names.

Figures across period columns ("Units 2023 | Units 2024", ``headcount_2023``, "FY2024
adopted ($k) | FY2025 adopted ($k)"): the row a claim names is read as a table of its own
with a row per period, so that the change, trend and lookup rules read it as they read a
table with its periods down the side ("Nairobi grew its staff by 60% in 2024"). A column
of quarters beside the rows' names (a row per site and quarter): the quarter a claim names
picks its rows, and a quarter no row has is a row the table lacks."""

from __future__ import annotations

import re
from dataclasses import replace

from .parse import Cell, Table
from .pick import Pick, Settled, cell_text, pick, row_name, series, settled
from .render import Rendered
from .values import header_words, human, stem, table_unit
from .words import CHANGE, MAX, MIN, SECOND, TIMES, ClaimText

__all__ = ["each_period_extreme", "period_groups", "period_rows", "series_pick", "sole_measure"]

_PERIOD_IN = re.compile(
    r"(?<![\w])q[1-4]\s+(?:fy\s*'?)?(?:19|20)\d\d(?![\d])|(?<![\w])(?:19|20)\d\d\s+q[1-4](?![\w])|"
    r"(?<![\w])(?:fy\s*'?)?(?:19|20)\d\d(?![\d])|(?<![\w])q[1-4](?![\w])|(?<![\w])(?:jan|feb|mar|apr|may|jun|"
    r"jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|"
    r"november|december)(?![\w])",
    re.I,
)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")


def _period_name(text: str) -> str:
    """ "jan" as "January", so that a claim's "from January to March" names its row."""
    low = text.lower()
    full = next((m for m in _MONTHS if len(low) >= 3 and m.startswith(low)), None)
    return full.capitalize() if full else text


_OWN_PEAK = re.compile(r"\bpeak\w*|\btrough\w*|\brecord (?:high|low)|\ball-time (?:high|low)")


def period_groups(t: Table) -> list[list[tuple[int, str]]]:
    """Columns that hold one measure, each for one period (two or more), in table order."""
    groups: dict[frozenset[str], list[tuple[int, str]]] = {}
    staged: list[tuple[int, str]] = []
    for j, col in enumerate(t.columns):
        if j == t.label:
            continue
        text = human(col.text)
        found = _PERIOD_IN.findall(text)
        if len(found) != 1:
            continue
        key = frozenset(header_words(_PERIOD_IN.sub(" ", text)))
        if key:
            groups.setdefault(key, []).append((j, found[0].strip()))
        if key and key - {"pric"} <= _STAGES:  # ("pric": what header_words adds to money)
            staged.append((j, found[0].strip()))
    out = [g for g in groups.values() if len(g) >= 2 and len({p.lower() for _, p in g}) == len(g)]
    # "FY2023 actual | FY2024 budget | FY2025 proposed": one sum at each stage of its year
    if len(staged) >= 2 and len({p.lower() for _, p in staged}) == len(staged) and staged not in out:
        out.append(staged)
    return out


# the stage a year's figure is at: the same measure in a budget's columns
_STAGES = frozenset(
    stem(w)
    for w in "actual actuals budget budgeted proposed proposal forecast estimate estimated projected "
    "projection plan planned adopted revised target outturn".split()
)


def _reshaped(r: Rendered, i: int, group: list[tuple[int, str]]) -> Rendered:
    t = r.table
    head = t.columns[group[-1][0]]
    measure = re.sub(r"\s{2,}", " ", _PERIOD_IN.sub(" ", human(head.text))).strip(" _")
    measure = table_unit(t.caption, measure)  # the caption's "($ thousands)", which the row's name replaces
    rows = tuple((Cell(_period_name(period), t.columns[j].start, t.columns[j].end), t.rows[i][j])
                 for j, period in group)
    name = t.rows[i][t.label] if 0 <= t.label < len(t.rows[i]) else None
    table = Table((Cell("period", head.start, head.start), Cell(measure, head.start, head.end)), rows,
                  t.start, t.end, 0, name.text if name is not None else t.caption, t.kind)
    cells = tuple((r.cells[i][j], r.cells[i][j]) for j, _ in group)
    return Rendered(table, tuple(r.rows[i] for _ in group), cells, r.alone)


def series_pick(c: ClaimText, p: Pick) -> Pick | None:
    """``p`` read along its row's periods: when it names one row and its column (or the
    columns it could not choose between) is one measure across periods; else None."""
    if len(p.rows) != 1 or p.row_sid:
        return None
    if (c.has(MAX) or c.has(MIN)) and not c.has(_OWN_PEAK):
        return None  # "Nairobi had the most staff in 2024": the most of the rows, not of its years
    chosen = set(p.cols[:1]) or set(p.tied_cols)
    if not chosen:
        return None
    for group in period_groups(p.r.table):
        if chosen <= {j for j, _ in group}:
            got = pick(c, p.sid, _reshaped(p.r, p.rows[0], group))
            # no period named: the column the claim's words chose is read as it is ("Lisbon has
            # 140 employees": headcount_2024, chosen by its figure)
            if got is not None and got.cols and (got.rows or got.missing_row or not p.cols):
                return got
    return None


_EACH_PERIOD = re.compile(
    r"\b(?:in |for )?(?:each|every|all)(?: of the| single)?(?: \w+)? "
    r"(?:quarter|month|year|period|season)s?\b|"
    r"\b(?:quarter|month|year) after (?:quarter|month|year)\b"
)


def each_period_extreme(c: ClaimText, p: Pick) -> Settled | None:
    """ "Valewood had the longest median wait in each of the three quarters" against a
    column per quarter: the named row is the highest (lowest) in every period's column."""
    hi, lo = c.has(MAX), c.has(MIN)
    if len(p.rows) != 1 or p.row_sid or bool(hi) == bool(lo) or c.has(SECOND) or c.negated:
        return None
    if not c.has(_EACH_PERIOD):
        return None
    chosen = set(p.cols[:1]) or set(p.tied_cols)
    group = next((g for g in period_groups(p.r.table) if chosen and chosen <= {j for j, _ in g}), None)
    if group is None:
        return None
    named, failed, cells = p.rows[0], [], []
    shown = []
    for j, period in group:
        s = series(p, j)
        if len(s) < 2 or named not in {i for i, _ in s}:
            return None
        best = (max if hi else min)(v for _, v in s)
        top = [i for i, v in s if v == best]
        cells.append((named, j))
        period = period.upper() if re.match(r"q\d", period, re.I) else _period_name(period)
        shown.append(f"{period} {cell_text(p, named, j)}")
        if named not in top:
            failed.append((j, period, top[0]))
    word = "highest" if hi else "lowest"
    if not failed:
        note = f"{row_name(p, named)} is {word} in every period: {', '.join(shown)}"
        return settled(p, "SUPPORTED", note, cells)
    j, period, i = failed[0]
    return settled(
        p,
        "CONTRADICTED",
        f"in {period} the {word} is {row_name(p, i)} ({cell_text(p, i, j)}), not {row_name(p, named)} "
        f"({cell_text(p, named, j)})",
        [(i, j), (named, j)],
    )


def sole_measure(c: ClaimText, p: Pick) -> Pick | None:
    """A change the claim states of the one row it names without naming the measure
    ("Trailhound sales were down about 15% year over year" against "Units 2023 | Units
    2024"), where the table keeps one measure only across periods: that measure, read
    along the row's periods. With no period named, the last period against the one before.
    None when the claim names a column, or the table has no such measure or more than one."""
    if len(p.rows) != 1 or p.row_sid or p.cols or p.tied_cols or p.rejected:
        return None
    if not (c.has(CHANGE) or c.has(TIMES)) or ((c.has(MAX) or c.has(MIN)) and not c.has(_OWN_PEAK)):
        return None
    groups = period_groups(p.r.table)
    if len(groups) != 1:
        return None
    reshaped = _reshaped(p.r, p.rows[0], groups[0])
    got = pick(c, p.sid, reshaped)
    if got is not None and got.missing_row:
        return None
    rows = got.rows if got is not None and got.rows else [len(groups[0]) - 1]
    return Pick(p.sid, reshaped, rows, [1], 1)


# --- periods in a column of their own (a row per site and quarter) -------------------------

_QUARTER = re.compile(r"(?<![a-z])q([1-4])(?![\w])|\b(first|second|third|fourth)\s+quarter\b", re.I)
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4}


def _period(text: str) -> tuple[int | None, int | None]:
    """(year, quarter) a text names, either may be None."""
    y = _YEAR.search(text)
    q = _QUARTER.search(text)
    quarter = None
    if q is not None:
        quarter = int(q.group(1)) if q.group(1) else _ORDINAL[q.group(2).lower()]
    return (int(y.group(1)) if y else None, quarter)


def _period_column(t: Table) -> int | None:
    """A column, not the rows' names, whose every cell is a quarter ("2024-Q1", "Q2 2024"),
    and not all the same one."""
    for j in range(len(t.columns)):
        if j == t.label:
            continue
        got = [_period(r[j].text) if r[j] is not None else (None, None) for r in t.rows]  # type: ignore[union-attr]
        if all(q is not None for _, q in got) and len(set(got)) > 1:
            return j
    return None


def period_rows(c: ClaimText, p: Pick) -> Pick | None:
    """Of the rows ``p`` names (a site's rows, one a quarter), those of the quarter(s) the
    claim names ("Fjellnes-1 ... in Q3 2024"); ``p`` with none of them when the table has
    no row for it (its ``missing_row``). None when no quarter column or none named."""
    if len(p.rows) < 2 or p.row_sid:
        return None
    t = p.r.table
    j = _period_column(t)
    if j is None:
        return None
    said = [m.group(0) for m in _QUARTER.finditer(c.text)]
    if not said:
        return None
    year, _ = _period(c.text)
    wanted = {(year, _period(s)[1]) for s in said}
    keep = []
    for i in p.rows:
        cell = t.rows[i][j]
        y, q = _period(cell.text) if cell is not None else (None, None)
        if any(q == wq and (wy is None or y is None or y == wy) for wy, wq in wanted):
            keep.append(i)
    if not keep:
        return replace(p, rows=[], missing_row=" ".join(said + ([str(year)] if year else [])))
    if len(keep) == 1 and len(said) == 1 and c.has(CHANGE):
        # "rose about 5% in Q2": against the same row's quarter before
        def key(i: int) -> tuple[int, int]:
            y, q = _period(t.rows[i][j].text)  # type: ignore[union-attr]  # every cell a quarter
            return (y or 0, q or 0)

        here = key(keep[0])
        before = [(k, i) for i in p.rows if (k := key(i)) < here]
        if before:
            return replace(p, rows=[max(before)[1], keep[0]])
    return replace(p, rows=keep)
