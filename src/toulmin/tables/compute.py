"""The operations a claim's wording names, in the order they are tried: a comparison with
every other row put together, a trend over every row, a comparison of two rows, a share of
the total, a peak or a low (and a rank), a total or an average, a change between two rows
(each in its own module); and a claim about a row that none of its fields speaks of."""

from __future__ import annotations

from collections.abc import Callable

from ..checks.numbers import Number
from .aggregate import aggregate
from .change import row_change
from .comparison import row_compare, share_of_total, than_the_others
from .pick import (
    ID_WORDS,
    Pick,
    Settled,
    label_words,
    row_name,
    settled,
)
from .trend import row_extreme, row_trend
from .values import header_words, human, stem, words
from .words import (
    GENERIC,
    ClaimText,
)

__all__ = ["RULES", "Rule", "absent"]

Rule = Callable[[ClaimText, Pick, int, list[Number]], "Settled | None"]
# in this order: a trend's "rose" is no change between two rows; "higher than" no peak
RULES: tuple[Rule, ...] = (
    than_the_others, row_trend, row_compare, share_of_total, row_extreme, aggregate, row_change
)


def absent(c: ClaimText, p: Pick) -> Settled | None:
    """A claim about a row or record that none of its fields speaks of ("Casa Marea has free
    parking" where no column is about parking): UNSUPPORTED, when the source is its tables
    alone (prose beside them may say it)."""
    t = p.r.table
    rows = p.rows[:1] or ([0] if len(t.rows) == 1 else [])
    if not p.r.alone or not rows or p.cols or p.tied or len(p.rows) > 1:
        return None
    i = rows[0]
    own = set(label_words(t, i)) | set(words(t.caption))
    for j, cell in enumerate(t.rows[i]):  # what names it ("kmarsh": its username) states nothing
        if cell is not None and set(words(t.columns[j].text.replace("_", " "))) & ID_WORDS:
            own |= set(words(cell.text))
    if 0 <= t.label < len(t.columns):
        own |= set(words(t.columns[t.label].text))  # "the North region": a Region column names rows
    content = [w for _, w in c.said() if w not in GENERIC and w not in own and not w.isdigit()]
    if not content:
        return None
    known: set[str] = set()
    for k, col in enumerate(t.columns):
        if k not in p.rejected and k != t.label:
            known |= header_words(col.text) | {stem(w) for w in words(human(col.text))}
    for cell in t.rows[i]:
        if cell is not None:
            known |= {stem(w) for w in words(cell.text)}
    have = {w for w, _ in c.toks}
    for k in range(len(t.rows)):  # another row it names in full (a claim of two rows)
        lw = label_words(t, k)
        if lw and all(w in have for w in lw):
            known |= {stem(w) for w in lw}
    if any(stem(w) in known for w in content):
        return None
    return settled(p, "UNSUPPORTED", f"no field of {row_name(p, i)} speaks of {' '.join(content)}", [])
