"""A negative claim and a passage that negates the same thing, scored without the two
negations (``checks/negatives.py`` says when that is sound). Conversations only: there
summaries restate what a speaker denies ("Person2 says the price cannot go lower than
$1050" for "I won't go any lower than $ 1050"), and the checker reads the two negations
as a contradiction."""

from __future__ import annotations

from collections.abc import Mapping

from ..checker.base import Checker
from ..checks.claim import Finding, is_negated
from ..checks.negatives import drop_negation, negated_alike_by
from ..extract.extractor import Claim
from ..reading import Reading
from .offline import Classification, rescored

__all__ = ["read_without_negations"]


def read_without_negations(
    checker: Checker, claim: Claim, cls: Classification, readings: Mapping[str, Reading], threshold: float
) -> Classification:
    """``cls`` with each candidate of a conversation (``readings``, by source id) that
    negates what the claim negates scored again, the negations of both dropped, where that
    scores higher entailment; a ``negation`` finding (ok) names the sentence when that
    backs the claim (``threshold``)."""
    if not is_negated(claim.text):
        return cls
    pairs: list[tuple[int, str, list[str]]] = []
    for j, sc in enumerate(cls.scored):
        reading = readings.get(sc.candidate.source_id)
        if reading is None or not reading.turns:
            continue
        passage = sc.candidate.context or sc.candidate.text
        alike = negated_alike_by(claim.text, claim.subject, reading.said, reading.speakers, reading.names,
                                 passage)
        for sentence in alike:
            passage = passage.replace(sentence, drop_negation(sentence))
        if alike:
            pairs.append((j, passage, alike))
    if not pairs:
        return cls
    scored, raised = rescored(checker, drop_negation(claim.text), cls.scored, [(j, p) for j, p, _ in pairs])
    alike_at = {j: alike for j, _, alike in pairs}
    findings = list(cls.findings)
    for j in raised:
        read = any(f.kind == "negation" and f.status == "ok" for f in findings)
        if scored[j].probs["entailment"] >= threshold and not read:
            findings.append(Finding(kind="negation", status="ok", claim=claim.text, source=alike_at[j][0],
                                    note="the source negates this too: read without the two negations"))
    return cls.model_copy(update={"scored": scored, "findings": findings})
