"""Dates in text and whether the evidence states a claim's date at the claim's precision.

"March 2024" is not backed by "Q1 2024" (imprecise); "2019" is backed by "March 2019".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from .days import MONTH_NUMBER, check_days
from .finding import Finding, Status

__all__ = ["Date", "check_dates", "find_dates", "is_day_of_month", "states_a_bound"]

_MONTH_RE = r"(?:" + "|".join(sorted(MONTH_NUMBER, key=len, reverse=True)) + r")\.?"
_DATE = re.compile(
    r"(?P<iso>\b(?P<iy>(?:1[5-9]|20)\d\d)-(?P<im>\d\d)(?:-(?P<id>\d\d))?\b)"
    r"|(?P<q>\b(?:Q(?P<qn>[1-4])|(?P<qw>first|second|third|fourth|last) quarter(?: of)?)\s*,?\s*"
    r"(?P<qy>(?:1[5-9]|20)\d\d)\b)"
    r"|(?P<h>\b(?:H(?P<hn>[12])|(?P<hw>first|second) half(?: of)?)\s*,?\s*(?P<hy>(?:1[5-9]|20)\d\d)\b)"
    r"|(?P<md>\b(?P<d1>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>" + _MONTH_RE + r")\s*,?\s*"
    r"(?P<y1>(?:1[5-9]|20)\d\d)\b)"
    r"|(?P<dm>\b(?P<m2>" + _MONTH_RE + r")\s+(?:(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s*,?\s*)?"
    r"(?P<y2>(?:1[5-9]|20)\d\d)\b)"
    r"|(?P<y>\b(?P<yy>(?:1[5-9]|20)\d\d)s?\b)",
    re.I,
)
_QW = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": 4}
# "As of March 20" and "on 20 March" without a year: the 20 is a day, not a quantity
_MONTH_BEFORE = re.compile(r"\b" + _MONTH_RE + r"\s*$", re.I)
_MONTH_AFTER = re.compile(r"^(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH_RE + r"(?![a-z])", re.I)
# "born before 1975" is backed by 1974: a bound, not a date to match.
_BEFORE = re.compile(r"\b(before|prior to|earlier than|no later than|by)\s+(?:the\s+)?$", re.I)
_BOUND_WORD = {"<": "before ", "<=": "by ", ">": "after "}
_AFTER = re.compile(r"\b(after|later than|following)\s+(?:the\s+)?$", re.I)


@dataclass(frozen=True)
class Date:
    """A date as an interval of months [lo, hi] (inclusive) of ``years`` years
    from ``year`` (10 for a decade, "the 1990s"), plus a day."""

    text: str
    year: int
    lo: int
    hi: int
    day: int | None
    precision: str  # decade, year, half, quarter, month, day
    start: int
    end: int
    years: int = 1
    bound: str = ""  # "<" (before), "<=" (by), ">" (after): the text bounds a date, it does not state one

    @property
    def first(self) -> int:
        """Its first day, as a number that orders days (31 per month is enough to order them)."""
        return (self.year * 12 + self.lo) * 32 + (self.day or 1)

    @property
    def last(self) -> int:
        return ((self.year + self.years - 1) * 12 + self.hi) * 32 + (self.day or 31)

    def contains(self, other: Date) -> bool:
        return self.first <= other.first and other.last <= self.last and (
            self.day is None or self.day == other.day)

    def admits(self, other: Date) -> bool:
        """Whether all of ``other`` lies within this date's bound."""
        return {"<": other.last < self.first, "<=": other.last <= self.last,
                ">": other.first > self.last}.get(self.bound, False)

    @property
    def said(self) -> str:
        return _BOUND_WORD.get(self.bound, "") + self.text

    @property
    def rank(self) -> int:
        return ["decade", "year", "half", "quarter", "month", "day"].index(self.precision)


def find_dates(text: str) -> list[Date]:
    # The same evidence text is read for every claim it is a candidate of, and by
    # several checks: parse it once.
    return list(_find_dates(text))


@lru_cache(maxsize=1024)
def _find_dates(text: str) -> tuple[Date, ...]:
    out: list[Date] = []
    for m in _DATE.finditer(text):
        g = m.groupdict()
        s, e, t = m.start(), m.end(), m.group(0)
        if g["iso"]:
            mo = int(g["im"])
            if not 1 <= mo <= 12:
                continue
            d = int(g["id"]) if g["id"] else None
            out.append(Date(t, int(g["iy"]), mo, mo, d, "day" if d else "month", s, e))
        elif g["q"]:
            q = int(g["qn"]) if g["qn"] else _QW[g["qw"].lower()]
            out.append(Date(t, int(g["qy"]), 3 * q - 2, 3 * q, None, "quarter", s, e))
        elif g["h"]:
            h = int(g["hn"]) if g["hn"] else _QW[g["hw"].lower()]
            out.append(Date(t, int(g["hy"]), 6 * h - 5, 6 * h, None, "half", s, e))
        elif g["md"]:
            mo = MONTH_NUMBER[g["m1"].lower().rstrip(".")]
            out.append(Date(t, int(g["y1"]), mo, mo, int(g["d1"]), "day", s, e))
        elif g["dm"]:
            mon = g["m2"].lower().rstrip(".")
            if mon == "may" and not g["d2"] and text[max(0, s - 1) : s].isalpha():
                continue
            mo = MONTH_NUMBER[mon]
            d = int(g["d2"]) if g["d2"] else None
            out.append(Date(t, int(g["y2"]), mo, mo, d, "day" if d else "month", s, e))
        elif g["y"]:
            year = int(g["yy"])
            if t.endswith("s") and year % 10 == 0:  # "the 1990s"
                out.append(Date(t, year, 1, 12, None, "decade", s, e, years=10))
            else:
                out.append(Date(t, year, 1, 12, None, "year", s, e))
    return tuple(_bounded(d, text) for d in out)


def _bounded(d: Date, text: str) -> Date:
    before = text[max(0, d.start - 20) : d.start]
    for rx, sign in ((_BEFORE, "<"), (_AFTER, ">")):
        if hit := rx.search(before):
            return replace(d, bound="<=" if hit.group(1).lower() in ("by", "no later than") else sign)
    return d


def _date(status: Status, claim: str, source: str | None, note: str) -> Finding:
    return Finding(kind="date", status=status, claim=claim, source=source, note=note)


def check_dates(claim: str, evidence: str) -> list[Finding]:
    out: list[Finding] = []
    found = find_dates(evidence)
    ev, ev_bounds = [e for e in found if not e.bound], [e for e in found if e.bound]
    for d in find_dates(claim):
        if d.bound:
            out.append(_check_bound(d, found))
            continue
        same_year = [e for e in ev if e.contains(d) or d.contains(e)]
        backing = [e for e in same_year if e.contains(d) and e.rank >= d.rank]
        wider = [e for e in same_year if e.contains(d)]
        within = [e for e in same_year if d.contains(e)]
        admitting = [e for e in ev_bounds if e.admits(d)]
        if backing:
            out.append(_date("ok", d.text, backing[0].text, f"source states {backing[0].text}"))
        elif wider:
            e = wider[0]
            out.append(_date("imprecise", d.text, e.text, f"source says {e.text}, not {d.text} specifically"))
        elif within:
            e = within[0]
            out.append(_date("ok", d.text, e.text, f"source states {e.text}, within {d.text}"))
        elif admitting:
            e = admitting[0]
            out.append(_date("imprecise", d.text, e.said, f"source says {e.said}, not {d.text} exactly"))
        elif ev:
            e = min(ev, key=lambda x: abs(x.year - d.year))
            out.append(_date("mismatch", d.text, e.text, f"source says {e.text}, not {d.text}"))
        else:
            out.append(_date("missing", d.text, None, f"source gives no date for {d.text}"))
    return out + check_days(claim, evidence)


def _check_bound(d: Date, ev: list[Date]) -> Finding:
    """A claim that bounds a date ("before 1975"): any date within the bound backs it."""
    within = [e for e in ev if not e.bound and d.admits(e)]
    # "before 2010" in the source backs "before 2015" in the claim
    within += [e for e in ev if e.bound and e.bound[0] == d.bound[0]
               and (e.last <= d.last if d.bound[0] == "<" else e.first >= d.first)]
    if within:
        e = within[0]
        return _date("ok", d.said, e.said, f"source states {e.said}, {d.said}")
    plain = [e for e in ev if not e.bound]
    if plain:
        e = min(plain, key=lambda x: abs(x.first - d.first))
        return _date("mismatch", d.said, e.said, f"source says {e.said}, not {d.said}")
    return _date("missing", d.said, None, f"source gives no date for {d.said}")


def states_a_bound(finding: Finding) -> bool:
    """Whether a date finding is about a bound the claim states ("before 1975").

    Such a claim compares itself with the source's date, so a date outside the bound
    refutes it; a plain date that the source gives otherwise may be another event's.
    """
    return finding.kind == "date" and finding.claim.startswith(tuple(_BOUND_WORD.values()))


def is_day_of_month(text: str, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]`` is a day written next to its month."""
    if not (text[start:end].isdigit() and 1 <= int(text[start:end]) <= 31):
        return False
    return bool(_MONTH_BEFORE.search(text[max(0, start - 12) : start])
                or _MONTH_AFTER.match(text[end : end + 16]))
