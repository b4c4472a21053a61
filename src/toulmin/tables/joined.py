"""A record read through a table it points to: "Rafael's health plan is HSA-eligible" when
Rafael's enrollment record says ``"plan": "Silver PPO"`` and a table of plans has the row
Silver PPO with its column `HSA Eligible`. The claim is settled as said of that row (the
record's name in it read as the row's), and the note says which field led there."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .pick import Settled, label_text, label_words, pick, row_name
from .render import Rendered
from .words import ClaimText

__all__ = ["through_record"]

Settle = Callable[[str, Sequence[tuple[str, Rendered]]], "Settled | None"]


def _name_span(c: ClaimText, names: set[str]) -> tuple[int, int] | None:
    """Where the claim says the record's name: its run of name words, with a possessive."""
    run = [(w, at) for w, at in c.toks]
    hits = [k for k, (w, _) in enumerate(run) if re.sub(r"['’]s?$", "", w) in names]
    if not hits or hits != list(range(hits[0], hits[-1] + 1)):
        return None  # the name said twice, or apart: which words to read as the row is unclear
    start = run[hits[0]][1]
    last, at = run[hits[-1]]
    return start, at + len(last)


def through_record(claim: str, tables: Sequence[tuple[str, Rendered]], settle: Settle) -> Settled | None:
    """The claim names a record (a one-row table) and none of another table's rows; one field
    of the record holds, whole, the name of exactly one row of that other table, and the
    claim says a column of it: the claim as said of that row."""
    c = ClaimText.of(claim)
    for sid, r in tables:
        t = r.table
        if len(t.rows) != 1:
            continue
        rec = pick(c, sid, r)
        if rec is None or rec.rows != [0]:
            continue
        names = set(label_words(t, 0))
        span = _name_span(c, names)
        if span is None:
            continue
        for osid, other in tables:
            ot = other.table
            if other is r or len(ot.rows) < 2:
                continue
            op = pick(c, osid, other)
            if op is None or not op.cols or op.col_score <= 0:
                continue
            labels = {label_text(op, k).strip().lower(): k for k in range(len(ot.rows))}
            hits = [(j, labels[x.text.strip().lower()]) for j, x in enumerate(t.rows[0])
                    if x is not None and x.text.strip().lower() in labels and j != t.label]
            if len(hits) != 1:
                continue
            j, k = hits[0]
            label = row_name(op, k)
            if label.lower() in c.low:
                continue  # the claim names the row itself: read as it is
            said = claim[: span[0]] + label + claim[span[1] :]
            got = settle(said, [(osid, other)])
            if got is None:
                continue
            field = f"{row_name(rec, 0)}'s {t.columns[j].text}: {label}"
            quote = (sid, *r.quote_span(0, j))
            return Settled(got.verdict, f"{field}; {got.note}", got.source_id, (*got.quotes, quote),
                           got.missing_row)
    return None
