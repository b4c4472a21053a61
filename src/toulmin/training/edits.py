"""Synthetic contrastive edits: turn a supported claim into an unsupported one.

These are the errors real answers contain (changed numbers and dates, swapped
entities, inserted negation, antonyms, an unsupported detail appended, a
qualifier dropped). Each edit returns the new claim and its label relative
to the unchanged source, or ``None`` when it does not apply.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from ..checks.contrast import ANTONYMS  # shared with the pipeline's antonym check

__all__ = ["EDITS", "apply_random_edit"]

Edit = Callable[[str, str, random.Random], "tuple[str, str] | None"]


_GENERALISE = [
    (r"\bsome\b", "all"), (r"\bmany\b", "all"), (r"\bmost\b", "all"),
    (r"\bseveral\b", "all"), (r"\bmay\b", "will"), (r"\bmight\b", "will"),
    (r"\boften\b", "always"), (r"\bsometimes\b", "always"), (r"\blikely\b", "certain"),
    (r"\babout (\d)", r"exactly \1"), (r"\baround (\d)", r"exactly \1"),
    (r"\bnearly (\d)", r"over \1"), (r"\balmost (\d)", r"over \1"),
    (r"\bpartly\b", "entirely"), (r"\bpartially\b", "fully"),
]
_QUALIFIER_DROP = re.compile(
    r"\s*(?:,\s*)?\b(?:aged? (?:over|under) \d+|over the age of \d+|in (?:some|certain|rural|urban) \w+"
    r"|for (?:adults|children|women|men|patients)(?: \w+ \d+)?|in (?:the )?(?:US|UK|United States|Europe)"
    r"|(?:mainly|mostly|primarily|largely|partly|only) )"
)
_AUX = re.compile(r"\b(is|was|are|were|has|have|had|can|could|will|would|did|does|do|should)\b")
_NEG = re.compile(r"\b(is|was|are|were|has|have|had|can|could|will|would|did|does|do|should)(?: not|n't)\b")
_NUM = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\w])")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_NAME = re.compile(r"\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)\b")
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]
_DETAILS = [
    " in {year}", " according to a {year} report", " in {place}", " by {num} percent",
    " for the {ord} time", ", which cost ${num} million", " after {num} years",
    ", led by {name}", " with the support of {name}", " during the {year} season",
]
_ORD = ["second", "third", "fourth", "fifth"]


def _change_year(claim: str, doc: str, rng: random.Random) -> tuple[str, str] | None:
    years = [m for m in _YEAR.finditer(claim)]
    if not years:
        return None
    m = rng.choice(years)
    new = str(int(m.group(1)) + rng.choice([-3, -2, -1, 1, 2, 5, 10]))
    return claim[: m.start()] + new + claim[m.end() :], "contradiction"


def _change_number(claim: str, doc: str, rng: random.Random) -> tuple[str, str] | None:
    nums = [m for m in _NUM.finditer(claim) if not _YEAR.fullmatch(m.group(0))]
    if not nums:
        return None
    m = rng.choice(nums)
    val = int(m.group(1).replace(",", ""))
    factor = rng.choice([0.5, 0.8, 1.25, 1.5, 2, 3, 10])
    new_val = max(0, round(val * factor)) if val > 3 else val + rng.choice([1, 2, 3, 5])
    if new_val == val:
        new_val = val + 1
    new = f"{new_val:,}" if "," in m.group(1) else str(new_val)
    if m.group(2):
        new += "." + m.group(2)
    return claim[: m.start()] + new + claim[m.end() :], "contradiction"


def _change_month(claim: str, doc: str, rng: random.Random) -> tuple[str, str] | None:
    present = [mo for mo in _MONTHS if re.search(rf"\b{mo}\b", claim)]
    if not present:
        return None
    old = rng.choice(present)
    new = rng.choice([mo for mo in _MONTHS if mo != old])
    return re.sub(rf"\b{old}\b", new, claim, count=1), "contradiction"


def _negate(claim: str, doc: str, rng: random.Random) -> tuple[str, str] | None:
    m = _NEG.search(claim)
    if m:
        return claim[: m.start()] + m.group(1) + claim[m.end() :], "contradiction"
    m = _AUX.search(claim)
    if not m:
        return None
    return claim[: m.end()] + " not" + claim[m.end() :], "contradiction"


Swap = tuple[re.Match[str], str]  # a word of the claim and what replaces it


def _swaps(claim: str, words: dict[str, str]) -> list[Swap]:
    """Each lower-case word of ``claim`` that ``words`` maps, with what replaces it."""
    return [(m, words[m.group(0)]) for m in re.finditer(r"\b[a-z]+\b", claim) if m.group(0) in words]


def _replace_one(claim: str, swaps: list[Swap], rng: random.Random) -> tuple[str, str] | None:
    if not swaps:
        return None
    m, new = rng.choice(swaps)
    return claim[: m.start()] + new + claim[m.end() :], "contradiction"


def _antonym(claim: str, doc: str, rng: random.Random) -> tuple[str, str] | None:
    return _replace_one(claim, _swaps(claim, ANTONYMS), rng)


def _swap_entity(claim: str, doc: str, rng: random.Random) -> tuple[str, str] | None:
    in_claim = [m for m in _NAME.finditer(claim) if m.start() > 0 and len(m.group(1)) > 3]
    others = sorted({n for n in _NAME.findall(doc) if len(n) > 3 and n not in claim})
    if not in_claim or not others:
        return None
    m = rng.choice(in_claim)
    return claim[: m.start()] + rng.choice(others) + claim[m.end() :], "contradiction"


def _append_detail(claim: str, doc: str, rng: random.Random) -> tuple[str, str] | None:
    names = sorted(set(_NAME.findall(doc)) - set(_NAME.findall(claim)))
    tmpl = rng.choice(_DETAILS)
    filled = tmpl.format(
        year=rng.randint(1950, 2025), place=rng.choice(
            ["Toronto", "Berlin", "Chicago", "Nairobi", "Osaka", "Lyon", "Texas", "Scotland"]),
        num=rng.choice([3, 7, 12, 15, 25, 40, 120]), ord=rng.choice(_ORD),
        name=rng.choice(names) if names else "the government",
    )
    if filled.strip() in doc:
        return None
    body = claim.rstrip()
    end = ""
    if body and body[-1] in ".!?":
        body, end = body[:-1].rstrip(), body[-1]
    return body + filled + end, "neutral"


def _generalise(claim: str, doc: str, rng: random.Random) -> tuple[str, str] | None:
    opts = [(p, r) for p, r in _GENERALISE if re.search(p, claim)]
    if opts:
        p, r = rng.choice(opts)
        return re.sub(p, r, claim, count=1), "neutral"
    m = _QUALIFIER_DROP.search(claim)
    if m and m.group(0).strip():
        # Dropping a scope qualifier widens the claim beyond what the source says.
        return claim[: m.start()] + (" " if m.start() else "") + claim[m.end():].lstrip(), "neutral"
    return None


EDITS: dict[str, Edit] = {
    "year": _change_year,
    "number": _change_number,
    "month": _change_month,
    "negation": _negate,
    "antonym": _antonym,
    "entity": _swap_entity,
    "detail": _append_detail,
    "qualifier": _generalise,
}


def apply_random_edit(claim: str, doc: str, rng: random.Random,
                      edits: dict[str, Edit] | None = None) -> tuple[str, str, str] | None:
    """Try the edits in a random order; return (new_claim, label, edit_name)."""
    edits = EDITS if edits is None else edits
    names = list(edits)
    rng.shuffle(names)
    for name in names:
        res = edits[name](claim, doc, rng)
        if res and res[0].strip() != claim.strip():
            return res[0], res[1], name
    return None
