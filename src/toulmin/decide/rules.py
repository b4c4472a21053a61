"""Stage 4, decide: a verdict, a note and evidence per claim.

Precedence (seed 002): a contradiction on any candidate wins; otherwise the
strongest entailment decides, and the deterministic checks can only lower
a verdict (a number the source does not state is not supported, however
confident the model is). ``RULES`` is that precedence as ordered functions, each
with its docstring: the first that returns a result decides.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ..checks.claim import Finding, negated_alike, refutes
from ..checks.polarity import denies_a_part
from ..checks.registry import runner_for
from ..classify.offline import Classification, ScoredCandidate, merge_findings
from ..config import CANDIDATE_CONTRADICTION, DecideConfig
from ..errors import ConfigError
from ..extract.extractor import Claim
from ..link.linker import Candidate
from ..report import VERDICT_SCORE, ClaimResult, Evidence, Verdict
from ..sources import Source
from ..text import clip, split_sentences

__all__ = ["RULES", "decide_claim", "not_checked"]


def _ev(c: Candidate, probs: dict[str, float] | None, src: Source) -> Evidence:
    return Evidence(
        source_id=c.source_id, quote=c.text, start=c.start, end=c.end, probs=probs, stale=src.stale_reason
    )


def _only_asks(span: str) -> bool:
    """Whether every sentence of ``span`` is a question: a question states nothing, so the
    checker's contradiction against it ("How much can you drink?" against "Person1 cannot
    drink much") refutes nothing."""
    sents = split_sentences(span)
    return bool(sents) and all(s.text.rstrip("\"')” ").endswith("?") for s in sents)


def _negative_alike(claim: str, span: str) -> bool:
    """Whether the claim is negative and so is a sentence of ``span`` about its words. The
    checker's contradiction between two negative statements is not trusted alone ("Person2
    cannot take it until December" against "I'm not taking my vacation until December"):
    the negation check still refutes opposite polarities, and another candidate may."""
    return negated_alike(claim, *(s.text for s in split_sentences(span)))


def _refutes(f: Finding, cfg: DecideConfig) -> bool:
    """A finding that refutes its claim, from a check allowed to decide alone (not
    ``advisory`` in ``decide.checks``, nor of a kind in ``decide.advisory_checks``)."""
    return (refutes(f) and f.kind not in cfg.advisory_checks
            and not runner_for(cfg.checks, cfg.advisory_checks).advisory(f))


def _worst(findings: Sequence[Finding], *statuses: str) -> Finding | None:
    return next((f for f in findings if f.status in statuses), None)


def _fields(claim: Claim) -> dict[str, Any]:
    """The part of a ClaimResult that comes from the claim itself."""
    return dict(
        id=claim.id, claim=claim.text, focus=claim.focus, start=claim.start, end=claim.end, type=claim.type,
        item_of=claim.item_of or None,
    )


def _unnamed(sc: ScoredCandidate) -> list[str]:
    """The claim's names this candidate's source does not mention."""
    return [f.claim for f in sc.findings if f.kind == "entity" and f.status == "missing"]


def _not_cancelled(scored: Sequence[ScoredCandidate], best: int, on_topic: Sequence[int],
                   findings: list[Finding], cfg: DecideConfig) -> tuple[Finding | None, list[Finding]]:
    """The deciding passage's own refuting finding, when only passages sharing fewer of the
    claim's words read that fact as stated: "A standard ticket costs 12 euros" against the
    museum's "a ticket costs 15 euros" is not saved by a chunk on a stadium lease that says
    12 (the merge keeps the best status any candidate gives)."""
    b = scored[best]
    own = next((f for f in b.findings if _refutes(f, cfg)), None) if best in on_topic else None
    if own is None:
        return None, findings
    saying = [i for i in on_topic if i != best and any(
        g.kind == own.kind and g.claim == own.claim and g.status == "ok" for g in scored[i].findings)]
    if not saying or any(scored[i].candidate.overlap >= b.candidate.overlap for i in saying):
        return None, findings
    return own, [own if (f.kind, f.claim) == (own.kind, own.claim) else f for f in findings]


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
    claim: Claim, cls: Classification | None, sources: dict[str, Source], cfg: DecideConfig, floor: float,
    spoken: Collection[str] = frozenset(),
) -> ClaimResult:
    """The claim's verdict: the first of ``RULES`` that decides it, in order. ``spoken``:
    the ids of the sources read as conversations (``decide.conversation_contradiction_threshold``)."""
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
    if cfg.threshold is None:
        raise ConfigError("E_CONFIG_VALUE", "decide_claim needs decide.threshold resolved to a number",
                          fix="set decide.threshold, or build the verifier (it fills in the checker's own)")
    case = _Case.of(claim, cls, sources, cfg, cfg.threshold, spoken)
    for rule in RULES:
        decided = rule(case)
        if decided is not None:
            return decided
    raise AssertionError("the last rule always decides")  # pragma: no cover


@dataclass
class _Case:
    """What every rule reads about one claim and its scored candidates."""

    claim: Claim
    cls: Classification
    sources: dict[str, Source]
    cfg: DecideConfig
    threshold: float  # decide.threshold, resolved
    scored: list[ScoredCandidate]
    named: list[int]  # candidates whose source mentions every name the claim asserts
    order: list[int]  # named first, each by entailment
    evidence: list[Evidence]  # in that order
    p_best: float
    probs: dict[str, float]
    joint_used: bool
    findings: list[Finding]
    on_topic: list[int]
    contra: list[int]
    mismatch: Finding | None

    @classmethod
    def of(cls_, claim: Claim, cls: Classification, sources: dict[str, Source], cfg: DecideConfig,
           threshold: float, spoken: Collection[str] = frozenset()) -> _Case:
        contra_at = cfg.contradiction_threshold
        if contra_at is None:
            contra_at = CANDIDATE_CONTRADICTION

        def refuting(c: ScoredCandidate) -> bool:
            """Whether the checker's contradiction on ``c`` is high enough to refute."""
            if c.candidate.source_id in spoken:
                line = cfg.conversation_contradiction_threshold
                return line < 1.0 and c.probs["contradiction"] >= line
            return c.probs["contradiction"] >= contra_at

        scored = list(cls.scored)
        by_entail = sorted(range(len(scored)), key=lambda i: -scored[i].probs["entailment"])
        # A passage that does not mention a name the claim asserts cannot be its
        # support ("Zentrix was approved for children" against a passage on Lumora),
        # however high the checker scores it; the best passage that does decides.
        # Nor, beside a passage whose source speaks of the claim's subject, one whose
        # source never does (link.linker._about_the_subject): a page on an air force
        # squadron does not back "The park is open all year round" (entailment 0.65)
        # while the park's own page says April to October.
        on_topic = [i for i in range(len(scored)) if scored[i].candidate.on_topic]
        partial = 0 < len(on_topic) < len(scored)
        named = [i for i in by_entail if not (cfg.require_names and _unnamed(scored[i]))
                 and not (partial and i not in on_topic)]
        order = named + [i for i in by_entail if i not in named]
        evidence = [_ev(scored[i].candidate, scored[i].probs, sources[scored[i].candidate.source_id])
                    for i in order]
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
            and not any(refuting(scored[j]) for j in cls.joint_of)
            # A join backs a claim part by part: no joined passage may refute a part of it
            # by a check either ("Pets are welcome at the hotel" from the hotel's rooms
            # and "Pets are not allowed, except guide dogs").
            and not any(_refutes(f, cfg) for j in cls.joint_of for f in scored[j].findings)
            and not any(denies_a_part(claim.text, scored[j].candidate.text) for j in cls.joint_of)
            # and each joined passage must name what the claim names: a passage on
            # Zentrix joined to one on another drug is a merge of sources, not support
            and all(j in named for j in cls.joint_of)
        )
        if cls.joint is not None and joinable and (
            (cls.joint["entailment"] > p_best and p_best < threshold)
            or (
                cls.joint["entailment"] >= threshold
                and p_best >= threshold
                and _lacks_a_number(best, cls.findings)
            )
        ):
            p_best, probs, joint_used = cls.joint["entailment"], cls.joint, True
        # a contradiction must come from a passage about the claim's subject: when no
        # source mentions what the claim is about (extract/topic.py), nothing refutes it;
        # when some candidates' sources speak of it and others' never do, the checks read
        # only the former (link.linker._about_the_subject)
        merged = merge_findings([scored[i].findings for i in on_topic]) if partial else cls.findings
        findings = [f for f in merged if cfg.require_names or f.kind != "entity"]
        contra = [
            i
            for i in on_topic
            if refuting(scored[i])
            and scored[i].probs["contradiction"] >= max(scored[i].probs.values())
            and scored[i].candidate.overlap >= cfg.contradiction_min_overlap
            and not _only_asks(scored[i].candidate.text)
            and not _negative_alike(claim.text, scored[i].candidate.text)
        ]
        # The key source's support is not overturned by a passage that is less about the
        # claim: a passage of another source refutes a claim a passage backs only when it
        # shares as many of the claim's words ("the construction of the 7th Wing's
        # facilities suffered a delay" does not overturn "Construction is due to finish in
        # 2029" stated word for word; issue 54)
        backers = [i for i in named if i in on_topic and scored[i].probs["entailment"] >= threshold
                   and not any(_refutes(f, cfg) for f in scored[i].findings)]
        if backers and contra:
            held = max(scored[i].candidate.overlap for i in backers)
            own = {scored[i].candidate.source_id for i in backers}
            contra = [i for i in contra if scored[i].candidate.source_id in own
                      or scored[i].candidate.overlap >= held]
        mismatch = next((f for f in findings if _refutes(f, cfg)), None) if on_topic else None
        if mismatch is None and on_topic and not joint_used:
            mismatch, findings = _not_cancelled(scored, order[0], on_topic, findings, cfg)
        return cls_(claim, cls, sources, cfg, threshold, scored, named, order, evidence, p_best, probs,
                    joint_used, findings, on_topic, contra, mismatch)

    @property
    def top(self) -> Evidence:
        return self.evidence[0]

    @property
    def torn(self) -> bool:
        """Entailed past the threshold, but not ahead of contradiction by ``decide.support_margin``:
        the passage is about the claim with its polarity in doubt (issue 54)."""
        margin = self.cfg.support_margin or 0.0
        return (self.p_best >= self.threshold and margin > 0
                and self.probs.get("entailment", 0.0) - self.probs.get("contradiction", 0.0) < margin)

    @property
    def supported(self) -> bool:
        return self.p_best >= self.threshold and not self.torn

    @property
    def off_topic(self) -> str:
        """What a note adds when no source mentions the claim's topic."""
        return "" if self.on_topic else f" (and no source mentions {', '.join(self.claim.topic)})"

    def ev(self, i: int) -> Evidence:
        c = self.scored[i]
        return _ev(c.candidate, c.probs, self.sources[c.candidate.source_id])

    def result(self, verdict: Verdict, note: str, contra: Evidence | None = None,
               ev: list[Evidence] | None = None, by: list[str] | None = None, conflict: bool = False,
               probs: dict[str, float] | None = None) -> ClaimResult:
        if self.cls.judge_note:
            note = f"{note} ({self.cls.judge_note})"
        return ClaimResult(
            **_fields(self.claim),
            verdict=verdict,
            score=VERDICT_SCORE.get(verdict, 0.0),
            probs=probs if probs is not None else self.probs,
            note=note,
            decided_by=self.cls.decided_by,
            evidence=ev if ev is not None else self.evidence,
            contradicting=contra,
            conflict=conflict,
            findings=self.findings,
            supported_by=by or [],
        )


def _sources_disagree(c: _Case) -> ClaimResult | None:
    """A passage about the claim's subject backs it and one from another source refutes it:
    CONTRADICTED with ``conflict``, unless only the refuting source is stale (then the
    current one wins: SUPPORTED). Only for a claim with a topic: without one, a passage that
    merely shares a figure's words ("we'll see you in three years") would pass for a second
    opinion."""
    disagree = (_conflict(c.scored, c.on_topic, c.named, c.contra, c.threshold, c.cfg) if c.claim.topic
                else None)
    if disagree is None:
        return None
    b, r = disagree
    back, against = c.ev(b), c.ev(r)
    says = f"{against.source_id} says “{clip(against.quote)}”"
    shown = [back, *[e for e in c.evidence if e != back]]
    if against.stale and not back.stale:
        return c.result(Verdict.SUPPORTED, f"{back.source_id} states this; {says}, but "
                        f"{against.source_id} is {against.stale}", against, shown, by=[back.source_id],
                        conflict=True, probs=c.scored[b].probs)
    why = (f", and {back.source_id}, which states it, is {back.stale}"
           if back.stale and not against.stale else "")
    return c.result(Verdict.CONTRADICTED, f"the sources disagree: {back.source_id} states this; {says}{why}",
                    against, shown, conflict=True, probs=c.scored[r].probs)


def _contradicted(c: _Case) -> ClaimResult | None:
    """The checker finds a contradiction on a candidate about the claim's subject, sharing
    enough of its words: a contradiction anywhere wins (seed 002). On a source read as a
    conversation only at ``decide.conversation_contradiction_threshold`` (by default never:
    there the checker reads a paraphrase of speech as a contradiction as often as an edit)."""
    if not c.contra:
        return None
    i = max(c.contra, key=lambda j: c.scored[j].probs["contradiction"])
    cand = c.scored[i].candidate
    note = c.mismatch.note if c.mismatch else f"{cand.source_id} says: “{clip(cand.text)}”"
    return c.result(Verdict.CONTRADICTED, note, c.ev(i), probs=c.scored[i].probs)


def _refuted_by_a_check(c: _Case) -> ClaimResult | None:
    """A deterministic check finds the source stating something else for the same fact
    (another number, the opposite polarity, another rank ...: ``checks.refutes``)."""
    return c.result(Verdict.CONTRADICTED, c.mismatch.note, c.top) if c.mismatch else None


def _torn(c: _Case) -> ClaimResult | None:
    """The checker passes the claim, but reads the passage as nearly as contradicted as
    entailed (``decide.support_margin``): no support (OVERREACH), and the note says so."""
    if not c.torn:
        return None
    e, x = c.probs.get("entailment", 0.0), c.probs.get("contradiction", 0.0)
    return c.result(Verdict.OVERREACH, f"the checker is torn on {c.top.source_id}: entailment {e:.2f}, "
                    f"contradiction {x:.2f} (support needs entailment ahead by {c.cfg.support_margin:.2f})")


def _entailed_but_a_check_objects(c: _Case) -> ClaimResult | None:
    """The checker passes the claim but a check finds a fact of it missing or stated
    otherwise (OVERREACH; a number stated less precisely does not count), or only partly
    there (PARTIALLY_SUPPORTED)."""
    if not c.supported:
        return None
    hard = _worst(c.findings, "mismatch", "missing", "imprecise")
    if hard and not (hard.kind == "number" and hard.status == "imprecise"):
        return c.result(Verdict.OVERREACH, hard.note + c.off_topic)
    soft = _worst(c.findings, "partial", "imprecise")
    return c.result(Verdict.PARTIALLY_SUPPORTED, soft.note) if soft else None


def _backing(c: _Case) -> list[Evidence]:
    """The passages that back the claim: each named one the checker passes alone (the best
    first), or the joined spans when they decided."""
    if c.joint_used:
        return [e for e in c.evidence if any(
            c.scored[k].candidate.start == e.start and c.scored[k].candidate.source_id == e.source_id
            for k in c.cls.joint_of)]
    return [c.evidence[k] for k, i in enumerate(c.order)
            if i in c.named and c.scored[i].probs["entailment"] >= c.threshold] or [c.top]


def _stale_only(c: _Case) -> ClaimResult | None:
    """Backed, but only by sources marked stale (superseded, outdated, retracted)."""
    if not c.supported:
        return None
    backing = _backing(c)
    if not all(e.stale for e in backing):
        return None
    return c.result(Verdict.STALE, f"backed only by {backing[0].source_id}, which is {backing[0].stale}",
                    by=sorted({e.source_id for e in backing}))


def _supported(c: _Case) -> ClaimResult | None:
    """Backed: a passage states it alone (the note names every one that does), or the two
    best passages joined state it together."""
    if not c.supported:
        return None
    backing = _backing(c)
    ids = sorted({e.source_id for e in backing})
    if c.joint_used:  # the joined spans decided: show them first
        shown = backing + [e for e in c.evidence if e not in backing]
        note = " + ".join(ids) + (" state this together" if len(ids) > 1 else " states this")
        return c.result(Verdict.SUPPORTED, note, ev=shown, by=ids)
    first = backing[0].source_id
    others = sorted({e.source_id for e in backing} - {first})
    note = f"{first} states this" + (f" (so does {', '.join(others)})" if others else "")
    return c.result(Verdict.SUPPORTED, note, by=ids)


def _about_something_else(c: _Case) -> ClaimResult | None:
    """Not backed, no source mentions what the claim is about, and no passage near it names
    anything the claim names: the passages are about something else, so they are no
    evidence either way (UNLINKED, as when none is near; issue 29: a library's holdings must
    not stand for the Tozzer library's)."""
    if c.on_topic or not c.claim.names or any(
            set(c.claim.names) - set(sc.candidate.missing_names) for sc in c.scored):
        return None  # a passage names something the claim names ("Northwind's chief executive")
    return c.result(Verdict.UNLINKED, f"no source mentions {', '.join(c.claim.topic)}: the passages "
                    f"nearest to it are about something else", ev=[])


def _a_check_finds_it_unstated(c: _Case) -> ClaimResult | None:
    """Not entailed, and a check finds a fact of it missing or stated otherwise."""
    hard = _worst(c.findings, "mismatch", "missing", "imprecise")
    return c.result(Verdict.OVERREACH, hard.note + c.off_topic) if hard else None


def _partly_there(c: _Case) -> ClaimResult | None:
    """Not entailed, but every fact a check reads is in the passages (some only partly) and
    the checker gives it at least ``partial_threshold``."""
    if not (c.p_best >= c.cfg.partial_threshold and c.findings
            and all(f.status in ("ok", "partial") for f in c.findings)):
        return None
    soft = _worst(c.findings, "partial")
    return c.result(Verdict.PARTIALLY_SUPPORTED, soft.note if soft else f"the facts it states appear in "
                    f"{c.top.source_id}, but the passage does not fully entail the claim")


def _on_topic_not_stated(c: _Case) -> ClaimResult | None:
    """What is left: the passages are near the claim but do not state it."""
    if not c.on_topic and c.claim.topic:
        return c.result(Verdict.OVERREACH,
                        f"{c.top.source_id} is nearest but does not state this{c.off_topic}")
    return c.result(Verdict.OVERREACH, f"{c.top.source_id} is on topic but does not state this")


# In order; the first that returns a result decides. Adding a verdict means a rule here.
RULES: list[Callable[[_Case], ClaimResult | None]] = [
    _sources_disagree,
    _contradicted,
    _refuted_by_a_check,
    _torn,
    _entailed_but_a_check_objects,
    _stale_only,
    _supported,
    _about_something_else,
    _a_check_finds_it_unstated,
    _partly_there,
    _on_topic_not_stated,
]


def _conflict(scored: Sequence[ScoredCandidate], on_topic: list[int], named: list[int], contra: list[int],
              threshold: float, cfg: DecideConfig) -> tuple[int, int] | None:
    """(a backing candidate, a refuting one from another source), both about the claim's
    subject, or None. Refuting: the checker's contradiction, or a check that finds the
    source stating another figure or date for the same fact."""
    backing = [i for i in named if i in on_topic and scored[i].probs["entailment"] >= threshold
               and not any(_refutes(f, cfg) for f in scored[i].findings)]
    refuting = sorted(set(contra) | {i for i in on_topic
                                     if any(_refutes(f, cfg) for f in scored[i].findings)},
                      key=lambda i: -scored[i].probs["contradiction"])
    for b in backing:
        for r in refuting:
            if r != b and scored[r].candidate.source_id != scored[b].candidate.source_id:
                return b, r
    return None

