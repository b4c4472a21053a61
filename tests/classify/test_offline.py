"""The classifier's pair plan, with a fake checker that records what it reads."""

from __future__ import annotations

from tests.classify.fakes import RecordingChecker
from toulmin.classify.offline import CheckerClassifier
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
