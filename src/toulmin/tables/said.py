"""How a claim says a figure, read against a cell: the unit and scale the claim gives it
("2.5 hours" of a minutes column), the figure it states, a rate's period, and a number
written the way its cell is."""

from __future__ import annotations

import re

from ..checks.numbers import Number
from .pick import (
    Pick,
    is_summary,
)
from .values import Value, header_words, human, stem, words
from .words import (
    FOR_COUNT,
    ClaimText,
    agrees,
    count_said,
    fmt,
)

__all__ = [
    "AGED",
    "ALL_ROWS",
    "DATED_HEAD",
    "GAP_SAID",
    "OF_THE",
    "RATE_HEAD",
    "SECONDS",
    "all_counted",
    "as_said",
    "as_written",
    "each_of_its",
    "fmt_like",
    "per_other",
    "said_value",
]


def fmt_like(base_value: float, v: Value) -> str:
    """A difference in the unit the table writes (base units back to its scale)."""
    n = v.number
    if n is None or not n.value:
        return fmt(base_value)
    digits = re.search(r"\d[\d,]*(?:\.\d+)?", v.text)  # "approx. 1,200": not its abbreviation's dot
    try:
        written = float(digits.group(0).replace(",", "")) if digits else float("nan")
    except ValueError:
        return fmt(base_value)
    if n.unit == "s" and re.fullmatch(r"\d+(?::\d\d){1,2}", v.text.strip()):
        # "27:43:05" and "27:42:29" are 36 seconds apart: written as the cells are, 0:00:36
        whole = round(abs(base_value))
        h, m, s = whole // 3600, whole // 60 % 60, whole % 60
        shown = f"{h}:{m:02d}:{s:02d}" if v.text.count(":") == 2 else f"{whole // 60}:{s:02d}"
        return ("-" if base_value < 0 else "") + shown
    scale = abs(n.value) / written if written else 1.0
    return fmt(base_value / scale if scale else base_value)


ALL_ROWS = re.compile(
    r"(?:\ball|\bthe|\bits|\btheir|\bthese|\bthose|\bacross(?: the| its| their| all| these| those)?|"
    r"\bcombined|'s|’s|s')\s+"
    r"(two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(\w+)"
)


def all_counted(c: ClaimText, p: Pick) -> bool:
    """ "the three lines carried", "across the three regions": every row, by their number."""
    m = c.has(ALL_ROWS)
    if m is None:
        return False
    n = count_said(m.group(1))
    return n == len([i for i in range(len(p.r.table.rows)) if not is_summary(p, i)])


RATE_HEAD = re.compile(r"%|\brate\b|\bratio\b|\bshare\b|\baverage\b|\bavg\b|\bmean\b|\bper\b|\bmedian\b")
SECONDS = {
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


def as_said(n: Number, v: Value, header: str) -> float:
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


def said_value(c: ClaimText, n: Number, v: Value, header: str) -> float:
    """The cell as the claim's figure says it (``as_said``), times the count the figure is
    said for when the column is of one item ("$1,134 for six units" against unit_price 189)."""
    got = as_said(n, v, header)
    m = _FOR_COUNT.match(c.low, n.start + len(n.text))
    if m is not None and _OF_ONE_HEAD.search(header.lower().replace("_", " ")):
        got *= count_said(m.group(1))
    return got


def as_written(n: Number, v: Value) -> bool:
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
_PER_AFTER = re.compile(r"\s*(?:[a-z-]+\s+){0,2}?per\s+(?:square\s+)?([a-z]+)")
_EACH_AFTER = re.compile(r"\s*(?:[a-z-]+\s+){0,2}?(?:each|apiece|per head|per person|per capita)\b")
# a column of one item's or one person's figure, or a rate: what "each" may read
_OF_ONE_HEAD = re.compile(
    r"%|/|\b(?:rate|ratio|share|average|avg|mean|per|median|price|unit|each|cost|fee)\b"
)


def per_other(c: ClaimText, n: Number, header: str) -> bool:
    """ "$398 per square foot" against list_price: a figure per a thing the column is not
    per (a rate over time is the time rules' to read)."""
    low = header.lower().replace("_", " ")
    m = _PER_AFTER.match(c.low, n.start + len(n.text))
    if m is None or m.group(1) in SECONDS or m.group(1).rstrip("s") in SECONDS:
        return False
    return "/" not in low and stem(m.group(1)) not in header_words(low) and m.group(1) not in low


def each_of_its(c: ClaimText, p: Pick, n: Number, header: str) -> bool:
    """ "Orders agents handled about 284 contacts each" against the queue's contacts handled:
    a figure of each of the row's members, not the row's (of two rows named, "1 tournament
    each" is each row's)."""
    return (len(p.rows) <= 1 and bool(_EACH_AFTER.match(c.low, n.start + len(n.text)))
            and not _OF_ONE_HEAD.search(header.lower().replace("_", " ")))


# "32,600 km fewer", "two years newer": a difference stated with its comparative
GAP_SAID = re.compile(
    r"\b(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:%|[a-z]+\s+)?"
    r"(?:more|less|fewer|newer|older|younger|higher|lower|cheaper|dearer|pricier|heavier|lighter|longer|"
    r"shorter|larger|smaller|bigger|clear of|ahead of|behind)\b"
)
OF_THE = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|all|none|both|half)\s+of\s+(?:the|its|their)\b"
)
DATED_HEAD = re.compile(r"\b(?:year|years|date|age|built|founded|opened|established|since|born|launched)\b")
AGED = re.compile(r"\b(?:newer|older|newest|oldest)\b")
