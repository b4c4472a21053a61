"""Turns read without their speaker labels, with a fake checker that backs only unlabelled
passages (as the shipped one reads "Person2: That might be more rooms than I need")."""

from __future__ import annotations

from tests.classify.fakes import RecordingChecker
from toulmin.checks.finding import Finding
from toulmin.classify.offline import Classification, ScoredCandidate
from toulmin.classify.unlabelled import read_without_labels
from toulmin.extract.extractor import Claim
from toulmin.link.linker import Candidate
from toulmin.reading import read_sources
from toulmin.sources import coerce_sources

CHAT = """#Person1#: Betsy, would you be interested in a three-bedroom flat?
#Person2#: That might be more rooms than I need.
#Person1#: I have a smaller one too."""


def LabelBlind() -> RecordingChecker:
    """Backs a pair only when its passage carries no speaker label."""
    return RecordingChecker(lambda c, s: [0.1, 0.2, 0.7] if "Person" in s else [0.9, 0.05, 0.05])


def _case(claim_text: str, subject: str, chat: str = CHAT, entailment: float = 0.07,
          findings: list[Finding] | None = None) -> tuple[Claim, Classification, dict]:
    srcs, readings = read_sources(coerce_sources([{"id": "chat", "text": chat}]))
    text = srcs[0].text
    cand = Candidate(source_id="chat", start=0, end=len(text), text=text, bm25=1.0, overlap=1.0, score=1.0)
    cls = Classification(scored=[ScoredCandidate(candidate=cand, probs={
        "entailment": entailment, "neutral": 0.0, "contradiction": 0.93 - entailment})],
        findings=findings or [], decided_by="fake@0")
    claim = Claim(id="c1", text=claim_text, start=0, end=len(claim_text), sentence=0, type="action",
                  subject=subject)
    return claim, cls, readings


def test_the_reading_leaves_out_the_labels_it_put_and_nothing_else() -> None:
    _, readings = read_sources(coerce_sources([{"id": "chat", "text": CHAT}]))
    reading = readings["chat"]
    assert reading.text.splitlines()[1] == "Person2 (Betsy): That might be more rooms than I need."
    assert reading.unlabelled(reading.text) == (
        "Betsy, would you be interested in a 3-bedroom flat?\n"  # number words read as digits
        "That might be more rooms than I need.\nI have a smaller one too.")
    # a piece of it; a label's words inside a turn stay
    piece = reading.text[reading.text.index("Person2"):]
    assert reading.unlabelled(piece).startswith("That might be more rooms")
    said = "Person1: it was Person2: who said so."
    assert reading.unlabelled(said) == "it was Person2: who said so."
    # a declared chat whose turns run on one line
    inline = "[Human]: Do you like Inception? [Assistant]: Yes. It was directed by Nolan."
    _, readings = read_sources(coerce_sources([{"id": "c", "text": inline, "metadata": {"kind": "chat"}}]))
    chat = readings["c"]
    assert chat.text == "Human: Do you like Inception? Assistant: Yes. It was directed by Nolan."
    assert chat.unlabelled(chat.text) == "Do you like Inception? Yes. It was directed by Nolan."


def test_a_claim_below_the_line_is_backed_by_the_turns_without_labels_and_says_so() -> None:
    claim, cls, readings = _case("Person2 wants fewer rooms.", "Person2")
    checker = LabelBlind()
    got = read_without_labels(checker, claim, cls, readings, threshold=0.5)
    (pair,) = checker.pairs
    assert pair[0] == "Person2 wants fewer rooms." and "Person" not in pair[1]
    assert "That might be more rooms than I need." in pair[1]
    assert got.scored[0].probs["entailment"] == 0.9
    assert got.scored[0].candidate == cls.scored[0].candidate  # the quote is the text as given
    (f,) = got.findings
    assert (f.kind, f.status, f.claim) == ("speaker", "ok", "Person2")


def test_nothing_is_read_again_when_backed_negated_refuted_or_not_a_conversation() -> None:
    checker = LabelBlind()
    cases = [
        _case("Person2 wants fewer rooms.", "Person2", entailment=0.8),  # already backed
        _case("Person2 does not want three bedrooms.", "Person2"),  # a negative claim
        _case("Person2 wants fewer rooms.", "Person2", findings=[Finding(
            kind="speaker", status="mismatch", claim="Person2", note="the other speaker says it")]),
        _case("Betsy wants two rooms.", "Betsy", findings=[Finding(
            kind="number", status="missing", claim="two rooms", note="source does not state two rooms")]),
    ]
    for claim, cls, readings in cases:
        assert read_without_labels(checker, claim, cls, readings, threshold=0.5) == cls
    claim, cls, _ = _case("Person2 wants fewer rooms.", "Person2")
    assert read_without_labels(checker, claim, cls, {}, threshold=0.5) == cls  # prose
    assert checker.pairs == []


def test_a_lower_or_still_low_score_without_labels_adds_no_finding() -> None:
    def low() -> RecordingChecker:
        return RecordingChecker(lambda c, s: [0.3, 0.6, 0.1])

    claim, cls, readings = _case("Person2 wants fewer rooms.", "Person2")
    got = read_without_labels(low(), claim, cls, readings, threshold=0.5)
    assert got.scored[0].probs["entailment"] == 0.3 and got.findings == []
    claim, cls, readings = _case("Person2 wants fewer rooms.", "Person2", entailment=0.4)
    assert read_without_labels(low(), claim, cls, readings, threshold=0.5) == cls
