from __future__ import annotations

from toulmin.checks.claim import Finding
from toulmin.classify.offline import Classification, ScoredCandidate
from toulmin.decide import DecideConfig, decide_claim, level, revise, rollup, suggest
from toulmin.extract.extractor import Claim
from toulmin.link.linker import Candidate
from toulmin.report import ClaimResult, Verdict
from toulmin.sources import Source

CFG = DecideConfig(threshold=0.5)
SOURCES = {"a": Source(id="a", text="x"), "old": Source(id="old", text="y", metadata={"superseded_by": "a"})}


def _claim(text: str = "The trial had 340 participants.", trivial: bool = False) -> Claim:
    return Claim(
        id="c1",
        text=text,
        start=0,
        end=len(text),
        focus=text,
        sentence=0,
        type="trivial" if trivial else "numeric",
        trivial=trivial,
    )


def _cls(
    *probs: tuple[float, float, float],
    sid: str = "a",
    overlap: float = 0.8,
    findings: list[Finding] | None = None,
) -> Classification:
    scored = [
        ScoredCandidate(
            candidate=Candidate(
                source_id=sid,
                start=10 * i,
                end=10 * i + 5,
                text=f"span {i}",
                bm25=1.0,
                dense=0.5,
                overlap=overlap,
                score=1.0,
            ),
            probs={"entailment": e, "neutral": n, "contradiction": c},
        )
        for i, (e, n, c) in enumerate(probs)
    ]
    return Classification(scored=scored, findings=findings or [])


def _v(cls: Classification | None, claim: Claim | None = None) -> ClaimResult:
    return decide_claim(claim or _claim(), cls, SOURCES, CFG, floor=0.25)


def test_verdicts() -> None:
    assert _v(_cls((0.9, 0.05, 0.05))).verdict == Verdict.SUPPORTED
    assert _v(None).verdict == Verdict.UNLINKED
    assert _v(_cls((0.1, 0.8, 0.1))).verdict == Verdict.OVERREACH
    assert _v(_cls((0.1, 0.8, 0.1)), _claim("Hi!", trivial=True)).verdict == Verdict.TRIVIAL


def test_supported_needs_entailment_clearly_ahead_of_contradiction() -> None:
    """Issue 54: "Revenue fell 12%" against "up 12%" read 0.60 entailment, 0.39 contradiction."""
    torn = _cls((0.60, 0.01, 0.39))
    assert _v(torn).verdict == Verdict.SUPPORTED  # no margin: as before
    cfg = DecideConfig(threshold=0.5, support_margin=0.3)
    r = decide_claim(_claim(), torn, SOURCES, cfg, floor=0.25)
    assert r.verdict == Verdict.OVERREACH and "the checker is torn" in r.note and "0.39" in r.note
    clear = decide_claim(_claim(), _cls((0.75, 0.05, 0.20)), SOURCES, cfg, floor=0.25)
    assert clear.verdict == Verdict.SUPPORTED  # 0.55 ahead


def test_contradiction_on_any_candidate_wins() -> None:
    r = _v(_cls((0.9, 0.05, 0.05), (0.05, 0.05, 0.9)))
    assert r.verdict == Verdict.CONTRADICTED and r.contradicting and r.contradicting.quote == "span 1"
    # ... but not from a span that shares too little with the claim
    assert _v(_cls((0.05, 0.05, 0.9), overlap=0.1)).verdict == Verdict.OVERREACH


def test_findings_lower_a_verdict() -> None:
    partial = Finding(kind="name", status="partial", claim="Dr. Smith", source="Smith et al.", note="n1")
    imprecise = Finding(kind="date", status="imprecise", claim="March 2024", source="Q1 2024", note="n2")
    mismatch = Finding(kind="number", status="mismatch", claim="340", source="320", note="n3")
    assert _v(_cls((0.9, 0.05, 0.05), findings=[partial])).verdict == Verdict.PARTIALLY_SUPPORTED
    r = _v(_cls((0.9, 0.05, 0.05), findings=[imprecise]))
    assert (r.verdict, r.note) == (Verdict.OVERREACH, "n2")
    assert _v(_cls((0.2, 0.7, 0.1), findings=[mismatch])).verdict == Verdict.CONTRADICTED
    # a date outside a bound the claim states refutes it; another plain date is only overreach
    bound = Finding(kind="date", status="mismatch", claim="before 1975", source="1979", note="n4")
    plain = Finding(kind="date", status="mismatch", claim="1975", source="1979", note="n5")
    assert _v(_cls((0.9, 0.05, 0.05), findings=[bound])).verdict == Verdict.CONTRADICTED
    assert _v(_cls((0.9, 0.05, 0.05), findings=[plain])).verdict == Verdict.OVERREACH


def test_stale_source() -> None:
    r = _v(_cls((0.9, 0.05, 0.05), sid="old"))
    assert r.verdict == Verdict.STALE and "superseded by a" in r.note
    assert r.evidence[0].stale == "superseded by a"


def _r(v: Verdict, i: int = 0) -> ClaimResult:
    return ClaimResult(
        id=f"c{i}",
        claim="x",
        focus="x",
        start=i,
        end=i + 1,
        type="action",
        verdict=v,
        score={Verdict.SUPPORTED: 1.0, Verdict.PARTIALLY_SUPPORTED: 0.5}.get(v, 0.0),
        note="n",
    )


def test_rollup_formulas() -> None:
    S, P, OV = Verdict.SUPPORTED, Verdict.PARTIALLY_SUPPORTED, Verdict.OVERREACH
    roll = rollup([_r(S), _r(S), _r(S), _r(P), _r(OV), _r(Verdict.TRIVIAL)])
    assert roll["confidence"] == 0.7  # seed 000: (1 + 1 + 1 + 0.5 + 0) / 5
    assert roll["claims_checked"] == 5 and roll["claims_unsupported"] == 1 and roll["claims_trivial"] == 1
    assert roll["confidence_penalised"] == round(3 / 5 - 0.1, 4)  # seed 001
    assert roll["faithfulness"] == 0.6
    all_good = rollup([_r(S), _r(S)])
    assert all_good["confidence_penalised"] == 1.0  # 1.0 + 0.1 bonus, clipped
    empty = rollup([_r(Verdict.TRIVIAL)])
    assert empty["confidence"] is None and empty["claims_checked"] == 0
    assert [level(x) for x in (0.95, 0.9, 0.7, 0.5, 0.49, None)] == [
        "High",
        "High",
        "Medium",
        "Low",
        "Very Low",
        "n/a",
    ]


def test_revise_and_suggest() -> None:
    answer = "A is 1. B is 2."
    bad = _r(Verdict.CONTRADICTED, 8).model_copy(
        update={
            "start": 8,
            "end": 14,
            "findings": [
                Finding(kind="number", status="mismatch", claim="2", source="3", note="source says 3, not 2")
            ],
        }
    )
    good = _r(Verdict.SUPPORTED).model_copy(update={"start": 0, "end": 6})
    assert revise(answer, [good, bad], "remove") == "A is 1."
    assert revise(answer, [good, bad], "mark") == "A is 1. B is 2 [contradicted: n]."
    assert revise(answer, [good, bad], "none") == answer
    assert suggest([good, bad]) == ["c8: replace “2” with “3”"]


def test_a_span_missing_one_of_the_claims_numbers_defers_to_the_joined_spans() -> None:
    claim = _claim("The trial ran 340 participants across 12 sites.")
    ok = [Finding(kind="number", status="ok", claim=c, source=c, note="n") for c in ("340 participants",
                                                                                  "12 sites")]
    cls = _cls((0.9, 0.05, 0.05), (0.6, 0.3, 0.1), findings=ok)
    # the classifier's checks of the best span alone: "The trial ran 340 participants."
    cls.scored[0].findings = [ok[0], Finding(kind="number", status="missing", claim="12 sites", note="n")]
    cls.scored[1].findings = [ok[1]]  # "It used 12 sites."
    alone = _v(cls, claim)
    assert alone.supported_by == ["a"] and alone.note == "a states this"  # no joint scored
    cls.joint, cls.joint_of = {"entailment": 0.8, "neutral": 0.1, "contradiction": 0.1}, [0, 1]
    joined = _v(cls, claim)
    assert joined.verdict == Verdict.SUPPORTED and joined.probs == cls.joint
    assert [e.start for e in joined.evidence[:2]] == [0, 10]
    # When the best span states every number itself, it stays the evidence on its own.
    cls.scored[0].findings = ok  # "The trial ran 340 participants across 12 sites."
    assert _v(cls, claim).probs == cls.scored[0].probs


def test_spans_that_each_refute_the_claim_do_not_back_it_together() -> None:
    # Two unrelated spans (overlap too low to count as a contradiction) whose join
    # scores above the threshold: "It is the longest bridge in the world".
    cls = _cls((0.26, 0.02, 0.72), (0.06, 0.05, 0.89), overlap=0.2)
    cls.joint, cls.joint_of = {"entailment": 0.58, "neutral": 0.01, "contradiction": 0.41}, [0, 1]
    assert _v(cls).verdict == Verdict.OVERREACH
    # Spans that are merely silent alone may still back the claim together.
    cls = _cls((0.3, 0.6, 0.1), (0.2, 0.7, 0.1), overlap=0.2)
    cls.joint, cls.joint_of = {"entailment": 0.8, "neutral": 0.1, "contradiction": 0.1}, [0, 1]
    joined = _v(cls)
    assert joined.verdict == Verdict.SUPPORTED and joined.probs == cls.joint
    assert joined.note == "a states this"


def test_several_spans_that_each_state_the_claim_are_not_called_a_join() -> None:
    cls = _cls((0.9, 0.05, 0.05))
    other = _cls((0.7, 0.2, 0.1), sid="b").scored[0]
    moved = other.candidate.model_copy(update={"start": 50})
    cls.scored.append(other.model_copy(update={"candidate": moved}))
    r = decide_claim(_claim(), cls, {**SOURCES, "b": Source(id="b", text="z")}, CFG, floor=0.25)
    assert r.verdict == Verdict.SUPPORTED and r.supported_by == ["a", "b"]
    assert r.note == "a states this (so does b)"


def _named(cls: Classification, missing: dict[int, bool]) -> Classification:
    for i, lacks in missing.items():
        status = "missing" if lacks else "ok"
        cls.scored[i].findings = [Finding(kind="entity", status=status, claim="Zentrix", note="n")]
    cls.findings = [Finding(kind="entity", status="ok" if not all(missing.values()) else "missing",
                            claim="Zentrix", note="the source does not mention Zentrix")]
    return cls


def test_a_passage_whose_source_lacks_a_name_of_the_claim_cannot_back_it() -> None:
    claim = _claim("Zentrix was approved for children.")
    # the best-scoring passage is about another drug; the one about Zentrix does not state it
    r = _v(_named(_cls((0.95, 0.03, 0.02), (0.2, 0.7, 0.1)), {0: True, 1: False}), claim)
    assert r.verdict == Verdict.OVERREACH and r.evidence[0].start == 10  # the Zentrix passage first
    # the passage that names it and states it decides, though another scores higher
    r = _v(_named(_cls((0.95, 0.03, 0.02), (0.8, 0.1, 0.1)), {0: True, 1: False}), claim)
    assert r.verdict == Verdict.SUPPORTED and r.probs["entailment"] == 0.8
    # no source names it at all
    r = _v(_named(_cls((0.95, 0.03, 0.02)), {0: True}), claim)
    assert r.verdict == Verdict.OVERREACH and "does not mention Zentrix" in r.note
    # nor may it be joined to a passage that names it: that is a merge of sources
    cls = _named(_cls((0.3, 0.6, 0.1), (0.3, 0.6, 0.1)), {0: True, 1: False})
    cls.joint, cls.joint_of = {"entailment": 0.9, "neutral": 0.05, "contradiction": 0.05}, [0, 1]
    assert _v(cls, claim).verdict != Verdict.SUPPORTED
    # decide.require_names=false: the checker alone decides
    off = DecideConfig(threshold=0.5, require_names=False)
    cls = _named(_cls((0.95, 0.03, 0.02)), {0: True})
    assert decide_claim(claim, cls, SOURCES, off, floor=0.25).verdict == Verdict.SUPPORTED


def test_an_advisory_check_does_not_refute_alone() -> None:
    mismatch = Finding(kind="speaker", status="mismatch", claim="Person1", source="Person2", note="n6")
    neutral, backed = _cls((0.2, 0.7, 0.1), findings=[mismatch]), _cls((0.9, 0.05, 0.05), findings=[mismatch])
    assert _v(neutral).verdict == Verdict.CONTRADICTED
    advisory = CFG.model_copy(update={"advisory_checks": ["speaker"]})
    r = decide_claim(_claim(), neutral, SOURCES, advisory, floor=0.25)
    assert r.verdict == Verdict.OVERREACH and r.findings == [mismatch]
    # it still keeps the checker from backing the claim alone
    assert decide_claim(_claim(), backed, SOURCES, advisory, floor=0.25).verdict == Verdict.OVERREACH
    # and the checker's own contradiction still refutes
    assert decide_claim(_claim(), _cls((0.05, 0.05, 0.9), findings=[mismatch]), SOURCES, advisory,
                        floor=0.25).verdict == Verdict.CONTRADICTED


def test_a_check_made_advisory_by_name_does_not_refute_alone() -> None:
    """decide.checks: {speaker.mouth: advisory}: that check's mismatch leaves the claim
    unbacked, while the same kind from another check (speaker.role) still refutes."""
    mouth = Finding(kind="speaker", status="mismatch", claim="Person1", source="Person2", note="n")
    role = mouth.model_copy()
    mouth._check, role._check = "speaker.mouth", "speaker.role"
    cfg = CFG.model_copy(update={"checks": {"speaker.mouth": "advisory"}})
    neutral = (0.2, 0.7, 0.1)
    assert decide_claim(_claim(), _cls(neutral, findings=[mouth]), SOURCES, cfg, floor=0.25).verdict == \
        Verdict.OVERREACH
    assert decide_claim(_claim(), _cls(neutral, findings=[role]), SOURCES, cfg, floor=0.25).verdict == \
        Verdict.CONTRADICTED
    assert _v(_cls(neutral, findings=[mouth])).verdict == Verdict.CONTRADICTED  # on by default


def test_a_question_refutes_nothing() -> None:
    def said(text: str) -> Classification:
        cls = _cls((0.05, 0.05, 0.9))
        sc = cls.scored[0]
        return cls.model_copy(update={"scored": [
            sc.model_copy(update={"candidate": sc.candidate.model_copy(update={"text": text})})]})

    assert _v(said("Person2: How much can you drink?")).verdict == Verdict.OVERREACH
    assert _v(said("How much? I never drink.")).verdict == Verdict.CONTRADICTED


def test_the_checkers_contradiction_between_two_negatives_does_not_refute_alone() -> None:
    def said(text: str, claim: str, findings: list[Finding] | None = None) -> ClaimResult:
        cls = _cls((0.05, 0.05, 0.9), findings=findings)
        sc = cls.scored[0]
        cls = cls.model_copy(update={"scored": [
            sc.model_copy(update={"candidate": sc.candidate.model_copy(update={"text": text})})]})
        return _v(cls, _claim(claim))

    claim = "The hotel will not be responsible for Person2's loss."
    alike = said("But I must say that the hotel can't be held responsible for your loss.", claim)
    assert alike.verdict == Verdict.OVERREACH  # not backed either: the checker did not pass it
    # one side positive: the checker's contradiction stands
    assert said("The hotel is responsible for your loss.", claim).verdict == Verdict.CONTRADICTED
    assert said("The hotel can't be held responsible for your loss.",
                "The hotel will be responsible for Person2's loss.").verdict == Verdict.CONTRADICTED
    # a negation elsewhere in the passage, far from the claim's words, does not count
    assert said("The hotel is responsible for your loss. I did not sleep well, not at all.",
                claim).verdict == Verdict.CONTRADICTED
    # and a check that finds opposite polarities still refutes
    flip = Finding(kind="negation", status="mismatch", claim=claim, source="x",
                   note="the claim negates what the source states")
    assert said("The hotel can't be held responsible.", claim, [flip]).verdict == Verdict.CONTRADICTED


def test_a_list_counts_once_in_the_confidence_at_its_weakest_item() -> None:
    S, OV = Verdict.SUPPORTED, Verdict.OVERREACH
    items = [_r(S, 0), _r(S, 1), _r(OV, 2), _r(S, 3)]
    plain = rollup(items)
    assert plain["confidence"] == 0.75
    listed = rollup([r.model_copy(update={"item_of": "0:4"}) if r.id != "c3" else r for r in items])
    # the list (c0-c2) is one unit scored 0, beside c3 scored 1
    assert listed["confidence"] == 0.5
    assert (listed["claims_checked"], listed["claims_supported"], listed["faithfulness"]) == (4, 3, 0.75)


def test_the_report_alone_recomputes_the_confidence_of_a_list() -> None:
    import toulmin

    src = {"id": "spec", "text": "The team must design a remote control that is simple and easy to use. "
                                 "Acme was founded in 1990."}
    r = toulmin.verify("The team is tasked with designing a remote control that is simple, easy to use, new, "
                       "and not too expensive. Acme was founded in 1990.", [src])
    items = [d for d in r.details if d.item_of]
    assert len(items) == 4 and len({d.item_of for d in items}) == 1 and r.details[-1].item_of is None
    assert {d.score for d in items} == {1.0, 0.0} and r.details[-1].score == 1.0
    # two units, the list at its weakest item (0) and the founding (1): not 4 / 5 claims
    assert r.confidence == 0.5
    assert rollup(r.details)["confidence"] == r.confidence


def test_on_a_conversation_the_checkers_contradiction_alone_refutes_only_at_its_own_line() -> None:
    cls = _cls((0.02, 0.01, 0.97))
    assert _v(cls).verdict == Verdict.CONTRADICTED  # prose: 0.6
    spoken = decide_claim(_claim(), cls, SOURCES, CFG, floor=0.25, spoken={"a"})
    assert spoken.verdict == Verdict.OVERREACH  # the default line, 1.0: never alone
    assert spoken.contradicting is None
    at_09 = CFG.model_copy(update={"conversation_contradiction_threshold": 0.9})
    at_line = decide_claim(_claim(), cls, SOURCES, at_09, floor=0.25, spoken={"a"})
    assert at_line.verdict == Verdict.CONTRADICTED
    # a check's mismatch still refutes there
    f = Finding(kind="number", status="mismatch", claim="340", source="34", note="source says 34, not 340")
    refuted = decide_claim(_claim(), _cls((0.02, 0.01, 0.97), findings=[f]), SOURCES, CFG, floor=0.25,
                           spoken={"a"})
    assert refuted.verdict == Verdict.CONTRADICTED and refuted.note == "source says 34, not 340"


def test_a_passage_less_about_the_claim_does_not_cancel_the_deciding_passages_mismatch() -> None:
    # the museum's own passage says 15 euros, not 12; a chunk on a stadium lease that says
    # 12 (fewer of the claim's words) read the figure "ok", and the merge kept that (issue 54)
    claim = _claim("A standard ticket costs 12 euros.")
    bad = Finding(kind="number", status="mismatch", claim="12 euros", source="15 euros",
                  note="source says 15 euros, not 12 euros")
    ok = Finding(kind="number", status="ok", claim="12 euros", source="12", note="source states 12")

    def case(other_overlap: float) -> ClaimResult:
        cls = _cls((0.69, 0.04, 0.27), (0.19, 0.41, 0.40))
        cls.scored[0].candidate.overlap, cls.scored[1].candidate.overlap = 0.6, other_overlap
        cls.scored[0].findings, cls.scored[1].findings = [bad], [ok]
        cls.scored[1].candidate.source_id = "old"
        return _v(cls.model_copy(update={"findings": [ok]}), claim)

    less = case(0.4)
    assert (less.verdict, less.note) == (Verdict.CONTRADICTED, "source says 15 euros, not 12 euros")
    # a passage as much about the claim that states the figure still does
    assert case(0.6).verdict == Verdict.SUPPORTED


def test_beside_a_passage_about_the_subject_one_whose_source_never_speaks_of_it_backs_nothing() -> None:
    # "The park is open all year round": the park's own page (on topic) says April to
    # October; a page on an air force squadron (its source never says "park") scored 0.65
    claim = _claim("The park is open all year round.")
    sources = {**SOURCES, "b": Source(id="b", text="z")}
    cls = _cls((0.28, 0.22, 0.50), (0.65, 0.03, 0.32))
    cls.scored[1].candidate.on_topic = False
    cls.scored[1].candidate.source_id = "b"
    assert decide_claim(claim, cls, sources, CFG, floor=0.25).verdict == Verdict.OVERREACH
    # when no candidate's source speaks of it, a passage may still back a paraphrase
    cls.scored[0].candidate.on_topic = False
    assert decide_claim(claim, cls, sources, CFG, floor=0.25).verdict == Verdict.SUPPORTED
