"""Alignment and seed 004's overall score: the arithmetic, without models."""

from __future__ import annotations

import numpy as np
import pytest

from toulmin.config import load_config
from toulmin.errors import ConfigError
from toulmin.report import ClaimResult, Verdict
from toulmin.score.align import COS_RANGE, alignment, relevance, verification


class _Fixed:
    """Embeds the question and the answer at a chosen angle."""

    def __init__(self, cos: float):
        self.cos = cos

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.array([[1.0, 0.0], [self.cos, (1 - self.cos**2) ** 0.5]])


def _result(cid: str, verdict: Verdict, by: list[str]) -> ClaimResult:
    return ClaimResult(
        id=cid,
        claim=f"claim {cid}",
        focus="x",
        start=0,
        end=1,
        type="attribute",
        verdict=verdict,
        score=1.0 if verdict == Verdict.SUPPORTED else 0.0,
        note="",
        supported_by=by,
    )


def test_relevance_rescales_the_cosine() -> None:
    lo, hi = COS_RANGE
    assert relevance("q", "a", _Fixed(hi))[0] == 1.0
    assert relevance("q", "a", _Fixed(lo))[0] == 0.0
    assert relevance("q", "a", _Fixed((lo + hi) / 2))[0] == pytest.approx(0.5, abs=1e-3)
    assert relevance("q", "a", _Fixed(-0.5))[0] == 0.0


def test_relevance_falls_back_to_keyword_overlap() -> None:
    score, method = relevance(
        "When was the Eiffel Tower completed?", "The tower was completed in 1889.", None
    )
    assert score == pytest.approx(2 / 3, abs=1e-3) and "keyword overlap" in method  # tower, completed


def test_alignment_without_question_is_grounding() -> None:
    a = alignment(0.8, None, "answer", _Fixed(0.9))
    assert (a.score, a.relevance) == (0.8, None)
    a = alignment(0.8, "q", "answer", _Fixed(COS_RANGE[0]))
    assert a.score == 0.4 and a.relevance == 0.0
    assert alignment(None, None, "answer", None).score is None


def test_verification_seed_004_arithmetic_and_issues() -> None:
    results = [
        _result("c1", Verdict.SUPPORTED, ["S1"]),
        _result("c2", Verdict.SUPPORTED, ["S2", "S1"]),
        _result("c3", Verdict.OVERREACH, []),
        _result("c4", Verdict.TRIVIAL, []),
    ]
    v = verification(
        align=alignment(0.45, None, "a", None),
        results=results,
        faithfulness=2 / 3,
        coverage=0.4,
        citation_value=0.4,
        citation_metric="coverage",
        weights={"alignment": 0.4, "citation": 0.3, "facts": 0.3},
        warn={"alignment": 0.5, "citation": 0.5, "facts": 0.7},
    )
    assert v.overall_score == pytest.approx(0.4 * 0.45 + 0.3 * 0.4 + 0.3 * 2 / 3, abs=1e-4)
    assert v.issues == [
        "Answer may not be well-supported by retrieved sources",
        "Many sources are not cited in the answer",
        "Some claims in the answer could not be verified",
    ]
    assert v.verified_sources == ["S1", "S2"]
    assert v.unverified_claims == ["claim c3"]


@pytest.mark.parametrize(
    ("metric", "sources", "issue"),
    [
        ("coverage", 3, "Many sources are not cited in the answer"),
        ("coverage", 1, "The source is not cited in the answer"),
        ("precision", 3, "Many citations point to sources that do not back their claim"),
        ("recall", 1, "Many claims do not cite a source that backs them"),
        ("f1", 3, "Citations are missing or point to sources that do not back their claim"),
    ],
)
def test_the_citation_issue_says_what_the_metric_measured(metric: str, sources: int, issue: str) -> None:
    v = verification(
        align=alignment(None, None, "a", None), results=[], faithfulness=None, coverage=0.0,
        citation_value=0.0, citation_metric=metric, weights={"alignment": 0.4, "citation": 0.3, "facts": 0.3},
        warn={"alignment": 0.5, "citation": 0.5, "facts": 0.7}, sources=sources,
    )
    assert v.issues == [issue]


def test_overall_is_null_when_a_weighted_part_is() -> None:
    kw = dict(
        results=[],
        faithfulness=None,
        coverage=0.0,
        citation_value=0.0,
        citation_metric="coverage",
        warn={"alignment": 0.5, "citation": 0.5, "facts": 0.7},
    )
    v = verification(
        align=alignment(None, None, "", None), weights={"alignment": 0.4, "citation": 0.3, "facts": 0.3}, **kw
    )  # type: ignore[arg-type]
    assert v.overall_score is None and v.fact_verification_score is None
    # a part weighted 0 does not need a value
    v = verification(
        align=alignment(None, None, "", None), weights={"alignment": 0.0, "citation": 1.0, "facts": 0.0}, **kw
    )  # type: ignore[arg-type]
    assert v.overall_score == 0.0


def test_score_and_cite_config() -> None:
    cfg = load_config(overrides={"score": {"weights": {"facts": 1.0}}})
    assert cfg.score.weights == {"alignment": 0.4, "citation": 0.3, "facts": 1.0}
    with pytest.raises(ConfigError) as e:
        load_config(overrides={"score": {"weights": {"style": 1.0}}})
    assert e.value.code == "E_CONFIG_VALUE"
    with pytest.raises(ConfigError) as e:
        load_config(overrides={"score": {"weights": {"alignment": 0, "citation": 0, "facts": 0}}})
    assert "at least one" in e.value.message
    with pytest.raises(ConfigError) as e:
        load_config(overrides={"cite": {"style": "apa"}})
    assert e.value.code == "E_CONFIG_KEY" and "index_base" in (e.value.fix or "")
    assert load_config(env={"TOULMIN_CITE__INDEX_BASE": "0"}).cite.index_base == 0
