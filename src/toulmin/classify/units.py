"""A claim and a passage that state the same quantity in other units ("one year" and "12
months", "150 minutes" and "2.5 hours"), scored again with the passage in the claim's
units (issue 54). The number check reads them as the same amount; a small checker reads
the other wording as a contradiction. The passage is rewritten only where the check
matched a figure across units of one dimension, and kept only where it entails more."""

from __future__ import annotations

from ..checker.base import Checker
from ..checks.numbers import find_numbers
from ..extract.extractor import Claim
from .offline import Classification, rescored

__all__ = ["read_in_the_claims_units"]


def _converted(claim_text: str, source_text: str) -> bool:
    """Whether a number finding matched the claim's figure to one written in other units."""
    a, b = find_numbers(claim_text), find_numbers(source_text)
    return bool(a and b) and a[0].unit == b[0].unit and (a[0].factor != b[0].factor) \
        and abs(a[0].value - b[0].value) <= 1e-6 * max(abs(a[0].value), 1.0)


def read_in_the_claims_units(checker: Checker, claim: Claim, cls: Classification) -> Classification:
    """``cls`` with each candidate whose number findings match the claim's figures across
    units scored again on the passage written in the claim's units, where that entails more."""
    pairs: list[tuple[int, str]] = []
    for j, sc in enumerate(cls.scored):
        passage = sc.candidate.context or sc.candidate.text
        swaps = [(f.source, f.claim) for f in sc.findings
                 if f.kind == "number" and f.status == "ok" and f.source and f.claim and f.source != f.claim
                 and f.source in passage and _converted(f.claim, f.source)]
        for said, as_claimed in swaps:
            passage = passage.replace(said, as_claimed)
        if swaps:
            pairs.append((j, passage))
    if not pairs:
        return cls
    scored, _ = rescored(checker, claim.text, cls.scored, pairs)
    return cls.model_copy(update={"scored": scored})
