"""A named row's cell read against what a claim says of it: its value, a state ("shipped"),
an ordinal, a rate over a period, the charges a figure includes."""

from __future__ import annotations

import re
from itertools import pairwise

from ..checks.numbers import Number, find_numbers
from .pick import (
    ID_WORDS,
    Outcome,
    Pick,
    acronyms,
    aside,
    cell_note,
    cell_text,
    cell_value,
    charges,
    fits,
    label_words,
    names_cell,
)
from .said import SECONDS, as_written, each_of_its, fmt_like, per_other, said_value
from .values import WEEKDAYS, Value, claim_dates, header_words, human, read_value, stem, words
from .words import (
    AVERAGE,
    CLOSED,
    GENERIC,
    LESS,
    MAX,
    MIN,
    MORE,
    NEG,
    OPEN,
    OPPOSED,
    THAN,
    ZERO_WORDS,
    ClaimText,
    agrees,
    fmt,
)

__all__ = ["a_figure", "charges_added", "lookup_cell", "lookup_note", "opposed_state", "period_seconds"]


def lookup_cell(c: ClaimText, p: Pick, nums: list[Number], i: int, j: int) -> Outcome | None:
    """What cell (i, j) says of the claim: None when the claim's words do not touch it, or
    when they cannot be read against it ("unknown" is "UNSUPPORTED" with no quote)."""
    v = cell_value(p.r, i, j)
    cell = p.r.table.rows[i][j]
    if v is None or cell is None:
        return None
    if v.empty:
        return "UNSUPPORTED"
    if v.date is not None:  # "released on September 20, 2024" against 2024-09-20
        dates = claim_dates(c.text)
        if not dates:
            return None
        y, m, d = dates[0]
        ok = (not y or v.date[0] == y) and (not m or v.date[1] == m)  # "in June": of any year
        ok = ok and (not d or not v.date[2] or v.date[2] == d)
        return "SUPPORTED" if ok != c.negated else "CONTRADICTED"
    if cell.items:  # "available in four colours" against a list of three
        head = header_words(p.r.table.columns[j].text)
        counted = [n for n in nums if not n.unit or stem(n.unit) in head or set(map(stem, n.nouns)) & head]
        if counted:
            return "SUPPORTED" if agrees(counted[0], cell.items) != c.negated else "CONTRADICTED"
    opposed = opposed_state(c, v.text)
    if opposed is not None:
        return opposed
    if aside(c, p.r.table.columns[j].text):
        return None  # "including the cleaning fee": the fee is not the figure
    # "customers pay about $1,500 a month on average": a figure over other cells, which a cell
    # that differs does not refute (one that states it backs it)
    averaged = bool(c.has(AVERAGE)) and not _AVERAGED_HEAD.search(p.r.table.columns[j].text.lower())
    fit = [
        n
        for n in nums
        if fits(n, v) and not per_other(c, n, p.r.table.columns[j].text) and not _a_saving(c, n)
        and not each_of_its(c, p, n, p.r.table.columns[j].text)
        and not _a_gap(c, n) and not _how_long_of_a_count(n, v, p.r.table.columns[j].text)
    ]
    per = period_seconds(p.r.table.columns[j].text)
    cur = v.number.unit if v.number is not None and v.number.unit in ("$", "€", "£", "¥") else None
    money = [n for n in fit if n.unit == cur]
    if money and (added := charges_added(c, p, i, j)):  # "$725 including the cleaning fee"
        times = _periods(c, per) if per else None
        total = v.number.value * (times or 1) + sum(x for _, x in added)  # type: ignore[union-attr]
        return "SUPPORTED" if any(agrees(n, total) for n in money) != c.negated else "CONTRADICTED"
    clocked = _clock_duration(c, v)
    if clocked is not None:
        return clocked
    if v.number is not None and fit and per:
        got = _over_time(c, v.number.value, per, fit)
        if got is not None:
            return got
    if v.number is not None and fit:
        ok = any(agrees(n, said_value(c, n, v, p.r.table.columns[j].text)) or as_written(n, v) for n in fit)
        if c.negated:
            ok = not ok
        if not ok and (len(fit) > 1 or averaged):  # which of its numbers is this column's: not known
            return None
        return "SUPPORTED" if ok else "CONTRADICTED"
    if v.times:
        said = _claim_times(c)
        spans = [n for n in nums if n.unit == "s"]
        if len(v.times) == 2 and spans and not said:  # "open for 11.5 hours": the range's length
            length = ((v.times[1] - v.times[0]) % 1440) * 60
            return "SUPPORTED" if agrees(spans[0], length) != c.negated else "CONTRADICTED"
        last = p.r.table.columns[j].text.rsplit(".", 1)[-1].lower()
        if said and len(v.times) == 1 and (
            (last.startswith("open") and c.has(_UNTIL)) or (last.startswith("clos") and c.has(_FROM_TIME))
        ):
            return None  # "until 8 p.m." against the hour it opens: the closing hour's to say
        if said:
            return "SUPPORTED" if all(x in v.times for x in said) else "CONTRADICTED"
        if not (c.has(OPEN) or c.has(CLOSED)):
            return None  # a time ("3:26") says nothing of a claim that is not about opening
    if v.truth is not None and (not nums or _figures_elsewhere(p, i, j, nums)):
        cw = set(words(v.text))
        if v.text.lower() == "closed" and c.has(OPEN) and not c.has(CLOSED) and not _says_more(c, p, i, j):
            return "SUPPORTED" if c.negated else "CONTRADICTED"  # "open on Saturday mornings": closed
        if v.text.lower() not in _PLAIN_TRUTH and not v.times:
            # "free", "none", "included": the word itself, or nothing known
            return "SUPPORTED" if cw and cw <= {w for w, _ in c.toks} and not c.negated else None
        if not v.times and _says_more(c, p, i, j) and not _denied_whole(c, p, j, v):
            return None  # a yes of "Dental cover" says nothing of "covers hereditary conditions"
        claim_true = not c.negated
        if c.has(CLOSED) and not c.has(OPEN):
            claim_true = not claim_true
        if c.has(_OFF):  # "single sign-on is turned off": a no
            claim_true = not claim_true
        return "SUPPORTED" if claim_true == v.truth else "CONTRADICTED"
    comparing = c.has(MORE) or c.has(LESS) or c.has(THAN) or c.has(MAX) or c.has(MIN)
    if v.number is not None and c.has(ZERO_WORDS) and not nums:  # "a direct flight": no stops
        return "SUPPORTED" if (v.number.value == 0) != c.negated else "CONTRADICTED"
    head = header_words(p.r.table.columns[j].text)
    none_of = c.has(_NO_THING)
    if v.number is not None and not nums and not comparing and none_of and {
            stem(w) for w in words(none_of.group(1))} & head:
        return "SUPPORTED" if v.number.value == 0 else "CONTRADICTED"  # "no shipping charge": shipping 0.0
    if v.number is not None and not nums and head & _RANKED:
        # "the artist placed first": a place is a rank, said by its ordinal; not a count of places
        said_rank = [_ORDINALS[w] for w, _ in c.toks if w in _ORDINALS]
        if len(said_rank) != 1:
            return None
        return "SUPPORTED" if (said_rank[0] == v.number.value) != c.negated else "CONTRADICTED"
    countable = bool(head & _COUNTABLE)
    if (
        v.number is not None
        and not nums
        and not v.number.unit
        and v.number.value >= 0
        and not comparing
        and countable
    ):
        # a count read as there being some: "out of stock" against stock 0
        if c.has(_NONE_LEFT) and head & {stem("used"), stem("spent"), stem("consumed")}:
            return None  # "used up all her passes" against passes used: how many she had is not here
        claim_true = not c.negated and not c.has(_NONE_LEFT)
        return "SUPPORTED" if claim_true == (v.number.value > 0) else "CONTRADICTED"
    if v.number is None and v.truth is None and not nums:
        cw = set(words(v.text))
        if cw and cw <= {w for w, _ in c.toks}:
            return "CONTRADICTED" if c.negated else "SUPPORTED"
        one = not (c.negated or comparing or c.has(_MANY)) and len(p.rows) <= 1
        if one and _another_rows_value(c, p, i, j):
            return "CONTRADICTED"  # "stored in the Leeds warehouse" of a record whose warehouse is Bristol
        return "UNSUPPORTED"  # its value is not the claim's words: not known either way
    return None


# a claim of more than one row or value ("X and Y", "all except", "the only"): not one cell's
_MANY = re.compile(r"\b(?:and|or|both|all|every|each|only|except|multiple|any|either|neither)\b")


_HMS_CELL = re.compile(r"\d{1,2}:[0-5]\d:[0-5]\d(?:\.\d+)?")
_SAID_DURATION = re.compile(
    r"(?:\b(under|below|less than|inside|within|over|more than|above|outside)\s+)?"
    r"(?<![\d:])(\d{1,2}):([0-5]\d)(?::([0-5]\d))?(?![\d:])(?!\s*(?:a\.?m|p\.?m))"
)


def _clock_duration(c: ClaimText, v: Value) -> Outcome | None:
    """ "finished in under 2:28" against a finish time 2:28:44: hours and minutes (and
    seconds) of a duration cell written h:mm:ss, with the bound said before it."""
    if v.number is None or v.number.unit != "s" or not _HMS_CELL.fullmatch(v.text.strip()):
        return None
    said = list(_SAID_DURATION.finditer(c.low))
    if len(said) != 1:
        return None
    m = said[0]
    secs = int(m.group(2)) * 3600 + int(m.group(3)) * 60 + int(m.group(4) or 0)
    got = v.number.value
    bound = m.group(1) or ""
    if bound in ("under", "below", "less than", "inside", "within"):
        ok = got < secs
    elif bound:
        ok = got > secs
    else:  # "in 2:26": the cell within that minute
        ok = secs <= got < secs + (1 if m.group(4) else 60)
    return "SUPPORTED" if ok != c.negated else "CONTRADICTED"


def _another_rows_value(c: ClaimText, p: Pick, i: int, j: int) -> bool:
    """The claim says, as a phrase, a word value another row holds under column j (and
    no row's value there is a part of another's, so the phrase names one value only), and
    no row holding it fits the claim's other words as well as row i does (then the claim
    may be of that row: "sydney spirit be the away team against the new zealand breaker")."""
    t = p.r.table

    def text(k: int) -> str:
        x = t.rows[k][j] if j < len(t.rows[k]) else None
        return " ".join(words(x.text)) if x is not None else ""

    values = {text(k) for k in range(len(t.rows))} - {""}
    flat = " " + " ".join(w for w, _ in c.toks) + " "
    said = [x for x in values if x != text(i) and len(x) > 2 and f" {x} " in flat]
    if len(said) != 1 or any(x != said[0] and (x in said[0] or said[0] in x) for x in values):
        return False

    def fit(k: int) -> int:
        return len(c.stems & {stem(w) for x in t.rows[k] if x is not None for w in words(x.text)})

    return all(fit(k) < fit(i) for k in range(len(t.rows)) if k != i and text(k) == said[0])


# the count is spent: "out of stock", "has used up all of her guest passes"
_NONE_LEFT = re.compile(
    r"\bout of\b|\bsold out\b|\bnone\b|\bused up\b|\b(?:run|ran|runs) out\b|\bexhausted\b|\bdepleted\b"
    r"|\bno more\b"
)
_PER = re.compile(
    r"(?:/|\bper\s+)(s|sec|second|min|minute|hr|hour|day|night|week|month|mo|year|yr)\b|\b(hourly|daily|nightly|weekly|monthly|"
    r"yearly|annual)\b",
    re.I,
)
_A_PERIOD = re.compile(
    r"\b(?:a|one|per|an?|(?:a |the )?(?:full|whole|entire))\s+"
    r"(second|minute|hour|day|night|week|month|year)\b|\bannual(?:ly)?\b|\byearly\b"
)
_TIMED_HEAD = re.compile(
    r"\b(?:hours?|hrs?|h|minutes?|mins?|min|seconds?|secs?|s|days?|weeks?|months?|years?|yrs?|duration|time|"
    r"length|stay|nights?|term|warranty|life|lifetime|age|tenure|period|delay|wait|eta)\b"
)


def _how_long_of_a_count(n: Number, v: Value, header: str) -> bool:
    """"declining for the past five years" against `Undergrad Majors`: a span of time said
    of a column that counts no time (a bare number under a header without a time word)."""
    return (n.unit == "s" and v.number is not None and not v.number.unit
            and not _TIMED_HEAD.search(header.lower().replace("_", " ")))


_AVERAGED_HEAD = re.compile(r"\bavg\b|\baverage|\bmean\b|\bper\b|/|\brate\b|\bmedian\b")


_SAVING_BEFORE = re.compile(
    r"\b(?:saves?|saving|saved|cheaper by|discount of)\s+(?:\w+\s+)?[$€£¥]?$"
)
_GAP_WORDS = frozenset(
    "more less fewer newer older younger higher lower larger smaller bigger cheaper dearer pricier costlier "
    "heavier lighter longer shorter taller faster slower earlier later closer farther further clear ahead "
    "behind".split()
)


def _a_gap(c: ClaimText, n: Number) -> bool:
    """ "two years newer", "32,600 km fewer on the clock", "would cut the premium by $244": a
    difference from another row, not this row's value."""
    end = n.start + len(n.text)
    said = n.text.lower().split()[-1:] + c.low[end:].split()[:1]
    return any(w.strip(".,;") in _GAP_WORDS for w in said) or bool(_CHANGED_BY.search(c.low[: n.start + 1]))


# "cut Rafael's premium by $244": the figure after "by" is what a change moved, not a level
_CHANGED_BY = re.compile(
    r"\b(?:cut|cuts|cutting|reduc\w*|lower\w*|rais\w*|increas\w*|decreas\w*|drop\w*|sav\w*|trim\w*|"
    r"boost\w*|grew|grow\w*|rose|rise\w*|fell|fall\w*|climb\w*|declin\w*)\b(?:\s+[\w'’-]+){0,4}?\s+by"
    r"(?:\s+(?:about|around|roughly|nearly|almost|some|just))?\s*[$€£¥]?\s*$"
)


def _a_saving(c: ClaimText, n: Number) -> bool:
    """ "saves attendees €130", "€130 off the standard price": a difference of two prices,
    not a price."""
    after = c.low[n.start + len(n.text) : n.start + len(n.text) + 6]
    return bool(_SAVING_BEFORE.search(c.low[: n.start + 1])) or bool(re.match(r"\s*off\b", after))


def period_seconds(header: str) -> float:
    """The length, in seconds, of the period a header's rate is per ("price ($/hr)", "monthly_fee")."""
    m = _PER.search(header.replace("_", " "))
    return float(SECONDS[(m.group(1) or m.group(2)).lower()]) if m else 0.0


def _periods(c: ClaimText, per: float) -> float | None:
    """How many of a rate's periods (``per`` seconds) the claim's time holds: "100 hours"
    of an hourly rate, "a year" of a monthly fee (12); None when it names none or the
    rate's own period."""
    spans = [n.value for n in find_numbers(c.text) if n.unit == "s"]
    # "a three-night stay": a count of nights, days, weeks, months or years
    text = re.sub(r"(?<=\w)-(?=(?:hour|day|night|week|month|year)s?\b)", " ", c.text)
    hyphened = find_numbers(text)
    # ("a 730-hour month": hours, read in seconds once the hyphen is gone)
    spans = spans or [n.value for n in hyphened if n.unit == "s" and not n.bound] or [
        n.value * SECONDS[n.unit] for n in hyphened if n.unit in SECONDS and len(n.unit) > 3 and not n.bound]
    if not spans:
        m = c.has(_A_PERIOD)
        if m is None:
            return None
        word = (m.group(1) or "year").lower()
        spans = [float(SECONDS[word])]
    if abs(spans[0] - per) < 1:
        return None  # the claim's period is the rate's own: a plain lookup
    return spans[0] / per


def charges_added(c: ClaimText, p: Pick, i: int, j: int) -> list[tuple[int, float]]:
    """The row's charges a claim's figure includes ("$725 including the cleaning fee":
    cleaning_fee_usd), each with its value; empty unless every charge said is found."""
    out = []
    for said, _ in charges(c.low, added_only=True):
        want = {stem(w) for w in words(said) if w not in GENERIC}
        cols = [
            k
            for k in range(len(p.r.table.columns))
            if k not in (j, p.r.table.label) and want <= header_words(p.r.table.columns[k].text)
        ]
        v = cell_value(p.r, i, cols[0]) if len(cols) == 1 else None
        if v is None or v.number is None:
            return []
        out.append((cols[0], v.number.value))
    return out


def _over_time(c: ClaimText, rate: float, per: float, fit: list[Number]) -> Outcome | None:
    """ "costs $18.40 for 100 hours" against $0.184 an hour; "a year costs $588" against $49 a month."""
    times = _periods(c, per)
    if times is None:
        return None
    total = rate * times
    return "SUPPORTED" if any(agrees(n, total) for n in fit) != c.negated else "CONTRADICTED"


def lookup_note(c: ClaimText, p: Pick, i: int, j: int, nums: list[Number]) -> str:
    """The cell's note, with the arithmetic when the claim's figure is a rate over a time
    ("Essential, Monthly premium: $24; $24 × 12 = $288")."""
    note = cell_note(p.r, i, j)
    v, per = cell_value(p.r, i, j), period_seconds(p.r.table.columns[j].text)
    if v is None or v.number is None or not any(fits(n, v) for n in nums):
        return note
    times = _periods(c, per) if per else None
    shown = cell_text(p, i, j)
    cur = shown[0] if shown[:1] in ("$", "€", "£", "¥") else ""  # "$24 × 12 = $288"
    added = charges_added(c, p, i, j) if v.number.unit in ("$", "€", "£", "¥") else []
    if added:  # "$210 × 3 + 95 = 725": the nights and the cleaning fee
        base = f"{shown} × {fmt(times)}" if times else shown
        total = v.number.value * (times or 1) + sum(x for _, x in added)
        plus = " + ".join(f"{cell_text(p, i, k)} ({human(p.r.table.columns[k].text)})" for k, _ in added)
        return f"{note}; {base} + {plus} = {cur}{fmt_like(total, v)}"
    if times is None:
        return note
    if times < 1:  # "10 requests per second" against 600 a minute: 600 ÷ 60 = 10
        return f"{note}; {shown} ÷ {fmt(1 / times)} = {cur}{fmt_like(v.number.value * times, v)}"
    return f"{note}; {shown} × {fmt(times)} = {cur}{fmt_like(v.number.value * times, v)}"


# the sets whose values are a state of the record itself ("shipped", "active", "won"), which a
# claim may deny without naming the field; "free"/"paid", "indoor"/"outdoor" are of one thing
_STATES = tuple(g for g in OPPOSED if any(w in x for x in g for w in ("shipped", "active", "won")))


def opposed_state(c: ClaimText, value: str, states: bool = False) -> Outcome | None:
    """A value of a closed set ("shipped", "paid") against another of the set in the claim
    ("cancelled", "free"): CONTRADICTED; the same value: SUPPORTED. ``states``: only the
    sets of a record's own state."""
    vw = set(words(value))
    if len(vw) > 3:
        return None
    have = {w for w, _ in c.toks}
    for group in _STATES if states else OPPOSED:
        mine = [k for k, words_of in enumerate(group) if vw & words_of]
        if len(mine) != 1:
            continue
        said = {k for k, words_of in enumerate(group) if have & words_of}
        if said and mine[0] not in said:
            return "SUPPORTED" if c.negated else "CONTRADICTED"
    return None


# a field that names the record or whose it is ("company.name": Quillfeather Analytics)
_NAME_HEADS = frozenset("company brand vendor employer organization organisation owner manufacturer".split())


def _denied_whole(c: ClaimText, p: Pick, j: int, v: Value) -> bool:
    """A no of a field the claim names by every word of its path ("an enclosed, heated cab"
    against `cab.enclosed: false`): whatever else the claim says, what it affirms is denied."""
    head = header_words(p.r.table.columns[j].text)
    return (v.truth is False and len(head) >= 2 and head <= c.stems and not c.negated
            and not c.has(CLOSED) and not c.has(_OFF))


def _says_more(c: ClaimText, p: Pick, i: int, j: int) -> bool:
    """The claim has two or more words no header and no name of the table holds: a thing a
    yes or no of the column cannot settle ("The Plus plan covers hereditary conditions"
    against "Dental cover"); one such word is a way of saying it ("a swimming pool")."""
    t = p.r.table
    known = {w for col in t.columns for w in header_words(col.text)} | {stem(w) for w in words(t.caption)}
    known |= {stem(w) for w in label_words(t, i)}
    have = {re.sub(r"['’]s?$", "", w) for w, _ in c.toks}  # "Dana Whitlock's account": hers
    for k, cell in enumerate(t.rows[i]):  # what names it: its id, its name, a value it says whole
        if cell is None:
            continue
        cw = words(cell.text)
        head_words = set(words(t.columns[k].text.replace("_", " ").replace(".", " ")))
        if k == t.label or head_words & (ID_WORDS | _NAME_HEADS) or (
            len(cw) >= 2 and set(cw) <= have  # "Oakmere Dental Group has paid": the record's client
        ) or names_cell(c.text, cell):  # "the Quay Street unit": its address
            known |= {stem(w) for w in cw}
    # "single sign-on" spells out `sso`: its words are the header's
    spelt = {w for short, ws in acronyms(c.low).items() if short in known for w in ws}
    seq = [w for w, _ in c.toks]
    raw = {h for col in t.columns for h in re.findall(r"[a-z]+", col.text.lower())}
    spelt |= {w for a, b in pairwise(seq) for h in raw if _blend(h, a, b) for w in (a, b)}
    bare = [re.sub(r"['’]s?$", "", w) for w, _ in c.toks]  # "the site's": the site
    rest = [
        w
        for w in bare
        if w not in GENERIC and stem(w) not in known and not NEG.fullmatch(w) and not w[:1].isdigit()
        and w not in spelt and w.rstrip("s") not in WEEKDAYS  # "Saturday": its short form `sat` is read
    ]
    return len([w for w in rest if w not in _PRESENCE]) >= 2


def _blend(head: str, a: str, b: str) -> bool:
    """``head`` joins the starts of two words ("hazmat" of "hazardous material")."""
    return len(head) >= 5 and head != a and any(
        a.startswith(head[:k]) and b.startswith(head[k:]) for k in range(2, len(head) - 1)
    )


_OFF = re.compile(r"\b(?:turned|switched|toggled|shut) off\b|\b(?:disabled|deactivated)\b")
# words of having or offering a thing, said of a yes/no field; who gets it and where
# ("Passengers can use Wi-Fi on board" against wifi: false)
_PRESENCE = frozenset(
    "offer offers offered provide provides welcome allow allows allowed accept accepts accepted "
    "support supports supported available currently still now also really actually come comes "
    "there any get gets can use uses enjoy passengers guests customers visitors members users "
    "turned switched enabled activated disabled deactivated off "
    "board onboard site onsite premises open opens morning mornings afternoon afternoons evening "
    "evenings classified classed listed marked flagged designated considered labeled labelled "
    # the record itself, as a job posting or a listing names it ("for this role")
    "role position job posting listing".split()
)
# counts whose zero means none to be had: "out of stock" against stock 0
_RANKED = frozenset(stem(w) for w in "place position pos rank ranking finish finished seed".split())
_ORDINAL_WORDS = "first second third fourth fifth sixth seventh eighth ninth tenth".split()


def _suffixed(k: int) -> str:
    """ "1st", "2nd", "13th" ..."""
    return f"{k}{'th' if 10 <= k % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


_ORDINALS = {**{w: k for k, w in enumerate(_ORDINAL_WORDS, 1)}, **{_suffixed(k): k for k in range(1, 100)}}
_COUNTABLE = frozenset(
    stem(w)
    for w in "stock inventory available availability seats spots vacancies units slots "
    "spaces places tickets stops left remaining quantity qty".split()
)
_PLAIN_TRUTH = frozenset(
    {"true", "false", "yes", "no", "y", "n", "closed", "open", "none", "✓", "✔", "✗", "✘"}
)


_NO_THING = re.compile(r"\b(?:no|zero)\s+((?:[a-z-]+\s+){0,2}[a-z-]+)")


def _figures_elsewhere(p: Pick, i: int, j: int, nums: list[Number]) -> bool:
    """Each of the claim's figures fits another column it names, a figure's cell ("the 20 MWh
    battery is in operation": 20 MWh is `battery_mwh`'s, the yes/no is `operational`'s)."""
    others = [cell_value(p.r, i, k) for k in p.cols if k != j and a_figure(p, i, k)]
    return all(any(o is not None and fits(n, o) for o in others) for n in nums)


def a_figure(p: Pick, i: int, j: int) -> bool:
    """Cell (i, j) holds a figure (not a yes/no, a state or a date)."""
    v = cell_value(p.r, i, j)
    return v is not None and v.number is not None and v.truth is None and v.date is None


_UNTIL = re.compile(r"\b(?:until|till|til|closes?|closing|closed)\b")
_FROM_TIME = re.compile(r"\b(?:from|opens?|opening|opened)\s+(?:at\s+)?\d")


def _claim_times(c: ClaimText) -> tuple[int, ...]:
    return read_value(re.sub(r"\b(\d{1,2})\s*(am|pm)\b", r"\1:00 \2", c.low)).times or tuple(
        x for x in _times_in(c.low)
    )


def _times_in(text: str) -> list[int]:
    out = []
    for m in re.finditer(r"\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)|\b(\d{1,2}):(\d{2})\b", text):
        if m.group(4):
            out.append(int(m.group(4)) * 60 + int(m.group(5)))
            continue
        h = int(m.group(1)) % 12 + (12 if m.group(3).startswith("p") else 0)
        out.append(h * 60 + int(m.group(2) or 0))
    return out
