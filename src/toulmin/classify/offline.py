"""Stage 3, classify: entailment probabilities for each claim/candidate pair,
plus the deterministic checks.

Every candidate is scored on its own; when a claim has two or more
candidates, their concatenation (in source order) is scored too, for claims
that need two sentences ("led by Smith" + "Smith's trial had 340 people").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
from pydantic import BaseModel, Field

from ..checker.base import LABELS, Checker, stamp
from ..checks.claim import Finding, entity_findings
from ..checks.registry import Pair, Runner, runner_for
from ..extract.extractor import _PRONOUNS, Claim
from ..link.linker import Candidate

__all__ = ["CheckerClassifier", "Classification", "Classifier", "ScoredCandidate", "merge_findings"]

_RANK = {"ok": 0, "partial": 1, "imprecise": 2, "mismatch": 3, "missing": 4}


class ScoredCandidate(BaseModel):
    candidate: Candidate
    probs: dict[str, float]
    findings: list[Finding] = Field(default_factory=list, description="deterministic checks of the "
                                    "claim against this candidate alone")


class Classification(BaseModel):
    scored: list[ScoredCandidate] = Field(default_factory=list)
    joint: dict[str, float] | None = Field(None, description="probabilities for the top candidates joined")
    joint_of: list[int] = Field(default_factory=list, description="indexes of the joined candidates")
    findings: list[Finding] = Field(default_factory=list)
    decided_by: str | None = Field(None, description="the backend whose verdict this is (None: the checker)")
    judge_note: str | None = Field(None, description="what happened to the judge's verdict, if anything")
    error: str | None = Field(None, description="the verdict could not be computed, and why")


@runtime_checkable
class Classifier(Protocol):
    name: str

    def classify(
        self,
        claims: Sequence[Claim],
        candidates: Sequence[Sequence[Candidate]],
        question: str | None = None,
        *,
        answer_claims: int | None = None,
    ) -> list[Classification]: ...


def _probs(row: Sequence[float]) -> dict[str, float]:
    return {lab: round(float(x), 4) for lab, x in zip(LABELS, row)}


def rescored(
    checker: Checker, hypothesis: str, scored: Sequence[ScoredCandidate], passages: Sequence[tuple[int, str]]
) -> tuple[list[ScoredCandidate], list[int]]:
    """``scored`` with candidate ``j`` of each ``(j, passage)`` scored again against
    ``hypothesis`` on that passage (another reading of it), kept where that entails more;
    and the indexes it raised, in the order given."""
    probs = checker.predict([hypothesis] * len(passages), [p for _, p in passages])
    out = list(scored)
    raised: list[int] = []
    for (j, _), row in zip(passages, probs):
        got = _probs(row)
        if got["entailment"] > out[j].probs["entailment"]:
            out[j] = out[j].model_copy(update={"probs": got})
            raised.append(j)
    return out, raised


def merge_findings(per_candidate: list[list[Finding]]) -> list[Finding]:
    """For each fact of the claim, the best status any candidate gives it."""
    best: dict[tuple[str, str], Finding] = {}
    for findings in per_candidate:
        for f in findings:
            key = (f.kind, f.claim)
            if key not in best or _RANK[f.status] < _RANK[best[key].status]:
                best[key] = f
    return list(best.values())


def _checked_focus(claim: Claim) -> str:
    """What the checks read: the claim's focus, but with the pronoun resolved when the
    claim is its whole focus ("It is most common in adults" is checked as "Measles is most
    common in adults": "it" tells no sentence of the source from another)."""
    focus = claim.focus or claim.text
    first, _, rest = focus.partition(" ")
    rest = rest.rstrip(".!? ")
    text = claim.text.rstrip(".!? ")
    if first.lower() in _PRONOUNS and rest and text.endswith(" " + rest) and not text.startswith(first + " "):
        return claim.text
    return focus


def _modifier(claim: Claim) -> bool:
    """A claim whose focus is a modifier split off its clause ("with water" of "You should
    wash the HEPA filter with water every week"): the modifier has no polarity of its own,
    the clause it belongs to does."""
    return claim.type == "qualifier" and claim.focus != claim.text.rstrip(".") and " " in claim.text


def _check(runner: Runner, claim: Claim, focus: str, evidence: str, *, merged: bool = True,
           context: str | None = None) -> list[Finding]:
    # a figure is read with the names of the whole clause it came from ("introduced in
    # the United States in 1957" is one fact, though split into a place and a year)
    statement = claim.text if claim.item_of or _modifier(claim) else None
    return runner.run(Pair(focus, evidence, statement=statement, text=claim.text,
                           clause=claim.clause or claim.text, merged=merged, context=context))


def _holds(host: Candidate, spans: Sequence[Candidate]) -> bool:
    ctx = host.context
    return ctx is not None and all(c.source_id == host.source_id and c.text in ctx for c in spans)


class CheckerClassifier:
    def __init__(
        self, checker: Checker, *, joint: int = 2, checks: bool = True, question_context: bool | str = False,
        runner: Runner | None = None, lazy_joint: float | None = None,
    ):
        self.checker = checker
        self.question_context = question_context
        self.name = stamp(checker)
        self.joint, self.checks = joint, checks
        self.runner = runner or runner_for(True)  # decide.checks: which checks run
        # The threshold decide reads: a claim that one of its candidates backs alone at it
        # never reads the joined spans' score (decide.rules), so that pair is not scored.
        # None: every joint pair is scored (a judge reads the joint score too).
        self.lazy_joint = lazy_joint

    def classify(
        self,
        claims: Sequence[Claim],
        candidates: Sequence[Sequence[Candidate]],
        question: str | None = None,
        *,
        answer_claims: int | None = None,
    ) -> list[Classification]:
        """``answer_claims``: how many claims the whole answer has, when only some
        are classified here (the question framing depends on it)."""
        left: list[str] = []
        right: list[str] = []
        plan: list[tuple[int, list[int], int | None]] = []
        hyps: list[str] = []
        n_claims = len(claims) if answer_claims is None else answer_claims
        framed = bool(question) and (self.question_context is True or (
            self.question_context == "auto" and n_claims <= 2))
        for claim, cands in zip(claims, candidates):
            n = len(cands)
            joined: list[int] = []
            hyp = claim.text
            if question and framed and not hyp.startswith("Question:"):
                # the answer's claim read as a reply to its question, as the checker was trained
                hyp = f"Question: {question.strip()} Answer: {hyp}"
            hyps.append(hyp)
            for c in cands:
                left.append(hyp)
                right.append(c.context or c.text)
            host: int | None = None
            if self.joint >= 2 and n >= 2:
                joined = sorted(range(min(self.joint, n)), key=lambda j: (cands[j].source_id, cands[j].start))
                # When one candidate's context already holds every joined span, the
                # checker has read them together there: that pair is the joint score.
                host = next((i for i in range(n) if _holds(cands[i], [cands[j] for j in joined])), None)
            plan.append((n, joined, host))
        found = ([self._findings(c, cands, p[1]) for c, cands, p in zip(claims, candidates, plan)]
                 if self.checks else [([[] for _ in cands], []) for cands in candidates])
        probs = self.checker.predict(left, right) if left else np.zeros((0, 3))
        # The joined spans' own pairs, scored once the candidates' scores say they may be read.
        starts = np.cumsum([0] + [n for n, _, _ in plan])
        extra: dict[int, int] = {}
        jl: list[str] = []
        jr: list[str] = []
        for i, ((n, joined, host), (per, _)) in enumerate(zip(plan, found)):
            own = probs[starts[i] : starts[i] + n]
            if joined and host is None and not self._alone(candidates[i], own, per):
                extra[i] = len(jl)
                jl.append(hyps[i])
                jr.append(" ".join(candidates[i][j].text for j in joined))
        jprobs = self.checker.predict(jl, jr) if jl else np.zeros((0, 3))
        out: list[Classification] = []
        for i, (cands, (_, joined, host), (per, findings)) in enumerate(zip(candidates, plan, found)):
            k = int(starts[i])
            scored = [
                ScoredCandidate(candidate=c, probs=_probs(probs[k + j]), findings=per[j])
                for j, c in enumerate(cands)
            ]
            joint = None
            joint_of = joined
            if joined and host is not None:  # a context held the joined spans: its pair is the joint score
                joint = _probs(probs[k + host])
            elif i in extra:
                joint = _probs(jprobs[extra[i]])
            else:
                joint_of = []  # not scored: a candidate backs the claim alone
            out.append(
                Classification(
                    scored=scored, joint=joint, joint_of=joint_of, findings=findings, decided_by=self.name
                )
            )
        return out

    def _alone(self, cands: Sequence[Candidate], probs: np.ndarray, per: Sequence[Sequence[Finding]]) -> bool:
        """Whether decide can never read the joined spans' score for this claim: one candidate
        backs it alone at the threshold, whichever candidates decide counts as naming the
        claim's subject (none of its names missing, about the claim's topic), and no
        candidate misses one of the claim's numbers (decide.rules, ``_lacks_a_number``)."""
        t = self.lazy_joint
        if t is None:
            return False
        if any(f.kind == "number" and f.status == "missing" for fs in per for f in fs):
            return False
        some_on_topic = any(c.on_topic for c in cands)
        return any(
            float(p[0]) >= t
            and (c.on_topic or not some_on_topic)
            and not any(f.kind == "entity" and f.status == "missing" for f in fs)
            for c, p, fs in zip(cands, probs, per)
        )

    def _findings(
        self, claim: Claim, cands: Sequence[Candidate], joined: list[int]
    ) -> tuple[list[list[Finding]], list[Finding]]:
        """Each candidate's findings, and the claim's merged over them and the joined spans."""
        focus = _checked_focus(claim)
        per = [_check(self.runner, claim, focus, c.text, context=c.context)
               + entity_findings(claim.names, set(c.missing_names)) for c in cands]
        if not cands:
            return per, []
        every = list(per)
        if joined:
            lacking = set.intersection(*(set(cands[j].missing_names) for j in joined))
            # spans of two sources side by side are no sentences of one text
            one_source = len({cands[j].source_id for j in joined}) == 1
            joined_text = " ".join(cands[j].text for j in joined)
            every.append(_check(self.runner, claim, focus, joined_text, merged=one_source)
                         + entity_findings(claim.names, lacking))
        return per, merge_findings(every)
