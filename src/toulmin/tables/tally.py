"""Rows counted by a word their cells hold: "Three of the five shipments have been
delivered" (``status: delivered`` in three rows), "Only one of the listings accepts dogs"
(``pets``: "cats only", "none", "cats and dogs", "none"). The column is the one column of
words (not the rows' names, not yes/no, numbers or dates) some of whose cells, and not all,
hold the words the claim says after its count; a cell that denies them ("no dogs") does not
count. Two such columns, or none: not settled here."""

from __future__ import annotations

import re

from .pick import Pick, Settled, cell_text, cell_value, row_name, settled
from .render import Rendered
from .values import stem, words
from .words import GENERIC, NUMBER_WORDS, ClaimText

__all__ = ["tally"]

_N = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|none|both|neither|all)"
_HEAD = re.compile(
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


def _column_of_words(r: Rendered, j: int) -> bool:
    vals = [cell_value(r, i, j) for i in range(len(r.table.rows))]
    texts = [v for v in vals if v is not None and not v.empty]
    if any(v.number is not None or v.date is not None for v in texts):
        return False
    # "none" among "cats only" and "cats and dogs" reads as a no: a column of words still
    kinds = {v.text.strip().lower() for v in texts if v.truth is None}
    return len(kinds) >= 2 and all(0 < len(words(k)) <= 4 for k in kinds)


def tally(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    m = _HEAD.match(c.low)
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
