"""The report: typed, JSON-serialisable, with a published JSON schema.

Field names follow what the clients of the seed designs read
(``claims_checked``, ``confidence``, ``is_grounded``, ``details`` ...).
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from .checks import Finding

__all__ = ["SCHEMA_VERSION", "ClaimResult", "Evidence", "Report", "Verdict", "report_schema"]

SCHEMA_VERSION = "1"


class Verdict(StrEnum):
    SUPPORTED = "SUPPORTED"
    PARTIALLY_SUPPORTED = "PARTIALLY_SUPPORTED"
    CONTRADICTED = "CONTRADICTED"
    UNLINKED = "UNLINKED"
    OVERREACH = "OVERREACH"
    STALE = "STALE"
    TRIVIAL = "TRIVIAL"
    NOT_CHECKED = "NOT_CHECKED"


# Seed 000's weights: a partially supported claim counts half.
VERDICT_SCORE = {Verdict.SUPPORTED: 1.0, Verdict.PARTIALLY_SUPPORTED: 0.5}
UNCHECKABLE = {Verdict.TRIVIAL, Verdict.NOT_CHECKED}


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
    verdict: Verdict
    score: float | None = Field(description="1 supported, 0.5 partial, 0 otherwise; null when not checkable")
    probs: dict[str, float] | None = Field(
        None, description="entailment/neutral/contradiction of the decisive span (or joined spans)"
    )
    note: str
    evidence: list[Evidence] = Field(default_factory=list, description="best span first")
    contradicting: Evidence | None = None
    findings: list[Finding] = Field(default_factory=list, description="deterministic checks")


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
    sources: list[dict[str, Any]]
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
