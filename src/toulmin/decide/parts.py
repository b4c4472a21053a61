"""A clause's parts decided together: a modifier part is not backed where its clause's
figure is not.

The extractor cuts a clause's modifiers into claims of their own ("Orrington expects
production of about 250,000 ounces" and, for "at Bracken Hill", the whole sentence with that
phrase as its focus). Each part's checks read its focus, but the checker reads the part's
text, which for a modifier is the whole clause, figure included. When a sibling part of the
same sentence is not backed because a check found one of its figures missing or stated
otherwise, a modifier part SUPPORTED by the checker puts a green verdict on a sentence whose
figure the sibling has just shown unbacked: it becomes OVERREACH, with the sibling's finding
and a note naming the part it was found on.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..checks.finding import Finding
from ..extract.extractor import Claim
from ..report import VERDICT_SCORE, ClaimResult, Verdict
from ..text import clip

__all__ = ["settle_parts"]

_FIGURES = ("number", "date", "merged")
_UNBACKED = (Verdict.OVERREACH, Verdict.CONTRADICTED)


def _figure_against(sibling: ClaimResult, part: Claim) -> Finding | None:
    """A figure of ``part``'s text outside its focus that a check found missing or stated
    otherwise on ``sibling``."""
    if sibling.verdict not in _UNBACKED:
        return None
    for f in sibling.findings:
        if (f.kind in _FIGURES and f.status in ("missing", "mismatch") and f.claim
                and f.claim in part.text and f.claim not in part.focus):
            return f
    return None


def settle_parts(claims: Sequence[Claim], results: Sequence[ClaimResult]) -> list[ClaimResult]:
    """``results`` (one per claim, in the same order) with every SUPPORTED modifier part
    whose clause's figure a sibling part found unbacked made OVERREACH."""
    by_id = {r.id: r for r in results}
    sentence: dict[int, list[Claim]] = {}
    for c in claims:
        sentence.setdefault(c.sentence, []).append(c)
    out = []
    for c, r in zip(claims, results):
        if r.verdict == Verdict.SUPPORTED and c.focus and c.focus.strip() != c.text.strip():
            for other in sentence[c.sentence]:
                sib = by_id.get(other.id)
                f = None if other.id == c.id or sib is None else _figure_against(sib, c)
                if f is not None:
                    part = clip(other.focus or other.text, 80)
                    note = f"{f.note}, found on the part “{part}” of this sentence"
                    r = r.model_copy(update={"verdict": Verdict.OVERREACH, "score": VERDICT_SCORE.get(
                        Verdict.OVERREACH, 0.0), "note": note, "findings": [*r.findings, f],
                        "supported_by": []})
                    break
        out.append(r)
    return out
