"""Several figures of one row in one claim, each with its own column's word beside it
("5.6 g of protein in a 45 g serving", where both columns are in grams and the header
words alone tie): each figure is read against the column whose word is nearest to it,
one figure a column; any that differs contradicts the claim."""

from __future__ import annotations

from itertools import permutations

from ..checks.numbers import Number
from .pick import Pick, Settled, cell_note, cell_value, fits, settled
from .values import header_words, stem
from .words import ClaimText, agrees

__all__ = ["paired"]

_NEAR = 30  # characters between a figure and its column's word


def paired(c: ClaimText, p: Pick, nums: list[Number]) -> Settled | None:
    if not p.tied or len(p.rows) != 1 or c.negated:
        return None
    cols = list(p.tied_cols)
    if not 2 <= len(cols) <= len(nums) <= 4:
        return None
    i = p.rows[0]
    t = p.r.table
    where = {j: [at for w, at in c.toks if stem(w) in header_words(t.columns[j].text)] for j in cols}
    if any(not at for at in where.values()):
        return None

    def gap(n: Number, j: int) -> int:
        return min(abs(at - n.start) for at in where[j])

    best = None
    for chosen in permutations(nums, len(cols)):
        cost = [gap(n, j) for n, j in zip(chosen, cols)]
        if max(cost) <= _NEAR and (best is None or sum(cost) < best[0]):
            best = (sum(cost), chosen)
    if best is None:
        return None
    outcomes = []
    for n, j in zip(best[1], cols):
        v = cell_value(p.r, i, j)
        if v is None or v.number is None or not fits(n, v):
            return None
        outcomes.append((j, agrees(n, v.number.value)))
    wrong = [j for j, ok in outcomes if not ok]
    if wrong:
        return settled(p, "CONTRADICTED", cell_note(p.r, i, wrong[0]), [(i, wrong[0])])
    return settled(p, "SUPPORTED", "; ".join(cell_note(p.r, i, j) for j in cols), [(i, j) for j in cols])
