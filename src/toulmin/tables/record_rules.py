"""Rules of a record's own fields and of values counted: "X was the venue 2 times" (the
rows whose cell holds the claim's words, counted), "open 50 hours a week" (a record's seven
days of opening hours added up; "open six days a week" counts them), "18 seats left across
all cabins" (the fields under the parent the claim names, added up)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..checks.numbers import find_numbers
from .hours import DAYS, day_columns, day_span
from .pick import Pick, Settled, cell_text, cell_value, fits, measures, settled
from .render import Rendered
from .values import header_words, stem, words
from .words import GENERIC, OPEN, ClaimText, agrees, count_said, fmt

__all__ = ["count_value", "fields_total", "items_counted", "weekly_hours"]


_TIMES_N = re.compile(
    r"\b(?:(only|exactly|just)\s+)?(?<![\d.,])(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?:time|times|occasion|occasions)\b"
    # "ten times as much sugar as fibre", "three times the price": a ratio, not a count
    r"(?!\s+(?:as\s+(?:much|many)\b|as\s+\w+(?:\s+\w+){0,3}?\s+as\b|"
    r"more|less|fewer|higher|lower|larger|smaller|bigger|greater|the|what|its|their|that|those)\b)"
    r"|\bthere (?:be|are|were|is|was)\s+(?:(only|exactly|just)\s+)?"
    r"(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b"
)


def count_value(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """ "X was the venue 2 times", "there were 2 records set on 28 October 1990": the rows whose
    cell in one column holds the words the claim gives, counted. Decides only when some row
    holds them (words the column never holds together are not read as none)."""
    m = c.has(_TIMES_N)
    if m is None or c.negated:
        return None
    if re.search(r"\b(?:more|less|fewer) than\s+$|\b(?:nearly|almost|about|roughly|around|over|under)\s+$",
                 c.low[: m.start()]) or re.match(r"\s+\w+['’]s\b", c.low[m.end() :]):
        return None  # "more than three times Oakwood's": a ratio or a bound, no count of rows
    word = m.group(2) or m.group(4)
    want = count_said(word)
    t = r.table
    # its words that may be a cell's (a year is one; the count is not)
    have = [w for _, w in c.said() if (w not in GENERIC and w != word and not w.isdigit()) or len(w) == 4]
    best: tuple[int, int, list[int]] | None = None
    tie = False
    for j in range(len(t.columns)):
        cells = [set(words(x.text)) if x is not None else set() for x in (row[j] for row in t.rows)]
        if not any(cells):
            continue
        everywhere = set.intersection(*cells) if all(cells) else set()
        key = {w for w in have if any(w in cw for cw in cells) and w not in everywhere}
        if not key:
            continue
        rows = [i for i, cw in enumerate(cells) if key <= cw]
        if not rows:
            continue
        if best is None or len(key) > best[0]:
            best, tie = (len(key), j, rows), False
        elif len(key) == best[0]:
            tie = True
    if best is None or tie or best[0] < 1:
        return None
    _, j, rows = best
    # its other words that some other column's cells hold (and not every row's) say more of the
    # rows counted ("Chico Landi won 2 times, in October and December"): one none of them holds
    # ("... driving a Maserati" of his two Alfa Romeo wins) leaves the count unsettled
    row_words = [set(words(" ".join(x.text for k, x in enumerate(row) if x is not None and k != j)))
                 for row in t.rows]
    common = set.intersection(*row_words) if row_words else set()
    said_j = {w for i in rows if (x := t.rows[i][j]) is not None for w in words(x.text)}
    more = {w for w in have if w not in said_j and w not in common and not w.isdigit()  # a year: a span's end
            and any(w in rw for rw in row_words)}
    if any(not any(w in row_words[i] for i in rows) for w in more):
        return None
    p = Pick(sid, r, rows, [j], 1)
    ok = len(rows) == want
    names = ", ".join(cell_text(p, i, j) for i in rows[:6])
    return settled(
        p,
        "SUPPORTED" if ok else "CONTRADICTED",
        f"{len(rows)} rows with {t.columns[j].text} {names}",
        [(i, j) for i in rows],
    )


_WEEK = re.compile(r"\b(?:a|per|each|every|the|whole|full|entire) week\b|\bweekly\b|\bin a week\b")


def weekly_hours(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """ "The café is open 50 hours a week" against a record's opening hours, a field per
    day: the hours of the seven days added up (a closed day is none). None unless all
    seven days are there and each reads as hours or closed."""
    spans = [n for n in find_numbers(c.text) if n.unit == "s"]
    if len(r.table.rows) != 1 or not c.has(OPEN) or not c.has(_WEEK) or len(spans) != 1 or c.negated:
        return None
    days = day_columns(r)
    if len(days) != 7:
        return None
    p = Pick(sid, r, [0], [], 0)
    total, shown = 0, []
    for day in DAYS:
        span = day_span(r, 0, days[day])
        if span is None:
            return None
        minutes = 0 if isinstance(span, str) else (span[1] - span[0]) % 1440
        total += minutes
        shown.append(fmt(minutes / 60))
    cells = [(0, j) for d in DAYS for j in days[d]]
    m = _DAYS_A_WEEK.search(c.low)
    if m is not None:  # "open six days a week": the days it opens, not its hours
        said = count_said(m.group(1))
        opened = sum(h != "0" for h in shown)
        return settled(p, "SUPPORTED" if said == opened else "CONTRADICTED",
                       f"days open a week: {opened} of 7 (hours {' + '.join(shown)})", cells)
    ok = agrees(spans[0], total * 60)
    return settled(
        p,
        "SUPPORTED" if ok else "CONTRADICTED",
        f"hours open a week: {' + '.join(shown)} = {fmt(total / 60)} (Monday to Sunday)",
        cells,
    )


_DAYS_A_WEEK = re.compile(r"\b(\d|one|two|three|four|five|six|seven) days? (?:a|per|each|every) week\b")


_ACROSS_ALL = re.compile(
    r"\bacross (?:all|the|its|every)\b|\bin all\b|\baltogether\b|\bin total\b|\bcombined\b"
)


def fields_total(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """ "There are 18 seats left across all cabins" against a record's ``seats_available``
    with a number per cabin: the fields under the parent the claim names, added up."""
    if len(r.table.rows) != 1 or not c.has(_ACROSS_ALL) or c.negated:
        return None
    t = r.table
    parents: dict[str, list[int]] = {}
    for j, col in enumerate(t.columns):
        if "." in col.text:
            parents.setdefault(col.text.rsplit(".", 1)[0], []).append(j)
    p = Pick(sid, r, [0], [], 0)
    nums = measures(c, p)
    named = [
        (parent, cols)
        for parent, cols in parents.items()
        if len(cols) >= 2 and header_words(parent.rsplit(".", 1)[-1]) & c.stems
        and all((v := cell_value(r, 0, j)) is not None and v.number is not None for j in cols)
    ]
    if len(named) != 1 or len(nums) != 1:
        return None
    parent, cols = named[0]
    vals = [x.number.value for j in cols if (x := cell_value(r, 0, j)) is not None and x.number is not None]
    first = cell_value(r, 0, cols[0])
    if first is None or not fits(nums[0], first):
        return None
    total = sum(vals)
    ok = agrees(nums[0], total)
    shown = " + ".join(f"{t.columns[j].text.rsplit('.', 1)[-1]} {cell_text(p, 0, j)}" for j in cols)
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", f"{parent}: {shown} = {fmt(total)}",
                   [(0, j) for j in cols])


_N_ITEMS = re.compile(
    r"(?<![\w.,$€£-])(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+([a-z]+)\b"
)
_HAS = frozenset("has have had covers cover covered lists list listed includes include included holds hold "
                 "contains contain shows show names name carries carry counts count".split())
_BOUND = re.compile(r"\b(?:about|around|roughly|nearly|almost|over|under|at least|at most|more than|"
                    r"fewer than|less than|up to|only|just|exactly)\s+$")


def _last_word(caption: str) -> str:
    """The stem of a list's key, its last word ("policy.dependents" -> "depend")."""
    found = re.findall(r"[a-z]+", caption.lower())
    return stem(found[-1]) if found else ""


def items_counted(c: ClaimText, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """ "Rafael's enrollment covers three dependents" against a record's list of objects
    under the key ``dependents`` (read as a table of its own, captioned by its key): the
    items counted. Only a plain count of the list's own noun, the claim's other words the
    record's name and words of having; one such list among the sources."""
    if c.negated:
        return None
    m = c.has(_N_ITEMS)
    if m is None or _BOUND.search(c.low[: m.start()]) or m.group(0).split()[0] in ("one",):
        return None
    want, noun = count_said(m.group(1)), stem(m.group(2))
    lists = [(sid, r) for sid, r in tables if r.table.kind == "json" and _last_word(r.table.caption) == noun]
    if len(lists) != 1 or want < 0:
        return None
    sid, r = lists[0]
    named = {w for _, x in tables if x.table.kind == "json" and len(x.table.rows) == 1 and x.table.label >= 0
             for row in x.table.rows if (cell := row[x.table.label]) is not None for w in words(cell.text)}
    heads = {w for _, x in tables for col in x.table.columns for w in header_words(col.text)}
    before = [re.sub(r"['’]s?$", "", w) for w in re.findall(r"[a-z'’]+", c.low[: m.start()])]
    after = re.findall(r"[a-z]+", c.low[m.end():])
    unknown = [w for w in before
               if w not in GENERIC and w not in _HAS and w not in named and stem(w) not in heads]
    if after or len(unknown) > 1:  # one is a way of naming the record ("Rafael's enrollment")
        return None  # "two dependents under 10", "two dependents on the dental plan": some of them
    p = Pick(sid, r, list(range(len(r.table.rows))), [], 0)
    got = len(r.table.rows)
    return settled(p, "SUPPORTED" if got == want else "CONTRADICTED",
                   f"{r.table.caption}: {got} listed", [(i, 0) for i in range(got)])
