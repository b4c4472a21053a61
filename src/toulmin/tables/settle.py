"""Claims settled against a table's cells, figures computed rather than guessed.

A claim's words pick the row(s) (the row's name: "Q2 2024", "Blue Fin Sushi") and the
column (header words: "revenue" for "revenue ($M)", "outdoor seating" for
``attributes.OutdoorSeating``); its wording picks what to compute: a value, a change
between two rows ("grew 10% from Q1 to Q2"), a total, an average, a peak or a low, a trend
over every row ("rose every quarter"), a comparison of two rows, a count of rows that
meet a condition. The result is SUPPORTED or CONTRADICTED with the arithmetic in the note
and the cells quoted; a row or column the table does not have is UNSUPPORTED; anything
the rules do not recognise is left to the checker (None), which reads the rows as
sentences (render.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .bound import bound_figures
from .change import tied_pair
from .change_extreme import change_extreme
from .compare_counts import compare_counts
from .compare_rows import compare_rows
from .comparison import OF_THE_TWO, RATIO, SHARE_OF
from .compute import RULES, absent
from .count import COUNT_HEAD, count
from .count_results import count_results
from .count_rows import count_rows
from .derived import lines_total, named_ratio, per_unit, product, ratio_extreme, share
from .extreme_row import extreme_row
from .goals import against_goal
from .hours import day_hours
from .joined import through_record
from .lookup import lookup
from .one_row import one_row
from .only import only, only_changed
from .only_rows import only_rows
from .paired import between_dates, paired
from .parse import Table
from .pick import ID_WORDS, Pick, Settled, label_text, label_words, measures, pick, settled, shape
from .record_rules import count_value, fields_total, items_counted, weekly_hours
from .render import Rendered
from .said import GAP_SAID
from .series import each_period_extreme, period_rows, series_pick, sole_measure
from .tally import beats, subtotal, tally
from .values import header_words, stem, words
from .words import CHANGE, COUNTED, GENERIC, NEG, THAN, TOTAL, ClaimText, count_said

__all__ = ["Settled", "settle"]


def _of_the_row(c: ClaimText, p: Pick) -> str:
    """The words after a named row's possessive when no column speaks of them ("top scorer"
    in "Harwood Athletic's top scorer")."""
    if not p.rows:
        return ""
    name = label_text(p, p.rows[0]).lower()
    at = c.low.find(name)
    while at < 0 and " " in name:  # "Harrow Vale's" for the row "Harrow Vale FC"
        name = name.rsplit(" ", 1)[0]
        at = c.low.find(name + "'") if len(name) > 3 else -1
        at = at if at >= 0 else c.low.find(name + "’")
    if at < 0:
        return ""
    rest = c.low[at + len(name) :]
    m = re.match(r"(?:'s|’s|'|’)\s+([a-z]+)(?:\s+([a-z]+))?", rest)
    if m is None:
        return ""
    t = p.r.table
    known = {w for col in t.columns for w in header_words(col.text)}
    known |= {stem(w) for i in range(len(t.rows)) for w in label_words(t, i)}
    # "Riverbend's maize harvest": a word of the row's own cells (its crop) is the row's
    known |= {stem(w) for i in p.rows for x in t.rows[i] if x is not None for w in words(x.text)}
    said = [w for w in m.groups() if w]
    if stem(said[0]) in known or any(stem(w) in known for w in said) or said[0] in GENERIC:
        return ""
    return " ".join(said)


# two sides of a measure: a column of one side says nothing of the other
_SIDES = (
    (frozenset("worldwide global international overseas foreign".split()),
     frozenset("domestic local national".split())),
    (frozenset({"net"}), frozenset("gross operating".split())),
    (frozenset("before pre".split()), frozenset("after post".split())),
)


def _contrasted(c: ClaimText, p: Pick) -> int:
    """A column the pick turned down whose header says one side of a pair the claim says the
    other of ("worldwide" gross against `total_domestic_gross`); -1 when none."""
    said = {w for w, _ in c.toks}
    for j in p.rejected:
        head = set(words(p.r.table.columns[j].text.replace("_", " ")))
        for a, b in _SIDES:
            if (said & a and head & b and not said & b) or (said & b and head & a and not said & a):
                return j
    return -1


def _merge(records: Sequence[Pick]) -> Pick:
    """Records, each from its own source, as the rows of one table with the first one's
    columns (a field the others lack is empty in their rows)."""
    a = records[0]
    ta = a.r.table
    rows, cells, spans = [ta.rows[0]], [a.r.cells[0]], [a.r.rows[0]]
    for b in records[1:]:
        heads_b = [h.text for h in b.r.table.columns]
        order = [heads_b.index(h.text) if h.text in heads_b else -1 for h in ta.columns]
        rows.append(tuple(b.r.table.rows[0][k] if k >= 0 else None for k in order))
        cells.append(tuple(b.r.cells[0][k] if k >= 0 else None for k in order))
        spans.append(b.r.rows[0])
    table = Table(ta.columns, tuple(rows), ta.start, ta.end, ta.label, ta.caption, ta.kind)
    merged = Rendered(table, tuple(spans), tuple(cells), all(x.r.alone for x in records))
    sids = tuple(x.sid for x in records)
    return Pick(a.sid, merged, list(range(len(records))), a.cols, a.col_score, row_sid=sids)


def _two_records(c: ClaimText, picks: list[Pick]) -> Pick | None:
    """Two records the claim names and compares ("Saffron Lane has more reviews than Pico
    Taqueria"), each from its own source, read as one table of two rows."""
    named = [x for x in picks if x.rows and len(x.r.table.rows) == 1 and x.cols]
    ones = [x for x in picks if len(x.r.table.rows) == 1 and x.cols]
    # "Of the two, the Nimbus is the lighter"; "the Hybrid SE is two years newer": the other one
    if len(named) == 1 and len(ones) == 2 and (c.has(OF_THE_TWO) or c.has(GAP_SAID)):
        other = next(x for x in ones if x is not named[0])
        named = [named[0], replace(other, rows=[0])]
    if len(named) < 2 or not (c.has(THAN) or c.has(RATIO) or c.has(OF_THE_TWO) or c.has(GAP_SAID)):
        return None

    def where(x: Pick) -> int:
        name = label_text(x, 0).lower()
        if name in c.low:
            return c.low.find(name)
        # "The Kestrel gives you twice the storage of the Nimbus": a word of its name alone
        others = {w for y in named if y is not x for w in words(label_text(y, 0))}
        at = [m.start() for w in words(name) if w not in others and len(w) > 2
              for m in [re.search(rf"\b{re.escape(w)}\b", c.low)] if m]
        return min(at, default=len(c.low))

    a, b = sorted(named, key=where)[:2]
    heads_b = [h.text for h in b.r.table.columns]
    cols = [j for j in a.cols if a.r.table.columns[j].text in heads_b]
    if not cols:
        return None
    return replace(_merge([a, b]), rows=[0, 1], cols=cols)


def _records_counted(c: ClaimText, picks: list[Pick]) -> Pick | None:
    """Records, each in its own source, that a claim counts ("Both cars come with a full
    service history", "None of the three hotels allows pets"): the records that have the
    field the claim names, as the rows of one table. Not when it names one record alone
    (then it counts something of that record)."""
    if not COUNT_HEAD.match(c.low):
        return None
    ones = [x for x in picks if len(x.r.table.rows) == 1]
    if len(ones) < 2 or sum(bool(x.rows) for x in ones) == 1:
        return None
    first = next((x for x in ones if x.cols), None)
    if first is None:
        return None
    head = first.r.table.columns[first.cols[0]].text
    same = [x for x in ones if x.cols and x.r.table.columns[x.cols[0]].text == head]
    if len(same) < 2:
        return None
    merged = _merge([first] + [x for x in same if x is not first])
    return replace(merged, rows=[], cols=[first.cols[0]])


def _quoted_negation(low: str, tables: Sequence[tuple[str, Rendered]]) -> bool:
    """Every negation of the claim is in a relative clause and a cell's own words with the
    word after it ("for food contact surfaces that were not sanitized" of the violation "Food
    contact surfaces not sanitized"): it names what the cell names, it denies nothing."""
    found = list(NEG.finditer(low))
    if not found:
        return False
    cells = {x.text.lower() for _, r in tables for row in r.table.rows for x in row
             if x is not None and NEG.search(x.text.lower())}
    for m in found:
        after = re.match(r"\s+([a-z]{3,})", low[m.end():])
        if after is None or not any(f"{m.group(0)} {after.group(1)}" in cell for cell in cells):
            return False
        if not re.search(r"\b(?:that|which|who|whose)\s+(?:\w+\s+){0,2}$", low[: m.start()]):
            return False
    return True


def settle(claim: str, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """The verdict the cells give ``claim``, or None when no rule here settles it.
    ``tables``: (source id, rendered table) for every table among the sources."""
    if not tables or _COUNTERFACTUAL.search(claim):
        # "Without the hail, Plot C would have yielded more than 7 t/ha": what did not happen,
        # which the cells (what did) neither back nor refute
        return None
    # a record read through the table one of its fields names (Rafael's plan: Silver PPO)
    got = through_record(claim, tables, settle)
    if got is not None:
        return got
    tail = _NONE_TAIL.search(claim)
    # not "the only shop with no electric bikes": there the phrase says which rows
    head = claim[: tail.start()] if tail is not None else ""
    if tail is not None and not NEG.search(head) and not _PICKS_ROWS.search(head):
        # "totals $2,467, with no shipping charge": two claims, the second's "no" not the first's
        main = settle(head + ".", tables)
        return _both(main, settle(f"There is no {tail.group(1)}.", tables))
    c = ClaimText.of(claim)
    if c.negated and _quoted_negation(c.low, tables):
        c = replace(c, negated=False)
    got = items_counted(c, tables) or _settle(c, tables)
    if got is not None:
        return got
    # what the rules above leave: figures no one column holds, read from the cells
    for sid, r in tables:
        got = (tally(c, sid, r) or subtotal(c, sid, r) or product(c, sid, r) or share(c, sid, r)
               or per_unit(c, sid, r) or lines_total(c, sid, r) or named_ratio(c, sid, r))
        if got is not None:
            return got
    # a lookup, an extreme or a count whose rows the claim names by any of their values
    return (count_results(claim, tables) or count_rows(claim, tables) or extreme_row(claim, tables)
            or compare_rows(claim, tables) or compare_counts(claim, tables) or only_rows(claim, tables)
            or one_row(claim, tables))


_COUNTERFACTUAL = re.compile(r"\bwould(?:\s+not|n[’']t)?\s+have\b|\bwould[’']ve\b", re.I)
_NONE_TAIL = re.compile(r",?\s+(?:with|and)\s+(?:no|zero)\s+((?:[a-z-]+\s+){0,3}[a-z-]+)\s*[.!?]?\s*$", re.I)


_PICKS_ROWS = re.compile(r"\b(?:only|every|all|each|any|none|both|either|neither|how many|number of)\b", re.I)


def _both(a: Settled | None, b: Settled | None) -> Settled | None:
    """Two claims said in one sentence: CONTRADICTED when either is, SUPPORTED when both are,
    else unsettled."""
    for x in (a, b):
        if x is not None and x.verdict == "CONTRADICTED":
            return x
    if a is None or b is None or a.verdict != "SUPPORTED" or b.verdict != "SUPPORTED":
        return None
    return Settled("SUPPORTED", f"{a.note}; {b.note}", a.source_id, (*a.quotes, *b.quotes))


# an identifier's shape: "sh-10661", "ord_58812", "2024-0388"; a version ("3.1.1")
_ID_LIKE = re.compile(r"[a-z]{1,6}[-_]?\d{3,}(?:[-_][a-z0-9]+)*|\d{3,}[-_]\d+|\d+\.\d+\.\d+")


def _another_record(c: ClaimText, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """ "The total for order ORD-80572 was €117.75" against the record of ORD-58812: an
    identifier shaped like a record's own (its id, number, sku) that no cell of the sources
    holds names a record they do not have."""
    held = {m.group(0) for _, r in tables for row in r.table.rows for x in row if x is not None
            for m in _ID_LIKE.finditer(x.text.lower())}
    for sid, r in tables:
        t = r.table
        ids = [x.text.strip().lower() for row in t.rows for j, x in enumerate(row) if x is not None
               and (j == t.label or set(words(t.columns[j].text.replace("_", " "))) & ID_WORDS)
               and _ID_LIKE.fullmatch(x.text.strip().lower())]
        for m in _ID_LIKE.finditer(c.low):
            said = m.group(0)
            # of a record's own shape, its digits of any length ("SH-10661" beside "SH-7782")
            if said not in held and any(_loose(said) == _loose(x) for x in ids):
                one = len(t.rows) == 1
                p = Pick(sid, r, [0] if one else [], [], 0, said)
                note = (f"the source is about {ids[0].upper()}, not {said.upper()}" if one
                        else f"the source has no record {said.upper()}")
                return replace(settled(p, "UNSUPPORTED", note, []), missing_row=said)
    return None


def _loose(x: str) -> str:
    return re.sub(r"\d+", "0", shape(x))


def _settle(c: ClaimText, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    other = _another_record(c, tables)
    if other is not None:
        return other
    for sid, r in tables:
        counted = (count_value(c, sid, r) or weekly_hours(c, sid, r) or day_hours(c, sid, r)
                   or fields_total(c, sid, r)
                   or ratio_extreme(c, sid, r) or change_extreme(c, sid, r) or beats(c, sid, r)
                   or against_goal(c, sid, r))
        if counted is not None:
            return counted
    alone_in = only(c, tables) or only_changed(c, tables)
    if alone_in is not None:
        return alone_in
    ones = [(sid, r) for sid, r in tables if len(r.table.rows) == 1]
    if len(ones) == 1:  # the one record: a span between its two dates, whatever it names
        span = between_dates(c, Pick(ones[0][0], ones[0][1], [0], [], 0))
        if span is not None:
            return span
    picks = [p for sid, r in tables if (p := pick(c, sid, r)) is not None]
    alone = len(tables) == 1 and len(tables[0][1].table.rows) == 1  # the one record: what it is about
    picks = [p for p in picks if p.rows or p.col_score or p.missing_row or alone]
    if not picks:
        return None
    # a row named, or the one record (its fields named: "Dana Whitlock's account is enrolled in
    # paperless billing" against the account, not the row of a list her name is in)
    # a column named by a word before one found by the unit of the figure alone ("generated about
    # 45,300 MWh": the monthly Output, not the site record's battery_mwh)
    picks.sort(key=lambda p: (p.by_unit and any(q.col_score > 0 and not q.by_unit for q in picks),
                              -(len(p.rows) > 0 and p.col_score > 0),
                              -(len(p.rows) > 0 and len(p.r.table.rows) == 1),
                              -(len(p.rows) > 0 or (len(p.r.table.rows) == 1 and p.col_score > 0)),
                              -p.col_score))
    first = picks[0]
    name = label_text(first, 0).lower() if first.r.table.rows else ""
    own_list = [q for q in picks[1:] if q.col_score > 0 and len(q.r.table.rows) > 1
                and (q.sid == first.sid or (len(name) > 3 and name in q.r.table.caption.lower()))]
    # "Only one transaction on the account is still pending": a count is of a list's rows, not
    # of the record's field its words name (`account`)
    opening = COUNT_HEAD.match(c.low)
    of_rows = opening is not None and count_said(opening.group(1)) > 0  # a number; not "every", "both"
    if len(first.r.table.rows) == 1 and (not first.cols or first.by_unit or of_rows) and own_list:
        # "its three veterinarians have a combined 29 years of experience": a column of the
        # record's own list, not the record (named by its category "Veterinarian"); "Kestrel Ridge
        # generated ...": the table its caption says is the record's ("Kestrel Ridge Solar - monthly output")
        picks = [own_list[0], *(q for q in picks if q is not own_list[0])]
    both = _two_records(c, picks)
    if both is not None:
        nums = measures(c, both)
        for j in both.cols[:1]:
            for rule in RULES:
                got = rule(c, both, j, nums)
                if got is not None:
                    return got
    all_records = _records_counted(c, picks)
    if all_records is not None:
        got = count(c, all_records, measures(c, all_records))
        if got is not None:
            return got
    p = picks[0]
    # a record the claim does not name: only when it is the one record among the sources
    unnamed = len(p.r.table.rows) == 1 and not p.rows
    records = sum(len(x.r.table.rows) == 1 for x in picks)
    if unnamed and (records > 1 or (len(tables) > 1 and not p.col_score)):
        return None
    every = each_period_extreme(c, p)
    if every is not None:
        return every
    # (not for a share: "Police makes up more than 40% of the FY2025 budget" is of its column)
    along = None if p.rows and p.cols and c.has(SHARE_OF) else series_pick(c, p) or sole_measure(c, p)
    if along is not None:  # one row's figures across period columns: a row per period
        p = along
    quarter = period_rows(c, p)
    if quarter is not None:  # a site's rows, one a quarter: the quarter(s) the claim names
        p = quarter
    nums = measures(c, p)
    both_figures = paired(c, p, nums)
    if both_figures is not None:  # two figures, two columns of one unit: each by its own word
        return both_figures
    span = between_dates(c, p)
    if span is not None:
        return span
    side = _contrasted(c, p) if p.rows and not p.cols and nums else -1
    if side >= 0:
        # "Night Tide Protocol's worldwide gross topped $400 million" against domestic gross:
        # the measure the claim names is the other side of the one the table has
        head = p.r.table.columns[side].text
        return settled(p, "UNSUPPORTED", f"the table has {head}, not the measure the claim names", [])
    if p.missing_row and p.cols:
        return replace(settled(p, "UNSUPPORTED", f"the table has no row for {p.missing_row!r}", []),
                       missing_row=p.missing_row)
    if COUNTED.match(c.low):
        got = count(c, p, nums)
        if got is not None:
            return got
    # the column the claim's operation names, nearest after its word; of two it ties between,
    # a measure's later column ("headcount rose": headcount_dec_31 against headcount_jan_1)
    for j in p.cols[:1] or (tied_pair(p) if c.has(CHANGE) else []):
        for rule in RULES:
            got = rule(c, p, j, nums)
            if got is not None:
                return got
    got = count(c, p, nums)
    if got is not None:
        return got
    if COUNTED.match(c.low):
        return None  # a count the rules could not read: not a lookup of the rows it names
    whose = _of_the_row(c, p)
    if whose:  # "Harwood Athletic's top scorer": something of the row the table does not hold
        return settled(p, "UNSUPPORTED", f"the table holds nothing of {whose}", []) if p.r.alone else None
    # "the mugs cost €50.00 in total": their quantity times their unit price, before the lookup
    made = product(c, p.sid, p.r) if c.has(TOTAL) else None
    if made is not None:
        return made
    rate = per_unit(c, p.sid, p.r)  # "about 67 cents per gigabyte": a price over the row's gigabytes
    if rate is not None:
        return rate
    # figures whose words tie between columns ("24 point and 6 win"): each in the one its words name
    named = bound_figures(c, p, nums) if not p.cols else None
    return named or lookup(c, p, nums) or (None if c.has(TOTAL) else product(c, p.sid, p.r)) or absent(c, p)
