"""Numbers in text (value, unit, approximation, bound, precision) and whether the
evidence states a claim's number: units and currencies must agree, lengths and
masses are converted, rounding words and rounded figures are read as such.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from functools import lru_cache

from .dates import find_dates, is_day_of_month
from .finding import Finding, Status
from .labels import label_of, named_label

__all__ = ["Number", "check_numbers", "find_numbers", "spoken_numbers"]

_SCALE = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
}
_WORDNUM = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "dozen": 12,
}
_UNITS = "one|two|three|four|five|six|seven|eight|nine"
_TEENS = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_BELOW_100 = rf"(?:(?:{_TENS})(?:[- ](?:{_UNITS}))?|{_TEENS}|{_UNITS})"
# "twenty-five", "two hundred and fifty", "a dozen": spoken numbers, as transcripts and
# their summaries write them (issue 32); "thousand" and "million" are scales, read after.
_WORD_NUMBER = rf"(?:(?:{_BELOW_100}|a)\s+hundred(?:\s+(?:and\s+)?{_BELOW_100})?|{_BELOW_100}|hundred|dozen)"


def _words_value(words: str) -> float:
    """The value of a number written in words ("two hundred and fifty" is 250)."""
    total = part = 0
    for w in re.split(r"[\s-]+", words.lower()):
        if w == "hundred":
            part = (part or 1) * 100
        elif w in _WORDNUM:
            part += _WORDNUM[w]
    total += part
    return float(total)


_SPOKEN = re.compile(rf"\b(?:{_WORD_NUMBER})(?:[ -](?:thousand|million))?\b", re.I)


def spoken_numbers(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int, str]]:
    """Numbers said in words in ``text[start:end]``, as (start, end, digits): "two hundred
    and fifty" is "250", "three thousand" "3000". A lone "one" is left alone (it is as
    often a pronoun, "the red one"), and so are "hundred" and "dozen" with no count."""
    out: list[tuple[int, int, str]] = []
    for m in _SPOKEN.finditer(text, start, len(text) if end is None else end):
        words = m.group(0).lower()
        if words in ("one", "hundred", "dozen") or words.startswith("a "):
            continue
        value = _words_value(re.sub(r"[ -](thousand|million)$", "", words))
        if words.endswith("thousand"):
            value *= 1e3
        elif words.endswith("million"):
            value *= 1e6
        out.append((m.start(), m.end(), str(int(value))))
    return out


_APPROX = re.compile(
    r"\b(about|approximately|approx\.?|around|roughly|nearly|almost|some|circa|ca\.|"
    r"an estimated|estimated|close to)\s*$|~\s*$",
    re.I,
)
# "over 300 participants" is backed by 340, not contradicted by it: a bound, not a value.
# (in this order: "no more than" must be read before "more than" finds its tail)
_BOUNDS = [
    (re.compile(r"\b(at least|no fewer than|no less than)\s*$", re.I), ">="),
    (re.compile(r"\b(at most|up to|no more than|not more than)\s*$", re.I), "<="),
    (re.compile(r"\b(over|more than|above|just over|greater than|higher than|larger than|bigger than|"
                r"in excess of|upwards of|exceeding)\s*$", re.I), ">"),
    (re.compile(r"\b(under|less than|fewer than|lower than|smaller than|below|just under)\s*$", re.I), "<"),
]
# Which way a change went is part of a change's value (issue 54): "fell 12%" is refuted by
# "up 12%". The word before a percentage or an amount ("fell", "up by about"), or the noun
# after it ("a 12% drop").
_DOWN = ("fell|fall|falls|falling|dropped|drop|drops|declined|declines|decreased|decreases|down|lower|"
         "shrank|shrunk|shrinks|slid|slipped|plunged|plummeted|lost|loses|cut|reduced|sank|tumbled")
_UP = ("rose|rise|rises|risen|rising|up|increased|increases|grew|grows|grown|gained|gains|higher|"
       "climbed|climbs|jumped|jumps|surged|soared|boosted|raised")
_TREND_BEFORE = re.compile(rf"\b(?P<w>{_DOWN}|{_UP})(?:\s+by)?(?:\s+(?:about|around|nearly|almost|some|"
                           r"roughly|approximately|just|over|more than|less than))?\s*$", re.I)
_TREND_AFTER = re.compile(r"^\s*(?P<w>drop|decline|decrease|fall|reduction|cut|loss|plunge|slump|"
                          r"increase|rise|gain|growth|jump|boost|surge)\b", re.I)
_DOWN_WORDS = frozenset(_DOWN.split("|")) | {"decline", "decrease", "reduction", "loss", "plunge", "slump"}


def _trend(text: str, start: int, end: int) -> int:
    """-1 for a fall, +1 for a rise, 0 when no word around the number says which."""
    m = _TREND_BEFORE.search(text, max(0, start - 30), start) or _TREND_AFTER.match(text[end : end + 20])
    if m is None:
        return 0
    return -1 if m.group("w").lower() in _DOWN_WORDS else 1


def trend_word(text: str, n: Number) -> tuple[int, int] | None:
    """Where the word before ``n`` (a number of ``text``) says which way it moved: "fell" in
    "fell 8%"; None when no word before it does."""
    m = _TREND_BEFORE.search(text, max(0, n.start - 30), n.start)
    return m.span("w") if m else None


# A currency named after the number is the same unit as its symbol before it.
_CURRENCY_WORDS = {"dollar": "$", "usd": "$", "euro": "€", "eur": "€", "yen": "¥", "jpy": "¥", "gbp": "£",
                   "sterling": "£"}
# Words after a number that are not its unit ("$9 in 2019", "34 out of 100").
_FUNC_WORDS = (
    "in on at of for to and or by with from the a an as is was were are be been than "
    "since during after before between each per while but that which who when where it its their "
    "they he she we also not only have has had will would should could can may might must do does "
    "did out over under above below about around into through across within ago more less up down "
    "because so if then until unless though although"
).split()
_FUNC = r"(?:" + "|".join(_FUNC_WORDS) + r")\b"
_NUM = re.compile(
    # a currency's sign, or its code before the figure ("USD 1,200")
    r"(?P<cur>[$€£¥]|\b(?:USD|EUR|GBP|JPY)(?=\s?\d))?\s?"
    # digits glued to a word are part of a name, not a quantity: "COVID-19", "A330", "F-16"
    r"(?<![A-Za-z])(?<![A-Za-z]-)(?<![\d.,])"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\b" + _WORD_NUMBER + r"\b)"
    r"(?!\.?\d)"  # a version or an address ("3.2.0", "10.0.0.1") is a name, not an amount
    # a one-letter scale only written against the number: "$5m" is 5 million, "5 m" five metres
    r"(?:\s?(?P<scale>thousand|million|billion|trillion|bn|mn)\b|(?P<letter>[kmb])\b)?"
    r"(?:(?:\s|-(?=p))?(?P<pct>%|percent\b|per cent\b|percentage points?\b))?"
    # a score on a scale is its own unit: "6.3/10", "34 out of 100"
    r"(?:\s?/\s?(?P<den>\d+)\b|\s+out\s+of\s+(?P<den2>\d+)\b)?"
    # the word after the number is its unit; the next one may be the noun an adjective
    # unit qualifies ("729 confirmed cases" counts cases)
    # ("16 COVID-19 cases" counts cases, "1,355 positive coronavirus cases" too)
    r"(?:\s+(?!" + _FUNC + r")(?P<unit>[a-zA-Z](?:[a-zA-Z-]{1,20}\d*)|[mg]\b)"
    r"(?:\s+(?!" + _FUNC + r")(?P<unit2>[a-zA-Z][a-zA-Z-]{1,20})"
    r"(?:\s+(?!" + _FUNC + r")(?P<unit3>[a-zA-Z][a-zA-Z-]{1,20}))?)?)?",
    re.I,
)
# Units of one dimension compare after conversion ("1.3 kilometres" against "1,280 metres").
_CONVERT = {
    "m": ("m", 1.0), "metre": ("m", 1.0), "meter": ("m", 1.0),
    "km": ("m", 1e3), "kilometre": ("m", 1e3), "kilometer": ("m", 1e3),
    "cm": ("m", 1e-2), "centimetre": ("m", 1e-2), "centimeter": ("m", 1e-2),
    "mm": ("m", 1e-3), "millimetre": ("m", 1e-3), "millimeter": ("m", 1e-3),
    "mile": ("m", 1609.344),
    "g": ("g", 1.0), "gram": ("g", 1.0), "kg": ("g", 1e3), "kilogram": ("g", 1e3),
    "mg": ("g", 1e-3), "milligram": ("g", 1e-3), "tonne": ("g", 1e6),
    # "2.7 pounds" of a laptop's 1.24 kg (money in pounds is written £ here, or with "sterling")
    "lb": ("g", 453.59237), "lbs": ("g", 453.59237), "pound": ("g", 453.59237), "oz": ("g", 28.349523125),
    "ounce": ("g", 28.349523125),
    # durations (issue 54: "one year" is "12 months", "150 minutes" is "2.5 hours"); a month
    # is a twelfth of a year, as a warranty or a subscription counts it
    "second": ("s", 1.0), "sec": ("s", 1.0), "minute": ("s", 60.0), "min": ("s", 60.0),
    "hour": ("s", 3600.0), "hr": ("s", 3600.0), "day": ("s", 86400.0), "week": ("s", 604800.0),
    "month": ("s", 31557600.0 / 12), "year": ("s", 31557600.0),
    # areas ("600 square metres" counts no pupils); "square" stands for the unit it starts
    "square": ("m2", 1.0), "sq": ("m2", 1.0), "hectare": ("m2", 1e4), "acre": ("m2", 4046.8564224),
    # volumes
    "litre": ("l", 1.0), "liter": ("l", 1.0), "ml": ("l", 1e-3), "millilitre": ("l", 1e-3),
    "milliliter": ("l", 1e-3), "cl": ("l", 1e-2), "centilitre": ("l", 1e-2),
}
# The dimensions units convert into: two of them never measure the same thing ("4 litres"
# is not backed or refuted by "4 hours").
_DIMENSIONS = frozenset(u for u, _ in _CONVERT.values())
_YEAR = re.compile(r"^(1[5-9]|20)\d\d$")
# Units written as symbols: each must agree with its own kind, never with a noun.
_SYMBOLS = frozenset({"%", "$", "€", "£", "¥"})
# "one" after these is a pronoun ("no one", "every one"), not a count; after "that" it may
# be either ("I'll take that one", "I found that one page is missing").
_PRONOUN_ONE = re.compile(r"\b(?:no|any|some|every|each|another|no-)\s+$", re.I)
# A noun with the indefinite article is one of it: "a week" states "one week".
# (the words after it read ahead, so that "a room for a week" finds "a week")
_ARTICLE = re.compile(r"\b(?:a|an)\s+(?=((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*))", re.I)
# "both" is two of them: "both pairs", "both of the books"
_BOTH = re.compile(r"\bboth\s+(?:of\s+(?:the|these|those|them|his|her|my|your|our|their)\s+)?"
                   r"(?=((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*))", re.I)
# A number that picks from a group: "one of the housemaids", "two of his books"; not a rank
# ("one of the best", "one of the first").
_OF_NOUN = re.compile(
    r"\s+of\s+(?:the|these|those|his|her|my|your|our|their)\s+(?!" + _FUNC + r")"
    r"(?!(?:most|best|worst|least|first|last|few|many|other|others|same|main|top)\b|[a-z]+est\b)"
    r"([a-zA-Z][a-zA-Z-]{1,20})"
    r"(?:\s+(?!" + _FUNC + r")([a-zA-Z][a-zA-Z-]{1,20}))?", re.I)
# "page 12", "Table 3", "section 4.2" point into a document; they are not quantities.
_LABEL = re.compile(
    r"\b(pages?|pp?\.|sections?|§|chapters?|ch\.|figures?|figs?\.|tables?|lines?|appendix|footnotes?)\s*$",
    re.I,
)


# A plain number right after a capitalised word may name a version or a model, not an
# amount: "Python 2", "Windows 10", "Boeing 747" (compare "COVID-19" above). Words that open
# a sentence before an amount ("About 40", "Only 5", "Over 300") are not names.
_NAMED_BY = re.compile(r"(?<![\w.])([A-Z][a-z]*[A-Z]?[a-z]+|[A-Z]{2,}|[a-z][A-Z][A-Za-z]+) $")
_NOT_NAMES = frozenset(
    "about approximately around roughly nearly almost some circa only just over under exactly "
    "precisely all top last first next more less fewer up down still another every total "
    "estimated".split()) | frozenset(_FUNC_WORDS)

_JOINED = re.compile(r"[-–]\d")
_JOINED_BEFORE = re.compile(r"\d[-–]$")


@dataclass(frozen=True)
class Number:
    value: float
    text: str
    unit: str  # "%", currency symbol, or the noun after the number ("" if none)
    approx: bool
    start: int
    bound: str = ""  # ">", ">=", "<", "<=": the text states a bound ("over 300"), not a value
    # the smallest step its digits can express, in ``unit``: 100 for "1.3 km" (in metres),
    # 100,000 for "2.8 million"; a value within half of it rounds to this number
    step: float = 1.0
    # the words after it that may name what it counts: ("confirmed", "case") for "729 confirmed cases"
    nouns: tuple[str, ...] = ()
    # the content words just before it, which name what a bare number counts
    # ("the confirmed cases reached 225", "by number of seats, Labour have 51")
    prefix: tuple[str, ...] = ()
    # one side of a score, a tally or a range ("beaten 2-1", "lead by 66-63", "10-20 years")
    joined: bool = False
    # right after a capitalised word: a version or a model ("Python 2", "Boeing 747") in a
    # claim, which states no amount; in a source it may be one ("Mkhitaryan 48": his minute)
    named: bool = False
    # picks from a group ("one of the housemaids"): it states one housemaid, but says
    # nothing of how many there are, so it refutes no count
    picked: bool = False
    # a percentage or an amount said to be a fall (-1) or a rise (+1): "fell 12%", "up 12%"
    trend: int = 0
    # what one of its written unit is in the unit it was converted to (60 for "minutes"):
    # a bare number beside a claim's "48 minutes" is read in minutes ("Mkhitaryan 48")
    factor: float = 1.0

    def same_unit(self, other: Number) -> bool:
        """Both count the same thing: one symbol or converted unit, or a shared noun.

        A bare number counts what the words before it name; two numbers that each
        name their own noun are not joined by the words before them.
        """
        if (self.unit and self.unit == other.unit) or set(self.nouns) & set(other.nouns):
            return True
        pairs = ((self, other), (other, self))
        return _compatible(self.unit, other.unit) and any(
            not a.nouns and bool(set(a.prefix) & set(b.nouns + b.prefix)) for a, b in pairs)

    def admits(self, value: float) -> bool:
        """Whether ``value`` is within this number's bound."""
        return {">": value > self.value, ">=": value >= self.value, "<": value < self.value,
                "<=": value <= self.value}.get(self.bound, False)


def _unit_key(word: str) -> str:
    w = word.lower()
    return w[:-1] if w.endswith("s") and len(w) > 3 else w


def _stem(word: str) -> str:
    # "reviewers" and "reviews" count the same thing; units keep _unit_key ("kilometer")
    w = _unit_key(word)
    return w[:-2] if w.endswith("er") and len(w) > 6 else w


_WORD = re.compile(r"[A-Za-z][A-Za-z-]+|\d[\d.,]*|[.;!?]")
_STOP = set(_FUNC_WORDS) | {
    "than", "least", "most", "fewer", "greater", "higher", "lower", "just", "approximately", "nearly",
    "almost", "some", "estimated", "there", "this", "these", "those", "all", "total", "number"}


def _content(tokens: list[str]) -> list[str]:
    # what a number counts is named by a noun: "the plea included 18" does not count pleas
    return [_stem(t) for t in tokens if t[0].isalpha() and len(t) > 2 and t.lower() not in _STOP
            and not t.lower().endswith(("ed", "ing"))]


def _prefix(text: str, lo: int, start: int) -> tuple[str, ...]:
    """The content words in the 3 tokens before ``start``, never past ``lo`` (the end of
    the number before) or a sentence end."""
    left = _WORD.findall(text[lo:start])
    for k in range(len(left) - 1, -1, -1):
        if left[k] in ".;!?" or left[k][0].isdigit():
            left = left[k + 1 :]
            break
    return tuple(_content(left[-3:]))


# Fractions in words (issue 54): "four and a half hours" is 4.5 hours, "an hour and a
# half" 1.5 hours, "half an hour" 0.5 hours, "three quarters of a mile" 0.75 miles.
_FRACTION_UNIT = (r"(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|miles?|kilometres?|kilometers?|"
                  r"metres?|meters?|litres?|liters?|kilograms?|kilos?|grams?|tonnes?)")
_WHOLE = rf"(?:{_WORD_NUMBER}|\d+|an?|one)"
_PART = {"half": 0.5, "quarter": 0.25, "quarters": 0.75}
_FRACTION = re.compile(
    rf"\b(?:(?P<w1>{_WHOLE})\s+(?P<u1>{_FRACTION_UNIT})\s+and\s+an?\s+(?P<f1>half|quarter)"
    rf"|(?P<w2>{_WHOLE})\s+and\s+(?:an?\s+|one\s+|three[\s-])?(?P<f2>half|quarters?)\s+(?P<u2>{_FRACTION_UNIT})"
    rf"|(?:an?\s+|one\s+)?(?P<f3>half)\s+an?\s+(?P<u3>{_FRACTION_UNIT})"
    rf"|(?P<three>three[\s-])?(?:an?\s+|one\s+)?(?P<f4>quarters?)\s+of\s+an?\s+(?P<u4>{_FRACTION_UNIT}))\b",
    re.I,
)


def _fractions(text: str) -> list[tuple[int, int, float, str]]:
    """(start, end, value, unit word) of each fraction said in words."""
    out = []
    for m in _FRACTION.finditer(text):
        k = next(i for i in "1234" if m.group(f"u{i}"))
        whole = m.group(f"w{k}") if k in "12" else None
        part = m.group(f"f{k}").lower()
        if k == "2" and part.startswith("quarter"):
            part = "quarters" if re.search(r"three[\s-]+quarters?\s", m.group(0), re.I) else "quarter"
        if k == "4" and m.group("three"):
            part = "quarters"
        base = 0.0 if whole is None else 1.0 if whole.lower() in ("a", "an", "one") else (
            float(whole) if whole.isdigit() else _words_value(whole))
        out.append((m.start(), m.end(), base + _PART[part], m.group(f"u{k}")))
    return out


def _with_bound(before: str, said: str, start: int) -> tuple[str, str, int]:
    """(what the text says, its bound or "", where it starts) of a figure said from
    ``start``, with the bound the words ``before`` it put on it ("more than 300")."""
    for rx, bound in _BOUNDS:
        if hit := rx.search(before):
            return f"{hit.group(1)} {said}", bound, start - len(before) + hit.start()
    return said, "", start


def find_numbers(text: str) -> list[Number]:
    # The same evidence text is read for every claim it is a candidate of, and by
    # several checks: parse it once.
    return list(_find_numbers(text))


@lru_cache(maxsize=1024)
def _find_numbers(text: str) -> tuple[Number, ...]:
    """Numbers with their unit, skipping years and parts of dates."""
    dates = find_dates(text)  # in text order, not overlapping: a bisect finds the one before
    starts = [d.start for d in dates]
    out: list[Number] = []
    prev_end = 0  # where the words of the number before end: a prefix stops there
    fractions = _fractions(text)
    for m in _NUM.finditer(text):
        if any(a <= m.start("num") < b for a, b, _, _ in fractions):
            continue  # read whole below: "four and a half hours"
        k = bisect_right(starts, m.start("num")) - 1
        if (k >= 0 and m.start("num") < dates[k].end) or is_day_of_month(text, m.start("num"), m.end("num")):
            continue
        if _LABEL.search(text[max(0, m.start() - 12) : m.start()]):
            continue
        raw = m.group("num").lower()
        name = _NAMED_BY.search(text, max(0, m.start("num") - 30), m.start("num"))
        named = bool(name and name.group(1).lower() not in _NOT_NAMES and raw[0].isdigit() and "," not in raw
                     and not (m.group("cur") or m.group("pct") or m.group("scale") or m.group("letter"))
                     and not _JOINED.match(text, m.end("num")))  # "Real Madrid 9-1 Granada" is a score
        scale = m.group("scale") or m.group("letter")
        of_noun = None if m.group("unit") or m.group("pct") or m.group("cur") or scale or m.group("den") \
            or m.group("den2") else _OF_NOUN.match(text, m.end("num"))
        if raw[0].isalpha():
            if not (m.group("unit") or m.group("pct") or of_noun):
                continue  # "some two", "the red one": too ambiguous without a unit
            if raw == "one" and (_PRONOUN_ONE.search(text, max(0, m.start() - 12), m.start("num"))
                                 or text[m.end("num") :].lower().lstrip().startswith("another")):
                continue  # "no one speaks", "another one", "one another": a pronoun, no count
            value, step = _words_value(raw), 1.0
        else:
            value = float(raw.replace(",", ""))
            step = 10.0 ** -len(raw.partition(".")[2])
            if len(raw.replace(",", "").replace(".", "").strip("0")) < 2:
                step = 0.0  # "3 million" is not a rounding of 2.6 million: one digit says too little
            if _YEAR.match(raw) and not (m.group("cur") or m.group("pct") or scale):
                continue
        if scale:
            value *= _SCALE[scale.lower()]
            step *= _SCALE[scale.lower()]
        scale_of = m.group("den") or m.group("den2")
        named_unit = m.group("unit") or (of_noun.group(1) if of_noun else "")
        unit = "%" if m.group("pct") else f"/{scale_of}" if scale_of else (
            m.group("cur") or _unit_key(named_unit))
        unit = _CURRENCY_WORDS.get(unit.lower() if len(unit) == 3 and unit.isupper() else unit, unit)
        factor = 1.0
        if unit in _CONVERT:
            unit, factor = _CONVERT[unit]
            value, step = value * factor, step * factor
        before = text[max(0, m.start() - 20) : m.start()]
        approx = bool(_APPROX.search(before))
        # "69 % based on": the percent sign is the unit, the word after it is not
        parts = ("pct",) if m.group("pct") else ("den", "den2") if scale_of else (
            "num", "scale", "letter", "unit", "unit2", "unit3")
        end = of_noun.end() if of_noun else max(m.end(g) for g in parts)
        said, bound, lead = _with_bound(before, text[m.start() : end].strip(), m.start())
        nouns = () if m.group("pct") or m.group("cur") or scale_of else tuple(
            _stem(w) for w in (m.group("unit"), m.group("unit2"), m.group("unit3")) if w)
        if of_noun:  # "one of the housemaids" counts one housemaid
            nouns = tuple(_stem(w) for w in of_noun.groups() if w)
        prefix = _prefix(text, prev_end, lead)
        at = m.start("num")  # the two characters before it, not the whole text up to it
        joined = bool(_JOINED.match(text, m.end("num")) or _JOINED_BEFORE.search(text, max(0, at - 2), at))
        trend = _trend(text, lead, end) if unit == "%" or unit in _SYMBOLS else 0
        out.append(Number(value, said, unit, approx, m.start(), bound, step, nouns, prefix, joined, named,
                          picked=of_noun is not None, trend=trend, factor=factor))
        prev_end = end
    for lo, hi, value, word in fractions:
        unit, factor = _CONVERT[_unit_key(word)] if _unit_key(word) in _CONVERT else (_unit_key(word), 1.0)
        before = text[max(0, lo - 20) : lo]
        said, bound, lead = _with_bound(before, text[lo:hi], lo)
        ends = [n.start + len(n.text) for n in out if n.start < lo]
        out.append(Number(value * factor, said, unit, bool(_APPROX.search(before)), lo, bound, 0.0,
                          (_stem(word),), _prefix(text, max(ends, default=0), lead), factor=factor))
    out.sort(key=lambda n: n.start)
    return tuple(_with_minor_units(text, out))


_MINOR = {"cent": 0.01, "centime": 0.01, "penny": 0.01, "pence": 0.01, "p": 0.01}
_AND = re.compile(r"\s*(?:,\s*)?(?:and\s*)?")


def _with_minor_units(text: str, numbers: list[Number]) -> list[Number]:
    """"twelve Euros and fifty centimes" is 12.50 €: a currency amount followed by its
    minor unit is one amount (spoken prices, issue 32)."""
    out: list[Number] = []
    for n in numbers:
        prev = out[-1] if out else None
        # a Number's start may be the space before it; its text is what it says
        begin = text.find(prev.text, prev.start) if prev is not None else -1
        if (prev is not None and begin >= 0 and prev.unit in ("$", "€", "£") and n.unit in _MINOR
                and n.value < 100 and not n.bound and _AND.fullmatch(text, begin + len(prev.text), n.start)):
            cents = n.value * _MINOR[n.unit]
            end = text.find(n.text, n.start) + len(n.text)
            out[-1] = replace(prev, value=round(prev.value + cents, 2), step=_MINOR[n.unit],
                              text=text[begin:end])
            continue
        out.append(n)
    return out


def _compatible(a: str, b: str) -> bool:
    # "%" and currencies must agree, and so must two units of measure (a length and a
    # time: "4 litres" is neither backed nor refuted by "4 hours"); two nouns may be
    # synonyms ("participants" vs "patients"), which only the entailment model can judge,
    # so they pass here.
    # A unit of measure and a noun count different things too ("over 150 protesters" is not
    # met by "five days", 432,000 seconds).
    return a == b or not a or not b or not ({a, b} & _SYMBOLS or a[0] == "/" or b[0] == "/"
                                            or a in _DIMENSIONS or b in _DIMENSIONS)


def _close(a: float, b: float, tol: float) -> bool:
    return abs(a - b) <= tol * max(abs(a), abs(b), 1e-9)


def _number(status: Status, n: Number, e: Number | None, note: str) -> Finding:
    return Finding(kind="number", status=status, claim=n.text, source=e.text if e else None, note=note)


def _mismatch(n: Number, e: Number) -> Finding:
    return _number("mismatch", n, e, f"source says {e.text}, not {n.text}")


def _stated(n: Number, e: Number) -> Finding:
    return _number("ok", n, e, f"source states {e.text}")


def _missing(n: Number) -> Finding:
    return _number("missing", n, None, f"source does not state {n.text}")


def _check_bound(n: Number, compatible: list[Number]) -> Finding:
    """A claim that states a bound ("over 300 participants").

    Numbers that count the same thing decide it when the source has any: a bound admits
    many values, so "less than 650 cases" must not pass on "17 recoveries". Without
    them, another noun may be a synonym ("340 patients" backs "over 300 participants"),
    but a bare number never backs a bound on a unit.
    """
    same = [e for e in compatible if n.same_unit(e)]
    pool = same or [e for e in compatible if e.unit]
    if (edge := _edge(n, pool)) is not None:
        return _mismatch(n, edge)
    tighter = [e for e in pool if e.bound and e.bound[0] == n.bound[0]
               and (e.value >= n.value if n.bound[0] == ">" else e.value <= n.value)]
    inside = [e for e in pool if not e.bound and n.admits(e.value)]
    if tighter or inside:
        e = (tighter or inside)[0]
        return _stated(n, e)
    # "less than $82 million" against "over $82 million": no value is in both
    against = [e for e in same if not e.bound or _disjoint(n, e)]
    if against:
        return _mismatch(n, against[0])
    # "over 80 million" against "more than 70 million": the source's bound is looser
    if looser := [e for e in same if e.bound and e.bound[0] == n.bound[0]]:
        e = looser[0]
        return _number("missing", n, e, f"source says {e.text}, which does not establish {n.text}")
    return _missing(n)


# How close (relative) a source figure must sit to a claim's bound to be the figure the
# bound is about: "less than $162 million" is about "$162.1 million" (0.06% away)
EDGE_TOL = 0.005


def _edge(n: Number, pool: list[Number]) -> Number | None:
    """A source value just across the claim's bound, the figure the bound is about.

    "grossed less than $162 million" against "$162.1 million in the United States and
    $142.6 million in other territories": the bound sits beside $162.1 million, so that
    figure refutes it although $142.6 million falls inside. Only a figure within
    ``EDGE_TOL`` that no figure inside the bound matches for closeness decides. A figure
    equal to the bound does not: writers say "more than 70 acres" of an article's "70
    acres" (3 right HaluEval summarization dev summaries).
    """
    values = [e for e in pool if not e.bound]
    if not values:
        return None

    def gap(e: Number) -> float:
        return abs(e.value - n.value) / max(abs(e.value), abs(n.value), 1e-9)

    nearest = min(values, key=gap)  # min keeps the first of equals: text order
    if not 0 < gap(nearest) <= EDGE_TOL or any(n.admits(e.value) and gap(e) <= EDGE_TOL for e in values):
        return None
    return nearest


def _disjoint(a: Number, b: Number) -> bool:
    """Two bounds no value meets: "< 82" and "> 82", "<= 5" and ">= 6"."""
    if not (a.bound and b.bound) or a.bound[0] == b.bound[0]:
        return False
    lo, hi = (b, a) if a.bound[0] == "<" else (a, b)
    return lo.value > hi.value or (lo.value == hi.value and (lo.bound == ">" or hi.bound == "<"))


def _side_of_score(n: Number, sides: list[Number]) -> Finding:
    """A side of a score or range backed by the same value on a side of the source's; a
    different one is another match or period as often as a wrong score, so never a mismatch."""
    same = [e for e in sides if _close(e.value, n.value, 1e-6)]
    if same:
        return _stated(n, same[0])
    return _missing(n)


def _in_unit_of(n: Number, found: list[Number]) -> list[Number]:
    """``found`` with each bare number read in the unit ``n`` was written in (a time or a
    volume converted: "48" beside "48 minutes" is 48 minutes, not 48 seconds)."""
    if n.factor == 1.0 or n.unit not in ("s", "l"):
        return found
    return [replace(e, value=e.value * n.factor, step=e.step * n.factor) if not e.unit else e for e in found]


def check_numbers(claim: str, evidence: str, context: str | None = None) -> list[Finding]:
    """The claim's figures against ``evidence``; ``context`` (the passage the evidence was
    read in) gives the labelled figures beside it ("Amount due: £368.79")."""
    out: list[Finding] = []
    in_text = find_numbers(evidence)
    for n in find_numbers(claim):
        found = _in_unit_of(n, in_text)
        if n.named or n.picked:  # "one of the candidates" claims no count
            continue
        # One side of a claim's score is read against sides of the source's scores only:
        # "beaten 2-1" says nothing about a 9 elsewhere. A single figure may be a side of
        # one ("65 trophies" against "lead by 66-63").
        if n.joined:
            out.append(_side_of_score(n, [e for e in found if e.joined]))
            continue
        same_unit = [e for e in found if _compatible(e.unit, n.unit)]
        if n.bound and n.unit:  # a bare "under 12" may be an age or a scope, not a count
            out.append(_check_bound(n, same_unit))
            continue
        said = [e for e in same_unit if n.bound and e.bound == n.bound and _close(e.value, n.value, 1e-6)]
        if said:  # the source states the same bound ("adults over 65")
            out.append(_stated(n, said[0]))
            continue
        values = [e for e in same_unit if not e.bound]
        exact = [e for e in values if _close(e.value, n.value, 1e-6)]
        # "about 80%" is backed by 81%; 81% is backed by "about 81%" only loosely.
        near = [e for e in values if _close(e.value, n.value, 0.1 if n.approx or e.approx else 0.005)]
        # "1.3 km" is 1,280 m rounded, and "2.8 million" is 2,794,000 rounded: the
        # claim rounds the source (ok); the other way the source is the rounder (imprecise)
        near += [e for e in values if e not in near and abs(e.value - n.value) <= n.step / 2 + 1e-9]
        rounder = [e for e in values if abs(e.value - n.value) <= e.step / 2 + 1e-9]
        # 340 against "over 300": within the source's bound, but more precise than it.
        bounded = [e for e in same_unit if e.bound and e.unit and e.admits(n.value)]
        # 40 against "more than 40 years": the claim states the bound's edge as the value
        bounded += [e for e in same_unit if e.bound and e.unit and e not in bounded
                    and _close(e.value, n.value, 1e-6)]
        # "fell 12%" against "up 12%": the same figure, the other way
        turned = [e for e in exact + near if n.trend and e.trend and e.trend != n.trend]
        relabelled = _under_another_label(claim, evidence, context or evidence, n, exact + near)
        if relabelled is not None:
            e = relabelled
            out.append(_number("mismatch", n, e, f"source says {e.text} under the label the claim names, "
                                                 f"not {n.text}"))
        elif turned:
            e = turned[0]
            way = {1: "a rise", -1: "a fall"}
            out.append(_number("mismatch", n, e,
                               f"source says {e.text} is {way[e.trend]}, not {way[n.trend]}"))
        elif exact and not (exact[0].approx and not n.approx):
            out.append(_stated(n, exact[0]))
        elif exact or near:
            e = (exact or near)[0]
            status: Status = "imprecise" if e.approx and not n.approx else "ok"
            note = f"source says {e.text}" + (", an approximation" if status != "ok" else "")
            out.append(_number(status, n, e, note))
        elif rounder:
            e = rounder[0]
            out.append(_number("imprecise", n, e, f"source says {e.text}, a rounder figure than {n.text}"))
        elif bounded:
            e = bounded[0]
            out.append(_number("imprecise", n, e, f"source says {e.text}, not {n.text} exactly"))
        elif not n.bound and (counted := [e for e in found if n.same_unit(e) and not e.picked]):
            out.append(_mismatch(n, counted[0]))
        elif (one := _one_by_article(n, evidence)) is not None:
            out.append(_stated(n, one))
        else:
            out.append(_missing(n))
    return out


def _under_another_label(
    claim: str, evidence: str, context: str, n: Number, held: list[Number]
) -> Number | None:
    """"The amount due is £351.23" against "Total before VAT: £351.23 ... Amount due:
    £368.79": the figure the source holds is another label's, and the label the claim
    names holds another figure of the same unit (the only one it does)."""
    if not held or not n.unit:
        return None
    mine = label_of(evidence, held[0].start)
    if not mine or named_label(claim, mine):
        return None
    other = {
        e.value: e
        for e in find_numbers(context)
        if e.unit == n.unit and not e.bound and not _close(e.value, n.value, 1e-6)
        and named_label(claim, label_of(context, e.start))
    }
    return next(iter(other.values())) if len(other) == 1 else None


def _one_by_article(n: Number, evidence: str) -> Number | None:
    """"a week" in ``evidence`` for the claim's "one week", "both pairs" for "two pairs":
    its first noun within the article's next three words."""
    count = n.value / n.factor  # "one week" counts one week, 604,800 seconds
    if count not in (1, 2) or n.bound or not n.nouns or n.unit in _SYMBOLS:
        return None
    for m in (_ARTICLE if count == 1 else _BOTH).finditer(evidence):
        words = m.group(1).split()
        if n.nouns[0] in {_stem(w) for w in words}:
            at = max(k for k, w in enumerate(words) if _stem(w) in n.nouns)  # "a Chinese TV series"
            said = evidence[m.start() : m.start(1)] + " ".join(words[: at + 1])
            return Number(n.value, said, n.unit, False, m.start(), nouns=n.nouns, factor=n.factor)
    return None
