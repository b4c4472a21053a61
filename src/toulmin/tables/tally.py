"""Rows counted by a word their cells hold: "Three of the five shipments have been
delivered" (``status: delivered`` in three rows), "Only one of the listings accepts dogs"
(``pets``: "cats only", "none", "cats and dogs", "none"). The column is the one column of
words (not the rows' names, not yes/no, numbers or dates) some of whose cells, and not all,
hold the words the claim says after its count; a cell that denies them ("no dogs") does not
count. Two such columns, or none: not settled here."""

from __future__ import annotations

import re

from ..checks.numbers import Number, find_numbers
from .derived import QTY
from .pick import Pick, Settled, cell_text, cell_value, fits, numbers_of, row_name, settled
from .render import Rendered
from .values import Value, stem, words
from .words import GENERIC, NUMBER_WORDS, ClaimText, agrees, fmt

__all__ = ["COUNT_OF", "beats", "numeric_column", "subtotal", "tally"]

_N = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|none|both|neither|all)"
# "three of the five shipments": (only, the count, the rows' count, the noun)
COUNT_OF = re.compile(
    rf"^\s*(only\s+)?{_N}\s+of\s+(?:the|its|their|these|those)(?:\s+(\d+|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve))?\s+([a-z-]+)"
)
_DENY = frozenset({"no", "not", "none", "without", "never"})
_SMALL = frozenset(
    "have has had been be is are was were can may will do does did the a an and or to of in on at "
    "for by with its their".split()
)


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


def numeric_column(r: Rendered, j: int) -> bool:
    """Every cell of column j (not the rows' names) is a number."""
    t = r.table
    return j != t.label and all((v := cell_value(r, i, j)) is not None and v.number is not None
                                for i in range(len(t.rows)))


def _column_of_words(r: Rendered, j: int) -> bool:
    vals = [cell_value(r, i, j) for i in range(len(r.table.rows))]
    texts = [v for v in vals if v is not None and not v.empty]
    if any(v.number is not None or v.date is not None for v in texts):
        return False
    # "none" among "cats only" and "cats and dogs" reads as a no: a column of words still
    kinds = {v.text.strip().lower() for v in texts if v.truth is None}
    return len(kinds) >= 2 and all(0 < len(words(k)) <= 4 for k in kinds)


def tally(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    m = COUNT_OF.match(c.low)
    t = r.table
    if m is None or len(t.rows) < 2:
        return None
    word = m.group(2)
    if c.negated and word not in ("none", "neither"):
        return None  # "two of the five have not shipped": which of the others it means is not said
    want = _number(word)  # "all of the": a word every row holds may be the column's own, not read here
    of = _number(m.group(3)) if m.group(3) else None
    if want is None or (of is not None and of != len(t.rows)):
        return None  # "three of the six" against five rows: another set of rows
    counted = stem(m.group(4))
    said = {stem(w) for w in words(c.low[m.end() :])} - {counted} - {stem(w) for w in GENERIC | _SMALL}
    found: list[tuple[int, list[int]]] = []
    for j in range(len(t.columns)):
        if j == t.label or not _column_of_words(r, j):
            continue
        cells = []
        for i in range(len(t.rows)):
            v = cell_value(r, i, j)
            cw = words(v.text) if v is not None and not v.empty else []
            cells.append(set() if _DENY & set(cw) else {stem(w) for w in cw})
        key = {w for w in said if any(w in cw for cw in cells)}
        if not key:
            continue
        rows = [i for i, cw in enumerate(cells) if key <= cw]
        if rows and len(rows) < len(t.rows):
            found.append((j, rows))
    if len(found) != 1:
        return None
    j, rows = found[0]
    p = Pick(sid, r, rows, [j], 1)
    ok = len(rows) == want
    listed = ", ".join(f"{row_name(p, i)} ({cell_text(p, i, j)})" for i in rows)
    return settled(
        p,
        "SUPPORTED" if ok else "CONTRADICTED",
        f"{len(rows)} of {len(t.rows)} rows with {t.columns[j].text} holding it: {listed}",
        [(i, j) for i in rows],
    )


_ACROSS = re.compile(r"\b(?:in total|in all|combined|altogether|together|across|between them|all told)\b")
_PIECES = frozenset({"item", "items", "unit", "units", "piece", "pieces", "article", "articles"})


def subtotal(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """A figure added up over the rows a word of the claim picks ("Wheat is grown on 19,300
    hectares across the two regions that plant it": ``area_ha`` of the rows whose ``crop`` is
    wheat), or the pieces of an order ("The order contains six items in total": its
    ``qty`` column added up). The column is the one numeric column in the figure's unit (or
    the quantity column, for items); the rows, those one column of words holds the word in
    (none: all of them, for items only)."""
    t = r.table
    if len(t.rows) < 2 or c.negated or not c.has(_ACROSS):
        return None
    figures = [n for n in find_numbers(c.text) if not n.bound or n.bound in (">", "<", ">=", "<=")]
    said = {stem(w) for w, _ in c.toks} - {stem(w) for w in GENERIC | _SMALL}
    picked: list[tuple[int, list[int]]] = []
    for j in range(len(t.columns)):
        if j == t.label or not _column_of_words(r, j):
            continue
        cells = [{stem(w) for w in words(v.text)} if (v := cell_value(r, i, j)) and not v.empty else set()
                 for i in range(len(t.rows))]
        key = {w for w in said if any(w in cw for cw in cells)}
        rows = [i for i, cw in enumerate(cells) if key and key <= cw]
        if rows and len(rows) < len(t.rows):
            picked.append((j, rows))
    if len(picked) > 1:
        return None
    pieces = [n for n in figures if n.unit in _PIECES or set(n.nouns) & _PIECES]
    if not picked:
        if len(pieces) != 1:
            return None
        qty = [j for j, h in enumerate(t.columns) if set(words(h.text.rsplit(".", 1)[-1].lower())) & QTY]
        if len(qty) != 1:
            return None
        return _added_up(sid, r, list(range(len(t.rows))), qty[0], pieces[0], "")
    by, rows = picked[0]
    fitting = []
    for n in figures:
        if n in pieces or not n.unit:
            continue
        cols = [j for j in range(len(t.columns))
                if j != by and all(_in_unit(n, cell_value(r, i, j)) for i in rows)]
        if len(cols) == 1:
            fitting.append((n, cols[0]))
    if len(fitting) != 1:
        return None
    n, j = fitting[0]
    value = cell_text(Pick(sid, r, [], [], 0), rows[0], by)
    return _added_up(sid, r, rows, j, n, f" of the rows with {t.columns[by].text} {value}")


def _in_unit(n: Number, v: Value | None) -> bool:
    """A cell in the figure's own unit ("19,300 hectares" and ``area_ha``): not a bare number."""
    return v is not None and v.number is not None and bool(v.number.unit) and fits(n, v)


def _added_up(sid: str, r: Rendered, rows: list[int], j: int, n: Number, which: str) -> Settled | None:
    vals = [v.number.value for i in rows if (v := cell_value(r, i, j)) is not None and v.number is not None]
    if len(vals) != len(rows):
        return None
    p = Pick(sid, r, rows, [j], 1)
    total = sum(vals)
    shown = " + ".join(cell_text(p, i, j) for i in rows)
    first = cell_value(r, rows[0], j)
    factor = first.number.factor if first is not None and first.number is not None else 1.0
    shown += f" = {fmt(total / factor)}"
    ok = agrees(n, total)
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", f"{r.table.columns[j].text}{which}: {shown}",
                   [(i, j) for i in rows])


_BEAT = re.compile(
    r"\b(beat|beats|outperformed|outperforms|exceeded|exceeds|topped|tops|trailed|trails|lagged|lags|"
    r"underperformed|underperforms)\s+(?:its|the|their|his|her)?\s*([a-z]+)\s+in\s+(?:only\s+|just\s+)?"
    + _N
    + r"\s+of\s+(?:the|its|their)\s+(?:(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+)?"
    r"([a-z]+)"
)
_BELOW = frozenset({"trailed", "trails", "lagged", "lags", "underperformed", "underperforms"})


def beats(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """ "The fund beat its benchmark in two of the five years": the rows where the subject's
    column (``Fund return``) is above the other's (``Benchmark return``), counted."""
    m = _BEAT.search(c.low)
    t = r.table
    if m is None or c.negated or len(t.rows) < 2:
        return None
    subject = {stem(w) for w in words(c.low[: m.start()])} - {stem(w) for w in GENERIC | _SMALL}
    other = stem(m.group(2))
    heads = {j: {stem(w) for w in words(h.text.replace("_", " ").lower())} for j, h in enumerate(t.columns)}
    theirs = [j for j in heads if other in heads[j] and numeric_column(r, j)]
    ours = [j for j in heads if heads[j] & subject and numeric_column(r, j) and j not in theirs]
    if len(theirs) != 1 or len(ours) != 1:
        return None
    a, b = ours[0], theirs[0]
    want, of = _number(m.group(3)), _number(m.group(4)) if m.group(4) else None
    if want is None or (of is not None and of != len(t.rows)):
        return None
    p = Pick(sid, r, list(range(len(t.rows))), [a, b], 1)
    below = m.group(1) in _BELOW
    hits = []
    for i in range(len(t.rows)):
        got = numbers_of(r, i, a, b)
        if got is not None and ((got[0] < got[1]) if below else (got[0] > got[1])):
            hits.append(i)
    ok = len(hits) == want
    listed = ", ".join(f"{row_name(p, i)} ({cell_text(p, i, a)} vs {cell_text(p, i, b)})" for i in hits)
    note = f"{t.columns[a].text} {'below' if below else 'above'} {t.columns[b].text} in {len(hits)} of "
    note += f"{len(t.rows)} rows: {listed or 'none'}"
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(i, j) for i in hits for j in (a, b)])
