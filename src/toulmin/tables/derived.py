"""Figures a row holds only as the product of two cells: a rate "per X" times the row's
count of X ("Riverbend's maize harvest works out to roughly 64,000 tonnes": ``area_ha``
8,700 x ``yield_t_per_ha`` 7.4; "Fernhill's 25 seats cost $450 a month":
``price_per_seat_usd_month`` 18 x ``seats_purchased`` 25; "the two mugs account for $28":
``qty`` 2 x ``unit_price`` 14.0).

A product that agrees with a figure no cell of the row holds supports it. It refutes only
a claim that states the count itself ("25 seats") and one other figure, in the rate's unit,
that the product does not give: a figure no product matches is otherwise left alone (it
may be another figure altogether)."""

from __future__ import annotations

import re

from ..checks.numbers import Number, find_numbers
from .pick import Pick, Settled, cell_value, holds, is_summary, numbers_of, pick, row_name, settled
from .render import Rendered
from .values import stem, words
from .words import LESS, MAX, MIN, MORE, THAN, ClaimText, agrees, fmt

__all__ = ["QTY", "lines_total", "named_ratio", "per_unit", "product", "ratio_extreme", "share"]

# a column of how many of a thing ("qty"): what a unit price is per
QTY = frozenset({"qty", "quantity", "units", "count", "pieces"})
_MONEY = frozenset({"price", "cost", "fee", "rate", "usd", "eur", "gbp"})
_PER = re.compile(r"(?:^|[\s_])per[\s_]+([a-z]+)|/\s*([a-z]+)")


def _words(head: str) -> list[str]:
    """A header's own words, a record's parents left out ("plan.seats_purchased" -> seats,
    purchased)."""
    return words(head.rsplit(".", 1)[-1].lower().replace("_", " "))


def _stems(head: str) -> set[str]:
    return {stem(w) for w in _words(head)}


def _rate_of(head: str) -> str:
    """What a rate column is per ("price_per_seat_usd_month" -> "seat", "Median $/sqft" ->
    "sqft", "unit_price" -> "unit"), or ""."""
    low = head.rsplit(".", 1)[-1].lower()
    m = _PER.search(low)
    if m:
        return m.group(1) or m.group(2)
    ws = _words(head)
    if "unit" in ws and ({"price", "cost"} & set(ws)):
        return "unit"
    return ""


def _counts(head: str, per: str) -> bool:
    """Whether a column counts what a rate is per: ``seats_purchased`` for "seat",
    ``area_ha`` for "ha", ``qty`` for "unit"."""
    ws = _words(head)
    if per == "unit":
        return bool(QTY & set(ws))
    if _rate_of(head):
        return False  # another rate ("yield_t_per_ha" is no count of hectares)
    return stem(per) in {stem(w) for w in ws}


_UNIT_WORD = {"t": "tonnes", "usd": "usd", "eur": "eur", "gbp": "gbp"}


def _in_unit(head: str, total: float) -> Number | None:
    """The product in the unit the rate's header names before "per" ("yield_t_per_ha":
    tonnes), read as a claim's figure would be; None when it names none."""
    low = head.rsplit(".", 1)[-1].lower()
    m = re.search(r"([a-z]+)[\s_]+per[\s_]", low)
    if m is None:
        return None
    unit = _UNIT_WORD.get(m.group(1), m.group(1))
    found = find_numbers(f"{total!r} {unit}")
    return found[0] if found and found[0].unit else None


def _pairs(r: Rendered, i: int) -> list[tuple[int, int, float]]:
    """(rate column, count column, product) for row ``i``."""
    t = r.table
    out = []
    for a, head in enumerate(t.columns):
        per = _rate_of(head.text)
        va = cell_value(r, i, a)
        if not per or va is None or va.number is None:
            continue
        for b, other in enumerate(t.columns):
            vb = cell_value(r, i, b)
            if b == a or vb is None or vb.number is None or not _counts(other.text, per):
                continue
            # as written: "area_ha" 8,700 is 8,700 of what the rate is per, whatever its unit
            out.append((a, b, _value(r, i, a) * _value(r, i, b)))
    return out


# "$406 after the discount", "with VAT", "plus shipping": a figure a rate times a count is not
_ADJUSTED = re.compile(
    r"\b(?:after|net of|less|minus|including|incl\.?|with|plus|once)\b[^.;]*?"
    r"\b(?:discounts?|tax|taxes|vat|fees?|charges?|shipping|delivery|deposit|tips?|surcharges?)\b"
)


def product(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    t = r.table
    if c.negated or c.has(_ADJUSTED):
        return None
    p = pick(c, sid, r)
    rows = p.rows if p is not None and p.rows else ([0] if len(t.rows) == 1 else [])
    if len(rows) > 1:  # "Riverbend's maize": of Riverbend's rows, the one whose crop it says
        said = {w for w, _ in c.toks}
        rows = [
            i
            for i in rows
            if any(
                x is not None and k != t.label and x.text.strip() and all(w in said for w in words(x.text))
                for k, x in enumerate(t.rows[i])
            )
        ]
    if len(rows) != 1:
        return None
    i = rows[0]
    pairs = _pairs(r, i)
    if not pairs:
        return None
    cells = [v for j in range(len(t.columns)) if (v := cell_value(r, i, j))]
    figures = [n for n in find_numbers(c.text) if not n.named]
    # a figure a cell holds is that cell's ("25 seats"), not the product
    free = [n for n in figures if not any(holds(n, v) for v in cells)]
    base = Pick(sid, r, [i], [], 0)
    for a, b, total in pairs:
        as_unit = _in_unit(t.columns[a].text, total)
        unit = _unit(r, i, a)
        for n in free:
            if as_unit is not None and n.unit == as_unit.unit and agrees(n, as_unit.value):
                return settled(base, "SUPPORTED", _note(p or base, i, a, b, total), [(i, a), (i, b)])
            if (n.unit in unit if n.unit and unit else n.unit == unit) and agrees(n, total):
                return settled(base, "SUPPORTED", _note(p or base, i, a, b, total), [(i, a), (i, b)])
    # the count the claim states itself ("25 seats"): the one product it can mean
    stated = [
        (a, b, total)
        for a, b, total in pairs
        if (vb := cell_value(r, i, b)) is not None
        and vb.number is not None
        and any(
            agrees(n, vb.number.value) and n.unit and stem(n.unit) in _stems(t.columns[b].text)
            for n in figures
        )
    ]
    if len(stated) != 1 or len(free) != 1:
        return None
    a, b, total = stated[0]
    unit = _unit(r, i, a)
    if unit and free[0].unit and free[0].unit in unit:
        return settled(base, "CONTRADICTED", _note(p or base, i, a, b, total), [(i, a), (i, b)])
    return None


def _unit(r: Rendered, i: int, a: int) -> str:
    """The unit of a rate's cell, a product's: "$" for 14.0 under "unit_price ($)"; the
    three signs of money for a header that names a price without one."""
    va = cell_value(r, i, a)
    unit = va.number.unit if va is not None and va.number is not None else ""
    if not unit and _MONEY & set(_words(r.table.columns[a].text)):
        unit = "$€£"  # "price_per_seat_usd_month": money, whatever its sign
    return unit


def _note(p: Pick, i: int, a: int, b: int, total: float) -> str:
    t = p.r.table
    x, y = _value(p.r, i, a), _value(p.r, i, b)
    return f"{t.columns[b].text} {fmt(y)} x {t.columns[a].text} {fmt(x)} = {fmt(total)}"


# what names a whole beside its part: storage_quota_gb beside storage_used_gb
_WHOLE = frozenset(
    stem(w) for w in "quota limit capacity total allowance allocated max maximum budget".split()
)
_PERCENT = re.compile(r"[\d.,]+\s*(?:%|percent\b|per cent\b)")
_AFTER_SHARE = re.compile(r"\s+(of|off)\s+(?:the|its|their|his|her)\s+((?:[a-z-]+\s*){1,3})")


def share(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """A share of one field in another of the same row: "has used more than 90% of its
    storage quota" (``storage_used_gb`` / ``storage_gb``: the whole is the field the words
    after "of" name, the part the one whose header adds a word the claim says, "used");
    "selling at roughly 25% off its list price" ((``list_price`` - ``amount``) /
    ``list_price``: the one other field of the list price's unit and parent)."""
    t = r.table
    if c.negated:
        return None
    p = pick(c, sid, r)
    rows = p.rows if p is not None and p.rows else ([0] if len(t.rows) == 1 else [])
    shares = [n for n in find_numbers(c.text) if n.unit == "%"]
    if len(rows) != 1 or len(shares) != 1:
        return None
    n, i = shares[0], rows[0]
    figure = _PERCENT.search(c.low, n.start)
    m = _AFTER_SHARE.match(c.low, figure.end()) if figure else None
    if m is None:
        return None
    said = {stem(w) for w in words(m.group(2))}
    cells = {
        j: v for j in range(len(t.columns)) if (v := cell_value(r, i, j)) is not None and v.number is not None
        and v.number.unit != "%"
    }
    named = sorted(((len(_stems(t.columns[j].text) & said), j) for j in cells), reverse=True)
    best = [j for k, j in named if named and k == named[0][0] and k]
    # "storage" names storage_gb and storage_used_gb alike: the whole is the one the other extends
    heads = {j: _stems(t.columns[j].text) for j in best}
    wholes = [j for j in best if all(heads[j] < heads[o] for o in best if o != j)]
    if len(wholes) != 1:
        return None
    whole = wholes[0]
    wv = cells[whole].number
    own = _stems(t.columns[whole].text)
    parent = t.columns[whole].text.rpartition(".")[0]
    if wv is None or not wv.value:
        return None
    if m.group(1) == "of":  # the part: the whole's words (but "quota") and one the claim says ("used")
        parts = [j for j in cells if j != whole and (own - _WHOLE) < _stems(t.columns[j].text)
                 and (_stems(t.columns[j].text) - own) & c.stems]
    else:  # "off": the other figure of the whole's unit beside it (its price)
        parts = [j for j in cells if j != whole and cells[j].number.unit == wv.unit  # type: ignore[union-attr]
                 and (t.columns[j].text.rpartition(".")[0] == parent if parent
                      else own & _stems(t.columns[j].text))]
    if len(parts) != 1:
        return None
    part = parts[0]
    x = cells[part].number.value  # type: ignore[union-attr]
    y = wv.value
    base = Pick(sid, r, [i], [whole, part], 1)
    a, b = t.columns[part].text, t.columns[whole].text
    if m.group(1) == "of":
        got, note = 100 * x / y, f"{a} / {b}: {fmt(x)} / {fmt(y)}"
    else:
        got, note = 100 * (y - x) / y, f"({b} - {a}) / {b}: ({fmt(y)} - {fmt(x)}) / {fmt(y)}"
    ok = agrees(n, got)
    cited = [(i, whole), (i, part)]
    return settled(base, "SUPPORTED" if ok else "CONTRADICTED", f"{note} = {got:.1f}%", cited)


# "per square foot", "per capita", "the student-to-teacher ratio": a figure over another
_PER_WHAT = re.compile(r"\bper\s+(square\s+(?:foot|feet|metre|meter)|sq\.?\s*ft|[a-z]+)")
_TO_RATIO = re.compile(r"\b([a-z]+)[- ]to[- ]([a-z]+)\s+ratio\b")
_ALIASES = {
    "gigabyte": {"gb"},
    "gigabytes": {"gb"},
    "terabyte": {"tb"},
    "square foot": {"sqft", "sq"},
    "square feet": {"sqft", "sq"},
    "sq ft": {"sqft"},
    "sqft": {"sqft"},
    "square metre": {"sqm", "m2"},
    "square meter": {"sqm", "m2"},
    "capita": {"population", "resident", "inhabitant"},
    "person": {"population", "resident", "inhabitant"},
    "resident": {"population", "resident", "inhabitant"},
    "student": {"student", "enrollment", "enrolment", "pupil"},
    "pupil": {"student", "enrollment", "enrolment", "pupil"},
}


def _said_as(phrase: str) -> set[str]:
    """The header stems a phrase may name ("square foot": sqft; "student": enrollment)."""
    key = re.sub(r"\s+", " ", phrase.rstrip("s") if phrase.endswith("s") and " " not in phrase else phrase)
    return {stem(w) for w in _ALIASES.get(key, set()) | set(words(phrase))}


def _numeric_columns(r: Rendered, said: set[str], but: int = -1) -> list[int]:
    t = r.table
    out = []
    for j, head in enumerate(t.columns):
        if j == but or j == t.label or not (_stems(head.text) & said):
            continue
        vals = [cell_value(r, i, j) for i in range(len(t.rows))]
        if sum(v is not None and v.number is not None for v in vals) >= 2:
            out.append(j)
    return out


def ratio_extreme(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """ "The studio is the most expensive per square foot" (``monthly_rent`` / ``sqft``, the
    highest among the rows), "Westgate High has the lowest student-to-teacher ratio"
    (``Enrollment`` / ``Teachers (FTE)``): the named row against the extreme of a figure
    computed for every row."""
    t = r.table
    top, low = c.has(MAX), c.has(MIN)
    if len(t.rows) < 3 or bool(top) == bool(low) or c.negated:
        return None
    p = pick(c, sid, r)
    if p is None or len(p.rows) != 1:
        return None
    to = c.has(_TO_RATIO)
    per = c.has(_PER_WHAT)
    if to is not None:
        nums = _numeric_columns(r, _said_as(to.group(1)))
        dens = _numeric_columns(r, _said_as(to.group(2)))
    elif per is not None:
        dens = _numeric_columns(r, _said_as(per.group(1)))
        if len(dens) != 1:
            return None
        nums = [j for j in p.cols if j != dens[0]][:1]
    else:
        return None
    if len(nums) != 1 or len(dens) != 1 or nums[0] == dens[0]:
        return None
    a, b = nums[0], dens[0]
    ratios: list[tuple[float, int]] = []
    for i in range(len(t.rows)):
        if is_summary(p, i):
            continue
        got = numbers_of(r, i, a, b)
        if got is None or not got[1]:
            continue
        ratios.append((got[0] / got[1], i))
    if len(ratios) < 3 or p.rows[0] not in {i for _, i in ratios}:
        return None
    best = max(ratios) if top else min(ratios)
    if sum(x == best[0] for x, _ in ratios) > 1:
        return None  # a tie: which one is "the" highest is not the table's to say
    ok = best[1] == p.rows[0]
    # "the best scoring average, at 24 points per game": the figure is the named row's
    stated = [n for n in find_numbers(c.text) if not n.named]
    own = next(x for x, i in ratios if i == p.rows[0])
    ok = ok and (not stated or any(agrees(n, own) for n in stated))
    shown = ", ".join(f"{row_name(p, i)} {x:.2f}" for x, i in ratios)
    note = f"{t.columns[a].text} / {t.columns[b].text}: {shown}; {'highest' if top else 'lowest'} "
    note += f"{row_name(p, best[1])}"
    cited = [(i, j) for i in sorted({p.rows[0], best[1]}) for j in (a, b)]
    return settled(Pick(sid, r, [p.rows[0]], [a, b], 1), "SUPPORTED" if ok else "CONTRADICTED", note, cited)


_CENTS = frozenset({"cent", "cents", "pence", "penny", "p", "ct"})
_FIGURE_PER = re.compile(r"\s*(?:[a-z]+\s+)?per\s+(square\s+(?:foot|feet|metre|meter)|sq\.?\s*ft|[a-z]+)")


def per_unit(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """ "On the Flex plan, data works out to about 67 cents per gigabyte": a price the row
    holds over the count the claim's "per" names (``Monthly price (€)`` / ``Data (GB)``),
    where no column holds it per that unit already. Not for a claim that also compares
    (its other half is no rate of this row's)."""
    t = r.table
    if c.negated or c.has(MORE) or c.has(LESS) or c.has(THAN) or c.has(MAX) or c.has(MIN):
        return None
    p = pick(c, sid, r)
    rows = p.rows if p is not None and p.rows else ([0] if len(t.rows) == 1 else [])
    if len(rows) != 1:
        return None
    i = rows[0]
    for n in find_numbers(c.text):
        m = _FIGURE_PER.match(c.low, n.start + len(n.text))
        if m is None:
            m = _FIGURE_PER.match(c.low, _end_of(c.low, n))
        if m is None:
            continue
        cents = n.unit in _CENTS or bool(set(n.nouns) & _CENTS)
        dens = [j for j in _numeric_columns(r, _said_as(m.group(1))) if _value(r, i, j)]
        if not cents and n.unit not in ("$", "€", "£", "¥"):
            got = _count_per(c, n, m.group(1), dens, sid, r, i)
            if got is not None:
                return got
            continue
        money = [j for j in range(len(t.columns)) if j not in dens and j != t.label and _value(r, i, j)
                 and set(_unit(r, i, j)) & set("$€£¥") and (n.unit in _unit(r, i, j) or cents)]
        if len(dens) != 1 or len(money) != 1:
            return None
        a, b = money[0], dens[0]
        x, y = _value(r, i, a), _value(r, i, b)
        rate = x / y
        figure = n.value / 100 if cents else n.value
        if cents and n.approx:
            figure_ok = abs(figure - rate) <= 0.05 * abs(figure) + 0.005
        else:
            figure_ok = agrees(n, rate * (100 if cents else 1))
        note = f"{t.columns[a].text} / {t.columns[b].text}: {fmt(x)} / {fmt(y)} = {rate:.3g}"
        base = Pick(sid, r, [i], [a, b], 1)
        return settled(base, "SUPPORTED" if figure_ok else "CONTRADICTED", note, [(i, a), (i, b)])
    return None


def _count_per(c: ClaimText, n: Number, per: str, dens: list[int], sid: str, r: Rendered, i: int
               ) -> Settled | None:
    """ "roughly 28 undergraduate majors per faculty member": the column the figure's own
    words name (``Undergrad Majors``) over the column "per" names (``Faculty``), in the row."""
    after = c.low[n.start + len(n.text):].split(" per ")[0]
    said = {x for w in (*n.nouns, *words(after)) for x in _said_as(w)} - _said_as(per)
    nums = [j for j in _numeric_columns(r, said) if j not in dens and _value(r, i, j)]
    if len(nums) > 1:  # "based on 2024 enrollment": the column of the year the claim names
        years = set(re.findall(r"\b(?:19|20)\d\d\b", c.low))
        nums = [j for j in nums if years & set(re.findall(r"(?:19|20)\d\d", r.table.columns[j].text))] or nums
    if len(dens) != 1 or len(nums) != 1:
        return None
    t = r.table
    a, b = nums[0], dens[0]
    x, y = _value(r, i, a), _value(r, i, b)
    rate = x / y
    note = f"{t.columns[a].text} / {t.columns[b].text}: {fmt(x)} / {fmt(y)} = {rate:.3g}"
    return settled(Pick(sid, r, [i], [a, b], 1), "SUPPORTED" if agrees(n, rate) else "CONTRADICTED", note,
                   [(i, a), (i, b)])


_RATIO_OF = re.compile(
    r"\b([a-z]+)\s*(?:/|-to-|\s+to\s+)\s*([a-z]+)\s+ratio\b|\bratio of ([a-z]+) to ([a-z]+)\b"
)


def named_ratio(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """ "NightHeron's kill/death ratio is 1.25": the two columns the ratio names
    (``stats.kills`` / ``stats.deaths``) in the row, against the claim's one bare figure."""
    m = c.has(_RATIO_OF)
    if m is None or c.negated:
        return None
    top, bottom = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    t = r.table
    p = pick(c, sid, r)
    rows = p.rows if p is not None and p.rows else ([0] if len(t.rows) == 1 else [])
    figures = [n for n in find_numbers(c.text) if not n.unit and not n.named]
    if len(rows) != 1 or len(figures) != 1:
        return None
    i = rows[0]
    a = [j for j, head in enumerate(t.columns) if _stems(head.text) & _said_as(top) and _value(r, i, j)]
    b = [j for j, head in enumerate(t.columns) if _stems(head.text) & _said_as(bottom) and _value(r, i, j)]
    if len(a) != 1 or len(b) != 1 or a == b:
        return None
    x, y = _value(r, i, a[0]), _value(r, i, b[0])
    if not y:
        return None
    rate = x / y
    note = f"{t.columns[a[0]].text} / {t.columns[b[0]].text}: {fmt(x)} / {fmt(y)} = {rate:.3g}"
    cells = [(i, a[0]), (i, b[0])]
    base = Pick(sid, r, [i], [a[0], b[0]], 1)
    if agrees(figures[0], rate):
        return settled(base, "SUPPORTED", note, cells)
    return settled(base, "CONTRADICTED", note, cells)


def _end_of(low: str, n: Number) -> int:
    m = re.compile(r"[\d.,]+(?:\s*[a-z%]+)?").search(low, n.start)
    return m.end() if m else n.start + len(n.text)


def _value(r: Rendered, i: int, j: int) -> float:
    """A cell's number as written (0 when it holds none)."""
    v = cell_value(r, i, j)
    return v.number.value / v.number.factor if v is not None and v.number is not None else 0.0


def lines_total(c: ClaimText, sid: str, r: Rendered) -> Settled | None:
    """ "Before the 10% discount, the bill came to $593.50": every line's quantity times its
    unit price, added up. Supports only (a figure it does not give may be another of the
    record's totals, which the lookup reads)."""
    t = r.table
    if len(t.rows) < 2 or c.negated or c.has(_ADJUSTED):
        return None
    money = [n for n in find_numbers(c.text) if n.unit in ("$", "€", "£", "¥") and not n.bound]
    if len(money) != 1:
        return None
    parts = []
    for i in range(len(t.rows)):
        pairs = [(a, b, x) for a, b, x in _pairs(r, i) if _rate_of(t.columns[a].text) == "unit"]
        if len(pairs) != 1:
            return None
        parts.append((i, *pairs[0]))
    total = sum(x for *_, x in parts)
    if not agrees(money[0], total):
        return None
    shown = " + ".join(f"{fmt(x)}" for *_, x in parts)
    p = Pick(sid, r, [i for i, *_ in parts], [], 1)
    cited = [(i, j) for i, a, b, _ in parts for j in (b, a)]
    return settled(p, "SUPPORTED", f"each line's quantity x unit price: {shown} = {fmt(total)}", cited)
