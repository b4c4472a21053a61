"""What a claim is about, and the linker reading only the sources that mention it."""

from __future__ import annotations

from toulmin.classify.offline import Classification, ScoredCandidate
from toulmin.decide.rules import DecideConfig, decide_claim
from toulmin.extract.extractor import Claim
from toulmin.extract.topic import assign_topics, context_topic, head_noun
from toulmin.link.linker import Candidate, HybridLinker
from toulmin.report import Verdict
from toulmin.sources import Source


def _claim(text: str, subject: str = "", topic: list[str] | None = None, cid: str = "c1") -> Claim:
    return Claim(id=cid, text=text, start=0, end=len(text), focus=text, sentence=0, type="action",
                 subject=subject, topic=topic or [])


def test_a_claim_takes_the_topic_of_the_claim_its_subject_refers_back_to() -> None:
    claims = assign_topics([
        _claim("The Riverside plant opened in 1998.", "The Riverside plant", ["Riverside"], "c1"),
        _claim("Acme Corp. was founded in 1990.", "Acme Corp.", ["Acme", "Corp"], "c2"),
        _claim("The plant employs 300 people.", "The plant", cid="c3"),       # head noun "plant"
        _claim("Acme Corp. is based in Leeds.", "Acme Corp.", cid="c4"),      # the same subject
        _claim("Scientists found water.", "Scientists", cid="c5"),           # nothing before it
        _claim("He was elected in 1990.", "He", cid="c6"),                   # a lone pronoun
    ])
    assert [c.topic for c in claims] == [["Riverside"], ["Acme"], ["Riverside"], ["Acme"], [], []]
    assert head_noun("The Riverside plant") == "plant" and head_noun("Dr. Smith") is None


SOURCES = [
    Source(id="group", text="The group employs over 1,000 people throughout the region."),
    Source(id="key", text="The Riverside plant employs 300 people."),
    Source(id="report", text="Its site employs 300 people, a record.",
           metadata={"title": "Riverside annual report"}),
]


def test_only_sources_that_mention_the_topic_are_linked_when_any_does() -> None:
    claim = _claim("The plant employs 300 people.", "The plant", ["Riverside"])
    got = HybridLinker(None, k=3).link([claim], SOURCES)[0]
    assert {c.source_id for c in got} == {"key", "report"}  # the report by its title
    assert all(c.on_topic for c in got)
    # with no topic, every source competes, as before
    assert "group" in {c.source_id for c in HybridLinker(None, k=3).link([_claim(claim.text)], SOURCES)[0]}


def test_with_no_source_on_topic_the_candidates_are_marked_and_cannot_refute() -> None:
    claim = _claim("The plant employs 300 people.", "The plant", ["Hillside"])
    got = HybridLinker(None, k=3).link([claim], SOURCES[:1])[0]
    assert got and not any(c.on_topic for c in got)
    cls = Classification(scored=[ScoredCandidate(candidate=got[0], probs={
        "entailment": 0.02, "neutral": 0.03, "contradiction": 0.95})])
    r = decide_claim(claim, cls, {s.id: s for s in SOURCES}, DecideConfig(threshold=0.5), floor=0.25)
    assert r.verdict == Verdict.OVERREACH and not r.conflict


def _scored(sid: str, e: float, c: float) -> ScoredCandidate:
    cand = Candidate(source_id=sid, start=0, end=5, text=f"{sid} span", bm25=1.0, dense=None, overlap=0.9,
                     score=1.0)
    return ScoredCandidate(candidate=cand, probs={"entailment": e, "neutral": 1 - e - c, "contradiction": c})


def test_two_sources_that_disagree_are_a_conflict_and_a_current_one_wins_over_a_stale_one() -> None:
    claim = _claim("The plant employs 300 people.", "The plant", ["Riverside"])
    cls = Classification(scored=[_scored("a", 0.95, 0.02), _scored("b", 0.02, 0.95)])
    cfg = DecideConfig(threshold=0.5)
    both = {"a": Source(id="a", text="x"), "b": Source(id="b", text="y")}
    r = decide_claim(claim, cls, both, cfg, floor=0.25)
    assert r.verdict == Verdict.CONTRADICTED and r.conflict
    assert r.evidence[0].source_id == "a" and r.contradicting and r.contradicting.source_id == "b"
    old_b = {**both, "b": Source(id="b", text="y", metadata={"superseded_by": "a"})}
    r = decide_claim(claim, cls, old_b, cfg, floor=0.25)
    assert r.verdict == Verdict.SUPPORTED and r.conflict and r.supported_by == ["a"]
    # within one source it stays a plain contradiction, as before
    one = Classification(scored=[_scored("a", 0.95, 0.02), _scored("a", 0.02, 0.95)])
    r = decide_claim(claim, one, both, cfg, floor=0.25)
    assert r.verdict == Verdict.CONTRADICTED and not r.conflict
    # and a claim whose subject names nothing cannot have sources that disagree about it
    r = decide_claim(_claim(claim.text), cls, both, cfg, floor=0.25)
    assert r.verdict == Verdict.CONTRADICTED and not r.conflict


def test_a_pronoun_with_nothing_before_it_stands_for_what_the_conversation_was_last_about() -> None:
    turns = ["Can you recommend a movie similar to Titanic?", "I recommend The Terminator. He has a "
             "directing credit there.", "Download that one for me."]
    # the latest turn naming something; a word that only opens a sentence is no name
    assert context_topic(None, turns) == ["Terminator"]
    # the question, when there is one; a whole title
    assert context_topic("Is Treasure Island a real island?", turns) == ["Treasure Island"]
    assert context_topic(None, ["Have you seen We Bought A Zoo?", "No I have not."]) == ["We Bought A Zoo"]
    assert context_topic(None, ["What is the University?"]) == []  # generic words alone
    assert context_topic("When was it released?", turns) == ["Terminator"]  # the question names nothing
    assert context_topic(None, []) == [] and context_topic("  ", ["Yes. I do."]) == []
    claims = assign_topics([
        _claim("It will be available in one hour.", "It", cid="c1"),
        _claim("It is long.", "It", cid="c2"),                                # follows c1
        _claim("Scientists found water.", "Scientists", cid="c3"),           # not a pronoun
        _claim("That movie is long.", "That movie", cid="c4"),               # a demonstrative
    ], context_topic(None, turns))
    assert [c.topic for c in claims] == [["Terminator"], ["Terminator"], [], ["Terminator"]]
    # a definite subject takes the topic of the earlier claim that mentions its head noun
    claims = assign_topics([_claim("Acme opened a plant in Ohio.", "Acme", ["Acme"]),
                            _claim("The plant employs 300 people.", "The plant", cid="c2")])
    assert claims[1].topic == ["Acme"]
    # once the answer has named something, the conversation no longer stands for a pronoun
    riverside = _claim("The Riverside plant opened in 1998.", "The Riverside plant", ["Riverside"])
    claims = assign_topics([riverside, _claim("It employs 300 people.", "It", cid="c2")], ["Terminator"])
    assert claims[1].topic == []


def test_a_passage_naming_what_the_claim_names_reaches_its_candidates_among_many() -> None:
    # Thirty passages share three of the claim's words and name nothing it names; the one
    # that names Tahiti shares two and ranks below the BM25 shortlist of 20.
    crowd = [Source(id=f"d{i}", text=f"It is thought to be based on the island of Corfu, chapter {i}.")
             for i in range(30)]
    key = Source(id="key", text="Treasure Island is an island. Island has example: Tahiti.")
    claim = _claim("It is thought to be based on the island Tahiti.", "It").model_copy(
        update={"names": ["Tahiti"]})
    got = HybridLinker(None, k=3).link([claim], [*crowd, key])[0]
    assert len(got) == 3 and got[-1].source_id == "key" and got[-1].missing_names == []
    assert all(c.missing_names == ["Tahiti"] for c in got[:-1])
    # without the name, the crowd fills every place
    plain = HybridLinker(None, k=3).link([claim.model_copy(update={"names": []})], [*crowd, key])[0]
    assert "key" not in {c.source_id for c in plain}


def test_a_topic_of_several_words_is_mentioned_only_by_a_source_with_each_of_them() -> None:
    srcs = [Source(id="fest", text="Electric Zoo festivities drew a crowd; the film has family scenes."),
            Source(id="key", text="We Bought a Zoo is a family film starring Matt Damon.")]
    claim = _claim("It has family.", "It", ["We Bought A Zoo"])
    got = HybridLinker(None, k=3).link([claim], srcs)[0]
    assert {c.source_id for c in got} == {"key"}


def test_a_claim_no_source_is_about_is_not_called_on_topic() -> None:
    claim = _claim("Keep the Aspidistra Flying is another one I enjoyed.", "Keep the Aspidistra Flying",
                   ["Aspidistra"])
    text = "Do any other books?"
    cand = Candidate(source_id="dialogue", start=0, end=len(text), text=text, bm25=1.0, dense=None,
                     overlap=0.5, score=1.0, on_topic=False)
    cls = Classification(scored=[ScoredCandidate(candidate=cand, probs={
        "entailment": 0.05, "neutral": 0.9, "contradiction": 0.05})])
    r = decide_claim(claim, cls, {"dialogue": Source(id="dialogue", text=text)}, DecideConfig(threshold=0.5),
                     floor=0.25)
    assert r.verdict == Verdict.OVERREACH
    assert r.note == "dialogue is nearest but does not state this (and no source mentions Aspidistra)"
    on = decide_claim(claim, Classification(scored=[ScoredCandidate(
        candidate=cand.model_copy(update={"on_topic": True}), probs=cls.scored[0].probs)]),
        {"dialogue": Source(id="dialogue", text=text)}, DecideConfig(threshold=0.5), floor=0.25)
    assert on.note == "dialogue is on topic but does not state this"


def test_names_in_a_long_turn_are_read_in_one_pass() -> None:
    # a transcript's last turn may run to many thousands of words (a meeting's monologue)
    turn = "I met Ann Lee there. " * 5000 + "  Then we watched The Terminator."
    assert context_topic(None, [turn]) == ["Ann Lee", "Terminator"]
