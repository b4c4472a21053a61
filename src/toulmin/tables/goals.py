"""A figure against its goal in the same row: "The Year-End Mail campaign exceeded its
$320,000 goal" (``Raised ($)`` 295,800 against ``Goal ($)`` 320,000), "Three of the five
campaigns beat their fundraising goals", "came in under budget". The goal is the one
numeric column the claim's noun names (goal, target, quota, budget, plan, forecast); the
figure set against it is the one other numeric column the claim's words name, else the
one column of the goal's unit whose every row lies within a factor of two of its goal
(what is raised against a goal, not the donors counted or the cost of raising it)."""

from __future__ import annotations

import re

from ..checks.numbers import find_numbers
from .pick import Pick, Settled, cell_text, cell_value, fits, is_summary, pick, row_name, settled
from .render import Rendered
from .tally import COUNT_OF, numeric_column
from .values import header_words, stem
from .words import ClaimText, agrees, count_said

__all__ = ["against_goal"]

_ABOVE = ("beat|beats|exceed|exceeded|exceeds|surpass|surpassed|surpasses|topped|tops|outstripped|overshot|"
          "overshoots")
_REACHED = "meet|met|meets|reach|reached|reaches|hit|hits|achieve|achieved|achieves|make|made|makes"
_BELOW = "miss|missed|misses|fall short of|fell short of|falls short of|undershot|undershoots"
_GOAL = re.compile(
    rf"\b({_ABOVE}|{_REACHED}|{_BELOW}|came in (?:under|below|over|above)|(?:was|were|is|are|ran|came) "
    r"(?:under|below|over|above))\s+(?:its|their|the|his|her|our)?\s*((?:[\w$€£.,-]+\s+){0,3}?)"
    r"(goals?|targets?|quotas?|budgets?|plans?|forecasts?)\b"
)
def _against(r: Rendered, goal: int, said: set[str]) -> int:
    """The column set against ``goal``: the one the claim's words name, else the one of the
    goal's unit within a factor of two of it on every row; -1 when not one."""
    t = r.table
    others = [j for j in range(len(t.columns)) if j != goal and numeric_column(r, j)]
    named = [j for j in others if header_words(t.columns[j].text) & said]
    if len(named) == 1:
        return named[0]
    unit = {cell_value(r, i, goal).number.unit for i in range(len(t.rows))}  # type: ignore[union-attr]

    def near(j: int) -> bool:
        for i in range(len(t.rows)):
            a, b = cell_value(r, i, j), cell_value(r, i, goal)
            assert a is not None and a.number is not None and b is not None and b.number is not None
            if a.number.unit not in unit or not (b.number.value / 2 <= a.number.value <= b.number.value * 2):
                return False
        return True

    close = [j for j in others if near(j)]
    return close[0] if len(close) == 1 else -1


def _meets(kind: str, got: float, goal: float) -> bool:
    if re.fullmatch(_BELOW, kind) or re.search(r"\b(?:under|below)$", kind):
        return got < goal
    if re.fullmatch(_REACHED, kind):
        return got >= goal
    return got > goal


def against_goal(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    m = _GOAL.search(c.low)
    t = r.table
    if m is None or len(t.rows) < 1:
        return None
    noun = stem(m.group(3))
    goals = [j for j in range(len(t.columns))
             if noun in header_words(t.columns[j].text) and numeric_column(r, j)]
    if len(goals) != 1:
        return None
    g = goals[0]
    said = (c.stems - {noun}) - header_words(t.columns[g].text)
    a = _against(r, g, said)
    if a < 0:
        return None
    kind = m.group(1)
    counted = COUNT_OF.match(c.low)
    if counted is not None:
        rows = [i for i in range(len(t.rows)) if not is_summary(Pick(sid, r, [], [], 0), i)]
        want = len(rows) if counted.group(2) == "all" else count_said(counted.group(2))
        of = counted.group(3)
        if want < 0 or (of is not None and count_said(of) != len(rows)):
            return None
        p = Pick(sid, r, rows, [a, g], 1)
        hits = [i for i in rows if _meets(kind, _value(r, i, a), _value(r, i, g))]
        listed = ", ".join(f"{row_name(p, i)} ({cell_text(p, i, a)} vs {cell_text(p, i, g)})" for i in hits)
        note = f"{t.columns[a].text} against {t.columns[g].text}: {kind} in {len(hits)} of {len(rows)} rows: "
        return settled(p, "SUPPORTED" if len(hits) == want else "CONTRADICTED", note + (listed or "none"),
                       [(i, j) for i in hits or rows[:1] for j in (a, g)])
    named = pick(c, sid, r)
    rows = named.rows if named is not None else []
    if len(rows) != 1 and len(t.rows) != 1:
        return None
    i = rows[0] if rows else 0
    p = Pick(sid, r, [i], [a, g], 1)
    got, goal = _value(r, i, a), _value(r, i, g)
    figures = find_numbers(m.group(2))  # "its $320,000 goal": the goal as the claim states it
    gv = cell_value(r, i, g)
    if figures and gv is not None and gv.number is not None and fits(figures[0], gv) and not agrees(
        figures[0], gv.number.value
    ):
        return settled(p, "CONTRADICTED", f"{row_name(p, i)}, {t.columns[g].text}: {cell_text(p, i, g)}",
                       [(i, g)])
    ok = _meets(kind, got, goal) != c.negated
    note = f"{row_name(p, i)}: {t.columns[a].text} {cell_text(p, i, a)} against {t.columns[g].text} "
    note += f"{cell_text(p, i, g)}"
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(i, a), (i, g)])


def _value(r: Rendered, i: int, j: int) -> float:
    v = cell_value(r, i, j)
    assert v is not None and v.number is not None  # every cell of both columns is a number (numeric_column)
    return v.number.value
