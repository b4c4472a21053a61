"""A row said to hold a column's highest or lowest figure, the row named by any of its
values, not only its label ("fitzroy have the highest away team score", "the smallest
crowd be with the geelong home team"): the figure compared over every row.

The column is a numeric one whose header the claim says; the row is the one holding the
other values the claim names (one_row.py's reading of the claim's stretches). The row at
the extreme is SUPPORTED with both cells quoted. A row that is not is CONTRADICTED only
when the claim says nothing beyond the row's values, the header and joining words (a
claim that narrows the rows, "in january", may speak of fewer rows than the table's);
otherwise it is left to the other readings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .one_row import said_cells
from .parse import Table
from .pick import Pick, Settled, label_words, settled
from .render import Rendered
from .spoken import Spans, at, header, kept_spans, named_by, said_words, says_more, text_of
from .values import read_value
from .words import GENERIC, NEG, SECOND, THAN

__all__ = ["column_by_noun", "extreme_row", "figure_columns"]

_MAX = frozenset("highest largest biggest greatest most longest tallest heaviest maximum".split())
_MIN = frozenset("lowest smallest least fewest shortest lightest minimum".split())
_AFL = re.compile(r"^\s*\d+\.\d+\s*\((\d+)\)\s*$")  # "12.18 (90)": goals.behinds (points)
# a rank, a pick, a place: its "lowest" is its worst, the largest number
_ORDINAL_HEADS = frozenset(
    "rank position pos place pick seed no number round year week game season overall".split()
)
# the extreme shared or counted: "3 team tie for the most", "both obtain"
_SHARED = re.compile(r"\b(?:tie|ties|tied|both|each|all|only|every|share[sd]?|joint)\b")
_NEAR = 3  # the header said within a few words after the superlative ("highest home team score")
_HOW_MUCH = (["number", "of"], ["amount", "of"])
_NUMERIC_SHARE = 0.8  # of a column's rows holding a figure, for it to be compared


def _figure(text: str, head: str) -> float | None:
    got = _measured(text, head)
    return None if got is None else got[0]


def _measured(text: str, head: str) -> tuple[float, str] | None:
    afl = _AFL.match(text)
    if afl:
        return float(afl.group(1)), ""
    v = read_value(text, head)
    return (v.number.value, v.number.unit) if v.number is not None and not v.times else None


def figure_columns(t: Table) -> dict[int, dict[int, float]]:
    """The columns whose figures can be compared row against row, each with its figure per
    row (_numeric_values): not a rank's, a pick's or a place's ("ranked lower" is the larger
    number), not a column without a header."""
    return {j: values for j, c in enumerate(t.columns)
            if (h := header(c.text)) and not set(h) & _ORDINAL_HEADS
            and (values := _numeric_values(t, j)) is not None}


def _numeric_values(t: Table, j: int) -> dict[int, float] | None:
    """Column ``j``'s figure in each row (a Total or Average row left out), when it is a
    column of figures: most rows hold one, all in one unit ("38 tons" beside "2 kilotons"
    is not). None otherwise."""
    rows = [i for i in range(len(t.rows)) if not set(label_words(t, i)) & {"total", "average"}]
    figures = {i: f for i in rows if (f := _measured(text_of(t, i, j), t.columns[j].text)) is not None}
    if len(rows) < 2 or len(figures) < _NUMERIC_SHARE * len(rows):
        return None
    if len({u for _, u in figures.values()}) > 1:
        return None
    return {i: v for i, (v, _) in figures.items()}


def extreme_row(claim: str, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """The verdict on a row said to hold a column's extreme, or None (see the module's note)."""
    low = claim.lower()
    if NEG.search(low) or THAN.search(low) or SECOND.search(low) or _SHARED.search(low):
        return None
    said_raw = re.findall(r"[a-z0-9]+", low)
    ends = [w for w in said_raw if w in _MAX or w in _MIN]
    if len(ends) != 1:
        return None
    highest = ends[0] in _MAX
    said = said_words(claim)
    pos = next((k for k, w in enumerate(said) if w == said_words(ends[0])[0]), None)
    if pos is None or (pos + 1 < len(said) and said[pos + 1] == "of"):
        return None  # "most of the delays were caused by weather": a share, not the highest row
    for sid, r in tables:
        got = _of_table(said, pos, highest, sid, r)
        if got is not None:
            return got
    return None


def _column(said: list[str], pos: int, t: Table, figured: dict[int, dict[int, float]]
            ) -> tuple[int, tuple[int, int]] | None:
    """The column of ``figured`` the superlative speaks of: its header said within a few
    words after it ("the most point", "the largest total of overall medal"), and where; not
    "population" said of "population density" when another column is the density."""
    best: tuple[int, int, tuple[int, int]] | None = None
    for j in figured:
        h = header(t.columns[j].text)
        others = {w for jj, o in enumerate(t.columns) if jj != j for w in header(o.text)} - set(h) - GENERIC
        for k in range(pos + 1, min(pos + 1 + _NEAR, len(said) - len(h) + 1)):
            if said[k:k + len(h)] == h and (k + len(h) >= len(said) or said[k + len(h)] not in others):
                far = k - pos
                if best is None or far < best[0] or (far == best[0] and len(h) > best[2][1] - best[2][0]):
                    best = (far, j, (k, k + len(h)))
    return (best[1], best[2]) if best is not None else column_by_noun(said, pos, t, figured)


def column_by_noun(said: list[str], pos: int, t: Table, figured: dict[int, dict[int, float]]
                   ) -> tuple[int, tuple[int, int]] | None:
    """The one column of ``figured`` whose header's last word (its noun) is said right after
    the superlative (or comparative) at ``pos``, the header not said whole: "the most
    rebound" of `high rebounds`, "the highest number of rebound". Not in a table of fewer
    than three rows."""
    if len(t.rows) < 3:
        return None
    # right after it, or after "number of" / "amount of"
    near = [pos + 1] + ([pos + 3] if said[pos + 1:pos + 3] in _HOW_MUCH else [])
    found = [(j, (k, k + 1)) for j in figured if len(h := header(t.columns[j].text)) >= 2
             for k in near if k < len(said) and said[k] == h[-1]]
    return found[0] if len({j for j, _ in found}) == 1 else None


_SCORE = re.compile(r"^\s*(?:[wlt]\s+)?(\d+)\s*-\s*(\d+)\b", re.IGNORECASE)
_SCORE_HEADS = frozenset(said_words("score result"))


def _scoring(said: list[str], pos: int, t: Table) -> tuple[int, dict[int, float]] | None:
    """"the highest scoring game": the one score column ("4 - 2", "w 24 - 17") and each
    row's goals (or points) by both sides together."""
    if said[pos + 1:pos + 2] != ["scor"]:
        return None
    found = []
    for j, c in enumerate(t.columns):
        if not set(header(c.text)) & _SCORE_HEADS:
            continue
        got = {i: float(int(m.group(1)) + int(m.group(2))) for i in range(len(t.rows))
               if (m := _SCORE.match(text_of(t, i, j)))}
        if len(got) >= _NUMERIC_SHARE * len(t.rows):
            found.append((j, got))
    return found[0] if len(found) == 1 else None


def _of_table(said: list[str], pos: int, highest: bool, sid: str, r: Rendered) -> Settled | None:
    t = r.table
    figured = figure_columns(t) if len(t.rows) >= 3 else {}
    scoring = _scoring(said, pos, t) if len(t.rows) >= 3 else None
    if scoring is not None:
        figured = {scoring[0]: scoring[1]}
    found = (scoring[0], (pos + 1, pos + 2)) if scoring is not None else _column(said, pos, t, figured)
    if found is None:
        return None
    j, (a, b) = found
    values = figured[j]
    spans = kept_spans(said, t)
    # the values that name the row: not the column's own figures, not its header's words
    naming = {s: rows for s, rows in spans.items() if not (s[0] < b and a < s[1])
              and not any(said_words(text_of(t, i, j)) == said[s[0]:s[1]] for i in rows)}
    if not naming or not set.intersection(*naming.values()):
        return None
    extreme = max(values.values()) if highest else min(values.values())
    if any(_figure(w, t.columns[j].text) != extreme for w in _stated(said, naming, t)):
        return None  # "the lowest amount of point be 57": a figure the claim states, not the lowest
    heads = [header(c.text) for c in t.columns]
    # each row's cells the claim says, where the headers it says give them those roles
    # ("st kilda be the home team": not a row where st kilda is the away team)
    said_of = {i: cols for i in sorted(set.intersection(*naming.values()))
               if (cols := said_cells(said, list(naming), heads, i, r, 1, j))}
    if not said_of:
        return None
    word, head = ("highest" if highest else "lowest"), t.columns[j].text.strip()
    if scoring is not None:  # the two sides' goals together
        word, head = word + "-scoring", "game by " + head
    def _sum(i: int) -> str:
        return f" ({values[i]:g} together)" if scoring is not None and i in values else ""

    at_extreme = [i for i in said_of if values.get(i) == extreme]
    if at_extreme:
        i = at_extreme[0]
        note = (f"the {word} {head} over the table's {len(values)} rows is {text_of(t, i, j)}{_sum(i)} "
                f"({named_by(t, i, said_of[i])})")
        return settled(Pick(sid, r, [i], [j], 0), "SUPPORTED", note, [(i, j), *((i, c) for c in said_of[i])])
    if len(said_of) != 1 or says_more(said, spans, t, _ENDS | {"scor"}):
        return None
    i = next(iter(said_of))
    top = next(k for k in sorted(values) if values[k] == extreme)
    note = (f"the {word} {head} is {text_of(t, top, j)}{_sum(top)} ({named_by(t, top, [])}), not "
            f"{text_of(t, i, j) or 'none'}{_sum(i)} ({named_by(t, i, said_of[i])})")
    return settled(Pick(sid, r, [i, top], [j], 0), "CONTRADICTED", note, [(top, j), (i, j)])


_ENDS = frozenset(w for x in (*_MAX, *_MIN) for w in said_words(x))


def _stated(said: list[str], naming: Spans, t: Table) -> list[str]:
    """The figures the claim states of the extreme: a number that is no naming value, or one
    alone that names its row by no column the claim says ("with east germany ... be 18")."""
    def names(x: int, y: int) -> bool:
        if y - x > 1:
            return True
        return any(said_words(text_of(t, i, jj)) == said[x:y] and at(said, header(t.columns[jj].text))
                   for i in naming[(x, y)] for jj in range(len(t.columns)))

    return [w for k, w in enumerate(said) if w[0].isdigit() and not any(
        x <= k < y and names(x, y) for x, y in naming)]

