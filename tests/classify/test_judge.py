"""The cascade's choice of the claims a language model judges (no model is called here)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from toulmin.checks.claim import Finding
from toulmin.classify.judge import LLMJudge
from toulmin.classify.offline import Classification, ScoredCandidate
from toulmin.link.linker import Candidate


def _cls(*findings: Finding) -> Classification:
    cand = Candidate(source_id="s", start=0, end=4, text="span", bm25=1.0, dense=None, overlap=1.0, score=1.0)
    return Classification(scored=[ScoredCandidate(candidate=cand, probs={
        "entailment": 0.55, "neutral": 0.4, "contradiction": 0.05})], findings=list(findings))


def test_a_refuting_check_keeps_a_claim_from_the_model_unless_it_is_advisory() -> None:
    number = Finding(kind="number", status="mismatch", claim="340", source="320", note="source says 320")
    nothing: Any = SimpleNamespace(name="unused")  # margin calls neither the model nor the checker
    plain = LLMJudge(nothing, nothing, mode="cascade", budget=0.5, thresholds=(0.5, 0.6))
    assert plain.margin(_cls(number)) is None  # the model cannot overturn the check
    assert plain.margin(_cls()) == pytest.approx(0.05)
    # decide.advisory_checks: the number check does not refute alone, so the claim may go
    advised = LLMJudge(nothing, nothing, mode="cascade", budget=0.5, thresholds=(0.5, 0.6),
                       advisory=frozenset({"number"}))
    assert advised.margin(_cls(number)) == pytest.approx(0.05)
