"""Opening hours read by the day: "opens at 7 am on Sundays", "stays open until 8 p.m. on
weekdays", "its latest closing time is 6 pm, on Fridays and Saturdays", against a record's
field per day ("sun": "closed", "friday": "11:00-23:00", or "open"/"close" under each day).

A day the claim names that the record gives as closed refutes a time said of it; a time
that is not the day's opening or closing time (the one the claim's verb names) refutes it;
"latest"/"earliest" are read over every day the record gives hours for.
"""

from __future__ import annotations

import re

from .pick import Pick, Settled, cell_value, pick, settled
from .render import Rendered
from .values import Value
from .words import CLOSED, ClaimText, count_said, fmt

__all__ = ["DAYS", "day_columns", "day_hours", "day_span", "times_said"]

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_SAID = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b")
_RANGE = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\s*"
                    r"(?:-|–|to|through|thru|until)\s*"
                    r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b")
_GROUPS = (
    (re.compile(r"\bweekdays?\b|\bmonday to friday\b"), DAYS[:5]),
    (re.compile(r"\bweekends?\b"), DAYS[5:]),
    (re.compile(r"\bevery day\b|\bdaily\b|\ball week\b|\bseven days a week\b|\bdays a week\b"), DAYS),
)
# a time of day as people write it: "7 am", "8 p.m.", "10:00", "1:30 pm"; not "7 days"
_TIME = re.compile(r"\b(\d{1,2})(?::([0-5]\d))?\s*(am|pm|a\.m\.?|p\.m\.?)(?![a-z])"
                   r"|\b(\d{1,2}):([0-5]\d)\b(?!:\d)", re.I)
_OPENING = re.compile(r"\bopens?\b(?:\s+\w+)?\s+(?:at|from)\b|\bopening\b|\bfirst opens?\b"
                      r"|\bopens? earliest\b")
_CLOSING = re.compile(r"\bcloses?\b|\bclosing\b|\buntil\b|\btill\b")
_LATEST = re.compile(r"\blatest\b")
_DURATION = re.compile(r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
                       r"fourteen|fifteen|sixteen|seventeen|eighteen|twenty|twenty-four)[\s-]+hours?\b")
_COMPARED_NOT_ONLY = re.compile(r"\b(?:longest|shortest|most|fewest|least|than|same|earlier|later|longer|"
                                r"shorter)\b")
_COMPARED = re.compile(r"\b(?:longest|shortest|most|fewest|least|only|than|same|both|each|every other|"
                       r"earlier|later|longer|shorter)\b")
_EARLIEST = re.compile(r"\bearliest\b")


def times_said(low: str) -> list[int]:
    """The claim's times of day in minutes after midnight (midnight 0), in order."""
    out: list[tuple[int, int]] = [(m.start(), 720 if m.group(0) == "noon" else 0)
                                  for m in re.finditer(r"\b(?:noon|midday|midnight)\b", low)]
    for m in _TIME.finditer(low):
        if m.group(1) is not None:
            h, mins, ap = int(m.group(1)), int(m.group(2) or 0), m.group(3).replace(".", "").lower()
            if not 1 <= h <= 12:
                continue
            h = h % 12 + (12 if ap == "pm" else 0)
        else:
            h, mins = int(m.group(4)), int(m.group(5))
            if h > 24:
                continue
        out.append((m.start(), (h * 60 + mins) % 1440))
    return [t for _, t in sorted(out)]


def _other_figures(low: str) -> bool:
    rest = _TIME.sub(" ", low)
    return bool(re.search(r"\d", rest))


def _days_said(low: str) -> list[str]:
    said: list[str] = []
    rest = low
    for m in _RANGE.finditer(low):
        a, b = DAYS.index(m.group(1)), DAYS.index(m.group(2))
        said += list(DAYS[a : b + 1]) if a <= b else list(DAYS[a:] + DAYS[: b + 1])
        rest = rest.replace(m.group(0), " ")
    for pattern, days in _GROUPS:
        if pattern.search(rest):
            said += list(days)
            rest = pattern.sub(" ", rest)
    said += [m.group(1) for m in _DAY_SAID.finditer(rest)]
    return list(dict.fromkeys(said))


def _day_of(word: str) -> str:
    return next((d for d in DAYS if word in (d, d[:3])), "")


def day_columns(r: Rendered) -> dict[str, list[int]]:
    days: dict[str, list[int]] = {}
    for j, col in enumerate(r.table.columns):
        # "hours.friday" ("11:00-23:00"), or "hours.friday.open" and "hours.friday.close"
        parts = [x.strip().lower() for x in col.text.split(".")]
        at = next((k for k in (len(parts) - 1, len(parts) - 2) if k >= 0 and _day_of(parts[k])), None)
        if at is not None:
            days.setdefault(_day_of(parts[at]), []).append(j)
    return days


def day_span(r: Rendered, i: int, cols: list[int]) -> tuple[int, int] | str | None:
    """A day's (open, close) in minutes, "closed", or None when its fields read as neither."""
    vals: list[tuple[str, Value | None]] = [
        (r.table.columns[j].text.rsplit(".", 1)[-1].lower(), cell_value(r, i, j)) for j in cols]
    if any(v is None for _, v in vals):
        return None
    got = {k: v for k, v in vals if v is not None}
    if len(got) == 1:
        key, v = next(iter(got.items()))
        if key == "closed":
            return "closed" if v.truth is True else None
        if len(v.times) == 2:
            return v.times[0] % 1440, v.times[1] % 1440
        return "closed" if v.truth is False or CLOSED.search(v.text.lower()) else None
    opens, closes = got.get("open"), got.get("close")
    if opens is not None and closes is not None and len(opens.times) == len(closes.times) == 1:
        return opens.times[0] % 1440, closes.times[0] % 1440
    return None


def _clock(minutes: int) -> str:
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


def _shown(day: str, h: tuple[int, int] | str) -> str:
    return f"{day.capitalize()} {h if isinstance(h, str) else _clock(h[0]) + '-' + _clock(h[1])}"


def day_hours(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """The verdict of a day's opening or closing time the claim states, or None."""
    times = times_said(c.low)
    span = _DURATION.search(c.low)
    if not times or c.negated or _other_figures(_DURATION.sub(" ", c.low)):
        return None  # "open 7 days a week from 9 am": a figure these rules do not read
    extreme = c.has(_LATEST) or c.has(_EARLIEST)
    if c.has(_COMPARED) and not (extreme and not c.has(_COMPARED_NOT_ONLY)):
        return None  # "Saturday is its longest day, from 8 am to 6 pm": more than the day's hours
    cols = day_columns(r)
    if len(cols) < 2:
        return None
    if len(r.table.rows) == 1:
        p = Pick(sid, r, [0], [], 0)
    else:
        got = pick(c, sid, r)
        if got is None or len(got.rows) != 1:
            return None
        p = got
    i = p.rows[0]
    hours = {d: h for d, js in cols.items() if (h := day_span(r, i, js)) is not None}
    if len(hours) != len(cols):
        return None
    cells = [(i, j) for d in hours for j in cols[d]]
    days = [d for d in _days_said(c.low) if d in hours]
    opening, closing = bool(c.has(_OPENING)), bool(c.has(_CLOSING))
    if len(times) == 2 and re.search(r"\bfrom\b.*\b(?:to|until|till)\b|[-–]", c.low):
        opening = closing = True  # "from 1:30 pm to 4:30 pm"
    if opening == closing and len(times) != 2:
        return None  # "is open at 7 am": which end of the day is not said
    if extreme:
        return None if span else _extreme(c, p, hours, days, times, opening, cells)
    if not days:
        return None
    for d in days:
        h = hours[d]
        if isinstance(h, str):
            return settled(p, "CONTRADICTED", _shown(d, h), cells)
        long = (h[1] - h[0]) % 1440
        if span and count_said(span.group(1)) * 60 != long:
            # "open for 12 hours on Saturdays, from noon to 11 pm": 11 hours
            return settled(p, "CONTRADICTED", f"{_shown(d, h)} ({fmt(long / 60)} hours)", cells)
        want = list(h) if opening and closing else [h[0]] if opening else [h[1]]
        if sorted(times) != sorted(want) and not (len(times) == 1 and times[0] in want and len(want) == 1):
            return settled(p, "CONTRADICTED", _shown(d, h), cells)
    return settled(p, "SUPPORTED", "; ".join(_shown(d, hours[d]) for d in days), cells)


def _extreme(c: ClaimText, p: Pick, hours: dict[str, tuple[int, int] | str], days: list[str],
             times: list[int], opening: bool, cells: list[tuple[int, int]]) -> Settled | None:
    """ "Its latest closing time is 6 pm, on Fridays and Saturdays": the closing (or
    opening) time furthest that way over the days it opens, and the days that have it."""
    if len(times) != 1:
        return None
    open_days = {d: h for d, h in hours.items() if not isinstance(h, str)}
    if not open_days:
        return None
    end = 0 if opening and not c.has(_CLOSING) else 1
    late = bool(c.has(_LATEST))
    best = (max if late else min)(h[end] for h in open_days.values())
    having = [d for d, h in open_days.items() if h[end] == best]
    word = ("latest" if late else "earliest") + (" opening" if end == 0 else " closing")
    note = f"{word} time {_clock(best)} on {', '.join(d.capitalize() for d in having)}; " + "; ".join(
        _shown(d, h) for d, h in hours.items())
    ok = times[0] == best and (not days or set(days) == set(having))
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, cells)
