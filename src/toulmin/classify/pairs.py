"""Score claims against whole documents of any length.

Each document is cut into overlapping sentence windows; a multi-sentence
claim is cut into sentences. Every claim sentence is scored against every
window in one batched call; a sentence's support is its best window
(max), the claim's support is its weakest sentence (min), as SummaC and
MiniCheck aggregate. A window that contradicts a claim sentence is reported
even when another window supports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from pydantic import BaseModel, Field

from ..checker.base import LABELS, Checker
from ..checks.claim import refutes
from ..checks.registry import Pair, Runner, runner_for
from ..errors import InputError
from ..text import Span, check_text, content_words, make_windows, split_sentences

__all__ = ["Evidence", "PairScore", "SentenceScore", "WindowConfig", "claim_units", "score", "score_pairs"]


class Evidence(BaseModel):
    start: int = Field(description="character offset of the window in the document")
    end: int
    text: str
    probs: dict[str, float]


class SentenceScore(BaseModel):
    start: int = Field(description="character offset of the sentence in the claim")
    end: int
    prob_supported: float
    evidence: Evidence


class PairScore(BaseModel):
    id: str | None = None
    prob_supported: float | None = None
    supported: bool | None = None
    label3: str | None = None
    probs: dict[str, float] | None = None
    evidence: Evidence | None = None
    contradiction: Evidence | None = None
    sentences: list[SentenceScore] = []
    findings: list[dict[str, str | None]] = Field(
        default_factory=list, description="with checks on: the number, bounded date ('before 1975') or "
        "polarity of the claim that the windows read state otherwise (kind, claim, source, note); any "
        "one of them makes the pair not supported and a contradiction, whatever the model's probability")
    windows: int = Field(0, description="windows the document was cut into")
    scored: int = Field(0, description="(claim sentence, window) pairs the model scored")
    error: dict[str, str] | None = None


@dataclass(frozen=True)
class WindowConfig:
    window_words: int = 100
    overlap_sentences: int = 1
    # Scoring a multi-sentence claim whole beat min-over-sentences on every
    # development slice (docs/experiments.md).
    split_claim: bool = False
    contradiction_threshold: float = 0.5
    # Only the windows sharing the most content words with a claim sentence go
    # to the model (None: all). Supporting and contradicting windows both talk
    # about the claim's subject, so lexical overlap keeps them; see
    # docs/benchmarks.md for the accuracy cost against scoring every window.
    top_windows: int | None = 8
    # The deterministic checks the pipeline runs (toulmin.checks.claim): a number,
    # bounded date or polarity that the windows read state otherwise overrules the model.
    checks: bool = False
    # checks whose mismatch may not make a pair a contradiction alone (decide.advisory_checks)
    advisory: frozenset[str] = frozenset()
    # which checks run, and which of them are advisory (decide.checks; None: every one on)
    runner: Runner | None = None


def _pick_windows(sentence: str, wins: list[Span], wsets: list[set[str]], k: int | None) -> list[int]:
    if k is None or len(wins) <= k:
        return list(range(len(wins)))
    target = content_words(sentence)
    ranked = sorted(range(len(wins)), key=lambda i: (-len(target & wsets[i]), i))
    return sorted(ranked[:k])


def claim_units(claim: str) -> list[Span]:
    """The claim's sentences, each checkable on its own.

    A question asserts nothing by itself ("Question: who won? Answer: Ada"), and
    a fragment under four words ("Yes.", "Sure!") has no content to check: both
    are merged into the following sentence (or the previous one at the end).
    """
    units = split_sentences(claim)
    merged: list[Span] = []
    pending: Span | None = None
    for s in units:
        if pending is not None:
            s = Span(pending.start, s.end, claim[pending.start : s.end])
            pending = None
        if s.text.rstrip().endswith("?") or len(s.text.split()) < 4:
            pending = s
            continue
        merged.append(s)
    if pending is not None:
        if merged:
            last = merged.pop()
            pending = Span(last.start, pending.end, claim[last.start : pending.end])
        merged.append(pending)
    return merged


def _round(p: np.ndarray) -> dict[str, float]:
    return {lab: round(float(x), 6) for lab, x in zip(LABELS, p)}


def score_pairs(
    checker: Checker,
    docs: Sequence[object],
    claims: Sequence[object],
    ids: Sequence[str | None] | None = None,
    cfg: WindowConfig = WindowConfig(),
) -> list[PairScore]:
    """Score ``claims[i]`` against ``docs[i]``. A bad row gets ``error``, never a number."""
    if len(docs) != len(claims):
        raise InputError("E_PAIR_MISMATCH", f"{len(docs)} documents but {len(claims)} claims",
                         fix="pass one document per claim")
    ids = list(ids) if ids is not None else [None] * len(docs)
    plans: list[tuple[list[Span], list[Span], list[list[int]]] | PairScore] = []
    flat_c: list[str] = []
    flat_w: list[str] = []
    for rid, d, c in zip(ids, docs, claims):
        try:
            doc = check_text(d, "document")
            claim = check_text(c, "claim")
        except InputError as e:
            plans.append(PairScore(id=rid, error={"code": e.code, "message": e.message,
                                                  "fix": e.fix or ""}))
            continue
        wins = make_windows(doc, cfg.window_words, cfg.overlap_sentences)
        sents = claim_units(claim) if cfg.split_claim else []
        if len(sents) <= 1:
            stripped = claim.strip()
            off = claim.index(stripped)
            sents = [Span(off, off + len(stripped), stripped)]
        filtering = cfg.top_windows is not None and len(wins) > cfg.top_windows
        wsets = [content_words(w.text) for w in wins] if filtering else []
        picks = [_pick_windows(s.text, wins, wsets, cfg.top_windows) for s in sents]
        plans.append((sents, wins, picks))
        for s, pick in zip(sents, picks):
            flat_c.extend([s.text] * len(pick))
            flat_w.extend(wins[i].text for i in pick)
    probs = checker.predict(flat_c, flat_w) if flat_c else np.zeros((0, 3))
    out: list[PairScore] = []
    k = 0
    for rid, plan in zip(ids, plans):
        if isinstance(plan, PairScore):
            out.append(plan)
            continue
        sents, all_wins, picks = plan
        sent_scores: list[SentenceScore] = []
        contra: Evidence | None = None
        contra_p = 0.0
        for s, pick in zip(sents, picks):
            wins = [all_wins[i] for i in pick]
            block = probs[k : k + len(pick)]
            k += len(pick)
            best = int(np.argmax(block[:, 0]))
            ev = Evidence(start=wins[best].start, end=wins[best].end, text=wins[best].text,
                          probs=_round(block[best]))
            sent_scores.append(SentenceScore(start=s.start, end=s.end,
                                             prob_supported=round(float(block[best, 0]), 6), evidence=ev))
            c = int(np.argmax(block[:, 2]))
            pc = float(block[c, 2])
            if pc >= cfg.contradiction_threshold and np.argmax(block[c]) == 2 and pc > contra_p:
                contra_p = pc
                contra = Evidence(start=wins[c].start, end=wins[c].end, text=wins[c].text,
                                  probs=_round(block[c]))
        weakest = min(sent_scores, key=lambda x: x.prob_supported)
        supported = weakest.prob_supported >= checker.threshold
        label3 = "entailment" if supported else ("contradiction" if contra else "neutral")
        found = [f for f in (_mismatches(sents, all_wins, picks, cfg.runner) if cfg.checks else [])
                 if f["kind"] not in cfg.advisory]
        if found:
            supported, label3 = False, "contradiction"
        out.append(PairScore(
            id=rid, prob_supported=weakest.prob_supported, supported=supported, label3=label3,
            findings=found,
            probs=weakest.evidence.probs, evidence=weakest.evidence, contradiction=contra,
            sentences=sent_scores if len(sent_scores) > 1 else [], windows=len(all_wins),
            scored=sum(len(p) for p in picks),
        ))
    return out


def _mismatches(sents: list[Span], wins: list[Span], picks: list[list[int]],
                runner: Runner | None = None) -> list[dict[str, str | None]]:
    """Each claim sentence's numbers, bounded dates and polarity against the windows the
    model read for it (``top_windows``, 8 by default: a whole article of a few hundred
    words, and a bounded cost on a 50-page one).

    All of them, not the best window: a summary's numbers come from all over its article
    (against the best window, 18 of 300 right HaluEval summarization dev summaries were
    flagged). A plain date is left to the model, as ``verify`` does: documents mention
    many dates, and on HaluEval QA dev the right answers' question dates flagged 11 of
    300 (BA 96.8 -> 95.2).
    """
    run = runner or runner_for(True)
    out: list[dict[str, str | None]] = []
    for s, pick in zip(sents, picks):
        read = "\n".join(wins[i].text for i in pick)
        # a figure's name is looked for in each window, whose sentences run on
        merged = [f for i in pick for f in run.run(Pair(s.text, wins[i].text, merged=True), _MERGED)]
        stated = {f.claim for f in merged if f.status == "ok"}
        found = run.run(Pair(s.text, read, text=s.text))  # merged.figure runs only with merged=True
        for f in found + [f for f in merged if f.claim not in stated]:
            if refutes(f) and not run.advisory(f):
                out.append({"kind": f.kind, "claim": f.claim, "source": f.source, "note": f.note})
    return out


_MERGED = ("merged.figure",)  # read window by window; the rest over the windows together


def score(docs: Sequence[str], claims: Sequence[str], checker: Checker | None = None,
          window: WindowConfig | None = None) -> tuple[list[int], list[float], list[PairScore]]:
    """Score each claim against its document with the shipped checker.

    Returns ``(labels, probs, details)`` like MiniCheck's ``score``: label 1 when
    the claim is supported at the checker's threshold, its support probability,
    and the full result (evidence window with offsets, per-sentence scores).
    Raises ``InputError`` if any row cannot be scored (use ``score_pairs`` to
    get per-row errors instead). The number, bounded-date and negation checks
    overrule the model, as ``toulmin score-pairs`` does by default; pass
    ``window=WindowConfig()`` for the model alone.
    """
    if checker is None:
        from ..checker import load_checker

        checker = load_checker()
    res = score_pairs(checker, docs, claims, None, window or WindowConfig(checks=True))
    for i, r in enumerate(res):
        if r.error:
            raise InputError(r.error["code"], f"row {i}: {r.error['message']}", fix=r.error.get("fix"))
    return ([int(bool(r.supported)) for r in res], [float(r.prob_supported or 0.0) for r in res], res)
