"""Deterministic checks for what entailment models are weak at: numbers,
dates and their precision, names and titles, negation.

Each check compares the facts in a claim with the evidence text and returns
findings. ``ok``: the evidence states it; ``partial``: it states something
weaker ("Smith et al." for "Dr. Smith"); ``imprecise``: the claim is more
precise than the evidence ("March 2024" against "Q1 2024"); ``mismatch``:
the evidence states a different value for the same kind of thing;
``missing``: the evidence does not mention it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

__all__ = ["Finding", "check_claim", "entity_findings", "find_dates", "find_numbers", "find_titled_names",
           "is_negated", "name_index", "name_present"]

Status = Literal["ok", "partial", "imprecise", "mismatch", "missing"]


class Finding(BaseModel):
    kind: Literal["number", "date", "name", "entity", "negation"]
    status: Status
    claim: str
    source: str | None = None
    note: str


# ---------------------------------------------------------------- numbers
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
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "hundred": 100,
    "dozen": 12,
    "half": 0.5,
}
_APPROX = re.compile(
    r"\b(about|approximately|approx\.?|around|roughly|nearly|almost|some|circa|ca\.|"
    r"an estimated|estimated|close to)\s*$|~\s*$",
    re.I,
)
# "over 300 participants" is backed by 340, not contradicted by it: a bound, not a value.
_BOUNDS = [
    (re.compile(r"\b(at least|no fewer than|no less than)\s*$", re.I), ">="),
    (re.compile(r"\b(over|more than|above|just over|greater than|in excess of|upwards of|exceeding)\s*$",
                re.I), ">"),
    (re.compile(r"\b(at most|up to|no more than)\s*$", re.I), "<="),
    (re.compile(r"\b(under|less than|fewer than|below|just under)\s*$", re.I), "<"),
]
# A currency named after the number is the same unit as its symbol before it.
_CURRENCY_WORDS = {"dollar": "$", "usd": "$", "euro": "€", "eur": "€", "yen": "¥", "gbp": "£",
                   "sterling": "£"}
_NUM = re.compile(
    r"(?P<cur>[$€£¥])?\s?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\b(?:"
    + "|".join(_WORDNUM)
    + r")\b)"
    r"(?:\s?(?P<scale>thousand|million|billion|trillion|bn|mn|[kmb])\b)?"
    r"(?:\s?(?P<pct>%|percent\b|per cent\b|percentage points?\b))?"
    # the word after the number is its unit unless it is a function word ("$9 in 2019")
    r"(?:\s+(?!(?:in|on|at|of|for|to|and|or|by|with|from|the|a|an|as|is|was|were|are|be|been|than|"
    r"since|during|after|before|between|each|per|while|but|that|which|who|when|where|it|its|their|"
    r"they|he|she|we|also|not|only|have|has|had|will|would|should|could|can|may|might|must|do|does|"
    r"did)\b)(?P<unit>[a-zA-Z][a-zA-Z-]{1,20}))?",
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
}
_YEAR = re.compile(r"^(1[5-9]|20)\d\d$")
# "page 12", "Table 3", "section 4.2" point into a document; they are not quantities.
_LABEL = re.compile(
    r"\b(pages?|pp?\.|sections?|§|chapters?|ch\.|figures?|figs?\.|tables?|lines?|appendix|footnotes?)\s*$",
    re.I,
)


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

    def admits(self, value: float) -> bool:
        """Whether ``value`` is within this number's bound."""
        return {">": value > self.value, ">=": value >= self.value, "<": value < self.value,
                "<=": value <= self.value}.get(self.bound, False)


def _unit_key(word: str) -> str:
    w = word.lower()
    return w[:-1] if w.endswith("s") and len(w) > 3 else w


def find_numbers(text: str) -> list[Number]:
    """Numbers with their unit, skipping years and parts of dates."""
    date_spans = [(d.start, d.end) for d in find_dates(text)]
    out: list[Number] = []
    for m in _NUM.finditer(text):
        if any(s <= m.start("num") < e for s, e in date_spans):
            continue
        if _LABEL.search(text[max(0, m.start() - 12) : m.start()]):
            continue
        raw = m.group("num").lower()
        if raw in _WORDNUM:
            if not (m.group("unit") or m.group("pct")):
                continue  # "one of the", "some two": too ambiguous without a unit
            value, step = float(_WORDNUM[raw]), 1.0
        else:
            value = float(raw.replace(",", ""))
            step = 10.0 ** -len(raw.partition(".")[2])
            if len(raw.replace(",", "").replace(".", "").strip("0")) < 2:
                step = 0.0  # "3 million" is not a rounding of 2.6 million: one digit says too little
            if _YEAR.match(raw) and not (m.group("cur") or m.group("pct") or m.group("scale")):
                continue
        if m.group("scale"):
            value *= _SCALE[m.group("scale").lower()]
            step *= _SCALE[m.group("scale").lower()]
        unit = "%" if m.group("pct") else (m.group("cur") or _unit_key(m.group("unit") or ""))
        unit = _CURRENCY_WORDS.get(unit, unit)
        if unit in _CONVERT:
            unit, factor = _CONVERT[unit]
            value, step = value * factor, step * factor
        before = text[max(0, m.start() - 20) : m.start()]
        approx = bool(_APPROX.search(before))
        said, bound = m.group(0).strip(), ""
        for rx, b in _BOUNDS:
            if hit := rx.search(before):
                said, bound = f"{hit.group(1)} {said}", b
                break
        out.append(Number(value, said, unit, approx, m.start(), bound, step))
    return out


def _compatible(a: str, b: str) -> bool:
    # "%" and currencies must agree; two nouns may be synonyms ("participants" vs
    # "patients"), which only the entailment model can judge, so they pass here.
    symbolic = {"%", "$", "€", "£", "¥"}
    return a == b or not a or not b or (a not in symbolic and b not in symbolic)


def _close(a: float, b: float, tol: float) -> bool:
    return abs(a - b) <= tol * max(abs(a), abs(b), 1e-9)


def _number(status: Status, n: Number, e: Number | None, note: str) -> Finding:
    return Finding(kind="number", status=status, claim=n.text, source=e.text if e else None, note=note)


def _check_bound(n: Number, same_unit: list[Number]) -> Finding:
    """A claim that states a bound ("over 300 participants")."""
    tighter = [e for e in same_unit if e.bound and e.bound[0] == n.bound[0]
               and (e.value >= n.value if n.bound[0] == ">" else e.value <= n.value)]
    inside = [e for e in same_unit if not e.bound and n.admits(e.value)]
    if tighter or inside:
        e = (tighter or inside)[0]
        return _number("ok", n, e, f"source states {e.text}")
    plain = [e for e in same_unit if not e.bound and e.unit == n.unit]
    if plain:
        return _number("mismatch", n, plain[0], f"source says {plain[0].text}, not {n.text}")
    return _number("missing", n, None, f"source does not state {n.text}")


def _check_numbers(claim: str, evidence: str) -> list[Finding]:
    out: list[Finding] = []
    ev = find_numbers(evidence)
    for n in find_numbers(claim):
        same_unit = [e for e in ev if _compatible(e.unit, n.unit)]
        if n.bound and n.unit:  # a bare "under 12" may be an age or a scope, not a count
            out.append(_check_bound(n, same_unit))
            continue
        said = [e for e in same_unit if n.bound and e.bound == n.bound and _close(e.value, n.value, 1e-6)]
        if said:  # the source states the same bound ("adults over 65")
            out.append(_number("ok", n, said[0], f"source states {said[0].text}"))
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
        if exact and not (exact[0].approx and not n.approx):
            out.append(_number("ok", n, exact[0], f"source states {exact[0].text}"))
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
        elif [e for e in ev if e.unit == n.unit and n.unit]:
            e = next(e for e in ev if e.unit == n.unit and n.unit)
            out.append(_number("mismatch", n, e, f"source says {e.text}, not {n.text}"))
        else:
            out.append(_number("missing", n, None, f"source does not state {n.text}"))
    return out


# ------------------------------------------------------------------ dates
_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_MON = {m[:3]: i + 1 for i, m in enumerate(_MONTHS)} | {m: i + 1 for i, m in enumerate(_MONTHS)}
_MON["sept"] = 9
_MONTH_RE = r"(?:" + "|".join(sorted(_MON, key=len, reverse=True)) + r")\.?"
_DATE = re.compile(
    r"(?P<iso>\b(?P<iy>(?:1[5-9]|20)\d\d)-(?P<im>\d\d)(?:-(?P<id>\d\d))?\b)"
    r"|(?P<q>\b(?:Q(?P<qn>[1-4])|(?P<qw>first|second|third|fourth|last) quarter(?: of)?)\s*,?\s*"
    r"(?P<qy>(?:1[5-9]|20)\d\d)\b)"
    r"|(?P<h>\b(?:H(?P<hn>[12])|(?P<hw>first|second) half(?: of)?)\s*,?\s*(?P<hy>(?:1[5-9]|20)\d\d)\b)"
    r"|(?P<md>\b(?P<d1>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>" + _MONTH_RE + r")\s*,?\s*"
    r"(?P<y1>(?:1[5-9]|20)\d\d)\b)"
    r"|(?P<dm>\b(?P<m2>" + _MONTH_RE + r")\s+(?:(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s*,?\s*)?"
    r"(?P<y2>(?:1[5-9]|20)\d\d)\b)"
    r"|(?P<y>\b(?P<yy>(?:1[5-9]|20)\d\d)s?\b)",
    re.I,
)
_QW = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": 4}


@dataclass(frozen=True)
class Date:
    """A date as an interval of months [lo, hi] (inclusive) of ``years`` years
    from ``year`` (10 for a decade, "the 1990s"), plus a day."""

    text: str
    year: int
    lo: int
    hi: int
    day: int | None
    precision: str  # decade, year, half, quarter, month, day
    start: int
    end: int
    years: int = 1

    def contains(self, other: Date) -> bool:
        first, last = self.year * 12 + self.lo, (self.year + self.years - 1) * 12 + self.hi
        o_first, o_last = other.year * 12 + other.lo, (other.year + other.years - 1) * 12 + other.hi
        return first <= o_first and o_last <= last and (self.day is None or self.day == other.day)

    @property
    def rank(self) -> int:
        return ["decade", "year", "half", "quarter", "month", "day"].index(self.precision)


def find_dates(text: str) -> list[Date]:
    out: list[Date] = []
    for m in _DATE.finditer(text):
        g = m.groupdict()
        s, e, t = m.start(), m.end(), m.group(0)
        if g["iso"]:
            mo = int(g["im"])
            if not 1 <= mo <= 12:
                continue
            d = int(g["id"]) if g["id"] else None
            out.append(Date(t, int(g["iy"]), mo, mo, d, "day" if d else "month", s, e))
        elif g["q"]:
            q = int(g["qn"]) if g["qn"] else _QW[g["qw"].lower()]
            out.append(Date(t, int(g["qy"]), 3 * q - 2, 3 * q, None, "quarter", s, e))
        elif g["h"]:
            h = int(g["hn"]) if g["hn"] else _QW[g["hw"].lower()]
            out.append(Date(t, int(g["hy"]), 6 * h - 5, 6 * h, None, "half", s, e))
        elif g["md"]:
            mo = _MON[g["m1"].lower().rstrip(".")]
            out.append(Date(t, int(g["y1"]), mo, mo, int(g["d1"]), "day", s, e))
        elif g["dm"]:
            mon = g["m2"].lower().rstrip(".")
            if mon == "may" and not g["d2"] and text[max(0, s - 1) : s].isalpha():
                continue
            mo = _MON[mon]
            d = int(g["d2"]) if g["d2"] else None
            out.append(Date(t, int(g["y2"]), mo, mo, d, "day" if d else "month", s, e))
        elif g["y"]:
            year = int(g["yy"])
            if t.endswith("s") and year % 10 == 0:  # "the 1990s"
                out.append(Date(t, year, 1, 12, None, "decade", s, e, years=10))
            else:
                out.append(Date(t, year, 1, 12, None, "year", s, e))
    return out


def _check_dates(claim: str, evidence: str) -> list[Finding]:
    out: list[Finding] = []
    ev = find_dates(evidence)
    for d in find_dates(claim):
        same_year = [e for e in ev if e.contains(d) or d.contains(e)]
        backing = [e for e in same_year if e.contains(d) and e.rank >= d.rank]
        if backing:
            out.append(
                Finding(
                    kind="date",
                    status="ok",
                    claim=d.text,
                    source=backing[0].text,
                    note=f"source states {backing[0].text}",
                )
            )
            continue
        wider = [e for e in same_year if e.contains(d)]
        if wider:
            out.append(
                Finding(
                    kind="date",
                    status="imprecise",
                    claim=d.text,
                    source=wider[0].text,
                    note=f"source says {wider[0].text}, not {d.text} specifically",
                )
            )
        elif any(d.contains(e) for e in same_year):
            e = next(e for e in same_year if d.contains(e))
            out.append(
                Finding(
                    kind="date",
                    status="ok",
                    claim=d.text,
                    source=e.text,
                    note=f"source states {e.text}, within {d.text}",
                )
            )
        elif ev:
            e = min(ev, key=lambda x: abs(x.year - d.year))
            out.append(
                Finding(
                    kind="date",
                    status="mismatch",
                    claim=d.text,
                    source=e.text,
                    note=f"source says {e.text}, not {d.text}",
                )
            )
        else:
            out.append(
                Finding(
                    kind="date", status="missing", claim=d.text, note=f"source gives no date for {d.text}"
                )
            )
    return out


# ------------------------------------------------------------------ names
_TITLE = (
    r"(?:Dr|Prof|Professor|Mr|Mrs|Ms|Mx|Sir|Dame|Lord|Lady|President|Senator|Governor|Judge|"
    r"Justice|Rev|Gen|General|Col|Capt|Captain|CEO|Chancellor|Minister|Prime Minister)"
)
_TITLED = re.compile(r"\b(?P<title>" + _TITLE + r")\.?\s+(?P<name>(?:[A-Z][\w'’-]+\s?){1,3})")


def find_titled_names(text: str) -> list[tuple[str, str]]:
    """(title, name) pairs such as ("Dr", "Smith")."""
    return [(m.group("title"), m.group("name").strip()) for m in _TITLED.finditer(text)]


def _check_names(claim: str, evidence: str) -> list[Finding]:
    out: list[Finding] = []
    for title, name in find_titled_names(claim):
        surname = name.split()[-1]
        full = f"{title}. {name}" if len(title) <= 4 else f"{title} {name}"
        if re.search(
            r"\b" + re.escape(title) + r"\.?\s+(?:[A-Z][\w'’-]+\s)*" + re.escape(surname) + r"\b", evidence
        ):
            out.append(
                Finding(kind="name", status="ok", claim=full, source=full, note=f"source names {full}")
            )
        elif re.search(r"\b" + re.escape(surname) + r"\b", evidence):
            m = re.search(r"(?:[A-Z][\w.'’-]*\s)?" + re.escape(surname) + r"(?:\s+et al\.?)?", evidence)
            said = m.group(0).strip() if m else surname
            out.append(
                Finding(
                    kind="name",
                    status="partial",
                    claim=full,
                    source=said,
                    note=f"source mentions “{said}” but not “{full}” specifically",
                )
            )
        else:
            out.append(
                Finding(kind="name", status="missing", claim=full, note=f"source does not name {full}")
            )
    return out


# --------------------------------------------------------------- negation
_NEG = re.compile(r"\b(not|no|never|none|neither|nor|cannot|without|n't)\b|n't\b", re.I)
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "the a an of to in and or is was are were be been for on at by with as that this it its "
    "from has have had which who will would can do does did".split()
)


def is_negated(text: str) -> bool:
    return bool(_NEG.search(text))


def _check_negation(claim: str, evidence: str) -> list[Finding]:
    cw = {w for w in _WORD.findall(claim.lower()) if w not in _STOP and w not in ("not", "no", "never", "t")}
    if len(cw) < 2:
        return []
    best: tuple[int, str] | None = None  # (claim words the sentence has, sentence)
    for sent in re.split(r"(?<=[.!?])\s+", evidence):
        shared = len(cw & set(_WORD.findall(sent.lower())))
        if best is None or shared > best[0]:
            best = (shared, sent)
    # A flipped polarity needs the same statement: at most one content word of the
    # claim may be missing from the sentence ("won" / "did not win"). "The cheetahs
    # seemed to ignore the boy" is not the negation of "the cheetahs did not approach
    # the boy", though three quarters of its words are there.
    if best is None or best[0] / len(cw) < 0.75 or len(cw) - best[0] > 1:
        return []
    c_neg, e_neg = is_negated(claim), is_negated(best[1])
    if c_neg == e_neg:
        return []
    return [
        Finding(
            kind="negation",
            status="mismatch",
            claim=claim,
            source=best[1].strip(),
            note="the source states the opposite polarity"
            if not c_neg
            else "the claim negates what the source states",
        )
    ]


def check_claim(claim: str, evidence: str) -> list[Finding]:
    """All deterministic findings for ``claim`` (or its focus) against ``evidence``."""
    return (
        _check_numbers(claim, evidence)
        + _check_dates(claim, evidence)
        + _check_names(claim, evidence)
        + _check_negation(claim, evidence)
    )


# ------------------------------------------------------------ named entities
_CAP_RUN = re.compile(r"[A-Z][\w'’-]*(?:\s+(?:(?:of|and|for|the|de|du|von|van)\s+)*[A-Z][\w'’-]*)*")
_POSSESSIVE = re.compile(r"['’]s\b|['’]$")


def name_index(text: str) -> set[str]:
    """The words of ``text`` (lower case) and the initials of its multi-word names."""
    words = set(_WORD.findall(_POSSESSIVE.sub("", text).lower()))
    for run in _CAP_RUN.findall(text):
        caps = [w for w in run.split() if w[:1].isupper()]
        if caps and caps[0] in ("The", "A", "An"):  # "The Food and Drug Administration": FDA
            caps = caps[1:]
        if len(caps) > 1:
            words.add("".join(w[0] for w in caps).lower())
    return words


def name_present(name: str, index: set[str], person: bool = True) -> bool:
    """A name is there when its initials are ("EMA" for "European Medicines Agency";
    a text's initials are in its index: "FDA" for "Food and Drug Administration"), or
    its words are. A person is also named by the last word ("Strauss" for "Joseph
    Strauss"); any other name by its distinctive words, so "Stanford University" is
    named by "Stanford" but "Marvel Comics" is not by a source on "Fantagraphics Books"
    that says "comic" elsewhere."""
    words = _WORD.findall(_POSSESSIVE.sub("", name).lower())
    toks = [w for w in words if w not in _STOP] or words  # "WHO" is a name, not a stop word
    if not toks:
        return True
    if len(toks) > 1 and "".join(w[0] for w in toks) in index:
        return True
    if person:
        return all(_spelled(w, index) for w in toks) or _spelled(toks[-1], index)
    distinctive = [w for w in toks if w not in _GENERIC] or toks
    return all(_spelled(w, index) for w in distinctive)


# Head words of organisation and place names that many unrelated names share.
_GENERIC = frozenset(
    "university college school academy institute company corporation corp inc ltd llc co group "
    "books comics records pictures studios studio films press publishing airlines airways bank club "
    "fc team party army navy force forces council committee association society foundation agency "
    "department ministry office service services court church cathedral hospital museum library "
    "station airport river lake mountain mount mountains island islands county city town state "
    "states province district republic kingdom empire street road avenue park bridge tower hall "
    "center centre castle palace award awards prize festival games cup championship league series "
    "magazine journal times news network channel tv radio house theatre theater stadium arena "
    "national international american british united new north south east west north-east".split()
)


def _spelled(word: str, index: set[str]) -> bool:
    """``word`` or, for words of six letters or more, the word one letter shorter or with
    two letters swapped: a plural ("Chadbournes") or a typo ("Pacquaio") of a name
    the source spells right still names it."""
    if word in index:
        return True
    if len(word) < 6:
        return False
    drops = (word[:i] + word[i + 1 :] for i in range(len(word)))
    swaps = (word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1))
    return any(v in index for v in drops) or any(v in index for v in swaps)


def entity_findings(names: list[str], missing: set[str]) -> list[Finding]:
    """Findings for the claim's names, ``missing`` being those the passage's source lacks."""
    return [Finding(kind="entity", status="missing" if n in missing else "ok", claim=n,
                    source=None if n in missing else n,
                    note=f"the source does not mention {n}" if n in missing else f"the source mentions {n}")
            for n in names]
