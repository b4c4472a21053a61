"""The rows a claim names as the only ones holding some values ("zhong be the only leader from
the state of cao", "steve bonsey , pj jacobsen , and kristian lee turner be the only
competitor from the united state", "only miyoshi umeki be a winner"): the rows holding the
values after "the only ..." are exactly the rows the claim names.

The rows named are those of the values said before "only" (or right after a leading
"only", up to its verb), each a cell as written (one_row.py's reading); the condition is
every other value the claim says, a value beside its header only in that column. SUPPORTED
when the two sets of rows are the same; otherwise left to the other readings (a condition
read more widely than the claim means it, "from 1980 to 2013", would refute a true claim).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .count_rows import as_written, column_said
from .parse import Table
from .pick import Pick, Settled, settled
from .render import Rendered
from .spoken import Spans, header, kept_spans, said_words, text_of
from .words import DOWN, NEG, THAN, TOTAL, UP

__all__ = ["only_rows"]

# what "the only ... with these values" cannot say: other operations, figures compared
_BEYOND = re.compile(
    r"\b(?:more|less|fewer|most|least|over|under|above|below|average|highest|lowest|each|every|all|"
    r"both|either|neither|same|before|after|between|first|last|times|twice|half|once|"
    r"one|two|three|four|five|six|seven|eight|nine|ten)\b"
)
_VERBS = frozenset(said_words("be is was are were have has had"))


def only_rows(claim: str, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """The verdict on rows named as the only ones holding some values, or None (see the
    module's note)."""
    low = claim.lower()
    if len(re.findall(r"\bonly\b", low)) != 1 or NEG.search(low) or THAN.search(low) or TOTAL.search(low):
        return None
    if _BEYOND.search(low):
        return None
    said = said_words(low)
    k = said.index("only")
    if not (k == 0 or said[k - 1] == "the") or (k + 1 < len(said) and said[k + 1][0].isdigit()):
        return None  # "only play on clay", "only 2 of": a restriction or a count, not "the only one"
    for sid, r in tables:
        got = _of_table(said, k, sid, r)
        if got is not None:
            return got
    return None


def _of_table(said: list[str], k: int, sid: str, r: Rendered) -> Settled | None:
    t = r.table
    spans = kept_spans(said, t)
    if any(w[0].isdigit() and not any(a <= x < b for a, b in spans) for x, w in enumerate(said)):
        return None  # a figure no cell is: a count or a bound, not a value
    if k <= 1:  # "only miyoshi umeki be a winner ...": the rows named come before the verb
        verb = next((x for x in range(k + 1, len(said)) if said[x] in _VERBS), None)
        if verb is None:
            return None
        named = {s: rows for s, rows in spans.items() if k < s[0] and s[1] <= verb}
        condition = {s: rows for s, rows in spans.items() if s[0] > verb}
    else:
        named = {s: rows for s, rows in spans.items() if s[1] <= k}
        condition = {s: rows for s, rows in spans.items() if s[0] > k}
    if not named or not condition:
        return None
    heads = [header(c.text) for c in t.columns]
    for (a, b), held in condition.items():
        j = column_said(said, a, b, heads)
        if j is not None:  # "from the state of cao": rows whose state is cao
            held &= {i for i in held if said_words(text_of(t, i, j)) == said[a:b]}
    down, up = re.search(rf"\b{DOWN}|\blose\b", " ".join(said)), re.search(rf"\b{UP}", " ".join(said))
    for (a, b), held in condition.items():
        if b - a == 1 and said[a][0].isdigit() and bool(down) != bool(up):
            # "the only site to lose visitors, down 2.1%": "+2.1" is a rise of 2.1, not a fall
            held &= {i for i in held if _sign_fits(t, i, said[a], bool(down))}
    rows_named = set.union(*named.values())
    if len(rows_named) == len(t.rows):
        return None  # a value every row holds ("tasmania" of a table of Tasmania's stations) names no rows
    rows_meeting = set.intersection(*condition.values())
    # only ever SUPPORTED: a condition read more widely than the claim means ("from 1980 to
    # 2013") would refute a true claim
    if rows_meeting != rows_named:
        return None
    quoted = [(i, j) for i in sorted(rows_named) for j in range(len(t.columns))
              if any(said_words(text_of(t, i, j)) == said[a:b] for a, b in (*named, *condition))]
    by = _name_column(said, named, t)
    what = ", ".join(repr(as_written(said[a:b], t)) for a, b in sorted(condition))
    note = f"the rows holding {what}: " + ", ".join(text_of(t, i, by) for i in sorted(rows_named))
    p = Pick(sid, r, sorted(rows_named), sorted({j for _, j in quoted}), 0)
    return settled(p, "SUPPORTED", note, quoted)


def _sign_fits(t: Table, i: int, figure: str, down: bool) -> bool:
    """The row's cell of ``figure`` has no sign, or the sign of the way the claim says it went."""
    for cell in t.rows[i]:
        if cell is None:
            continue
        m = re.match(r"\s*([-+−–])?\s*" + re.escape(figure) + r"\b", cell.text.replace(",", ""))
        if m and m.group(1):
            return (m.group(1) != "+") == down
    return True


def _name_column(said: list[str], named: Spans, t: Table) -> int:
    """The column the claim named its rows by (a name, a player), else the label's."""
    for (a, b), rows in sorted(named.items()):
        for i in sorted(rows):
            for j in range(len(t.columns)):
                if said_words(text_of(t, i, j)) == said[a:b]:
                    return j
    return t.label if 0 <= t.label < len(t.columns) else 0
