"""A count of rows said with the values that pick them ("there be 3 game play at the
servus centre", "2 of the race be win by audi"): the rows holding every one of the
claim's values, counted.

The values are stretches of the claim that are cells as written (one_row.py's reading);
a row counts when it holds all of them. SUPPORTED when the count is the claim's; a count
that differs is CONTRADICTED only when the claim says nothing beyond the values, the
headers and joining words (a word of its own may narrow the rows: "that finish the race");
otherwise it is left to the other readings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .parse import Table
from .pick import Pick, Settled, settled
from .render import Rendered
from .spoken import header, kept_spans, narrowed, said_words, says_more, text_of
from .words import COUNT_WORDS, NEG, THAN, TOTAL, count_said

__all__ = ["COUNTED_NOUNS", "as_written", "column_said", "count_rows"]

_N = r"(\d+|" + "|".join(COUNT_WORDS) + r")"
_COUNT = re.compile(
    r"^\s*(?:there (?:be|are|were|is|was) )?(?:only |exactly )?" + _N + r" "
    r"(?:of (?:the |its |their )?(?:" + _N + r" )?)?(?:different |separate |total )?([a-z]+)"
)
# what a count of rows holding values cannot say: comparisons, bounds, other operations
_BEYOND = re.compile(
    r"\b(?:more|less|fewer|most|least|over|under|above|below|at least|at most|than|average|highest|lowest|"
    r"each|every|all|both|either|neither|same|different from|before|after|between|consecutive|straight|"
    r"in a row|per|times|twice|half)\b"
)
_JOINED = re.compile(r"\b(?:and|while|but|whereas)\b|[:;]")
COUNTED_NOUNS = frozenset(said_words("game match player team time people person country race driver episode "
                                      "year season week month day club school song film title candidate "
                                      "district member winner nation event round result record opponent "
                                      "tournament competition venue location city"))


def count_rows(claim: str, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """The verdict on a count of rows holding the claim's values, or None (see the note)."""
    low = claim.lower()
    return _at_start(low, tables) or _amid(low, tables)


def _at_start(low: str, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    m = _COUNT.match(low)
    if m is None or NEG.search(low) or THAN.search(low) or TOTAL.search(low) or _BEYOND.search(low[m.end():]):
        return None
    if m.group(3) in ("be", "is", "was", "are") or _JOINED.search(low):
        return None  # "602 be the roll": a figure, not a count; "5 ... and 7 be at ...": two counts
    n, of = count_said(m.group(1)), count_said(m.group(2)) if m.group(2) else None
    said = said_words(low[m.start(3):])
    noun = said_words(m.group(3))
    for sid, r in tables:
        if of is not None and of != len(r.table.rows):
            continue  # "two of the six orders" against four rows: another set of rows
        if any(header(c.text) == noun and _numeric(r, j) for j, c in enumerate(r.table.columns)):
            continue  # "there be 5 loss for the team tembetary": the losses column's figure, not a count
        got = _of_table(n, said, sid, r)
        if got is not None:
            return got
    return None


_AMID = re.compile(r"\b" + _N + r" (?:different |separate )?([a-z]+)\b")


def _amid(low: str, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """A count said after the values that pick the rows ("clyde be the opponent for 4
    game", "dean holland direct 3 episode in season 3"): SUPPORTED when as many rows hold
    them and every other word is a header's, a joining word, or a word some cells of one
    column hold ("in april" of "april 12 , 2009"), which narrows the rows."""
    if NEG.search(low) or THAN.search(low) or TOTAL.search(low) or _BEYOND.search(low) or _JOINED.search(low):
        return None
    found = [m for m in _AMID.finditer(low) if said_words(m.group(2))[0] in COUNTED_NOUNS]
    if len(found) != 1:
        return None
    m = found[0]
    if low[m.end():].lstrip().startswith(","):
        return None  # "the opponent 1 time , on october 23": the clause after says where, of them all
    n = count_said(m.group(1))
    said = said_words(low[:m.start()] + " " + low[m.end():])
    before = said_words(low[:m.start()])[-1:]
    for sid, r in tables:
        t = r.table
        spans = kept_spans(said, t)
        if not spans or (before and any(header(c.text)[-1:] == before for c in t.columns)):
            continue  # "round 1 result", "team 1": the header's number, not a count
        by_words = narrowed(said, {k for a, b in spans for k in range(a, b)}, t, COUNTED_NOUNS)
        if by_words is None:
            continue
        rows = set.intersection(*spans.values()) & by_words[0]
        if len(rows) == n:
            quoted = [(i, j) for i in sorted(rows) for j in range(len(t.columns))
                      if any(said[a:b] == said_words(text_of(t, i, j)) for a, b in spans) or j in by_words[1]]
            p = Pick(sid, r, sorted(rows), sorted({j for _, j in quoted}), 0)
            values = ", ".join(repr(as_written(said[a:b], t)) for a, b in sorted(spans))
            return settled(p, "SUPPORTED", f"{n} of the table's {len(t.rows)} rows hold {values}", quoted)
    return None


def _of_table(n: int, said: list[str], sid: str, r: Rendered) -> Settled | None:
    t = r.table
    spans = kept_spans(said, t)
    if not spans or any(w[0].isdigit() and not any(a <= k < b for a, b in spans) for k, w in enumerate(said)):
        return None  # no value picks rows, or a figure of its own
    heads = [header(c.text) for c in t.columns]
    named = {s: rows for s, rows in spans.items() if said[s[0]:s[1]] not in heads}
    if named:  # "two of the listed changes are breaking": "changes" is the column's name, not a value
        spans = named
    for (a, b), held in spans.items():
        j = column_said(said, a, b, heads)
        in_column = set() if j is None else {
            i for i in range(len(t.rows)) if said_words(text_of(t, i, j)) == said[a:b]}
        # "with 23 lap": rows whose laps are 23, not whose grid is; "breaking changes" of a
        # Change column that never holds "breaking": the value is another column's
        if in_column:
            held &= in_column
    rows = sorted(set.intersection(*spans.values()))
    quoted = [(i, j) for i in rows for j in range(len(t.columns))
              if any(said[a:b] == said_words(text_of(t, i, j)) for a, b in spans)]
    values = ", ".join(repr(as_written(said[a:b], t)) for a, b in sorted(spans))
    p = Pick(sid, r, rows, sorted({j for _, j in quoted}), 0)
    if len(rows) == n:
        return settled(p, "SUPPORTED", f"{n} of the table's {len(t.rows)} rows hold {values}", quoted)
    if says_more(said, spans, t, COUNTED_NOUNS) or any(
        said_words(text_of(t, i, j)) == [str(n)] for i in rows for j in range(len(t.columns))
    ):
        return None  # a word of its own may narrow the rows; "8 people be injure": the row's figure
    note = f"{len(rows)} of the table's {len(t.rows)} rows hold {values}, not {n}"
    return settled(p, "CONTRADICTED", note, quoted)


def column_said(said: list[str], a: int, b: int, heads: list[list[str]]) -> int | None:
    """The column whose header the claim says right beside the value at ``said[a:b]``: after
    it ("23 lap"), else before it ("grid 23", "a position of forward"), if one."""
    def after(h: list[str]) -> bool:
        return said[b:b + len(h)] == h

    def before(h: list[str]) -> bool:
        return a >= len(h) and said[a - len(h):a] == h

    def bound(h: list[str]) -> bool:
        n = len(h)
        return a > n and said[a - 1] in ("of", "be", "as") and said[a - n - 1:a - 1] == h

    for test in (after, before, bound):
        j = next((j for j, h in enumerate(heads) if h and test(h)), None)
        if j is not None:
            return j
    return None


def _numeric(r: Rendered, j: int) -> bool:
    cells = [text_of(r.table, i, j) for i in range(len(r.table.rows))]
    return sum(bool(re.fullmatch(r"[\d.,]+", c)) for c in cells) >= 0.8 * len(cells) > 0


def as_written(w: list[str], t: Table) -> str:
    """The value as a cell writes it (the claim's stretch is read as stems)."""
    return next((text_of(t, i, j) for i in range(len(t.rows)) for j in range(len(t.columns))
                 if said_words(text_of(t, i, j)) == w), " ".join(w))
