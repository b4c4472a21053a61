"""A claim and a passage that state the same quantity in other terms, scored again with the
passage in the claim's terms (issue 54): other units ("one year" and "12 months", "150
minutes" and "2.5 hours"), words for digits ("three quarters of a mile", "0.75 miles"),
another word for the same direction ("lost 8%", "fell 8%"), or a figure inside the claim's
bound ("fewer than 20 staff" and "14 staff"). The number check reads them as the same
amount, or the bound as met; a small checker reads the other wording as a contradiction
(0.72, 0.64 and 0.60). Only the figure the
check matched is rewritten, into what the passage then entails (a figure inside a bound
entails the bound), and the new reading is kept only where it entails more."""

from __future__ import annotations

from ..checker.base import Checker
from ..checks.numbers import find_numbers, trend_word
from ..extract.extractor import Claim
from .offline import Classification, rescored

__all__ = ["read_in_the_claims_units"]


def _converted(claim_text: str, source_text: str) -> bool:
    """Whether a number finding matched the claim's figure to one written in other units, or
    in words against digits ("three quarters of a mile" and "0.75 miles")."""
    a, b = find_numbers(claim_text), find_numbers(source_text)
    return bool(a and b) and a[0].unit == b[0].unit \
        and (a[0].factor != b[0].factor or _in_digits(a[0].text) != _in_digits(b[0].text)) \
        and abs(a[0].value - b[0].value) <= 1e-6 * max(abs(a[0].value), 1.0)


def _in_digits(said: str) -> bool:
    return any(ch.isdigit() for ch in said)


def _within_bound(claim_text: str, source_text: str) -> bool:
    """Whether the claim's figure is a bound ("fewer than 20") the source's figure meets,
    or the same bound in other words ("at most 12" and "no more than 12")."""
    a, b = find_numbers(claim_text), find_numbers(source_text)
    if not (a and b and a[0].bound and a[0].unit == b[0].unit):
        return False
    if b[0].bound:
        return b[0].bound == a[0].bound and abs(a[0].value - b[0].value) <= 1e-9 * max(abs(a[0].value), 1.0)
    return a[0].admits(b[0].value)


def _moved_alike(claim_text: str, passage: str) -> str:
    """``passage`` with the word saying which way its figure moved written as the claim
    writes it, when both move the same figure the same way ("lost 8%" and "fell 8%": the
    checker read contradiction 0.60)."""
    for n in find_numbers(claim_text):
        at = trend_word(claim_text, n) if n.trend else None
        if at is None:
            continue
        for e in find_numbers(passage):
            there = trend_word(passage, e) if e.trend == n.trend and e.unit == n.unit else None
            if there and abs(e.value - n.value) <= 1e-9 * max(abs(n.value), 1.0):
                word = claim_text[at[0] : at[1]]
                if passage[there[0] : there[1]].lower() != word.lower():
                    return passage[: there[0]] + word + passage[there[1] :]
    return passage


def read_in_the_claims_units(checker: Checker, claim: Claim, cls: Classification) -> Classification:
    """``cls`` with each candidate whose number findings match the claim's figures across
    units, or meet its bound, scored again on the passage written in the claim's terms,
    where that entails more."""
    pairs: list[tuple[int, str]] = []
    for j, sc in enumerate(cls.scored):
        passage = sc.candidate.context or sc.candidate.text
        swaps = [(f.source, f.claim) for f in sc.findings
                 if f.kind == "number" and f.status == "ok" and f.source and f.claim and f.source != f.claim
                 and f.source in passage
                 and (_converted(f.claim, f.source) or _within_bound(f.claim, f.source))]
        original = passage
        for said, as_claimed in swaps:
            passage = passage.replace(said, as_claimed)
        passage = _moved_alike(claim.text, passage)
        if passage != original:
            pairs.append((j, passage))
    if not pairs:
        return cls
    scored, _ = rescored(checker, claim.text, cls.scored, pairs)
    return cls.model_copy(update={"scored": scored})
