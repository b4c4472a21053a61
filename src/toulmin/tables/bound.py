"""Figures read in the column their own words name: "24 points and 6 wins" of a standings
row is points 24 and wins 6, whichever other column holds a 24 or a 6. A figure's words
are its nouns and the word before it ("lost 7 games": lost); they name a column when they
say every word of its header and no other header says more of them (see ``column_named``)."""

from __future__ import annotations

import re

from ..checks.numbers import Number
from .guards import stray_value
from .lookup_cell import lookup_cell
from .parse import Table
from .pick import Pick, Settled, cell_note, settled, unknown_name
from .values import header_words, human, stem, words
from .words import AVERAGE, CHANGE, EVERY, MAX, MIN, THAN, TOTAL, ClaimText

__all__ = ["bound_figures", "column_named", "misbound"]

_ORDINAL = re.compile(
    r"\b\d+(?:st|nd|rd|th)\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b"
)
_TOTAL_OF = re.compile(r"\b(?:a |the )?(?:total|sum|combined|overall)(?: of)?\s+$")


def column_named(c: ClaimText, t: Table, n: Number) -> int | None:
    """The column figure ``n``'s own words name, or None: none, or a tie; a figure inside
    a header the claim quotes ("small (100ha)") or said as a total of rows names none."""
    said = [m.span() for col in t.columns for m in re.finditer(re.escape(col.text.lower()), c.low)]
    if any(a <= n.start + 1 < b for a, b in said) or _TOTAL_OF.search(c.low[: max(0, n.start) + 1]):
        return None
    heads = {j: header_words(col.text) for j, col in enumerate(t.columns) if j != t.label}
    # tried in turn: the word right before it ("round 10 pick": round), its nouns ("6 wins"
    # after "24 points and"), then both ("lost 7 games"). The nouns after it bind it even where
    # a longer header shares the word ("6 wins" beside `draws pk wins / pk losses`); a word
    # before it only where no other header has as much ("strict")
    nouns = {stem(w) for w in n.nouns[:2]}
    ways = [(nouns, False), (nouns | {stem(w) for w in n.prefix[-1:]}, True)]
    if n.prefix and re.search(rf"\b{re.escape(n.prefix[-1])}\s*$", c.low[: max(0, n.start) + 1]):
        ways.insert(0, ({stem(n.prefix[-1])}, True))
    written = {w for x in n.nouns[:2] for w in (x, x + "s", x + "es")}
    for named, strict in ways:
        best = max((len(h & named) for h in heads.values()), default=0)
        # "a value ranking of 23": `value world rank` says as much of it as `value (int 1000)`
        exact = [j for j, h in heads.items() if h and h <= named and len(h & named) == best]
        if strict and sum(len(h & named) == best for h in heads.values()) > 1:
            continue
        if len(exact) > 1:  # "points" and "scored" are one stem: the header that writes the noun
            exact = [j for j in exact if written & set(words(human(t.columns[j].text)))]
        if len(exact) == 1:
            return exact[0]
    return None


def misbound(c: ClaimText, p: Pick, i: int, nums: list[Number], backed: list[int]) -> Settled | None:
    """A figure of a one-row claim that the column its own words name refutes, whatever
    other column holds it ("a total of 5 points from his 25 matches" of `matches: 5`,
    `total: 25`; "lost 7 games" of `lost: 3`): CONTRADICTED by that cell; None otherwise."""
    if len(nums) < 2 or len(p.rows) != 1:
        return None
    t = p.r.table
    for n in nums:
        j = column_named(c, t, n)
        if j is None:
            continue
        got = lookup_cell(c, p, [n], i, j)
        if j in backed and got == "SUPPORTED":
            continue
        cell = t.rows[i][j]
        if cell is not None and n.text.split()[0].strip("$€£¥") in cell.text:
            continue  # the figure as the cell writes it, whatever scale its header gives
        if got == "CONTRADICTED":
            return settled(p, "CONTRADICTED", cell_note(p.r, i, j), [(i, j)])
    return None


def bound_figures(c: ClaimText, p: Pick, nums: list[Number]) -> Settled | None:
    """A one-row claim of figures each in the column its words name ("team guaraní have 24
    point and 6 win"), saying nothing else the cells would have to compute (no change,
    comparison, peak, total, average or trend): SUPPORTED when every cell agrees,
    CONTRADICTED by the first that does not. None when a figure names no column."""
    if len(p.rows) != 1 or not nums or c.negated or c.has(_ORDINAL):
        return None  # ("in 2nd rank with a time of 57.05": a rank no figure of it says)
    if any(c.has(x) for x in (CHANGE, THAN, MAX, MIN, TOTAL, AVERAGE, EVERY)):
        return None
    i = p.rows[0]
    t = p.r.table
    cols = [column_named(c, t, n) for n in nums]
    if any(j is None for j in cols) or len(set(cols)) != len(cols):
        return None
    read = [j for j in cols if j is not None]
    if stray_value(c, p, i, read) or unknown_name(c, p.r):
        return None  # "... be wardell rouse from kentucky": a college the figures do not read
    got = []
    for n, j in zip(nums, read, strict=True):
        cell = t.rows[i][j]
        as_written = cell is not None and n.text.split()[0].strip("$€£¥") == cell.text.strip()
        got.append((j, "SUPPORTED" if as_written else lookup_cell(c, p, [n], i, j)))
    wrong = [j for j, out in got if out == "CONTRADICTED"]
    if wrong:
        return settled(p, "CONTRADICTED", cell_note(p.r, i, wrong[0]), [(i, wrong[0])])
    if all(out == "SUPPORTED" for _, out in got):
        note = "; ".join(cell_note(p.r, i, j) for j, _ in got)
        return settled(p, "SUPPORTED", note, [(i, j) for j, _ in got])
    return None
