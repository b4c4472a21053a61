"""Two negatives read without them, with a fake checker that backs only negation-free pairs."""

from __future__ import annotations

from tests.classify.fakes import RecordingChecker
from toulmin.classify.negatives import read_without_negations
from toulmin.classify.offline import Classification, ScoredCandidate
from toulmin.extract.extractor import Claim
from toulmin.link.linker import Candidate
from toulmin.reading import read_sources
from toulmin.sources import coerce_sources

CHAT = """#Person1#: I'm going on my annual vacation next week.
#Person2#: I really envy you. You know I'm not taking my vacation until December."""


def NoNegations() -> RecordingChecker:
    """Backs a pair only when neither side negates, as if it misread two negations."""
    return RecordingChecker(
        lambda c, s: [0.9, 0.05, 0.05] if "not" not in c + s and "n't" not in c + s else [0.1, 0.1, 0.8])


def _case(claim_text: str, subject: str, source_id: str = "chat") -> tuple[Claim, Classification, dict]:
    srcs, readings = read_sources(coerce_sources([{"id": source_id, "text": CHAT}]))
    text = srcs[0].text
    cand = Candidate(source_id=source_id, start=0, end=len(text), text=text, bm25=1.0, overlap=1.0, score=1.0)
    cls = Classification(scored=[ScoredCandidate(candidate=cand, probs={
        "entailment": 0.04, "neutral": 0.0, "contradiction": 0.96})], decided_by="fake@0")
    claim = Claim(id="c1", text=claim_text, start=0, end=len(claim_text), sentence=0, type="action",
                  subject=subject)
    return claim, cls, readings


def test_the_pair_is_read_without_its_two_negations_and_says_so() -> None:
    claim, cls, readings = _case("Person2 cannot take it until December.", "Person2")
    checker = NoNegations()
    got = read_without_negations(checker, claim, cls, readings, threshold=0.5)
    (pair,) = checker.pairs
    assert pair[0] == "Person2 can take it until December." and "I'm taking my vacation" in pair[1]
    assert got.scored[0].probs["entailment"] == 0.9
    assert got.scored[0].candidate == cls.scored[0].candidate  # the quote is the text as given
    (f,) = got.findings
    assert (f.kind, f.status) == ("negation", "ok")
    assert f.source == "You know I'm not taking my vacation until December."


def test_nothing_is_read_again_for_another_speaker_a_positive_claim_or_prose() -> None:
    checker = NoNegations()
    for text, subject in [("Person1 cannot take it until December.", "Person1"),
                          ("Person2 takes it in December.", "Person2")]:
        claim, cls, readings = _case(text, subject)
        assert read_without_negations(checker, claim, cls, readings, threshold=0.5) == cls
    claim, cls, _ = _case("Person2 cannot take it until December.", "Person2")
    assert read_without_negations(checker, claim, cls, {}, threshold=0.5) == cls  # no conversation
    assert checker.pairs == []


def test_a_lower_score_without_the_negations_changes_nothing() -> None:
    claim, cls, readings = _case("Person2 cannot take it until December.", "Person2")
    high = cls.model_copy(update={"scored": [cls.scored[0].model_copy(update={"probs": {
        "entailment": 0.95, "neutral": 0.0, "contradiction": 0.05}})]})
    assert read_without_negations(NoNegations(), claim, high, readings, threshold=0.5) == high
