"""A deterministic check's result: what the claim says, what the evidence says, and how they relate."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

__all__ = ["Finding", "Status"]

Status = Literal["ok", "partial", "imprecise", "mismatch", "missing"]


class Finding(BaseModel):
    kind: Literal[
        "number", "date", "name", "entity", "negation", "antonym", "degree", "merged", "rank", "agent",
        "denial", "hearsay", "speaker",
    ]
    status: Status
    claim: str
    source: str | None = None
    note: str
