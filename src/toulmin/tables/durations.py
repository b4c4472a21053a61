"""How long a row's thing lasts, from its start and end: "'SLOs for Batch Jobs' runs for an
hour and a half" against a session's ``start`` 2024-10-08T13:00 and ``end``
2024-10-08T14:30.

Read only where the table has one column of starts and one of ends (by their last header
word), the claim names one row (or the table is one record) and states one duration with a
verb of lasting ("runs for", "lasts", "takes", "... long"), and compares nothing: then the
end less the start backs the duration or refutes it. Times without a date are of one day
(an end before its start is past midnight).
"""

from __future__ import annotations

import re
from datetime import date

from ..checks.numbers import find_numbers
from .pick import Pick, Settled, cell_text, pick, row_name, settled
from .render import Rendered
from .words import ClaimText, agrees, fmt

__all__ = ["row_duration"]

_START = frozenset({"start", "starts", "begin", "begins", "started", "start_time", "starts_at", "started_at"})
_END = frozenset({"end", "ends", "finish", "finishes", "ended", "end_time", "ends_at", "ended_at"})
_LASTS = re.compile(r"\b(?:runs?|ran|running|lasts?|lasted|lasting|takes?|took|long)\b")
# a duration set against something else: "runs 30 minutes late", "the longest session", "an
# hour longer than", "starts an hour after the keynote"
_NOT_ITS_LENGTH = re.compile(
    r"\b(?:after|before|ago|later|earlier|delay(?:ed|s)?|longest|shortest|longer|shorter|than|same|each|"
    r"every|all|both|average|total|combined|between|break|gap|until|till)\b"
    r"|\b(?:minutes?|hours?|days?|mins?|hrs?)\s+(?:late|early|behind|ahead|overdue)\b"
)
_WHEN = re.compile(r"^(?:(\d{4})-(\d\d)-(\d\d)(?:[T ]|$))?(?:(\d{1,2}):([0-5]\d)(?::[0-5]\d)?)?"
                   r"(?:Z|[+-]\d\d:?\d\d)?$")


def _minutes(text: str) -> tuple[int, bool] | None:
    """A cell's moment in minutes, and whether it had a date ("2024-10-08T13:00" or "13:00")."""
    m = _WHEN.match(text.strip())
    if m is None or m.group(4) is None:
        return None
    clock = int(m.group(4)) * 60 + int(m.group(5))
    if int(m.group(4)) > 23:
        return None
    if m.group(1) is None:
        return clock, False
    try:
        day = date(int(m.group(1)), int(m.group(2)), int(m.group(3))).toordinal()
    except ValueError:
        return None
    return day * 1440 + clock, True


def _column(r: Rendered, names: frozenset[str]) -> int | None:
    found = [j for j, col in enumerate(r.table.columns)
             if col.text.rsplit(".", 1)[-1].strip().lower().replace(" ", "_") in names]
    return found[0] if len(found) == 1 else None


def row_duration(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """The verdict of how long the claim says a row's thing lasts, or None."""
    spans = [n for n in find_numbers(c.text) if n.unit == "s"]
    if len(spans) != 1 or c.negated or not c.has(_LASTS) or c.has(_NOT_ITS_LENGTH):
        return None
    a, b = _column(r, _START), _column(r, _END)
    if a is None or b is None:
        return None
    if len(r.table.rows) == 1:
        p = Pick(sid, r, [0], [], 0)
    else:
        got = pick(c, sid, r)
        if got is None or len(got.rows) != 1:
            return None
        p = got
    i = p.rows[0]
    start, end = _minutes(cell_text(p, i, a)), _minutes(cell_text(p, i, b))
    if start is None or end is None or start[1] != end[1]:
        return None
    long = end[0] - start[0] if start[1] else (end[0] - start[0]) % 1440
    if long <= 0:
        return None
    ok = agrees(spans[0], long * 60)
    head = r.table.columns
    note = (f"{row_name(p, i)}: {head[a].text} {cell_text(p, i, a)}, {head[b].text} {cell_text(p, i, b)}: "
            f"{fmt(long)} minutes ({fmt(long / 60)} hours)")
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(i, a), (i, b)])
