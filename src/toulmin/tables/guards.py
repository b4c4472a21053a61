"""What a lookup must also read before it backs a claim: a row's cells back the columns the
claim names in them, not a highest or lowest it says of the row ("the highest attendance,
47,365"), a value of another column it gives the row ("on June 28 against Houston"), nor
"the only" one it says the row is (another row holding the same)."""

from __future__ import annotations

import re

from .pick import Pick, cell_value, is_summary, label_words
from .values import header_words, month_number, read_value, stem, words
from .words import GENERIC, MAX, MIN, ClaimText

__all__ = ["other_clock", "shared_by_others", "stray_value", "unread_part"]


def unread_part(c: ClaimText, p: Pick, i: int, cols: list[int]) -> bool:
    """Row i backs the claim in ``cols``, and the claim says more of it that those cells do
    not settle: a highest or lowest the row does not hold, or another column's value."""
    said = _superlative(c, p)
    return bool((said and not _extreme_of(c, p, i, cols, said)) or stray_value(c, p, i, cols))


def stray_value(c: ClaimText, p: Pick, i: int, cols: list[int]) -> str:
    """A word value of another column, held by some other row, that the claim says and row
    i's cell of that column does not hold ("against Houston" of a row whose opponent is
    Miami): the lookup backs its columns, not that. Empty when there is none."""
    t = p.r.table
    flat = " " + " ".join(w for w, _ in c.toks) + " "
    mine = set(words(" ".join(x.text for x in t.rows[i] if x is not None)))
    for k in range(len(t.columns)):
        if k in cols or k == t.label:
            continue
        for row in t.rows:
            x = row[k] if k < len(row) else None
            if x is None or read_value(x.text).number is not None:
                continue
            xw = words(x.text)
            if not xw or len("".join(xw)) < 3 or all(w in GENERIC for w in xw) or set(xw) <= mine:
                continue
            if " " + " ".join(xw) + " " in flat:
                return x.text
    return ""


def _superlative(c: ClaimText, p: Pick) -> list[re.Match[str]]:
    """The claim's words of a highest or lowest ("the biggest crowd") that no cell or header
    of the table writes ("Best Costume Design", "biggest home defeat", `worst dancer` are names)."""
    t = p.r.table
    held = {w for x in [*t.columns, *(x for row in t.rows for x in row if x is not None)]
            for w in x.text.lower().split()}
    return [m for pat in (MAX, MIN) for m in pat.finditer(c.low) if m.group(0).split()[0] not in held]


def _extreme_of(c: ClaimText, p: Pick, i: int, cols: list[int], said: list[re.Match[str]]) -> bool:
    """Row i holds the highest (the claim's MAX word) or lowest (MIN) figure of one of
    ``cols``, or of a column named by a word right after the superlative ("the biggest
    crowd": ``said``, its superlatives), among the table's rows (summary rows aside)."""
    hi, lo = bool(c.has(MAX)), bool(c.has(MIN))
    t = p.r.table
    after = {stem(w) for m in said for w in words(c.low[m.end():])[:3]}
    cols = [*cols, *(j for j, x in enumerate(t.columns) if j not in cols and header_words(x.text) & after)]
    for j in cols:
        vals = [(k, v.number) for k in range(len(p.r.table.rows))
                if not is_summary(p, k) and (v := cell_value(p.r, k, j)) is not None and v.number is not None]
        if len({n.unit for _, n in vals}) > 1:
            continue  # tons beside kilotons: not ranked by their numbers
        got = [(k, n.value) for k, n in vals]
        mine = [x for k, x in got if k == i]
        if len(got) < 2 or not mine:
            continue
        if (hi and mine[0] >= max(x for _, x in got)) or (lo and mine[0] <= min(x for _, x in got)):
            return True
    return False


_THE_ONLY = re.compile(
    r"(?:\bthe only\b|^\s*only\b)(?!\s+(?:\d|one|two|three|four|five|six|seven|eight|nine|ten)\b)"
)


def shared_by_others(c: ClaimText, p: Pick, cols: list[int]) -> list[tuple[int, int]]:
    """ "X is the only one with V": the cells of rows the claim does not name that hold the
    named row's values in every column it backs the claim in (empty when none does, or the
    claim says no "only")."""
    if not c.has(_THE_ONLY) or c.negated:
        return []
    t = p.r.table
    i = p.rows[0] if p.rows else 0
    if not set(label_words(t, i)) <= {w for w, _ in c.toks}:
        return []  # "the only competition they took part in was Team Canada": a value's, not a row's

    def text(k: int, j: int) -> str | None:
        x = t.rows[k][j] if j < len(t.rows[k]) else None
        return x.text.strip().lower() if x is not None else None

    mine = [text(i, j) for j in cols]
    return [(k, cols[0]) for k in range(len(t.rows))
            if k not in p.rows and k != i and not is_summary(p, k)
            and all(x is not None and text(k, j) == x for j, x in zip(cols, mine))]


_MONTH = (r"(january|february|march|april|may|june|july|august|september|october|november|december"
          r"|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)")
# "10:30 on 9 June", "9 June at 10:30", "June 9 at 10:30"
_CLOCK_DATE = re.compile(
    rf"\b(?P<h1>\d{{1,2}}):(?P<m1>\d{{2}})\s+on\s+(?:\w+day,?\s+)?(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH}\b"
    rf"|\b(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH}(?:\s+\d{{4}})?,?\s+at\s+(?P<h2>\d{{1,2}}):(?P<m2>\d{{2}})\b"
    rf"|\b{_MONTH}\s+(?P<d3>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?,?\s+at\s+(?P<h3>\d{{1,2}}):(?P<m3>\d{{2}})\b"
)
_CELL_CLOCK = re.compile(r"\b\d{4}-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})")


def other_clock(c: ClaimText, p: Pick, i: int) -> int:
    """A column of row i whose date and time ("2025-06-09T09:00") has the date the claim
    gives a time of ("10:30 on 9 June") and another time: -1 when there is none."""
    said = []
    for m in _CLOCK_DATE.finditer(c.low):
        k = next(n for n in (1, 2, 3) if m.group(f"d{n}"))
        month = month_number(next(g for g in m.groups() if g and g.isalpha()))
        said.append((month, int(m.group(f"d{k}")), int(m.group(f"h{k}")) * 60 + int(m.group(f"m{k}"))))
    for j, x in enumerate(p.r.table.rows[i]):
        cell = _CELL_CLOCK.search(x.text) if x is not None else None
        if cell is None:
            continue
        month, day, at = int(cell.group(1)), int(cell.group(2)), int(cell.group(3)) * 60 + int(cell.group(4))
        if any((m, d) == (month, day) and t != at for m, d, t in said) and not any(
            (m, d, t) == (month, day, at) for m, d, t in said
        ):
            return j
    return -1
