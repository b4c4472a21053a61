"""A winning margin: "won the seat by a margin of 425 votes", "lead the table by two points
from Millbrook United". The figure is a difference of two rows' cells, not a cell: the
named row's less the other named row's, or, with one row named, less the best of the others
(the runner-up). SUPPORTED when the difference is the figure; CONTRADICTED when it is not, or
when the named row is not ahead at all."""

from __future__ import annotations

import re

from ..checks.numbers import Number
from .pick import Pick, Settled, cell_text, cell_value, fits, row_name, series, settled
from .said import fmt_like
from .values import header_words, stem
from .words import CHANGE, THAN, ClaimText, agrees

__all__ = ["is_margin", "margin"]

_HEDGE = (
    r"(?:\s+(?:about|around|roughly|nearly|almost|just|some|more than|over|under|less than))?\s*[$€£¥]?\s*$"
)
# "by a margin of 425", "a lead of two points", "a majority of 1,203"
_MARGIN_OF = re.compile(
    r"\b(?:a|the|his|her|its|their)\s+(?:winning\s+)?(?:margin|lead|majority)\s+of" + _HEDGE
)
# "won ... by 425 votes", "lead the table by two points", "beat Leeds by three goals"
_BY = re.compile(
    r"\b(?:won|wins?|winning|lead|leads|leading|led|beat|beats|beating|ahead|tops|topped)\b"
    r"(?:\s+[\w'’.-]+){0,6}?\s+by" + _HEDGE
)


def margin(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    if c.negated or c.has(CHANGE) or c.has(THAN) or not p.rows:
        return None  # "grew by 10%": a change; "higher than X by 3": a comparison's; a denial
    said = [n for n in nums if is_margin(c, n)]
    a = p.rows[0]
    va = cell_value(p.r, a, j)
    if len(said) != 1 or va is None or va.number is None or not fits(said[0], va):
        return None
    head = p.r.table.columns[j].text
    nouns = {stem(w) for w in said[0].nouns}
    if (nouns and not nouns & header_words(head)) or (not nouns and not p.col_score):
        return None  # "beat the Flames by 2 points" against a column of days: not the figure's column
    if len(p.rows) >= 2:
        b = p.rows[1]
    else:  # one row named: its lead is over the best of the others
        others = [(i, x) for i, x in series(p, j) if i != a]
        if not others:
            return None
        b = max(others, key=lambda t: t[1])[0]
    vb = cell_value(p.r, b, j)
    if vb is None or vb.number is None:
        return None
    diff = va.number.value - vb.number.value
    note = (f"{head}: {row_name(p, a)} {cell_text(p, a, j)} − {row_name(p, b)} {cell_text(p, b, j)} = "
            f"{fmt_like(diff, va)}")
    ok = diff > 0 and agrees(said[0], diff)
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(a, j), (b, j)])


def is_margin(c: ClaimText, n: Number) -> bool:
    """The figure ``n`` is said as a winning margin (a difference of two rows)."""
    before = c.low[: n.start]
    return bool(_MARGIN_OF.search(before) or _BY.search(before))
