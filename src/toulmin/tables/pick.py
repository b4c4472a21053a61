"""Which table, rows and columns a claim is about: rows by their names ("Q2 2024", a
record's "name"), columns by their headers' words ("revenue" for "revenue ($M)"), the
column nearest after the claim's operation word first; a claim's numbers that state a
measure; the outcome with its cells quoted."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Literal

from ..checks.numbers import Number, find_numbers
from ..text import STOPWORDS
from .parse import Cell, Table
from .render import Rendered
from .values import CALENDAR, Value, header_words, human, month_number, read_value, stem, table_unit, words
from .words import (
    AGE_WORD,
    AVERAGE,
    CHANGE,
    EACH,
    EVERY,
    GENERIC,
    LESS,
    MAX,
    MIN,
    MORE,
    NUMBER_WORDS,
    ROWNOUN,
    THAN,
    TIMES,
    TOTAL,
    WHEN_HEAD,
    YEARISH,
    ClaimText,
    agrees,
    count_said,
)

__all__ = ["ID_WORDS", "Outcome", "Pick", "Settled", "aside", "charges", "names_cell", "pick", "settled"]

Outcome = Literal["SUPPORTED", "CONTRADICTED", "UNSUPPORTED"]


@dataclass(frozen=True)
class Settled:
    verdict: Outcome
    note: str
    source_id: str  # the source of the deciding cell
    quotes: tuple[tuple[str, int, int], ...]  # (source id, span in its reading), the deciding cell first
    missing_row: str = ""  # UNSUPPORTED because the table has no row for this ("Q3 2024")


@dataclass
class Pick:
    sid: str
    r: Rendered
    rows: list[int]  # named rows, in the order the claim names them
    cols: list[int]  # matched columns, best first
    col_score: int
    missing_row: str = ""
    tied: bool = False  # two columns fit the claim's words equally: it names neither
    rejected: tuple[int, ...] = ()  # columns whose noun the claim qualifies otherwise ("net" income)
    row_sid: tuple[str, ...] = ()  # rows from other sources (two records compared): each one's
    tied_cols: tuple[int, ...] = ()  # the columns of a tie, for a figure between two of them
    by_unit: bool = False  # the column was found by the unit of the claim's figure, no word of it said


ID_WORDS = frozenset({"id", "name", "sku", "code", "number", "ref", "reference", "title", "username", "no"})
_WHEN_WORDS = frozenset({"year", "season", "date", "day"})  # a row's when tells it from another as well
_CLOCK_AFTER = re.compile(r"(?::\d\d)?\s*(?:a\.?m\.?|p\.?m\.?)(?![a-z])")
_BARE_LEAF = frozenset(stem(w) for w in ("amount", "value"))  # a key that only holds its parent's figure


def _names_it(t: Table, i: int, j: int, have: set[str], text: str) -> bool:
    """Cell (i, j) is how the claim names the row ("Order ORD-58812": order_id; "Route 11":
    `Route` 11), not what it states of it."""
    cell = t.rows[i][j]
    if cell is None:
        return False
    if _by_header_and_value(t, text, [j]) == [i]:
        return True
    if not set(words(t.columns[j].text.replace("_", " "))) & ID_WORDS:
        return False
    cw = words(cell.text)
    return bool(cw) and all(w in have for w in cw)


def _by_unit(
    c: ClaimText, r: Rendered, rejected: list[int], dated: Sequence[int] = ()
) -> list[tuple[float, float, float, int]]:
    """No header named: the one column whose values are in the unit of the claim's figure
    ("24 seconds behind" and a column of race times); of several, the one whose header has
    the period the claim names (``dated``: "$50.7 million in FY2024" and "Revenue FY2024 ($M)"
    beside "Revenue FY2023 ($M)")."""
    figures = [n for n in find_numbers(c.text) if n.unit and n.unit not in ("%",)]
    units = {n.unit for n in figures}
    t = r.table
    fit = []
    for j in range(len(t.columns)):
        if j == t.label or j in rejected:
            continue
        vals = [cell_value(r, i, j) for i in range(len(t.rows))]
        got = {v.number.unit for v in vals if v is not None and v.number is not None}
        if got == {""} and _MONEY_FIELD.search(t.columns[j].text.strip().lower()):
            got = units & {"$", "€", "£", "¥"} or got  # "amount": -69.99, money whatever its sign
        sizes = [abs(v.number.value) for v in vals if v is not None and v.number is not None]
        # and not far above the column's values: "$8 million" is no price of $99-189 (a unit
        # alone is weak evidence of the measure); below them it may be a difference of two
        # ("24 seconds behind" and race times of two hours)
        near = any(abs(n.value) <= max(sizes) * 10 for n in figures if n.unit in got)
        if len(got) == 1 and got & units and near:
            fit.append((-1.0, 0.0, -1.0, j))
    if len(fit) > 1:
        fit = [x for x in fit if x[-1] in dated]
    return fit if len(fit) == 1 else []


_COUNT_HEADS = frozenset({"count", "number", "qty", "quantity", "units", "inventory", "total"})


def _by_count(c: ClaimText, r: Rendered) -> list[tuple[float, float, float, int]]:
    """ "104 rooms across all room types": the one column of how many (`Count`, `Number`)
    when the figure counts the thing the rows are kinds of (the label column `Room type`)."""
    t = r.table
    if not 0 <= t.label < len(t.columns):
        return []
    kinds = {stem(w) for w in words(t.columns[t.label].text)}
    counted = [n for n in find_numbers(c.text) if n.unit and stem(n.unit) in kinds]
    heads = [j for j, col in enumerate(t.columns)
             if j != t.label and words(col.text) and set(words(col.text.lower())) <= _COUNT_HEADS]
    return [(-1.0, 0.0, -1.0, heads[0])] if counted and len(heads) == 1 else []


# a list's field of money written without its sign ("amount": -69.99; not "declared_value.amount",
# a part of the record the claim's figure may not be of)
_MONEY_FIELD = re.compile(r"^amount$")


# "becomes available": a verb before the header's word, not a kind of it
_BECOMES = frozenset(
    "becomes become became becoming remains remain remained stays stay stayed gets got".split()
)


_DEGREE = frozenset(
    "fully partly partially entirely completely mostly mainly largely wholly primarily".split()
)


def _other_kind(
    c: ClaimText, hw: set[str], hit: set[str], names: set[str], surface: Collection[str] = ()
) -> bool:
    """The claim qualifies the header's noun with a word the header lacks, and the header
    qualifies it with one the claim lacks: "net income" against "Operating income"."""
    if hw <= c.stems:
        return False
    seq = [w for w, _ in c.toks]
    for k, w in enumerate(seq):
        if c.toks[k][1] >= len(c.low):
            continue  # a word the claim implies ("stock" of "sold out"), after its end: no qualifier
        if stem(w) in hit and k > 0:
            before, at = c.toks[k - 1]
            if surface and w not in surface and w.rstrip("s") not in surface:
                continue  # "costs" for a price column: a verb, its subject before it ("the account costs")
            # (its written words: "rate" is one word, whatever header_words adds for money)
            if len(surface or hw) < 2 and not _UNLIKE.fullmatch(before):
                continue  # a header of one word: only a word that makes it another count ("unused")
            if k > 1 and (seq[k - 2].isdigit() or NUMBER_WORD_RE.fullmatch(seq[k - 2])):
                continue  # "1.3 million subscribers": the number's scale, not a kind
            if c.low[at + len(before) : at + len(before) + 1] in ("'", "’"):
                continue  # "Halvorsen Logistics' revenue": whose, not which
            if k > 1 and c.low[at - 1 : at] == "-":
                joined = c.low[c.toks[k - 2][1] : at + len(before)]  # "full-year", "district-wide"
                if joined.endswith("-wide") or any(pat.fullmatch(joined) for pat in (TOTAL, AVERAGE)):
                    continue  # the whole of it, not another kind of it
            if (
                before not in GENERIC
                and before not in _BECOMES
                and not NUMBER_WORD_RE.fullmatch(before)
                and before not in names
                and stem(before) not in hw
                and not re.fullmatch(r"[\d.,]+", before)  # "15.3 MW": the figure's unit, not a kind
                and not month_number(before)  # "June revenue": when, not which kind
                # "fully remote": an adverb says how much, not which kind (not "monthly fee")
                and before not in _DEGREE
                and len(before) > 2
                and not any(pat.match(before) for pat in (MAX, MIN, TOTAL, AVERAGE, MORE, LESS))
            ):
                return before not in _POSSESSIVE and not before.endswith("'s")
    return False


_FEE = (
    r"(?:any|the|a|an|its|their)?\s*((?:[a-z-]+\s+){0,2}?(?:fees?|charges?|taxe?s?|vat|tips?|deposits?|"
    r"discounts?|shipping|delivery|surcharges?|extras?))\b"
)
# "€384 before any pet fee", "$725 including the cleaning fee": a charge left out of the
# figure or added to it; either way not the figure's measure (ADDED: compute adds it)
ADDED = re.compile(r"\b(?:including|includes|included|plus|inclusive of|with|after adding)\s+" + _FEE)
_ADDED_AFTER = re.compile(  # "$615 once the cleaning fee is added"
    r"\b(?:once|when|after|with)\s+" + _FEE + r"\s+(?:is |are |has been |gets )?(?:added|included)\b"
)


def charges(low: str, added_only: bool = False) -> list[tuple[str, tuple[int, int]]]:
    """The charges a claim's figure includes ("including the cleaning fee", "once the
    cleaning fee is added") or, unless ``added_only``, leaves out ("before any pet fee"):
    each one's words and where its phrase is."""
    pats = (ADDED, _ADDED_AFTER) if added_only else (LEFT_OUT, _ADDED_AFTER)
    return [(m.group(1), m.span()) for pat in pats for m in pat.finditer(low)]
LEFT_OUT = re.compile(
    r"\b(?:before|excluding|excludes?|not including|not counting|without|except(?: for)?|net of|including|"
    r"includes|included|plus|inclusive of|with|after adding)\s+" + _FEE
)


def aside(c: ClaimText, head: str) -> bool:
    """The column is the charge a claim's figure leaves out or adds ("before any pet fee",
    "including the cleaning fee"): not what the figure states."""
    hw = header_words(head)
    return any(
        (want := {stem(w) for w in words(said) if w not in _AMOUNT_WORDS}) and want <= hw
        for said, _ in charges(c.low)
    )


_AMOUNT_WORDS = frozenset({"any", "the", "a", "an", "its", "their"})


_COUNTED_NOUN = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|all|none|both|neither|each|any)\s+of\s+"
    r"(?:the|its|their)\s+(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+)?([a-z]+)"
    # "Only one product in the catalog is out of stock": the count that opens the claim, its noun
    r"|^\s*only\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+([a-z]+)\s+(?:in|on|at)\b"
)
_ALL_THE_ROWS = re.compile(
    r"\b(?:the|its|their|all|these|those)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"\s+([a-z]+)"
)
_UNLIKE = re.compile(r"un\w+|non\w*|remaining|spare|empty|vacant|other|extra|additional")
_PERIOD_WORD = re.compile(r"(?:19|20)\d\d|\d\d|fy|cy|q[1-4]|h[12]")
NUMBER_WORD_RE = re.compile(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twice|double|half)\b")
_POSSESSIVE = frozenset(
    {"its", "their", "his", "her", "our", "total", "average", "annual", "monthly", "yearly"}
)


def label_words(t: Table, i: int) -> list[str]:
    row = t.rows[i]
    cell = row[t.label] if 0 <= t.label < len(row) else None
    return words(cell.text) if cell is not None else []


_SMALL = frozenset("the a an of in on at for to by and or is be was de la le".split())
_SUMMARY_ROW = frozenset({"total", "totals", "sum", "overall", "average", "all", "mean"})
_OP_WORDS = (EVERY, MAX, MIN, TOTAL, AVERAGE, THAN, TIMES)


_PER_PERIOD = re.compile(
    r"\b(?:per|a|an|each|every)\s+(night|day|hour|week|month|year)\b"
    r"(?=\s*(?:$|[,.;:!?)]|(?:than|and|or|but|for|in|at|on|with|from|to|during|over)\b))"
)


_ENERGY = frozenset({"wh", "kwh", "mwh", "gwh", "twh", "mw", "kw", "gw"})


_ENERGY_FIGURE = re.compile(rf"\d[\d,.]*\s*(?:{'|'.join(sorted(_ENERGY))})\b")


def _unitless(low: str) -> str:
    return _ENERGY_FIGURE.sub(" ", low)


def pick(c: ClaimText, sid: str, r: Rendered) -> Pick | None:
    t = r.table
    # "Tallinn's staff" names the row Tallinn: a possessive is its name
    seq = [re.sub(r"['’]s$", "", w) for w, _ in c.toks]
    have = {w for w, _ in c.toks} | set(seq)
    flat = " " + " ".join(seq) + " "
    first: dict[str, int] = {}
    for k, w in enumerate(seq):  # a word as written ("women's") and without its possessive
        first.setdefault(w, k)
        first.setdefault(c.toks[k][0], k)
    labels = [label_words(t, i) for i in range(len(t.rows))]
    common = set.intersection(*(set(x) for x in labels)) if labels and all(labels) else set()
    # a month's number the claim gave by its name ("April" for a row 2024-04)
    month_said = {w for k, (w, at) in enumerate(c.toks) if k and c.toks[k - 1][1] == at and w.isdigit()}
    rows: list[tuple[int, int]] = []
    stems = {stem(w): k for k, w in reversed(list(enumerate(seq)))}
    for i, lw in enumerate(labels):
        if lw and all(w in have for w in lw):
            at = flat.find(" " + " ".join(lw) + " ")
            key = [w for w in lw if w not in common and w not in _SMALL] or lw
            bare = all(w.isdigit() and len(w) < 4 and w not in month_said for w in key)
            if at < 0 and len(lw) > 1 and bare:
                continue  # "win 12 games in August" does not name the row "August 12"
            # where the claim names it: the name as a phrase, else its distinguishing word
            rows.append((flat[:at].count(" ") if at >= 0 else min(first[w] for w in key), i))
        elif len(lw) >= 2 and all(stem(w) in stems for w in lw):  # "Aero milk frothers": Milk Frother Aero
            rows.append((min(stems[stem(w)] for w in lw), i))
        elif common and (unshared := [w for w in lw if w not in common]) and len(unshared) < len(lw):
            # "Pell Hill" for "Pell Hill Library" when every row is a library: the name
            # without the words all the rows share, said as a phrase
            at = flat.find(" " + " ".join(unshared) + " ")
            small = all(w.isdigit() and len(w) < 4 for w in unshared) or len("".join(unshared)) < 3
            said_month = all(w in month_said for w in unshared)  # "January" for 2024-01 among 2024's months
            # "Q3" or "the third quarter" for Q3 2023 among 2023's quarters
            said_month = said_month or all(re.fullmatch(r"q[1-4]", w) for w in unshared)
            if at >= 0 and (not small or said_month):
                rows.append((flat[:at].count(" "), i))
    # a label named within a longer one ("Pro 14" inside "Pro 14 Max") is not named alone
    named = [i for _, i in sorted(rows)]
    said_at = {i: k for k, i in rows}
    kept = []
    for i in named:
        holders = [labels[j] for j in named if j != i and set(labels[i]) < set(labels[j])]
        if not holders:
            kept.append(i)
            continue
        apart = _said_apart(flat, labels[i], holders)
        if apart >= 0:  # named again on its own: where it is said apart
            said_at[i] = apart
            kept.append(i)
    named = sorted(kept, key=lambda i: (said_at[i], i))
    if not named:
        named = _by_own_word(seq, labels, {w for col in t.columns for w in words(col.text.replace("_", " "))})
    if not named and t.kind == "json":
        # a record's other words name it too ("in Tampa"): rows whose text cells the claim holds,
        # under a key the claim does not name (in "stored in the Leeds warehouse", Leeds is what
        # the claim says of the record's `warehouse`, not its name)
        asked = {j for j, h in enumerate(t.columns) if header_words(h.text) & c.stems}
        for i, row in enumerate(t.rows):
            if len(t.rows) > 1 and any(
                x is not None and j != t.label and j not in asked and not read_value(x.text).number
                and len(words(x.text)) >= 1 and all(w in have for w in words(x.text)) and len(x.text) > 3
                for j, x in enumerate(row)
            ):
                named.append(i)
        if not named and len(t.rows) > 1:
            named = _by_leading_words(t, c, _shared_texts(t))
        if len(t.rows) == 1 and _phrase_held(c.text, t.rows[0], t.label):
            named = [0]  # "the Quay Street unit": the record whose address is "14 Quay Street, Unit 5B"
    if not named and re.search(r"\boverall\b", c.low):  # "Overall parks spending": the Total row
        named = [i for i, lw in enumerate(labels) if lw and set(lw) <= {"total", "overall", "all"}][:1]
    if not named and t.kind != "json" and len(t.rows) > 1:
        named = _by_other_name(t, have)
    if not named and len(t.rows) > 1:
        named = _by_header_and_value(t, c.text)
    named = [i for i in named if not _another_model(seq, labels[i], labels)]
    op = min((m.end() for pat in _OP_WORDS if (m := pat.search(c.low))), default=-1)
    stem_pos: dict[str, int] = {}
    for w, at in c.toks:
        stem_pos.setdefault(stem(w), at)
    scores: list[tuple[float, float, float, int]] = []
    hits: dict[int, set[str]] = {}
    rejected: list[int] = []
    dated: list[tuple[int, int]] = []  # (period words said, column)
    subject = named[0] if named else (0 if len(t.rows) == 1 else -1)
    # the words that name the rows name no column ("Hotel Quayside" is not "hotel_id")
    naming = {stem(w) for i in named for w in labels[i]} | (
        {stem(w) for w in labels[0]} if subject == 0 and not named and labels and labels[0] else set()
    )
    # "three of the five bottles": the rows' noun, what is counted, names no column
    said = c.stems - naming - {stem(m.group(1) or m.group(2)) for m in _COUNTED_NOUN.finditer(c.low)}
    # "the five routes" of a table of five rows: the rows' noun, not the `Route` column
    said -= {stem(m.group(2)) for m in _ALL_THE_ROWS.finditer(c.low)
             if count_said(m.group(1)) == len(t.rows)}
    # "comes to €384 before any pet fee": what the figure leaves out is not its measure
    aside_words = {stem(w) for said_, _ in charges(c.low) for w in words(said_)}
    rest = c.low
    for _, (a, b) in charges(c.low):
        rest = rest[:a] + " " * (b - a) + rest[b:]
    said -= aside_words - {stem(w) for w in words(rest)}
    said |= set(acronyms(c.low))  # "single sign-on" for `sso`
    said |= pair_initials(c.low)  # "heart rate" for `hr_bpm`
    per_period = {stem(m.group(1)) for m in _PER_PERIOD.finditer(c.low)} - {
        stem(w) for w in words(_PER_PERIOD.sub(" ", c.low))}
    # the noun right after a named row's name ("the Gullhaven–Skerry crossing")
    figures = find_numbers(c.text)
    # "45,300 MWh": the figure's unit, which names a column (`battery_mwh`) by its unit alone
    unit_said = {stem(n.unit) for n in figures if n.unit in _ENERGY} - {
        stem(w) for w in words(_unitless(c.low))}
    kind_nouns: set[str] = set()
    for i in named:
        phrase = " " + " ".join(labels[i]) + " "
        at = flat.find(phrase)
        written = re.search(r"\W+".join(map(re.escape, labels[i])), c.low) if labels[i] else None
        if at >= 0 and written is not None and c.low[written.end() :][:1] == " ":
            nxt = flat[at + len(phrase) :].split()  # not "Ostra's output": whose, not what kind
            if nxt:
                kind_nouns.add(stem(nxt[0]))
    if (_IN_TOTAL.search(c.low) and not re.search(r"\btotal\b", _IN_TOTAL.sub(" ", c.low))
            and not _total_in_unit(c, r)):
        said -= {stem("total")}  # "seven items in total": every item added up, not the order's `total`
    claim_words = {w for w, _ in c.toks}
    for j, head in enumerate(t.columns):
        if j == t.label or (subject >= 0 and _names_it(t, subject, j, have, c.text)):
            continue
        hw = header_words(head.text)
        hit = hw & said
        short = initials(head.text)
        if not hit and short and short in claim_words:
            hit = {short}  # "AISC" of `All-in sustaining cost ($/oz sold)`
        if hit and per_period and not re.search(r"per|/|ly\b|daily", head.text.lower()):
            # "costs €46.50 more per night": the period a rate is of, not the `nights` a row counts
            hit -= per_period
        if hit and hit <= kind_nouns and not hw <= said and figures and c.has(CHANGE) and not any(
            (v := cell_value(r, 0, j)) is not None and fits(n, v) for n in figures
        ):
            continue  # "the Gullhaven–Skerry crossing ... 70%": the row's kind, not "Crossing time (min)"
        if hit and hit <= _PERIOD_NOUNS and _labels_periods(t, j) and any(
            n.unit and n.unit != "s" for n in find_numbers(c.text)  # not "two years newer"
        ):
            continue  # "in the second quarter": the rows' period, not a measure of a figure
        if hit and all(_PERIOD_WORD.fullmatch(h) for h in hit):
            dated.append((len(hit), j))
            continue  # "2024" alone: which measure of 2024 is not said (but see _by_unit)
        if hit and hit <= _ROW_NOUNS and _numbers_rows(r, j) and not any(
            # "game 14", "78.0 be the game that ...": a game's number names it
            re.search(rf"\b{re.escape(w)}\w*\s+(?:no\.?\s*|#\s*)?\d|\d(?:\.0)?\s+(?:be|is|was)\s+the\s+{re.escape(w)}",
                      c.low)
            for w in words(head.text)
        ):
            continue  # "the most points in a single game": `game` numbers the rows (1, 2, 3 ...)
        if hit and t.kind == "json" and len(t.rows) == 1 and _an_id(t.rows[0][j], c.low):
            continue  # "the invoice" names the record whose `invoice` is INV-2025-00417, not that field
        ids = set(words(head.text.replace("_", " "))) & ID_WORDS
        if hit and ids and t.kind == "json" and not {stem(w) for w in ids} & hit and not any(
            x is not None and words(x.text) and all(w in have for w in words(x.text))
            for x in (row[j] if j < len(row) else None for row in t.rows)
        ):
            continue  # "on the invoice" names the record, not its invoice_number
        own = header_words(head.text.rsplit(".", 1)[-1])  # a record's parents ("attributes") qualify nothing
        if own and own <= _BARE_LEAF and "." in head.text:
            own = header_words(head.text)  # "price.amount": the parent is what the figure is
        if hit and t.kind == "json" and not hit & own:
            continue  # "its plan" names no field of `plan` ("plan.seats_purchased"): its words are not said
        row_kind = set(words(t.columns[t.label].text)) if 0 <= t.label < len(t.columns) else set()
        if hit and _other_kind(
            c,
            own,
            hit & own,
            {w for lw in labels for w in lw} | row_kind,
            set(words(human(head.text.rsplit(".", 1)[-1]))),
        ):
            rejected.append(j)
            continue  # "net income" is not "Operating income"
        if hit:
            where = (
                min(stem_pos[h] for h in hit if h in stem_pos) if any(h in stem_pos for h in hit) else 10**6
            )
            near = (where - op if where >= op else 500 + op - where) if op >= 0 else 0
            scores.append((-len(hit), near, -len(hit) / len(hw), j))
            hits[j] = hit
    # "industrial consumption peaked": the operation's own word names no column ("Peak
    # Demand") when another column is named by a word of the claim's own
    op_spans = [(m.start(), m.end()) for pat in _OP_WORDS for m in pat.finditer(c.low)]

    def op_only(j: int) -> bool:
        # said as the operation ("peaked"), not as the header writes it ("at peak times": `Peak_headway_min`)
        written = set(words(human(t.columns[j].text.rsplit(".", 1)[-1])))
        return all(any(a <= stem_pos.get(h, -1) < b and c.low[a:b] not in written for a, b in op_spans)
                   for h in hits[j])

    def figured(j: int) -> bool:
        got = [cell_value(r, i, j) for i in range(len(t.rows))]
        return sum(v is not None and v.number is not None for v in got) * 2 > len(t.rows)

    if any(not op_only(s[-1]) and figured(s[-1]) for s in scores):
        scores = [s for s in scores if not op_only(s[-1])]
    scores.sort()
    if not scores and c.has(AGE_WORD):  # "the newest property": of the one column of years built
        when = [j for j, col in enumerate(t.columns) if j != t.label and WHEN_HEAD.search(human(col.text))]
        scores = [(-1.0, 0.0, -1.0, when[0])] if len(when) == 1 else []
    unit_only = False
    if not scores and not rejected:  # a measure the claim names otherwise is not found by its unit
        most = max((k for k, _ in dated), default=0)  # "FY2024" says fy and 2024: not FY2023's column
        scores = _by_unit(c, r, rejected, [j for k, j in dated if k == most]) or _by_count(c, r)
        unit_only = bool(scores)
        years = [j for _, j in dated if all(_PERIOD_WORD.fullmatch(w) for w in words(t.columns[j].text))]
        if not scores and len(years) >= 2 and c.has(CHANGE):
            # "grew by about 10% between 2023 and 2024" of a table whose columns are years:
            # the later year's column, whose earlier one the change reads
            scores = [(-1.0, 0.0, -1.0, max(years))]
    if len(scores) > 1 and scores[0][:3] == scores[1][:3] and subject >= 0:
        # a tie broken by the kind of value the claim states: a figure, or words
        wants_number = bool(re.search(r"\d", c.low)) or bool(c.has(NUMBER_WORD_RE))
        kind = (
            [
                s
                for s in scores
                if s[:3] == scores[0][:3] and (cell_value(r, subject, s[-1]) or Value("")).number is not None
            ]
            if wants_number
            else [
                s
                for s in scores
                if s[:3] == scores[0][:3] and (cell_value(r, subject, s[-1]) or Value("x")).number is None
            ]
        )
        if len(kind) == 1:
            scores = kind + [s for s in scores if s is not kind[0]]
            # a yes/no the claim also says stays ("the 20 MWh battery is in operation":
            # `storage.operational: false` beside `storage.battery_mwh`)
            scores[1:] = [s for s in scores[1:] if s[:3] != scores[0][:3] or _yes_no(r, subject, s[-1])] or []
    tie = [s[-1] for s in scores if s[:3] == scores[0][:3]]
    if len(tie) > 1 and subject >= 0 and all(hits.get(j) == hits.get(tie[0]) for j in tie):
        # the same words fit two columns, broken by the claim's figure: the one whose cell of
        # the row states it ("Raleigh ... with 236 employees": headcount_2024 236, not
        # headcount_2023 212); not two columns each named by a word of its own ("pick", "round")
        figures = [n for n in find_numbers(c.text) if not n.named]  # not "Cow 1057": a name
        stated = [
            s
            for s in scores
            if s[:3] == scores[0][:3]
            and (v := cell_value(r, subject, s[-1])) is not None
            and v.number is not None
            and any(not n.bound and fits(n, v) and agrees(n, v.number.value) for n in figures)
        ]
        if len(stated) == 1 and len(figures) == 1:  # two figures may be of two columns: each its own
            scores = stated + [s for s in scores if s[:3] != scores[0][:3]]
        elif len(figures) == 1 and figures[0].unit:
            # else by the figure's unit in the header ("26.3 kg of milk": `Milk yield (kg/day)`,
            # not `Days in milk`), which holds whether the figure is right or wrong
            unit = {figures[0].unit.lower(), *figures[0].nouns[:1]}  # "kg" is read as 1000 "g"
            in_unit = [s for s in scores if s[:3] == scores[0][:3]
                       and unit & set(words(t.columns[s[-1]].text.replace("_", " ")))]
            if len(in_unit) == 1:
                scores = in_unit + [s for s in scores if s[:3] != scores[0][:3]]
    if len(scores) > 1 and scores[0][:3] == scores[1][:3]:
        # "the campaigns raised": `Raised ($)`, whose written words the claim says, not `Cost to
        # Raise ($)` (both read {raise, price}: a money header adds "price")
        tied = [x for x in scores if x[:3] == scores[0][:3]]
        whole = [x for x in tied if _written_said(t.columns[x[-1]].text, c)]
        if len(whole) == 1:
            scores = whole + [x for x in scores if x is not whole[0]]
            scores[1:] = [x for x in scores[1:] if x[:3] != scores[0][:3]] or []
    cols = [x[-1] for x in scores]
    if len(scores) > 1 and scores[0][:3] == scores[1][:3]:
        cols = []  # a tie ("points" and "points for" for "51 points"): no column is the claim's
        if not named:
            # "every department's budget grew from FY2023 to FY2024": one measure's two periods,
            # every row's change up to the period said last
            last = _said_last(c, t, [x[-1] for x in scores if x[:3] == scores[0][:3]])
            if last >= 0 and c.has(CHANGE) and c.has(EACH):
                return Pick(sid, r, [], [last], int(-scores[0][0]), rejected=tuple(rejected))
            return None
        tied_cols = tuple(x[-1] for x in scores if x[:3] == scores[0][:3])
        return Pick(
            sid,
            r,
            named,
            cols,
            int(-scores[0][0]),
            "",
            tied=True,
            rejected=tuple(rejected),
            tied_cols=tied_cols,
        )
    else:
        cols = [j for *key, j in scores if key[0] == scores[0][0]]  # as many of its words as the best
        if subject >= 0 and figures:
            # a yes/no the claim says beside its figure ("the 20 MWh battery is in operation")
            cols += [j for *_, j in scores if j not in cols and _yes_no(r, subject, j)]
    missing = ""
    if not named and len(t.rows) > 1:
        missing = missing_row(c, labels)
    elif not named and labels and _another_model(seq, labels[0]):
        k = _model_at(seq, labels[0])
        missing = " ".join(seq[k : k + 2])  # "mavis 8", not the record's "Mavis 4 Pro"
    unit_only = unit_only or bool(cols and unit_said and all(hits.get(j, set()) <= unit_said for j in cols))
    return Pick(sid, r, named, cols, int(-scores[0][0]) if scores else 0, missing, rejected=tuple(rejected),
                by_unit=unit_only)


def _said_last(c: ClaimText, t: Table, cols: list[int]) -> int:
    """Of columns that differ only by their period ("Budget FY2023", "Budget FY2024"), the
    one whose period the claim says last; -1 when they differ otherwise or one is not said."""
    heads = [words(t.columns[j].text) for j in cols]
    shared = set.intersection(*(set(h) for h in heads))
    at = []
    for j, hw in zip(cols, heads):
        own = [w for w in hw if w not in shared]
        if len(own) != 1 or not _PERIOD_WORD.fullmatch(own[0]):
            return -1
        k = [at_ for w, at_ in c.toks if w == own[0]]
        if not k:
            return -1
        at.append((k[-1], j))
    return max(at)[1] if at else -1


_NAME_PAIR = re.compile(r"\b(?=([A-Z][a-z]+\s+[A-Z][a-z]+)\b)")


def _name_pairs(text: str) -> set[str]:
    return {" ".join(m.group(1).lower().split()) for m in _NAME_PAIR.finditer(text)}


def names_cell(claim: str, cell: Cell) -> bool:
    """The claim says two capitalised words in a row that the cell (a text: an address, a
    title) writes so too: "the Quay Street unit" and "14 Quay Street, Unit 5B"."""
    return read_value(cell.text).number is None and bool(_name_pairs(claim) & _name_pairs(cell.text))


def _phrase_held(text: str, row: Sequence[Cell | None], label: int) -> bool:
    """A text cell of the record the claim names it by (``names_cell``)."""
    return any(x is not None and j != label and names_cell(text, x) for j, x in enumerate(row))


# the nouns of rows numbered off ("game 14", "goal 3"): "in a single game" names no column
_ROW_NOUNS = frozenset(stem(w) for w in "game match episode goal race week".split())


def _numbers_rows(r: Rendered, j: int) -> bool:
    """Column j counts the rows off: whole numbers, each one more than the row's before (a
    game's, a pick's, an episode's number), three rows or more."""
    vals = [cell_value(r, i, j) for i in range(len(r.table.rows))]
    got = [v.number.value for v in vals if v is not None and v.number is not None and not v.number.unit]
    return len(got) == len(vals) >= 3 and all(b - a == 1 for a, b in pairwise(got))


def _yes_no(r: Rendered, i: int, j: int) -> bool:
    v = cell_value(r, i, j)
    return v is not None and v.truth is not None and v.number is None


def _written_said(head: str, c: ClaimText) -> bool:
    """Every word of the header as written (its unit in brackets aside) is a word of the claim."""
    said = {stem(w) for w, _ in c.toks}
    written = re.sub(r"\([^)]*\)", " ", human(head.rsplit(".", 1)[-1]))
    mine = [w for w in words(written) if w not in _HEADER_SMALL]
    return bool(mine) and all(stem(w) in said for w in mine)


_HEADER_SMALL = frozenset({"to", "of", "the", "a", "an", "and", "in", "per", "for"})
_ID_SHAPE = re.compile(r"[A-Za-z]{1,6}[-_]\d[\dA-Za-z-]*|[A-Za-z]{2,6}\d{3,}")


def _an_id(cell: Cell | None, low: str) -> bool:
    """A record's identifier ("INV-2025-00417") the claim does not state."""
    text = cell.text.strip() if cell is not None else ""
    return bool(_ID_SHAPE.fullmatch(text)) and text.lower() not in low


_PERIOD_LABEL = re.compile(r"(?:fy)?\d{4}(?:[-/ ]?(?:q[1-4]|h[12]|\d{1,2}))?|q[1-4](?:[-/ ]\d{4})?")
_PERIOD_NOUNS = frozenset(stem(w) for w in "quarter year month week period season date".split())


def _labels_periods(t: Table, j: int) -> bool:
    """A column of period labels ("2024-Q1", "2023"), no figures of a measure."""
    vals = [x.text.strip() for row in t.rows if j < len(row) and (x := row[j]) is not None]
    return bool(vals) and all(_PERIOD_LABEL.fullmatch(v.lower()) for v in vals)


def _total_in_unit(c: ClaimText, r: Rendered) -> bool:
    """A column named "total" in the unit of one of the claim's figures ("drew 15.3 MW in
    total" and ``total_power_mw``): "in total" may name it."""
    units = {n.unit for n in find_numbers(c.text) if n.unit}
    for j, col in enumerate(r.table.columns):
        v = cell_value(r, 0, j) if r.table.rows else None
        written = set(words(col.text.replace("_", " ").lower()))  # "total_power_mw": in MW
        if stem("total") in header_words(col.text) and v is not None and v.number is not None \
                and (v.number.unit in units or units & written):
            return True
    return False


_IN_TOTAL = re.compile(r"\b(?:in|all) total\b")


def _said_apart(flat: str, short: list[str], longer: list[list[str]]) -> int:
    """ "the Lumen 7 Max costs $250 more than the Lumen 7": the word index where the shorter
    name is said again outside every longer name that holds it (it names its own row too),
    else -1."""
    phrase = " " + " ".join(short) + " "
    spans = [(m.start(), m.start() + len(" ".join(x)) + 2)
             for x in longer for m in re.finditer(re.escape(" " + " ".join(x) + " "), flat)]
    for m in re.finditer(re.escape(phrase), flat):
        if not any(a <= m.start() < b - 1 for a, b in spans):
            return flat[: m.start() + 1].count(" ")
    return -1


def initials(header: str) -> str:
    """A header's initials, its unit left out, when it has three to five words ("All-in
    sustaining cost ($/oz sold)" -> "aisc"): the short name a claim may give it. Empty
    otherwise."""
    ws = re.findall(r"[a-z]+", re.sub(r"\([^)]*\)", " ", human(header)).lower())
    return "".join(w[0] for w in ws) if 3 <= len(ws) <= 5 else ""


def pair_initials(low: str) -> set[str]:
    """The initials of each two content words side by side ("heart rate" -> "hr", "blood
    pressure" -> "bp"), leaving out the two-letter names a table keeps for its identifiers."""
    ws = [(w, len(w) > 2 and w not in STOPWORDS) for w in re.findall(r"[a-z]+", low)]
    return {a[0] + b[0] for (a, x), (b, y) in pairwise(ws) if x and y} - {"id", "no"}


def acronyms(low: str) -> dict[str, tuple[str, ...]]:
    """The initials of each run of three or four words, with the words ("single sign-on" ->
    "sso", "two factor authentication" -> "tfa"): the short names headers give what a claim
    spells out."""
    ws = re.findall(r"[a-z]+", low)
    runs = [tuple(ws[k : k + n]) for n in (3, 4) for k in range(len(ws) - n + 1)]
    return {"".join(w[0] for w in run): run for run in runs}


def _another_model(seq: list[str], lw: list[str], labels: Sequence[Sequence[str]] = ()) -> bool:
    """ "the Northwind Slate 16" beside the row "Northwind Slate 12": a word of the row's
    name followed by a number no row named with that word holds names another model ("the
    Internet 150 plan" beside "Internet 100" names the row Internet 150)."""
    digits = {w for w in lw if w.isdigit()}
    if not digits:
        return False
    words_of = {w for w in lw if not w.isdigit()}
    for k, w in enumerate(seq[:-1]):
        nxt = seq[k + 1]
        said_other = w in words_of and nxt.isdigit() and len(nxt) < 4 and nxt not in digits
        if said_other and not any(w in other and nxt in other for other in labels):
            return True
    return False


def _model_at(seq: list[str], lw: list[str]) -> int:
    words_of = {w for w in lw if not w.isdigit()}
    return next(k for k, w in enumerate(seq) if w in words_of and k + 1 < len(seq) and seq[k + 1].isdigit())


def _shared_texts(t: Table) -> set[tuple[int, str]]:
    """(column, text) of the values more than one row holds."""
    seen: dict[tuple[int, str], int] = {}
    for row in t.rows:
        for j, x in enumerate(row):
            if x is not None:
                key = (j, x.text.strip().lower())
                seen[key] = seen.get(key, 0) + 1
    return {k for k, n in seen.items() if n > 1}


def _by_leading_words(t: Table, c: ClaimText, shared: set[tuple[int, str]]) -> list[int]:
    """ "the wood screws" for a record described "Wood screw 5 x 50 mm": the words a text
    value opens with, before its first figure or comma (two words at least), said together
    in the claim, when exactly one record's value opens so."""
    flat = " " + " ".join(stem(w) for w, _ in c.toks) + " "
    found: set[int] = set()
    for i, row in enumerate(t.rows):
        for j, x in enumerate(row):
            if x is None or j == t.label or (j, x.text.strip().lower()) in shared:
                continue
            lead = re.match(r"[^\d,;(]*", x.text.strip().lower())
            head = words(lead.group(0)) if lead else []
            if len(head) >= 2 and " " + " ".join(stem(w) for w in head) + " " in flat:
                found.add(i)
    return list(found) if len(found) == 1 else []


def _by_other_name(t: Table, have: set[str]) -> list[int]:
    """ "the Keswald warehouse": a row's name in a column of names other than its label
    (`city`), when the claim holds it whole and no other row of that column has it."""
    for j in range(len(t.columns)):
        col = [row[j] if j < len(row) else None for row in t.rows]
        low = [x.text.strip().lower() if x is not None else "" for x in col]
        if j == t.label or any(read_value(x).number for x in low if x):
            continue
        found = [
            i
            for i, x in enumerate(low)
            if len(x) > 3 and words(x) and all(w in have for w in words(x)) and low.count(x) == 1
        ]
        # a name (capitalised), or a value of two words no other row has ("oilseed rape")
        if len(found) == 1 and (any(x is not None and x.text[:1].isupper() for x in col)
                                or len(words(low[found[0]])) >= 2):
            return found
    return []


def _by_header_and_value(t: Table, text: str, only: Sequence[int] = ()) -> list[int]:
    """ "Cow 1057" of a column `Cow ID`, "session S-4405" of `session_id`: a value said right
    after its column's own word names its row, when no other row holds that value, and the
    value is written as a name: after the word capitalised, or of letters and digits (not
    "game 42" or "pick 22", which count the rows in lower case as often as they name one)."""
    low = text.lower()
    for j, head in enumerate(t.columns):
        if j == t.label or (only and j not in only):
            continue
        nouns = [w for w in words(head.text.replace("_", " ")) if w not in ID_WORDS and len(w) > 2]
        if not nouns:
            continue
        values = [x.text.strip().lower() if (x := row[j] if j < len(row) else None) is not None else ""
                  for row in t.rows]
        found = [
            i
            for i, v in enumerate(values)
            if v and values.count(v) == 1 and any(
                (m := re.search(rf"\b{re.escape(w)}\s+(?:no\.?\s*|#\s*)?{re.escape(v)}(?![\w.]|\.\d)", low))
                and (text[m.start()].isupper() or (re.search(r"[a-z]", v) and re.search(r"\d", v)
                                               and not re.fullmatch(r"\d+(?:st|nd|rd|th)", v)))
                for w in nouns)
        ]
        if len(found) == 1:
            return found
    return []


def _by_own_word(seq: list[str], labels: list[list[str]], heads: set[str]) -> list[int]:
    """Rows the claim names by a word of their name no other row's name has ("Trailhound"
    for "Trailhound GTX", "the Summit Apex" for "Summit Apex 2"), in the claim's order; a
    word that is a column's, a number or a small word names nothing."""
    seen: dict[str, int] = {}
    for lw in labels:
        for w in set(lw):
            seen[w] = seen.get(w, 0) + 1
    out: list[tuple[int, int]] = []
    for i, lw in enumerate(labels):
        own = {w for w in lw if seen[w] == 1 and len(w) > 2 and not any(ch.isdigit() for ch in w)
               and w not in heads and w not in GENERIC and w not in _SMALL}
        # "the two mugs" for "Ceramic mug 12oz"; not "totals" for the row "Total"
        owned = {x for w in own if w not in _SUMMARY_ROW for x in (stem(w), w + "s")}
        at = [k for k, w in enumerate(seq) if w in own or w in owned or stem(w) in owned]
        if at:
            out.append((at[0], i))
    return [i for _, i in sorted(out)]


def unknown_name(c: ClaimText, r: Rendered) -> str:
    """A name the claim says (a capitalised word past its first) that no cell, header or
    caption of the table holds ("Flights to Seattle" against routes `DEN–SEA`): the claim
    speaks of rows the table cannot single out, so no figure over all its rows is the
    claim's. Empty when there is none."""
    t = r.table
    if not r.alone:
        return ""  # the prose beside the table may name what it is of ("Halvorsen Logistics' revenue")
    held = {stem(w) for x in [*t.columns, *(x for row in t.rows for x in row if x is not None)]
            for w in words(human(x.text))} | {stem(w) for w in words(t.caption)}
    for m in re.finditer(r"(?<=[a-z0-9,;:]\s)[A-Z][a-z]+(?:[A-Z][a-z]+)?\b", c.text):
        w = m.group(0).lower()
        if w not in GENERIC and w not in CALENDAR and stem(w) not in held:
            return m.group(0)
    return ""


def shape(w: str) -> str:
    return re.sub(r"[a-z]", "a", re.sub(r"\d", "0", w))


def missing_row(c: ClaimText, labels: list[list[str]]) -> str:
    """A word of the claim shaped like the distinguishing word of the row names but naming
    none of them ("Q4" beside Q1..Q3, "2025" beside 2021..2024): a row the table lacks."""
    if not all(labels):
        return ""
    common = set.intersection(*(set(x) for x in labels))
    keys = {w for lw in labels for w in lw if w not in common}
    # "Q4" beside "Q1".."Q3", "2025" beside years: not a bare count ("3" beside goals 1..6)
    shapes = {shape(w) for w in keys if re.search(r"\d", w) and (re.search(r"[a-z]", w) or YEARISH.match(w))}
    # rows named by year and month ("2024-04"): a month's name the rows lack
    dated = all(
        any(YEARISH.match(w) for w in lw) and any(re.fullmatch(r"0[1-9]|1[0-2]", w) for w in lw)
        for lw in labels
    )
    months = {w for w in keys if re.fullmatch(r"0[1-9]|1[0-2]", w)} if dated else set()
    for k, (w, _) in enumerate(c.toks):
        if re.search(r"\d", w) and shape(w) in shapes and w not in keys:
            return w
        # "May" beside rows 2024-01 .. 2024-04 (a month's number follows its name)
        if (
            months
            and k
            and w not in keys
            and re.fullmatch(r"0[1-9]|1[0-2]", w)
            and not c.toks[k - 1][0].isdigit()
        ):
            return c.toks[k - 1][0]
    return ""


def cell_value(r: Rendered, i: int, j: int) -> Value | None:
    cell = r.table.rows[i][j]
    if cell is None:
        return None
    if j == r.table.label or not r.table.caption:
        return read_value(cell.text, r.table.columns[j].text)
    return read_value(cell.text, table_unit(r.table.caption, r.table.columns[j].text))


# a bound or an approximation said before a share: group 1
_BOUND_BEFORE = (
    r"(?:\b(fewer than|less than|under|more than|over|at least|at most|about|nearly|roughly|around|almost)"
    r"\s+)?"
)
_ONE_IN = re.compile(_BOUND_BEFORE + r"\b(one|a|two|three|four|five|\d+)\s+(?:in|out of)\s*$")
_BOUND_WORDS = {"fewer than": "<", "less than": "<", "under": "<", "more than": ">", "over": ">",
                "at least": ">=", "at most": "<="}


def measures(c: ClaimText, p: Pick) -> list[Number]:
    """The claim's numbers that state a measure: not a row's name ("Q2 2024"), a year, nor
    a count of rows ("the three quarters")."""
    named = {w for i in range(len(p.r.table.rows)) for w in label_words(p.r.table, i)}
    out = []
    inside: list[tuple[int, int]] = []
    # "a two-year warranty": the number of a compound; the same length, so offsets hold
    text = re.sub(r"(?<=\w)-(?=(?:year|month|week|day|hour|minute|night)s?\b)", " ", c.text)
    for n in find_numbers(text):
        if re.search(
            r"\b(?:of the|of its|of their|among the|the top|all|all of the)\s+$", c.low[: max(0, n.start) + 1]
        ):
            continue  # "the lightest of the five laptops": how many rows, not a measure
        if any(a <= n.start < b for a, b in inside):
            continue  # "ten" in "two of their ten matches": the whole the count is of
        if n.picked:
            inside.append((n.start + 1, n.start + len(n.text) + 1))
        if n.picked and not p.rows:
            continue  # "two of the laptops": a count of rows
        if n.picked:  # "won two of their ten matches": the row's count
            n = replace(n, unit="", nouns=(), picked=False)
        raw = next(
            (w for w in n.text.lower().split() if any(ch.isdigit() for ch in w)), n.text.lower()
        ).strip("$€£¥")
        if raw in named and not n.unit:
            continue
        if n.named and any(x is not None and x.text.strip().lower() == raw
                           for i in p.rows for x in p.r.table.rows[i]):
            continue  # "Cow 1057": the named row's own identifier, not a measure of it
        at = c.low.find(raw, max(0, n.start - 2))
        prev = re.search(r"([a-z]+)\s+$", c.low[:at])
        if prev and re.search(rf"\b{prev.group(1)}\s+{re.escape(raw)}\b", p.r.table.caption.lower()):
            continue  # "Fab 3" as the caption names the plant: a name, not 3 of anything
        if len(raw) == 2 and re.search(r"\b(?:19|20)\d\d[-–/]$", c.low[:at]):
            continue  # "the 2020-21 drop": a season's name, not 21 of anything
        if YEARISH.match(raw) and not n.unit:
            continue
        if _CLOCK_AFTER.match(c.low, n.start + len(n.text) + (c.low[n.start:n.start + 1] == " ")):
            continue  # "until 8 p.m.": a time of day, no amount of any column
        if re.match(r"(?:st|nd|rd|th)\b", c.low[c.low.find(raw, max(0, n.start - 2)) + len(raw) :]):
            continue  # "118th": a place, not an amount
        counts_rows = ((n.unit and ROWNOUN.match(n.unit)) or (
            not n.unit and n.nouns and ROWNOUN.match(n.nouns[0])
        )) and n.value <= len(p.r.table.rows)  # "284 employees" of six departments: more than its rows
        if counts_rows and not p.rows:  # "the three quarters"; of a named row ("lost four matches") a count
            continue
        if counts_rows:
            n = replace(n, unit="", nouns=())
        at = c.low.find(raw, max(0, n.start - 2))
        if at > 0 and c.low[at - 1].isalpha():  # "Q1", "H2", "A3": a name, not an amount
            continue
        one_in = _ONE_IN.search(c.low[: n.start + 1])  # (fractions in words: _fractions below)
        if one_in and n.unit != "%" and n.value:  # "fewer than one in seven applicants": a share
            w = one_in.group(2)
            share = 100 * (int(w) if w.isdigit() else NUMBER_WORDS.get(w, 1)) / n.value
            bound = _BOUND_WORDS.get(one_in.group(1) or "", "")
            n = replace(n, value=share, text=c.text[one_in.start(2) : n.start + len(n.text) + 1],
                        unit="%", nouns=(), bound=bound, approx=not bound, step=0.1, factor=1.0)
        if n.bound == "<=" and n.text.lower().startswith("up to "):
            n = replace(n, bound="")  # "allowed up to 12 requests": the limit itself, not a bound on it
        out.append(n)
    spans = [m.span(2) for m in _FRACTION.finditer(c.low)]  # "three quarters of": no count of three
    return [n for n in out if not any(a - 1 <= n.start < b for a, b in spans)] + _fractions(c)


def in_row_name(c: ClaimText, p: Pick, n: Number) -> bool:
    """Figure ``n`` lies inside a named row's name as the claim writes it ("Year 8")."""
    t = p.r.table
    for i in p.rows:
        cell = t.rows[i][t.label] if 0 <= t.label < len(t.rows[i]) else None
        name = cell.text.strip().lower() if cell is not None else ""
        if name and any(ch.isdigit() for ch in name):
            for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", c.low):
                if m.start() <= n.start < m.end():
                    return True
    return False


_FRACTION = re.compile(
    _BOUND_BEFORE + r"(?<!first )(?<!second )(?<!latter )(?<!former )"
    r"\b(half|a third|one third|one-third|two thirds|two-thirds|a quarter|one quarter|three quarters|"
    r"three-quarters|a fifth|one fifth)\s+of\s+(?:the|their|its|all|his|her|our|those|these|total)\b"
)
_FRACTION_VALUE = {"half": 50.0, "third": 100 / 3, "thirds": 200 / 3, "quarter": 25.0, "quarters": 75.0,
                   "fifth": 20.0}


def _fractions(c: ClaimText) -> list[Number]:
    """ "fewer than half of the students", "two-thirds of their matches": a share, as a
    percentage (a bound when the claim says one)."""
    out = []
    for m in _FRACTION.finditer(c.low):
        last = re.split(r"[\s-]", m.group(2))[-1]
        bound = _BOUND_WORDS.get(m.group(1) or "", "")
        approx = not bound and bool(m.group(1))
        out.append(Number(_FRACTION_VALUE[last], c.text[m.start(2) : m.end(2)], "%", approx, m.start(2),
                          bound=bound, step=0.1))
    return out


# a currency said by its name against a header's code: "73 francs" and "(CHF)"
_SAID_AS = {"franc": "chf", "francs": "chf", "zloty": "pln", "zlotys": "pln", "krona": "sek", "kronor": "sek",
            "krone": "nok", "kroner": "nok", "rupee": "inr", "rupees": "inr", "yen": "¥", "yuan": "cny",
            "bushel": "bu", "bushels": "bu"}


def fits(n: Number, v: Value) -> bool:
    """A claim's number and a cell's are in the same unit (a bare number fits either)."""
    if v.number is None:
        return False
    a, b = _SAID_AS.get(n.unit, n.unit), _SAID_AS.get(v.number.unit, v.number.unit)
    if (a == "%") != (b == "%"):
        return False
    cur = {"$", "€", "£", "¥"}
    if a in cur and b in cur:
        return a == b
    return not a or not b or a == b or n.same_unit(v.number) or ((a in cur) != (b in cur) and not (a and b))


def numbers_of(r: Rendered, i: int, a: int, b: int) -> tuple[float, float] | None:
    """The numbers of row ``i``'s cells in columns ``a`` and ``b``; None when either holds none."""
    va, vb = cell_value(r, i, a), cell_value(r, i, b)
    if va is None or vb is None or va.number is None or vb.number is None:
        return None
    return va.number.value, vb.number.value


def holds(n: Number, v: Value) -> bool:
    """The cell states the claim's figure: in its unit, to the claim's precision."""
    return v.number is not None and fits(n, v) and agrees(n, v.number.value)


def row_title(t: Table, i: int) -> str:
    """How a note names row ``i``: its label; when another row has the same label ("Holstein"
    twice), with a column whose values all differ ("Holstein [Cow ID 1057]"): an identifier
    or a date first, then words, then a measure."""
    label = t.rows[i][t.label] if 0 <= t.label < len(t.rows[i]) else None
    text = label.text if label is not None else ""
    if not text or len(t.rows) < 2:
        return text
    same = lambda x, y: x is not None and y is not None and x.text.strip().lower() == y.text.strip().lower()  # noqa: E731
    if not any(k != i and t.label < len(row) and same(row[t.label], label) for k, row in enumerate(t.rows)):
        return text
    ranked = []
    for j, head in enumerate(t.columns):
        col = [row[j] if j < len(row) else None for row in t.rows]
        texts = [x.text.strip().lower() for x in col if x is not None and x.text.strip()]
        if j != t.label and len(texts) == len(t.rows) and len(set(texts)) == len(texts):
            # an identifier (`Cow ID`, the first column) before words, words before a measure
            ident = j == 0 or bool(set(words(head.text.replace("_", " "))) & (ID_WORDS | _WHEN_WORDS))
            measure = all(read_value(x).number is not None for x in texts)
            ranked.append((not ident, measure, j, f"{text} [{head.text} {col[i].text}]"))  # type: ignore[union-attr]
    return min(ranked)[-1] if ranked else text


def cell_note(r: Rendered, i: int, j: int) -> str:
    t = r.table
    name = label_words(t, i)
    cell = t.rows[i][j]
    head = t.columns[j].text
    who = row_title(t, i) if name else ""
    return f"{who + ', ' if who else ''}{head}: {cell.text if cell else '(empty)'}"


def settled(p: Pick, verdict: Outcome, note: str, cells: Sequence[tuple[int, int]]) -> Settled:
    quotes = tuple(
        dict.fromkeys((p.row_sid[i] if p.row_sid else p.sid, *p.r.quote_span(i, j)) for i, j in cells)
    )
    return Settled(verdict, note, quotes[0][0] if quotes else p.sid, quotes)


def time_order(p: Pick) -> list[int]:
    """Rows in time order when their names read as times (years, quarters, months), else as
    listed."""
    return _timed(p) or list(range(len(p.r.table.rows)))


def is_timed(p: Pick) -> bool:
    """The rows are named by periods: "grew in Q2" is against the period before."""
    return bool(_timed(p))


def _timed(p: Pick) -> list[int]:
    keys = []
    for i in range(len(p.r.table.rows)):
        key = period_of(p, i)
        if key is None:
            return []
        keys.append((*key, i))
    return [i for *_, i in sorted(keys)]


def period_of(p: Pick, i: int) -> tuple[int, int, int] | None:
    """Row i's period as (year, quarter, month), 0 where its name gives none ("Q3 2024" ->
    (2024, 3, 0)); None when its name is no period."""
    lw = label_words(p.r.table, i)
    year = next((int(w) for w in lw if YEARISH.match(w)), None)
    if year is None:
        year = next(
            (
                2000 + int(lw[k + 1])
                for k, w in enumerate(lw[:-1])
                if w == "fy" and re.fullmatch(r"\d\d", lw[k + 1])
            ),
            None,
        )
    q = next((int(w[1]) for w in lw if re.fullmatch(r"[qh][1-4]", w)), 0)
    month = next((int(w) for w in lw if re.fullmatch(r"0[1-9]|1[0-2]", w)), 0) if year else 0
    # "Jan" ... "Jun": months of one year, in their order
    month = month or next((k for w in lw if (k := month_number(w))), 0)
    if year is None and not q and not month:
        return None
    return (year or 0, q, month)


def is_summary(p: Pick, i: int) -> bool:
    """A row that sums up the others ("Total", "Average"): not one of them."""
    return bool(set(label_words(p.r.table, i)) & _SUMMARY_ROW)


def series(p: Pick, j: int, rows: list[int] | None = None) -> list[tuple[int, float]]:
    out = []
    for i in rows if rows is not None else [i for i in time_order(p) if not is_summary(p, i)]:
        v = cell_value(p.r, i, j)
        if v is not None and v.number is not None:
            out.append((i, v.number.value))
    return out


def row_name(p: Pick, i: int) -> str:
    """Row ``i`` as a note names it (see ``row_title``)."""
    return row_title(p.r.table, i) or f"row {i + 1}"


def label_text(p: Pick, i: int) -> str:
    """Row ``i``'s label as written, to find where a claim says it."""
    t = p.r.table
    cell = t.rows[i][t.label] if 0 <= t.label < len(t.rows[i]) else None
    return cell.text if cell is not None else f"row {i + 1}"


def cell_text(p: Pick, i: int, j: int) -> str:
    cell = p.r.table.rows[i][j]
    return cell.text if cell is not None else ""
