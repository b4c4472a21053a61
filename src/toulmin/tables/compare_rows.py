"""Two rows compared on a column, each named by any of its values ("the game at glenferrie
oval have a crowd that be 4247 smaller than the game at mcg", "germany have more gold
than belgium"), or a row against a figure ("the wolves have an enrollment smaller than
501").

The column is a numeric one whose header the claim says beside its comparative; the row
before "than" is the one holding the values said before it, the row after it the one
holding the values said after it (one_row.py's reading of the claim's stretches). A gap
the claim states ("4247 smaller", "18 more") must be the difference. SUPPORTED when the
figures compare as said; CONTRADICTED when they do not and the claim says nothing beyond
the values, the headers and joining words; otherwise left to the other readings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .extreme_row import column_by_noun, figure_columns
from .one_row import said_cells
from .parse import Table
from .pick import Pick, Settled, settled
from .render import Rendered
from .spoken import Spans, at, comparative, header, kept_spans, named_by, said_words, says_more, text_of

__all__ = ["compare_rows"]

_MORE = frozenset("more higher greater larger bigger longer taller heavier".split())
_LESS = frozenset("less lower fewer smaller shorter lighter".split())
_NEAR = 4  # the header said within a few words of the comparative
_OTHER = re.compile(
    r"\b(?:any|every|all|each|other|others|combined|total|average|times|twice|percent|and|while|but)\b|%"
)


def compare_rows(claim: str, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """The verdict on two rows (or a row and a figure) compared on a column, or None."""
    found = comparative(claim, _OTHER, _MORE, _LESS)
    if found is None or found[2] - found[1] > _NEAR:
        return None
    said, pos, than = found
    more = said[pos] in _MORE
    for sid, r in tables:
        got = _of_table(said, pos, than, more, sid, r)
        if got is not None:
            return got
    return None


def _column(said: list[str], pos: int, t: Table, figured: dict[int, dict[int, float]]
            ) -> tuple[int, tuple[int, int]] | None:
    """The column of ``figured`` said within a few words of the comparative ("more point
    than", "a crowd that be 4247 smaller than"), nearest first."""
    best: tuple[int, int, tuple[int, int]] | None = None
    for j in figured:
        h = header(t.columns[j].text)
        for k in at(said, h):
            far = abs(k - pos)
            if far <= _NEAR + len(h) and (best is None or far < best[0]):
                best = (far, j, (k, k + len(h)))
    # "more rebound than" of `high rebounds`: the header's noun right after the comparative
    return (best[1], best[2]) if best is not None else column_by_noun(said, pos, t, figured)


def _of_table(said: list[str], pos: int, than: int, more: bool, sid: str, r: Rendered) -> Settled | None:
    t = r.table
    figured = figure_columns(t)
    found = _column(said, pos, t, figured)
    if found is None:
        return None
    j, (a, b) = found
    values = figured[j]
    spans = kept_spans(said, t)
    # not the header's words, nor the gap said right before the comparative ("10 more lap"),
    # whatever cell holds that number too
    naming = {s: rows for s, rows in spans.items()
              if not (s[0] < b and a < s[1]) and not (s == (pos - 1, pos) and _is_number(said[pos - 1]))}
    left = {s: rows for s, rows in naming.items() if s[1] <= than}
    right = {s: rows for s, rows in naming.items() if s[0] > than}
    heads = [header(c.text) for c in t.columns]
    first = _one_row(said[:than], left, heads, r, j)
    if first is None:
        return None
    # the figures the claim states outside the values it names: a gap, or the other side
    figures = [(k, w) for k, w in enumerate(said)
               if w[0].isdigit() and not any(x <= k < y for x, y in naming) and not a <= k < b]
    gap = [float(w) for k, w in figures if k < than and _is_number(w)]
    after = [float(w) for k, w in figures if k > than and _is_number(w)]
    if len(gap) > 1 or len(after) > 1 or len(figures) != len(gap) + len(after):
        return None
    mine = values.get(first[0])
    if mine is None:
        return None
    if after and not right:  # "an enrollment smaller than 501"
        if not _figure_alone(said, than, heads[j]):
            return None  # "a larger battery than the Lumen 13": a name the table lacks, not a figure
        other, theirs, cells = after[0], f"{after[0]:g}", [(first[0], j)]
        rows = [first[0]]
    else:
        second = _one_row(said[than + 1:], {(x - than - 1, y - than - 1): v for (x, y), v in right.items()},
                          heads, r, j)
        if second is None or second[0] == first[0] or after or values.get(second[0]) is None:
            return None
        other, theirs = values[second[0]], f"{text_of(t, second[0], j)} ({named_by(t, *second)})"
        cells, rows = [(first[0], j), (second[0], j)], [first[0], second[0]]
    holds = mine > other if more else mine < other
    if gap:
        holds = holds and abs(abs(mine - other) - gap[0]) < 1e-9
    head = t.columns[j].text.strip()
    sign = ">" if mine > other else "<" if mine < other else "="
    note = f"{head}: {text_of(t, first[0], j)} ({named_by(t, *first)}) {sign} {theirs}"
    if gap:
        note += f", a difference of {abs(mine - other):g}"
    p = Pick(sid, r, rows, [j], 0)
    if holds:
        return settled(p, "SUPPORTED", note, cells)
    if says_more(said, spans, t, frozenset({*_MORE, *_LESS, "than", *(w for _, w in figures)})):
        return None
    return settled(p, "CONTRADICTED", note, cells)


def _figure_alone(said: list[str], than: int, head: list[str]) -> bool:
    """What follows "than" is the figure, at most with the column's words after it ("than
    501", "than 20000 people"), not a name with a number in it ("than the Lumen 13")."""
    rest = said[than + 1:]
    return bool(rest) and _is_number(rest[0]) and all(w in head or w in _UNIT_WORDS for w in rest[1:])


_UNIT_WORDS = frozenset(said_words("people person fan spectator point goal vote student unit"))


def _is_number(w: str) -> bool:
    return bool(re.fullmatch(r"\d+(?:\.\d+)?", w))


def _one_row(said: list[str], spans: Spans, heads: list[list[str]], r: Rendered, j: int
             ) -> tuple[int, list[int]] | None:
    """The one row holding every value of ``spans`` in the roles the claim's headers give
    them (the compared column ``j`` aside), and those values' columns."""
    if not spans:
        return None
    rows = set.intersection(*spans.values())
    found = [(i, cols) for i in sorted(rows) if (cols := said_cells(said, list(spans), heads, i, r, 1, j))]
    return found[0] if len(found) == 1 else None
