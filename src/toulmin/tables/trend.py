"""The rows in their order: a trend over every row ("rose every quarter") and a peak or a
low, with a rank ("the second-highest")."""

from __future__ import annotations

import re
from itertools import pairwise

from ..checks.numbers import Number
from .guards import stray_value
from .pick import (
    Pick,
    Settled,
    cell_note,
    cell_text,
    cell_value,
    fits,
    label_words,
    row_name,
    series,
    settled,
)
from .said import AGED, DATED_HEAD, OF_THE, as_said, each_of_its, per_other, said_value
from .values import header_words, stem, words
from .words import (
    AGE_WORD,
    CHANGE,
    DOWNWARD,
    EVERY,
    LESS,
    MAX,
    MIN,
    MORE,
    SECOND,
    UPWARD,
    WHEN_HEAD,
    ClaimText,
    agrees,
)

__all__ = ["both_ways", "row_extreme", "row_trend"]


def both_ways(c: ClaimText, p: Pick) -> bool:
    """The claim says a move down and a move up, the rows' names left out ("the Fell Vest
    grew" says one move)."""
    t = p.r.table
    names = [row_name(p, i) for i in range(len(t.rows))]
    if len(t.caption.split()) <= 6:  # a row read along its periods is named by its caption
        names.append(t.caption)
    low = c.low
    for name in names:
        low = low.replace(name.lower(), " ") if name else low
    return bool(DOWNWARD.search(low)) and bool(UPWARD.search(low))


def row_trend(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    if not c.has(EVERY) or not (c.has(CHANGE) or c.has(MORE) or c.has(LESS)):
        return None
    if both_ways(c, p):
        return None  # "dipped in Q2, then climbed in each quarter after": two moves, not one trend
    down = (bool(c.has(DOWNWARD)) and not c.has(UPWARD)) or (
        not c.has(CHANGE) and bool(c.has(LESS)) and not c.has(MORE)
    )
    s = series(p, j)
    span = _span_said(c, p, [i for i, _ in s])
    s = [x for x in s if x[0] in span] if span else s
    if len(s) < 3:
        return None
    steps = list(pairwise(s))
    bad = [(a, b) for a, b in steps if (b[1] >= a[1] if down else b[1] <= a[1])]
    shown = " → ".join(cell_text(p, i, j) for i, _ in s)
    head = p.r.table.columns[j].text
    cells = [(i, j) for i, _ in s]
    if c.negated:
        return None
    v0 = cell_value(p.r, s[0][0], j)
    figures = [n for n in nums if v0 is not None and fits(n, v0)]
    if not bad and figures and not all(any(agrees(n, x) for _, x in s) for n in figures):
        return None  # "rose every quarter, reaching 13,221 MWh in Q4": a figure no step holds
    if not bad:
        return settled(p, "SUPPORTED", f"{head} {'fell' if down else 'rose'} at every step: {shown}", cells)
    (a, _), (b, _) = bad[0]
    return settled(
        p,
        "CONTRADICTED",
        f"{head} did not {'fall' if down else 'rise'} every time: "
        f"{row_name(p, a)} {cell_text(p, a, j)} → {row_name(p, b)} {cell_text(p, b, j)} ({shown})",
        [(b, j), (a, j), *cells],
    )


_FOLLOWED = re.compile(r"\b(?:followed (?:closely )?by|(?:just )?ahead of)\s+")


def _followed_by(c: ClaimText, p: Pick, order: list[tuple[int, float]], rank: int, j: int) -> Settled | None:
    """ "the highest turnout at 66.0%, followed by North Ridge": the row said next must be
    the next in the ranking; CONTRADICTED by the one that is. None when the claim names no
    row after such words, or names the right one."""
    m = c.has(_FOLLOWED)
    if m is None or rank + 1 >= len(order):
        return None
    rest = " " + " ".join(words(c.low[m.end():])) + " "
    t = p.r.table
    said = [i for i, _ in order if (lw := label_words(t, i)) and f" {' '.join(lw)} " in rest]
    if len(said) != 1:
        return None
    nxt = order[rank + 1][0]
    if said[0] == nxt:
        return None
    head = t.columns[j].text
    note = (f"{head}: next is {row_name(p, nxt)} ({cell_text(p, nxt, j)}), "
            f"not {row_name(p, said[0])} ({cell_text(p, said[0], j)})")
    return settled(p, "CONTRADICTED", note, [(nxt, j), (said[0], j)])


_BOUNDED = re.compile(
    r"\bfrom\b.*\b(?:to|through|thru|until|till)\b|\bbetween\b.*\band\b|\bsince\b|\bfrom\b|"
    r"\b(?:through|thru|until|till|up to)\b"
)


def _span_said(c: ClaimText, p: Pick, order: list[int]) -> set[int]:
    """The rows of a trend the claim bounds ("from 2020 through 2023", "since 2021"): from
    the first row it names to the last (to the end after "since"); empty when it bounds none."""
    m = c.has(_BOUNDED)
    named = [order.index(i) for i in p.rows if i in order]
    if not m or not named:
        return set()
    if len(named) > 1:
        a, b = min(named), max(named)
    elif m.group(0).startswith(("since", "from")):  # "from February": to the end
        a, b = named[0], len(order) - 1
    else:  # "through June": from the start
        a, b = 0, named[0]
    return set(order[a:b + 1])


_ANY_OTHER = re.compile(
    r"\bthan (?:any|all|every) (?:of the )?other\b|\bthan the (?:rest|others)\b|\bthan (?:anyone|anybody|"
    r"anything|everyone|everybody) else\b"
)


_PER_THING = re.compile(r"\bper[\s-]+(?:square\s+)?([a-z]+)")


_EXTREME_FALL = re.compile(
    r"\b(?:largest|biggest|greatest|steepest|sharpest|deepest|smallest|least|mildest|lowest|highest|most)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:reductions?|declines?|drops?|loss(?:es)?|decreases?|falls?|cuts?|dips?)\b"
)


# a superlative said with "the" ("on the wettest day"); not a word that only ends so ("the west")
_THE_EST = re.compile(
    r"\bthe\s+(?!(?:west|midwest|rest|test|contest|forest|harvest|interest|request|guest|quest|"
    r"protest|latest)\b)([a-z]{2,}est)\b"
)


def row_extreme(c: ClaimText, p: Pick, j: int, nums: list[Number]) -> Settled | None:
    lo, hi = c.has(MIN), c.has(MAX)
    if c.has(_ANY_OTHER):  # "fewer goals than any other team": the lowest
        lo, hi = c.has(LESS), c.has(MORE)
    aged = c.has(AGE_WORD)
    if aged and WHEN_HEAD.search(p.r.table.columns[j].text.lower().replace("_", " ")):
        # a column of years or dates: the oldest is the earliest, the newest the latest
        late = aged.group(0) in ("newest", "latest", "youngest", "most recent")
        lo, hi = (None, aged) if late else (aged, None)
        if any(m.group(0) != aged.group(0) for pat in (MAX, MIN) for m in pat.finditer(c.low)):
            return None  # "the oldest player and the shortest": two extremes, of two columns
    if not (lo or hi) or (lo and hi):
        return None
    per = _PER_THING.search(c.low)
    head_low = p.r.table.columns[j].text.lower().replace("_", " ")  # "yield_t_per_ha" is per hectare
    if per and "/" not in head_low and " per " not in f" {head_low} " and per.group(1) not in head_low:
        return None  # "the most expensive per square foot": of a ratio of two columns, not of rent
    if re.search(r"\bratios?\b", c.low) and not re.search(r"\bratios?\b|/|\bper\b", head_low):
        return None  # "the lowest student-to-teacher ratio": of two columns, not of Teachers (FTE)
    if (
        hi
        and hi.group(0) == "most"
        and not re.search(r"\bthe most\b|\bmost\s+\w+\s+(?:in|of|among)\b", c.low)
    ):
        return None
    rank = 0
    sec = c.has(SECOND)
    if sec:
        rank = {"second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3}[sec.group(1)]
    s = series(p, j)
    if len(s) < 2:
        return None
    fall = c.has(_EXTREME_FALL)
    falls = fall is not None and all(v <= 0 for _, v in s) and any(v < 0 for _, v in s)
    if falls:
        # "the largest mean HbA1c reduction" of changes written below zero: the lowest figure
        lo, hi = (None, lo) if lo else (hi, None)
    units = {v.number.unit for i, _ in s if (v := cell_value(p.r, i, j)) is not None and v.number is not None}
    if len(units) > 1:
        return None  # "188 tons" beside "2 kilotons": figures of two units are not ranked by their numbers
    order = sorted(s, key=lambda x: x[1], reverse=bool(hi))
    if rank >= len(order):
        return None
    best_i, best_v = order[rank]
    head = p.r.table.columns[j].text
    word = "highest" if hi else "lowest"
    ties = [i for i, v in s if v == best_v]
    if p.rows and not c.negated:
        named = p.rows[0]
        v = cell_value(p.r, named, j)
        said = [n for n in nums if v is not None and fits(n, v) and not per_other(c, n, head)
                and not each_of_its(c, p, n, head)]
        if [n for n in nums if n.unit and re.search(r"\d", n.text)] and not said:
            return None  # "the best on-time record, with about 91%": of a rate, not of the count
        if (
            named in ties
            and said
            and v is not None
            and v.number is not None
            # "95 Willow Way ... the longest, at 62 days": a number of its name is no figure of the column
            and not any(agrees(n, said_value(c, n, v, head)) for n in said)
            and not (falls and agrees(said[0], -as_said(said[0], v, head)))  # "a reduction of 1.24": -1.24
        ):
            # "the most daily departures, with 18": the peak's row, not its figure
            return settled(p, "CONTRADICTED", cell_note(p.r, named, j), [(named, j)])
        if named in ties:
            if stray_value(c, p, named, [j]):
                return None  # "the lowest attendance, against the Bears": the opponent is not read
            after = _followed_by(c, p, order, rank, j)
            if after is not None:
                return after
            return settled(
                p,
                "SUPPORTED",
                f"{head} is {['', 'second ', 'third ', 'fourth '][rank]}{word} in "
                f"{row_name(p, named)} ({cell_text(p, named, j)}); the others: "
                + ", ".join(f"{row_name(p, i)} {cell_text(p, i, j)}" for i, _ in s if i != named),
                [(named, j)],
            )
        return settled(
            p,
            "CONTRADICTED",
            f"{head} is {['', 'second ', 'third ', 'fourth '][rank]}{word} in "
            f"{row_name(p, best_i)} ({cell_text(p, best_i, j)}), "
            f"not {row_name(p, named)} ({cell_text(p, named, j)})",
            [(best_i, j), (named, j)],
        )
    if not p.rows and nums and rank == 0:
        if c.has(AGED) and not DATED_HEAD.search(head.lower().replace("_", " ")):
            return None  # "the oldest home ... is listed at $372,500": oldest by year built, not by price
        if c.has(OF_THE):
            return None  # "topped 85% in three of the six months": a count of rows, not the peak
        used = (hi or lo).group(0)  # type: ignore[union-attr]
        if any(m.group(1) not in used and stem(m.group(1)) not in header_words(head)
               for m in _THE_EST.finditer(c.low)):
            return None  # "the highest wind ... on the wettest day": a second extreme, not read here
        v = cell_value(p.r, best_i, j)
        if v is None or v.number is None:
            return None
        # "Route 11 is the busiest route, carrying around 8,150 riders": the figure in the
        # column's unit (with a noun of its own), not a name's number
        fit = [x for x in nums if fits(x, v)]
        fit = [x for x in fit if x.unit] or fit
        # the cell as the figure says it: "63 km/h" (read as 63 km) of a key `wind_max_kmh`
        agreeing = [x for x in fit if agrees(x, said_value(c, x, v, head))]
        if not fit or (len(fit) > 1 and not agreeing):
            return None
        n = agreeing[0] if agreeing else fit[0]
        row_cells = [cell_value(p.r, best_i, k) for k in range(len(p.r.table.columns))]
        if any(x is not n and not any(w is not None and w.number is not None and w.number.value == x.value
                                      for w in row_cells) for x in nums):
            return None  # "Route 11 is the busiest": a number naming the row must be the top row's
        ok = bool(agreeing)
        if ok and stray_value(c, p, best_i, [j]):
            return None  # "the smallest attendance, 16,278, against the Reds": the opponent is not read
        return settled(
            p,
            "SUPPORTED" if ok else "CONTRADICTED",
            f"the {word} {head} is {cell_text(p, best_i, j)} ({row_name(p, best_i)})",
            [(best_i, j)],
        )
    return None
