"""Transcripts end to end, on the shipped checker, spaCy and the embedder: the reading layer
feeds the pipeline, and every quote and offset of the report points into the text given."""

from __future__ import annotations

import pytest

import toulmin
from toulmin.report import Verdict

pytestmark = pytest.mark.slow

MEETING = """Project Manager: Um, okay, so our task is to design a new remote control.
Industrial Designer: It should be, uh, simple and easy to use.
Project Manager: And the the selling price is twelve Euros and fifty centimes.
Marketing: Our research says seventy-five percent of users find remotes ugly.
Project Manager: So it has to look fancy. I- I think we have twenty-five days."""

CHAT = """#Person1#: Hi Betsy, you are late again.
#Person2#: Sorry, Frank. I got stuck in traffic near the Carrefour intersection.
#Person1#: Maybe you should start taking the subway to work.
#Person2#: I think I'll have to consider it."""


def _verify(answer: str, text: str, sid: str = "meeting") -> toulmin.Report:
    r = toulmin.verify(answer, [{"id": sid, "text": text}])
    for d in r.details:  # every quote is the original's text at its offsets
        for e in [*d.evidence, *([d.contradicting] if d.contradicting else [])]:
            assert text[e.start : e.end] == e.quote
    return r


def test_number_words_back_digits_and_refute_other_digits_with_quotes_in_the_original() -> None:
    ok = _verify("The remote sells for 12.50 Euros. The team has 25 days.", MEETING)
    assert [d.verdict for d in ok.details] == [Verdict.SUPPORTED, Verdict.SUPPORTED]
    quote = ok.details[0].evidence[0].quote
    assert "the the selling price is twelve Euros and fifty centimes" in quote  # as said, not as read
    assert quote.startswith("Project Manager:")
    bad = _verify("The remote sells for 15 Euros.", MEETING)
    (d,) = bad.details
    assert d.verdict == Verdict.CONTRADICTED
    assert "12 Euros and 50 centimes, not 15 Euros" in d.note


def test_a_list_claim_is_judged_item_by_item() -> None:
    answer = "The remote should be simple, easy to use, and waterproof."
    r = _verify(answer, MEETING)
    got = {answer[d.start : d.end]: d.verdict for d in r.details}
    assert got == {"simple": Verdict.SUPPORTED, "easy to use": Verdict.SUPPORTED,
                   "waterproof": Verdict.OVERREACH}
    # the list is backed only when each item is: it counts once, at its weakest item
    assert r.confidence == 0.0 and not r.is_grounded


def test_speaker_tags_in_the_answer_and_who_said_it() -> None:
    right = _verify("#Person2# got stuck in traffic near the Carrefour intersection.", CHAT, "chat")
    assert right.sources == [{"id": "chat", "chars": len(CHAT), "stale": None, "read_as": "transcript",
                              "speakers": ["Person1 (Frank)", "Person2 (Betsy)"]}]
    assert right.details[0].verdict == Verdict.SUPPORTED
    assert right.details[0].start == 0  # the claim starts at the tag, as the answer wrote it
    for wrong in ("#Person1# got stuck in traffic near the Carrefour intersection.",
                  "Frank got stuck in traffic near the Carrefour intersection."):
        (d,) = _verify(wrong, CHAT, "chat").details
        assert d.verdict == Verdict.CONTRADICTED, wrong
        assert "Person2 (Betsy) says this" in d.note
        assert any(f.kind == "speaker" and f.status == "mismatch" for f in d.findings)


def test_a_transcript_declared_prose_is_read_as_it_is() -> None:
    r = toulmin.verify("The remote sells for 12.50 Euros.",
                       [{"id": "m", "text": MEETING, "metadata": {"kind": "prose"}}])
    e = r.details[0].evidence[0]
    assert MEETING[e.start : e.end] == e.quote
    assert r.sources == [{"id": "m", "chars": len(MEETING), "stale": None}]


def test_who_asks_whom_is_read_from_what_each_speaker_says() -> None:
    chat = """#Person1#: Hi Betsy, you are late again.
#Person2#: Sorry, Frank. I got stuck in traffic near the Carrefour intersection.
#Person1#: You should quit driving and take the subway to work, it is faster.
#Person2#: I think I'll have to consider it."""
    right = _verify("#Person1# asks #Person2# to take the subway to work.", chat, "chat")
    assert right.details[0].verdict == Verdict.SUPPORTED
    (d,) = _verify("#Person2# asks #Person1# to take the subway to work.", chat, "chat").details
    assert d.verdict == Verdict.CONTRADICTED
    assert "Person1 (Frank) says this, not Person2" in d.note


SHOP = """#Person1#: Good morning, may I help you?
#Person2#: Yes, I'm looking for a camera for my daughter.
#Person1#: How about this one? It is light and easy to use.
#Person2#: What is the price of this camera?
#Person1#: It is 200 dollars. Would you like to try it?
#Person2#: OK, I'll take it."""


def test_who_serves_and_who_asks_are_read_from_how_each_speaker_talks() -> None:
    for right in ("#Person2# buys a camera with #Person1#'s help.",
                  "#Person2# asks the price of the camera."):
        d = _verify(right, SHOP, "shop").details[0]
        assert not any(f.kind == "speaker" for f in d.findings), right
    for wrong, note in (("#Person1# buys a camera with #Person2#'s help.",
                         "Person1 serves and Person2 is served"),
                        ("#Person1# asks the price of the camera.", "Person2 asks this, not Person1")):
        d = _verify(wrong, SHOP, "shop").details[0]
        assert d.verdict == Verdict.CONTRADICTED, wrong
        assert note in d.note and any(f.kind == "speaker" and f.status == "mismatch" for f in d.findings)


def test_a_claim_whose_parse_finds_no_subject_is_still_about_the_speaker_it_opens_with() -> None:
    chat = """#Person1#: Why do you want to work for us?
#Person2#: Your company has a good reputation in the field.
#Person1#: What are your strengths?
#Person2#: I am patient and careful.
#Person1#: When can you start?
#Person2#: Next Monday."""
    (d,) = _verify("#Person2# interviews #Person1# about strengths and the start date.", chat,
                   "interview").details
    assert d.verdict == Verdict.CONTRADICTED
    assert "Person1 asks the questions (3 against 0), not Person2" in d.note


def test_a_name_the_conversation_never_says_is_not_backed_there_alone() -> None:
    # "Harriet" is a first name spaCy's recogniser does not know: a name standing alone
    made_up = _verify("#Person1# asks Harriet to take the subway to work.", CHAT, "chat")
    (d,) = made_up.details
    assert d.verdict == Verdict.OVERREACH
    assert "does not mention Harriet" in d.note
    assert _verify("#Person1# asks Betsy to take the subway to work.", CHAT, "chat").details[0].verdict \
        == Verdict.SUPPORTED
    # prose is not asked for such names: there a capitalised word is as often a title
    prose = toulmin.verify("Person1 invites Harriet to go workout.",
                           [{"id": "p", "text": "Person1 invited Betsy to go workout."}])
    assert not any(f.kind == "entity" and f.claim == "Harriet" for f in prose.details[0].findings)



TICKET = ("#Person1#: How can I help you?\n#Person2#: I seem to have lost my train ticket.\n"
          "#Person1#: What's your last name, please?\n#Person2#: S M I T H.\n"
          "#Person1#: You'll simply have to purchase another ticket.")


def test_a_name_spelled_out_in_a_call_names_the_caller() -> None:
    r = _verify("Mr. Smith lost his train ticket.", TICKET, "call")
    (d,) = r.details
    assert ("name", "ok") in [(f.kind, f.status) for f in d.findings]
    assert d.verdict == Verdict.SUPPORTED
    # a name the call never spells stays unbacked
    (other,) = _verify("Mr. Jones lost his train ticket.", TICKET, "call").details
    assert other.verdict == Verdict.UNLINKED and "no source mentions Jones" in other.note

BABYSITTER = (
    "#Person1#: Karen, my mother-in-law just went into the hospital in L.A. Hank and I will be "
    "flying there tonight.\n"
    "#Person2#: Oh, I'm so sorry. How is she?\n"
    "#Person1#: The doctors say she'll be fine. But Suzy has a cold, and I can't take her with us.\n"
    "#Person2#: Do you want me to look after her?\n"
    "#Person1#: Your own kids would get Suzy's cold. I need a mature babysitter. It might even be "
    "for two or three days.")


def test_a_figure_said_in_another_turn_than_the_one_read_is_not_missing() -> None:
    # the claim's best passage is the first turn; its figure is in the last
    claim = ("Person1 asks Karen to find a babysitter for two or three days because Person1 will fly "
             "to L.A. to see Person1's mother-in-law in the hospital.")
    (d,) = _verify(claim, BABYSITTER, "chat").details
    assert d.verdict == Verdict.SUPPORTED, d.note
    # a figure the conversation never says is still not backed
    (bad,) = _verify(claim.replace("two or three", "five"), BABYSITTER, "chat").details
    assert bad.verdict in (Verdict.CONTRADICTED, Verdict.OVERREACH) and "five days" in bad.note


VACATION = """#Person1#: I'm going on my annual vacation next week.
#Person2#: I really envy you. You know I'm not taking my vacation until December.
#Person1#: That's a long wait."""


def test_what_a_speaker_denies_backs_a_claim_that_denies_it_too() -> None:
    # the checker alone reads the two negations as a contradiction (P(entailment) 0.04)
    (d,) = _verify("Person2 cannot take the vacation until December.", VACATION, "chat").details
    assert d.verdict == Verdict.SUPPORTED, d.note
    (read,) = [f for f in d.findings if f.kind == "negation"]
    assert read.status == "ok" and read.source == "You know I'm not taking my vacation until December."
    # Person2's denial backs no claim that Person1 makes it
    (other,) = _verify("Person1 cannot take the vacation until December.", VACATION, "chat").details
    assert other.verdict != Verdict.SUPPORTED and not other.findings
    # nor, as prose, the same words without speakers (only conversations are read this way)
    prose = "I really envy you. You know I'm not taking my vacation until December."
    (plain,) = toulmin.verify("The writer cannot take the vacation until December.", [prose]).details
    assert not any(f.kind == "negation" and f.status == "ok" for f in plain.findings)


SPORTS = """#Person1#: What sports do women excel at? Are they better than men at any?
#Person2#: Women and men are different all around. I don't think they can be compared.
#Person1#: Fair enough."""


def test_a_speakers_denied_opinion_backs_a_claim_that_negates_its_clause() -> None:
    # "I don't think they can be compared": the checker reads "could not be compared"
    # against it as a contradiction; the denial is read on the clause it governs
    (d,) = _verify("Person2 thinks men and women could not be compared.", SPORTS, "chat").details
    assert d.verdict == Verdict.SUPPORTED, d.note
    (read,) = [f for f in d.findings if f.kind == "negation"]
    assert read.status == "ok" and read.source == "I don't think they can be compared."
    (other,) = _verify("Person1 thinks men and women could not be compared.", SPORTS, "chat").details
    assert other.verdict != Verdict.SUPPORTED


LATE = """#Person1#: Where have you been, Nora? You're almost two hours late. The guests are gone.
#Person2#: Oh, Tom, I know, and I feel terrible about it.
#Person1#: I called you five times. Why didn't you pick up?
#Person2#: My phone died. The train stopped in a tunnel for an hour, and there were no taxis, so I walked.
#Person1#: You could have asked someone to call me.
#Person2#: You're right. I should have. I'm really sorry, Tom. It won't happen again.
#Person1#: Well, all right. Sit down and have something to eat."""


def test_a_summary_of_what_a_speaker_does_is_read_on_the_turns_without_their_labels() -> None:
    # with the labels the checker leaves it below the line (P(entailment) 0.33)
    (d,) = _verify("Nora explains the reason for her lateness and apologizes.", LATE, "chat").details
    assert d.verdict == Verdict.SUPPORTED, d.note
    (read,) = [f for f in d.findings if f.kind == "speaker"]
    assert read.status == "ok" and "without their speaker labels" in read.note
    # a negative claim is not read so: without labels the checker backs it from the turns
    (neg,) = _verify("Nora does not explain the reason for her lateness.", LATE, "chat").details
    assert neg.verdict != Verdict.SUPPORTED and not any(f.kind == "speaker" for f in neg.findings)
    # nor is prose, which has no labels to leave out
    prose = LATE.replace("#Person1#: ", "").replace("#Person2#: ", "")
    (plain,) = toulmin.verify("Nora explains the reason for her lateness and apologizes.", [prose]).details
    assert not any(f.kind == "speaker" for f in plain.findings)


BIKE = """#Person1#: Mom, I've got something to tell you.
#Person2#: So, please!
#Person1#: Aunt Jane buys a new bike for Tom. He is putting on grand airs.
#Person2#: I bought you a new one last year. Isn't it handsome?
#Person1#: It is great. But Tom's bike is so much better than mine."""


def test_a_claim_left_with_a_pronoun_is_linked_on_its_sentence() -> None:
    # "she" is not resolved after a speaker's tag; alone, "She refuses." shares no word
    # with the chat and was UNLINKED
    r = _verify("#Person1# wants a new bike from #Person2#, but she refuses.", BIKE, "chat")
    (she,) = [d for d in r.details if d.claim == "She refuses."]
    assert she.verdict != Verdict.UNLINKED and any("bike" in e.quote for e in she.evidence)
