"""What a cell holds: a number in the unit its column names ("revenue ($M)": 120.0 is
$120 million), a yes or no ("false", "closed", "n/a"), times, or words; and what a
header means in words ("attributes.OutdoorSeating" -> "outdoor seating")."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from ..checks.numbers import Number, find_numbers

__all__ = [
    "CALENDAR", "WEEKDAYS", "Value", "claim_dates", "header_words", "human", "month_number", "read_value",
    "stem", "table_unit", "tokens", "words",
]

_TRUE = frozenset({"true", "yes", "y", "available", "open", "✓", "✔", "included", "free", "allowed"})
_FALSE = frozenset(
    {
        "false",
        "no",
        "n",
        "none",
        "closed",
        "unavailable",
        "not available",
        "✗",
        "✘",
        "x",
        "not allowed",
        "0 (none)",
    }
)
_EMPTY = frozenset({"", "n/a", "na", "null", "-", "—", "–", "?", "unknown", "tbd", "not reported"})
_UNIT_IN_HEADER = re.compile(
    r"\(([^)]*)\)|\[([^\]]*)\]|,\s*(%|\$\w*|usd\b.*|eur\b.*|€\w*|£\w*|in \w+.*)$", re.I
)
_SCALE = {
    "k": "thousand",
    "thousand": "thousand",
    "thousands": "thousand",
    "000s": "thousand",
    "'000": "thousand",
    "000": "thousand",
    "m": "million",
    "mn": "million",
    "mm": "million",
    "million": "million",
    "millions": "million",
    "b": "billion",
    "bn": "billion",
    "billion": "billion",
    "billions": "billion",
}
_CURRENCY = {
    "$": "$",
    "usd": "$",
    "us$": "$",
    "€": "€",
    "eur": "€",
    "euro": "€",
    "euros": "€",
    "£": "£",
    "gbp": "£",
    "¥": "¥",
    "jpy": "¥",
    "dollars": "$",
}
_TIME = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?", re.I)
_ISO_DATE = re.compile(r"((?:19|20)\d\d)-(0[1-9]|1[0-2])(?:-([0-3]\d))?(?:[T ][\d:.]+Z?)?")
_HMS = re.compile(r"(\d{1,2}):([0-5]\d):([0-5]\d(?:\.\d+)?)")
_ONE_TIME = r"\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?"
_CLOCK = re.compile(rf"{_ONE_TIME}(?:\s*(?:-|–|to|until)\s*{_ONE_TIME})?")  # "11:00-21:00", "9 am to 5 pm"
# "OutdoorSeating" -> "Outdoor Seating"; not "vCPU", "iPhone" (one lower-case letter first)
_CAMEL = re.compile(r"(?<=[a-z]{2})(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_WORDS = re.compile(r"[a-z0-9]+(?:[.'][a-z0-9]+)*")


@dataclass(frozen=True)
class Value:
    text: str
    number: Number | None = None  # in the unit numbers.find_numbers reads ($ in dollars, g for kg)
    truth: bool | None = None  # a yes/no, "closed", a time range (open)
    empty: bool = False
    times: tuple[int, ...] = ()  # minutes after midnight, as written
    date: tuple[int, int, int] | None = None  # (year, month, day); day 0 for a month


# a unit at the end of a key ("weight_kg", "price_eur", "duration_min"), as find_numbers reads it
_KEY_UNITS = {
    "kg": "kg",
    "ha": "hectares",
    "g": "g",
    "lb": "lb",
    "lbs": "lb",
    "cm": "cm",
    "mm": "mm",
    "km": "km",
    "mi": "miles",
    "m": "m",
    "in": "inches",
    "l": "litres",
    "ml": "ml",
    "w": "W",
    "kw": "kW",
    "wh": "Wh",
    "kwh": "kWh",
    "gb": "GB",
    "tb": "TB",
    "mb": "MB",
    "min": "minutes",
    "mins": "minutes",
    "minutes": "minutes",
    "s": "seconds",
    "sec": "seconds",
    "secs": "seconds",
    "seconds": "seconds",
    "h": "hours",
    "hr": "hours",
    "hrs": "hours",
    "hours": "hours",
    "days": "days",
    "weeks": "weeks",
    "months": "months",
    "years": "years",
    "pct": "%",
    "percent": "%",
    "usd": "$",
    "eur": "€",
    "gbp": "£",
    "jpy": "¥",
}


# units a key names before the one it is per ("yield_t_ha"); not "in" ("price_in_usd")
_RATE_OF = frozenset(k for k in _KEY_UNITS if k not in ("in", "pct", "percent")) | {"t", "mg"}

_DURATION_KEYS = frozenset({"hours", "hrs", "minutes", "mins", "days", "weeks"})


def _header_unit(header: str) -> tuple[str, str, str]:
    """(currency, scale word, other unit) a header names: "revenue ($M)" -> ("$", "million", ""),
    "weight_kg" -> ("", "", "kg")."""
    m = _UNIT_IN_HEADER.search(header)
    if not m:
        parts = re.split(r"[._\s]+", header.strip().lower())
        if len(parts) >= 3 and parts[-2] in _CURRENCY and parts[-1] in _SCALE:
            return _CURRENCY[parts[-2]], _SCALE[parts[-1]], ""  # "revenue_usd_m": dollars, millions
        last = parts[-1]
        # a key of one word is a unit only when it is a length of time ("hours": 12 is 12 hours)
        whole = "_" in header or " " in header.strip() or last in _DURATION_KEYS
        # "yield_t_per_ha": a rate per hectare, not hectares
        rate = re.search(r"(?:^|[._\s])per[._\s]+[a-z]+$", header.strip().lower())
        # "yield_t_ha", "nitrogen_kg_ha": a unit before the last, so the last is what it is per;
        # not a currency ("cost_m_usd" is dollars)
        per_last = last in _KEY_UNITS and _KEY_UNITS[last] not in ("$", "€", "£", "¥")
        rated = bool(rate) or (len(parts) >= 3 and parts[-2] in _RATE_OF and per_last)
        unit = _KEY_UNITS.get(last, "") if whole and not rated else ""
        if unit in ("$", "€", "£", "¥"):
            return unit, "", ""
        return "", "", unit
    inside = (m.group(1) or m.group(2) or m.group(3) or "").strip().lower().split("/")[0]
    cur, scale, unit = "", "", ""
    for tok in re.findall(r"[$€£¥]|[a-z']+|%|000s?|'000", inside):
        if tok in _CURRENCY and not cur:
            cur = _CURRENCY[tok]
        elif tok in _SCALE and not scale:
            scale = _SCALE[tok]
        elif tok in ("%", "percent", "pct"):
            unit = "%"
        elif tok in _KEY_UNITS and not unit and tok not in ("in", "m", "s", "h"):
            unit = _KEY_UNITS[tok]
        elif tok not in ("in", "of", "per", "us") and not unit:
            unit = tok
    if inside.startswith("$") and len(inside) > 1 and inside[1:].lower() in _SCALE:
        scale = _SCALE[inside[1:].lower()]
    return cur, scale, unit


# "revenue by segment (€ thousands)", "budget ($ thousands)", "(in USD millions)": the unit of
# a whole table, given in its caption
_TABLE_UNIT = re.compile(
    r"\(\s*(?:in\s+)?((?:[$€£¥]|usd|eur|gbp)\s*(?:thousands?|millions?|billions?|'?000s?|m|mn|bn|k))\s*\)",
    re.I,
)
_PERIOD_HEAD = re.compile(
    r"^(?:year|fy|period|quarter|date|month|season)\b|^(?:fy|q[1-4])?\s*(?:19|20)\d\d$", re.I
)


@lru_cache(maxsize=4096)  # read for every cell a rule reads: one caption and header at a time
def table_unit(caption: str, header: str) -> str:
    """The header a cell of column ``header`` is read under when the table's caption gives
    the whole table's currency and scale and the header gives no unit of its own:
    "Streaming (€ thousands)"; else ``header`` itself."""
    m = _TABLE_UNIT.search(caption)
    if m is None or any(_header_unit(header)) or _PERIOD_HEAD.match(header.strip()):
        return header
    return f"{header} ({m.group(1)})"


@lru_cache(maxsize=4096)
def read_value(text: str, header: str = "") -> Value:
    t = text.strip()
    low = t.lower()
    if low in _EMPTY:
        return Value(t, empty=True)
    if low in _TRUE or low in _FALSE:
        return Value(t, truth=low in _TRUE)
    iso = _ISO_DATE.fullmatch(t)
    if iso:
        return Value(t, date=(int(iso.group(1)), int(iso.group(2)), int(iso.group(3) or 0)))
    hms = _HMS.fullmatch(t)
    if hms:  # a duration: 2:08:41
        secs = int(hms.group(1)) * 3600 + int(hms.group(2)) * 60 + float(hms.group(3))
        return Value(t, number=Number(secs, t, "s", False, 0, step=1.0, factor=1.0))
    times = _times(t)
    if times and _CLOCK.fullmatch(low):
        return Value(t, truth=True, times=times)
    lead = _APPROX_LEAD.match(t) or _CODE_LEAD.match(t)
    if lead and lead.end() < len(t):
        # "~20", "approx. 1,200", "USD 1,200": the figure after it, about it or in that currency
        code = lead.group(1).upper() if lead.re is _CODE_LEAD else ""
        inner = read_value(_CODES.get(code, "") + t[lead.end():], header)
        if inner.number is not None:
            return Value(t, number=replace(inner.number, text=t, approx=inner.number.approx or not code))
    cur, scale, unit = _header_unit(header)
    num = re.fullmatch(
        r"\(?([-+−]?)\s*([$€£¥]?)\s*([-+−]?\d[\d,]*(?:\.\d+)?)\s*((?:%|[kKmMbB]n?)(?![A-Za-z])|)\)?"
        r"(?:\s*([A-Za-z]+))?",
        t,
    )
    if num:
        neg = (
            "-"
            # "+0.118" is above zero: only a minus sign or brackets make a figure negative
            if num.group(1) in ("-", "−") or (t.startswith("(") and t.endswith(")"))
            or num.group(3).startswith(("-", "−"))
            else ""
        )
        digits = num.group(3).lstrip("+-−")
        own_cur, suffix, tail = num.group(2), num.group(4), num.group(5) or ""
        # the unit read from one of it ("$1 million" is 1e6 dollars): a bare "1899" is no year here
        words = [own_cur or cur, "1"]
        sc = _SCALE.get(suffix.lower(), "") if suffix and suffix != "%" else scale
        if sc:
            words.append(sc)
        if suffix == "%" or unit == "%":
            words.append("%")
        elif tail:
            words.append(tail)
        elif unit:
            words.append(unit)
        phrase = (words[0] + " ".join(words[1:])).replace(" %", "%")
        found = find_numbers(phrase)
        one = found[0] if found else Number(1.0, phrase, "", False, 0)
        written = float(digits.replace(",", ""))
        decimals = len(digits.split(".")[1]) if "." in digits else 0
        n = Number(
            (-1 if neg else 1) * written * one.value,
            t,
            one.unit,
            False,
            0,
            step=(10.0**-decimals) * one.value,
            nouns=one.nouns,
            factor=one.factor,
        )
        if (not n.unit and not neg and decimals and written <= 1 and t[:1].isdigit()
                and _FRACTION_HEAD.search(header.lower())):
            # `win_rate`: 0.47 is 47% ("a 47% win rate"); not an exchange rate's 0.92, nor a
            # signed "+0.842" (a net run rate)
            n = replace(n, value=written * 100, unit="%", step=(10.0**-decimals) * 100)
        return Value(t, number=n)
    return Value(t)


_FRACTION_HEAD = re.compile(r"(?<![a-z])(?:rate|share|fraction|proportion)(?![a-z])(?<!exchange.rate)"
                            r"(?<!exchange_rate)(?<!fx_rate)")


_APPROX_LEAD = re.compile(r"(?:~|≈|approx\.?|approximately|ca\.|circa|about)\s*", re.I)
_CODE_LEAD = re.compile(r"(USD|EUR|GBP|JPY)\s*(?=\d)", re.I)
_CODES = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}


def _times(text: str) -> tuple[int, ...]:
    out = []
    for m in _TIME.finditer(text):
        if not m.group(2) and not m.group(3):
            continue
        h, mins = int(m.group(1)), int(m.group(2) or 0)
        ap = (m.group(3) or "").lower().replace(".", "")
        if ap == "pm" and h < 12:
            h += 12
        if ap == "am" and h == 12:
            h = 0
        out.append(h * 60 + mins)
    return tuple(out)


def human(header: str) -> str:
    """A header as words: "attributes.OutdoorSeating" -> "attributes outdoor seating",
    "review_count" -> "review count"."""
    parts = [_CAMEL.sub(" ", p) for p in re.split(r"[._]", header) if p]
    return (
        " ".join(parts).replace("Wi Fi", "WiFi").lower()
        if any(p != p.lower() for p in parts)
        else " ".join(parts)
    )


# words of one concept a header and a claim share in other words ("staff" for "headcount")
_CONCEPTS = {
    "employee": "employees employee staff headcount workforce workers personnel fte",
    "visit": "visits visit visitors visitor footfall traffic attendance busiest",
    "guest": "guests guest sleeps",
    "distance": "distance distances length lengths",
    "elevation": "elevation altitude",
    "rating": "rating ratings rated score scores scored stars star points point",
    "limit": "limit limits cap caps capped",
    "hazard": "hazmat hazardous dangerous",
    "average": "average averages averaged avg",
    "graduate": "graduate graduates grad grads",
    "output": "output outputs generated generates generation",
}
_STEMS = {
    **{w: concept for concept, ws in _CONCEPTS.items() for w in ws.split()},
    "cost": "price",
    "costs": "price",
    "priced": "price",
    "prices": "price",
    "sale": "sale",
    "sold": "sale",
    "sells": "sale",
    "weighs": "weight",
    "weigh": "weight",
    "heavier": "weight",
    "lighter": "weight",
    "heaviest": "weight",
    "lightest": "weight",
    "cheaper": "price",
    "cheapest": "price",
    "expensive": "price",
    "pricier": "price",
    "priciest": "price",
    "reviews": "review",
    "reviewed": "review",
    "earned": "earn",
    "earnings": "earn",
    "turnover": "revenue",
    "sales": "sale",
    "youngest": "age",
    "oldest": "age",
    "older": "age",
    "younger": "age",
    "aged": "age",
    "longest": "distance",
    "shortest": "distance",
    "conceded": "against",
    "fiscal": "fy",
    "ridership": "rider",
    "viewership": "viewer",
    "readership": "reader",
    "membership": "member",
    "won": "win",
    "wins": "win",
    "lost": "los",
    "loss": "los",
    "losses": "los",
    "lose": "los",
    "drawn": "draw",
    "settled": "paid",
    "proposal": "propose",
    "proposals": "propose",
    "actuals": "actual",
    "closer": "distance",
    "closest": "distance",
    "nearer": "distance",
    "nearest": "distance",
    "farther": "distance",
    "farthest": "distance",
    "further": "distance",
    "furthest": "distance",
    "drew": "draw",
}


def stem(word: str) -> str:
    w = word.lower().strip(".'")
    if w in _STEMS:
        w = _STEMS[w]
        return (w[:-1] if w.endswith("e") and len(w) > 4 else w)[:7]
    if w.isdigit():
        return w
    if w.endswith("ely") and len(w) > 6:
        w = w[:-2]  # "remotely" says "remote" (remote_share_pct)
    for suf in ("ments", "ment", "ings", "ing", "ies", "es", "ed", "s"):  # "shipments": "shipped"
        if w.endswith(suf) and len(w) - len(suf) >= 4:
            w = w[: -len(suf)] + ("y" if suf == "ies" else "")
            if suf in ("ing", "ings", "ed") and len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
                w = w[:-1]  # "wrapping" -> "wrap", "shipped" -> "ship"
            if suf == "es" and w.endswith("e"):
                return w[:7]  # "yankees" as "yankee": its "e" is the word's own
            break
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]  # "release" and "released" alike
    return w[:7] if len(w) > 7 else w


_MONTH_FORMS = (
    ("jan", "january"),
    ("feb", "february"),
    ("mar", "march"),
    ("apr", "april"),
    ("may",),
    ("jun", "june"),
    ("jul", "july"),
    ("aug", "august"),
    ("sep", "sept", "september"),
    ("oct", "october"),
    ("nov", "november"),
    ("dec", "december"),
)
_MONTHS = {m: f"{k:02d}" for k, names in enumerate(_MONTH_FORMS, start=1) for m in names}
_FISCAL = re.compile(r"(fy|cy)(\d{2,4})")


def month_number(word: str) -> int:
    """The month a word names ("jun", "june" -> 6), 0 when none."""
    return int(_MONTHS.get(word.lower(), 0))


WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
# the months' and weekdays' names in full: a date's words, never a name the table lacks
CALENDAR = frozenset(forms[-1] for forms in _MONTH_FORMS) | WEEKDAYS


def tokens(text: str) -> list[tuple[str, int]]:
    """The lower-case words of ``text`` and where each starts: "FY2024" as "fy" and "2024",
    a month's name followed by its number ("April" and "04": a row named 2024-04)."""
    out: list[tuple[str, int]] = []
    for m in _WORDS.finditer(text.lower().replace("wi-fi", "wifi")):
        w, at = m.group(0), m.start()
        f = _FISCAL.fullmatch(w)
        if f:
            out += [(f.group(1), at), (f.group(2), at + len(f.group(1)))]
            continue
        out.append((w, at))
        w = re.sub(r"['’]s$", "", w)  # "June's load factor": June's row
        if w in WEEKDAYS or (w.endswith("s") and w[:-1] in WEEKDAYS):  # "Saturday": `hours.sat` too
            out.append((w[:3], at))
        if w in _MONTHS:
            if len(w) > 3:  # "January" says "Jan" too: a row or column named by the short form
                out.append((w[:3], at))
            out.append((_MONTHS[w], at))
    return out


def words(text: str) -> list[str]:
    return [w for w, _ in tokens(text)]


_HEADER_STOP = frozenset(
    "is has was are the a an of in on at for per to by and or with usd eur gbp m k bn mn thousand "
    "thousands million millions billion number no count".split()
)


_MONEY = frozenset(
    "price pric cost fee fare far rate rat premium charg rent tuition toll".split()
)


def header_words(header: str) -> set[str]:
    """The stems of a header's words, its unit left out: "revenue ($M)" -> {"revenu"}; a
    record's path with its parents ("hours.Friday" -> {"hour", "friday"})."""
    *parents, last = header.split(".")
    if parents:
        return header_words(last) | {
            stem(w) for p in parents for w in words(human(p)) if w not in _HEADER_STOP
        }
    parts = last.split("_")
    if len(parts) > 1 and parts[-1].lower() in _KEY_UNITS:  # "range_km": the unit is no word of it
        last = "_".join(parts[:-1])
    base = _UNIT_IN_HEADER.sub(" ", human(last))
    kept = [stem(w) for w in words(base) if w not in _HEADER_STOP]
    found = set(kept)
    if _header_unit(header)[0]:
        found.add(stem("price"))  # a column of money is what "cheapest" and "costs" speak of
    # "monthly premium", "nightly_rate": a price; "premium_economy" (seats): not one
    return found | ({stem("price")} if kept and kept[-1] in _MONEY else set())


_MONTH_NAME = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"


def claim_dates(text: str) -> list[tuple[int, int, int]]:
    """The dates a claim states: "September 20, 2024", "20 September 2024", "2024-09-20",
    "March 2024" (day 0), "in 2022" (month and day 0)."""
    low = text.lower()
    out = []
    for m in re.finditer(rf"\b{_MONTH_NAME}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)\b", low):
        out.append((int(m.group(3)), int(_MONTHS[m.group(1)[:3]]), int(m.group(2))))
    for m in re.finditer(
        rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_NAME}\s+((?:19|20)\d\d)\b", low
    ):
        out.append((int(m.group(3)), int(_MONTHS[m.group(2)[:3]]), int(m.group(1))))
    for m in _ISO_DATE.finditer(low):
        out.append((int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)))
    if not out:
        for m in re.finditer(rf"\b{_MONTH_NAME}\s+((?:19|20)\d\d)\b", low):
            out.append((int(m.group(2)), int(_MONTHS[m.group(1)[:3]]), 0))
    if not out:
        for m in re.finditer(r"\b(?:in|since|during|from)\s+((?:19|20)\d\d)\b", low):
            out.append((int(m.group(1)), 0, 0))
    if not out:  # "available in June": a month of no year said (year 0)
        said = rf"\b(?:in|from|until|by|during|since)\s+(?:early\s+|mid-?\s*|late\s+)?{_MONTH_NAME}(?!\w)"
        for m in re.finditer(said, low):
            out.append((0, int(_MONTHS[m.group(1)[:3]]), 0))
    return out
