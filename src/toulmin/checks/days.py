"""Days of a month written without their year ("closed during the week of October 21").

``dates.find_dates`` reads a day only with its year; a claim's "October 21" is then no
date at all, and a passage that gives the closure as "October 14 to October 18" backs it
by its words. Here a claim's yearless day must be among the days its evidence gives:
written with or without a year, in ISO form, or inside a range ("October 14 to 18").
A day the evidence does not give, when it gives others, is *missing* (unstated), never a
mismatch: the evidence's other days may be of other events.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .finding import Finding

__all__ = ["MONTHS", "MONTH_NUMBER", "check_days", "days_given", "yearless_days"]

MONTHS = ("january february march april may june july august september october november "
           "december").split()
# a month's name, in full or short, to its number (dates.py reads the same names)
MONTH_NUMBER = {m: i + 1 for i, m in enumerate(MONTHS)} | {m[:3]: i + 1 for i, m in enumerate(MONTHS)}
MONTH_NUMBER["sept"] = 9
# a full name, or an abbreviation with its dot ("Oct."): the full name's sentence stop is not its
_M = (r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r"|(?:"
      + "|".join(sorted({m for m in MONTH_NUMBER if m not in MONTHS}, key=len, reverse=True)) + r")\.?)")
_D = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR_AFTER = re.compile(r"^\s*,?\s*(?:1[5-9]|20)\d\d\b")
_TO = r"\s*(?:-|–|—|to|through|until|till|thru)\s*"
# "October 21", "21 October", "the 21st of October"; "October 14 to 18", "14–18 October"
_MONTH_DAY = re.compile(rf"\b({_M})\s+{_D}(?:{_TO}(?:({_M})\s+)?{_D})?(?!\d|:\d)", re.I)
_DAY_MONTH = re.compile(rf"\b{_D}(?:{_TO}{_D})?\s+(?:of\s+)?({_M})(?![a-z])", re.I)
_ISO = re.compile(r"\b(?:1[5-9]|20)\d\d-(\d\d)-(\d\d)\b")
_SLASH = re.compile(r"\b(\d{1,2})\s?/\s?(\d{1,2})(?:\s?/\s?\d{2,4})?\b")  # "10/17/1987", "10 / 17 / 1987"


def _month(word: str) -> int:
    return MONTH_NUMBER[word.lower().rstrip(".")]


def _ok(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


def yearless_days(text: str) -> list[tuple[str, int, int]]:
    """The claim's days written without a year: (as written, month, day). A day with its
    year ("October 21, 2024") is left to ``dates``; "may" before a number only when written
    as a month ("May 5", or all in lower case)."""
    out = []
    for m in _MONTH_DAY.finditer(text):
        if m.group(3) is not None or _YEAR_AFTER.match(text[m.end():]):
            continue  # a range, or a day with its year
        word = m.group(1)
        if word.lower() == "may" and word == "may" and text != text.lower():
            continue  # "may 5 ..." in a sentence that capitalises: the verb
        if _ok(_month(word), int(m.group(2))):
            out.append((m.group(0), _month(word), int(m.group(2))))
    for m in _DAY_MONTH.finditer(text):
        if m.group(2) is not None or _YEAR_AFTER.match(text[m.end():]):
            continue
        if _ok(_month(m.group(3)), int(m.group(1))):
            out.append((m.group(0), _month(m.group(3)), int(m.group(1))))
    return out


@lru_cache(maxsize=1024)
def days_given(text: str) -> frozenset[tuple[int, int]]:
    """Every (month, day) the text gives, with or without a year, ranges spelled out."""
    got: set[tuple[int, int]] = set()

    def span(month: int, a: int, end_month: int, b: int) -> None:
        if month == end_month and a <= b <= 31:
            got.update((month, d) for d in range(a, b + 1))
        else:
            got.update({(month, a), (end_month, b)})

    for m in _MONTH_DAY.finditer(text):
        mo, a = _month(m.group(1)), int(m.group(2))
        end_mo = _month(m.group(3)) if m.group(3) else mo
        span(mo, a, end_mo, int(m.group(4)) if m.group(4) else a)
    for m in _DAY_MONTH.finditer(text):
        mo, a = _month(m.group(3)), int(m.group(1))
        span(mo, a, mo, int(m.group(2)) if m.group(2) else a)
    for m in _ISO.finditer(text):
        got.add((int(m.group(1)), int(m.group(2))))
    for m in _SLASH.finditer(text):  # 10/21 or 21/10: either reading
        a, b = int(m.group(1)), int(m.group(2))
        got.update(x for x in ((a, b), (b, a)) if _ok(*x))
    return frozenset(got)


def check_days(claim: str, evidence: str) -> list[Finding]:
    given = days_given(evidence)
    if not given:
        # evidence that gives no day at all leaves the claim's day unread, as a passage
        # chosen for another of its facts may (the day may be stated elsewhere in the source)
        return []
    out = []
    for said, month, day in yearless_days(claim):
        if (month, day) in given:
            out.append(Finding(kind="date", status="ok", claim=said, source=said,
                               note=f"source states {said}"))
        else:
            out.append(Finding(kind="date", status="missing", claim=said, source=None,
                               note=f"source gives no date for {said}"))
    return out
