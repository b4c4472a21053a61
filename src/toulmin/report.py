"""The report: typed, JSON-serialisable, with a published JSON schema.

Field names follow what the clients of the seed designs read
(``claims_checked``, ``confidence``, ``is_grounded``, ``details`` ...).
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from .checks.claim import Finding

__all__ = [
    "BACKED",
    "FLAGGED",
    "SCHEMA_VERSION",
    "SEARCHABLE",
    "UNCHECKABLE",
    "VERDICT_SCORE",
    "Alignment",
    "Citation",
    "CitationTarget",
    "CitationVerdict",
    "ClaimCitation",
    "ClaimResult",
    "Evidence",
    "Report",
    "Verdict",
    "Verification",
    "report_schema",
]

# 1.1: citations, per-claim citation status, supported_by, seed 004's verification block;
# ERROR verdicts, decided_by, dropped_claims (LLM backends)
# 1.3: item_of on each claim, so the confidence can be recomputed from the report alone
SCHEMA_VERSION = "1.3"


class Verdict(StrEnum):
    SUPPORTED = "SUPPORTED"
    PARTIALLY_SUPPORTED = "PARTIALLY_SUPPORTED"
    CONTRADICTED = "CONTRADICTED"
    UNLINKED = "UNLINKED"
    OVERREACH = "OVERREACH"
    STALE = "STALE"
    TRIVIAL = "TRIVIAL"
    NOT_CHECKED = "NOT_CHECKED"
    ERROR = "ERROR"  # the verdict could not be computed (an LLM judge's unreadable reply): see the note


# What each verdict counts as, in one place: every grouping elsewhere is one of these.
# Seed 000's weights: a partially supported claim counts half.
VERDICT_SCORE = {Verdict.SUPPORTED: 1.0, Verdict.PARTIALLY_SUPPORTED: 0.5}
# left out of the roll-up: nothing was checked, or nothing could be concluded
UNCHECKABLE = frozenset({Verdict.TRIVIAL, Verdict.NOT_CHECKED, Verdict.ERROR})
# flagged to the reader (marked or removed in the revised answer, worth a lesson)
FLAGGED = frozenset({Verdict.CONTRADICTED, Verdict.UNLINKED, Verdict.OVERREACH, Verdict.STALE})
# a source stands behind the claim (a stale one still does, for citations)
BACKED = frozenset({Verdict.SUPPORTED, Verdict.STALE})
# more retrieval may back it (CRAG): nothing refutes it, nothing backs it fully
SEARCHABLE = frozenset({Verdict.UNLINKED, Verdict.OVERREACH, Verdict.PARTIALLY_SUPPORTED})


class CitationVerdict(StrEnum):
    CORRECT = "correct"  # the cited source backs the claim(s)
    PARTIAL = "partial"  # it backs some of them, or backs one only in part
    WRONG_SOURCE = "wrong_source"  # another source backs it: the note names it
    UNSUPPORTED = "unsupported"  # no source backs it
    UNRESOLVED = "unresolved"  # the marker names no source
    NO_CLAIM = "no_claim"  # attached to no checkable claim (a greeting, a reference list)
    UNCITED = "uncited"  # claim status only: it carries no citation


class CitationTarget(BaseModel):
    ref: str = Field(description="the reference as written inside the marker")
    source_ids: list[str] = Field(description="the sources it names; empty when unresolved")
    resolved_by: str = Field(description="by id, by position, by title, by identifiers ... or why not")
    verdict: CitationVerdict
    note: str


class Citation(BaseModel):
    id: str = Field(description="m1, m2, ... in answer order")
    marker: str = Field(description="the marker as it appears in the answer")
    style: str = Field(description="bracket, source_label, paren_source, author_year, footnote or phrase")
    start: int
    end: int
    claims: list[str] = Field(description="ids of the checkable claims it is attached to")
    verdict: CitationVerdict = Field(description="do the sources it names back the claims it is attached to")
    note: str
    targets: list[CitationTarget]


class ClaimCitation(BaseModel):
    status: CitationVerdict
    markers: list[str] = Field(default_factory=list, description="ids of its citation markers")
    cited: list[str] = Field(default_factory=list, description="sources its markers name")
    supported_by_cited: list[str] = Field(default_factory=list)
    supported_elsewhere: list[str] = Field(
        default_factory=list, description="uncited sources that back it: the ones to cite"
    )
    note: str


class Alignment(BaseModel):
    score: float | None = Field(description="mean of grounding and relevance (those that are defined)")
    grounding: float | None = Field(
        description="the claim-verdict confidence: is the answer drawn from the sources"
    )
    relevance: float | None = Field(
        description="does the answer address the question; null without a question"
    )
    method: str = Field(description="how relevance (or, with score.alignment=llm, the score) was measured")


class Verification(BaseModel):
    """Seed 004's verification block, field for field, computed offline."""

    overall_score: float | None = Field(description="weighted sum of the three; null when one is undefined")
    answer_source_alignment: float | None
    citation_coverage: float = Field(
        description="cited sources / sources + 0.1 per citation marker (at most 0.3)"
    )
    fact_verification_score: float | None = Field(description="share of checkable claims SUPPORTED")
    issues: list[str]
    verified_sources: list[str] = Field(description="sources that back at least one supported claim")
    unverified_claims: list[str]
    weights: dict[str, float]
    citation_metric: str = Field(description="which citation number the overall score uses")
    citation_score: float | None = Field(description="its value: coverage, ALCE precision, recall or F1")
    alignment: Alignment


class Evidence(BaseModel):
    source_id: str
    quote: str = Field(description="the source text of the span, verbatim")
    start: int = Field(description="character offset of the quote in its source")
    end: int
    probs: dict[str, float] | None = Field(None, description="checker probabilities for claim vs this span")
    stale: str | None = Field(None, description="why the source is outdated, if it is")


class ClaimResult(BaseModel):
    id: str
    claim: str = Field(description="the claim as checked")
    focus: str = Field(description="the answer's words this claim covers")
    start: int = Field(description="offset of the focus in the answer")
    end: int
    type: str
    item_of: str | None = Field(
        None, description="the list this claim is one item of (a key its items share, null when none): "
        "confidence counts a list once, with its weakest item's score")
    verdict: Verdict
    score: float | None = Field(description="1 supported, 0.5 partial, 0 otherwise; null when not checkable")
    probs: dict[str, float] | None = Field(
        None, description="entailment/neutral/contradiction of the decisive span (or joined spans)"
    )
    note: str
    evidence: list[Evidence] = Field(default_factory=list, description="best span first")
    contradicting: Evidence | None = None
    conflict: bool = Field(
        False,
        description="sources disagree: one passage about the claim's subject backs it (in evidence) and "
        "one from another source refutes it (contradicting); the verdict is CONTRADICTED unless only "
        "the refuting source is stale (then SUPPORTED), and the note names both",
    )
    findings: list[Finding] = Field(default_factory=list, description="deterministic checks")
    supported_by: list[str] = Field(
        default_factory=list, description="sources that back it (SUPPORTED, STALE)"
    )
    decided_by: str | None = Field(None, description="the classifier whose verdict this is")
    citation: ClaimCitation | None = Field(None, description="its citations and whether they back it")


class Report(BaseModel):
    schema_version: str = SCHEMA_VERSION
    toulmin_version: str
    question: str | None = None
    answer: str
    claims_checked: int
    claims_supported: int
    claims_partially_supported: int
    claims_unsupported: int
    claims_contradicted: int
    claims_trivial: int
    claims_not_checked: int
    claims_error: int = Field(0, description="claims whose verdict could not be computed (ERROR)")
    claims_conflicting: int = Field(0, description="claims on which the sources disagree (``conflict``)")
    confidence: float | None = Field(
        description="seed 000: mean of 1/0.5/0 over checkable claims; null when there is none"
    )
    confidence_level: str = Field(description="High >= 0.9, Medium >= 0.7, Low >= 0.5, Very Low; n/a")
    confidence_penalised: float | None = Field(
        description="seed 001: supported share - 0.1 per unsupported claim, + 0.1 if none, clipped to [0, 1]"
    )
    faithfulness: float | None = Field(description="share of checkable claims SUPPORTED")
    is_grounded: bool = Field(description="confidence >= grounded_threshold and no CONTRADICTED claim")
    grounded_threshold: float
    details: list[ClaimResult]
    revised_answer: str
    suggested_corrections: list[str]
    dropped_claims: list[dict[str, str]] = Field(
        default_factory=list, description="claims an LLM extractor produced that the answer does not entail"
    )
    citations: list[Citation] = Field(default_factory=list, description="every citation marker, in order")
    citation_precision: float | None = Field(
        description="ALCE: share of citation references that back a claim they are attached to; "
        "null when the answer cites nothing"
    )
    citation_recall: float | None = Field(
        description="ALCE: share of checkable claims carrying a citation that backs them"
    )
    verification: Verification
    sources: list[dict[str, Any]] = Field(description="each source: id, chars, stale; a source read as a "
                                          "transcript also has read_as and its speakers")
    notes: list[str] = Field(default_factory=list)
    config: dict[str, Any] = Field(description="the resolved configuration that produced this report")
    models: dict[str, str] = Field(description="component -> name and version")
    timings_ms: dict[str, float] = Field(description="per stage; the only part that varies between runs")

    def to_json(self, *, timings: bool = True, indent: int | None = 2) -> str:
        data = self.model_dump(mode="json")
        if not timings:
            data.pop("timings_ms")
        return json.dumps(data, indent=indent, ensure_ascii=False, sort_keys=False)


def report_schema() -> dict[str, Any]:
    return Report.model_json_schema()
