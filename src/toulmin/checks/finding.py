"""A deterministic check's result: what the claim says, what the evidence says, and how they relate."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, PrivateAttr

__all__ = ["Finding", "Status", "made_by", "marked"]

Status = Literal["ok", "partial", "imprecise", "mismatch", "missing"]


class Finding(BaseModel):
    kind: Literal[
        "number", "date", "name", "entity", "negation", "antonym", "degree", "merged", "rank", "agent",
        "denial", "hearsay", "speaker", "table",
    ]
    status: Status
    claim: str
    source: str | None = None
    note: str
    # the registered check that made it (checks.registry): not part of the report, which
    # stays as it was; the decision reads it to tell an advisory check's mismatch
    _check: str | None = PrivateAttr(default=None)


def made_by(f: Finding) -> str | None:
    """The registered check that made ``f`` (None: made outside the registry)."""
    return f._check


def marked(findings: list[Finding], check: str) -> list[Finding]:
    """``findings``, each marked as made by the registered ``check``, so that its state in
    ``decide.checks`` (advisory or on) reaches the decision."""
    for f in findings:
        f._check = check
    return findings
