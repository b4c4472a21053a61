"""Precision among many sources, end to end on the shipped models: a passage about
something else never backs or refutes a claim when a source about its subject is there,
and sources that disagree are said to."""

from __future__ import annotations

import pytest

import toulmin
from toulmin.report import Verdict

pytestmark = pytest.mark.slow

KEY = {"id": "key", "text": "The Riverside plant, which opened in 1998, employs 300 people. "
                            "It produces steel pipes for the construction industry."}
# Off-topic passages that share the claims' words and state other figures.
DISTRACTORS = [
    {"id": "group", "text": "The group employs over 1,000 people throughout the region."},
    {"id": "hillside", "text": "The Hillside plant employs 1,200 people and produces copper wire."},
    {"id": "mill", "text": "The mill opened in 1911 and was expanded in 2005."},
]


def _verdicts(answer: str, sources: list[dict[str, object]]) -> dict[str, Verdict]:
    return {d.claim: d.verdict for d in toulmin.verify(answer, sources).details}


def test_an_off_topic_passage_never_overturns_the_source_that_states_a_claim() -> None:
    answer = "The Riverside plant opened in 1998. The plant employs 300 people."
    alone = _verdicts(answer, [KEY])
    crowded = toulmin.verify(answer, [KEY, *DISTRACTORS])
    assert alone == {d.claim: d.verdict for d in crowded.details}
    assert all(v == Verdict.SUPPORTED for v in alone.values())
    assert all(e.source_id == "key" for d in crowded.details for e in d.evidence)


def test_a_pronoun_subject_is_read_as_the_entity_it_stands_for() -> None:
    # "It" is the Riverside plant: the Hillside plant's 1,200 people are no evidence about it
    r = toulmin.verify("The Riverside plant opened in 1998. It employs 300 people.", [*DISTRACTORS, KEY])
    assert [d.verdict for d in r.details] == [Verdict.SUPPORTED, Verdict.SUPPORTED]
    assert r.details[1].claim.endswith("plant employs 300 people.")
    assert r.details[1].evidence[0].source_id == "key"


def test_with_no_source_about_the_subject_nothing_refutes_the_claim() -> None:
    r = toulmin.verify("The Riverside plant employs 300 people.", DISTRACTORS)
    assert r.details[0].verdict != Verdict.CONTRADICTED
    assert "no source mentions Riverside" in r.details[0].note or r.details[0].verdict == Verdict.UNLINKED


def test_sources_about_the_same_plant_that_disagree_are_a_conflict() -> None:
    other = {"id": "audit", "text": "The Riverside plant employs 450 people, the 2024 audit found."}
    r = toulmin.verify("The Riverside plant employs 300 people.", [KEY, other])
    d = r.details[0]
    assert d.verdict == Verdict.CONTRADICTED and d.conflict and r.claims_conflicting == 1
    assert d.evidence[0].source_id == "key" and d.contradicting and d.contradicting.source_id == "audit"
    assert "disagree" in d.note and not r.is_grounded
    # a superseded source loses to a current one, and the conflict is still shown
    old = {**other, "metadata": {"superseded_by": "key"}}
    d = toulmin.verify("The Riverside plant employs 300 people.", [KEY, old]).details[0]
    assert d.verdict == Verdict.SUPPORTED and d.conflict and "superseded by key" in d.note
    # ... and the other way round
    stale_key = {**KEY, "metadata": {"status": "outdated"}}
    d = toulmin.verify("The Riverside plant employs 300 people.", [stale_key, other]).details[0]
    assert d.verdict == Verdict.CONTRADICTED and d.conflict


def test_passages_that_name_nothing_the_claim_names_are_no_evidence() -> None:
    # no source mentions the Tozzer library; a library's holdings are about something else
    other = [{"id": "lib", "text": "The county library holds over 40,000 volumes and a map room."}]
    d = toulmin.verify("The Tozzer library holds over 260,000 volumes.", other).details[0]
    assert d.verdict == Verdict.UNLINKED and d.evidence == []
    assert d.note.startswith("no source mentions Tozzer")
    # a passage naming what the claim names is evidence: Northwind's chief executive
    # is someone else, so the claim is not left as if no source were about it
    src = [{"id": "nw", "text": "Northwind Ltd grew in 2023. Chief executive Maria Lind said the firm "
                                "would open two plants."}]
    d = toulmin.verify("Tom Berg is Northwind's chief executive.", src).details[0]
    assert d.verdict != Verdict.UNLINKED and d.verdict != Verdict.SUPPORTED


def test_a_pronoun_answering_a_chat_is_read_as_what_the_chat_was_about() -> None:
    # "It" is The Terminator, the film the declared chat was last about: a retrieved
    # passage on some other film's 2003 release is no evidence about it.
    chat = {"id": "chat", "metadata": {"kind": "chat"},
            "text": "[Human]: Can you recommend a movie like Titanic? [Assistant]: I recommend The "
                    "Terminator, also directed by James Cameron. [Human]: When was it released? "}
    know = {"id": "knowledge", "text": "The Terminator is a 1984 science fiction film by James Cameron."}
    other = [{"id": "sequel", "text": "The sequel was released in 1991 after a long delay."},
             {"id": "other", "text": "It was released in 2003 to mixed reviews."}]
    d = toulmin.verify("It was released in 1984.", [know, chat, *other]).details[0]
    assert d.verdict == Verdict.SUPPORTED and d.evidence[0].source_id == "knowledge"
    assert {e.source_id for e in d.evidence} <= {"knowledge", "chat"}
    # the question, when it names the film, does the same without a declared chat
    asked = "When was The Terminator released?"
    r = toulmin.verify("It was released in 1984.", [know, *other], question=asked)
    assert r.details[0].verdict == Verdict.SUPPORTED and r.details[0].evidence[0].source_id == "knowledge"


MANUAL = [
    {"id": "battery", "text": "Battery. The Nimbus R7 has a 5,200 mAh battery. It runs for 150 minutes on "
                              "the Eco setting and 60 minutes on the Max setting. A full charge takes about "
                              "4 hours."},
    {"id": "maintenance", "text": "Maintenance. Empty the dustbin after each use; it holds 0.4 litres. "
                                  "Do not wash the HEPA filter with water."},
    {"id": "warranty", "text": "Warranty. The vacuum is covered by a two-year warranty."},
]


def test_a_chunk_that_never_repeats_the_products_name_still_states_its_claims() -> None:
    # the manual's maintenance chunk names nothing else: it is the part of the manual the
    # battery chunk names, and the claim keeps its best passage (issue 54)
    r = toulmin.verify("The Nimbus R7 dustbin holds 0.4 litres. The Nimbus R7 has a 5,200 mAh battery.",
                       MANUAL)
    assert [(d.verdict, d.evidence[0].source_id) for d in r.details] == [
        (Verdict.SUPPORTED, "maintenance"), (Verdict.SUPPORTED, "battery")]
    # a product no source names is not backed by the chunks of another's manual
    other = toulmin.verify("The Dyson V15 dustbin holds 0.4 litres.", MANUAL)
    assert other.details[0].verdict != Verdict.SUPPORTED
    # nor is a chunk about another subject read as part of it
    group = toulmin.verify("The Nimbus R7 dustbin holds 2 litres.",
                           [MANUAL[0], {"id": "group", "text": "The bin holds 2 litres."}])
    assert group.details[0].verdict != Verdict.SUPPORTED


FAQ = [{"id": "faq-hotel", "text": "The hotel has 84 rooms on six floors. Check-in starts at 3 pm."},
       {"id": "faq-services", "text": "Pets are not allowed, except guide dogs. Breakfast is served from 7 "
                                      "to 10 am."}]


def test_two_sources_back_a_claim_together_only_part_by_part() -> None:
    # the services chunk denies the part it shares: the rooms chunk alone does not back it
    pets = toulmin.verify("Pets are welcome at the hotel.", FAQ).details[0]
    assert pets.verdict != Verdict.SUPPORTED and "together" not in pets.note
    # an exception is read with its rule
    dogs = toulmin.verify("Guide dogs are allowed.", FAQ).details[0]
    assert (dogs.verdict, dogs.evidence[0].source_id) == (Verdict.SUPPORTED, "faq-services")
    assert toulmin.verify("Pets are allowed.", FAQ).details[0].verdict == Verdict.CONTRADICTED


def test_advice_in_an_answer_is_checked_against_what_the_source_says_to_do() -> None:
    r = toulmin.verify("The dustbin holds 0.4 litres. You should wash the HEPA filter with water every week.",
                       MANUAL)
    assert r.details[0].verdict == Verdict.SUPPORTED
    assert all(d.verdict == Verdict.CONTRADICTED for d in r.details[1:]) and len(r.details) > 1
    assert not r.is_grounded


def test_a_passage_not_about_the_claims_subject_never_refutes_it() -> None:
    # among many sources, a passage from a source that never speaks of the claim's subject
    # (a charity) does not refute it when the source about the charity is there
    key = {"id": "charity", "text": "The charity was founded in 2004. It has more than 400 volunteers and "
                                    "runs three shops."}
    for text in ["The club has fewer than 40 volunteers.", "The school has more than 40 teachers."]:
        d = toulmin.verify("The charity has more than 400 volunteers.",
                           [key, {"id": "x", "text": text}]).details[0]
        assert (d.verdict, d.evidence[0].source_id) == (Verdict.SUPPORTED, "charity")
    # a passage about it still does
    other = {"id": "report", "text": "The charity has fewer than 100 volunteers, the report found."}
    both = toulmin.verify("The charity has more than 400 volunteers.", [other]).details[0]
    assert both.verdict == Verdict.CONTRADICTED
