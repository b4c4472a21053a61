"""What the report offers to change: the revised answer and suggested corrections."""

from __future__ import annotations

from collections.abc import Sequence

from ..report import FLAGGED, ClaimResult, Verdict
from ..text import clip, split_sentences

__all__ = ["revise", "suggest"]



def revise(answer: str, results: Sequence[ClaimResult], mode: str) -> str:
    """``mark``: tag each unsupported claim in place; ``remove``: drop the
    sentences that carry one; ``none``: the answer unchanged."""
    flagged = [r for r in results if r.verdict in FLAGGED]
    if mode == "none" or not flagged:
        return answer
    if mode == "remove":
        keep = [s for s in split_sentences(answer) if not any(s.start <= r.start < s.end for r in flagged)]
        return " ".join(s.text for s in keep)
    out = answer
    for r in sorted(flagged, key=lambda r: -r.end):
        tag = f" [{r.verdict.value.lower()}: {r.note}]"
        out = out[: r.end] + tag + out[r.end :]
    return out


def suggest(results: Sequence[ClaimResult]) -> list[str]:
    out: list[str] = []
    for r in results:
        if r.verdict not in (Verdict.CONTRADICTED, Verdict.OVERREACH):
            continue
        for f in r.findings:
            if f.status in ("mismatch", "imprecise") and f.source:
                src = r.contradicting or (r.evidence[0] if r.evidence else None)
                where = f" ({src.source_id}: “{clip(src.quote, 120)}”)" if src else ""
                out.append(f"{r.id}: replace “{f.claim}” with “{f.source}”{where}")
        if (
            r.verdict == Verdict.CONTRADICTED
            and r.contradicting
            and not any(f.status == "mismatch" for f in r.findings)
        ):
            out.append(f"{r.id}: {r.contradicting.source_id} says “{clip(r.contradicting.quote, 200)}”")
    return out
