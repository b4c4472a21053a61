"""Two values of one column compared by how many rows hold each ("there be more school in
the wairoa area than in the napier area", "buffalo play chicago 1 more time than they
play new york"), or one value against every other of its column ("more player in the rhp
position than any other position").

The value before "than" and the value after it are whole cells of one column (one_row.py's
reading of the claim's stretches); the rows holding each are counted, narrowed alike by a
word some cells of one column hold ("in june" of "june 3"). A gap the claim states ("1
more time", "4 more game") must be the difference. SUPPORTED when the counts compare as
said, CONTRADICTED when they do not; a value some cells hold among other words ("honda
center" beside "honda center , anaheim"), a figure column the claim names ("more point
than" is compare_rows.py's), a win or a loss (count_results.py's) or any word the table
does not hold leaves the claim to the other readings.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .count_rows import COUNTED_NOUNS
from .extreme_row import figure_columns
from .parse import Table
from .pick import Pick, Settled, settled
from .render import Rendered
from .spoken import (
    at,
    comparative,
    header,
    kept_spans,
    narrowed,
    said_words,
    text_of,
)

__all__ = ["compare_counts"]

_MORE = frozenset({"more", "greater"})
_LESS = frozenset({"less", "fewer"})
# what a count of cells compared cannot say: another operation, a result read from a score,
# clauses that may count other things
_OTHER = re.compile(
    r"\b(?:all|each|every|both|total|average|times|twice|percent|half|and|while|but|win|wins|won|lose|"
    r"loses|lost|beat|defeat\w*|consecutive|straight|highest|lowest|most|least)\b|%"
)
_ANY_OTHER = ["any", "other"]
_THERE = frozenset(said_words("there"))


def compare_counts(claim: str, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """The verdict on two values compared by the rows holding them, or None (see the note)."""
    found = comparative(claim, _OTHER, _MORE, _LESS)
    if found is None:
        return None
    said, pos, than = found
    gap = _gap(said, pos)
    counted = said[pos + 1:pos + 2]
    if said[pos + 1:pos + 3] == ["number", "of"]:
        counted = said[pos + 3:pos + 4]
    if not (set(counted) & COUNTED_NOUNS or (counted == ["than"] and gap and said[gap[1]] == "time")):
        return None  # "more point than": a figure, not rows counted; "1 time more than"
    for sid, r in tables:
        got = _of_table(said, pos, than, gap, sid, r)
        if got is not None:
            return got
    return None


def _gap(said: list[str], pos: int) -> tuple[int, int] | None:
    """Where the claim states the difference: "1 more", "1 time more"."""
    for k in (pos - 1, pos - 2):
        if k >= 0 and said[k].isdigit() and (k == pos - 1 or said[k + 1] == "time"):
            return k, k + 1
    return None


def _of_table(said: list[str], pos: int, than: int, gap: tuple[int, int] | None, sid: str, r: Rendered
              ) -> Settled | None:
    t = r.table
    if any(at(said, header(t.columns[j].text)) for j in figure_columns(t)):
        return None  # "more point than": a column's figures compared (compare_rows.py)
    spans = {s: rows for s, rows in kept_spans(said, t).items() if s != gap}
    left = [s for s in spans if s[1] <= than]
    right = [s for s in spans if s[0] > than]
    after = than + 2 if said[than + 1:than + 2] in (["in"], ["at"], ["on"], ["for"]) else than + 1
    every = said[after:after + 2] == _ANY_OTHER
    if len(left) != 1 or len(right) != (0 if every else 1):
        return None
    a = said[left[0][0]:left[0][1]]
    b = said[right[0][0]:right[0][1]] if right else None
    cols = [j for j in range(len(t.columns)) if _holds(t, j, a) and (b is None or _holds(t, j, b))]
    if every:
        cols = [j for j in cols if at(said[after + 2:], header(t.columns[j].text))]
    if len(cols) != 1:
        return None
    j = cols[0]
    if len({tuple(said_words(text_of(t, i, j))) for i in range(len(t.rows))}) == len(t.rows):
        return None  # every row its own value ("player"): the rows' figures compared, not counted
    skip = {*range(than, after + 2 if every else than + 1), pos, *range(*(gap or (0, 0)))}
    by_words = narrowed(said, {k for a, b in spans for k in range(a, b)} | skip, t, COUNTED_NOUNS | _THERE,
                        everywhere=True)
    rows = by_words[0] if by_words is not None else None
    if rows is None or _partly(t, j, a, rows) or (b is not None and _partly(t, j, b, rows)):
        return None
    counts = Counter(tuple(said_words(text_of(t, i, j))) for i in rows)
    mine = counts[tuple(a)]
    if b is not None:
        theirs, named = counts[tuple(b)], f"{_written(t, j, b)!r} in {counts[tuple(b)]}"
    else:
        top = max(((n, w) for w, n in counts.items() if w != tuple(a)), default=(0, ()))
        theirs, named = top[0], f"any other (most: {_written(t, j, list(top[1]))!r} in {top[0]})"
    more = said[pos] in _MORE
    holds = mine > theirs if more else mine < theirs
    if gap is not None and b is not None:
        holds = holds and abs(mine - theirs) == int(said[gap[0]])
    elif gap is not None:
        return None  # "2 more than any other": against which, is not said
    head = t.columns[j].text.strip()
    note = f"{head}: {_written(t, j, a)!r} in {mine} of the {len(rows)} rows, {named}"
    if gap is not None:
        note += f", a difference of {abs(mine - theirs)}"
    picked = sorted(i for i in rows if said_words(text_of(t, i, j)) in (a, b))
    p = Pick(sid, r, picked, [j], 0)
    return settled(p, "SUPPORTED" if holds else "CONTRADICTED", note, [(i, j) for i in picked])


def _holds(t: Table, j: int, w: list[str]) -> bool:
    return any(said_words(text_of(t, i, j)) == w for i in range(len(t.rows)))


def _partly(t: Table, j: int, w: list[str], rows: set[int]) -> bool:
    """Some cell of the column holds the value among other words: it may count too."""
    return any((cell := said_words(text_of(t, i, j))) != w and at(cell, w) for i in rows)


def _written(t: Table, j: int, w: list[str]) -> str:
    """The value as the column writes it."""
    return next((text_of(t, i, j) for i in range(len(t.rows)) if said_words(text_of(t, i, j)) == w),
                " ".join(w))
