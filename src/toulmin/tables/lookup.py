"""A lookup of a named row's cells: a value, a place, a share of two cells, or arithmetic
between two columns, with the cell quoted."""

from __future__ import annotations

import re

from ..checks.numbers import Number
from .bound import misbound
from .guards import other_clock, shared_by_others, unread_part
from .lookup_cell import a_figure, charges_added, lookup_cell, lookup_note, opposed_state, period_seconds
from .pick import (
    ID_WORDS,
    Outcome,
    Pick,
    Settled,
    cell_note,
    cell_text,
    cell_value,
    holds,
    is_timed,
    label_words,
    settled,
)
from .two_columns import asks_arithmetic, columns_compared, either_sum, two_columns
from .values import header_words, stem, words
from .words import (
    CHANGE,
    GENERIC,
    MAX,
    MIN,
    ClaimText,
    agrees,
)

__all__ = ["lookup"]

_ORDINAL = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "last": -1,
}
_PLACE_HEADERS = frozenset({"pos", "position", "place", "rank", "ranking", "finish", "placing", "seed"})
_PLACED = re.compile(
    r"\b(?:finish\w*|placed|came|ranked|ranks|was|is|in)\s+(?:in\s+)?(?:the\s+)?"
    r"(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|(\d{1,2})(?:st|nd|rd|th))"
    r"(?:\s+place)?\b"
)


_PLAYED_HEADS = frozenset(
    {"played", "p", "pld", "gp", "mp", "games played", "matches played", "games", "matches"}
)


def _played_column(c: ClaimText, p: Pick, at: int) -> int | None:
    """ "of their matches" / "of its games": the column of matches played, when the claim
    names no column for it."""
    if not re.match(r"\s*(?:the|their|its|his|her)\s+(?:\w+\s+)?(?:matches|games|fixtures)\b", c.low[at:]):
        return None
    got = [j for j, col in enumerate(p.r.table.columns) if col.text.strip().lower() in _PLAYED_HEADS]
    return got[0] if len(got) == 1 else None


def _share_of_two(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> Settled | None:
    """ "Fewer than half of the students admitted to Nursing chose to enroll": the share of
    the smaller of the two columns the claim names in the larger, for the named row."""
    shares = [n for n in nums if n.unit == "%" and not re.search(r"\d", n.text)]  # said in words
    of = c.has(_FRACTION_OF)
    if not shares and len(nums) == 1 and nums[0].unit == "%" and not c.negated:
        # "admissions equalled roughly 15.8% of ER visits": a percent with its whole after "of"
        of = _PERCENT_OF.match(c.low, nums[0].start + len(nums[0].text))
        return _percent_of(c, p, i, nums[0], of.end()) if of is not None else None
    cols = p.cols
    if of is not None and len(cols) == 1 and (played := _played_column(c, p, of.end())) is not None:
        cols = [cols[0], played]  # "lost more than two-thirds of their matches": Lost / Played
    if len(shares) != 1 or len(nums) != 1 or of is None or len(cols) != 2 or c.has(MAX) or c.has(MIN):
        return None
    cells = [(j, v) for j in cols if (v := cell_value(p.r, i, j)) is not None and v.number is not None]
    if len(cells) != 2 or any(v.number.unit == "%" for _, v in cells):  # type: ignore[union-attr]
        return None
    (ja, va), (jb, vb) = sorted(cells, key=lambda x: x[1].number.value)  # type: ignore[union-attr]
    x, y = va.number.value, vb.number.value  # type: ignore[union-attr]
    after = {stem(w)[:5] for w, at in c.toks if at >= of.end()}  # "who applied" for "Applicants"
    if cols is not p.cols:
        after |= {h[:5] for h in header_words(p.r.table.columns[cols[1]].text)}
    if not y or not {h[:5] for h in header_words(p.r.table.columns[jb].text)} & after:
        return None  # the whole is the column said after "of" ("of the students admitted")
    share = 100 * x / y
    ok = agrees(shares[0], share) != c.negated
    t = p.r.table
    note = f"{t.columns[ja].text} / {t.columns[jb].text}: {cell_text(p, i, ja)} / {cell_text(p, i, jb)}"
    note += f" = {share:.1f}%"
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", note, [(i, ja), (i, jb)])


def _percent_of(c: ClaimText, p: Pick, i: int, n: Number, of: int) -> Settled | None:
    """The share of the column said before the figure (the part) in the column said after
    "of" (the whole), for row ``i``: each the one column of figures (not of percents) the
    words name."""
    t = p.r.table

    def named(words_: set[str]) -> list[int]:
        return [j for j, col in enumerate(t.columns) if j != t.label and header_words(col.text) & words_
                and (v := cell_value(p.r, i, j)) is not None and v.number is not None
                and v.number.unit != "%"]

    before = {stem(w) for w, at in c.toks if at < n.start}
    after = {stem(w) for w, at in c.toks if at >= of}
    part, whole = named(before - after), named(after - before)
    if len(part) != 1 or len(whole) != 1 or part == whole:
        return None
    x, y = cell_value(p.r, i, part[0]), cell_value(p.r, i, whole[0])
    if x is None or y is None or x.number is None or y.number is None or not y.number.value:
        return None
    share = 100 * x.number.value / y.number.value
    ja, jb = part[0], whole[0]
    note = f"{t.columns[ja].text} / {t.columns[jb].text}: {cell_text(p, i, ja)} / {cell_text(p, i, jb)}"
    note += f" = {share:.1f}%"
    return settled(p, "SUPPORTED" if agrees(n, share) else "CONTRADICTED", note, [(i, ja), (i, jb)])


_PERCENT_OF = re.compile(r"\s*(?:%\s*)?of\b")
_FRACTION_OF = re.compile(r"(?<!first )(?<!second )\b(?:half|third|thirds|quarter|quarters|fifth)\s+of\b")


def _unchecked(p: Pick, i: int, nums: list[Number]) -> bool:
    """An amount of money the claim states that no cell of row ``i`` agrees with (its other
    figures may be times, counts or parts of names the rules read otherwise)."""
    cells = [v for j in range(len(p.r.table.columns)) if (v := cell_value(p.r, i, j)) is not None]
    money = [n for n in nums if n.unit in ("$", "€", "£", "¥", "cent", "cents", "pence", "p")]
    # a measure too ("just under 137 GB of data" beside `lines_included: 4`)
    measured = [n for n in nums if n.unit in _MEASURES]
    return any(not any(holds(n, v) for v in cells) for n in money + measured)


_MEASURES = frozenset(
    "gb mb tb kb kg g mg lb lbs t km m cm mm mi ft kwh mwh gwh twh wh kw mw gw w l ml gal mph kmh".split()
)


def _place(c: ClaimText, p: Pick, i: int) -> Settled | None:
    """ "finished second" against the row's place column (Pos, Rank)."""
    m = c.has(_PLACED)
    if m is None or c.has(MAX) or c.has(MIN):
        return None
    t = p.r.table
    cols = [
        j for j, h in enumerate(t.columns) if set(words(h.text)) & _PLACE_HEADERS or h.text.strip() == "#"
    ]
    if len(cols) != 1:
        return None
    v = cell_value(p.r, i, cols[0])
    if v is None or v.number is None:
        return None
    said = int(m.group(2)) if m.group(2) else _ORDINAL[m.group(1)]
    ok = (v.number.value == said) != c.negated
    return settled(p, "SUPPORTED" if ok else "CONTRADICTED", cell_note(p.r, i, cols[0]), [(i, cols[0])])


_ALL_BUT = re.compile(
    r"\s*(?:everything|everyone|all|every|each)\b[^,.;]*?"
    r"\b(?:except|excepting|other than|apart from|besides|but)\b"
)
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|just\s+)?[$€£¥]?\s*$")


# "has no price listed for zones 2 or 3": the cells are empty ("n/a", "—")
_NOT_LISTED = re.compile(
    r"\bno\s+(?:\w+\s+){0,2}?(?:listed|given|shown|stated|quoted|published)\b"
    r"|\b(?:is|are|was|were|isn't|aren't)\s+not\s+(?:listed|given|shown|stated|quoted|published)\b"
)


def _not_listed(c: ClaimText, p: Pick, i: int) -> Settled | None:
    """ "Same Day has no price listed for zones 2 or 3": SUPPORTED when every cell of the
    row under the columns the claim names (or could not choose between) is empty,
    CONTRADICTED by one that holds a value."""
    cols = list(p.cols[:1]) or list(p.tied_cols)
    if not cols or not c.has(_NOT_LISTED):  # (its "no" is what the rule reads)
        return None
    got = [(j, cell_value(p.r, i, j)) for j in cols]
    if any(v is None for _, v in got):
        return None
    held = [j for j, v in got if v is not None and not v.empty]
    if held:
        return settled(p, "CONTRADICTED", cell_note(p.r, i, held[0]), [(i, held[0])])
    return settled(p, "SUPPORTED", "; ".join(cell_note(p.r, i, j) for j in cols), [(i, j) for j in cols])


def lookup(c: ClaimText, p: Pick, nums: list[Number]) -> Settled | None:
    """The named row's cells under the claim's columns: CONTRADICTED when one of them
    refutes it, SUPPORTED when they all back it, nothing when one is not known."""
    t = p.r.table
    rows = p.rows[:1] if p.rows else ([0] if len(t.rows) == 1 else [])
    if not rows:
        return None
    i = rows[0]
    if p.rows and _ALL_BUT.match(c.low) and not re.search(r"\b(?:where|which|whose|while)\b", c.low):
        return None  # "everything except the PCR plates has been received": the other rows, not this one
    before = [n for n in nums if _FROM_BEFORE.search(c.low[: max(0, n.start) + 1])] if c.has(CHANGE) else []
    if before:
        # "Kestrel's weight rose from 3.6% a quarter earlier": the earlier figure, which no cell
        # of the row is (the change rules found none); what it rose to may refute it, never back it
        rest = [n for n in nums if n not in before]
        refuted = lookup(c, p, rest) if rest else None
        return refuted if refuted is not None and refuted.verdict == "CONTRADICTED" else None
    unlisted = _not_listed(c, p, i)
    if unlisted is not None:
        return unlisted
    said = [(j, got) for j in p.cols[:3] if (got := lookup_cell(c, p, nums, i, j)) is not None]
    placed = _place(c, p, i)
    if placed is not None:
        return placed
    part = _share_of_two(c, p, i, nums)
    if part is not None:
        return part
    between = either_sum(c, p, i, nums) or two_columns(c, p, i, nums) or columns_compared(c, p, i, nums)
    if between is not None:
        return between
    if said and asks_arithmetic(c, p, i, nums):
        return None  # "three unused seats" is no lookup of "seats", whatever it computes to
    if not said:
        # a field the claim does not name whose value it denies ("has been cancelled": status shipped)
        stated = _value_stated(c, p, i, nums)
        if stated is not None:
            return stated
        denied = [
            j
            for j, cell in enumerate(t.rows[i])
            if cell is not None
            and j != t.label
            and opposed_state(c, cell.text, states=True) == "CONTRADICTED"
        ]
        if denied:
            return settled(p, "CONTRADICTED", cell_note(p.r, i, denied[0]), [(i, denied[0])])
        return None
    if len(nums) == 1 and not nums[0].bound and any(got == "SUPPORTED" for _, got in said) and not c.negated:
        # "$412 a month" is the family premium's, not the deductible's: the one figure a cell
        # of the row states is that cell's, whatever the other columns said hold
        said = [(j, got) for j, got in said if got != "CONTRADICTED" or not a_figure(p, i, j)]
    for want in ("CONTRADICTED",):
        hit = [j for j, got in said if got == want]
        if hit:
            return settled(p, "CONTRADICTED", lookup_note(c, p, i, hit[0], nums), [(i, hit[0])])
    decided: list[tuple[int, Outcome]] = [(j, got) for j, got in said if got != "UNSUPPORTED"]
    if decided and all(got == "SUPPORTED" for _, got in decided):
        said = decided
    if all(got == "SUPPORTED" for _, got in said):
        if any(_MEASURED_AGAINST.search(c.low[:n.start]) for n in nums):
            return None  # "exceeded its $320,000 goal": the cell is what another figure is measured against
        rated = any(period_seconds(t.columns[j].text) for j, _ in said) or charges_added(c, p, i, -1)
        if len(nums) >= 2 and not rated and _unchecked(p, i, nums):
            return None  # "VAT adds £255.88, bringing the invoice to just under £1,535": one figure backed
        backed = [j for j, _ in said]
        if (clock := other_clock(c, p, i)) >= 0:  # "to 10:30 on 9 June": dropped off at 09:00 that day
            return settled(p, "CONTRADICTED", cell_note(p.r, i, clock), [(i, clock)])
        bound = misbound(c, p, i, nums, backed)
        if bound is not None:
            return bound
        beyond = _beyond(c, p)
        if beyond:  # the cell backs the figure; the claim says more than any cell can
            return settled(p, "UNSUPPORTED", f"the table does not say {beyond!r}", [])
        # "both Kyle Vanden Bosch and Tevita Ofahengaue ... in round 2": the first row backs it
        if not _others_hold(c, p, nums, backed) or unread_part(c, p, i, backed):
            return None
        shared = shared_by_others(c, p, backed)
        if shared:  # "John Morse was the only player to shoot +4": another row shot +4 too
            return settled(p, "CONTRADICTED", "; ".join(cell_note(p.r, k, j) for k, j in shared[:3]),
                           [(i, said[0][0]), *shared[:3]])
        notes = "; ".join(lookup_note(c, p, i, j, nums) for j, _ in said)
        return settled(p, "SUPPORTED", notes, [(i, j) for j, _ in said])
    empty = [j for j, _ in said if (v := cell_value(p.r, i, j)) is not None and v.empty]
    if empty and len(said) == len(empty):
        return settled(
            p, "UNSUPPORTED", f"the table gives no value: {cell_note(p.r, i, empty[0])}", [(i, empty[0])]
        )
    return None


# a streak the claim tells of ("three years running", "for the third straight year")
_STREAK = re.compile(
    r"\b(?:(?:two|three|four|five|six|\d+)\s+(?:years?|quarters?|months?|seasons?|weeks?|times)\s+"
    r"(?:running|in a row|straight)|(?:second|third|fourth|fifth|\d+(?:st|nd|rd|th))\s+"
    r"(?:straight|consecutive)\s+(?:year|quarter|month|season|week|time)|"
    r"consecutive\s+(?:years|quarters|months|seasons)|once again|yet again)\b"
)
# a figure set against an earlier one no row holds ("was down from the 2020 election")
_AGAINST_EARLIER = re.compile(
    r"\b(?:up|down|higher|lower|better|worse)\s+(?:from|than|on|versus|vs\.?|compared (?:with|to))\s+"
    r"(?:the\s+|a\s+|its\s+|their\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:(?:19|20)\d\d|years?|quarters?|months?|seasons?|elections?|period|last|previous|prior|earlier)\b"
)
# the best of a kind beyond the source ("the fastest forklift in its class", "the cheapest on the market")
_SUPERLATIVE = re.compile(
    r"\b(?:the|its|their)\s+(\w{3,}est|most\s+\w+|least\s+\w+)\b(?:\s+[\w-]+){0,3}?\s+"
    r"(?:in (?:its|their) class|in the (?:market|world|industry|segment|country|region|range|lineup)|"
    r"on the market|ever|of any\b[^,.;]*|of all time|anywhere)\b"
)


def _beyond(c: ClaimText, p: Pick) -> str:
    """What a claim says of its row that no table of one period, or a record alone, can
    back: a streak ("three years running"), a change from a period the table has no row
    or column for ("down from the 2020 election"), the best of a kind a record is one of
    ("the fastest forklift in its class"). Empty when it says none of these."""
    t = p.r.table
    for pattern in (_STREAK, _AGAINST_EARLIER):
        m = c.has(pattern)
        # (whether the table has periods, read only when the claim tells of another one)
        if m is not None and not _timed(p):
            return m.group(0)
    m = c.has(_SUPERLATIVE)
    if m is not None and len(t.rows) == 1:
        return m.group(0)
    return ""


def _timed(p: Pick) -> bool:
    """Rows named by periods, or two or more columns whose headers name one."""
    return is_timed(p) or sum(bool(_PERIOD_IN_HEAD.search(col.text)) for col in p.r.table.columns) >= 2


_PERIOD_IN_HEAD = re.compile(r"\b(?:(?:19|20)\d\d|fy\s*\d\d|q[1-4])\b", re.I)


def _others_hold(c: ClaimText, p: Pick, nums: list[Number], cols: list[int]) -> bool:
    """Every other row the claim names backs it in the columns the first row backs it in:
    a lookup that reads only its first named row backs nothing said of the others."""
    return all(lookup_cell(c, p, nums, k, j) == "SUPPORTED" for k in p.rows[1:] for j in cols)


# a figure said as the mark another is measured against ("exceeded its $320,000 goal")
_MEASURED_AGAINST = re.compile(
    r"\b(?:exceed\w*|surpass\w*|outperform\w*|outpac\w*|beat|beats|beating|topp?(?:ed|s|ing)|"
    r"fell short of|falls? short of|short of|miss(?:ed|es)?|overshot|undershot|"
    r"(?:earn|earned|earns|made|make|makes|paid|pays) back|recoup\w*|recover\w*|covered|covers)"
    r"\s+(?:its|their|the|his|her|our)(?:\s+[a-z'’-]+){0,2}\s*[$€£]?$"
)


_PLACE_WORDS = frozenset("located based situated found headquartered sits lies in at from".split())


def _value_stated(c: ClaimText, p: Pick, i: int, nums: list[Number]) -> Settled | None:
    """ "Blue Fin Sushi is in Tampa": a word cell of the row the claim states whole, with
    nothing else said but where it is (the column's own words or "located", "based")."""
    if nums or c.negated:
        return None
    t = p.r.table
    own = set(label_words(t, i)) | set(words(t.caption))
    for j, cell in enumerate(t.rows[i]):
        if cell is None or j == t.label or cell.items:
            continue
        v = cell_value(p.r, i, j)
        cw = set(words(cell.text))
        if v is None or v.number is not None or v.truth is not None or v.date is not None or not cw:
            continue
        if len(cell.text) < 3 or set(words(t.columns[j].text.replace("_", " "))) & ID_WORDS:
            continue
        have = {w for w, _ in c.toks}
        if not cw <= have:
            continue
        head = header_words(t.columns[j].text)
        rest = [
            w for w in have - cw - own if w not in GENERIC and stem(w) not in head and w not in _PLACE_WORDS
        ]
        if not rest:
            return settled(p, "SUPPORTED", cell_note(p.r, i, j), [(i, j)])
    return None
