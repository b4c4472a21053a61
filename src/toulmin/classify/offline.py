"""Stage 3, classify: entailment probabilities for each claim/candidate pair,
plus the deterministic checks.

Every candidate is scored on its own; when a claim has two or more
candidates, their concatenation (in source order) is scored too, for claims
that need two sentences ("led by Smith" + "Smith's trial had 340 people").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np
from pydantic import BaseModel, Field

from ..checker.base import LABELS, Checker, stamp
from ..checks.claim import Finding, entity_findings
from ..checks.registry import Pair, Runner, runner_for
from ..extract.extractor import _PRONOUNS, Claim
from ..link.linker import Candidate

__all__ = ["CheckerClassifier", "Classification", "Classifier", "LazyCandidates", "ScoredCandidate",
           "merge_findings"]

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


def _probs(row: Sequence[float] | np.ndarray) -> dict[str, float]:
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


@dataclass(frozen=True)
class LazyCandidates:
    """What decide reads (decide.rules), for leaving unread the candidates that cannot change
    a claim's verdict: a candidate sharing fewer than ``min_overlap`` of the claim's words
    never refutes it (``decide.contradiction_min_overlap``), so once a candidate that shares
    enough backs the claim cleanly (entailment at ``threshold``, ahead of contradiction by
    ``margin``, every check content, none of the claim's candidates refuting at
    ``contradiction`` or by a check), the others could only back it too (issue 56): its verdict
    stays, and its report names the backing sources among those read. Where only an outdated
    source's passages back it, the other sources' candidates are read (a current one makes it
    SUPPORTED, not STALE)."""

    threshold: float
    min_overlap: float
    contradiction: float
    margin: float


class CheckerClassifier:
    def __init__(
        self, checker: Checker, *, joint: int = 2, checks: bool = True, question_context: bool | str = False,
        runner: Runner | None = None, lazy_joint: float | None = None,
        lazy_candidates: LazyCandidates | None = None,
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
        self.lazy = lazy_candidates

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
        joins = self._joined(candidates)
        found = ([self._findings(c, cands, js) for c, cands, js in zip(claims, candidates, joins)]
                 if self.checks else [([[] for _ in cands], []) for cands in candidates])
        # the candidates read first: all, or where a claim's other candidates may go unread,
        # those that share enough of its words to refute it
        first = [self._first(cands, per) for cands, (per, _) in zip(candidates, found)]
        for claim, cands, read, joined in zip(claims, candidates, first, joins):
            n = len(cands)
            hyp = claim.text
            if question and framed and not hyp.startswith("Question:"):
                # the answer's claim read as a reply to its question, as the checker was trained
                hyp = f"Question: {question.strip()} Answer: {hyp}"
            hyps.append(hyp)
            for j in read:
                left.append(hyp)
                right.append(cands[j].context or cands[j].text)
            host: int | None = None
            if joined:
                # When one candidate's context already holds every joined span, the
                # checker has read them together there: that pair is the joint score.
                host = next((i for i in range(n) if _holds(cands[i], [cands[j] for j in joined])), None)
            plan.append((n, joined, host))
        got = self.checker.predict(left, right) if left else np.zeros((0, 3))
        rows: list[dict[int, np.ndarray]] = []
        k = 0
        for read in first:
            rows.append({j: got[k + m] for m, j in enumerate(read)})
            k += len(read)
        # the rest of a claim's candidates, unless a passage read first backs it cleanly
        rest = []
        for cands, row, (per, _) in zip(candidates, rows, found):
            backed = self._backed(cands, row, per)
            rest.append([j for j in range(len(cands)) if j not in row and cands[j].source_id not in backed])
        more = [(i, j) for i, js in enumerate(rest) for j in js]
        if more:
            later = self.checker.predict([hyps[i] for i, _ in more],
                                         [candidates[i][j].context or candidates[i][j].text for i, j in more])
            for (i, j), row in zip(more, later):
                rows[i][j] = row
        # The joined spans' own pairs, scored once the candidates' scores say they may be read.
        extra: dict[int, int] = {}
        jl: list[str] = []
        jr: list[str] = []
        for i, ((_, joined, host), (per, _)) in enumerate(zip(plan, found)):
            read = sorted(rows[i])
            own = np.array([rows[i][j] for j in read]).reshape(len(read), 3)
            if (joined and host is None
                    and not self._alone([candidates[i][j] for j in read], own, [per[j] for j in read])):
                extra[i] = len(jl)
                jl.append(hyps[i])
                jr.append(" ".join(candidates[i][j].text for j in joined))
        jprobs = self.checker.predict(jl, jr) if jl else np.zeros((0, 3))
        out: list[Classification] = []
        for i, (cands, (n, joined, host), (per, findings)) in enumerate(zip(candidates, plan, found)):
            row = rows[i]
            # a candidate left unread is left out, as if the linker had not found it
            scored = [ScoredCandidate(candidate=c, probs=_probs(row[j]), findings=per[j])
                      for j, c in enumerate(cands) if j in row]
            joint = None
            joint_of = joined
            if len(row) < n:
                joint_of = []  # backed alone by what was read: decide reads no joint score
            elif joined and host is not None:  # a context held the joined spans: its pair is the joint score
                joint = _probs(row[host])
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

    def _joined(self, candidates: Sequence[Sequence[Candidate]]) -> list[list[int]]:
        """The candidates each claim's joined spans are made of (the first ``joint``, in text order)."""
        out: list[list[int]] = []
        for cands in candidates:
            first = range(min(self.joint, len(cands))) if self.joint >= 2 and len(cands) >= 2 else range(0)
            out.append(sorted(first, key=lambda j: (cands[j].source_id, cands[j].start)))
        return out

    def _first(self, cands: Sequence[Candidate], per: Sequence[Sequence[Finding]]) -> list[int]:
        """The candidates read first: every one, unless lazy reading is on, some candidate
        shares enough words and no check finds a mismatch or a missing number (decide would
        read those with every candidate's scores); then those that share enough words."""
        rule = self.lazy
        if rule is None or any(f.status == "mismatch" or (f.kind == "number" and f.status == "missing")
                               for fs in per for f in fs):
            return list(range(len(cands)))
        near = [j for j, c in enumerate(cands) if c.overlap >= rule.min_overlap]
        return near if near else list(range(len(cands)))

    def _backed(self, cands: Sequence[Candidate], row: dict[int, np.ndarray],
                per: Sequence[Sequence[Finding]]) -> frozenset[str]:
        """Whose unread candidates cannot change the claim's verdict, when none read refutes it
        and one backs it cleanly (at the threshold, ahead of contradiction by the margin, about
        the claim's topic where any candidate is, every check content with it): every source's
        when a backer's source is current; when only outdated sources back it, only those
        sources' own (a current source's passage would make it SUPPORTED, not STALE)."""
        rule = self.lazy
        if rule is None or any(float(p[2]) >= rule.contradiction for p in row.values()):
            return frozenset()
        some_on_topic = any(c.on_topic for c in cands)
        backers = [
            cands[j] for j, p in row.items()
            if float(p[0]) >= rule.threshold and float(p[0]) - float(p[2]) >= rule.margin
            and (cands[j].on_topic or not some_on_topic)
            and all(f.status == "ok" for f in per[j])  # no name, number or date of the claim missing
        ]
        return frozenset(c.source_id for c in (cands if any(not c.stale for c in backers) else backers))

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
