"""The reading layer: transcripts read clean, every offset mapped back to the original."""

from __future__ import annotations

import pytest

from toulmin.reading import conversation, locate, read_answer, read_source, read_sources
from toulmin.report import ClaimResult, Evidence, Verdict
from toulmin.sources import Source
from toulmin.text import split_sentences

MEETING = """Project Manager: Um, okay, so the the remote should be, uh, simple.
Industrial Designer: Custome Customers want twelve Euros and fifty centimes, not more.
Project Manager: I- I agree. We have twenty-five days, and the budget is 20, 000 Euros.
Marketing: Hmm, the market research says three thousand people tried it."""

DIALOGUE = """#Person1#: Hey, Betsy, did you hear the great news?
#Person2#: No, Frank, I haven't. What is going on?
#Person1#: I just got a promotion and I'm going to throw a party.
#Person2#: Wow, thanks so much."""


def _reading(text: str, **meta: object):
    r = read_source(Source(id="t", text=text, metadata=dict(meta)))
    assert r is not None
    return r


def test_a_meeting_is_read_clean_with_labels_numbers_and_no_fillers() -> None:
    r = _reading(MEETING)
    assert r.speakers == ("Project Manager", "Industrial Designer", "Marketing")
    assert "Project Manager: okay, so the remote should be, simple." in r.text
    assert "Industrial Designer: Customers want 12 Euros and 50 centimes, not more." in r.text
    assert "Project Manager: I agree. We have 25 days, and the budget is 20,000 Euros." in r.text
    assert "Marketing: the market research says 3000 people tried it." in r.text
    for word in ("Um", "uh", "Hmm", "Custome ", "the the", "I- I"):
        assert word not in r.text


def test_every_span_of_the_reading_maps_back_into_the_original() -> None:
    r = _reading(MEETING)
    for s in split_sentences(r.text):
        quote, a, b = r.quote(s.start, s.end)
        assert quote == MEETING[a:b]
        # the original holds the same words, with what the reading dropped
        assert quote.split()[-1].rstrip(".,") in s.text or any(ch.isdigit() for ch in s.text)
    at = r.text.index("12 Euros")
    quote, a, b = r.quote(at, at + len("12 Euros and 50 centimes"))
    assert quote == "twelve Euros and fifty centimes"
    first = split_sentences(r.text)[0]
    said = "Project Manager: Um, okay, so the the remote should be, uh, simple."
    assert r.quote(first.start, first.end)[0] == said


def test_a_tokenisers_spacing_around_an_apostrophe_is_read_closed() -> None:
    chat = "#Person1#: I don ' t believe you.\n#Person2#: Don ' t worry, I ' m here, it ' s Tom ' s."
    r = _reading(chat)
    assert "Person1: I don't believe you." in r.text
    assert "Person2: Don't worry, I'm here, it's Tom's." in r.text
    at = r.text.index("don't")
    assert r.quote(at, at + len("don't believe"))[0] == "don ' t believe"


def test_a_name_spelled_letter_by_letter_is_read_as_the_word() -> None:
    call = ("#Person1#: What's your last name, please?\n#Person2#: S M I T H.\n"
            "#Person1#: Is that J-O-N-E-S or S. M. I. T. H.? A B and I went.\n#Person2#: The U.S. is big.")
    r = _reading(call)
    assert "Person2: Smith." in r.text and "Is that Jones or Smith.?" in r.text
    # two letters are no spelling, nor "U.S."; a span of the word maps back to the letters
    assert "A B and I went." in r.text and "The U.S. is big." in r.text
    at = r.text.index("Smith")
    assert r.quote(at, at + 5)[0] == "S M I T H"


def test_speakers_are_named_by_what_the_others_call_them() -> None:
    r = _reading(DIALOGUE)
    assert r.names == {"Person1": "Frank", "Person2": "Betsy"}
    assert r.text.startswith("Person1 (Frank): Hey, Betsy,")
    assert "Person2 (Betsy): No, Frank, I haven't." in r.text
    assert [who for _, _, who in r.turns] == ["Person1", "Person2", "Person1", "Person2"]
    a, b, _ = r.turns[2]
    assert r.text[a:b].strip() == "I just got a promotion and I'm going to throw a party."


@pytest.mark.parametrize("text", [
    "The trial enrolled 340 participants.\nUm, it was led by Dr. Smith.",
    "Note: the dose is twelve mg.\nWarning: do not exceed it.\nSee also: the label.",
    "Q1 revenue: up 4%.\nQ2 revenue: up 6%.\nQ3 revenue: flat.",
])
def test_prose_is_passed_through_as_it_is(text: str) -> None:
    src = Source(id="p", text=text)
    assert read_source(src) is None
    out, readings = read_sources([src])
    assert out[0] is src and readings == {}


def test_metadata_kind_declares_or_refuses_a_transcript() -> None:
    said = "We uh have twenty-five days left."
    r = _reading(said, kind="transcript")
    assert r.text == "We have 25 days left."
    assert read_source(Source(id="x", text=DIALOGUE, metadata={"kind": "prose"})) is None
    assert read_source(Source(id="x", text=DIALOGUE)) is not None


def test_a_two_turn_dialogue_of_speaker_tags_is_a_transcript() -> None:
    two = "#Person1#: Can you tell me the way?\n#Person2#: Drive two blocks and turn left."
    r = _reading(two)
    assert r.text.endswith("Person2: Drive 2 blocks and turn left.")


ONE_LINE_CHAT = ("[Human]: Can you recommend a movie like Titanic? [Assistant]: I recommend The Terminator. "
                 "[Human]: Download that one for me please. ")


def test_a_declared_chat_on_one_line_is_read_turn_by_turn() -> None:
    r = _reading(ONE_LINE_CHAT, kind="chat")
    assert r.speakers == ("Human", "Assistant")
    assert [r.text[a:b].strip() for a, b, _ in r.turns] == [
        "Can you recommend a movie like Titanic?", "I recommend The Terminator.",
        "Download that one for me please."]
    quote, a, b = r.quote(r.text.index("The Terminator"), r.text.index("The Terminator") + 14)
    assert quote == "The Terminator" and ONE_LINE_CHAT[a:b] == quote
    # undeclared, one line of inline labels is read as it is
    assert read_source(Source(id="x", text=ONE_LINE_CHAT)) is None


def test_the_conversation_is_the_declared_chat_or_the_only_transcript() -> None:
    chat = Source(id="chat", text=ONE_LINE_CHAT, metadata={"kind": "chat"})
    other = Source(id="other", text=DIALOGUE)
    srcs, readings = read_sources([other, Source(id="k", text="Prose."), chat])
    assert conversation(srcs, readings)[1].strip() == "I recommend The Terminator."
    srcs, readings = read_sources([other, Source(id="k", text="Prose.")])
    assert conversation(srcs, readings)[0].startswith("Hey, Betsy")
    # two transcripts and none declared: neither is known to be the one the answer continues
    srcs, readings = read_sources([other, Source(id="o2", text=DIALOGUE)])
    assert conversation(srcs, readings) == []


def test_the_answer_reads_speaker_tags_as_names_with_a_map_back() -> None:
    text = "#Person1# is not satisfied with #Person1#'s steak."
    read, to = read_answer(text)
    assert read == "Person1 is not satisfied with Person1's steak."
    assert to is not None and len(to) == len(read) + 1
    start = read.index("Person1's")
    assert (to[start], to[start + len("Person1") - 1] + 1) == (text.index("#Person1#'s"),
                                                               text.index("#Person1#'s") + 9)
    assert read_answer("No tags here.") == ("No tags here.", None)


def test_locate_puts_quotes_offsets_and_note_back_into_the_original() -> None:
    r = _reading(MEETING)
    a = r.text.index("Customers want")
    b = r.text.index("not more.") + len("not more.")
    quote = r.text[a:b]
    result = ClaimResult(id="c1", claim="x.", focus="x", start=0, end=1, type="attribute",
                         verdict=Verdict.SUPPORTED, score=1.0, note=f"t says: “{quote}”",
                         evidence=[Evidence(source_id="t", quote=quote, start=a, end=b)])
    got = locate(result, {"t": r})
    e = got.evidence[0]
    # the reading's span starts at the word said in full, and so does the quote
    assert e.quote == "Customers want twelve Euros and fifty centimes, not more."
    assert MEETING[e.start : e.end] == e.quote
    assert got.note == f"t says: “{e.quote}”"
    assert locate(result, {}) is result
