"""What crosses the service's boundary: requests (strict: unknown fields are
errors) and the verification block of seeds 000, 001 and 004."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..checker.onnx import named_checker
from ..errors import ConfigError, InputError
from ..report import Report

__all__ = ["AskRequest", "SourceIn", "VerificationBlock", "VerifyRequest", "block", "verification_event"]


class SourceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str | None = None
    text: str
    metadata: dict[str, Any] = Field(default_factory=dict)


MAX_CLAIMS_PER_REQUEST = 100


def _surrogate(value: Any, where: str) -> str | None:
    """Where ``value`` holds a lone surrogate (JSON allows the escape ``\\ud800``; UTF-8
    cannot carry it, so the report could be neither stored nor sent)."""
    if isinstance(value, str):
        return where if any("\ud800" <= ch <= "\udfff" for ch in value) else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for k, v in items:
        if isinstance(k, str) and _surrogate(k, where):
            return f"{where}.{k!r}"
        found = _surrogate(v, f"{where}.{k}" if where else str(k))
        if found:
            return found
    return None


class _Settings(BaseModel):
    """Per-request settings (seeds 001 and 004)."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="after")
    def _text_is_unicode(self) -> _Settings:
        found = _surrogate(self.model_dump(), "")
        if found:
            raise ValueError(f"{found} holds a lone surrogate (an unpaired \\ud800-\\udfff escape), "
                             "which is not text: send valid Unicode")
        return self

    enable_verification: bool = True
    confidence_threshold: float | None = Field(None, ge=0.0, le=1.0)
    max_claims: int | None = Field(None, ge=1, le=MAX_CLAIMS_PER_REQUEST)
    enable_crag: bool = False
    max_crag_attempts: int | None = Field(None, ge=0, le=10)
    show_claims: bool = True
    options: dict[str, Any] = Field(
        default_factory=dict, description="config keys for this request, among those the server's "
        "serve.request_options allows: {'link.k': 5} or nested"
    )

    def overrides(self, allowed: Sequence[str]) -> dict[str, Any]:
        """The request's config overrides; ``options`` keys must be in ``allowed``
        (serve.request_options)."""
        from ..config import nest_dotted

        out = nest_dotted(self.options)
        _check_allowed(out, allowed)
        if self.confidence_threshold is not None:
            out.setdefault("decide", {})["grounded_threshold"] = self.confidence_threshold
        if self.max_claims is not None:
            out.setdefault("extract", {})["max_claims"] = self.max_claims
        asked = out.get("extract", {}).get("max_claims") if isinstance(out.get("extract"), dict) else None
        if isinstance(asked, int) and asked > MAX_CLAIMS_PER_REQUEST:
            # the cap of max_claims holds for options too: a request is one answer
            cap = MAX_CLAIMS_PER_REQUEST
            raise InputError("E_BAD_OPTION", f"extract.max_claims={asked} is over the {cap} claims one "
                             "request may check", fix=f"ask for at most {cap}, or check long documents "
                             "with toulmin verify-batch")
        if self.max_crag_attempts is not None:
            out.setdefault("crag", {})["max_attempts"] = self.max_crag_attempts
        return out


def _leaves(tree: dict[str, Any], prefix: str = "") -> list[str]:
    out: list[str] = []
    for k, v in tree.items():
        key = f"{prefix}{k}"
        out.extend(_leaves(v, key + ".") if isinstance(v, dict) and v else [key])
    return out


def _check_allowed(options: dict[str, Any], allowed: Sequence[str]) -> None:
    # A client must not point the server at its files, models or hosts (corpus.path,
    # checker.model, llm.base_url with the server's API key...): only listed keys pass.
    if "*" in allowed:
        return
    for key in _leaves(options):
        model = options["checker"]["model"] if key == "checker.model" else None
        if isinstance(model, str) and named_checker(model):
            continue  # a checker shipped in the package ("fast") names no file of the server's
        if not any(key == a or key.startswith(a + ".") for a in allowed):
            raise ConfigError(
                "E_OPTION_NOT_ALLOWED", f"option {key!r} may not be set per request on this server",
                fix=f"use one of: {', '.join(allowed) or 'none'}; the operator can allow more "
                    "with serve.request_options",
            )


class VerifyRequest(_Settings):
    answer: str
    sources: list[str | SourceIn] = Field(default_factory=list)
    question: str | None = None

    def source_list(self) -> list[Any]:
        out: list[Any] = []
        for i, s in enumerate(self.sources):
            if isinstance(s, str):
                out.append(s)
            else:
                out.append({"id": s.id or f"S{i + 1}", "text": s.text, "metadata": s.metadata})
        return out


class AskRequest(_Settings):
    question: str
    enable_crag: bool = True


class VerificationBlock(BaseModel):
    confidence: float | None
    confidence_level: str
    is_grounded: bool
    claims_checked: int
    claims_supported: int
    claims_partially_supported: int
    claims_unsupported: int
    crag_attempts: int | None = None
    details: list[dict[str, Any]] | None = None


def block(report: Report, *, crag_attempts: int | None, show_claims: bool) -> VerificationBlock:
    return VerificationBlock(
        confidence=report.confidence,
        confidence_level=report.confidence_level,
        is_grounded=report.is_grounded,
        claims_checked=report.claims_checked,
        claims_supported=report.claims_supported,
        claims_partially_supported=report.claims_partially_supported,
        claims_unsupported=report.claims_unsupported,
        crag_attempts=crag_attempts,
        details=[_detail(d.model_dump(mode="json")) for d in report.details] if show_claims else None,
    )


def _detail(d: dict[str, Any]) -> dict[str, Any]:
    return {"claim": d["claim"], "verdict": d["verdict"], "note": d["note"], "evidence": d["evidence"][:1]}


def verification_event(report: Report, report_id: str | None) -> dict[str, Any]:
    """The final streamed event: the verification summary, in the shape of the design
    the project grew from (seed 000), plus the report's id."""
    return {
        "type": "verification",
        "id": report_id,
        "claims_checked": report.claims_checked,
        "claims_supported": report.claims_supported,
        "claims_partially_supported": report.claims_partially_supported,
        "claims_unsupported": report.claims_unsupported,
        "confidence": report.confidence,
        "confidence_level": report.confidence_level,
        "is_grounded": report.is_grounded,
        "details": [{"claim": d.claim, "verdict": d.verdict.value, "note": d.note} for d in report.details],
    }
