"""Stage 4, decide: a verdict, a note and evidence per claim, then the
answer-level roll-up, the revised answer and suggested corrections.

Precedence (seed 002): a contradiction on any candidate wins; otherwise the
strongest entailment decides, and the deterministic checks can only lower
a verdict (a number the source does not state is not supported, however
confident the model is).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .checks import Finding, refutes
from .classify import Classification, ScoredCandidate
from .extract import Claim
from .link import Candidate
from .report import FLAGGED, UNCHECKABLE, VERDICT_SCORE, ClaimResult, Evidence, Verdict
from .sources import Source

__all__ = ["DecideConfig", "decide_claim", "level", "not_checked", "revise", "rollup", "suggest"]


@dataclass(frozen=True)
class DecideConfig:
    threshold: float  # entailment probability for "supported" (the checker's own by default)
    contradiction_threshold: float = 0.6
    # a contradicting span must share this much with the claim: the model's
    # contradiction score on an unrelated span is noise, not evidence
    contradiction_min_overlap: float = 0.4
    partial_threshold: float = 0.25
    require_names: bool = True  # a passage whose source lacks a name the claim asserts cannot back it


def _ev(c: Candidate, probs: dict[str, float] | None, src: Source) -> Evidence:
    return Evidence(
        source_id=c.source_id, quote=c.text, start=c.start, end=c.end, probs=probs, stale=src.stale_reason
    )


def _worst(findings: Sequence[Finding], *statuses: str) -> Finding | None:
    return next((f for f in findings if f.status in statuses), None)


def _fields(claim: Claim) -> dict[str, Any]:
    """The part of a ClaimResult that comes from the claim itself."""
    return dict(
        id=claim.id, claim=claim.text, focus=claim.focus, start=claim.start, end=claim.end, type=claim.type
    )


def _unnamed(sc: ScoredCandidate) -> list[str]:
    """The claim's names this candidate's source does not mention."""
    return [f.claim for f in sc.findings if f.kind == "entity" and f.status == "missing"]


def _lacks_a_number(best: ScoredCandidate, findings: Sequence[Finding]) -> bool:
    """The best span misses a number of the claim that another candidate states."""
    found = {f.claim for f in findings if f.kind == "number" and f.status == "ok"}
    return any(f.kind == "number" and f.status == "missing" and f.claim in found for f in best.findings)


def not_checked(claim: Claim, max_claims: int) -> ClaimResult:
    return ClaimResult(
        **_fields(claim),
        verdict=Verdict.NOT_CHECKED,
        score=None,
        note=f"not checked: over extract.max_claims={max_claims}",
    )


def decide_claim(
    claim: Claim, cls: Classification | None, sources: dict[str, Source], cfg: DecideConfig, floor: float
) -> ClaimResult:
    base = _fields(claim)
    if claim.trivial:
        return ClaimResult(
            **base,
            verdict=Verdict.TRIVIAL,
            score=None,
            note="not a factual claim (question, greeting or meta text)",
        )
    if cls is not None and cls.error:
        return ClaimResult(
            **base, verdict=Verdict.ERROR, score=None, note=cls.error, decided_by=cls.decided_by
        )
    if cls is None or not cls.scored:
        return ClaimResult(
            **base,
            verdict=Verdict.UNLINKED,
            score=0.0,
            note=f"no source passage is about this (relevance below the floor {floor})",
        )
    scored = cls.scored
    by_entail = sorted(range(len(scored)), key=lambda i: -scored[i].probs["entailment"])
    # A passage that does not mention a name the claim asserts cannot be its
    # support ("Zentrix was approved for children" against a passage on Lumora),
    # however high the checker scores it; the best passage that does decides.
    named = [i for i in by_entail if not (cfg.require_names and _unnamed(scored[i]))]
    order = named + [i for i in by_entail if i not in named]
    evidence = [
        _ev(scored[i].candidate, scored[i].probs, sources[scored[i].candidate.source_id]) for i in order
    ]
    best = scored[order[0]]
    p_best, probs = (best.probs["entailment"] if named else 0.0), best.probs
    joint_used = False
    # The joined spans decide only when no single span backs the claim: a span
    # that states the claim alone is the evidence, and a joint score a hair
    # higher must not turn one source into "S1 + S2 state this together". A span
    # the checker passes while one of the claim's numbers is only in another
    # candidate does not state the claim alone, though: the joined spans do.
    # Nor when a joined span, read alone, contradicts the claim: two spans that each
    # refute it do not back it together ("It is the longest bridge in the world"
    # passed on two unrelated sentences whose join scored 0.58).
    joinable = (
        cls.joint is not None
        and not any(scored[j].probs["contradiction"] >= cfg.contradiction_threshold for j in cls.joint_of)
        # and each joined passage must name what the claim names: a passage on
        # Zentrix joined to one on another drug is a merge of sources, not support
        and all(j in named for j in cls.joint_of)
    )
    if cls.joint is not None and joinable and (
        (cls.joint["entailment"] > p_best and p_best < cfg.threshold)
        or (
            cls.joint["entailment"] >= cfg.threshold
            and p_best >= cfg.threshold
            and _lacks_a_number(best, cls.findings)
        )
    ):
        p_best, probs, joint_used = cls.joint["entailment"], cls.joint, True
    findings = [f for f in cls.findings if cfg.require_names or f.kind != "entity"]
    top = evidence[0]

    def result(
        verdict: Verdict,
        note: str,
        contra: Evidence | None = None,
        ev: list[Evidence] | None = None,
        by: list[str] | None = None,
        conflict: bool = False,
    ) -> ClaimResult:
        if cls.judge_note:
            note = f"{note} ({cls.judge_note})"
        return ClaimResult(
            **base,
            verdict=verdict,
            score=VERDICT_SCORE.get(verdict, 0.0),
            probs=probs,
            note=note,
            decided_by=cls.decided_by,
            evidence=ev if ev is not None else evidence,
            contradicting=contra,
            conflict=conflict,
            findings=findings,
            supported_by=by or [],
        )

    # 1. contradiction anywhere wins, from a passage about the claim's subject: when no
    # source mentions what the claim is about (pipeline/topic.py), nothing refutes it
    on_topic = [i for i in range(len(scored)) if scored[i].candidate.on_topic]
    contra = [
        i
        for i in on_topic
        if scored[i].probs["contradiction"] >= cfg.contradiction_threshold
        and scored[i].probs["contradiction"] >= max(scored[i].probs.values())
        and scored[i].candidate.overlap >= cfg.contradiction_min_overlap
    ]
    mismatch = next((f for f in findings if refutes(f)), None) if on_topic else None
    # Sources can only be said to disagree about a subject the claim names: without a topic,
    # a passage that merely shares a figure's words ("we'll see you in three years") would
    # pass for a second opinion.
    disagree = _conflict(scored, on_topic, named, contra, cfg) if claim.topic else None
    if disagree is not None:
        b, r = (scored[i] for i in disagree)
        back = _ev(b.candidate, b.probs, sources[b.candidate.source_id])
        against = _ev(r.candidate, r.probs, sources[r.candidate.source_id])
        says = f"{against.source_id} says “{_short(against.quote)}”"
        if against.stale and not back.stale:  # a current source wins over a stale one
            probs = b.probs
            return result(Verdict.SUPPORTED, f"{back.source_id} states this; {says}, but "
                          f"{against.source_id} is {against.stale}", against,
                          [back, *[e for e in evidence if e != back]],
                          by=[back.source_id], conflict=True)
        probs = r.probs
        why = (f", and {back.source_id}, which states it, is {back.stale}"
               if back.stale and not against.stale else "")
        return result(Verdict.CONTRADICTED,
                      f"the sources disagree: {back.source_id} states this; {says}{why}",
                      against, [back, *[e for e in evidence if e != back]], conflict=True)
    if contra:
        i = max(contra, key=lambda j: scored[j].probs["contradiction"])
        c = scored[i]
        ev = _ev(c.candidate, c.probs, sources[c.candidate.source_id])
        note = mismatch.note if mismatch else f"{c.candidate.source_id} says: “{_short(c.candidate.text)}”"
        probs = c.probs
        return result(Verdict.CONTRADICTED, note, ev)
    if mismatch:
        return result(Verdict.CONTRADICTED, mismatch.note, top)

    supported = p_best >= cfg.threshold
    off = "" if on_topic else f" (and no source mentions {', '.join(claim.topic)})"
    if supported:
        hard = _worst(findings, "mismatch", "missing", "imprecise")
        if hard and not (hard.kind == "number" and hard.status == "imprecise"):
            return result(Verdict.OVERREACH, hard.note + off)
        soft = _worst(findings, "partial", "imprecise")
        if soft:
            return result(Verdict.PARTIALLY_SUPPORTED, soft.note)
        backing = [evidence[k] for k, i in enumerate(order)
                   if i in named and scored[i].probs["entailment"] >= cfg.threshold] or [top]
        if joint_used:
            backing = [
                evidence[j]
                for j in range(len(evidence))
                if any(
                    scored[k].candidate.start == evidence[j].start
                    and scored[k].candidate.source_id == evidence[j].source_id
                    for k in cls.joint_of
                )
            ]
        ids = sorted({e.source_id for e in backing})
        if all(e.stale for e in backing):
            return result(
                Verdict.STALE, f"backed only by {backing[0].source_id}, which is {backing[0].stale}", by=ids
            )
        if joint_used:  # the joined spans decided: show them first
            evidence = backing + [e for e in evidence if e not in backing]
        if joint_used:
            note = " + ".join(ids) + (" state this together" if len(ids) > 1 else " states this")
        else:  # each of these passes alone; the best first
            first = backing[0].source_id
            others = sorted({e.source_id for e in backing} - {first})
            note = f"{first} states this" + (f" (so does {', '.join(others)})" if others else "")
        return result(Verdict.SUPPORTED, note, by=ids)
    hard = _worst(findings, "mismatch", "missing", "imprecise")
    if hard:
        return result(Verdict.OVERREACH, hard.note + off)
    if p_best >= cfg.partial_threshold and findings and all(f.status in ("ok", "partial") for f in findings):
        soft = _worst(findings, "partial")
        return result(
            Verdict.PARTIALLY_SUPPORTED,
            soft.note
            if soft
            else f"the facts it states appear in {top.source_id}, but the passage does not fully "
            "entail the claim",
        )
    return result(Verdict.OVERREACH, f"{top.source_id} is on topic but does not state this")


def _conflict(scored: Sequence[ScoredCandidate], on_topic: list[int], named: list[int], contra: list[int],
              cfg: DecideConfig) -> tuple[int, int] | None:
    """(a backing candidate, a refuting one from another source), both about the claim's
    subject, or None. Refuting: the checker's contradiction, or a check that finds the
    source stating another figure or date for the same fact."""
    backing = [i for i in named if i in on_topic and scored[i].probs["entailment"] >= cfg.threshold
               and not any(refutes(f) for f in scored[i].findings)]
    refuting = sorted(set(contra) | {i for i in on_topic if any(refutes(f) for f in scored[i].findings)},
                      key=lambda i: -scored[i].probs["contradiction"])
    for b in backing:
        for r in refuting:
            if r != b and scored[r].candidate.source_id != scored[b].candidate.source_id:
                return b, r
    return None


def _short(text: str, n: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def level(confidence: float | None) -> str:
    if confidence is None:
        return "n/a"
    if confidence >= 0.9:
        return "High"
    if confidence >= 0.7:
        return "Medium"
    if confidence >= 0.5:
        return "Low"
    return "Very Low"


def rollup(results: Sequence[ClaimResult]) -> dict[str, float | int | None]:
    checkable = [r for r in results if r.verdict not in UNCHECKABLE]
    n = len(checkable)
    sup = sum(r.verdict == Verdict.SUPPORTED for r in checkable)
    part = sum(r.verdict == Verdict.PARTIALLY_SUPPORTED for r in checkable)
    unsup = n - sup - part
    if n == 0:
        conf = pen = faith = None
    else:
        conf = round(sum(VERDICT_SCORE.get(r.verdict, 0.0) for r in checkable) / n, 4)
        pen = sup / n - 0.1 * unsup + (0.1 if unsup == 0 else 0.0)
        pen = round(min(1.0, max(0.0, pen)), 4)
        faith = round(sup / n, 4)
    return {
        "claims_checked": n,
        "claims_supported": sup,
        "claims_partially_supported": part,
        "claims_unsupported": unsup,
        "claims_contradicted": sum(r.verdict == Verdict.CONTRADICTED for r in checkable),
        "claims_trivial": sum(r.verdict == Verdict.TRIVIAL for r in results),
        "claims_not_checked": sum(r.verdict == Verdict.NOT_CHECKED for r in results),
        "claims_error": sum(r.verdict == Verdict.ERROR for r in results),
        "claims_conflicting": sum(r.conflict for r in checkable),
        "confidence": conf,
        "confidence_penalised": pen,
        "faithfulness": faith,
    }




def revise(answer: str, results: Sequence[ClaimResult], mode: str) -> str:
    """``mark``: tag each unsupported claim in place; ``remove``: drop the
    sentences that carry one; ``none``: the answer unchanged."""
    flagged = [r for r in results if r.verdict in FLAGGED]
    if mode == "none" or not flagged:
        return answer
    if mode == "remove":
        from ..text import split_sentences

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
                where = f" ({src.source_id}: “{_short(src.quote, 120)}”)" if src else ""
                out.append(f"{r.id}: replace “{f.claim}” with “{f.source}”{where}")
        if (
            r.verdict == Verdict.CONTRADICTED
            and r.contradicting
            and not any(f.status == "mismatch" for f in r.findings)
        ):
            out.append(f"{r.id}: {r.contradicting.source_id} says “{_short(r.contradicting.quote, 200)}”")
    return out
