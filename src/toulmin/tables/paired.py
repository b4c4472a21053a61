"""Claims that read two cells of one row together.

Several figures of one row in one claim, each with its own column's word beside it
("5.6 g of protein in a 45 g serving", where both columns are in grams and the header
words alone tie): each figure is read against the column whose word is nearest to it,
one figure a column; any that differs contradicts the claim. A span of days between the
row's two dates ("due 30 days after the invoice date")."""

from __future__ import annotations

import re
from datetime import date
from itertools import permutations

from ..checks.numbers import Number, find_numbers
from .pick import Pick, Settled, cell_note, cell_value, fits, settled
from .values import header_words, stem
from .words import ClaimText, agrees

__all__ = ["between_dates", "paired"]

_NEAR = 30  # characters between a figure and its column's word


def paired(c: ClaimText, p: Pick, nums: list[Number]) -> Settled | None:
    if not p.tied or len(p.rows) != 1 or c.negated:
        return None
    cols = list(p.tied_cols)
    if not 2 <= len(cols) <= len(nums) <= 4:
        return None
    i = p.rows[0]
    t = p.r.table
    heads = {j: header_words(t.columns[j].text) for j in cols}
    where = {j: [at for w, at in c.toks if stem(w) in heads[j]] for j in cols}
    if any(not at for at in where.values()):
        return None

    def gap(n: Number, j: int) -> int:
        return min(abs(at - n.start) for at in where[j])

    best = None
    for chosen in permutations(nums, len(cols)):
        cost = [gap(n, j) for n, j in zip(chosen, cols)]
        if max(cost) <= _NEAR and (best is None or sum(cost) < best[0]):
            best = (sum(cost), chosen)
    if best is None:
        return None
    outcomes = []
    for n, j in zip(best[1], cols):
        v = cell_value(p.r, i, j)
        if v is None or v.number is None or not fits(n, v):
            return None
        outcomes.append((j, agrees(n, v.number.value)))
    wrong = [j for j, ok in outcomes if not ok]
    if wrong:
        return settled(p, "CONTRADICTED", cell_note(p.r, i, wrong[0]), [(i, wrong[0])])
    return settled(p, "SUPPORTED", "; ".join(cell_note(p.r, i, j) for j in cols), [(i, j) for j in cols])


_SPAN_WORD = re.compile(r"\b(?:after|before|later|earlier|from|since|between|ahead of)\b")


# a state that lasts: "stays open for about six weeks after it went up"
_LASTS = re.compile(r"\b(?:stays?|stayed|remains?|remained|lasts?|lasted|runs?|ran|is open|was open|open)\b")
_BEFORE_AFTER = re.compile(r"\b(?:before|after|prior to|ahead of|earlier than|later than)\b")


def between_dates(c: ClaimText, p: Pick) -> Settled | None:
    """ "Payment is due 30 days after the invoice date": a span of days or weeks the claim
    states, against the two dates of the row it is about (exactly two: no choice to make)."""
    spans = [n for n in find_numbers(c.text) if n.unit == "s" and n.value >= 86400]
    if len(spans) != 1 or not c.has(_SPAN_WORD):
        return None
    t = p.r.table
    rows = p.rows[:1] if p.rows else ([0] if len(t.rows) == 1 else [])
    if not rows:
        return None
    i = rows[0]
    dated = []
    for j in range(len(t.columns)):
        v = cell_value(p.r, i, j)
        if v is not None and v.date is not None and all(v.date):
            dated.append((j, date(*v.date)))
    if len(dated) != 2 or not any(header_words(t.columns[j].text) & c.stems for j, _ in dated):
        return None  # two dates, one of them the claim's ("due"): else they may be of other things
    (ja, a), (jb, b) = dated
    days = abs((b - a).days)
    ok = agrees(spans[0], days * 86400.0) != c.negated
    cue = _BEFORE_AFTER.search(c.low)
    # "stays open for about six weeks after it went up": how long, not which date comes first
    lasting = cue is not None and cue.group(0) == "after" and c.has(_LASTS) and re.search(
        r"\bfor\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+|just\s+(?:over|under)\s+)?$",
        c.low[: max(0, spans[0].start) + 1],
    )
    if cue is not None and ok and days and not lasting:
        # "due 30 days before the invoice date": the date named before the cue is the later
        # one for "after", the earlier for "before"
        said = {stem(w) for w, at in c.toks if at < cue.start()}
        then = {stem(w) for w, at in c.toks if at > cue.start()}
        # the date named after the cue is the other one ("two days after it was shipped"),
        # whatever the words before it share with its header ("Shipment SH-7782")
        other_named = [j for j, _ in dated if (header_words(t.columns[j].text) - {"date"}) & then]
        subject = ([j for j, _ in dated if j != other_named[0]] if len(other_named) == 1 else
                   [j for j, _ in dated if (header_words(t.columns[j].text) - {"date"}) & said])
        if len(subject) == 1:
            mine = a if subject[0] == ja else b
            other = b if subject[0] == ja else a
            later = cue.group(0) in ("after", "later than")
            ok = (mine > other) == later
    note = f"{t.columns[ja].text} {a.isoformat()} to {t.columns[jb].text} {b.isoformat()}: {days} days"
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(i, ja), (i, jb)])
