"""Whether a claim speaks of anything a table holds: a column by its header's words, or a
value of one of its text cells ("Bordeaux", "closed"). A claim that speaks of neither
("Fjellnes-1 is cooled with seawater" against a table of sites' power figures) states
something the table has no column for: the table leaves it unsupported, it does not
refute it, whatever the checker makes of the row's sentence."""

from __future__ import annotations

from .pick import label_words, pick
from .render import Rendered
from .values import read_value, stem, words
from .words import GENERIC, ClaimText

__all__ = ["names_no_field"]

_SMALL = frozenset("the a an of in on at for to by and or is be was with from".split())


def names_no_field(claim: str, sid: str, r: Rendered) -> bool:
    """True when ``claim`` names none of the table's columns (the table rules' reading of
    its words: a column of another kind, "net profit" for "Net sales", is none of them)
    and states none of its text cells' values."""
    c = ClaimText.of(claim)
    p = pick(c, sid, r)
    if p is not None and (p.cols or p.tied_cols):
        return False
    t = r.table
    said = c.stems
    named = {stem(w) for i in range(len(t.rows)) for w in label_words(t, i)}
    for row in t.rows:
        for j, cell in enumerate(row):
            if cell is None or j == t.label or read_value(cell.text, t.columns[j].text).number is not None:
                continue
            ws = {stem(w) for w in words(cell.text) if w not in _SMALL | GENERIC and not w.isdigit()} - named
            if ws and ws <= said:
                return False  # the claim states this cell's value, rightly or not
    return True
