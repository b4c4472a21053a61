"""Citation correctness: does the *cited* source back the claim, not just some source?

Each marker is attached to claims of its sentence: a marker after a clause
covers the claims before it (back to the previous marker), one at the end
covers the rest, a phrase ("according to X, ...") covers the whole sentence.
A claim the main pass did not find backed by a cited source is checked
again against that source alone, so a correct citation to a passage outside
the top candidates is not called wrong. Per answer: ALCE citation precision
and recall (Gao et al. 2023) with claims as the statements, and seed 004's
citation coverage.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ..classify.offline import Classifier
from ..config import DecideConfig
from ..decide.rules import decide_claim
from ..extract.extractor import Claim
from ..link.linker import Linker
from ..report import BACKED, UNCHECKABLE, Citation, CitationTarget, ClaimCitation, ClaimResult, Verdict
from ..report import CitationVerdict as CV
from ..sources import Source
from ..text import content_words, split_sentences
from .markers import UNSPECIFIC, Marker, Parsed

__all__ = ["CitationJudge", "CitationOutcome", "attach"]



def _main_backs(r: ClaimResult, sid: str, cited: Sequence[str]) -> bool:
    """The main pass found ``sid`` backing the claim. When several sources back it
    together ("S1 + S2 state this together"), ``sid`` counts only if all of them
    are cited or its passage carries the claim's own words (the focus: "with 340
    participants" in "The trial showed 81% with 340 participants"); otherwise
    ``sid`` is checked alone."""
    if r.verdict not in BACKED or sid not in r.supported_by:
        return False
    if len(r.supported_by) == 1 or set(r.supported_by) <= set(cited):
        return True
    focus = content_words(r.focus)
    if not focus:
        return False
    return any(
        len(focus & content_words(e.quote)) >= 0.5 * len(focus) for e in r.evidence if e.source_id == sid
    )


def _back(names: Sequence[str]) -> str:
    return f"{', '.join(names)} {'backs' if len(names) == 1 else 'back'}"


@dataclass
class CitationOutcome:
    citations: list[Citation]
    results: list[ClaimResult]  # the claim results with their citation status
    precision: float | None
    recall: float | None
    coverage: float
    cited_sources: list[str]


def attach(parsed: Parsed, claims: Sequence[Claim]) -> list[list[str]]:
    """Claim ids each marker covers; ``claims`` carry offsets in ``parsed.clean``."""
    # the last sentence starting at or before a position (the first one before them all);
    # a search, not a scan: a scan for every claim was quadratic in a long answer (issue 31)
    starts = [s.start for s in split_sentences(parsed.clean)]

    def sentence(pos: int) -> int:
        return max(bisect.bisect_right(starts, pos) - 1, 0)

    out: list[list[str]] = [[] for _ in parsed.markers]
    anchored: dict[int, list[int]] = defaultdict(list)  # sentence -> marker indices, by anchor
    wide: dict[int, list[int]] = defaultdict(list)  # sentence -> its sentence-wide markers
    for i, (m, a) in enumerate(zip(parsed.markers, parsed.anchors)):
        (wide if m.sentence_wide else anchored)[sentence(a)].append(i)
    for c in claims:
        s = sentence(c.start)
        for i in wide.get(s, []):
            out[i].append(c.id)
        marks = anchored.get(s, [])
        if not marks:
            continue
        after = [i for i in marks if parsed.anchors[i] >= c.end]
        anchor = parsed.anchors[after[0]] if after else parsed.anchors[marks[-1]]
        for i in marks:
            # "[1][3]" after the same clause both cover it; so does a marker inside the
            # claim ("X is from A [1], as is Y [2]." read as one claim)
            if parsed.anchors[i] == anchor or c.start < parsed.anchors[i] < c.end:
                out[i].append(c.id)
    return out


class CitationJudge:
    def __init__(self, linker: Linker, classifier: Classifier, cfg: DecideConfig, floor: float):
        self.linker, self.classifier, self.cfg, self.floor = linker, classifier, cfg, floor

    def judge(
        self,
        parsed: Parsed,
        clean_claims: Sequence[Claim],
        claims: Sequence[Claim],
        results: list[ClaimResult],
        sources: Sequence[Source],
        question: str | None,
        linked: int,
        *,
        recheck: bool = True,
        spoken: frozenset[str] = frozenset(),
    ) -> CitationOutcome:
        """``spoken``: the ids of the sources read as conversations (decide_claim)."""
        by_id = {s.id: s for s in sources}
        res = {r.id: r for r in results}
        checkable = {r.id for r in results if r.verdict not in UNCHECKABLE}
        covers = [[cid for cid in ids if cid in checkable] for ids in attach(parsed, clean_claims)]
        cited: dict[str, list[str]] = defaultdict(list)  # claim -> sources its markers name
        marks_of: dict[str, list[str]] = defaultdict(list)
        for mi, (m, ids) in enumerate(zip(parsed.markers, covers)):
            for cid in ids:
                marks_of[cid].append(f"m{mi + 1}")
                for g in m.targets:
                    cited[cid].extend(s for s in g or [] if s not in cited[cid])
        claim_of = {c.id: c for c in claims}
        todo = [
            (claim_of[cid], sid)
            for cid in sorted(cited, key=lambda x: int(x[1:]))
            for sid in cited[cid]
            if recheck and not _main_backs(res[cid], sid, cited[cid])
        ]
        alone = self._against_each(todo, by_id, question, linked, spoken)

        sup = _Support(res, alone, cited)
        # A claim the cited source backs on its own is supported, unless a
        # contradiction was found: the main pass only looked at the top candidates.
        for c, sid in todo:
            r = alone[(c.id, sid)]
            if r.verdict == Verdict.SUPPORTED and res[c.id].verdict not in (*BACKED, Verdict.CONTRADICTED):
                res[c.id] = r.model_copy(update={"note": r.note + " (found by checking the cited source)"})

        citations = [sup.marker(mi, m, ids) for mi, (m, ids) in enumerate(zip(parsed.markers, covers))]
        out: list[ClaimResult] = []
        for r0 in results:
            r = res[r0.id]
            if r.id in checkable:
                r = r.model_copy(update={"citation": sup.claim(r.id, marks_of[r.id])})
            out.append(r)
        denom = [t for c in citations if c.claims for t in c.targets]
        precision = round(sum(t.verdict == CV.CORRECT for t in denom) / len(denom), 4) if denom else None
        n = len(checkable)
        n_ok = sum(r.citation is not None and r.citation.status == CV.CORRECT for r in out)
        recall = round(n_ok / n, 4) if n else None
        named = sorted(
            {
                s
                for m in parsed.markers
                for g, why in zip(m.targets, m.reasons)
                if g and UNSPECIFIC not in why
                for s in g
            }
        )
        bonus = min(0.1 * len(parsed.markers), 0.3)
        coverage = min(len(named) / len(sources) + bonus, 1.0) if sources else 0.0
        return CitationOutcome(citations, out, precision, recall, round(coverage, 4), named)

    def _against_each(
        self, todo: list[tuple[Claim, str]], by_id: dict[str, Source], question: str | None, linked: int,
        spoken: frozenset[str],
    ) -> dict[tuple[str, str], ClaimResult]:
        """Decide each (claim, source) pair on that source alone."""
        per_source: dict[str, list[Claim]] = defaultdict(list)
        for c, sid in todo:
            per_source[sid].append(c)
        keys: list[tuple[str, str]] = []
        claims: list[Claim] = []
        cands = []
        for sid in sorted(per_source):
            cs = per_source[sid]
            for c, cand in zip(cs, self.linker.link(cs, [by_id[sid]])):
                keys.append((c.id, sid))
                claims.append(c)
                cands.append(cand)
        idx = [i for i, cs in enumerate(cands) if cs]
        classes = dict(
            zip(
                idx,
                self.classifier.classify(
                    [claims[i] for i in idx], [cands[i] for i in idx], question, answer_claims=linked
                ),
            )
        )
        return {
            key: decide_claim(claims[i], classes.get(i), by_id, self.cfg, self.floor, spoken)
            for i, key in enumerate(keys)
        }


class _Support:
    """Which source backs which claim: the main pass, then the single-source checks."""

    def __init__(
        self,
        res: dict[str, ClaimResult],
        alone: dict[tuple[str, str], ClaimResult],
        cited: dict[str, list[str]],
    ):
        self.res, self.alone, self.cited = res, alone, cited

    def backs(self, cid: str, sid: str) -> bool:
        r, a = self.res[cid], self.alone.get((cid, sid))
        return _main_backs(r, sid, self.cited.get(cid, [])) or (a is not None and a.verdict in BACKED)

    def partly(self, cid: str, sid: str) -> bool:
        a = self.alone.get((cid, sid))
        if a is not None:
            return a.verdict == Verdict.PARTIALLY_SUPPORTED
        r = self.res[cid]
        return (
            r.verdict == Verdict.PARTIALLY_SUPPORTED and bool(r.evidence) and r.evidence[0].source_id == sid
        )

    def backers(self, cid: str) -> list[str]:
        r = self.res[cid]
        found = set(r.supported_by) if r.verdict in BACKED else set()
        return sorted(found | {s for s in self.cited.get(cid, []) if self.backs(cid, s)})

    def claim(self, cid: str, markers: list[str]) -> ClaimCitation:
        cited = self.cited.get(cid, [])
        elsewhere = [s for s in self.backers(cid) if s not in cited]
        if not markers:
            note = (
                f"no citation; {_back(elsewhere)} it: cite it"
                if elsewhere
                else ("no citation, and no source backs it")
            )
            return ClaimCitation(status=CV.UNCITED, supported_elsewhere=elsewhere, note=note)

        def out(status: CV, note: str, by: list[str] | None = None) -> ClaimCitation:
            return ClaimCitation(
                status=status,
                markers=markers,
                cited=cited,
                supported_by_cited=by or [],
                supported_elsewhere=elsewhere,
                note=note,
            )

        if not cited:
            return out(CV.UNRESOLVED, "its citation names no source")
        by_cited = [s for s in cited if self.backs(cid, s)]
        if by_cited:
            note = f"{_back(by_cited)} it"
            r = self.res[cid]
            if r.verdict == Verdict.CONTRADICTED and r.contradicting:
                note += f", but {r.contradicting.source_id} contradicts it"
            return out(CV.CORRECT, note, by_cited)
        names = ", ".join(cited)
        if elsewhere:
            return out(CV.WRONG_SOURCE, f"{_back(elsewhere)} it, not the cited {names}")
        part = [s for s in cited if self.partly(cid, s)]
        if part:
            return out(CV.PARTIAL, f"{_back(part)} it only in part")
        r = self.res[cid]
        if r.verdict == Verdict.CONTRADICTED and r.contradicting:
            who = r.contradicting.source_id
            if who in cited:
                return out(CV.UNSUPPORTED, f"the cited {who} contradicts it")
            return out(CV.UNSUPPORTED, f"{who} contradicts it; the cited {names} does not back it")
        return out(CV.UNSUPPORTED, f"the cited {names} does not back it, and no other source does")

    def marker(self, mi: int, m: Marker, ids: list[str]) -> Citation:
        targets = [self.target(ref, g, why, ids) for ref, g, why in zip(m.refs, m.targets, m.reasons)]
        named = sorted({s for g in m.targets if g for s in g})
        if not named:
            verdict, note = CV.UNRESOLVED, "; ".join(dict.fromkeys(m.reasons))
        elif not ids:
            verdict, note = CV.NO_CLAIM, "attached to no checkable claim"
        else:
            ok = [c for c in ids if any(self.backs(c, s) for s in named)]
            part = [c for c in ids if any(self.partly(c, s) for s in named)]
            other = sorted({s for c in ids if c not in ok for s in self.backers(c) if s not in named})
            if len(ok) == len(ids):
                verdict, note = CV.CORRECT, f"{_back(named)} {', '.join(ids)}"
            elif ok:
                miss = [c for c in ids if c not in ok]
                verdict = CV.PARTIAL
                note = f"{_back(named)} {', '.join(ok)} but not {', '.join(miss)}" + (
                    f" ({_back(other)} it)" if other else ""
                )
            elif part:
                verdict, note = CV.PARTIAL, f"{_back(named)} {', '.join(part)} only in part"
            elif other:
                moved = [c for c in ids if any(s not in named for s in self.backers(c))]
                verdict = CV.WRONG_SOURCE
                note = f"{_back(other)} {', '.join(moved)}, not {', '.join(named)}"
            else:
                verdict, note = CV.UNSUPPORTED, f"no source backs {', '.join(ids)}"
        return Citation(
            id=f"m{mi + 1}",
            marker=m.text,
            style=m.style,
            start=m.start,
            end=m.end,
            claims=ids,
            verdict=verdict,
            note=note,
            targets=targets,
        )

    def target(self, ref: str, g: list[str] | None, why: str, ids: list[str]) -> CitationTarget:
        def out(verdict: CV, note: str) -> CitationTarget:
            return CitationTarget(ref=ref, source_ids=g or [], resolved_by=why, verdict=verdict, note=note)

        if g is None:
            return out(CV.UNRESOLVED, why)
        names = ", ".join(g)
        if not ids:
            return out(CV.NO_CLAIM, "attached to no checkable claim")
        ok = [c for c in ids if any(self.backs(c, s) for s in g)]
        if ok:
            return out(CV.CORRECT, f"{_back(g)} {', '.join(ok)}")
        if any(self.partly(c, s) for c in ids for s in g):
            return out(CV.PARTIAL, f"{_back(g)} it only in part")
        other = sorted({s for c in ids for s in self.backers(c) if s not in g})
        if other:
            return out(CV.WRONG_SOURCE, f"{_back(other)} it, not {names}")
        return out(CV.UNSUPPORTED, f"{names} does not back it, and no other source does")
