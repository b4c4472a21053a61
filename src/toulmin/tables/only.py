"""'X is the only ...': the rows the claim names by any of their words (a name, or a value
such as a crop, "Maize was the only irrigated crop") are exactly the rows that meet the
condition, a yes/no column the claim names after "only"; any other row that meets it, or
a named row that does not, contradicts it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .parse import Cell
from .pick import Pick, Settled, acronyms, cell_text, cell_value, is_summary, numbers_of, row_name, settled
from .render import Rendered
from .series import period_groups
from .values import header_words, read_value, stem, words
from .words import GENERIC, ClaimText

__all__ = ["only", "only_changed"]

_ONLY_HEAD = re.compile(
    r"^\s*only\s+(?!(?:one|two|three|four|five|\d+)\b)(?:the\s+)?(.+?)\s+"
    r"(?:can|could|is|are|was|were|has|have|had|offers?|allows?|includes?|comes?|accepts?|supports?|gets?|"
    r"qualif\w+)\b"
)
_SOFT = frozenset(stem(w) for w in "eligible available allowed included offered supported accepted".split())
_PERIODISH = frozenset({"fy", "cy", "q1", "q2", "q3", "q4"})
_ONLY = re.compile(r"\b(?:is|was|are|were|be|remains?|remained)\s+the\s+only\b")


def _named_rows(r: Rendered, subject: set[str]) -> list[int]:
    """Rows a text cell of which the subject says whole (its words, none of them small): by
    the rows' names when the subject says one ("4.0.0" is a version, and the minimum SDK of
    a later release), else by any text cell."""
    t = r.table

    def says(cell: Cell | None) -> bool:
        if cell is None or read_value(cell.text).number is not None:
            return False
        cw = [w for w in words(cell.text) if w not in GENERIC]
        return bool(cw) and len("".join(cw)) > 2 and all(w in subject for w in cw)

    by_name = [i for i, row in enumerate(t.rows) if 0 <= t.label < len(row) and says(row[t.label])]
    return by_name or [i for i, row in enumerate(t.rows) if any(says(cell) for cell in row)]


def only(c: ClaimText, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    m = _ONLY.search(c.low)
    lead = None if m is not None else _ONLY_HEAD.match(c.low)
    if m is not None:
        subject, after = set(words(c.low[: m.start()])), c.low[m.end() :]
    elif lead is not None:  # "Only the Bronze HDHP can be paired with a health savings account"
        subject, after = set(words(lead.group(1))), c.low[lead.end() :]
    else:
        return None
    # its words, and the initials they spell ("health savings account": `HSA eligible`)
    rest = {stem(w) for w in words(after)} | set(acronyms(after))
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
            hw = header_words(head.text) - _SOFT  # "eligible" is said by "can be paired with"
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


_CHANGED = re.compile(
    r"\bthe only\b(?:\s+[\w&-]+){0,3}?\s+(?:to\s+|facing\s+|that\s+|which\s+|with\s+|where\s+)?(?:an?\s+)?"
    r"(?:\w+\s+)?(lose|loses|lost|shrink|shrank|fall|fell|decline|declined|drop|dropped|cut|cuts|decrease|"
    r"decreased|grow|grew|gain|gained|rise|rose|increase|increased)\b"
)
_DOWN_WORDS = frozenset(
    "lose loses lost shrink shrank fall fell decline declined drop dropped cut cuts decrease "
    "decreased".split()
)


def only_changed(c: ClaimText, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """ "Kraków was the only office to lose people", "Parks & Recreation is the only
    department facing a cut in the FY2025 proposal": the rows the claim names are exactly
    the rows whose figure fell (rose) from one period's column to the next: the period the
    claim names and the one before it, else the last two."""
    m = _CHANGED.search(c.low)
    if m is None or c.negated:
        return None
    subject = set(words(c.low[: m.start()]))
    down = m.group(1) in _DOWN_WORDS
    for sid, r in tables:
        t = r.table
        named = _named_rows(r, subject)
        groups = period_groups(t)
        if len(t.rows) < 3 or not named or not groups:
            continue
        said = [g for g in groups
                if any(header_words(t.columns[j].text) & c.stems - _PERIODISH for j, _ in g)]
        if len(groups) > 1 and len(said) != 1:
            continue
        group = said[0] if len(groups) > 1 else groups[0]
        at = [k for k, (_, period) in enumerate(group) if set(words(period)) & set(w for w, _ in c.toks)
              and not set(words(period)) <= {"fy"}]
        k = at[-1] if at and at[-1] > 0 else len(group) - 1
        (a, pa), (b, pb) = group[k - 1], group[k]
        p = Pick(sid, r, named, [a, b], 1)
        changes = []
        for i in range(len(t.rows)):
            if is_summary(p, i):
                continue
            got = numbers_of(r, i, a, b)
            if got is not None:
                changes.append((i, got[1] - got[0]))
        if not set(named) <= {i for i, _ in changes}:
            continue
        hits = [i for i, d in changes if (d < 0 if down else d > 0)]
        ok = set(hits) == set(named)
        listed = ", ".join(
            f"{row_name(p, i)} {cell_text(p, i, a)} → {cell_text(p, i, b)}" for i, _ in changes
        )
        note = f"{pa} to {pb}: {listed}; {'fell' if down else 'rose'}: "
        note += ", ".join(row_name(p, i) for i in hits) or "none"
        return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note,
                       [(i, j) for i in sorted(set(hits) | set(named)) for j in (a, b)])
    return None
