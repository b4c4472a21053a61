"""A claim the checker leaves below the line, scored again on its conversation's turns
read without their speaker labels. Conversations only.

The checker reads a turn's label ("Person2: That might be more rooms than I need.") as
part of what the turn says, and abstractive summaries of a speaker ("Person2 wants fewer
rooms") fall far below its line; the same turns without the labels back many of them.
Who said what is then not the checker's to judge but the speaker and roles checks'
(checks/speakers.py, checks/roles.py), which run first: a claim they, or any other check,
find wrong or unstated is not read again. Nor is a negative claim: without the labels the
checker backs "Person1 does not want books on genetic engineering" from "Have you got any
books on genetic engineering?" (docs/benchmarks.md, "Turns read without their labels")."""

from __future__ import annotations

from collections.abc import Mapping

from ..checker.base import Checker
from ..checks.claim import Finding, is_negated
from ..extract.extractor import Claim
from ..reading import Reading
from .offline import Classification, rescored

__all__ = ["read_without_labels"]

_NOTE = "backed by its turns read without their speaker labels: the checker did not judge who said it"


def read_without_labels(
    checker: Checker, claim: Claim, cls: Classification, readings: Mapping[str, Reading], threshold: float
) -> Classification:
    """``cls`` with each candidate from a conversation (``readings``, by source id) scored
    again without its speaker labels where no candidate backs the claim (``threshold``), no
    check finds a fact of it wrong or missing and it negates nothing; each candidate keeps
    the reading with the higher entailment, and a ``speaker`` finding (ok) says so when that
    backs the claim."""
    if not cls.scored or is_negated(claim.text):
        return cls
    if max(sc.probs["entailment"] for sc in cls.scored) >= threshold:
        return cls
    if any(f.status in ("mismatch", "missing") for f in cls.findings):
        return cls
    pairs: list[tuple[int, str]] = []
    for j, sc in enumerate(cls.scored):
        reading = readings.get(sc.candidate.source_id)
        if reading is None:
            continue
        passage = sc.candidate.context or sc.candidate.text
        bare = reading.unlabelled(passage)
        if bare != passage:
            pairs.append((j, bare))
    if not pairs:
        return cls
    scored, raised = rescored(checker, claim.text, cls.scored, pairs)
    if not any(scored[j].probs["entailment"] >= threshold for j in raised):
        return cls.model_copy(update={"scored": scored})
    backed = Finding(kind="speaker", status="ok", claim=claim.subject or claim.text, note=_NOTE)
    return cls.model_copy(update={"scored": scored, "findings": [*cls.findings, backed]})
