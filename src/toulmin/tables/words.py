"""A claim's words as the table rules read them: its words and where they are, whether it
is negated, the words of each operation (a change, a peak, a total, a comparison, a count),
and its numbers read against a cell's (the claim's precision, "about", round figures)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..checks.numbers import Number
from ..text import STOPWORDS
from .values import stem, tokens

__all__ = [
    "AVERAGE",
    "CHANGE",
    "CLOSED",
    "CMP_OVER",
    "CMP_UNDER",
    "COUNT",
    "COUNTED",
    "COUNT_WORDS",
    "DOWN",
    "DOWNWARD",
    "EVERY",
    "FOR_COUNT",
    "FROM_TO",
    "GENERIC",
    "LESS",
    "MAX",
    "MIN",
    "MORE",
    "NEG",
    "NUMBER_WORDS",
    "OPEN",
    "OPPOSED",
    "POINTS",
    "ROWNOUN",
    "SECOND",
    "THAN",
    "TIMES",
    "TOTAL",
    "UP",
    "UPWARD",
    "YEARISH",
    "ZERO_WORDS",
    "ClaimText",
    "agrees",
    "count_said",
    "digits",
    "fmt",
    "step_of",
]


@dataclass
class ClaimText:
    text: str
    low: str
    toks: list[tuple[str, int]]  # (word, offset)
    stems: set[str]
    negated: bool

    @classmethod
    def of(cls, text: str) -> ClaimText:
        low = text.lower().replace("wi-fi", "wifi")
        toks = tokens(low)
        # words the claim implies, after its end: "a direct flight" speaks of its stops, "has
        # sold out" of its stock, "ski after dark" of night
        toks += [(word, len(low)) for pattern, word in _IMPLIED if pattern.search(low)]
        quarters = list(_QUARTER_SAID.finditer(low))
        if quarters:  # "from the first quarter to the fourth": Q1 and Q4
            quarters += list(_QUARTER_AFTER.finditer(low, quarters[0].end()))
            toks = sorted([*toks, *((f"q{_ORDINAL[m.group(1)]}", m.start()) for m in quarters)],
                          key=lambda t: t[1])
        return cls(text, low, toks, {stem(w) for w, _ in toks}, bool(NEG.search(low)))

    def said(self) -> list[tuple[int, str]]:
        """(index, word) of the words as written: not the month's number or short name a
        month's name adds at its own offset ("feb", "02" beside "february")."""
        return [(k, w) for k, (w, at) in enumerate(self.toks) if not (k and self.toks[k - 1][1] == at)]

    def has(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        return pattern.search(self.low)


_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "final": 4, "last": 4}
_QUARTER_SAID = re.compile(r"\b(first|second|third|fourth|final|last)[- ]quarter\b")
_QUARTER_AFTER = re.compile(
    r"\b(?:to|and|through|than|with|or|in) the (first|second|third|fourth|final|last)\b(?![- ]\w+)"
)
NEG = re.compile(
    # not "tie no 10", "series no. 11": a number's abbreviation
    r"\b(?:not|no(?!\.?\s*\d)|never|without|lacks?|n't|doesn't|isn't|aren't|wasn't|don't|didn't|cannot)\b|n't\b"
)
ZERO_WORDS = re.compile(r"\b(?:non-?stop|direct)\b")
_IMPLIED = (
    (ZERO_WORDS, "stops"),
    (re.compile(r"\bsold out\b|\bout of stock\b|\bin stock\b"), "stock"),
    (re.compile(r"\bafter dark\b|\bat night\b"), "night"),
)
# "up roughly 5%", "down by 3", "up by roughly 14%"
_BY_ABOUT = r"(?:by )?(?:about |around |roughly |nearly |almost |some )?"
UP = (
    r"(?:gr[eo]w|grows|grown|growing|growth|rose|rise|rises|risen|rising|increas\w*|climb\w*|jump\w*|gain\w*|"
    r"added|adds|"
    rf"(?<!made )(?<!make )(?<!makes )up(?= {_BY_ABOUT}\S*\d)|"
    # "went up in FY2024": a rise said with its verb, no figure needed
    r"(?<=went )up|(?<=go )up|(?<=goes )up|(?<=gone )up|(?<=going )up|"
    r"(?:an )?(?:extra|additional)(?= \S*\d)|improv\w*)"
)
DOWN = (
    r"(?:fell|fall|falls|fallen|falling|drop\w*|declin\w*|decreas\w*|shrank|shrink\w*|shrunk|lost|"
    rf"down(?= {_BY_ABOUT}\S*\d)|"
    r"(?<=went )down|(?<=go )down|(?<=goes )down|(?<=gone )down|(?<=going )down|"
    r"plung\w*|slump\w*|slid|slipped|slips|dipped|dip|slashed|trimmed|"
    # "was cut by", "cut in half"; not golf's "cuts made"
    r"(?:(?<=was )|(?<=were )|(?<=been )|(?<=is )|(?<=are )|(?<=be ))cut|cut(?= (?:by|to|in half|from)\b))"
)
EACH = re.compile(r"\b(?:all|every|each)\b")  # every row ("grew on all three lines")
# the count a figure is said for: "$1,134 for six units" (group 1: the count)
FOR_COUNT = r"for\s+(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+[a-z]+"
EVERY = re.compile(
    r"\b(?:every|each)\s+(?:single\s+)?(?:quarter|year|month|week|period|season|day|round|race)s?\b|"
    # "fell at every observation", "rose at every vest date": the readings in their order
    r"\bat (?:every|each)\s+(?:\w+\s+)?(?:observation|reading|measurement|check|visit|sample|date)\b|"
    r"\bconsecutive(?:ly)?\b|\bsteadily\b|\bconsistently\b|\bin each\b|\bthroughout\b|"
    r"\b(year|quarter|month|week|day|season|game|episode|race) after \1\b|\bcontinuously\b|"
    # "grew month over month": every month; "rose 33% year on year" is one change against a year before
    r"(?<![\d%]\s)(?<!percent\s)(?<!points\s)\b(year|quarter|month|week) (?:over|on) \2\b"
)
MAX = re.compile(
    r"\b(?:peak\w*|highest|largest|biggest|greatest|(?<!\bat )most|maximum|best|record high|heaviest|"
    r"longest|tallest|priciest|most expensive|oldest|busiest|tops|topped|top-rated|best-scoring|strongest|"
    r"top[- ](?:grossing|selling|earning|scoring|performing|paid|ranked)|"
    r"(?<=the )top(?= \w+(?:er|or)s?\b)|"  # "the top producer", "the top scorer"
    r"(?:\w+-(?:year|quarter|month|week|season)|multi-year|all-time) (?:high|peak))\b"
)
MIN = re.compile(
    r"\b(?:lowest|smallest|(?<!\bat )least|fewest|minimum|bottom|worst|cheapest|lightest|shortest|weakest|"
    r"poorest|least expensive|trough\w*|youngest)\b"
)
SECOND = re.compile(
    r"\b(second|third|fourth|2nd|3rd|4th)[- ](?:highest|largest|biggest|most|lowest|smallest|least)\b"
)
TOTAL = re.compile(
    r"\b(?:total|totals|totalled|totaled|totalling|totaling|combined|altogether|together|in all|sum|"
    r"cumulative\w*|all told|full-year|full year|in aggregate|between them|put together|"
    r"(?:district|company|network|group|system|state|nation|city|county|region|industry)-wide)\b"
)
AVERAGE = re.compile(r"\b(?:average\w*|mean|on average|avg)\b")
MORE = re.compile(
    r"\b(?:more|higher|greater|larger|bigger|exceed\w*|above|outs\w+|heavier|pricier|"
    r"more expensive|longer|taller|older|ahead of|clear of|better[- ]rated|higher[- ]rated)\b"
)
LESS = re.compile(
    r"\b(?:less|lower|fewer|smaller|below|cheaper|lighter|less expensive|shorter|younger|"
    r"behind|trail\w*)\b"
)
THAN = re.compile(r"\bthan\b|\bexceed\w*|\boutperform\w*|\bahead of\b|\bclear of\b|\bbehind\b|\btrail\w*")
CHANGE = re.compile(rf"\b(?:{UP}|{DOWN})\b")
DOWNWARD = re.compile(rf"\b{DOWN}\b")
UPWARD = re.compile(rf"\b{UP}\b")
TIMES = re.compile(
    r"\b(doubled|tripled|trebled|quadrupled|halved|more than doubled|twice|three times|"
    r"four times|half)\b"
)
POINTS = re.compile(r"\bpercentage points?\b|\bpoints?\b|\bpp\b|\bbps\b|\bbasis points\b")
FROM_TO = re.compile(r"\bfrom\b.*\bto\b|\bbetween\b.*\band\b|\bsince\b|\bover\b|\bvs\.?\b|\bversus\b")
COUNT = re.compile(
    r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|all|none|no|only one|"
    r"both|neither)\b(?:\s+(?:of\s+)?(?:the|its|their)\s+(\d+|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve))?"
)
COUNTED = re.compile(
    r"^\s*(?:only\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|all|none|both|"
    r"neither|half)\s+(?:of\s+(?:the|its|their)\b|\w+\s+(?:have|has|had|are|were|be|is|was)\b)"
)
# a count in words, as a count of rows is said ("three of the five", "played 12 games")
COUNT_WORDS = {w: k for k, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve".split(), start=1)}
NUMBER_WORDS = {**COUNT_WORDS, "both": 2, "only one": 1, "neither": 0, "none": 0, "no": 0}


def count_said(word: str) -> int:
    """The count ``word`` says (digits, or a number in words), -1 when it says none."""
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word, -1)
CMP_UNDER = re.compile(
    r"\b(?:under|below|less than|fewer than|cheaper than|lighter than|at most|no more than|"
    r"up to)\s+$"
)
CMP_OVER = re.compile(
    r"\b(?:over|above|more than|greater than|heavier than|at least|exceeding|no less than|"
    r"upwards of|topped|topping|tops|exceeded|exceeds|surpassed|surpassing)\s+$"
)
# an age said of rows, and the headers of years and dates it is read against ("the oldest
# college" is the one founded first)
AGE_WORD = re.compile(r"\b(?:oldest|earliest|newest|latest|youngest|most recent)\b")
WHEN_HEAD = re.compile(
    r"\b(?:year|years|date|built|founded|opened|established|since|born|launched|introduced)\b"
)
OPEN = re.compile(r"\bopen\w*\b")
CLOSED = re.compile(r"\bclos\w*\b")
YEARISH = re.compile(r"^(1[89]\d\d|20\d\d)$")
ROWNOUN = re.compile(
    r"^(quarter|year|month|week|day|row|item|product|model|season|period|game|match|race|"
    r"restaurant|hotel|store|shop|laptop|phone|flight|employee|city|team|player|plan|order|"
    r"record|entry|entrie|countr|compan|region|branch|segment|categor|line|unit)"
)


def fmt(x: float) -> str:
    if abs(x - round(x)) < 1e-9 and abs(x) < 1e15:
        return f"{round(x):,}"
    return f"{x:,.2f}".rstrip("0").rstrip(".") if abs(x) >= 0.01 else f"{x:.4g}"


def digits(n: Number) -> str:
    """The digits the number is written with ("1,099" -> "1099", "under 1.5 kg" -> "1.5")."""
    tok = next((w for w in n.text.split() if any(ch.isdigit() for ch in w)), "")
    return re.sub(r"[^\d.]", "", tok).strip(".")


def step_of(n: Number) -> float:
    written = digits(n)
    decimals = len(written.split(".")[1]) if "." in written else 0
    scale = abs(n.value) / float(written) if written and float(written or 0) else 1.0
    return (10.0**-decimals) * scale


# "just under £1,535": a bound close to its figure
_JUST = re.compile(r"(?:just|slightly|a little|a bit|barely|marginally)\s", re.I)


def agrees(claim: Number, value: float) -> bool:
    if claim.bound:
        near = not _JUST.match(claim.text) or abs(claim.value - value) <= 0.05 * abs(claim.value)
        held = claim.admits(value) or (claim.bound in (">=", "<=") and abs(claim.value - value) < 1e-9)
        return near and held
    tol = step_of(claim) / 2 + 1e-9 * max(1.0, abs(value))
    whole = digits(claim)
    if claim.approx:
        tol = max(tol, abs(claim.value) * 0.05)
    elif whole and "." not in whole and len(whole.rstrip("0")) <= 2 and abs(claim.value) >= 100:
        tol = max(tol, abs(claim.value) * 0.01)  # "$400 million" for 402: a round figure
    return abs(claim.value - value) <= tol


# values of one closed set: a record holding one of them denies the others
# values of one closed set, each with the words that say it: a record holding one denies the others
OPPOSED: tuple[tuple[frozenset[str], ...], ...] = tuple(
    tuple(frozenset(x.split()) for x in group)
    for group in (
        ("free", "paid charged"),
        ("pending", "processing", "shipped", "delivered", "cancelled canceled", "refunded", "returned"),
        ("active", "inactive suspended cancelled canceled closed"),
        ("indoor", "outdoor"),
        ("monthly", "annually yearly annual", "weekly", "quarterly"),
        ("manual", "automatic"),
        ("male", "female"),
        ("win won wins winner", "loss lost lose loses", "draw drew drawn tie tied"),
        ("remote", "hybrid", "onsite"),
    )
)


# words that name no field: the verbs a claim about a record is said with
GENERIC = STOPWORDS | frozenset(
    "has have had having offer offers offered come comes came include includes included provide provides "
    "feature features featured allow allows allowed there also any all its their very does do did".split()
)
