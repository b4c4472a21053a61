"""'X is the only ...': the rows the claim names by any of their words (a name, or a value
such as a crop, "Maize was the only irrigated crop") are exactly the rows that meet the
condition, a yes/no column the claim names after "only"; any other row that meets it, or
a named row that does not, contradicts it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .pick import Pick, Settled, cell_value, row_name, settled
from .render import Rendered
from .values import header_words, read_value, stem, words
from .words import GENERIC, ClaimText

__all__ = ["only"]

_ONLY = re.compile(r"\b(?:is|was|are|were|be|remains?|remained)\s+the\s+only\b")


def _named_rows(r: Rendered, subject: set[str]) -> list[int]:
    """Rows a text cell of which the subject says whole (its words, none of them small)."""
    t = r.table
    out = []
    for i, row in enumerate(t.rows):
        for cell in row:
            if cell is None or read_value(cell.text).number is not None:
                continue
            cw = [w for w in words(cell.text) if w not in GENERIC]
            if cw and len("".join(cw)) > 2 and all(w in subject for w in cw):
                out.append(i)
                break
    return out


def only(c: ClaimText, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    m = _ONLY.search(c.low)
    if m is None:
        return None
    subject = set(words(c.low[: m.start()]))
    rest = {stem(w) for w in words(c.low[m.end() :])}
    for sid, r in tables:
        t = r.table
        if len(t.rows) < 2:
            continue
        named = _named_rows(r, subject)
        if not named:
            continue
        for j, head in enumerate(t.columns):
            vals = [cell_value(r, i, j) for i in range(len(t.rows))]
            if not all(v is not None and v.truth is not None for v in vals):
                continue
            hw = header_words(head.text)
            if not hw or not hw <= rest:
                continue
            want = not c.negated
            hits = [i for i, v in enumerate(vals) if v is not None and v.truth is want]
            p = Pick(sid, r, named, [j], len(hw))
            listed = ", ".join(row_name(p, i) for i in hits) or "none"
            ok = set(hits) == set(named)
            return settled(p, "SUPPORTED" if ok else "CONTRADICTED",
                           f"rows with {head.text} {'yes' if want else 'no'}: {listed}",
                           [(i, j) for i in sorted(set(hits) | set(named))])
    return None
