"""The classifier's pair plan, with a fake checker that records what it reads."""

from __future__ import annotations

from typing import Any

from tests.classify.fakes import RecordingChecker
from toulmin.classify.offline import CheckerClassifier, LazyCandidates
from toulmin.extract.extractor import Claim
from toulmin.link.linker import Candidate


def Recorder() -> RecordingChecker:
    # a distinct score per span, so the test can tell which pair a score came from
    return RecordingChecker(lambda c, s: [min(1.0, len(s) / 1000), 0.0, 0.0], name="rec")


def _cand(text: str, start: int, context: str | None) -> Candidate:
    return Candidate(source_id="s", start=start, end=start + len(text), text=text, bm25=1.0,
                     overlap=1.0, score=1.0, context=context)


CLAIM = Claim(id="c1", text="The bridge opened in 1937.", start=0, end=26, sentence=0, type="attribute")
A, B = "The bridge opened in May.", "The year was 1937."


def test_joined_spans_inside_one_context_are_not_read_again() -> None:
    ctx = f"Before. {A} Between. {B} After."
    rec = Recorder()
    (got,) = CheckerClassifier(rec, checks=False).classify([CLAIM], [[_cand(A, 8, ctx), _cand(B, 43, B)]])
    assert len(rec.pairs) == 2  # the two candidates; the first one's context already joins them
    assert got.joint_of == [0, 1]
    assert got.joint is not None and got.joint["entailment"] == got.scored[0].probs["entailment"]


def test_spans_far_apart_are_joined_and_read() -> None:
    rec = Recorder()
    (got,) = CheckerClassifier(rec, checks=False).classify([CLAIM], [[_cand(A, 8, A), _cand(B, 400, B)]])
    assert len(rec.pairs) == 3
    assert rec.pairs[-1][1] == f"{A} {B}"
    assert got.joint is not None


def test_checks_read_the_claim_with_its_pronoun_resolved() -> None:
    # the focus keeps the answer's words ("It ..."); the checks read whom "it" stands for
    claim = Claim(id="c2", text="Measles is most common in adults.", focus="It is most common in adults",
                  start=30, end=57, sentence=1, type="attribute")
    cand = _cand("Measles can affect anyone but is most common in children.", 0, None)
    (cls,) = CheckerClassifier(Recorder(), joint=2).classify([claim], [[cand]])  # type: ignore[arg-type]
    assert [(f.kind, f.status, f.note) for f in cls.findings] == [
        ("antonym", "mismatch", "source says children, not adults")]
    # a focus that is part of the claim stays what the checks read
    part = claim.model_copy(update={"text": "It is most common in adults in Europe.",
                                    "focus": "in Europe"})
    (cls,) = CheckerClassifier(Recorder(), joint=2).classify([part], [[cand]])  # type: ignore[arg-type]
    assert cls.findings == []


# --- the joined spans' pair, scored only when decide may read it (issue 56) ------------

def _fixed(scores: dict[str, float]) -> RecordingChecker:
    """Entailment by span text, the joined spans' own pair included; no contradiction."""
    return RecordingChecker(lambda c, s: [scores[s], 1.0 - scores[s], 0.0], name="fixed")


FAR = [_cand(A, 8, A), _cand(B, 400, B)]


def test_a_candidate_backing_the_claim_alone_spares_the_joined_pair() -> None:
    rec = _fixed({A: 0.9, B: 0.2, f"{A} {B}": 0.95})
    claim = CLAIM.model_copy(update={"text": "The bridge opened in May."})  # no number to miss
    (got,) = CheckerClassifier(rec, lazy_joint=0.5).classify([claim], [FAR])
    assert len(rec.pairs) == 2 and got.joint is None and got.joint_of == []
    # the same claim, every pair scored when the classifier is not told the threshold
    rec2 = _fixed({A: 0.9, B: 0.2, f"{A} {B}": 0.95})
    (full,) = CheckerClassifier(rec2).classify([claim], [FAR])
    assert len(rec2.pairs) == 3 and full.joint_of == [0, 1]
    assert [s.probs for s in full.scored] == [s.probs for s in got.scored]


def test_the_joined_pair_is_scored_when_no_candidate_backs_the_claim_alone() -> None:
    rec = _fixed({A: 0.45, B: 0.3, f"{A} {B}": 0.8})
    (got,) = CheckerClassifier(rec, checks=False, lazy_joint=0.5).classify([CLAIM], [FAR])
    assert len(rec.pairs) == 3 and got.joint == {"entailment": 0.8, "neutral": 0.2, "contradiction": 0.0}


def test_the_joined_pair_is_scored_when_a_candidate_misses_a_number_of_the_claim() -> None:
    # "The bridge has wide lanes." backs "The bridge has 6 lanes." at 0.9 by the checker, but
    # lacks the number another candidate states: decide may take the joined spans then
    # (decide.rules: _lacks_a_number)
    claim = Claim(id="c1", text="The bridge has 6 lanes.", start=0, end=23, sentence=0, type="attribute")
    a, b = "The bridge has wide lanes.", "There are 6 of them."
    rec = _fixed({a: 0.9, b: 0.2, f"{a} {b}": 0.95})
    (got,) = CheckerClassifier(rec, lazy_joint=0.5).classify([claim], [[_cand(a, 8, a), _cand(b, 400, b)]])
    assert [(f.kind, f.status) for f in got.scored[0].findings] == [("number", "missing")]
    assert len(rec.pairs) == 3 and got.joint_of == [0, 1]


def test_the_joined_pair_is_scored_when_the_backing_candidate_lacks_a_name() -> None:
    claim = CLAIM.model_copy(update={"text": "The Golden Gate bridge opened in May.",
                                     "names": ["Golden Gate"]})
    cands = [c.model_copy(update={"missing_names": ["Golden Gate"]}) if c.text == A else c for c in FAR]
    rec = _fixed({A: 0.9, B: 0.2, f"{A} {B}": 0.95})
    CheckerClassifier(rec, lazy_joint=0.5).classify([claim], [cands])
    assert len(rec.pairs) == 3


TEXTS = ["The bridge opened in May.", "The year was 1937.", "It opened in 1937 after four years.",
         "Traffic crossed the bridge in 1938.", "The Golden Gate bridge was painted orange.",
         "The bridge has wide lanes.", "There are 6 lanes.", "The bridge never opened in May."]
CLAIMS = [CLAIM, CLAIM.model_copy(update={"text": "The bridge opened in May."}),
          CLAIM.model_copy(update={"text": "The bridge has 6 lanes."}),
          CLAIM.model_copy(update={"text": "The Golden Gate bridge opened in May 1937.",
                                   "names": ["Golden Gate"]})]


def _random_cases(rnd: Any, n: int, text: str, ids: str, most_contradiction: float) -> Any:
    """``n`` random claims of CLAIMS with 2-4 of TEXTS as candidates, and a checker's scores."""
    for _ in range(n):
        claim = rnd.choice(CLAIMS)
        picked = rnd.sample(TEXTS, rnd.randint(2, 4))
        cands = _random_candidates(rnd, claim, picked, text, ids)
        yield claim, cands, _random_scores(rnd, most_contradiction)


def _random_candidates(rnd: Any, claim: Claim, picked: list[str], text: str, ids: str) -> list[Candidate]:
    """The spans ``picked`` of ``text`` as candidates of random sources among ``ids`` (source
    "t" outdated), overlaps and topics; a claim's name missing where a span lacks it."""
    out = []
    for t in picked:
        sid = rnd.choice(ids)
        out.append(Candidate(source_id=sid, start=text.index(t), end=text.index(t) + len(t), text=t,
                             bm25=1.0, overlap=rnd.random(), score=1.0, context=t,
                             on_topic=rnd.random() < 0.8,
                             missing_names=["Golden Gate"] if claim.names and "Golden" not in t else [],
                             stale=sid == "t"))
    return out


def _random_scores(rnd: Any, most_contradiction: float) -> Any:
    """A checker's scores, random but fixed per span."""
    table: dict[str, list[float]] = {}

    def score(c: str, s: str) -> list[float]:
        if s not in table:
            e, x = rnd.random(), rnd.random() * most_contradiction
            table[s] = [e * (1 - x), (1 - e) * (1 - x), x]
        return table[s]

    return score


def test_sparing_the_joined_pair_never_changes_a_verdict() -> None:
    """Random scores, names and numbers: decide reaches the same result with the lazy plan as
    with every pair scored."""
    import random

    from toulmin.config import DecideConfig
    from toulmin.decide.rules import decide_claim
    from toulmin.sources import Source

    rnd = random.Random(56)
    src = Source(id="s", text=" ".join(TEXTS))
    cfg = DecideConfig(threshold=0.5)
    spared = 0
    for claim, cands, score in _random_cases(rnd, 400, src.text, "s", 0.5):

        full = CheckerClassifier(RecordingChecker(score)).classify([claim], [cands])[0]
        lazy_rec = RecordingChecker(score)
        lazy = CheckerClassifier(lazy_rec, lazy_joint=0.5).classify([claim], [cands])[0]
        spared += len(lazy_rec.pairs) < len(cands) + 1
        a = decide_claim(claim, full, {"s": src}, cfg, floor=0.25)
        b = decide_claim(claim, lazy, {"s": src}, cfg, floor=0.25)
        assert a == b, (claim.text, [c.text for c in cands])
    assert spared > 50  # the rule spares pairs, or this test proves nothing


# --- candidates that share few of the claim's words, read only when needed (issue 56) -----

LAZY = LazyCandidates(threshold=0.5, min_overlap=0.4, contradiction=0.6, margin=0.0)
C, D = "Its deck was painted orange.", "Fog rolls in most mornings."


def _lazy_cands() -> list[Candidate]:
    return [_cand(A, 8, A), _cand(C, 200, C).model_copy(update={"overlap": 0.2}),
            _cand(D, 400, D).model_copy(update={"overlap": 0.1})]


def _three(a: list[float]) -> RecordingChecker:
    return RecordingChecker(lambda c, s: a if s == A else [0.2, 0.7, 0.1], name="three")


def test_candidates_sharing_few_words_go_unread_once_one_backs_the_claim() -> None:
    claim = CLAIM.model_copy(update={"text": "The bridge opened in May."})
    rec = _three([0.9, 0.05, 0.05])
    (got,) = CheckerClassifier(rec, lazy_joint=0.5, lazy_candidates=LAZY).classify([claim], [_lazy_cands()])
    assert [s for _, s in rec.pairs] == [A]  # neither the far candidates nor the joined spans
    assert [s.candidate.text for s in got.scored] == [A] and got.joint is None and got.joint_of == []


def test_every_candidate_is_read_when_those_sharing_words_do_not_back_the_claim() -> None:
    claim = CLAIM.model_copy(update={"text": "The bridge opened in May."})
    for first in ([0.3, 0.6, 0.1],  # not backed
                  [0.6, 0.0, 0.4]):  # backed, but not ahead of contradiction by the margin
        rec = _three(first)
        rule = LazyCandidates(threshold=0.5, min_overlap=0.4, contradiction=0.6, margin=0.3)
        (got,) = CheckerClassifier(rec, lazy_candidates=rule).classify([claim], [_lazy_cands()])
        assert {s for _, s in rec.pairs} >= {A, C, D} and len(got.scored) == 3


def test_every_candidate_is_read_when_a_check_finds_a_mismatch() -> None:
    # "1937" against a candidate saying 1936: decide reads the checks over every candidate
    cands = [_cand("The bridge opened in 1936.", 8, None), *_lazy_cands()[1:]]
    rec = RecordingChecker(lambda c, s: [0.9, 0.05, 0.05], name="all")
    (got,) = CheckerClassifier(rec, lazy_candidates=LAZY).classify([CLAIM], [cands])
    assert any(f.status == "mismatch" for f in got.scored[0].findings)
    assert len(got.scored) == 3


def test_reading_fewer_candidates_never_changes_a_verdict() -> None:
    """Random scores, overlaps, topics, names, numbers and sources (one outdated): decide
    reaches the same verdict reading the candidates that share few words only when needed as
    reading them all, and names backing sources among those it names reading them all."""
    import random

    from toulmin.config import DecideConfig
    from toulmin.decide.rules import decide_claim
    from toulmin.sources import Source

    rnd = random.Random(5656)
    src = Source(id="s", text=" ".join(TEXTS))
    # a second source with the same text, outdated: a claim it alone backs is STALE
    old = Source(id="t", text=src.text, metadata={"outdated": True})
    by_id = {"s": src, "t": old}
    cfg = DecideConfig(threshold=0.5, contradiction_threshold=0.6, support_margin=0.0)
    rule = LazyCandidates(threshold=0.5, min_overlap=cfg.contradiction_min_overlap, contradiction=0.6,
                          margin=0.0)
    spared = 0
    for claim, cands, score in _random_cases(rnd, 2000, src.text, "st", 0.8):

        full = CheckerClassifier(RecordingChecker(score), lazy_joint=0.5).classify([claim], [cands])[0]
        lazy_rec = RecordingChecker(score)
        lazy = CheckerClassifier(lazy_rec, lazy_joint=0.5, lazy_candidates=rule).classify([claim], [cands])[0]
        spared += len(lazy.scored) < len(cands)
        a = decide_claim(claim, full, by_id, cfg, floor=0.25)
        b = decide_claim(claim, lazy, by_id, cfg, floor=0.25)
        assert a.verdict == b.verdict, (claim.text, a.note, b.note)
        # the backing sources named: those among the passages read
        assert set(b.supported_by) <= set(a.supported_by) and bool(b.supported_by) == bool(a.supported_by)
    assert spared > 25  # the rule spares pairs, or this test proves nothing
