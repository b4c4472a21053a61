"""Games a season's table counts by their result ("the anaheim duck win 7 game in december",
"the pittsburgh steelers only lose 1 time in their division", "the timberwolves play 14
game in november"): the rows whose result column reads a win (or a loss) and whose cells
hold the claim's other words, counted.

The table must be the subject's own record (its caption or headers name it: a game log),
a win is a result cell read "w ..." / "win" / "won", a loss "l ..." / "loss" / "lost";
every other word of the claim is a cell's value, a header's or caption's, a joining word,
or a word some cells of one column hold ("in december" in "december 3"), which narrows the
rows. SUPPORTED when the count is the claim's, CONTRADICTED when it is not; a word the
table does not hold leaves the claim to the other readings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .parse import Table
from .pick import Pick, Settled, settled
from .render import Rendered
from .spoken import JOINING, kept_spans, narrowed, said_words, table_words, text_of
from .words import COUNT_WORDS, GENERIC, NEG, THAN, TOTAL, count_said

__all__ = ["count_results"]

_SAID = re.compile(
    r"^(?P<subject>.*?)\b(?P<verb>win|won|wins|lose|lost|loses|play|played|plays)\s+"
    r"(?:only\s+|a total of\s+|exactly\s+)?(?P<n>\d+|" + "|".join(COUNT_WORDS) + r")\s+"
    r"(?:game|games|match|matches|time|times)\b(?P<rest>.*)$"
)
_BEYOND = re.compile(
    r"\b(?:more|less|fewer|most|least|over|under|above|below|at least|at most|average|highest|lowest|"
    r"each|every|all|both|either|neither|same|before|after|between|consecutive|straight|in a row|"
    r"first|last|and|or|while|but|per)\b"
)
_RESULT = re.compile(r"^\s*(?:w|l|t|d|win|won|loss|lost|draw|tie)\b", re.IGNORECASE)
_WIN = re.compile(r"^\s*(?:w|win|won)\b", re.IGNORECASE)
_LOSS = re.compile(r"^\s*(?:l|loss|lost)\b", re.IGNORECASE)
_RESULT_SHARE = 0.7  # of a column's cells read as a result, for it to be the result column


def count_results(claim: str, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """The verdict on a count of a table's games by result, or None (see the module's note)."""
    low = claim.lower()
    m = _SAID.match(low)
    if m is None or NEG.search(low) or THAN.search(low) or TOTAL.search(low) or _BEYOND.search(low):
        return None
    n = count_said(m["n"])
    verb = m["verb"]
    kind = _WIN if verb.startswith(("win", "won")) else _LOSS if verb.startswith(("los", "lost")) else None
    # "the colt be only lose 1 time , in week 11": the one loss of the season, and where it was;
    # not one loss among the week-11 games
    whole = "only" in said_words(m["subject"]) or m["rest"].lstrip().startswith(",")
    for sid, r in tables:
        got = _of_table(n, kind, said_words(m["subject"]), said_words(m["rest"]), sid, r, whole)
        if got is not None:
            return got
    return None


def _result_column(t: Table) -> int | None:
    """The column of a game log whose cells read as wins and losses ("w 24 - 17", "loss")."""
    for j in range(len(t.columns)):
        cells = [text_of(t, i, j) for i in range(len(t.rows))]
        cells = [c for c in cells if c]
        if len(cells) >= 2 and sum(bool(_RESULT.match(c)) for c in cells) >= _RESULT_SHARE * len(cells):
            return j
    return None


def _of_table(n: int, kind: re.Pattern[str] | None, subject: list[str], rest: list[str], sid: str,
              r: Rendered, whole: bool) -> Settled | None:
    """The count over this table: its result column's wins or losses (every game for "play"),
    narrowed by the values and words of ``rest``; ``whole``: ``rest`` describes every one."""
    t = r.table
    j = _result_column(t)
    if j is None:
        return None
    named = table_words(t)
    if any(w not in named and w not in GENERIC and w not in JOINING and w != "only" for w in subject):
        return None  # the subject is not the table's own: "buffalo win" in a table of many teams
    every = set(range(len(t.rows)))
    rows = every if kind is None else {i for i in every if kind.match(text_of(t, i, j))}
    season = set(rows)
    spans = kept_spans(rest, t)
    for held in spans.values():
        rows &= held
    covered = {k for a, b in spans for k in range(a, b)}
    by_words = narrowed(rest, covered, t, frozenset({"month"}))
    if by_words is None:
        return None  # a word no column (or more than one) holds: not the table's to count
    rows &= by_words[0]
    picked = [j, *by_words[1]]
    chosen = sorted(rows)
    what = {None: "played", _WIN: "won", _LOSS: "lost"}[kind]
    note = f"{len(chosen)} of the table's {len(t.rows)} games {what} (column {t.columns[j].text.strip()})"
    p = Pick(sid, r, chosen, sorted(set(picked)), 0)
    quoted = [(i, j) for i in chosen]
    if whole and len(chosen) < len(season):  # the rest of the claim describes them all: not so
        return settled(p, "CONTRADICTED", f"{note}, of {len(season)} {what} in all", quoted)
    if len(chosen) == n:
        return settled(p, "SUPPORTED", note, quoted)
    return settled(p, "CONTRADICTED", f"{note}, not {n}", quoted)
